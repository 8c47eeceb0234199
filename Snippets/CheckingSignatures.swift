// Checks the two signatures of the example chain with VouchCrypto: the root's RSA-2048 key over
// the intermediate (PKCS #1 v1.5, SHA-256), the intermediate's P-256 key over the leaf (ECDSA,
// SHA-256); then flips one bit of the signed bytes and checks again.

// snippet.hide
import Foundation
import VouchCrypto
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
guard let root = try? Certificate(derEncoded: exampleFile("root.der")),
    let intermediate = try? Certificate(derEncoded: exampleFile("intermediate.der")),
    let leaf = try? Certificate(derEncoded: exampleFile("leaf.der"))
else {
    print("the example chain does not parse")
    exit(2)
}

for (child, issuer) in [(intermediate, root), (leaf, intermediate)] {
    // What the issuer signed: the TBSCertificate's DER, header included (RFC 5280 §4.1.1.3).
    let algorithm = SignatureAlgorithm(child.signatureAlgorithm)
    print("\(child.subject.commonNames[0]): \(child.signatureAlgorithm)")
    if let hash = algorithm.hash {
        print("  \(hash) of \(child.tbsCertificateBytes.count) TBS bytes: \(hex(hash.digest(child.tbsCertificateBytes)))")
    }
    if case .rsa(let key)? = PublicKey(issuer.subjectPublicKeyInfo) {
        print("  issuer key: RSA, n of \(key.modulusBitLength) bits, e = 0x\(hex(key.publicExponent))")
    } else if case .ec(let key)? = PublicKey(issuer.subjectPublicKeyInfo) {
        print("  issuer key: \(key.curve), Q.x = \(hex(key.x))")
    }
    let verdict = SignatureVerifier.verify(
        algorithm: child.signatureAlgorithm, issuerKey: issuer.subjectPublicKeyInfo,
        signedBytes: child.tbsCertificateBytes, signature: child.signature)
    print("  signature: \(verdict)")

    // One bit changed anywhere in the signed bytes and the signature no longer verifies.
    var tampered = Array(child.tbsCertificateBytes)
    tampered[tampered.count - 1] ^= 0x01
    let again = SignatureVerifier.verify(
        algorithm: child.signatureAlgorithm, issuerKey: issuer.subjectPublicKeyInfo,
        signedBytes: tampered[...], signature: child.signature)
    print("  last TBS bit flipped: \(again)")
}
