import Foundation
import Testing
import VouchDER
import VouchTestSupport
import VouchX509

/// The bounds of an OCSP response's lists, at N and N + 1: ``X509Limits/maximumOCSPResponseCertificates``
/// certificates and ``X509Limits/maximumOCSPSingleResponses`` single responses parse; one more is
/// refused with ``X509Error/Kind/tooManyElements(maximum:)`` at the offset of the element past it.
@Suite struct OCSPResponseLimitTests {
    static func tlv(_ tag: DERTag, _ content: [UInt8]) -> [UInt8] {
        var writer = DERWriter()
        writer.writeElement(tag, content: content)
        return writer.bytes
    }

    static let generalizedTime = DERTag(.universal, 24, constructed: false)

    /// A SingleResponse about serial 1 (SHA-1 CertID of zeros), good, thisUpdate 2026-06-01.
    static let single: [UInt8] = tlv(.sequence,
        tlv(.sequence,
            tlv(.sequence, tlv(.objectIdentifier, [0x2B, 0x0E, 0x03, 0x02, 0x1A]) + [0x05, 0x00])
            + tlv(.octetString, Array(repeating: 0, count: 20)) + tlv(.octetString, Array(repeating: 0, count: 20))
            + tlv(DERTag(.universal, 2, constructed: false), [1]))
        + [0x80, 0x00] + tlv(generalizedTime, Array("20260601000000Z".utf8)))

    /// `single` with `count` singleExtensions of distinct OIDs (1.3.6.1.4.1.55555.n), values empty.
    static func single(extensions count: Int) -> [UInt8] {
        let list = (0..<count).map { index in
            tlv(.sequence, tlv(.objectIdentifier, [0x2B, 0x06, 0x01, 0x04, 0x01, 0x83, 0xB2, 0x23, UInt8(index)]) + tlv(.octetString, []))
        }
        return tlv(.sequence, Array(single.dropFirst(2)) + tlv(.contextSpecific(1, constructed: true), tlv(.sequence, Array(list.joined()))))
    }

    /// A BasicOCSPResponse with `singles` single responses and `certificates` copies of a certificate.
    static func basic(singles: Int, certificates: Int, single: [UInt8] = single) throws -> (bytes: [UInt8], certificate: [UInt8]) {
        let path = TestData.projectRoot.appendingPathComponent("TestVectors/ocsp/responder.der").path
        let certificate = try #require(TestData.bytes(path))
        let responseData = tlv(.sequence,
            tlv(.contextSpecific(2, constructed: true), tlv(.octetString, Array(repeating: 7, count: 20)))
            + tlv(generalizedTime, Array("20260601000000Z".utf8))
            + tlv(.sequence, Array(Array(repeating: single, count: singles).joined())))
        let ecdsaWithSHA256: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02]
        var body = responseData + tlv(.sequence, tlv(.objectIdentifier, ecdsaWithSHA256)) + tlv(.bitString, [0, 1, 2])
        if certificates > 0 {
            body += tlv(.contextSpecific(0, constructed: true), tlv(.sequence, Array(Array(repeating: certificate, count: certificates).joined())))
        }
        return (tlv(.sequence, body), certificate)
    }

    @Test("at most maximumOCSPResponseCertificates certificates")
    func certificates() throws {
        let limit = X509Limits.maximumOCSPResponseCertificates
        let (atLimit, certificate) = try Self.basic(singles: 1, certificates: limit)
        #expect(try BasicOCSPResponse(derEncoded: atLimit[...]).certificates.count == limit)
        let (past, _) = try Self.basic(singles: 1, certificates: limit + 1)
        let error = try #require(throws: X509Error.self) { try BasicOCSPResponse(derEncoded: past[...]) }
        #expect(error.kind == .tooManyElements(maximum: limit))
        #expect(error.field == .ocspCertificates)
        // The offset is the start of the certificate past the limit: the end minus one certificate.
        #expect(error.offset == past.count - certificate.count)
    }

    @Test("at most maximumOCSPSingleResponses single responses")
    func singleResponses() throws {
        let limit = X509Limits.maximumOCSPSingleResponses
        let (atLimit, _) = try Self.basic(singles: limit, certificates: 0)
        #expect(try BasicOCSPResponse(derEncoded: atLimit[...]).responses.count == limit)
        let (past, _) = try Self.basic(singles: limit + 1, certificates: 0)
        let error = try #require(throws: X509Error.self) { try BasicOCSPResponse(derEncoded: past[...]) }
        #expect(error.kind == .tooManyElements(maximum: limit))
        #expect(error.field == .singleResponse)
        #expect(error.description.contains("more than \(limit) elements"))
    }
}

extension OCSPResponseLimitTests {
    @Test("at most maximumOCSPExtensions extensions in a single response's list")
    func extensions() throws {
        let limit = X509Limits.maximumOCSPExtensions
        #expect(Self.single.count < 128)  // a short form length, as single(extensions:) assumes
        let (atLimit, _) = try Self.basic(singles: 1, certificates: 0, single: Self.single(extensions: limit))
        #expect(try BasicOCSPResponse(derEncoded: atLimit[...]).responses[0].extensions.count == limit)
        let (past, _) = try Self.basic(singles: 1, certificates: 0, single: Self.single(extensions: limit + 1))
        let error = try #require(throws: X509Error.self) { try BasicOCSPResponse(derEncoded: past[...]) }
        #expect(error.kind == .tooManyElements(maximum: limit))
        #expect(error.field == .singleExtensions)
    }
}

extension OCSPResponseLimitTests {
    /// A BasicOCSPResponse with one single response and `count` responseExtensions of distinct
    /// OIDs (1.3.6.1.4.1.55555.n), values empty.
    static func basic(responseExtensions count: Int) -> [UInt8] {
        let list = (0..<count).map { index in
            tlv(.sequence, tlv(.objectIdentifier, [0x2B, 0x06, 0x01, 0x04, 0x01, 0x83, 0xB2, 0x23, UInt8(index)]) + tlv(.octetString, []))
        }
        let responseData = tlv(.sequence,
            tlv(.contextSpecific(2, constructed: true), tlv(.octetString, Array(repeating: 7, count: 20)))
            + tlv(generalizedTime, Array("20260601000000Z".utf8))
            + tlv(.sequence, single)
            + tlv(.contextSpecific(1, constructed: true), tlv(.sequence, Array(list.joined()))))
        let ecdsaWithSHA256: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02]
        return tlv(.sequence, responseData + tlv(.sequence, tlv(.objectIdentifier, ecdsaWithSHA256)) + tlv(.bitString, [0, 1, 2]))
    }

    @Test("at most maximumOCSPExtensions responseExtensions")
    func responseExtensions() throws {
        let limit = X509Limits.maximumOCSPExtensions
        #expect(try BasicOCSPResponse(derEncoded: Self.basic(responseExtensions: limit)[...]).extensions.count == limit)
        let past = Self.basic(responseExtensions: limit + 1)
        let error = try #require(throws: X509Error.self) { try BasicOCSPResponse(derEncoded: past[...]) }
        #expect(error.kind == .tooManyElements(maximum: limit))
        #expect(error.field == .responseExtensions)
    }
}
