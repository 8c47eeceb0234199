import Testing
import VouchDER
import VouchTestSupport
import VouchX509

/// TrustedCertificate: a certificate then its X509_CERT_AUX, read alone or from every block of a
/// PEM text, with errors that name the block and the absolute offset.
@Suite struct TrustedCertificateTests {
    /// The example root's DER (a committed vector).
    static let root: [UInt8] = TestData.bytes(TestData.projectRoot.appendingPathComponent("TestVectors/example/root.der").path) ?? []
    /// `trust=[serverAuth] alias=A`.
    static let aux = hexBytes("30 0F 30 0A 06 08 2B 06 01 05 05 07 03 01 0C 01 41")

    @Test func certificateAloneHasNoAuxiliary() throws {
        let trusted = try TrustedCertificate(derEncoded: Self.root[...])
        #expect(trusted.auxiliary == nil)
        #expect(trusted.certificate.derEncoded.elementsEqual(Self.root))
    }

    @Test func certificateThenAuxiliary() throws {
        let trusted = try TrustedCertificate(derEncoded: (Self.root + Self.aux)[...])
        #expect(trusted.certificate.derEncoded.elementsEqual(Self.root))
        #expect(trusted.auxiliary.map(render) == "trust=[1.3.6.1.5.5.7.3.1] alias=A")
    }

    @Test(arguments: [
        // What follows the certificate must be one X509_CERT_AUX; offsets count from the certificate's first byte.
        ("05 00", X509Error.Field.trustAuxiliary, DERError.Kind.unexpectedTag(expected: .sequence, found: .null), 0),
        ("30 00 00", .trustAuxiliary, .trailingData, 2),
        ("30 0F 30 0A 06 08 2B 06 01 05 05 07 03", .trustAuxiliary, .truncated, 0),
        ("30 03 30 01 06", .trustedPurposes, .truncated, 5),  // an OID tag without its length
        ("30 04 A0 02 06 00", .rejectedPurposes, .invalidObjectIdentifier, 6),
    ])
    func malformedAuxiliary(hex: String, field: X509Error.Field, kind: DERError.Kind, offset: Int) {
        let expected = X509Error(.malformed(kind), in: field, at: Self.root.count + offset)
        #expect(throws: expected) { try TrustedCertificate(derEncoded: (Self.root + hexBytes(hex))[...]) }
    }

    @Test func malformedCertificateIsACertificateError() {
        // A truncated certificate: the error is the certificate's, not the aux's.
        let bytes = Array(Self.root.dropLast())
        #expect(throws: X509Error(.malformed(.truncated), in: .certificate, at: 0)) {
            try TrustedCertificate(derEncoded: bytes[...])
        }
    }

    /// A PEM text: a CERTIFICATE, an unrelated block, a TRUSTED CERTIFICATE with aux, one without.
    static var mixedPEM: String {
        "leading text\n" + PEM.encode(root) + PEM.encode([0x30, 0x00], label: "PUBLIC KEY") + "between\n"
            + PEM.encode(root + aux, label: "TRUSTED CERTIFICATE") + PEM.encode(root, label: "TRUSTED CERTIFICATE")
            + PEM.encode(root + [0x05, 0x00], label: "X509 CERTIFICATE")
    }

    @Test func readsEveryCertificateBlockWithItsAuxiliary() throws {
        let trusted = try TrustedCertificate.certificates(inPEM: Array(Self.mixedPEM.utf8)[...])
        #expect(trusted.count == 4)
        #expect(trusted.allSatisfy { $0.certificate.derEncoded.elementsEqual(Self.root) })
        #expect(trusted.map { $0.auxiliary.map(render) ?? "nil" } == ["nil", "trust=[1.3.6.1.5.5.7.3.1] alias=A", "nil", "nil"])
    }

    @Test func pemCertificatesKeepsItsBehaviour() throws {
        // PEM.certificates still returns every certificate block's whole content, aux included.
        let der = try PEM.certificates(in: Array(Self.mixedPEM.utf8)[...])
        #expect(der == [Self.root, Self.root + Self.aux, Self.root, Self.root + [0x05, 0x00]])
        // and Certificate(derEncoded:) still ignores what follows the certificate.
        #expect(try Certificate(derEncoded: der[1]).derEncoded.elementsEqual(Self.root))
    }

    @Test func errorNamesTheBlockAndTheOffset() throws {
        let bad = PEM.encode(Self.root + [0x30, 0x03, 0x30, 0x01, 0x06], label: "TRUSTED CERTIFICATE")
        let prefix = PEM.encode(Self.root) + PEM.encode([0x30, 0x00], label: "PUBLIC KEY")
        let text = Array((prefix + bad).utf8)
        let expected = TrustedCertificateError.block(
            index: 2, textOffset: prefix.utf8.count,
            X509Error(.malformed(.truncated), in: .trustedPurposes, at: Self.root.count + 5))
        #expect(throws: expected) { try TrustedCertificate.certificates(inPEM: text[...]) }
        #expect(
            expected.description
                == "PEM block 2 (text offset \(prefix.utf8.count)): offset \(Self.root.count + 5): trust: "
                + "truncated: the input ends before the element does (X.690 §8.1)")
    }

    @Test func badCertificateInAPlainBlockNamesTheBlock() {
        let text = Array((PEM.encode(Self.root) + PEM.encode([0x30, 0x00])).utf8)
        let expected = TrustedCertificateError.block(
            index: 1, textOffset: PEM.encode(Self.root).utf8.count,
            X509Error(.malformed(.missingElement(expected: .sequence)), in: .tbsCertificate, at: 2))
        #expect(throws: expected) { try TrustedCertificate.certificates(inPEM: text[...]) }
    }

    @Test func malformedPEMIsAPEMError() {
        let text = Array("-----BEGIN TRUSTED CERTIFICATE-----\nMAA=\n".utf8)
        do {
            _ = try TrustedCertificate.certificates(inPEM: text[...])
            Issue.record("a block without its END line was read")
        } catch {
            guard case .pem(let pemError) = error else { Issue.record("not a PEM error: \(error)"); return }
            #expect(pemError.kind == .missingEnd && pemError.offset == 0)
            #expect(error.description == "PEM: offset 0: PEM block has no matching -----END line")
        }
    }

    @Test func textWithoutBlocksGivesNothing() throws {
        #expect(try TrustedCertificate.certificates(inPEM: Array("no PEM here\n".utf8)[...]).isEmpty)
    }
}
