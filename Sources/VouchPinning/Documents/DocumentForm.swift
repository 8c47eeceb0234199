import VouchJSON
import VouchPropertyList

/// The two forms Vouch's configuration documents come in (trust settings, CT log lists): an XML
/// property list, as a Mac exports it, or the same content as JSON. One test tells them apart for
/// every reader, and one mapping turns JSON into the property list the readers walk.
enum DocumentForm {
    case propertyList
    case json

    /// The form named by the first octet that is not white space or part of a UTF-8 byte-order
    /// mark: `<` a property list, `{` JSON; `nil` for anything else. Also that octet's offset
    /// (`nil` when `bytes` is blank).
    static func of(_ bytes: [UInt8]) -> (form: DocumentForm?, offset: Int?) {
        guard let first = bytes.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) else {
            return (nil, nil)
        }
        switch bytes[first] {
        case UInt8(ascii: "<"): return (.propertyList, first)
        case UInt8(ascii: "{"): return (.json, first)
        default: return (nil, first)
        }
    }

    /// A JSON document as the property list it stands for: objects as dictionaries, arrays,
    /// strings, integers and booleans. A non-integer number or `null` has no property-list form.
    ///
    /// - Throws: the offset of the value that has no form, and why.
    static func propertyList(_ node: JSONNode) throws(DocumentFormError) -> PropertyList {
        switch node.value {
        case .object(let members):
            var dictionary: [String: PropertyList] = [:]
            for member in members { dictionary[member.name] = try propertyList(member.node) }
            return .dictionary(dictionary)
        case .array(let elements):
            var array: [PropertyList] = []
            for element in elements { array.append(try propertyList(element)) }
            return .array(array)
        case .string(let text): return .string(text)
        case .bool(let value): return .boolean(value)
        case .number(let text):
            guard let value = Int64(text) else { throw DocumentFormError(message: "offset \(node.offset): \(text) is not an integer") }
            return .integer(value)
        case .null: throw DocumentFormError(message: "offset \(node.offset): null has no property-list form")
        }
    }
}

/// A JSON value with no property-list form.
struct DocumentFormError: Error {
    let message: String
}
