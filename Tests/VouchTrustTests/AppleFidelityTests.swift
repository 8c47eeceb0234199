import Foundation
import Testing
import VouchCrypto
import VouchDER
@testable import VouchTrust
import VouchX509

/// Where Vouch's answer was not Apple's (issue 26), each read from trust/trustd/SecPolicyServer.c
/// and OSX/sec/Security/SecCertificate.c (Security-61901.0.87.0.1), tested in both directions:
/// Apple's answer, and the case next to it. The chains are TestVectors/apple-fidelity (make.py).
@Suite("Apple fidelity")
struct AppleFidelityTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TestVectors/apple-fidelity")

    static func certificate(_ file: String) throws -> Certificate {
        let data = try #require(FileManager.default.contents(atPath: directory.appendingPathComponent(file).path), "\(file) is missing")
        return try Certificate(derEncoded: [UInt8](data))
    }

    static func time(_ year: Int, _ month: Int, _ day: Int) -> DERTime {
        // Days from 1970-01-01 (proleptic Gregorian), enough for the dates below.
        var days = 0
        for y in 1970..<year { days += (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 366 : 365 }
        let lengths = [31, (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        days += lengths.prefix(month - 1).reduce(0, +) + day - 1
        return DERTime(secondsSince1970: Int64(days) * 86_400)
    }

    /// How the chain's root is trusted.
    enum Anchoring: String, CaseIterable, CustomTestStringConvertible {
        /// A system root, anchors not set.
        case systemRoot = "system root"
        /// Given with SetAnchorCertificates (exclusive) and also in the system store.
        case appAnchorInSystemStore = "app anchor that is also a system root"
        /// Given with SetAnchorCertificates, the system store without it.
        case appAnchorOnly = "app anchor only"
        var testDescription: String { rawValue }
        var isSystemRooted: Bool { self != .appAnchorOnly }
    }

    static func evaluate(_ files: [String], root: String, anchoring: Anchoring, at date: DERTime,
                         policy: TrustPolicy = .ssl(server: true, hostname: "example.com")) throws -> TrustEvaluation {
        let rootCertificate = try certificate(root)
        let store = SystemTrustStore(certificates: anchoring == .appAnchorOnly ? [] : [rootCertificate])
        var trust = try Trust(certificates: files.map(certificate), policies: [policy], systemStore: store)
        if anchoring != .systemRoot { trust.setAnchorCertificates([rootCertificate]) }
        trust.setVerifyDate(date)
        return trust.evaluate()
    }

    // MARK: 1. System-rooted is membership in the system store

    struct SystemRule: CustomTestStringConvertible, Sendable {
        let leaf: String
        let intermediate: String
        let date: (Int, Int, Int)
        let failure: String?
        var testDescription: String { leaf }
    }

    static let systemRules = [
        // 730 days from 2021-01-01: over 398 (system), under 825 (other trust).
        SystemRule(leaf: "leaf-398.der", intermediate: "intermediate.der", date: (2021, 6, 1), failure: "SystemTrustValidityPeriod@0"),
        // 900 days from 2018-06-01: over 825 + 1 h (system from 2018-03-01), before other trust's 2019-07-01.
        SystemRule(leaf: "leaf-825.der", intermediate: "intermediate.der", date: (2019, 6, 1), failure: "SystemTrustValidityPeriod@0"),
        // No EKU, issued before 2019-07-01: only the system-rooted serverAuth rule applies.
        SystemRule(leaf: "leaf-no-eku.der", intermediate: "intermediate.der", date: (2019, 6, 1), failure: "ServerAuthEKU@0"),
        // anyExtendedKeyUsage alone: enough for ExtendedKeyUsage, not for the system-rooted rule.
        SystemRule(leaf: "leaf-any-eku.der", intermediate: "intermediate.der", date: (2019, 6, 1), failure: "ServerAuthEKU@0"),
        // An intermediate whose EKU is Microsoft SGC only: enough for ExtendedKeyUsage, not for the
        // system-rooted rule (serverAuth or anyEKU in every intermediate with an EKU).
        SystemRule(leaf: "leaf-under-sgc.der", intermediate: "intermediate-sgc.der", date: (2019, 6, 1), failure: "ServerAuthEKU@0"),
        // The control: a one-year serverAuth leaf passes however it is anchored.
        SystemRule(leaf: "leaf-1y.der", intermediate: "intermediate.der", date: (2021, 6, 1), failure: nil),
    ]

    @Test("system-only SSL rules follow the root's membership in the system store, however it is anchored",
          arguments: systemRules, Anchoring.allCases)
    func systemOnlyRules(_ rule: SystemRule, _ anchoring: Anchoring) throws {
        let evaluation = try Self.evaluate([rule.leaf, rule.intermediate], root: "root.der", anchoring: anchoring,
                                           at: Self.time(rule.date.0, rule.date.1, rule.date.2))
        let failures = evaluation.failures.map(\.description)
        if let failure = rule.failure, anchoring.isSystemRooted {
            #expect(failures == [failure])
            #expect(evaluation.result == .recoverableTrustFailure)
        } else {
            #expect(failures == [])
            #expect(evaluation.result == .unspecified)
        }
        #expect(evaluation.isAnchored)
    }

    @Test("a system root reached as an untrusted parent keys the system rules too (Apple asks the store, not the anchors)")
    func untrustedSystemRoot() throws {
        let root = try Self.certificate("root.der")
        var trust = try Trust(certificates: [Self.certificate("leaf-398.der"), Self.certificate("intermediate.der")],
                              policies: [.ssl(server: true, hostname: "example.com")],
                              systemStore: SystemTrustStore(certificates: [root]))
        trust.setAnchorCertificates([try Self.certificate("nc-root-undecodable.der")])
        trust.setVerifyDate(Self.time(2021, 6, 1))
        let evaluation = trust.evaluate()
        #expect(!evaluation.isAnchored)
        #expect(evaluation.chain.count == 3)
        #expect(evaluation.failures.map(\.description).sorted() == ["AnchorTrusted@2", "SystemTrustValidityPeriod@0"])
    }

    @Test("a user-anchored leaf is spared the other-trust maximum, not the system-trust ones (Apple checks those first)")
    func userAnchoredLeafKeepsSystemMaximums() throws {
        let root = try Self.certificate("root-2021.der")
        var settings = TrustSettings()
        try settings.setConstraints([], for: root, in: .user)
        for inSystemStore in [true, false] {
            var trust = try Trust(certificates: [root], policies: [.ssl(server: true, hostname: nil)],
                                  systemStore: SystemTrustStore(certificates: inSystemStore ? [root] : []))
            trust.setTrustSettings(settings)
            trust.setVerifyDate(Self.time(2022, 1, 1))
            let failures = trust.evaluate().failures.map(\.description)
            // Twenty years from 2021-01-01: over 398 days (system) and 825 days (other trust). A
            // system root without EKU also fails the system-rooted serverAuth rule, which the
            // user anchor does not spare either (system-rooted chains are checked first).
            #expect(failures.sorted() == (inSystemStore ? ["ServerAuthEKU@0", "SystemTrustValidityPeriod@0"] : []),
                    "in the system store: \(inSystemStore)")
        }
    }

    // MARK: 2. Apple's own anchors never expire

    static let appleAnchors = [
        "apple-root-ca.der", "apple-root-ca-g2.der", "apple-root-ca-g3.der", "apple-platform-backport-rsa-root-g1.der",
        "apple-platform-backport-ecc-root-g1.der", "apple-external-ec-root.der", "syniverse-private-r-root-ca.der",
    ]

    @Test("each of _ShouldSkipExpirationCheck's roots is recognised by its SHA-256", arguments: appleAnchors)
    func appleAnchorIsRecognised(_ file: String) throws {
        let root = try Self.certificate("apple-anchors/" + file)
        #expect(AppleAnchors.neverExpires(root))
        #expect(AppleAnchors.lengths.count == AppleAnchors.neverExpiring.count)
    }

    @Test("an Apple root passes TemporalValidity after its notAfter and before its notBefore, anchored or not", arguments: appleAnchors)
    func appleAnchorNeverExpires(_ file: String) throws {
        let root = try Self.certificate("apple-anchors/" + file)
        for date in [Self.time(2050, 1, 1), Self.time(2000, 1, 1)] {
            var anchored = try Trust(certificates: [root], policies: [.basicX509], systemStore: SystemTrustStore(certificates: []))
            anchored.setAnchorCertificates([root])
            anchored.setVerifyDate(date)
            let evaluation = anchored.evaluate()
            #expect(evaluation.failures == [], "\(file) at \(date.secondsSince1970)")
            #expect(evaluation.result == .unspecified)
            // In the system store, as a system root.
            var system = try Trust(certificates: [root], policies: [.basicX509], systemStore: SystemTrustStore(certificates: [root]))
            system.setVerifyDate(date)
            #expect(system.evaluate().failures == [])
            // Not trusted at all: the root is untrusted, and still not expired.
            var untrusted = try Trust(certificates: [root], policies: [.basicX509], systemStore: SystemTrustStore(certificates: []))
            untrusted.setVerifyDate(date)
            #expect(untrusted.evaluate().failures.map(\.description) == ["AnchorTrusted@0"])
        }
    }

    @Test("the root next to them expires: a self-signed root of another SHA-256 fails TemporalValidity past its notAfter")
    func otherRootExpires() throws {
        let root = try Self.certificate("root.der")
        #expect(!AppleAnchors.neverExpires(root))
        var trust = try Trust(certificates: [root], policies: [.basicX509], systemStore: SystemTrustStore(certificates: []))
        trust.setAnchorCertificates([root])
        trust.setVerifyDate(Self.time(2041, 1, 1))
        #expect(trust.evaluate().failures.map(\.description) == ["TemporalValidity@0"])
        // One octet changed (same length): not Apple's, expires.
        var bytes = [UInt8](try Self.certificate("apple-anchors/apple-root-ca.der").derEncoded)
        bytes[bytes.count - 1] ^= 1
        #expect(!AppleAnchors.neverExpires(try Certificate(derEncoded: bytes)))
    }

    // MARK: 3. Name constraints Apple reads as bytes

    static func evaluateUnder(_ anchor: String, _ files: [String], date: DERTime = time(2021, 6, 1),
                              policy: TrustPolicy = .ssl(server: true, hostname: "example.com")) throws -> TrustEvaluation {
        var trust = try Trust(certificates: files.map(certificate), policies: [policy],
                              systemStore: SystemTrustStore(certificates: []))
        trust.setAnchorCertificates([try certificate(anchor)])
        trust.setVerifyDate(date)
        return trust.evaluate()
    }

    @Test("an anchor's non-critical nameConstraints with an otherName that does not decode: trusted, and still constraining")
    func undecodableOtherNameInAnchor() throws {
        let trusted = try Self.evaluateUnder("nc-root-undecodable.der", ["leaf-nc-example.der"])
        #expect(trusted.failures == [])
        #expect(trusted.result == .unspecified)
        // The dNSName subtree beside it still applies: another name fails NameConstraints.
        var other = try Trust(certificates: [Self.certificate("leaf-nc-other.der")], policies: [.basicX509],
                              systemStore: SystemTrustStore(certificates: []))
        other.setAnchorCertificates([try Self.certificate("nc-root-undecodable.der")])
        other.setVerifyDate(Self.time(2021, 6, 1))
        #expect(other.evaluate().failures.map(\.description) == ["NameConstraints@0"])
    }

    @Test("a critical otherName subtree: Apple takes a trusted anchor's subtrees as they are, and refuses an intermediate's")
    func criticalUnsupportedForm() throws {
        let anchor = try Self.evaluateUnder("nc-root-upn-critical.der", ["leaf-nc-example.der"])
        #expect(anchor.failures == [])
        let intermediate = try Self.evaluateUnder("root.der", ["leaf-under-upn.der", "nc-intermediate-upn-critical.der"])
        #expect(intermediate.failures.map(\.description) == ["NameConstraints@0"])
        #expect(intermediate.result == .recoverableTrustFailure)
    }

    @Test("1,024 subtrees: Apple's recoverable NameConstraints at the intermediate, not a path-building budget failure")
    func tooManySubtrees() throws {
        let refused = try Self.evaluateUnder("root.der", ["leaf-under-1024.der", "nc-intermediate-1024.der"], policy: .basicX509)
        #expect(refused.failures.map(\.description) == ["NameConstraints@1"])
        #expect(refused.result == .recoverableTrustFailure)
        // 1,023 subtrees are used, and a name within them passes.
        let used = try Self.evaluateUnder("root.der", ["leaf-under-1023.der", "nc-intermediate-1023.der"], policy: .basicX509)
        #expect(used.failures == [])
    }

    @Test("subtree lists are counted down the path: an anchor's list and an intermediate's together reach the maximum")
    func subtreeListsAddUp() throws {
        // The limit is checked on the lists, so a path of facts is enough.
        let lists = try NameConstraintsCheck.ListSizes(Self.context(["leaf-under-1023.der", "nc-intermediate-1023.der", "nc-root-undecodable.der"]))
        // The anchor's two permitted subtrees (a dNSName and the undecodable otherName) and the
        // intermediate's 1,023 would make a list of 1,025.
        #expect(lists.refusesPermitted(at: 1))
        #expect(!lists.refusesExcluded(at: 1))
        #expect(!lists.anchorIsTooLong)
    }

    static func context(_ files: [String]) throws -> PathContext {
        let facts = try files.map { CertificateFacts(try certificate($0)) }
        return PathContext(facts: facts, isAnchored: true, isSystemRooted: false, isSelfSigned: facts.map { _ in false },
                           policies: [.basicX509], verifyTime: time(2021, 6, 1).secondsSince1970)
    }
}
