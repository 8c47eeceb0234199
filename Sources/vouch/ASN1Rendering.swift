import VouchJSON
import VouchDER

/// How `vouch asn1` shows a ``DERNode``: text lines in `openssl asn1parse`'s layout, or JSON.
enum ASN1Rendering {
    /// Octets shown of a long OCTET STRING or opaque value in the text form.
    static let textHexLimit = 32

    static func printText(_ node: DERNode, extraDepth: Int = 0) {
        let element = node.element
        let depth = node.depth + extraDepth
        let form = element.tag.isConstructed ? "cons" : "prim"
        var line = "\(pad(element.offset, 5)):d=\(depth)\(depth < 10 ? " " : "") hl=\(element.headerLength)"
            + " l=\(pad(element.length, 4)) \(form): " + String(repeating: " ", count: depth)
        if let value = node.value {
            line += element.tag.name.padding(toLength: 18) + ":" + text(value)
        } else {
            line += element.tag.name
        }
        print(line)
        for child in node.children { printText(child, extraDepth: extraDepth) }
        for inner in node.encapsulated { printText(inner, extraDepth: extraDepth) }
    }

    static func text(_ value: DERNode.Value) -> String {
        switch value {
        case .boolean(let value): return value ? "TRUE" : "FALSE"
        case .integer(let integer): return integerText(integer)
        case .bitString(let bits):
            return "\(bits.unusedBits) unused bits, " + hex(bits.bytes, limit: textHexLimit)
        case .octetString(let bytes), .opaque(let bytes): return hex(bytes, limit: textHexLimit)
        case .null: return ""
        case .objectIdentifier(let oid): return oid.name.map { "\($0) (\(oid.dotted))" } ?? oid.dotted
        case .time(let time): return time.rfc3339 + (time.isTwoDigitYearQuirk ? " (UTCTime year 50–69: Apple's 2001 quirk)" : "")
        case .string(let string): return string.text
        }
    }

    static func json(_ node: DERNode) -> JSONValue {
        let element = node.element
        var members: [(String, JSONValue)] = [
            ("offset", .int(Int64(element.offset))),
            ("header_length", .int(Int64(element.headerLength))),
            ("length", .int(Int64(element.length))),
            ("tag", .string(element.tag.name)),
            ("constructed", .bool(element.tag.isConstructed)),
        ]
        if let value = node.value {
            members.append(contentsOf: jsonValue(value))
        } else {
            members.append(("children", .array(node.children.map(json))))
        }
        if !node.encapsulated.isEmpty {
            members.append(("encapsulates", .array(node.encapsulated.map(json))))
        }
        return .object(members)
    }

    /// `value` and the keys that qualify it (`name` of an OID, `unused_bits`, `raw` of a time).
    static func jsonValue(_ value: DERNode.Value) -> [(String, JSONValue)] {
        switch value {
        case .boolean(let value): return [("value", .bool(value))]
        case .integer(let integer): return [("value", .string(integerText(integer)))]
        case .bitString(let bits):
            return [("value", .string(hex(bits.bytes))), ("unused_bits", .int(Int64(bits.unusedBits)))]
        case .octetString(let bytes), .opaque(let bytes): return [("value", .string(hex(bytes)))]
        case .null: return [("value", .null)]
        case .objectIdentifier(let oid): return [("value", .string(oid.dotted)), ("name", .string(oid.name))]
        case .time(let time):
            return [("value", .string(time.rfc3339)), ("two_digit_year_quirk", .bool(time.isTwoDigitYearQuirk))]
        case .string(let string): return [("value", .string(string.text))]
        }
    }

    /// Decimal when the number fits 64 bits, otherwise `0x` and the two's-complement octets.
    static func integerText(_ integer: DERInteger) -> String {
        if let value = integer.value(as: Int64.self) { return String(value) }
        return "0x" + hex(integer.content)
    }

    /// Lower-case hex of the first `limit` octets, and `…` when there are more.
    static func hex<Bytes: Collection>(_ bytes: Bytes, limit: Int = .max) -> String where Bytes.Element == UInt8 {
        Hex.encode(bytes.prefix(limit)) + (bytes.count > limit ? "…" : "")
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
