import VouchDER
import VouchTrust

extension SecurityPolicy {
    /// The file name endings ``certificates(inDirectory:)`` reads.
    public static let certificateFileExtensions = [".cer", ".der", ".crt", ".pem"]

    /// `certificatesInBundle:` on Linux (AFSECURITYPOLICY.md §1): the certificates of every
    /// `*.cer`, `*.der`, `*.crt` and `*.pem` file of `directory`, files sorted by name.
    ///
    /// Like Apple's, the bytes are not parsed: a DER file gives its bytes as they are. A file with
    /// PEM text gives the DER of each of its certificate blocks. Unreadable files, files with
    /// malformed PEM and subdirectories are skipped; an unreadable directory gives nothing.
    public static func certificates(inDirectory directory: String) -> Set<[UInt8]> {
        var blobs: Set<[UInt8]> = []
        for name in FileSystem.directoryEntries(directory) ?? []
        where certificateFileExtensions.contains(where: { name.lowercased().hasSuffix($0) }) {
            guard let bytes = FileSystem.read(directory + "/" + name) else { continue }
            if bytes.first != 0x30 && DERDocument.hasPEMBeginLine(bytes[...]) {
                for der in (try? PEM.certificates(in: bytes[...])) ?? [] { blobs.insert(der) }
            } else {
                blobs.insert(bytes)
            }
        }
        return blobs
    }
}
