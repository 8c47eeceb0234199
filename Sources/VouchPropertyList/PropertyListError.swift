/// Why a document is not a property list Vouch reads, and where.
public struct PropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong ("expected </dict>, found </array>", "duplicate key \"modDate\"", "unknown
    /// entity &nbsp;", …).
    public let message: String
    /// The offset of the byte where it went wrong, counted from 0 at the first byte of the input
    /// (a byte order mark included).
    public let offset: Int

    /// An error at `offset`.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// `offset N: message`.
    public var description: String { "offset \(offset): \(message)" }
}
