/// A JSON value to write, and its compact serialisation (RFC 8259), without Foundation: what the
/// `vouch` command line and `vouch-connect` print. ``JSONReader`` reads JSON into ``JSONNode``s,
/// which keep byte offsets; ``JSONNode/plainValue`` turns one into a `JSONValue`.
public indirect enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer, written in decimal.
    case int(Int64)
    /// A number written as Swift writes a `Double`; a non-finite one is written `null`.
    case double(Double)
    /// A string, escaped as RFC 8259 requires.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// Keys keep their order, so output is stable and reads in a sensible order.
    case object([(String, JSONValue)])

    /// `.string(value)`, or `.null` for `nil`.
    public static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// Compact JSON text.
    public var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Appends the compact JSON text to `output`.
    public func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += value.isFinite ? String(value) : "null"
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    /// `value` in quotes, with `"`, `\\` and control characters escaped (the same text, byte for
    /// byte, as the command line's writer has always written).
    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        // Most strings need no escape: copied in one step.
        guard value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            output += value
            output += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension JSONValue {
    /// Equal values: the same case with equal contents, objects member by member in order.
    public static func == (left: JSONValue, right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let first), .bool(let second)): return first == second
        case (.int(let first), .int(let second)): return first == second
        case (.double(let first), .double(let second)): return first == second
        case (.string(let first), .string(let second)): return first == second
        case (.array(let first), .array(let second)): return first == second
        case (.object(let first), .object(let second)):
            return first.count == second.count && zip(first, second).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }
}
