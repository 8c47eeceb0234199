import Testing
import VouchDER
@testable import VouchCrypto

/// ``RSAPSSParameters/init(der:)`` (RFC 4055 §3.1) case by case, with the offsets of the errors.
@Suite("RSA PSS parameters")
struct RSAPSSParametersTests {
    /// A TLV.
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag] + DEREncoding.length(content.count) + content }

    static let sha256OID = tlv(0x06, [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01])
    static let sha1OID = tlv(0x06, [0x2b, 0x0e, 0x03, 0x02, 0x1a])
    static let md5OID = tlv(0x06, [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x02, 0x05])
    static let mgf1OID = tlv(0x06, [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x08])
    static let null: [UInt8] = [0x05, 0x00]

    static func parse(_ bytes: [UInt8]) throws(RSAPSSParametersError) -> RSAPSSParameters {
        try RSAPSSParameters(der: bytes[...])
    }

    @Test("an empty SEQUENCE means the RFC 4055 defaults")
    func defaults() throws {
        #expect(try Self.parse([0x30, 0x00]) == RSAPSSParameters(hash: .sha1, mgf1Hash: .sha1, saltLength: 20, trailerField: 1))
        #expect(RSAPSSParameters.rfc4055Defaults == (try Self.parse([0x30, 0x00])))
    }

    @Test("the usual SHA-256 set, with NULL or absent hash parameters")
    func sha256() throws {
        let withNull = try #require(CryptoTestData.hex(
            "3034a00f300d06096086480165030402010500a11c301a06092a864886f70d010108300d06096086480165030402010500a203020120"))
        let expected = RSAPSSParameters(hash: .sha256, mgf1Hash: .sha256, saltLength: 32)
        #expect(try Self.parse(withNull) == expected)
        let hash = Self.tlv(0x30, Self.sha256OID)
        let absent = Self.tlv(0x30, Self.tlv(0xa0, hash) + Self.tlv(0xa1, Self.tlv(0x30, Self.mgf1OID + hash))
            + Self.tlv(0xa2, [0x02, 0x01, 0x20]))
        #expect(try Self.parse(absent) == expected)
    }

    @Test("explicitly encoded DEFAULT values are accepted with their meaning")
    func explicitDefaults() throws {
        let hash = Self.tlv(0x30, Self.sha1OID + Self.null)
        let all = Self.tlv(0x30, Self.tlv(0xa0, hash) + Self.tlv(0xa1, Self.tlv(0x30, Self.mgf1OID + hash))
            + Self.tlv(0xa2, [0x02, 0x01, 0x14]) + Self.tlv(0xa3, [0x02, 0x01, 0x01]))
        #expect(try Self.parse(all) == .rfc4055Defaults)
        #expect(try Self.parse(Self.tlv(0x30, Self.tlv(0xa2, [0x02, 0x01, 0x00]))).saltLength == 0)
    }

    @Test("rejections, each at its offset")
    func rejections() {
        // [0] holding md5: the OID is at offset 4 (30 L a0 L 30 L 06…).
        let md5 = Self.tlv(0x30, Self.tlv(0xa0, Self.tlv(0x30, Self.md5OID + Self.null)))
        #expect(throws: RSAPSSParametersError(.unsupportedHashAlgorithm, at: 6)) { try Self.parse(md5) }
        // Hash parameters that are an INTEGER, after the 11-byte sha256 OID at offset 6.
        let integerParameters = Self.tlv(0x30, Self.tlv(0xa0, Self.tlv(0x30, Self.sha256OID + [0x02, 0x01, 0x00])))
        #expect(throws: RSAPSSParametersError(.invalidHashParameters, at: 17)) { try Self.parse(integerParameters) }
        // A NULL with content.
        let badNull = Self.tlv(0x30, Self.tlv(0xa0, Self.tlv(0x30, Self.sha256OID + [0x05, 0x01, 0x00])))
        #expect(throws: RSAPSSParametersError(.malformed(DERError(.invalidNull, at: 19)), at: 19)) { try Self.parse(badNull) }
        // A mask generation function that is not MGF1 (1.2.840.113549.1.1.9).
        let notMGF1 = Self.tlv(0x30, Self.tlv(0xa1, Self.tlv(0x30,
            Self.tlv(0x06, [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x09]) + Self.tlv(0x30, Self.sha256OID))))
        #expect(throws: RSAPSSParametersError(.unsupportedMaskGenerationFunction, at: 6)) { try Self.parse(notMGF1) }
        // MGF1 without its hash: missing right after the OID (offset 6 + 11).
        let bareMGF1 = Self.tlv(0x30, Self.tlv(0xa1, Self.tlv(0x30, Self.mgf1OID)))
        #expect(throws: RSAPSSParametersError(.malformed(DERError(.missingElement(expected: .sequence), at: 17)), at: 17)) {
            try Self.parse(bareMGF1)
        }
        // MGF1 whose hash is md5.
        let mgf1MD5 = Self.tlv(0x30, Self.tlv(0xa1, Self.tlv(0x30, Self.mgf1OID + Self.tlv(0x30, Self.md5OID))))
        #expect(throws: RSAPSSParametersError(.unsupportedHashAlgorithm, at: 19)) { try Self.parse(mgf1MD5) }
        // A negative salt length, and one of 2^64.
        #expect(throws: RSAPSSParametersError(.saltLengthOutOfRange, at: 4)) {
            try Self.parse(Self.tlv(0x30, Self.tlv(0xa2, [0x02, 0x01, 0xff])))
        }
        #expect(throws: RSAPSSParametersError(.saltLengthOutOfRange, at: 4)) {
            try Self.parse(Self.tlv(0x30, Self.tlv(0xa2, [0x02, 0x09, 0x01, 0, 0, 0, 0, 0, 0, 0, 0])))
        }
        // Trailer field 2, and 0.
        #expect(throws: RSAPSSParametersError(.unsupportedTrailerField, at: 4)) {
            try Self.parse(Self.tlv(0x30, Self.tlv(0xa3, [0x02, 0x01, 0x02])))
        }
        #expect(throws: RSAPSSParametersError(.unsupportedTrailerField, at: 4)) {
            try Self.parse(Self.tlv(0x30, Self.tlv(0xa3, [0x02, 0x01, 0x00])))
        }
    }

    @Test("DER structure: order, trailing bytes, implicit tags")
    func structure() {
        // [2] before [0]: after [2] is read, [0] is left over.
        let hash = Self.tlv(0xa0, Self.tlv(0x30, Self.sha256OID))
        let outOfOrder = Self.tlv(0x30, Self.tlv(0xa2, [0x02, 0x01, 0x20]) + hash)
        #expect(throws: RSAPSSParametersError(.malformed(DERError(.trailingData, at: 7)), at: 7)) { try Self.parse(outOfOrder) }
        #expect(throws: RSAPSSParametersError(.malformed(DERError(.trailingData, at: 2)), at: 2)) {
            try Self.parse([0x30, 0x00, 0x00])
        }
        // Implicit instead of explicit tagging of the salt length: a primitive [2] is not the
        // constructed [2] the field needs, so it is not read as one and is left over.
        #expect(throws: RSAPSSParametersError(.malformed(DERError(.trailingData, at: 2)), at: 2)) {
            try Self.parse([0x30, 0x03, 0x82, 0x01, 0x20])
        }
        #expect(throws: RSAPSSParametersError(.malformed(DERError(.missingElement(expected: .sequence), at: 0)), at: 0)) {
            try Self.parse([])
        }
    }
}
