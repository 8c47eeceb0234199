import Testing
import VouchDER
import VouchX509

// Helpers shared by the table-driven VouchX509 tests: hex input, small DER builders, and a test-side
// rendering of decoded values so that a table row can state what it expects as plain strings.

/// Hex text ("30 03 02 01 05") to bytes; spaces and line breaks are ignored.
func hexBytes(_ text: String) -> [UInt8] {
    var result: [UInt8] = []
    var high: UInt8? = nil
    for scalar in text.unicodeScalars {
        guard let digit = UInt8(String(scalar), radix: 16) else { continue }
        if let first = high {
            result.append(first << 4 | digit)
            high = nil
        } else {
            high = digit
        }
    }
    return result
}

/// Where extension values are placed inside a larger buffer, so that every offset a test checks is
/// absolute (a decoder that counted from the start of its slice would be off by this much) and a
/// decoder that read past its slice would meet junk.
let valueBase = 5

/// `hex` as a slice that starts at ``valueBase`` of a buffer with junk on both sides.
func embedded(_ hex: String) -> ArraySlice<UInt8> {
    let value = hexBytes(hex)
    let junk = [UInt8](repeating: 0xEE, count: valueBase)
    return (junk + value + junk)[valueBase..<(valueBase + value.count)]
}

/// The error a row states relative to the value's first byte, moved to where the value is embedded.
func shifted(_ error: DERError) -> DERError { DERError(error.kind, at: error.offset + valueBase) }

/// Small DER builders for inputs that are clearer built than written as hex.
enum DER {
    static func tlv(_ tag: DERTag, _ content: [UInt8]) -> [UInt8] {
        var writer = DERWriter()
        writer.writeElement(tag, content: content)
        return writer.bytes
    }

    static func sequence(_ parts: [UInt8]...) -> [UInt8] { tlv(.sequence, parts.flatMap { $0 }) }
    static func set(_ parts: [UInt8]...) -> [UInt8] { tlv(.set, parts.flatMap { $0 }) }
    static func explicit(_ number: UInt32, _ parts: [UInt8]...) -> [UInt8] {
        tlv(.contextSpecific(number, constructed: true), parts.flatMap { $0 })
    }
    static func oid(_ oid: OID) -> [UInt8] { tlv(.objectIdentifier, Array(oid.bytes)) }
    static func oid(_ dotted: String) -> [UInt8] { oid(OID(dotted: dotted) ?? .anyPolicy) }
    static func integer(_ content: [UInt8]) -> [UInt8] { tlv(.integer, content) }
    static func octetString(_ content: [UInt8]) -> [UInt8] { tlv(.octetString, content) }
    static func bitString(_ data: [UInt8], unused: UInt8 = 0) -> [UInt8] { tlv(.bitString, [unused] + data) }
    static let null: [UInt8] = [0x05, 0x00]

    static func string(_ tag: DERTag, _ text: String) -> [UInt8] { tlv(tag, Array(text.utf8)) }

    /// `AlgorithmIdentifier` with the given parameters' DER (none when `nil`).
    static func algorithm(_ oid: OID, parameters: [UInt8]? = null) -> [UInt8] {
        sequence(DER.oid(oid), parameters ?? [])
    }

    /// A Name of one single-valued RDN per attribute, in the order given.
    static func name(_ attributes: [(OID, DERTag, String)]) -> [UInt8] {
        tlv(.sequence, attributes.flatMap { set(sequence(oid($0.0), string($0.1, $0.2))) })
    }

    /// One `Extension`: criticality omitted when `critical` is `nil`.
    static func extensionEntry(_ oid: OID, critical: Bool? = nil, value: [UInt8]) -> [UInt8] {
        sequence(DER.oid(oid), critical.map { [0x01, 0x01, $0 ? 0xFF : 0x00] } ?? [], octetString(value))
    }
}

/// The absolute offset of the first occurrence of `needle` in `haystack`.
func offset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
        return start
    }
    return nil
}

func hexString<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

func ascii<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    String(decoding: Array(bytes), as: UTF8.self)
}

/// A GeneralName as `form:value`, the way the tables state what they expect.
func render(_ name: GeneralName) -> String {
    switch name {
    case .otherName(let typeID, let value): return "other:\(typeID.dotted)=\(hexString(value))"
    case .rfc822Name(let bytes): return "email:" + ascii(bytes)
    case .dnsName(let bytes): return "dns:" + ascii(bytes)
    case .x400Address(let bytes): return "x400:" + hexString(bytes)
    case .directoryName(let name): return "dir:" + name.rfc4514
    case .ediPartyName(let bytes): return "edi:" + hexString(bytes)
    case .uniformResourceIdentifier(let bytes): return "uri:" + ascii(bytes)
    case .ipAddress(let bytes): return "ip:" + hexString(bytes)
    case .registeredID(let oid): return "rid:" + oid.dotted
    }
}

func render(_ names: [GeneralName]?) -> String {
    guard let names else { return "-" }
    return names.map(render).joined(separator: " ")
}
