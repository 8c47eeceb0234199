#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A point in time on the monotonic clock by which an exchange must end.
struct Deadline: Sendable {
    /// Nanoseconds on `CLOCK_MONOTONIC`.
    let nanoseconds: Int64

    /// `duration` from now; negative durations are now, and durations beyond a year are a year
    /// (so that the arithmetic cannot overflow).
    init(after duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let clamped = min(max(seconds, 0), 365 * 24 * 3600)
        let nanos = seconds < 0 ? 0 : clamped * 1_000_000_000 + (clamped == seconds ? attoseconds / 1_000_000_000 : 0)
        nanoseconds = Self.now() + nanos
    }

    init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// The earlier of this deadline and `duration` from now.
    func capped(at duration: Duration) -> Deadline {
        Deadline(nanoseconds: min(nanoseconds, Deadline(after: duration).nanoseconds))
    }

    /// The milliseconds left, rounded up, for `poll`; `nil` once the deadline has passed.
    var remainingMilliseconds: Int32? {
        let left = nanoseconds - Self.now()
        guard left > 0 else { return nil }
        return Int32(min((left + 999_999) / 1_000_000, Int64(Int32.max)))
    }
}

/// A non-blocking socket, closed by ``close()``. Every wait goes through `poll` with the deadline's
/// remaining time, so that no call blocks past it. (Pointers are used here only to hand addresses
/// and buffers to Glibc.)
struct Socket {
    let descriptor: Int32

    enum Failure: Error {
        case timedOut
        case failed(operation: String, errno: Int32)
    }

    /// Opens a `SOCK_STREAM` (TCP) or `SOCK_DGRAM` (UDP) socket and connects it to exactly `address`:`port`.
    static func connect(to address: IPAddress, port: UInt16, stream: Bool, deadline: Deadline) -> Result<Socket, Failure> {
        let family = address.isIPv4 ? AF_INET : AF_INET6
        #if canImport(Glibc)
        let type = Int32(stream ? SOCK_STREAM.rawValue : SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
        let type = (stream ? SOCK_STREAM : SOCK_DGRAM) | SOCK_NONBLOCK | SOCK_CLOEXEC
        #endif
        let descriptor = Glibc.socket(family, type, 0)
        guard descriptor >= 0 else { return .failure(.failed(operation: "socket", errno: cErrorNumber)) }
        let socket = Socket(descriptor: descriptor)
        let result = withSocketAddress(address, port) { pointer, length in Glibc.connect(descriptor, pointer, length) }
        if result == 0 { return .success(socket) }
        let code = cErrorNumber
        guard code == EINPROGRESS || code == EINTR else {
            socket.close()
            return .failure(.failed(operation: "connect", errno: code))
        }
        switch socket.wait(for: Int16(POLLOUT), until: deadline) {
        case .failure(let failure):
            socket.close()
            return .failure(failure)
        case .success:
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else {
                let code = cErrorNumber
                socket.close()
                return .failure(.failed(operation: "connect", errno: code))
            }
            guard error == 0 else {
                socket.close()
                return .failure(.failed(operation: "connect", errno: error))
            }
            return .success(socket)
        }
    }

    /// Waits until `events` (POLLIN, POLLOUT) are ready, an error or hang-up shows, or the deadline passes.
    func wait(for events: Int16, until deadline: Deadline) -> Result<Void, Failure> {
        while true {
            guard let milliseconds = deadline.remainingMilliseconds else { return .failure(.timedOut) }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return .success(()) }
            if ready < 0 {
                let code = cErrorNumber
                if code == EINTR || code == EAGAIN { continue }
                return .failure(.failed(operation: "poll", errno: code))
            }
        }
    }

    /// Sends every byte of `bytes` before the deadline.
    func sendAll(_ bytes: [UInt8], until deadline: Deadline) -> Result<Void, Failure> {
        var sent = 0
        while sent < bytes.count {
            if case .failure(let failure) = wait(for: Int16(POLLOUT), until: deadline) { return .failure(failure) }
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let start = buffer.baseAddress else { return 0 }
                return Glibc.send(descriptor, start + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count < 0 {
                let code = cErrorNumber
                if code == EINTR || code == EAGAIN || code == EWOULDBLOCK { continue }
                return .failure(.failed(operation: "send", errno: code))
            }
            sent += count
        }
        return .success(())
    }

    /// Receives what is there (up to `capacity` bytes) once readable; an empty array at the end of the stream.
    func receive(capacity: Int, until deadline: Deadline) -> Result<[UInt8], Failure> {
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            if case .failure(let failure) = wait(for: Int16(POLLIN), until: deadline) { return .failure(failure) }
            let count = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let start = raw.baseAddress else { return 0 }
                return Glibc.recv(descriptor, start, raw.count, 0)
            }
            if count < 0 {
                let code = cErrorNumber
                if code == EINTR || code == EAGAIN || code == EWOULDBLOCK { continue }
                return .failure(.failed(operation: "recv", errno: code))
            }
            buffer.removeLast(buffer.count - count)
            return .success(buffer)
        }
    }

    func close() { _ = Glibc.close(descriptor) }
}

/// Calls `body` with a `sockaddr_in` or `sockaddr_in6` for `address`:`port`.
func withSocketAddress<T>(_ address: IPAddress, _ port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
    if address.isIPv4 {
        var storage = sockaddr_in()
        storage.sin_family = sa_family_t(AF_INET)
        storage.sin_port = port.bigEndian
        withUnsafeMutableBytes(of: &storage.sin_addr) { raw in
            for (index, byte) in address.bytes.prefix(raw.count).enumerated() { raw[index] = byte }
        }
        return withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
    var storage = sockaddr_in6()
    storage.sin6_family = sa_family_t(AF_INET6)
    storage.sin6_port = port.bigEndian
    withUnsafeMutableBytes(of: &storage.sin6_addr) { raw in
        for (index, byte) in address.bytes.prefix(raw.count).enumerated() { raw[index] = byte }
    }
    return withUnsafePointer(to: &storage) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
    }
}

/// The C library's `errno` of this thread, read without the Swift Glibc overlay's `errno`, whose
/// object file would link libm into a static binary.
var cErrorNumber: Int32 { __errno_location().pointee }
