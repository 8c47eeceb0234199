import Foundation
import Testing
import VouchDER
import VouchPinning
import VouchPropertyList
@testable import VouchTrust

/// Apple's dictionary-driven policy tests (tests/TrustTests/EvaluationTests/PolicyTests.m
/// `testPolicies`, data in OSX/shared_regressions/si-20-sectrust-policies-data/
/// PinningPolicyTrustTest.plist) replayed through the Security facade: opt-in, with
/// `VOUCH_APPLE_SECURITY` naming a checkout (or `git archive` extract) of
/// apple-oss-distributions/Security.
///
/// Each case is built as `TestTrustEvaluation initWithTrustDictionary` builds it
/// (TrustEvaluationTestHelpers.m): the leaf and intermediates in order, every policy from
/// `SecPolicyCreateWithProperties(PolicyIdentifier, Properties)` with the `LeafSPKISHA256` and
/// `CAspkiSHA256` properties (Base64 strings, an empty one dropped) set as options, the anchors and
/// verify date when given, and judged as `evaluateForExpectedResults` judges it: the result type,
/// then the chain length when the case gives one. Vouch plays a production device
/// (`SecIsInternalRelease` false): a case with `EnableTestCertificates` expecting 4 expects a
/// recoverable failure (5), as Apple's harness does there. The network is off in every case
/// (answers Apple's responders gave then cannot be fetched anew). The default system store is
/// Apple's (`SystemTrustStore.apple`, with its pinning database), as the cases run against Apple's
/// real roots. A case whose policy Vouch does not create (`SecPolicyCreateWithProperties`
/// returns `nil`) is skipped, its identifier named.
@Suite struct ApplePinningPolicyTrustTests {
    static let root = ProcessInfo.processInfo.environment["VOUCH_APPLE_SECURITY"]
    static var data: String { (root ?? "") + "/OSX/shared_regressions/" }

    /// Cases whose divergence from Apple is understood (the reason is printed and the case is a
    /// known issue, not a failure), by `MajorTestName-MinorTestName`.
    static let understood: [String: String] = Dictionary(uniqueKeysWithValues: testRootCases.map { ($0, testRootReason) })

    /// The IDS cases on Apple's test hierarchy (TestAppleRootCA) without `EnableTestCertificates`:
    /// the hostname or the `IDS` policy name brings in the pinning database's IDS rule
    /// (`AnchorApple`, ChainLength 3, intermediate marker 6.2.12, leaf markers 6.27.4.2/.1), and
    /// `SecPolicyCheckAnchorApple` (SecPolicyServer.c) asks `SecIsAppleTrustAnchor(cert, 0)`,
    /// whose table in the published OSX/utilities/SecAppleAnchor.c holds the five production
    /// roots only (`getAnchors`; the lines where an internal build adds its test roots are blank).
    /// Apple expects a pass, which only an internal build gives; Vouch plays a production device
    /// and fails AnchorApple, as the published code does. ``internalBuildTestRoots()`` shows they
    /// pass once the test root counts as Apple's.
    static let testRootCases = ["Systemwide-Hostname-IDS-PositiveTest", "Systemwide-PolicyName-IDS-PositiveTest", "Systemwide-Both-IDS-PositiveTest"]
    static let testRootReason = "AnchorApple accepts Apple's test roots only on Apple's internal builds (SecIsAppleTrustAnchor's published table has the production roots alone)"

    /// One dictionary of the plist, read.
    struct Case {
        var name: String
        var policies: [(identifier: String, properties: [String: PropertyList])]
        var certificates: [String]
        var anchors: [String]?
        var verifyDate: Int64?
        var expected: Int
        var chainLength: Int?
        var disablesCT: Bool
        var directory: String

