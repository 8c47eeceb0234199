import FuzzSupport
import VouchDER

/// The DER walk: every rule VouchDER knows, over arbitrary bytes; inputs of odd length are read
/// with high tag numbers allowed, so both reader modes are fuzzed at the cost of one walk.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzInput(data, size) { bytes in
        let options: DERReader.Options = bytes.count % 2 == 1 ? .allowHighTagNumbers : []
        // The error's message too: `vouch asn1` prints it for hostile input.
        do throws(DERError) {
            for node in try DERNode.parse(bytes[...], options: options) {
                visit(node)
                // DER is canonical: writing the tree again gives back the very octets it was read from.
                if options.isEmpty {
                    var writer = DERWriter()
                    rewrite(node, into: &writer)
                    guard writer.bytes.elementsEqual(node.element.encoded) else {
                        fatalError("DERWriter does not give back the element at offset \(node.element.offset)")
                    }
                }
            }
        } catch { _ = error.description }
        // The command line's `--at` reader and the RFC 3339 writer agree on every time they share.
        // (Only years 0000-9999 are written with four digits, the form the reader takes.)
        if let time = DERTime(rfc3339: String(decoding: bytes, as: UTF8.self)),
            (-62_167_219_200...253_402_300_799).contains(time.secondsSince1970)
        {
            guard DERTime(rfc3339: time.rfc3339)?.secondsSince1970 == time.secondsSince1970 else {
                fatalError("RFC 3339 round trip lost \(time.secondsSince1970)")
            }
        }
    }
}

/// Writes `node` as DER: constructed elements from their children, primitive ones from their content.
func rewrite(_ node: DERNode, into writer: inout DERWriter) {
    if node.element.tag.isConstructed {
        writer.writeElement(node.element.tag) { inner in
            for child in node.children { rewrite(child, into: &inner) }
        }
    } else {
        writer.writeElement(node.element.tag, content: node.element.content)
    }
}

/// Touches every decoded value, as `vouch asn1` does to print it.
func visit(_ node: DERNode) {
    switch node.value {
    case .objectIdentifier(let oid): _ = (oid.dotted, oid.name)
    case .time(let time): _ = time.rfc3339
    case .string(let string): _ = string.text
    case .integer(let integer): _ = (integer.value(as: Int64.self), integer.magnitude)
    case .bitString(let bits): _ = bits.isSet(bits.bitCount - 1)
    default: break
    }
    _ = node.element.tag.description
    for child in node.children { visit(child) }
    for child in node.encapsulated { visit(child) }
}
