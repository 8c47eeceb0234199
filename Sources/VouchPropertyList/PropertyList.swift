/// A property-list value as ``PropertyListReader`` read it from an XML property list: Apple's
/// eight types (CFString, CFNumber as integer or real, CFBoolean, CFDate, CFData, CFArray,
/// CFDictionary), for trust-settings documents (`security trust-settings-export`) and any other
/// XML plist.
public indirect enum PropertyList: Equatable, Sendable {
    /// `<string>`: the text, its references and CDATA sections decoded.
    case string(String)
    /// `<integer>`: decimal or `0x` hexadecimal with an optional sign, within the range of `Int64`.
    case integer(Int64)
    /// `<real>`: a decimal floating-point number, or `nan`, `inf`, `infinity` with an optional sign.
    case real(Double)
    /// `<true/>` or `<false/>`.
    case boolean(Bool)
    /// `<date>`: seconds since 1970-01-01T00:00:00Z (negative before), from `YYYY-MM-DDTHH:MM:SSZ`.
    case date(Int64)
    /// `<data>`: the bytes its Base64 text encodes.
    case data([UInt8])
    /// `<array>`: the elements in document order.
    case array([PropertyList])
    /// `<dict>`: the values by key; the reader refuses a repeated key.
    case dictionary([String: PropertyList])

    /// "a string", "an integer", …: for messages such as "expected a string, found an array".
    public var typeName: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .real: return "a real"
        case .boolean: return "a boolean"
        case .date: return "a date"
        case .data: return "data"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        }
    }

    /// The value for `key`, when this is a dictionary that has one.
    public subscript(key key: String) -> PropertyList? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries[key]
    }

    /// The element at `index`, when this is an array and `index` is within it.
    public subscript(index index: Int) -> PropertyList? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The text, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value, when this is an integer.
    public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The value, when this is a real.
    public var realValue: Double? {
        if case .real(let value) = self { return value }
        return nil
    }

    /// The value, when this is a boolean.
    public var booleanValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// Seconds since 1970-01-01T00:00:00Z, when this is a date.
    public var dateValue: Int64? {
        if case .date(let seconds) = self { return seconds }
        return nil
    }

    /// The bytes, when this is data.
    public var dataValue: [UInt8]? {
        if case .data(let bytes) = self { return bytes }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [PropertyList]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The entries, when this is a dictionary.
    public var dictionaryValue: [String: PropertyList]? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }
}
