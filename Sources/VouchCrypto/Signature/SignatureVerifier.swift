import VouchDER
import VouchX509

/// The answer of a signature check.
public enum SignatureVerification: Sendable, Equatable {
    /// The signature is valid for the key.
    case valid
    /// The signature is not valid (or does not fit the key, or is malformed).
    case invalid
    /// The algorithm or the key is one Vouch does not verify (SECTRUST.md §7: such a path is
    /// discarded just as for an invalid signature).
    case unsupported
}

/// The one entry point through which every certificate signature is checked.
///
/// It takes the signature algorithm, the issuer's SubjectPublicKeyInfo, the signed bytes and the
/// signature, and answers ``SignatureVerification``. Apple's rules (SECTRUST.md §7) are followed
/// where they differ from a plain verifier: an Ed25519 key verifies EdDSA whatever the signature
/// OID says; MD2 and MD4 never verify, MD5 does (so that the weak-hash check can fire); a P-256
/// DER signature missing its zero padding is repaired when ``Options/repairsECDSAPadding`` is set.
/// RSA-PSS signatures are verified with their RFC 4055 parameters: a deliberate divergence from
/// Apple, which never verifies them (SECTRUST.md §14).
public enum SignatureVerifier {
    /// Tolerances of the verifier.
    public struct Options: OptionSet, Sendable {
        /// The option bits.
        public let rawValue: UInt8
        /// Options from their bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Accept an ECDSA r or s whose leading zero octet is missing, on curves of at most 256
        /// bits, as Apple does (SECTRUST.md §7).
        public static let repairsECDSAPadding = Options(rawValue: 1)
        /// What the trust engine uses.
        public static let apple: Options = [.repairsECDSAPadding]
    }

    /// Checks `signature` over `signedBytes`, made with `algorithm` by the key in `issuerKey`.
    public static func verify(
        algorithm: AlgorithmIdentifier, issuerKey: SubjectPublicKeyInfo, signedBytes: ArraySlice<UInt8>,
        signature: DERBitString, options: Options = []
    ) -> SignatureVerification {
        var digest: [UInt8]? = nil
        return verify(
            algorithm: algorithm, issuerKey: IssuerKey(issuerKey), signedBytes: signedBytes, signature: signature,
            options: options, digest: &digest)
    }

    /// Checks `signature` over `signedBytes`, made with `algorithm` by a prepared `issuerKey`.
    ///
    /// `digest` is the digest of `signedBytes` under the algorithm's hash once it has been
    /// computed: pass the same variable (starting as `nil`) for every candidate issuer of one
    /// signed object, and the bytes are hashed once instead of once per issuer. It must not be
    /// shared between different bytes or algorithms.
    public static func verify(
        algorithm: AlgorithmIdentifier, issuerKey: IssuerKey, signedBytes: ArraySlice<UInt8>,
        signature: DERBitString, options: Options = [], digest: inout [UInt8]?
    ) -> SignatureVerification {
        guard signature.unusedBits == 0 else { return .invalid }
        let value = signature.bytes
        func hashed(_ hash: HashAlgorithm) -> [UInt8] {
            if let digest { return digest }
            let computed = hash.digest(signedBytes)
            digest = computed
            return computed
        }
        // Apple: an Ed25519 key verifies EdDSA whatever the signature algorithm says.
        if case .ed25519(let key) = issuerKey.prepared {
            guard let key else { return .invalid }
            return key.isValidSignature(value, message: signedBytes) ? .valid : .invalid
        }
        switch SignatureAlgorithm(algorithm) {
        case .rsaPKCS1(let hash):
            guard case .rsa(let key, pssOnly: false) = issuerKey.prepared else { return issuerKey.mismatch }
            return key.isValidPKCS1v15Signature(value, digest: hashed(hash), hash: hash) ? .valid : .invalid
        case .rsaPKCS1MD5:
            guard case .rsa(let key, pssOnly: false) = issuerKey.prepared else { return issuerKey.mismatch }
            return key.isValidPKCS1v15MD5Signature(value, message: signedBytes) ? .valid : .invalid
        case .rsaPSS(let parameters):
            guard case .rsa(let key, _) = issuerKey.prepared else { return issuerKey.mismatch }
            return key.isValidPSSSignature(value, message: signedBytes, parameters: parameters) ? .valid : .invalid
        case .ecdsa(let hash):
            guard case .ec(let key) = issuerKey.prepared else { return issuerKey.mismatch }
            let repair = options.contains(.repairsECDSAPadding)
            return key.isValidSignature(derSignature: value, digest: hashed(hash), allowingMissingZeroPadding: repair)
                ? .valid : .invalid
        case .ed25519:
            return .invalid  // an Ed25519 signature by a key that is not Ed25519
        case .unsupported:
            return .unsupported
        }
    }

