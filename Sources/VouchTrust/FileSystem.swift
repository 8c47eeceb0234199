#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The little file access the trust store (and the pinning module's certificate folders) need,
/// without Foundation.
package enum FileSystem {
    /// The largest file read: far above any CA bundle (Debian's is about 200 KiB).
    static let maximumFileSize = 64 << 20

    /// The contents of the regular file at `path`, or `nil` if it cannot be read.
    package static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > maximumFileSize { return nil }
        }
    }

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
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
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
