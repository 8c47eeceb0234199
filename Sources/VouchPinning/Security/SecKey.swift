import VouchCrypto

/// `SecKeyRef` for a public key taken from a certificate. Two keys are equal when their key
/// material is (the modulus and exponent; the curve and point), which is what AFNetworking's
/// `AFSecKeyIsEqualToKey` relies on.
public final class SecKey: Hashable, Sendable {
    /// The key.
    public let publicKey: PublicKey

    /// Wraps `publicKey`.
    public init(_ publicKey: PublicKey) { self.publicKey = publicKey }

    /// Whether the two keys have the same key material, whatever their SPKI encoding.
    public static func == (lhs: SecKey, rhs: SecKey) -> Bool { lhs.publicKey == rhs.publicKey }

    /// Hashes the key material.
    public func hash(into hasher: inout Hasher) { hasher.combine(publicKey) }
}

/// `SecKeyCopyExternalRepresentation`: PKCS #1 `RSAPublicKey` DER for RSA, `04 ‖ X ‖ Y` for EC, the
/// 32 raw bytes for Ed25519. Never fails for the keys Vouch makes; `error` is left untouched.
public func SecKeyCopyExternalRepresentation(_ key: SecKey, _ error: UnsafeMutablePointer<SecError?>?) -> [UInt8]? {
    key.publicKey.externalRepresentation
}