    /// Checks the signature of `certificate` with `issuerKey`; the outer and inner signature
    /// algorithm OIDs must agree (Apple compares the OIDs, not the parameters).
    public static func verify(
        _ certificate: Certificate, issuerKey: SubjectPublicKeyInfo, options: Options = .apple
    ) -> SignatureVerification {
        var digest: [UInt8]? = nil
        return verify(certificate, issuerKey: IssuerKey(issuerKey), options: options, digest: &digest)
    }

    /// Checks the signature of `certificate` with a prepared `issuerKey`, reusing `digest` (see
    /// ``verify(algorithm:issuerKey:signedBytes:signature:options:digest:)``): the path builder
    /// prepares each candidate issuer's key once and hashes each certificate once, however many
    /// pairs it tries.
    public static func verify(
        _ certificate: Certificate, issuerKey: IssuerKey, options: Options = .apple, digest: inout [UInt8]?
    ) -> SignatureVerification {
        guard certificate.signatureAlgorithmsMatch else { return .invalid }
        return verify(
            algorithm: certificate.signatureAlgorithm, issuerKey: issuerKey,
            signedBytes: certificate.tbsCertificateBytes, signature: certificate.signature, options: options,
            digest: &digest)
    }

    /// An issuer's SubjectPublicKeyInfo read once into the key it verifies with.
    ///
    /// Reading an RSA key costs as much as a fifth of an RSA-2048 verification (the modulus is
    /// converted and set up for Montgomery multiplication), and an EC key's point is checked to be
    /// on its curve; a key prepared once serves every certificate it may have signed.
    public struct IssuerKey: Sendable {
        enum Prepared: Sendable {
            /// An Ed25519 SPKI; `nil` when its key bits are not a valid point.
            case ed25519(Ed25519PublicKey?)
            /// An RSA key; `pssOnly` for an id-RSASSA-PSS SPKI, which verifies RSA-PSS signatures only.
            case rsa(RSAPublicKey, pssOnly: Bool)
            case ec(ECPublicKey)
            /// No key Vouch verifies with (or key bits that do not parse).
            case none
        }

        let prepared: Prepared
        /// The answer for a signature algorithm the key cannot verify (see ``keyAnswer(_:)``).
        let mismatch: SignatureVerification

        /// Reads the key of `spki`.
        /// (`keyType` re-reads the SPKI, so it is read once here for both uses.)
        public init(_ spki: SubjectPublicKeyInfo) {
            let keyType = spki.keyType
            mismatch = SignatureVerifier.keyAnswer(keyType)
            if spki.algorithm.algorithm == .ed25519 {
                prepared = .ed25519(try? Ed25519PublicKey(rawRepresentation: spki.subjectPublicKey.bytes))
            } else if let key = SignatureVerifier.rsaKey(spki, allowingPSSKey: true) {
                prepared = .rsa(key, pssOnly: spki.algorithm.algorithm == .rsassaPSS)
            } else if let key = SignatureVerifier.ecKey(spki, keyType: keyType) {
                prepared = .ec(key)
            } else {
                prepared = .none
            }
        }
    }

    /// The RSA key of an rsaEncryption SPKI (or of an id-RSASSA-PSS one, for PSS signatures).
    static func rsaKey(_ spki: SubjectPublicKeyInfo, allowingPSSKey: Bool = false) -> RSAPublicKey? {
        let oid = spki.algorithm.algorithm
        guard oid == .rsaEncryption || (allowingPSSKey && oid == .rsassaPSS), spki.subjectPublicKey.unusedBits == 0 else {
            return nil
        }
        return try? RSAPublicKey(pkcs1DER: spki.subjectPublicKey.bytes)
    }

    /// The EC key of an id-ecPublicKey SPKI on a named curve.
    static func ecKey(_ spki: SubjectPublicKeyInfo) -> ECPublicKey? {
        ecKey(spki, keyType: spki.keyType)
    }

    /// ``ecKey(_:)`` with `spki.keyType` already read.
    static func ecKey(_ spki: SubjectPublicKeyInfo, keyType: PublicKeyType) -> ECPublicKey? {
        guard case .ec(let curve) = keyType, spki.subjectPublicKey.unusedBits == 0 else { return nil }
        return try? ECPublicKey(curve: curve, x962Representation: spki.subjectPublicKey.bytes)
    }

    /// A key of the wrong type for the algorithm fails the signature; an unsupported one is unsupported.
    static func keyAnswer(_ keyType: PublicKeyType) -> SignatureVerification {
        switch keyType {
        case .rsa, .ec, .ed25519: return .invalid
        default: return .unsupported
        }
    }
}
