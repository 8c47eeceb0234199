import Foundation
import Testing
import VouchDER
import VouchTestSupport
import VouchX509

/// Apple's rules for certs-only messages on hand-built SignedData, and the bound of
/// ``X509Limits/maximumCMSCertificates`` at N and N + 1. The certificates are the committed OCSP
/// fixtures (`TestVectors/ocsp`).
@Suite struct CertificatesOnlyCMSRuleTests {
    static func tlv(_ tag: DERTag, _ content: [UInt8]) -> [UInt8] {
        var writer = DERWriter()
        writer.writeElement(tag, content: content)
        return writer.bytes
    }

    static func vector(_ name: String) throws -> [UInt8] {
        try #require(TestData.bytes(TestData.projectRoot.appendingPathComponent("TestVectors/ocsp/\(name)").path))
    }

    static let signedDataOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
    static let dataOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]

    /// A ContentInfo around a SignedData whose `certificates [0]` holds `choices` (absent when
    /// `nil`) and whose signerInfos holds `signers`; also the offset of the first choice.
    static func message(
        choices: [[UInt8]]?, signers: [UInt8] = [], contentType: [UInt8] = signedDataOID, crls: [UInt8]? = nil,
        version: [UInt8] = [0x02, 0x01, 0x01]
    ) -> (bytes: [UInt8], firstChoice: Int) {
        let head = version + tlv(.set, []) + tlv(.sequence, tlv(.objectIdentifier, dataOID))
        let certificates = choices.map { tlv(.contextSpecific(0, constructed: true), Array($0.joined())) } ?? []
        let tail = (crls.map { tlv(.contextSpecific(1, constructed: true), $0) } ?? []) + tlv(.set, signers)
        let signedData = tlv(.sequence, head + certificates + tail)
        let bytes = tlv(.sequence, tlv(.objectIdentifier, contentType) + tlv(.contextSpecific(0, constructed: true), signedData))
        // The choices' content ends where the tail starts; count back from the end.
        let firstChoice = bytes.count - tail.count - (choices.map { Array($0.joined()).count } ?? 0)
        return (bytes, firstChoice)
    }

    @Test("maximumCMSCertificates choices are read; one more is refused at its offset")
    func bound() throws {
        let limit = X509Limits.maximumCMSCertificates
        let ca = try Self.vector("ca.der"), leaf = try Self.vector("leaf.der")
        let atLimit = Self.message(choices: [ca, leaf] + Array(repeating: ca, count: limit - 2))
        // DER-equal duplicates are dropped (MessageSecurity returns a set), the order kept.
        let certificates = try CertificatesOnlyCMS.certificates(in: atLimit.bytes)
        #expect(certificates.map { Array($0.derEncoded) } == [ca, leaf])
        let past = Self.message(choices: [ca, leaf] + Array(repeating: ca, count: limit - 1))
        let error = try #require(throws: X509Error.self) { try CertificatesOnlyCMS.certificates(in: past.bytes) }
        #expect(error.kind == .tooManyElements(maximum: limit))
        #expect(error.field == .cmsCertificates)
        #expect(error.offset == past.firstChoice + ca.count + leaf.count + (limit - 2) * ca.count)
    }

    @Test("signers refuse the message (certs-only means no SignerInfo)")
    func signers() throws {
        let ca = try Self.vector("ca.der")
        let built = Self.message(choices: [ca], signers: Self.tlv(.sequence, Self.tlv(.integer, [1])))
        let error = try #require(throws: X509Error.self) { try CertificatesOnlyCMS.certificates(in: built.bytes) }
        #expect(error.kind == .notCertificatesOnlyCMS && error.field == .signerInfos)
        // signerInfos is the last 7 octets: 31 05 30 03 02 01 01.
        #expect(error.offset == built.bytes.count - 7)
    }

    @Test("another content type is refused at its OID")
    func contentType() throws {
        let built = Self.message(choices: [try Self.vector("ca.der")], contentType: Self.dataOID)
        let error = try #require(throws: X509Error.self) { try CertificatesOnlyCMS.certificates(in: built.bytes) }
        #expect(error.kind == .notCertificatesOnlyCMS && error.field == .contentInfo)
        #expect(error.offset == 4)
    }

    @Test("no certificates, absent or empty, is refused")
    func noCertificates() throws {
        for choices in [nil, []] as [[[UInt8]]?] {
            let built = Self.message(choices: choices)
            let error = try #require(throws: X509Error.self) { try CertificatesOnlyCMS.certificates(in: built.bytes) }
            #expect(error.kind == .notCertificatesOnlyCMS && error.field == .cmsCertificates)
        }
    }

    @Test("a certificate that does not parse and other CertificateChoices are skipped")
    func skipped() throws {
        let ca = try Self.vector("ca.der"), leaf = try Self.vector("leaf.der")
        // A SEQUENCE whose first field is not a TBSCertificate.
        let broken = Self.tlv(.sequence, Self.tlv(.integer, [0]))
        let attributeCertificate = Self.tlv(.contextSpecific(2, constructed: true), Self.tlv(.sequence, []))
        let built = Self.message(choices: [broken, attributeCertificate, ca, leaf])
        let certificates = try CertificatesOnlyCMS.certificates(in: built.bytes)
        #expect(certificates.map { Array($0.derEncoded) } == [ca, leaf])
        // With nothing else, the broken certificate's own error is thrown, at its absolute offset.
        let alone = Self.message(choices: [broken, attributeCertificate])
        let error = try #require(throws: X509Error.self) { try CertificatesOnlyCMS.certificates(in: alone.bytes) }
        #expect(error.field == .tbsCertificate)
        #expect(error.offset == alone.firstChoice + 2)
    }

    @Test("crls are ignored but must be well formed")
    func crls() throws {
        let ca = try Self.vector("ca.der")
        let good = Self.message(choices: [ca], crls: Self.tlv(.sequence, [0x05, 0x00]))
        #expect(try CertificatesOnlyCMS.certificates(in: good.bytes).count == 1)
        let bad = Self.message(choices: [ca], crls: [0x30, 0x05, 0x05, 0x00])
        let error = try #require(throws: X509Error.self) { try CertificatesOnlyCMS.certificates(in: bad.bytes) }
        #expect(error.field == .crls && error.kind == .malformed(.truncated))
    }

    @Test("indefinite lengths nested past DERLimits.maximumNestingDepth are refused, not recursed into")
    func nesting() throws {
        let ca = try Self.vector("ca.der")
        let depth = 10_000
        let deep = Array(repeating: [UInt8]([0x30, 0x80]), count: depth).joined() + Array(repeating: 0, count: 2 * depth)
        let built = Self.message(choices: [ca], crls: Array(deep))
        let error = try #require(throws: X509Error.self) { try CertificatesOnlyCMS.certificates(in: built.bytes) }
        #expect(error.kind == .malformed(.nestingTooDeep))
    }

    @Test("BER freedoms are for the outer layers: a primitive with the indefinite form is refused")
    func indefinitePrimitive() throws {
        let ca = try Self.vector("ca.der")
        let bytes = Self.message(choices: [ca], version: [0x02, 0x80, 0x01, 0x00, 0x00]).bytes
        let error = try #require(throws: X509Error.self) { try CertificatesOnlyCMS.certificates(in: bytes) }
        #expect(error.kind == .malformed(.indefiniteLength))
    }

    @Test("BER's non-minimal definite lengths are accepted on the outer layers")
    func nonMinimalLength() throws {
        let ca = try Self.vector("ca.der")
        let bytes = Self.message(choices: [ca]).bytes
        try #require(bytes[1] == 0x82)
        let longForm = [0x30, 0x84, 0x00, 0x00] + bytes[2...]
        #expect(try CertificatesOnlyCMS.certificates(in: Array(longForm)).map { Array($0.derEncoded) } == [ca])
        // Five length octets are past DERLimits.maximumLengthOctets.
        let tooLong = [0x30, 0x85, 0x00, 0x00, 0x00] + bytes[2...]
        let error = try #require(throws: X509Error.self) { try CertificatesOnlyCMS.certificates(in: Array(tooLong)) }
        #expect(error.kind == .malformed(.lengthTooLong) && error.offset == 1)
    }

    @Test("error messages name the rule")
    func descriptions() {
        let error = X509Error(.notCertificatesOnlyCMS, in: .signerInfos, at: 7)
        #expect(error.description == "offset 7: signerInfos: not a certificates-only CMS SignedData (RFC 5652 §5)")
    }
}
