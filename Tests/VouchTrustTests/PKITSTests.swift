import Foundation
import Testing
import VouchTestSupport
import VouchDER
import VouchTrust
import VouchX509

/// One NIST PKITS path-validation test: its end entity, its section, what PKITS expects with its
/// default initial settings, and why Vouch differs when it does.
struct PKITSCase: CustomTestStringConvertible, Sendable {
    /// The end-entity file in `PKITS_data/certs`, without `.crt`.
    let endEntity: String
    /// `4.x.y` from the test's topic and number.
    let number: String
    /// PKITS's expected result with default settings (from the name, or the policy table).
    let isValid: Bool

    var testDescription: String { "\(number) \(endEntity)" }
}

/// Why an outcome differs from PKITS's expectation.
enum PKITSDeviation: String, Sendable, CaseIterable {
    /// Apple does not support DSA keys (SECTRUST.md §7): WeakKeySize, fatal.
    case appleNoDSA = "Apple semantics: DSA keys unsupported (SECTRUST.md §7)"
    /// Apple matches names byte for byte except PrintableString (SECTRUST.md §2.2), where RFC 5280
    /// §7.1 wants caseless matching of UTF8String too.
    case appleNameMatching = "Apple semantics: issuer lookup normalises PrintableString only (SECTRUST.md §2.2)"
    /// Delta CRLs are not implemented: the delta's entries are not seen.
    case noDeltaCRLs = "not implemented: delta CRLs"
}

