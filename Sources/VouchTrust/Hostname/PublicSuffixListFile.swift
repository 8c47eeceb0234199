#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the Public Suffix List file with the C library (VouchTrust does not use Foundation).
enum PublicSuffixListFile {
    /// The size of one read.
    private static let chunkSize = 1 << 16

    /// The contents of `path`; `nil` when it cannot be opened or read, or is larger than
    /// `maximumSize` octets.
    static func read(_ path: String, maximumSize: Int) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in fread(buffer.baseAddress, 1, buffer.count, file) }
            guard count > 0 else { break }
            guard count <= maximumSize - contents.count else { return nil }
            contents.append(contentsOf: chunk.prefix(count))
        }
        guard ferror(file) == 0 else { return nil }
        return contents
    }
}
