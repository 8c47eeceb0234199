import Foundation
import Testing
import VouchDER
import VouchTestSupport
import VouchX509

/// The bodies a caIssuers URL may serve (SECTRUST.md §16.2 item 3, §16.8 item 7), decoded as
/// trustd's `certificatesFromData`: DER (trailing bytes ignored), certs-only CMS, PEM; anything
/// else is no answer.
@Suite struct FetchedCertificatesTests {
    static func vector(_ name: String) throws -> [UInt8] {
        try #require(TestData.bytes(TestData.projectRoot.appendingPathComponent("TestVectors/ocsp/\(name)").path))
    }

    @Test("one DER certificate, with or without bytes after it")
    func der() throws {
        let ca = try Self.vector("ca.der")
        #expect(FetchedCertificates.parse(ca)?.map { Array($0.derEncoded) } == [ca])
        // Apple's SecCertificateParse cuts _der.length to the first element: the junk is dropped.
        let junk = Array("\n<html>not found</html>\n".utf8)
        #expect(FetchedCertificates.parse(ca + junk)?.map { Array($0.derEncoded) } == [ca])
        #expect(FetchedCertificates.parse(ca + ca)?.count == 1)
    }

    @Test("a certs-only CMS message: all its certificates")
    func cms() throws {
        let ca = try Self.vector("ca.der"), leaf = try Self.vector("leaf.der"), responder = try Self.vector("responder.der")
        let message = CertificatesOnlyCMSRuleTests.message(choices: [ca, leaf, responder]).bytes
        #expect(FetchedCertificates.parse(message)?.map { Array($0.derEncoded) } == [ca, leaf, responder])
    }

    @Test("one PEM certificate, the first CERTIFICATE block, text around it ignored")
    func pem() throws {
        let ca = try Self.vector("ca.der"), leaf = try Self.vector("leaf.der")
        let text = "Here is our CA:\r\n" + PEM.encode(ca) + PEM.encode(leaf) + "-----BEGIN JUNK-----\nno end\n"
        #expect(FetchedCertificates.parse(Array(text.utf8))?.map { Array($0.derEncoded) } == [ca])
        let crlf = PEM.encode(ca).replacingOccurrences(of: "\n", with: "\r\n")
        #expect(FetchedCertificates.parse(Array(crlf.utf8))?.count == 1)
        // Apple searches for BEGIN CERTIFICATE only: other labels are not read.
        #expect(FetchedCertificates.parse(Array(PEM.encode(ca, label: "TRUSTED CERTIFICATE").utf8)) == nil)
        #expect(FetchedCertificates.parse(Array(PEM.encode(ca, label: "X509 CERTIFICATE").utf8)) == nil)
        // Dashes and near-matches before the block: found all the same (the search's worst inputs).
        let noise = String(repeating: "-", count: 5_000) + String(repeating: "-----BEGIN CERTIFICATE----X", count: 100)
        #expect(FetchedCertificates.parse(Array((noise + "\n" + PEM.encode(ca)).utf8))?.count == 1)
        #expect(FetchedCertificates.parse(Array((noise + "-----END CERTIFICATE-----").utf8)) == nil)
    }

    @Test("HTML, empty, garbage and a CERTIFICATE block that is not one: nil")
    func nothing() throws {
        let html = "<!DOCTYPE html><html><head><title>404 Not Found</title></head><body>nope</body></html>"
        #expect(FetchedCertificates.parse(Array(html.utf8)) == nil)
        #expect(FetchedCertificates.parse([]) == nil)
        #expect(FetchedCertificates.parse([0x30]) == nil)
        #expect(FetchedCertificates.parse([0x30, 0x80, 0x00, 0x00]) == nil)
        #expect(FetchedCertificates.parse(Array(repeating: 0xFF, count: 100)) == nil)
        #expect(FetchedCertificates.parse(Array(PEM.encode([0x30, 0x00]).utf8)) == nil)
        let cut = try Self.vector("ca.der").dropLast()
        #expect(FetchedCertificates.parse(Array(cut)) == nil)
    }
}
