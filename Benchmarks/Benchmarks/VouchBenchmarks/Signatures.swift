import Benchmark
import Crypto
import _CryptoExtras
import VouchCrypto
import VouchDER
import VouchX509

/// One signature verification with an already parsed public key, over the fixture message (the
/// hash of the message is part of the measured work on both sides), as a TLS handshake or a
/// certificate check does once the key is known.
func signatureBenchmarks() {
    let message = Fixtures.message
    for name in ["rsa2048", "rsa3072", "rsa4096", "rsapss2048", "ecdsap256", "ecdsap384", "ecdsap521", "ed25519"] {
        let fixture = Fixtures.signature(name)
        let vouch = vouchVerifier(fixture, message: message)
        let swiftCrypto = swiftCryptoVerifier(fixture, message: message)
        guard vouch(), swiftCrypto() else { fatalError("the \(name) fixture does not verify with both libraries") }
        let title = "verify \(title(of: name))"
        Benchmark("\(title) [Vouch]") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(vouch()) }
        }
        Benchmark("\(title) [swift-crypto]") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(swiftCrypto()) }
        }
    }
}

private func title(of name: String) -> String {
    switch name {
    case "rsa2048": "RSA-2048 PKCS#1 v1.5 SHA-256"
    case "rsa3072": "RSA-3072 PKCS#1 v1.5 SHA-256"
    case "rsa4096": "RSA-4096 PKCS#1 v1.5 SHA-256"
    case "rsapss2048": "RSA-2048 PSS SHA-256"
    case "ecdsap256": "ECDSA P-256 SHA-256"
    case "ecdsap384": "ECDSA P-384 SHA-384"
    case "ecdsap521": "ECDSA P-521 SHA-512"
    default: "Ed25519"
    }
}

/// Vouch: the key is taken from the SubjectPublicKeyInfo once (`PublicKey`); each call hashes
/// the message and verifies.
private func vouchVerifier(_ fixture: Fixtures.Signature, message: [UInt8]) -> @Sendable () -> Bool {
    guard let spki = try? SubjectPublicKeyInfo(derEncoded: fixture.spki[...]), let key = PublicKey(spki) else {
        fatalError("Vouch does not read the \(fixture.name) key")
    }
    let signature = fixture.signature
    switch (fixture.name, key) {
    case ("rsapss2048", .rsa(let key)):
        let parameters = RSAPSSParameters(hash: .sha256, mgf1Hash: .sha256, saltLength: 32)
        return { key.isValidPSSSignature(signature[...], message: message[...], parameters: parameters) }
    case (_, .rsa(let key)):
        return { key.isValidPKCS1v15Signature(signature[...], digest: HashAlgorithm.sha256.digest(message), hash: .sha256) }
    case (_, .ec(let key)):
        let hash: HashAlgorithm = fixture.name == "ecdsap256" ? .sha256 : fixture.name == "ecdsap384" ? .sha384 : .sha512
        return { key.isValidSignature(derSignature: signature[...], digest: hash.digest(message)) }
    case (_, .ed25519(let key)):
        return { key.isValidSignature(signature[...], message: message) }
    }
}

/// swift-crypto: the key is parsed from the SubjectPublicKeyInfo once, the signature object made
/// once; each call verifies the message (hashing it).
private func swiftCryptoVerifier(_ fixture: Fixtures.Signature, message: [UInt8]) -> @Sendable () -> Bool {
    do {
        switch fixture.name {
        case "rsa2048", "rsa3072", "rsa4096", "rsapss2048":
            let key = try _RSA.Signing.PublicKey(derRepresentation: fixture.spki)
            let signature = _RSA.Signing.RSASignature(rawRepresentation: fixture.signature)
            let padding: _RSA.Signing.Padding = fixture.name == "rsapss2048" ? .PSS : .insecurePKCS1v1_5
            return { key.isValidSignature(signature, for: message, padding: padding) }
        case "ecdsap256":
            let key = try P256.Signing.PublicKey(derRepresentation: fixture.spki)
            let signature = try P256.Signing.ECDSASignature(derRepresentation: fixture.signature)
            return { key.isValidSignature(signature, for: message) }
        case "ecdsap384":
            let key = try P384.Signing.PublicKey(derRepresentation: fixture.spki)
            let signature = try P384.Signing.ECDSASignature(derRepresentation: fixture.signature)
            return { key.isValidSignature(signature, for: message) }
        case "ecdsap521":
            let key = try P521.Signing.PublicKey(derRepresentation: fixture.spki)
            let signature = try P521.Signing.ECDSASignature(derRepresentation: fixture.signature)
            return { key.isValidSignature(signature, for: message) }
        default:
            let key = try Curve25519.Signing.PublicKey(rawRepresentation: fixture.spki.suffix(32))
            let signature = fixture.signature
            return { key.isValidSignature(signature, for: message) }
        }
    } catch {
        fatalError("swift-crypto does not read the \(fixture.name) fixture: \(error)")
    }
}
