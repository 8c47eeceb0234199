import FuzzSupport
import VouchDER

/// The DER walk: every rule VouchDER knows, over arbitrary bytes; inputs of odd length are read
/// with high tag numbers allowed, so both reader modes are fuzzed at the cost of one walk.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzInput(data, size) { bytes in
        let options: DERReader.Options = bytes.count % 2 == 1 ? .allowHighTagNumbers : []
        // The error's message too: `vouch asn1` prints it for hostile input.
        do throws(DERError) { for node in try DERNode.parse(bytes[...], options: options) { visit(node) } } catch { _ = error.description }
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
