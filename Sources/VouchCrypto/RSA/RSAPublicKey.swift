import VouchDER

/// An RSA public key (n, e), validated once so that verification never meets a degenerate one.
///
/// Equality and hashing compare the numbers, not an encoding: two certificates that encode the
/// same key differently hold equal keys (SECTRUST.md §8).
public struct RSAPublicKey: Sendable, Hashable {
    /// The modulus n, big-endian, without leading zero bytes.
    public let modulus: [UInt8]
    /// The public exponent e, big-endian, without leading zero bytes.
    public let publicExponent: [UInt8]
    /// The size of n in bits.
    public let modulusBitLength: Int

    /// n, set up once for Montgomery exponentiation (odd by construction).
    let montgomery: MontgomeryModulus

    /// The size of n in bytes, the unit SecTrust measures RSA keys in (SECTRUST.md §7): k of RFC 8017.
    public var modulusByteLength: Int { modulus.count }

    /// A key from the unsigned big-endian bytes of n and e (leading zero bytes are ignored).
    ///
    /// - Throws: ``RSAKeyError`` when n is zero, even, shorter than ``RSALimits/minimumModulusBits``
    ///   or longer than ``RSALimits/maximumModulusBits``, or e is below 3, even, or longer than
    ///   ``RSALimits/maximumExponentBits``.
    public init<Modulus: Collection, Exponent: Collection>(
        modulus: Modulus, exponent: Exponent
    ) throws(RSAKeyError) where Modulus.Element == UInt8, Exponent.Element == UInt8 {
        let n = Array(modulus.drop { $0 == 0 })
        let e = Array(exponent.drop { $0 == 0 })
        guard let nFirst = n.first else { throw .nonPositiveModulus }
        let bits = 8 * n.count - nFirst.leadingZeroBitCount
        guard bits >= RSALimits.minimumModulusBits else { throw .modulusTooShort(bits: bits) }
        guard bits <= RSALimits.maximumModulusBits else { throw .modulusTooLong(bits: bits) }
        guard let montgomery = MontgomeryModulus(bigEndian: n[...]) else { throw .evenModulus }
        guard let eFirst = e.first, e.count > 1 || eFirst > 1 else { throw .exponentTooSmall }
        let exponentBits = 8 * e.count - eFirst.leadingZeroBitCount
        guard exponentBits <= RSALimits.maximumExponentBits else { throw .exponentTooLong(bits: exponentBits) }
        guard let lastExponentByte = e.last, lastExponentByte & 1 == 1 else { throw .evenExponent }
        self.modulus = n
        self.publicExponent = e
        self.modulusBitLength = bits
        self.montgomery = montgomery
    }

    /// A key from a PKCS #1 `RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }`
    /// (RFC 8017 §A.1.1), the content of an rsaEncryption SubjectPublicKeyInfo's BIT STRING.
    ///
    /// Strict: DER only (minimal lengths and INTEGERs, nothing after the SEQUENCE), and both
    /// numbers positive.
    /// - Throws: ``RSAKeyError/malformed(_:)`` for bad DER, ``RSAKeyError/nonPositiveModulus`` or
    ///   ``RSAKeyError/exponentTooSmall`` for negative numbers, and the checks of
    ///   ``init(modulus:exponent:)``.
    public init(pkcs1DER der: ArraySlice<UInt8>) throws(RSAKeyError) {
        let integers: (n: DERInteger, e: DERInteger)
        do {
            integers = try DERReader.readAll(der) { (reader) throws(DERError) in
                try reader.nested(.sequence) { (reader) throws(DERError) in
                    (try reader.readInteger(), try reader.readInteger())
                }
            }
        } catch {
            throw .malformed(error)
        }
        guard !integers.n.isNegative else { throw .nonPositiveModulus }
        guard !integers.e.isNegative else { throw .exponentTooSmall }
        try self.init(modulus: integers.n.magnitude, exponent: integers.e.magnitude)
    }

    /// The canonical DER `RSAPublicKey` (RFC 8017 §A.1.1) of this key: minimal positive INTEGERs,
    /// whatever the encoding it was parsed from. This is what `SecKeyCopyExternalRepresentation`
    /// returns for an RSA public key (SECTRUST.md §8).
    public var canonicalPKCS1DER: [UInt8] {
        DEREncoding.sequence(DEREncoding.unsignedInteger(modulus) + DEREncoding.unsignedInteger(publicExponent))
    }

    /// Keys are equal when n and e are.
    public static func == (lhs: RSAPublicKey, rhs: RSAPublicKey) -> Bool {
        lhs.modulus == rhs.modulus && lhs.publicExponent == rhs.publicExponent
    }

    /// Hashes n and e.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(modulus)
        hasher.combine(publicExponent)
    }

    /// RSAVP1 then I2OSP (RFC 8017 §5.2.2, §4.1): s^e mod n as exactly `length` bytes.
    ///
    /// `nil` when the signature is not exactly k bytes long (§8.2.2 step 1, §8.1.2 step 1), when
    /// s ≥ n (§5.2.2 step 1: no second encoding of the same signature), or when the result
    /// does not fit `length` bytes.
    func encodedMessage(signature: ArraySlice<UInt8>, length: Int) -> [UInt8]? {
        guard signature.count == modulusByteLength else { return nil }
        return montgomery.power(bigEndianBase: signature, exponent: publicExponent, length: length)
    }
}

/// The two DER constructions ``RSAPublicKey/canonicalPKCS1DER`` needs (X.690 §8.1.3, §8.3).
enum DEREncoding {
    /// Definite-length octets for `length`: short form below 128, else the minimal long form.
    static func length(_ length: Int) -> [UInt8] {
        guard length >= 0x80 else { return [UInt8(truncatingIfNeeded: length)] }
        var octets: [UInt8] = []
        var rest = length
        while rest > 0 {
            octets.insert(UInt8(truncatingIfNeeded: rest), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(octets.count)] + octets
    }

    /// An INTEGER holding the non-negative number whose minimal big-endian magnitude is `magnitude`.
    static func unsignedInteger(_ magnitude: [UInt8]) -> [UInt8] {
        // A set top bit would read as negative: prefix a zero octet (X.690 §8.3.2 keeps it minimal).
        let content = magnitude.first.map { $0 & 0x80 != 0 ? [0] + magnitude : magnitude } ?? [0]
        return [0x02] + length(content.count) + content
    }

    /// A SEQUENCE around already-encoded `content`.
    static func sequence(_ content: [UInt8]) -> [UInt8] {
        [0x30] + length(content.count) + content
    }
}
