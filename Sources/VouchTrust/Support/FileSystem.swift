#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The little file access the trust store, the Public Suffix List override, the pinning module's
/// certificate folders and the command line need, without Foundation.
///
/// It calls only the C library's own functions, never the Swift overlay's wrappers (`open`,
/// `errno`, `S_IFMT`): the overlay's object file refers to every function of libm, so using one
/// wrapper puts about 85 KB of unused mathematics into a static `vouch` (issue 14).
package enum FileSystem {
    /// The largest file read: far above any CA bundle (Debian's is about 200 KiB).
    static let maximumFileSize = 64 << 20

    /// The size of one `read(2)`.
    private static let chunkSize = 1 << 16

    /// The file type bits of `st_mode` and the directory type (POSIX; the same values on every
    /// Linux architecture). Spelled here because the C headers define them as macros that only the
    /// Swift overlay re-exports.
    static let fileTypeMask: UInt32 = 0o170000
    static let directoryType: UInt32 = 0o040000
    static let regularType: UInt32 = 0o100000

    /// The contents of the regular file at `path`, or `nil` if it cannot be read or is larger
    /// than ``maximumFileSize``.
    package static func read(_ path: String) -> [UInt8]? {
        try? contents(of: path, limit: maximumFileSize).get()
    }

    /// The whole contents of the file at `path` (standard input when `path` is `nil`), at most
    /// `limit` octets; otherwise why not, with the C library's `errno`.
    package static func contents(of path: String?, limit: Int) -> Result<[UInt8], FileReadError> {
        var file: UnsafeMutablePointer<FILE>? = nil
        if let path {
            guard let opened = fopen(path, "rbe") else { return .failure(.cannotOpen(errorNumber: errorNumber)) }
            file = opened
        }
        defer { if let file { fclose(file) } }
        let descriptor = file.map { fileno($0) } ?? STDIN_FILENO
        var bytes: [UInt8] = []
        // Not zeroed: `read` writes what is used (zeroing 64 KiB per file was a seventh of
        // loading a system store of three hundred files).
        var chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { _, initialized in initialized = chunkSize }
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                readFile(descriptor, buffer.baseAddress, buffer.count)
            }
            if count < 0 {
                if errorNumber == EINTR { continue }
                return .failure(.cannotRead(errorNumber: errorNumber))
            }
            if count == 0 { return .success(bytes) }
            guard count <= limit - bytes.count else { return .failure(.tooLarge(limit: limit)) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// The C library's `errno` of this thread.
    static var errorNumber: Int32 { __errno_location().pointee }

    /// `strerror(number)`: the C library's message for an `errno` value.
    static func message(for number: Int32) -> String { String(cString: strerror(number)) }

    /// Which file a path names: its device and inode, after following symbolic links.
    struct FileIdentity: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// The identity of the file at `path`, or `nil` if it cannot be examined.
    static func identity(of path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Whether `path` exists.
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Whether `path` is a directory (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & fileTypeMask == directoryType
    }

    /// The names in the directory at `path` (without `.` and `..`), sorted; `nil` if unreadable.
    package static func directoryEntries(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The value of environment variable `name`, if set and not empty.
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}

/// `read(2)`, named apart from ``FileSystem/read(_:)``.
private func readFile(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Musl.read(descriptor, buffer, count)
    #endif
}

/// Why ``FileSystem/contents(of:limit:)`` could not read a file.
package enum FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `fopen` failed with this `errno`.
    case cannotOpen(errorNumber: Int32)
    /// `read` failed with this `errno`.
    case cannotRead(errorNumber: Int32)
    /// The file has more than `limit` octets.
    case tooLarge(limit: Int)

    /// One line for a message, e.g. `cannot open: No such file or directory`.
    package var description: String {
        switch self {
        case .cannotOpen(let number): "cannot open: \(FileSystem.message(for: number))"
        case .cannotRead(let number): "cannot read: \(FileSystem.message(for: number))"
        case .tooLarge(let limit): "larger than \(limit >> 20) MiB"
        }
    }
}
