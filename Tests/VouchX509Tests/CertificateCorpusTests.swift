import VouchTestSupport
import Testing
import VouchDER
import VouchX509

/// Every real certificate parses, or is rejected for a listed reason that Apple shares.
@Suite("Certificate corpus")
struct CertificateCorpusTests {
    @Test("every certificate of the system bundle parses",
          .enabled(if: TestData.exists(TestData.systemBundle), "no \(TestData.systemBundle): run scripts/setup"))
    func systemBundle() throws {
        #expect(TestData.systemCertificates.count >= 100)
        for (index, der) in TestData.systemCertificates.enumerated() {
            let certificate = try Certificate(derEncoded: der)
            #expect(certificate.derEncoded.count == der.count, "certificate \(index)")
        }
    }

    @Test("every certificate file of cryptography-vectors x509/ parses or fails as listed",
          .enabled(if: TestData.exists(TestData.cryptographyX509), MissingData.cryptographyVectors))
    func cryptographyVectors() throws {
        var unexpected: [String] = []
        var parsed = 0
        for file in TestData.files(under: TestData.cryptographyX509) where Self.isCertificateFile(file) {
            guard let bytes = TestData.bytes(TestData.cryptographyX509 + "/" + file),
                let documents = try? DERDocument.documents(in: bytes[...])
            else { continue }
            for document in documents where document.label.map(PEM.certificateLabels.contains) ?? true {
                let key = document.index == 0 ? file : "\(file)#\(document.index)"
                let outcome: String
                do {
                    _ = try Certificate(derEncoded: document.der)
                    outcome = "parsed"
                    parsed += 1
                } catch {
                    outcome = "\(error)"
                }
                let expected = Self.rejected[key] ?? "parsed"
                if outcome != expected { unexpected.append("\"\(key)\": \"\(outcome)\",  // expected \(expected)") }
            }
        }
        #expect(parsed > 300)
        #expect(unexpected.isEmpty, "outcomes that differ from the table:\n\(unexpected.joined(separator: "\n"))")
    }

    /// Certificates, not CRLs, CSRs, OCSP, PKCS #12 or S/MIME.
    static func isCertificateFile(_ file: String) -> Bool {
        let excluded = ["ocsp/", "requests/", "PKITS_data/crls/", "PKITS_data/pkcs12/", "PKITS_data/smime/",
                        "PKITS_data/certpairs/", "PKITS_data/pkits", "PKITS_data/ReadMe", "crl_"]
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return !excluded.contains { file.hasPrefix($0) || name.hasPrefix($0) }
    }

    /// Every certificate file SecCertificateCreateWithData rejects too (SECTRUST.md §10), and why.
    static let rejected: [String: String] = [
        // A UTCTime with a four-digit year: not an accepted time form (§6).
        "badasn1time.pem": "offset 107: validity: time not in an accepted form (RFC 5280 §4.1.2.5)",
        // Not a certificate: a bare TBSCertificate (the precertificate test input).
        "cryptography-scts-tbs-precert.der": "offset 4: tbsCertificate: expected SEQUENCE, found [0] constructed",
        // A critical known extension that does not parse rejects the certificate (§10).
        "custom/inhibit_any_policy_negative.pem":
            "offset 479: extensionValue: critical extension inhibitAnyPolicy does not parse: INTEGER out of range for this field",
        // A name attribute value with a high-tag-number tag: VouchDER reads the low-tag form only
        // unless a caller opts in, and the certificate parser does not (pyca rejects it too).
        "custom/long-form-name-attribute.pem": "offset 42: issuer: high-tag-number form not allowed here (tag number ≥ 31)",
        // An explicit version other than v2/v3 (§10).
        "custom/invalid_version.pem": "offset 10: version: version must be absent (v1), 1 (v2) or 2 (v3) (RFC 5280 §4.1.2.1)",
    ]
}