/// Every NIST PKITS path-validation test (§4.1–4.16, one per end entity of `PKITS_data/certs`)
/// through ``Trust``: `TrustAnchorRootCertificate` as the only anchor, every PKITS CA certificate
/// as a candidate intermediate, every PKITS CRL supplied, BasicX509, verify date
/// 2010-01-01T12:00:00Z, and a positive revocation response required (Apple's
/// `kSecRevocationRequirePositiveResponse`), which is what PKITS assumes: a certificate whose
/// status no CRL determines is not valid. The expected result comes from the name (Valid…,
/// Invalid…) or, for the policy tests without a prefix, from ``PolicyPKITSTests/cases``.
/// Deviations are listed with their reason in ``deviations``; policy subtests that need initial
/// settings Apple never uses are in ``PolicyPKITSTests/notExpressible``.
@Suite("NIST PKITS (all sections, with CRLs)")
struct PKITSTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".testdata/cryptography-vectors/cryptography_vectors/x509/PKITS_data")
    static let isPresent = FileManager.default.fileExists(atPath: root.path)

    static func files(_ folder: String, suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted()
    }

    static func bytes(_ folder: String, _ name: String) -> [UInt8] {
        (try? Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(name))).map { [UInt8]($0) } ?? []
    }

    static let anchor: Certificate? = try? Certificate(derEncoded: bytes("certs", "TrustAnchorRootCertificate.crt"))

    /// Every CA certificate (the files not ending in `EE.crt`), the anchor excluded.
    static let intermediates: [Certificate] = files("certs", suffix: ".crt")
        .filter { !$0.hasSuffix("EE.crt") && $0 != "TrustAnchorRootCertificate.crt" }
        .compactMap { try? Certificate(derEncoded: bytes("certs", $0)) }

    static let crls: [CertificateRevocationList] = files("crls", suffix: ".crl")
        .compactMap { try? CertificateRevocationList(derEncoded: bytes("crls", $0)) }

    /// PKITS section of each test topic (the name without Valid/Invalid and `TestNEE`).
    static let sections: [String: String] = {
        let groups: [(String, [String])] = [
            ("4.1", ["CertificatePath", "CASignature", "EESignature", "DSASignatures", "DSAParameterInheritance", "DSASignature"]),
            ("4.2", ["CAnotBeforeDate", "EEnotBeforeDate", "pre2000UTCnotBeforeDate", "GeneralizedTimenotBeforeDate",
                     "CAnotAfterDate", "EEnotAfterDate", "pre2000UTCEEnotAfterDate", "GeneralizedTimenotAfterDate"]),
            ("4.3", ["NameChaining", "NameChainingOrder", "NameChainingWhitespace", "NameChainingCapitalization", "NameUIDs",
                     "RFC3280MandatoryAttributeTypes", "RFC3280OptionalAttributeTypes", "UTF8StringEncodedNames",
                     "RolloverfromPrintableStringtoUTF8String", "UTF8StringCaseInsensitiveMatch"]),
            ("4.4", ["MissingCRL", "RevokedCA", "RevokedEE", "BadCRLSignature", "BadCRLIssuerName", "WrongCRL", "TwoCRLs",
                     "UnknownCRLEntryExtension", "UnknownCRLExtension", "OldCRLnextUpdate", "pre2000CRLnextUpdate",
                     "GeneralizedTimeCRLnextUpdate", "NegativeSerialNumber", "LongSerialNumber", "SeparateCertificateandCRLKeys"]),
            ("4.5", ["BasicSelfIssuedOldWithNew", "BasicSelfIssuedNewWithOld", "BasicSelfIssuedCRLSigningKey"]),
            ("4.6", ["MissingbasicConstraints", "cAFalse", "basicConstraintsNotCritical", "pathLenConstraint", "SelfIssuedpathLenConstraint"]),
            ("4.7", ["keyUsageCriticalkeyCertSignFalse", "keyUsageNotCriticalkeyCertSignFalse", "keyUsageNotCritical",
                     "keyUsageCriticalcRLSignFalse", "keyUsageNotCriticalcRLSignFalse"]),
            ("4.8", ["AllCertificatesNoPolicies", "DifferentPolicies", "OverlappingPolicies", "AllCertificatesSamePolicies",
                     "AllCertificatesanyPolicy", "AnyPolicy", "UserNoticeQualifier", "CPSPointerQualifier"]),
            ("4.9", ["requireExplicitPolicy", "SelfIssuedrequireExplicitPolicy"]),
            ("4.10", ["PolicyMapping", "MappingFromanyPolicy", "MappingToanyPolicy"]),
            ("4.11", ["inhibitPolicyMapping", "SelfIssuedinhibitPolicyMapping"]),
            ("4.12", ["inhibitAnyPolicy", "SelfIssuedinhibitAnyPolicy"]),
            ("4.13", ["DNnameConstraints", "RFC822nameConstraints", "DNandRFC822nameConstraints", "DNSnameConstraints", "URInameConstraints"]),
            ("4.14", ["distributionPoint", "NoissuingDistributionPoint", "onlyContainsUserCerts", "onlyContainsCACerts",
                      "onlyContainsAttributeCerts", "onlySomeReasons", "IDPwithindirectCRL", "cRLIssuer"]),
            ("4.15", ["deltaCRLIndicatorNoBase", "deltaCRL"]),
            ("4.16", ["UnknownNotCriticalCertificateExtension", "UnknownCriticalCertificateExtension"]),
        ]
        var sections: [String: String] = [:]
        for (section, topics) in groups { for topic in topics { sections[topic] = section } }
        return sections
    }()

    /// Every end entity as a case.
    static let cases: [PKITSCase] = files("certs", suffix: "EE.crt").map { file in
        let name = String(file.dropLast(4))
        var topic = Substring(name)
        let valid: Bool?
        if topic.hasPrefix("Valid") {
            valid = true
            topic = topic.dropFirst(5)
        } else if topic.hasPrefix("Invalid") {
            valid = false
            topic = topic.dropFirst(7)
        } else {
            valid = nil
        }
        let testRange = topic.range(of: "Test", options: .backwards)
        let number = testRange.map { topic[$0.upperBound...].dropLast(2) } ?? ""
        let key = testRange.map { String(topic[..<$0.lowerBound]) } ?? String(topic)
        let section = sections[key] ?? "?"
        let policyExpectation = PolicyPKITSTests.cases.first { $0.endEntity == name }?.isValid
        return PKITSCase(endEntity: name, number: "\(section).\(number)", isValid: valid ?? policyExpectation ?? false)
    }

    /// Every test whose outcome differs from PKITS's expectation, and why.
    static let deviations: [String: PKITSDeviation] = [
        "ValidDSASignaturesTest4EE": .appleNoDSA,
        "ValidDSAParameterInheritanceTest5EE": .appleNoDSA,
        // The CA's subject is a PrintableString, the EE's issuer the same text as UTF8String.
        "ValidRolloverfromPrintableStringtoUTF8StringTest10EE": .appleNameMatching,
        // The EE's issuer is a UTF8String differing from the CA's subject only in case.
        "ValidUTF8StringCaseInsensitiveMatchTest11EE": .appleNameMatching,
        // The EE is listed on the delta CRL only.
        "InvaliddeltaCRLTest4EE": .noDeltaCRLs,
        // On hold on the complete CRL, removed from it (removeFromCRL) by the delta CRL.
        "ValiddeltaCRLTest5EE": .noDeltaCRLs,
    ]

    /// A date at which PKITS's data are what its tests say: after 2011-01-01T08:30Z, when the
    /// "bad notAfter" certificates expire and the last CRLs (the 4.15 delta CRLs) are issued, and
    /// before 2030-12-31, when everything else expires. (At 2010-01-01T12:00Z, just after the
    /// certificates' notBefore, five tests cannot give their result: ``earlyDateDifferences``.)
    static let verifyDate = DERTime(rfc3339: "2012-01-01T12:00:00Z")

    /// The tests whose outcome changes when run at 2010-01-01T12:00:00Z instead, and why.
    static let earlyDateDifferences: [String: String] = [
        "InvalidCAnotAfterDateTest5EE": "the CA's notAfter, 2011-01-01T08:30Z, is still ahead",
        "InvalidEEnotAfterDateTest6EE": "the EE's notAfter, 2011-01-01T08:30Z, is still ahead",
        "InvalidOldCRLnextUpdateTest11EE": "the CRL's nextUpdate, 2010-01-02T08:30Z, is still ahead: the CRL is current",
        "ValiddeltaCRLTest8EE": "the complete CRL's thisUpdate, 2010-06-01T08:30Z, is ahead: no usable CRL",
        "InvaliddeltaCRLTest10EE": "the complete CRL's nextUpdate, 2010-06-01T08:30Z, is ahead: the CRL is current",
    ]

    /// The Invalid tests that pass when no positive response is required (Apple's default soft
    /// failure): their only failure is RevocationResponseRequired, because no usable CRL
    /// determines a certificate's status (missing, badly signed, out of scope, stale, unknown
    /// critical extension, signer without cRLSign or revoked, reasons left uncovered, delta only).
    static let softFailDifferences: Set<String> = [
        "InvalidMissingCRLTest1EE", "InvalidBadCRLSignatureTest4EE", "InvalidBadCRLIssuerNameTest5EE",
        "InvalidWrongCRLTest6EE", "InvalidUnknownCRLEntryExtensionTest8EE", "InvalidUnknownCRLExtensionTest9EE",
        "InvalidUnknownCRLExtensionTest10EE", "InvalidOldCRLnextUpdateTest11EE", "Invalidpre2000CRLnextUpdateTest12EE",
        "InvalidSeparateCertificateandCRLKeysTest21EE", "InvalidkeyUsageCriticalcRLSignFalseTest4EE",
        "InvalidkeyUsageNotCriticalcRLSignFalseTest5EE", "InvaliddistributionPointTest3EE", "InvaliddistributionPointTest8EE",
        "InvaliddistributionPointTest9EE", "InvalidonlyContainsUserCertsTest11EE", "InvalidonlyContainsCACertsTest12EE",
        "InvalidonlyContainsAttributeCertsTest14EE", "InvalidonlySomeReasonsTest17EE", "InvalidIDPwithindirectCRLTest26EE",
        "InvalidcRLIssuerTest27EE", "InvalidcRLIssuerTest35EE", "InvaliddeltaCRLIndicatorNoBaseTest1EE",
        "InvaliddeltaCRLTest10EE",
    ]

    static func evaluate(_ row: PKITSCase, at date: DERTime? = verifyDate, responseRequired: Bool = true) throws -> TrustEvaluation {
        let anchor = try #require(anchor)
        let leaf = try Certificate(derEncoded: bytes("certs", row.endEntity + ".crt"))
        var trust = try Trust(certificates: [leaf] + intermediates, policies: [.basicX509])
        trust.setAnchorCertificates([anchor])
        trust.setVerifyDate(try #require(date))
        trust.setCRLs(crls)
        trust.setRevocationResponseRequired(responseRequired)
        return trust.evaluate()
    }

    @Test("every PKITS test gives PKITS's result or a listed deviation", .enabled(if: isPresent, MissingData.cryptographyVectors),
          arguments: cases)
    func pkits(_ row: PKITSCase) throws {
        let evaluation = try Self.evaluate(row)
        let names = evaluation.chain.map { $0.subject.description }
        let deviates = evaluation.isTrusted != row.isValid
        if ProcessInfo.processInfo.environment["PKITS_DUMP"] != nil {
            print("DUMP \(row.number) \(row.endEntity) \(evaluation.isTrusted) \(evaluation.failures) \(evaluation.status.name)")
        }
        if let deviation = Self.deviations[row.endEntity] {
            #expect(deviates, "\(row.number) is listed as a deviation (\(deviation.rawValue)) but gives PKITS's result")
        } else {
            #expect(!deviates, "\(row.number) \(row.endEntity): expected \(row.isValid ? "valid" : "invalid"), failures \(evaluation.failures) chain \(names)")
        }
    }

    @Test("at 2010-01-01T12:00Z exactly the date-sensitive tests change", .enabled(if: isPresent, MissingData.cryptographyVectors))
    func earlyDate() throws {
        var changed: [String] = []
        for row in Self.cases where Self.sections[Self.topic(row.endEntity)].map({ ["4.2", "4.4", "4.15"].contains($0) }) == true {
            let early = try Self.evaluate(row, at: DERTime(rfc3339: "2010-01-01T12:00:00Z")).isTrusted
            if early != (try Self.evaluate(row).isTrusted) { changed.append(row.endEntity) }
        }
        #expect(changed.sorted() == Self.earlyDateDifferences.keys.sorted())
    }

    @Test("without a required response exactly the undetermined ones change", .enabled(if: isPresent, MissingData.cryptographyVectors))
    func softFail() throws {
        var changed: Set<String> = []
        for row in Self.cases where Self.sections[Self.topic(row.endEntity)].map({ ["4.4", "4.5", "4.7", "4.14", "4.15"].contains($0) }) == true {
            let soft = try Self.evaluate(row, responseRequired: false)
            if soft.isTrusted != (try Self.evaluate(row).isTrusted) { changed.insert(row.endEntity) }
            #expect(!soft.failures.contains { $0.check == .revocationResponseRequired }, "\(row.endEntity)")
        }
        #expect(changed == Self.softFailDifferences, "\(changed.symmetricDifference(Self.softFailDifferences))")
    }

    static func topic(_ endEntity: String) -> String {
        var topic = Substring(endEntity)
        if topic.hasPrefix("Valid") { topic = topic.dropFirst(5) } else if topic.hasPrefix("Invalid") { topic = topic.dropFirst(7) }
        return topic.range(of: "Test", options: .backwards).map { String(topic[..<$0.lowerBound]) } ?? String(topic)
    }

    @Test("the table covers all of PKITS", .enabled(if: isPresent, MissingData.cryptographyVectors))
    func coverage() throws {
        #expect(Self.cases.count == 223)
        #expect(!Self.cases.contains { $0.number.hasPrefix("?") }, "\(Self.cases.filter { $0.number.hasPrefix("?") })")
        #expect(Self.crls.count == 173)
        #expect(Set(Self.deviations.keys).isSubset(of: Set(Self.cases.map(\.endEntity))))
    }
}
