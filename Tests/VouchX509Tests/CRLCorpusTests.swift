import VouchTestSupport
import Testing
import VouchDER
import VouchX509

/// Every CRL of cryptography-vectors (x509/custom/crl_* and the 173 PKITS CRLs) parses, or is
/// rejected for the listed reason.
@Suite("CRL corpus")
struct CRLCorpusTests {
    @Test("every CRL file of cryptography-vectors parses or fails as listed",
          .enabled(if: TestData.exists(TestData.cryptographyX509), MissingData.cryptographyVectors))
    func cryptographyVectors() throws {
        var unexpected: [String] = []
        var parsed = 0, rejected = 0, files = 0
        for file in TestData.files(under: TestData.cryptographyX509) where Self.isCRLFile(file) {
            files += 1
            guard let bytes = TestData.bytes(TestData.cryptographyX509 + "/" + file),
                let documents = try? DERDocument.documents(in: bytes[...])
            else {
                unexpected.append("\"\(file)\": unreadable")
                continue
            }
            for document in documents where document.label.map({ $0 == "X509 CRL" }) ?? true {
                let key = document.index == 0 ? file : "\(file)#\(document.index)"
                let outcome: String
                do {
                    let crl = try CertificateRevocationList(derEncoded: document.der)
                    #expect(crl.derEncoded.count == document.der.count, "\(key)")
                    outcome = "parsed"
                    parsed += 1
                } catch {
                    outcome = "\(error)"
                    rejected += 1
                }
                let expected = Self.rejected[key] ?? "parsed"
                if outcome != expected { unexpected.append("\"\(key)\": \"\(outcome)\",  // expected \(expected)") }
            }
        }
        #expect(files == 197, "CRL files found: \(files)")
        #expect(parsed == files - Self.rejected.count, "parsed \(parsed), rejected \(rejected)")
        #expect(unexpected.isEmpty, "outcomes that differ from the table:\n\(unexpected.joined(separator: "\n"))")
    }

    /// The PKITS CRLs and the custom `crl_*` files.
    static func isCRLFile(_ file: String) -> Bool {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return file.hasPrefix("PKITS_data/crls/") || (file.hasPrefix("custom/") && name.hasPrefix("crl_"))
    }

    /// Every CRL file Vouch rejects, and why.
    static let rejected: [String: String] = [
        // version INTEGER 2 (v3): a CRL's version, when present, can only be v2 (RFC 5280 §5.1.2.1).
        "custom/crl_bad_version.pem": "offset 7: version: CRL version must be absent (v1) or 1 (v2) (RFC 5280 §5.1.2.1)",
        // reasonCode twice in one entry: no extension may appear twice in one list (RFC 5280 §4.2).
        "custom/crl_dup_entry_ext.pem": "offset 138: crlEntryExtensions: extension cRLReason appears twice (RFC 5280 §4.2)",
        // certificateIssuer whose GeneralNames is empty: SIZE (1..MAX) (RFC 5280 §5.3.3).
        "custom/crl_inval_cert_issuer_entry_ext.pem":
            "offset 135: crlEntryExtensions: extension certificateIssuer does not parse: expected SEQUENCE, found end of input",
        // thisUpdate a UTCTime without seconds' "Z" form Vouch reads (SECTRUST.md §6 forms only).
        "custom/crl_invalid_time.der": "offset 47: thisUpdate: time not in an accepted form (RFC 5280 §4.1.2.5)",
        // reasonCode 12: outside the CRLReason enumeration (RFC 5280 §5.3.1).
        "custom/crl_unsupported_reason.pem":
            "offset 135: crlEntryExtensions: extension cRLReason does not parse: INTEGER out of range for this field",
    ]

    static func load(_ file: String) throws -> CertificateRevocationList {
        let bytes = try #require(TestData.bytes(TestData.cryptographyX509 + "/" + file))
        let document = try #require(try DERDocument.documents(in: bytes[...]).first)
        return try CertificateRevocationList(derEncoded: document.der)
    }

    @Test("fields of the custom CRLs decode as their files say",
          .enabled(if: TestData.exists(TestData.cryptographyX509), MissingData.cryptographyVectors))
    func fields() throws {
        let reasons = try Self.load("custom/crl_all_reasons.pem")
        #expect(reasons.version == 2 && reasons.nextUpdate != nil)
        #expect(reasons.revokedCertificates.count == 12)
        #expect(reasons.revokedCertificates.map { $0.reason?.rawValue ?? -1 } == [-1, 0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 1])
        #expect(reasons.revokedCertificates[1].certificateIssuer?.count == 1)
        #expect(reasons.revokedCertificates[1].invalidityDate?.rfc3339 == "2015-01-01T00:00:00Z")

        let indirect = try #require(try Self.load("custom/crl_idp_fullname_indirect_crl.pem").issuingDistributionPoint)
        #expect(indirect.indirectCRL && !indirect.onlyContainsUserCerts)
        guard case .fullName(let names)? = indirect.distributionPoint, case .uniformResourceIdentifier(let uri)? = names.first else {
            Issue.record("IDP full name expected")
            return
        }
        #expect(String(decoding: uri, as: UTF8.self) == "http://myhost.com/myca.crl")

        let relative = try #require(try Self.load("custom/crl_idp_relative_user_all_reasons.pem").issuingDistributionPoint)
        #expect(relative.onlyContainsUserCerts && relative.onlySomeReasons == .allReasons)
        guard case .nameRelativeToCRLIssuer? = relative.distributionPoint else {
            Issue.record("IDP relative name expected")
            return
        }
        let onlyCA = try #require(try Self.load("custom/crl_idp_only_ca.pem").issuingDistributionPoint)
        #expect(onlyCA.onlyContainsCACerts && !onlyCA.onlyContainsUserCerts)
        #expect(try Self.load("custom/crl_idp_reasons_only.pem").issuingDistributionPoint?.onlySomeReasons == .keyCompromise)

        let delta = try Self.load("custom/crl_delta_crl_indicator.pem")
        #expect(delta.isDelta && delta.crlNumber != nil)
        #expect(try Self.load("custom/crl_md2_unknown_crit_entry_ext.pem").hasUnknownCriticalExtension)
        let unknown = try Self.load("custom/crl_unrecognized_extension.der")
        #expect(!unknown.hasUnknownCriticalExtension && unknown.extensions.count == 1)
        #expect(try Self.load("custom/crl_ian_aia_aki.pem").authorityKeyIdentifier?.keyIdentifier?.count == 20)
        #expect(try !Self.load("custom/crl_inner_outer_mismatch.der").signatureAlgorithmsMatch)
        #expect(try Self.load("custom/crl_empty.pem").revokedCertificates.isEmpty)
    }
}
