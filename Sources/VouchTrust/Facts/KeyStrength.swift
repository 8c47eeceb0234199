import VouchX509

/// Key and hash classification shared by several checks (SECTRUST.md §7).
enum KeyStrength {
    /// The key's size in Apple's units (RSA modulus bytes, EC ceil(field bits / 8)); `nil` when
    /// Apple has no key for it (DSA, RSA-PSS SPKI, explicit EC parameters, unknown curves…).
    static func appleSize(_ keyType: PublicKeyType) -> (kind: Kind, bytes: Int)? {
        switch keyType {
        case .rsa(let bits): return (.rsa, (bits + 7) / 8)
        case .ec(let curve): return (.ec, (curve.fieldBits + 7) / 8)
        case .ed25519: return (.edwards, 32)
        case .ed448: return (.edwards, 57)
        default: return nil
        }
    }

    enum Kind { case rsa, ec, edwards }

    /// WeakKeySize (fatal, every policy): no key, RSA below 128 bytes, EC below 20 bytes.
    static func isWeak(_ size: (kind: Kind, bytes: Int)?) -> Bool {
        guard let (kind, bytes) = size else { return true }
        switch kind {
        case .rsa: return bytes < 128
        case .ec: return bytes < 20
        case .edwards: return false
        }
    }

    /// KeySize (SSL server): RSA below 256 bytes, EC below 32 bytes, any EdDSA key.
    static func failsSSLMinimum(_ size: (kind: Kind, bytes: Int)?) -> Bool {
        !isAtLeast(size, rsaBits: 2048, ecBits: 256)
    }

    /// `SecCertificateIsAtLeastMinKeySize` with `{RSA: rsaBits, EC: ecBits}`: other keys (EdDSA,
    /// or none Apple knows) have no entry and fail.
    static func isAtLeast(_ size: (kind: Kind, bytes: Int)?, rsaBits: Int, ecBits: Int) -> Bool {
        guard let (kind, bytes) = size else { return false }
        switch kind {
        case .rsa: return bytes >= (rsaBits + 7) / 8
        case .ec: return bytes >= (ecBits + 7) / 8
        case .edwards: return false
        }
    }

    /// Keys below RSA-2048 or EC-224 (or no key at all) lose the last ten points of a path's score (§2.4).
    static func isSmallKey(_ keyType: PublicKeyType) -> Bool {
        switch keyType {
        case .rsa(let bits): return bits < 2048
        case .ec(let curve): return curve.fieldBits < 224
        case .ed25519, .ed448: return false
        default: return true
        }
    }

    /// Signature algorithms using MD2, MD4 or MD5.
    static func usesMDHash(_ certificate: Certificate) -> Bool {
        let oid = certificate.signatureAlgorithm.algorithm
        return oid == .md2WithRSAEncryption || oid == .md4WithRSAEncryption || oid == .md5WithRSAEncryption
    }

    /// Signature algorithms using SHA-1.
    static func usesSHA1(_ certificate: Certificate) -> Bool {
        let oid = certificate.signatureAlgorithm.algorithm
        return oid == .sha1WithRSAEncryption || oid == .sha1WithRSASignature || oid == .ecdsaWithSHA1
            || oid == .dsaWithSHA1
    }
}
