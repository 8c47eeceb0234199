import VouchDER
import VouchJSON
import VouchTrust

/// Trust exceptions as a file (`vouch verify --exceptions FILE`, and the `exceptions` key of
/// `vouch verify --json`; SECTRUST.md §15.4.1): what `SecTrustCopyExceptions` returns, as JSON. One
/// object per chain index, `{"sha1": "<hex>", "<Check>": false, …}`, `{}` for a clean index, and
/// `"ExceptionResetCount"` where Apple writes one.
public enum TrustExceptionsFile {
    /// Reads the JSON document `bytes`.
    ///
    /// - Throws: ``TrustExceptionsFileError`` naming the offset of what is wrong.
    public static func read(_ bytes: [UInt8]) throws(TrustExceptionsFileError) -> TrustExceptions {
        let node: JSONNode
        do { node = try JSONReader.parse(bytes) } catch { throw TrustExceptionsFileError("\(error)") }
        guard case .array(let elements) = node.value else {
            throw TrustExceptionsFileError("offset \(node.offset): expected an array of objects")
        }
        var entries: [TrustExceptions.Entry] = []
        for element in elements {
            guard case .object(let members) = element.value else { throw TrustExceptionsFileError("offset \(element.offset): expected an object") }
            var entry = TrustExceptions.Entry()
            for member in members {
                switch (member.name, member.node.value) {
                case ("sha1", .string(let text)):
                    guard let bytes = Hex.decode(text), bytes.count == 20 else {
                        throw TrustExceptionsFileError("offset \(member.node.offset): sha1 is not 40 hex digits")
                    }
                    entry.sha1 = bytes
                case ("ExceptionResetCount", .number(let text)):
                    guard let count = Int64(text) else { throw TrustExceptionsFileError("offset \(member.node.offset): not an integer") }
                    entry.resetCount = count
                case (let name, .bool(false)):
                    entry.checks.insert(name)
                default:
                    throw TrustExceptionsFileError(
                        "offset \(member.node.offset): \(member.name): expected false (a failed check), or sha1 as hex")
                }
            }
            entries.append(entry)
        }
        return TrustExceptions(entries: entries)
    }

    /// The document for `exceptions`, as ``read(_:)`` reads it back: each entry's `sha1` in
    /// lower-case hex, its failed checks in name order, then its reset count if any.
    public static func json(_ exceptions: TrustExceptions) -> JSONValue {
        .array(exceptions.entries.map { entry in
            var members: [(String, JSONValue)] = []
            if let sha1 = entry.sha1 { members.append(("sha1", .string(Hex.encode(sha1)))) }
            for check in entry.checks.sorted() { members.append((check, .bool(false))) }
            if let count = entry.resetCount { members.append(("ExceptionResetCount", .int(count))) }
            return .object(members)
        })
    }
}

/// Why an exceptions file was refused: the offset and what is wrong there.
public struct TrustExceptionsFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, and where.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
