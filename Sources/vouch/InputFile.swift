import VouchDER
import VouchTrust

/// A file named on the command line: its name for messages and its bytes (`-` is standard input).
struct InputFile {
    let name: String
    let bytes: [UInt8]

    /// The largest input read: far above any certificate bundle, and a bound on memory for a
    /// mistaken argument such as a disk image.
    static let maximumSize = 256 << 20

    /// Reads `path`, or standard input for `-`.
    static func read(_ path: String) throws(InputError) -> InputFile {
        switch FileSystem.contents(of: path == "-" ? nil : path, limit: maximumSize) {
        case .success(let bytes): return InputFile(name: path == "-" ? "<stdin>" : path, bytes: bytes)
        case .failure(let failure): throw InputError(file: path, message: failure.description)
        }
    }

    /// The DER documents in the file (see ``DERDocument/documents(in:)``).
    func documents() throws(InputError) -> [DERDocument] {
        do {
            return try DERDocument.documents(in: bytes[...])
        } catch {
            throw InputError(file: name, message: "PEM \(error)")
        }
    }

    /// Whether the bytes look like text rather than DER (for a hint when DER decoding fails).
    var looksLikeText: Bool {
        bytes.prefix(256).allSatisfy { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20...0x7E).contains($0) }
    }
}

extension DERDocument {
    /// Where the document is, for messages: `file` or `file: PEM block 2 (CERTIFICATE)`.
    func location(in file: String) -> String {
        guard let label else { return file }
        return "\(file): PEM block \(index + 1) (\(label))"
    }
}

/// A problem with an input file: the one line the command prints before exiting with 2.
struct InputError: Error {
    let file: String
    let message: String
    var line: String { "\(file): \(message)" }
}
