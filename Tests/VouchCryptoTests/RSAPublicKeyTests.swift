import Testing
import VouchDER
@testable import VouchCrypto

/// ``RSAPublicKey``: every limit on both sides, strict DER, canonical re-encoding, equality.
@Suite("RSA public key")
struct RSAPublicKeyTests {
    /// An odd number of exactly `bits` bits: top bit and bottom bit set.
    static func oddNumber(bits: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: (bits + 7) / 8)
        bytes[0] = 1 << UInt8((bits - 1) % 8)
        bytes[bytes.count - 1] |= 1
        return bytes
    }

    static let f4: [UInt8] = [0x01, 0x00, 0x01]

    @Test("modulus size limits, at N and N ± 1")
    func modulusLimits() throws {
        let minimum = RSALimits.minimumModulusBits, maximum = RSALimits.maximumModulusBits
        #expect(minimum == 512 && maximum == 16384)
        #expect(throws: RSAKeyError.modulusTooShort(bits: minimum - 1)) {
            try RSAPublicKey(modulus: Self.oddNumber(bits: minimum - 1), exponent: Self.f4)
        }
        let smallest = try RSAPublicKey(modulus: Self.oddNumber(bits: minimum), exponent: Self.f4)
        #expect(smallest.modulusBitLength == minimum && smallest.modulusByteLength == 64)
        let largest = try RSAPublicKey(modulus: Self.oddNumber(bits: maximum), exponent: Self.f4)
        #expect(largest.modulusBitLength == maximum && largest.modulusByteLength == 2048)
        #expect(throws: RSAKeyError.modulusTooLong(bits: maximum + 1)) {
            try RSAPublicKey(modulus: Self.oddNumber(bits: maximum + 1), exponent: Self.f4)
        }
    }

    @Test("SecTrust size unit: bytes, so a 1017-bit modulus is 128 bytes")
    func byteLength() throws {
        let key = try RSAPublicKey(modulus: Self.oddNumber(bits: 1017), exponent: Self.f4)
        #expect(key.modulusByteLength == RSALimits.minimumPolicyModulusBytes)
        let smaller = try RSAPublicKey(modulus: Self.oddNumber(bits: 1016), exponent: Self.f4)
        #expect(smaller.modulusByteLength == RSALimits.minimumPolicyModulusBytes - 1)
    }

    @Test("exponent rules: odd, above 1, at most 33 bits")
    func exponentRules() throws {
        let n = Self.oddNumber(bits: 2048)
        #expect(throws: RSAKeyError.exponentTooSmall) { try RSAPublicKey(modulus: n, exponent: [0x01]) }
        #expect(throws: RSAKeyError.exponentTooSmall) { try RSAPublicKey(modulus: n, exponent: [0x00]) }
        #expect(throws: RSAKeyError.exponentTooSmall) { try RSAPublicKey(modulus: n, exponent: []) }
        #expect(throws: RSAKeyError.evenExponent) { try RSAPublicKey(modulus: n, exponent: [0x02]) }
        #expect(throws: RSAKeyError.evenExponent) { try RSAPublicKey(modulus: n, exponent: [0x01, 0x00, 0x00]) }
        #expect(try RSAPublicKey(modulus: n, exponent: [0x03]).publicExponent == [0x03])
        let bits = RSALimits.maximumExponentBits
        #expect(try RSAPublicKey(modulus: n, exponent: Self.oddNumber(bits: bits)).publicExponent.count == (bits + 7) / 8)
        #expect(throws: RSAKeyError.exponentTooLong(bits: bits + 1)) {
            try RSAPublicKey(modulus: n, exponent: Self.oddNumber(bits: bits + 1))
        }
    }

    @Test("modulus rules: positive and odd; leading zero bytes ignored")
    func modulusRules() throws {
        #expect(throws: RSAKeyError.nonPositiveModulus) { try RSAPublicKey(modulus: [0, 0], exponent: Self.f4) }
        var even = Self.oddNumber(bits: 2048)
        even[even.count - 1] &= 0xFE
        #expect(throws: RSAKeyError.evenModulus) { try RSAPublicKey(modulus: even, exponent: Self.f4) }
        let padded = try RSAPublicKey(modulus: [0, 0] + Self.oddNumber(bits: 1024), exponent: [0] + Self.f4)
        #expect(padded.modulus == Self.oddNumber(bits: 1024))
        #expect(padded.publicExponent == Self.f4)
    }

    /// `RSAPublicKey` DER around the given INTEGER contents.
    static func der(modulusContent: [UInt8], exponentContent: [UInt8], trailing: [UInt8] = []) -> [UInt8] {
        let body = DEREncoding.length(modulusContent.count).withTag(0x02) + modulusContent
            + DEREncoding.length(exponentContent.count).withTag(0x02) + exponentContent + trailing
        return DEREncoding.length(body.count).withTag(0x30) + body
    }

    @Test("PKCS #1 DER: strict, and canonical re-encoding")
    func der() throws {
        let n = [0x00] + Self.oddNumber(bits: 2048)  // the sign octet, as DER requires
        let good = Self.der(modulusContent: n, exponentContent: Self.f4)
        let key = try RSAPublicKey(pkcs1DER: good[...])
        #expect(key.canonicalPKCS1DER == good)
        #expect(key == (try RSAPublicKey(modulus: n, exponent: Self.f4)))
        // A slice that does not start at 0: offsets stay absolute.
        let shifted = [0xAA, 0xBB] + good
        #expect(try RSAPublicKey(pkcs1DER: shifted[2...]) == key)

        // Negative numbers.
        let negative = Self.der(modulusContent: Array(n.dropFirst()), exponentContent: Self.f4)
        #expect(throws: RSAKeyError.nonPositiveModulus) { try RSAPublicKey(pkcs1DER: negative[...]) }
        let negativeExponent = Self.der(modulusContent: n, exponentContent: [0xFD])
        #expect(throws: RSAKeyError.exponentTooSmall) { try RSAPublicKey(pkcs1DER: negativeExponent[...]) }
        // A redundant leading zero (X.690 §8.3.2), at the modulus content (offset 8).
        let nonMinimal = Self.der(modulusContent: [0x00] + n, exponentContent: Self.f4)
        #expect(throws: RSAKeyError.malformed(DERError(.nonMinimalInteger, at: 8))) {
            try RSAPublicKey(pkcs1DER: nonMinimal[...])
        }
        // A third INTEGER inside the SEQUENCE, and bytes after it.
        let extra = Self.der(modulusContent: n, exponentContent: Self.f4, trailing: [0x02, 0x01, 0x01])
        #expect(throws: RSAKeyError.malformed(DERError(.trailingData, at: extra.count - 3))) {
            try RSAPublicKey(pkcs1DER: extra[...])
        }
        #expect(throws: RSAKeyError.malformed(DERError(.trailingData, at: good.count))) {
            try RSAPublicKey(pkcs1DER: (good + [0x00])[...])
        }
        #expect(throws: RSAKeyError.malformed(DERError(.truncated, at: 0))) {
            try RSAPublicKey(pkcs1DER: good.dropLast())
        }
        #expect(throws: RSAKeyError.malformed(DERError(.missingElement(expected: .sequence), at: 0))) {
            try RSAPublicKey(pkcs1DER: [])
        }
    }

    @Test("canonical DER of a key given without sign octets; equality and hashing by numbers")
    func canonical() throws {
        let key = try RSAPublicKey(modulus: Self.oddNumber(bits: 1024), exponent: [0x03])
        let expected = Self.der(modulusContent: [0x00] + Self.oddNumber(bits: 1024), exponentContent: [0x03])
        #expect(key.canonicalPKCS1DER == expected)
        let same = try RSAPublicKey(pkcs1DER: expected[...])
        #expect(same == key)
        #expect(Set([same, key]).count == 1)
        #expect(key != (try RSAPublicKey(modulus: Self.oddNumber(bits: 1024), exponent: Self.f4)))
        // A 127-byte-long content gets the short length form, 128 the long one.
        #expect(DEREncoding.length(127) == [0x7F])
        #expect(DEREncoding.length(128) == [0x81, 0x80])
        #expect(DEREncoding.length(256) == [0x82, 0x01, 0x00])
    }
}

extension Array where Element == UInt8 {
    /// `tag` followed by these length octets.
    fileprivate func withTag(_ tag: UInt8) -> [UInt8] { [tag] + self }
}
