/// Why a document is not JSON, and where.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong ("expected ':'", "duplicate member \"host\"", "invalid UTF-8 in a string", …).
    public let message: String
    /// The offset of the byte where it went wrong, counted from 0 at the first byte of the input.
    public let offset: Int

    /// An error at `offset`.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// `offset N: message`.
    public var description: String { "offset \(offset): \(message)" }
}
