import Foundation
import Testing
import VouchTestSupport
import VouchDER
import VouchTrust
import VouchX509

/// One NIST PKITS test of §4.8–§4.12 (certificate policies, explicit policy, mappings, inhibit
/// mapping, inhibit anyPolicy) in the form Apple can run: default initial settings.
struct PKITSPolicyCase: CustomTestStringConvertible, Sendable {
    /// The PKITS section number (a subtest when PKITS has several).
    let number: String
    /// The end-entity file in `PKITS_data/certs`, without `.crt`.
    let endEntity: String
    /// Whether the path validates with Apple's initial settings.
    let isValid: Bool
    /// Why the expectation is what it is, when the file name does not say (no Valid/Invalid prefix).
    let note: String

    init(_ number: String, _ endEntity: String, valid isValid: Bool, _ note: String = "") {
        self.number = number
        self.endEntity = endEntity
        self.isValid = isValid
        self.note = note
    }

    var testDescription: String { "\(number) \(endEntity)" }
}

/// The policy sections of NIST PKITS through ``Trust``: the PKITS trust anchor as the only
/// anchor, BasicX509, every PKITS CA certificate as a candidate intermediate (the builder picks
/// the path), verify date 2010-01-01T12:00:00Z (the certificates are valid from 08:30 that day).
///
/// PKITS states its expected results for given initial inputs. Apple always runs with
/// user-initial-policy-set {anyPolicy} and the three initial flags false, which is PKITS's
/// "default settings"; a subtest run with a narrower policy set is still checked when it
/// validates there (the user set only narrows 6.1.5 (g), so valid with {P} implies valid with
/// {anyPolicy}). The subtests that need other inputs are listed in ``notExpressible``.
/// Revocation (the PKITS CRLs) is not checked: these sections test policies, and every CA of
/// these paths is unrevoked.
@Suite("NIST PKITS §4.8–4.12 (policies)")
struct PolicyPKITSTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".testdata/cryptography-vectors/cryptography_vectors/x509/PKITS_data/certs")
    static let isPresent = FileManager.default.fileExists(atPath: directory.path)

    static func load(_ name: String) throws -> Certificate {
        let bytes = try Data(contentsOf: directory.appendingPathComponent(name + ".crt"))
        return try Certificate(derEncoded: Array(bytes))
    }

    /// Every PKITS CA certificate (the files not ending in `EE.crt`), anchor excluded.
    static let intermediates: [Certificate] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted()
            .filter { $0.hasSuffix(".crt") && !$0.hasSuffix("EE.crt") && $0 != "TrustAnchorRootCertificate.crt" }
            .compactMap { try? load(String($0.dropLast(4))) }
    }()

    static let cases: [PKITSPolicyCase] = [
        // 4.8 Certificate Policies
        .init("4.8.1", "ValidCertificatePathTest1EE", valid: true, "PKITS runs it with initial-explicit-policy; default settings as in 4.1.1"),
        .init("4.8.2.1", "AllCertificatesNoPoliciesTest2EE", valid: true, "default settings"),
        .init("4.8.3.1", "DifferentPoliciesTest3EE", valid: true, "default settings"),
        .init("4.8.4", "DifferentPoliciesTest4EE", valid: false, "Good subCA requires explicit policy; EE asserts policy 2"),
        .init("4.8.5", "DifferentPoliciesTest5EE", valid: false, "P2 subCA2 requires explicit policy; EE asserts policy 1"),
        .init("4.8.6.1", "OverlappingPoliciesTest6EE", valid: true, "default settings"),
        .init("4.8.7", "DifferentPoliciesTest7EE", valid: false),
        .init("4.8.8", "DifferentPoliciesTest8EE", valid: false),
        .init("4.8.9", "DifferentPoliciesTest9EE", valid: false),
        .init("4.8.10.1", "AllCertificatesSamePoliciesTest10EE", valid: true, "default settings"),
        .init("4.8.11.1", "AllCertificatesanyPolicyTest11EE", valid: true, "default settings"),
        .init("4.8.12", "DifferentPoliciesTest12EE", valid: false),
        .init("4.8.13.1", "AllCertificatesSamePoliciesTest13EE", valid: true, "valid with {policy 1}, so with {anyPolicy}"),
        .init("4.8.14.1", "AnyPolicyTest14EE", valid: true, "valid with {policy 1}, so with {anyPolicy}"),
        .init("4.8.15", "UserNoticeQualifierTest15EE", valid: true, "qualifiers are ignored"),
        .init("4.8.16", "UserNoticeQualifierTest16EE", valid: true, "qualifiers are ignored"),
        .init("4.8.17", "UserNoticeQualifierTest17EE", valid: true, "qualifiers are ignored"),
        .init("4.8.18.1", "UserNoticeQualifierTest18EE", valid: true, "valid with {policy 1}, so with {anyPolicy}"),
        .init("4.8.19", "UserNoticeQualifierTest19EE", valid: true, "qualifiers are ignored"),
        .init("4.8.20", "CPSPointerQualifierTest20EE", valid: true, "qualifiers are ignored"),
        // 4.9 Require Explicit Policy
        .init("4.9.1", "ValidrequireExplicitPolicyTest1EE", valid: true),
        .init("4.9.2", "ValidrequireExplicitPolicyTest2EE", valid: true),
        .init("4.9.3", "InvalidrequireExplicitPolicyTest3EE", valid: false),
        .init("4.9.4", "ValidrequireExplicitPolicyTest4EE", valid: true),
        .init("4.9.5", "InvalidrequireExplicitPolicyTest5EE", valid: false),
        .init("4.9.6", "ValidSelfIssuedrequireExplicitPolicyTest6EE", valid: true),
        .init("4.9.7", "InvalidSelfIssuedrequireExplicitPolicyTest7EE", valid: false),
        .init("4.9.8", "InvalidSelfIssuedrequireExplicitPolicyTest8EE", valid: false),
        // 4.10 Policy Mappings
        .init("4.10.1.1", "ValidPolicyMappingTest1EE", valid: true, "valid with {policy 1}, so with {anyPolicy}"),
        .init("4.10.2.1", "InvalidPolicyMappingTest2EE", valid: false),
        .init("4.10.3.2", "ValidPolicyMappingTest3EE", valid: true, "valid with {policy 2}, so with {anyPolicy}"),
        .init("4.10.4", "InvalidPolicyMappingTest4EE", valid: false),
        .init("4.10.5.1", "ValidPolicyMappingTest5EE", valid: true, "valid with {policy 1}, so with {anyPolicy}"),
        .init("4.10.6.1", "ValidPolicyMappingTest6EE", valid: true, "valid with {policy 1}, so with {anyPolicy}"),
        .init("4.10.7", "InvalidMappingFromanyPolicyTest7EE", valid: false),
        .init("4.10.8", "InvalidMappingToanyPolicyTest8EE", valid: false),
        .init("4.10.9", "ValidPolicyMappingTest9EE", valid: true),
        .init("4.10.10", "InvalidPolicyMappingTest10EE", valid: false),
        .init("4.10.11", "ValidPolicyMappingTest11EE", valid: true),
        .init("4.10.12.1", "ValidPolicyMappingTest12EE", valid: true, "valid with {policy 1}, so with {anyPolicy}"),
        .init("4.10.13", "ValidPolicyMappingTest13EE", valid: true),
        .init("4.10.14", "ValidPolicyMappingTest14EE", valid: true),
        // 4.11 Inhibit Policy Mapping
        .init("4.11.1", "InvalidinhibitPolicyMappingTest1EE", valid: false),
        .init("4.11.2", "ValidinhibitPolicyMappingTest2EE", valid: true),
        .init("4.11.3", "InvalidinhibitPolicyMappingTest3EE", valid: false),
        .init("4.11.4", "ValidinhibitPolicyMappingTest4EE", valid: true),
        .init("4.11.5", "InvalidinhibitPolicyMappingTest5EE", valid: false),
        .init("4.11.6", "InvalidinhibitPolicyMappingTest6EE", valid: false),
        .init("4.11.7", "ValidSelfIssuedinhibitPolicyMappingTest7EE", valid: true),
        .init("4.11.8", "InvalidSelfIssuedinhibitPolicyMappingTest8EE", valid: false),
        .init("4.11.9", "InvalidSelfIssuedinhibitPolicyMappingTest9EE", valid: false),
        .init("4.11.10", "InvalidSelfIssuedinhibitPolicyMappingTest10EE", valid: false),
        .init("4.11.11", "InvalidSelfIssuedinhibitPolicyMappingTest11EE", valid: false),
        // 4.12 Inhibit Any Policy
        .init("4.12.1", "InvalidinhibitAnyPolicyTest1EE", valid: false),
        .init("4.12.2", "ValidinhibitAnyPolicyTest2EE", valid: true),
        .init("4.12.3.1", "inhibitAnyPolicyTest3EE", valid: true, "default settings"),
        .init("4.12.4", "InvalidinhibitAnyPolicyTest4EE", valid: false),
        .init("4.12.5", "InvalidinhibitAnyPolicyTest5EE", valid: false),
        .init("4.12.6", "InvalidinhibitAnyPolicyTest6EE", valid: false),
        .init("4.12.7", "ValidSelfIssuedinhibitAnyPolicyTest7EE", valid: true),
        .init("4.12.8", "InvalidSelfIssuedinhibitAnyPolicyTest8EE", valid: false),
        .init("4.12.9", "ValidSelfIssuedinhibitAnyPolicyTest9EE", valid: true),
        .init("4.12.10", "InvalidSelfIssuedinhibitAnyPolicyTest10EE", valid: false),
    ]

    /// PKITS subtests that need initial inputs Apple never uses, with the input they need.
    static let notExpressible: [(number: String, needs: String)] = [
        ("4.8.1.1–4.8.1.4", "initial-explicit-policy (with {anyPolicy}, {policy 1}, {policy 2}, {policy 1, 2})"),
        ("4.8.2.2", "initial-explicit-policy"),
        ("4.8.3.2", "initial-explicit-policy"),
        ("4.8.3.3", "initial-explicit-policy and {policy 1, 2}"),
        ("4.8.6.2", "user-initial-policy-set {policy 1}"),
        ("4.8.6.3", "user-initial-policy-set {policy 2} (invalid only because of it)"),
        ("4.8.10.2", "user-initial-policy-set {policy 1}"),
        ("4.8.10.3", "user-initial-policy-set {policy 2}"),
        ("4.8.11.2", "user-initial-policy-set {policy 1}"),
        ("4.8.13.2", "user-initial-policy-set {policy 2}"),
        ("4.8.13.3", "user-initial-policy-set {policy 3}"),
        ("4.8.14.2", "user-initial-policy-set {policy 2} (invalid only because of it)"),
        ("4.8.18.2", "user-initial-policy-set {policy 2}"),
        ("4.10.1.2", "user-initial-policy-set {policy 2} (invalid only because of it)"),
        ("4.10.1.3", "initial-policy-mapping-inhibit"),
        ("4.10.2.2", "initial-policy-mapping-inhibit"),
        ("4.10.3.1", "user-initial-policy-set {policy 1} (invalid only because of it)"),
        ("4.10.5.2", "user-initial-policy-set {policy 6} (invalid only because of it)"),
        ("4.10.6.2", "user-initial-policy-set {policy 6} (invalid only because of it)"),
        ("4.10.12.2", "user-initial-policy-set {policy 2}"),
        ("4.12.3.2", "initial-any-policy-inhibit"),
    ]

    static let anchor: Certificate? = try? load("TrustAnchorRootCertificate")

    @Test("every policy test, as Apple would run it", .enabled(if: isPresent, MissingData.cryptographyVectors),
          arguments: cases)
    func pkits(_ row: PKITSPolicyCase) throws {
        let anchor = try #require(Self.anchor)
        var trust = try Trust(certificates: [try Self.load(row.endEntity)] + Self.intermediates, policies: [.basicX509])
        trust.setAnchorCertificates([anchor])
        trust.setVerifyDate(try #require(DERTime(rfc3339: "2010-01-01T12:00:00Z")))
        let evaluation = trust.evaluate()
        let names = evaluation.chain.map { $0.subject.description }
        if row.isValid {
            #expect(evaluation.isTrusted, "\(row.number) \(evaluation.failures) chain \(names)")
        } else {
            #expect(!evaluation.isTrusted, "\(row.number) chain \(names)")
            #expect(evaluation.failures.contains(TrustFailure(index: 0, check: .policyConstraints)),
                    "\(row.number): \(evaluation.failures) chain \(names)")
            #expect(evaluation.status == .invalidPolicyIdentifiers, "\(row.number): \(evaluation.failures)")
        }
    }

    @Test("the tables cover every policy end entity of PKITS", .enabled(if: isPresent, MissingData.cryptographyVectors))
    func coverage() throws {
        #expect(Self.cases.count == 63)
        #expect(Set(Self.cases.map(\.endEntity)).count == Self.cases.count)
        #expect(Self.intermediates.count > 150, "PKITS CA certificates did not load")
    }
}
