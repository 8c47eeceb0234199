// Parses the example leaf with VouchX509 and prints every field of RFC 5280 §4.1 with the offset
// of its bytes in leaf.der: each value is a view of the input, so its indices are file offsets.

// snippet.hide
import Foundation
import VouchDER
import VouchX509

/// The bytes of a file of `TestVectors/example/` (snippets run from the package root).
func exampleFile(_ name: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: "TestVectors/example/" + name) else {
        print("TestVectors/example/\(name) not found: run this from the package root")
        exit(1)
    }
    return [UInt8](data)
}

/// Lower-case hexadecimal.
func hex<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

// snippet.show
let leaf: Certificate
do {
    leaf = try Certificate(derEncoded: exampleFile("leaf.der"))
} catch {
    print("not a certificate: \(error)")  // an X509Error naming the field, wrapping a DERError
    exit(2)
}

print("version \(leaf.version)")  // §4.1.2.1
print("serialNumber \(hex(leaf.serialNumber)) at \(leaf.serialNumber.startIndex)")  // §4.1.2.2
print("signature \(leaf.tbsSignatureAlgorithm)")  // §4.1.2.3
print("issuer \(leaf.issuer) at \(leaf.issuer.encoded.startIndex)")  // §4.1.2.4
print("validity \(leaf.validity.notBefore) to \(leaf.validity.notAfter)")  // §4.1.2.5
print("subject \(leaf.subject) at \(leaf.subject.encoded.startIndex)")  // §4.1.2.6
let key = leaf.subjectPublicKeyInfo  // §4.1.2.7
print("subjectPublicKeyInfo \(key.keyType) at \(key.encoded.startIndex)")
for item in leaf.extensions {  // §4.1.2.9, each decoded by its own section of §4.2
    print("extension \(item.oid.name ?? item.oid.dotted)\(item.isCritical ? " (critical)" : "") at \(item.offset)")
}
if let names = leaf.subjectAlternativeNames?.names {  // §4.2.1.6
    for case .dnsName(let name) in names { print("  dNSName \(String(decoding: name, as: UTF8.self))") }
}
if let usage = leaf.keyUsage { print("  keyUsage \(usage.usages.map(\.name))") }  // §4.2.1.3
if let constraints = leaf.basicConstraints { print("  cA \(constraints.isCertificateAuthority)") }  // §4.2.1.9
print("signatureAlgorithm \(leaf.signatureAlgorithm), same as signature: \(leaf.signatureAlgorithmsMatch)")  // §4.1.1.2
print("signatureValue \(leaf.signature.bytes.count) octets")  // §4.1.1.3
print("tbsCertificate bytes \(leaf.tbsCertificateBytes.startIndex)..<\(leaf.tbsCertificateBytes.endIndex)")
