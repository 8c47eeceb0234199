#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization
import VouchDER

/// The file operations of ``FetchCache``, on the C library alone (as ``FileSystem``: no Swift
/// overlay wrapper such as `open` or `errno`, which would link libm into a static `vouch`).
///
/// Every operation reports failure as a value and never throws: a cache that cannot be read or
/// written is an empty cache (SECTRUST.md §16.6).
enum FetchCacheDirectory {
    /// What reading one entry file found.
    enum ReadOutcome: Equatable {
        /// Nothing at that name.
        case missing
        /// A regular file's octets (at most ``FetchCacheLimits/maximumFileBytes``).
        case contents([UInt8])
        /// Something that is not a readable entry (a directory, a symbolic link, a FIFO, a file too
        /// large or changed under the reader): the caller removes it.
        case unusable
    }

    /// The prefix of temporary files; entry names are 64 hex digits, so never collide with it.
    static let temporaryPrefix = ".tmp-"

    /// Distinguishes the temporary files of one process's writers.
    private static let temporaryCounter = Atomic<UInt64>(0)

    /// Creates `path` and its missing parents with mode 0700 (the XDG base directory rule);
    /// whether it now is a directory.
    static func makeDirectories(_ path: String) -> Bool {
        if FileSystem.isDirectory(path) { return true }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += component
            if !FileSystem.isDirectory(prefix), mkdir(prefix, 0o700) != 0, FileSystem.errorNumber != EEXIST { return false }
            prefix += "/"
        }
        return FileSystem.isDirectory(path)
    }

    /// The octets of the entry file at `path`. The file is examined with `lstat` before it is
    /// opened, so a FIFO never blocks the reader and a symbolic link is never followed, and with
    /// `fstat` after, so a file swapped in between is refused.
    static func read(_ path: String) -> ReadOutcome {
        var before = stat()
        guard lstat(path, &before) == 0 else { return FileSystem.errorNumber == ENOENT ? .missing : .unusable }
        guard before.st_mode & FileSystem.fileTypeMask == FileSystem.regularType, before.st_size <= FetchCacheLimits.maximumFileBytes else {
            return .unusable
        }
        guard let file = fopen(path, "rbe") else { return FileSystem.errorNumber == ENOENT ? .missing : .unusable }
        defer { fclose(file) }
        var after = stat()
        guard fstat(fileno(file), &after) == 0, after.st_dev == before.st_dev, after.st_ino == before.st_ino,
            after.st_mode & FileSystem.fileTypeMask == FileSystem.regularType, after.st_size <= FetchCacheLimits.maximumFileBytes
        else { return .unusable }
        // One octet more than the size promises, to see a file that grew (it never should: entries
        // are written once, under another name, and renamed).
        let capacity = Int(after.st_size) + 1
        var bytes = [UInt8](repeating: 0, count: capacity)
        let count = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, capacity, file) }
        guard ferror(file) == 0, count == capacity - 1 else { return .unusable }
        bytes.removeLast()
        return .contents(bytes)
    }

    /// Writes `bytes` to `path` so that no reader ever sees a part of them: a new file in the same
    /// directory (`.tmp-<pid>-<counter>-<random>`, created exclusively, mode 0600), flushed to the
    /// disk with `fsync`, then renamed over `path` (atomic on POSIX; concurrent writers: the last
    /// rename wins). Whether it worked.
    static func writeAtomically(_ bytes: [UInt8], to path: String, directory: String) -> Bool {
        let counter = temporaryCounter.wrappingAdd(1, ordering: .relaxed).oldValue
        let random = UInt64.random(in: .min ... .max)
        let temporary = "\(directory)/\(temporaryPrefix)\(getpid())-\(counter)-\(Hex.encode(withUnsafeBytes(of: random) { Array($0) }))"
        guard let file = fopen(temporary, "wbxe") else { return false }
        let descriptor = fileno(file)
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let complete = fchmod(descriptor, 0o600) == 0 && written == bytes.count && fflush(file) == 0 && fsync(descriptor) == 0
        guard fclose(file) == 0, complete, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Whether anything is at `path` (a symbolic link is not followed).
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Removes the entry at `path`: a file or a symbolic link (never what it points to), or an
    /// empty directory standing where a file should.
    static func remove(_ path: String) {
        if unlink(path) != 0, FileSystem.errorNumber == EISDIR || FileSystem.errorNumber == EPERM { rmdir(path) }
    }

    /// The entry names in `directory` (64 lower-case hex digits), unsorted; empty if unreadable.
    /// Temporary files older than ``FetchCacheLimits/staleTemporaryFileAge`` are removed on the way.
    static func entryNames(in directory: String, removingStaleTemporariesAt now: Int64? = nil) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if isEntryName(name) {
                names.append(name)
            } else if let now, name.hasPrefix(temporaryPrefix) {
                var status = stat()
                let path = directory + "/" + name
                if lstat(path, &status) == 0, now - Int64(status.st_mtim.tv_sec) > FetchCacheLimits.staleTemporaryFileAge {
                    unlink(path)
                }
            }
        }
        return names
    }

    /// Whether `name` is an entry's: a SHA-256 in 64 lower-case hex digits, or an OCSP response
    /// file's name (``OCSPResponseFileName``).
    static func isEntryName(_ name: String) -> Bool {
        isDigestName(name[...]) || OCSPResponseFileName(name) != nil
    }

    /// Whether `name` is 64 lower-case hex digits.
    static func isDigestName(_ name: Substring) -> Bool {
        let utf8 = name.utf8
        return utf8.count == 64
            && utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }
}

/// An exclusive `flock` on a kind's directory, held by the writers that read before they write
/// (an OCSP key index, a sweep). Each holder opens the directory itself, so threads of one process
/// exclude each other as processes do; the kernel drops the lock of a process that dies.
enum FetchCacheLock {
    /// Runs `body` holding the lock on `directory` and returns its result; `nil` without running
    /// it when the directory cannot be opened or another holder keeps the lock through
    /// ``FetchCacheLimits/lockAttempts`` tries (one try when `wait` is false).
    static func withLock<Result>(on directory: String, wait: Bool, _ body: () -> Result) -> Result? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        let descriptor = dirfd(handle)
        let attempts = wait ? FetchCacheLimits.lockAttempts : 1
        for attempt in 1...attempts {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                defer { flock(descriptor, LOCK_UN) }
                return body()
            }
            if attempt < attempts { usleep(FetchCacheLimits.lockRetryMicroseconds) }
        }
        return nil
    }
}
