/// A JSON value as ``JSONReader`` read it, with the byte offset where it starts, so that whoever
/// interprets the document can say where a wrong value is.
public struct JSONNode: Sendable {
    /// The value.
    public let value: Value
    /// The offset of the value's first byte in the input.
    public let offset: Int

    /// A JSON value whose parts are nodes.
    ///
    /// Not `indirect`: arrays already hold their elements out of line, and a box per string or
    /// number would cost an allocation per value.
    public enum Value: Sendable {
        /// An object: its members in document order; the reader refuses duplicate names.
        case object([(name: String, node: JSONNode)])
        /// An array: its elements in order.
        case array([JSONNode])
        /// A string, its escapes decoded.
        case string(String)
        /// A number: the lexeme as written (RFC 8259 §6 syntax, checked), for the caller to convert.
        case number(String)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null

        /// "an object", "an array", …: for messages such as "expected a string, found an array".
        public var typeName: String {
            switch self {
            case .object: return "an object"
            case .array: return "an array"
            case .string: return "a string"
            case .number: return "a number"
            case .bool: return "a boolean"
            case .null: return "null"
            }
        }
    }

    /// A node (the reader makes them; tests and callers building documents may too).
    public init(value: Value, offset: Int) {
        self.value = value
        self.offset = offset
    }

    /// The member called `name`, when this is an object that has one.
    public subscript(member name: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.name == name }?.node
    }

    /// The members, when this is an object.
    public var members: [(name: String, node: JSONNode)]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The text, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The value, when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// The value, when this is a number written as an integer (no fraction, no exponent) that
    /// fits in 64 bits.
    public var int64Value: Int64? {
        if case .number(let text) = value { return Int64(text) }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// The same document as a ``JSONValue``, without offsets: numbers become `.int` when written
    /// as 64-bit integers, `.double` otherwise.
    public var plainValue: JSONValue {
        switch value {
        case .object(let members): return .object(members.map { ($0.name, $0.node.plainValue) })
        case .array(let elements): return .array(elements.map(\.plainValue))
        case .string(let text): return .string(text)
        case .number(let text): return Int64(text).map(JSONValue.int) ?? .double(Double(text) ?? .nan)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        }
    }
}