        init(_ dictionary: [String: PropertyList]) throws {
            func names(_ value: PropertyList?) -> [String]? {
                guard let value else { return nil }
                if let one = value.stringValue { return [one] }
                return value.arrayValue?.compactMap(\.stringValue)
            }
            let name = (dictionary["MajorTestName"]?.stringValue ?? "?") + "-" + (dictionary["MinorTestName"]?.stringValue ?? "?")
            self.name = name
            let policyEntries = dictionary["Policies"].flatMap { $0.arrayValue ?? [$0] } ?? []
            policies = try policyEntries.map { entry in
                let fields = try #require(entry.dictionaryValue, "\(name): a policy is not a dictionary")
                let identifier = try #require(fields["PolicyIdentifier"]?.stringValue, "\(name): no PolicyIdentifier")
                return (identifier, fields["Properties"]?.dictionaryValue ?? [:])
            }
            certificates = [try #require(dictionary["Leaf"]?.stringValue, "\(name): no Leaf")] + (names(dictionary["Intermediates"]) ?? [])
            anchors = names(dictionary["Anchors"])
            verifyDate = dictionary["VerifyDate"]?.dateValue
            var expected = Int(try #require(dictionary["ExpectedResult"]?.integerValue, "\(name): no ExpectedResult"))
            if dictionary["FeatureFlags"] != nil, let flagsOff = dictionary["FFExpectedResult"]?.integerValue {
                // Apple's feature flags are off in Vouch: the case's answer without them.
                expected = Int(flagsOff)
            }
            if dictionary["EnableTestCertificates"] == .boolean(true) && expected == 4 { expected = 5 }
            self.expected = expected
            chainLength = dictionary["ChainLength"]?.integerValue.map(Int.init)
            disablesCT = dictionary["DisableCT"] == .boolean(true)
            directory = dictionary["CertDirectory"]?.stringValue ?? "si-20-sectrust-policies-data"
        }

        func certificate(_ file: String) throws -> SecCertificate {
            let path = ApplePinningPolicyTrustTests.data + directory + "/" + file + ".cer"
            let bytes = try #require(FileManager.default.contents(atPath: path), "\(name): \(file).cer missing")
            return try #require(SecCertificateCreateWithData(nil, [UInt8](bytes)), "\(name): \(file).cer does not parse")
        }
    }

    /// `addPolicy:` — the policy, with the SPKI pins of its properties; `nil` where Vouch makes no
    /// policy for the identifier.
    static func policy(_ identifier: String, _ properties: [String: PropertyList]) throws -> SecPolicy? {
        guard let policy = SecPolicyCreateWithProperties(identifier, properties) else { return nil }
        for key in ["LeafSPKISHA256", "CAspkiSHA256"] {
            guard let strings = properties[key]?.arrayValue else { continue }
            // CreateCFDataFromBase64CFString gives NULL for "" and the harness drops it.
            let pins = try strings.compactMap { element -> PropertyList? in
                let text = try #require(element.stringValue, "\(key) element is not a string")
                return Data(base64Encoded: text).map { .data([UInt8]($0)) }
            }
            #expect(SecPolicySetOptionsValue(policy, key, .array(pins)))
        }
        return policy
    }

    /// What the evaluation gave: the result number, the chain length, the failed checks.
    struct Outcome: CustomStringConvertible {
        var result: Int
        var chainLength: Int
        var failures: [TrustFailure]
        var description: String { "result \(result), chain \(chainLength), failures \(failures.map(\.description))" }
    }

    static func run(_ testCase: Case, policies: [SecPolicy], appleAnchors: [String]? = nil) throws -> Outcome {
        var created: SecTrust?
        #expect(SecTrustCreateWithCertificates(try testCase.certificates.map(testCase.certificate), policies, &created) == errSecSuccess)
        let trust = try #require(created, "\(testCase.name): no trust")
        trust.fetching = .offline
        SecTrustSetNetworkFetchAllowed(trust, false)
        if let anchors = testCase.anchors { SecTrustSetAnchorCertificates(trust, try anchors.map(testCase.certificate)) }
        if let seconds = testCase.verifyDate { SecTrustSetVerifyDate(trust, DERTime(secondsSince1970: seconds)) }
        // DisableCT sets SystemTrustedCTRequired false on every policy: Vouch's equivalent is to
        // leave CT unrequired (its system store's log list not consulted).
        if let appleAnchors {
            let roots = try appleAnchors.map { try testCase.certificate($0).certificate }
            trust.withTrust { $0.setAppleAnchors(roots) }
        }
        if testCase.disablesCT { trust.withTrust { $0.setUsesSystemTrustedLogs(false) } }
        var result = kSecTrustResultInvalid
        #expect(SecTrustGetTrustResult(trust, &result) == errSecSuccess)
        let failures = trust.trust.lastEvaluation?.failures ?? []
        return Outcome(result: result.rawCode, chainLength: SecTrustGetCertificateCount(trust), failures: failures)
    }

    static func entries() throws -> [Case] {
        let path = Self.data + "si-20-sectrust-policies-data/PinningPolicyTrustTest.plist"
        let bytes = try #require(FileManager.default.contents(atPath: path), "PinningPolicyTrustTest.plist missing")
        let entries = try #require(try PropertyListReader.parse([UInt8](bytes)).arrayValue)
        return try entries.map { try Case(try #require($0.dictionaryValue)) }
    }

    static func policies(_ testCase: Case) throws -> (policies: [SecPolicy], missing: String?) {
        var policies: [SecPolicy] = []
        for (identifier, properties) in testCase.policies {
            guard let policy = try Self.policy(identifier, properties) else { return (policies, identifier) }
            policies.append(policy)
        }
        return (policies, nil)
    }

    /// The three ``testRootCases`` as an internal build judges them: the embedded pinning
    /// database applied with TestAppleRootCA as the anchor `AnchorApple` accepts
    /// (`TrustRequest.appleAnchors`, what `Trust.setAppleAnchors` sets). Every other part of the
    /// IDS rule then passes, and so does the case.
    @Test("The IDS cases on Apple's test root pass once TestAppleRootCA counts as an Apple anchor (an internal build)",
          .enabled(if: root != nil, "VOUCH_APPLE_SECURITY unset: set it to a checkout of apple-oss-distributions/Security to replay PolicyTests.m testPolicies"))
    func internalBuildTestRoots() throws {
        let cases = try Self.entries().filter { Self.testRootCases.contains($0.name) }
        #expect(cases.count == Self.testRootCases.count)
        for testCase in cases {
            var request = TrustRequest(
                certificates: try testCase.certificates.map { try testCase.certificate($0).certificate },
                policies: try Self.policies(testCase).policies.map(\.policy), systemStore: .apple)
            request.anchors = try testCase.anchors?.map { try testCase.certificate($0).certificate }
            request.appleAnchors = [try testCase.certificate("TestAppleRootCA").certificate]
            var events: [TrustEvent]? = nil
            let evaluation = TrustEvaluator.evaluate(request, at: try #require(testCase.verifyDate), events: &events)
            #expect(evaluation.result.rawCode == testCase.expected, "\(testCase.name): \(evaluation.failures)")
            #expect(evaluation.chain.count == testCase.chainLength)
        }
    }

    @Test("PinningPolicyTrustTest.plist's cases whose policies Vouch creates",
          .enabled(if: root != nil, "VOUCH_APPLE_SECURITY unset: set it to a checkout of apple-oss-distributions/Security to replay PolicyTests.m testPolicies"))
    func replay() throws {
        let entries = try Self.entries()
        var tally = AppleReplayTally(suite: "ApplePinningPolicyTrustTests", source: "PinningPolicyTrustTest.plist", understood: Self.understood)
        var skipped: [String: [String]] = [:]
        var negatives: [String] = []
        for testCase in entries {
            let (policies, missing) = try Self.policies(testCase)
            if let missing {
                skipped["policy \(missing) not created by Vouch", default: []].append(testCase.name)
                continue
            }
            let outcome = try Self.run(testCase, policies: policies)
            let matches = outcome.result == testCase.expected && (testCase.chainLength == nil || testCase.chainLength == outcome.chainLength)
            if matches {
                tally.reproduce()
                if !outcome.failures.isEmpty { negatives.append("\(testCase.name): \(outcome.failures.map(\.description))") }
                continue
            }
            tally.diverge(testCase.name, "\(testCase.name): expected result \(testCase.expected)\(testCase.chainLength.map { ", chain \($0)" } ?? ""); got \(outcome)")
        }
        let skippedCount = skipped.values.map(\.count).reduce(0, +)
        tally.report(total: entries.count, unit: "cases", extra: ", skipped \(skippedCount)")
        for line in negatives { print("ApplePinningPolicyTrustTests: reproduced with failures: \(line)") }
        for (reason, names) in skipped.sorted(by: { $0.key < $1.key }) {
            print("ApplePinningPolicyTrustTests: skipped (\(reason)): \(names.joined(separator: ", "))")
        }
    }
}
