// The Ed25519 verifier of RFC 8032 §5.1.7, cofactorless and strict:
//
// 1. The signature is exactly 64 bytes, R (32) then S (32), both little-endian.
// 2. S < L, else reject (§5.1.7 step 1; §8.4 signature malleability).
// 3. k = SHA-512(R ‖ A ‖ M) mod L (§5.1.7 step 2), A being the public key's 32 bytes as given.
// 4. Accept iff the encoding of [S]B − [k]A equals R's 32 bytes (the cofactorless equation
//    [S]B = R + [k]A, §5.1.7 step 3 without the optional multiplication by 8).
//
// Step 4 compares encodings rather than decoding R and comparing points. The two are equivalent under
// strict decoding: encoding is injective and always produces the canonical form, so R's bytes match
// exactly when they are the canonical encoding of [S]B − [k]A. Every R that strict decoding rejects —
// y ≥ p, x = 0 with the sign bit set, a y off the curve — therefore fails, as do R with a flipped sign
// bit (the encoding of −R). A non-canonical y is checked before any arithmetic, so such signatures are
// rejected early. This is the structure of ref10, Go's crypto/ed25519 and OpenSSL.
//
// Small-order public keys and R values are not rejected: RFC 8032 does not ask for it, Wycheproof
// expects them to be processed by the equation, and the cofactorless equation already binds them.

/// An Ed25519 public key (RFC 8032 §5.1.5): a point A of edwards25519, kept with its 32-byte encoding.
public struct Ed25519PublicKey: Sendable, Hashable {
    /// The length of the encoding, and of each half of a signature.
    public static let byteCount = Words256.byteCount

    /// The length of a signature: R then S (RFC 8032 §5.1.6).
    public static let signatureByteCount = 2 * Words256.byteCount

    /// The encoding as received (canonical, since decoding is strict), as words for comparison…
    private let encoding: Words256

    /// …and as bytes, for hashing into k and for `rawRepresentation`.
    private let encodedBytes: [UInt8]

    /// The decoded point A.
    private let point: EdwardsPoint

    /// Decodes a public key from its 32-byte encoding (RFC 8032 §5.1.3).
    ///
    /// Decoding is strict: a y-coordinate encoded as a value ≥ p is rejected rather than reduced.
    /// - Throws: `Ed25519Error.wrongLength` for any length other than 32;
    ///   `.nonCanonicalEncoding` for y ≥ p; `.negativeZero` for x = 0 with the sign bit set;
    ///   `.notOnCurve` when no point has the encoded y.
    public init<Bytes: Collection>(rawRepresentation bytes: Bytes) throws(Ed25519Error) where Bytes.Element == UInt8 {
        guard let words = Words256(bytes) else { throw .wrongLength(bytes.count) }
        do {
            point = try EdwardsPoint(decoding: words)
        } catch {
            switch error {
            case .nonCanonicalY: throw .nonCanonicalEncoding
            case .negativeZeroX: throw .negativeZero
            case .notOnCurve: throw .notOnCurve
            }
        }
        encoding = words
        encodedBytes = words.bytes
    }

    /// The 32-byte encoding of the key: what `SecKeyCopyExternalRepresentation` returns for an
    /// Ed25519 key, and the content of the subjectPublicKey BIT STRING (RFC 8410 §4).
    public var rawRepresentation: [UInt8] { encodedBytes }

    /// Whether `signature` is a valid Ed25519 signature of `message` under this key (RFC 8032 §5.1.7,
    /// cofactorless, S < L enforced, non-canonical R rejected). Runs in variable time: every input of
    /// verification is public.
    public func isValidSignature<M: Collection>(
        _ signature: some Collection<UInt8>, message: M
    ) -> Bool where M.Element == UInt8 {
        verify(signature, message: message)
    }

    /// ``isValidSignature(_:message:)`` for the byte types callers hold, compiled here: a caller
    /// in another module runs the generic version unspecialised, whose generic slicing allocated
    /// about 140 times per verification (measured in `Benchmarks/`); these allocate as the
    /// specialised code does.
    public func isValidSignature(_ signature: ArraySlice<UInt8>, message: [UInt8]) -> Bool {
        verify(signature, message: message)
    }

    /// ``isValidSignature(_:message:)`` for slices, compiled here (see the array overload).
    public func isValidSignature(_ signature: ArraySlice<UInt8>, message: ArraySlice<UInt8>) -> Bool {
        verify(signature, message: message)
    }

    /// ``isValidSignature(_:message:)`` for arrays, compiled here (see the slice overloads).
    public func isValidSignature(_ signature: [UInt8], message: [UInt8]) -> Bool {
        verify(signature[...], message: message)
    }

    private func verify<M: Collection>(_ signature: some Collection<UInt8>, message: M) -> Bool where M.Element == UInt8 {
        guard signature.count == Self.signatureByteCount else { return false }
        let sStart = signature.index(signature.startIndex, offsetBy: Self.byteCount)
        let rBytes = signature[signature.startIndex..<sStart]
        guard let r = Words256(rBytes), let s = Words256(signature[sStart...]) else { return false }
        guard Scalar25519.isCanonical(s), FieldElement25519.isCanonicalEncoding(r) else { return false }
        let k = Scalar25519.challenge(r: rBytes, publicKey: encodedBytes, message: message)
        let recomputedR = EdwardsPoint.doubleScalarMultiplication(s: s, k: k.words, a: point)
        return recomputedR.encoded == r
    }

    /// Whether two keys have the same encoding (and so are the same point).
    public static func == (lhs: Ed25519PublicKey, rhs: Ed25519PublicKey) -> Bool { lhs.encoding == rhs.encoding }

    /// Hashes the encoding.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(encoding.w0)
        hasher.combine(encoding.w1)
        hasher.combine(encoding.w2)
        hasher.combine(encoding.w3)
    }
}
