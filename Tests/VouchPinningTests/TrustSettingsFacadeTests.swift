import Foundation
import Testing
import VouchDER
import VouchTrust
import VouchX509

@testable import VouchPinning

/// The trust-settings and exceptions functions of the Security facade (SECTRUST.md §15) on the
/// certificates of TestVectors/sectrust: root → intermediate → leaf for example.com, verified at
/// 2026-06-01, with a system store holding nothing unless a test says otherwise. Each test binds a
/// fresh store to its task, so tests running in parallel do not see each other's settings; one
/// test uses the process's own store.
@Suite("Trust settings facade", .serialized)
struct TrustSettingsFacadeTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestVectors/sectrust/certs").path

    static func certificate(_ name: String) throws -> SecCertificate {
        let data = try #require(FileManager.default.contents(atPath: directory + "/" + name), "\(name)")
        return try #require(SecCertificateCreateWithData(nil, data))
    }

    struct Fixture {
        let root, intermediate, leaf, systemRoot, leafUnderSystemRoot, selfSignedLeaf: SecCertificate

        init() throws {
            root = try TrustSettingsFacadeTests.certificate("root.der")
            intermediate = try TrustSettingsFacadeTests.certificate("intermediate.der")
            leaf = try TrustSettingsFacadeTests.certificate("leaf.der")
            systemRoot = try TrustSettingsFacadeTests.certificate("system-root.der")
            leafUnderSystemRoot = try TrustSettingsFacadeTests.certificate("leaf-under-system-root.der")
            selfSignedLeaf = try TrustSettingsFacadeTests.certificate("selfsigned-leaf.der")
        }
    }

    /// A trust for `certificates` under SSL server `example.com` at 2026-06-01, whose system store
    /// holds `system` (nothing by default).
    static func trust(_ certificates: [SecCertificate], system: [SecCertificate] = [], host: String? = "example.com") throws -> SecTrust {
        let trust = SecTrust(try Trust(certificates: certificates.map(\.certificate), policies: [.ssl(server: true, hostname: host)],
                                       systemStore: SystemTrustStore(certificates: system.map(\.certificate))))
        SecTrustSetVerifyDate(trust, try #require(DERTime(rfc3339: "2026-06-01T00:00:00Z")))
        return trust
    }

    /// Evaluates: the answer, the result, the error code (0 when trusted) and the chain's summaries.
    static func evaluate(_ trust: SecTrust) -> (trusted: Bool, result: SecTrustResultType, status: OSStatus, chain: [String]) {
        var error: SecError?
        let trusted = SecTrustEvaluateWithError(trust, &error)
        var result = SecTrustResultType.invalid
        _ = SecTrustGetTrustResult(trust, &result)
        let chain = (SecTrustCopyCertificateChain(trust) ?? []).map { SecCertificateCopySubjectSummary($0) ?? "?" }
        return (trusted, result, error?.code ?? errSecSuccess, chain)
    }

    /// Runs `body` on an emptied process store, and empties it after (the suite is serialized,
    /// and no other suite sets trust settings).
    static func isolated(_ body: () throws -> Void) rethrows {
        TrustSettingsStore.shared.removeAll()
        defer { TrustSettingsStore.shared.removeAll() }
        try body()
    }

    static func summaries(_ certificates: SecCertificate...) -> [String] {
        certificates.map { SecCertificateCopySubjectSummary($0) ?? "?" }
    }

    @Test("the constants have Apple's values")
    func constants() {
        #expect([kSecTrustSettingsPolicy, kSecTrustSettingsPolicyName, kSecTrustSettingsPolicyString, kSecTrustSettingsKeyUsage,
                  kSecTrustSettingsAllowedError, kSecTrustSettingsResult, kSecTrustSettingsApplication]
                == ["kSecTrustSettingsPolicy", "kSecTrustSettingsPolicyName", "kSecTrustSettingsPolicyString", "kSecTrustSettingsKeyUsage",
                    "kSecTrustSettingsAllowedError", "kSecTrustSettingsResult", "kSecTrustSettingsApplication"])
        #expect([kSecTrustSettingsResultInvalid, kSecTrustSettingsResultTrustRoot, kSecTrustSettingsResultTrustAsRoot,
                 kSecTrustSettingsResultDeny, kSecTrustSettingsResultUnspecified].map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect([kSecTrustSettingsDomainUser, kSecTrustSettingsDomainAdmin, kSecTrustSettingsDomainSystem].map(\.rawValue) == [0, 1, 2])
        #expect([kSecTrustSettingsKeyUseSignature, kSecTrustSettingsKeyUseEnDecryptData, kSecTrustSettingsKeyUseEnDecryptKey,
                 kSecTrustSettingsKeyUseSignCert, kSecTrustSettingsKeyUseSignRevocation, kSecTrustSettingsKeyUseKeyExchange,
                 kSecTrustSettingsKeyUseAny].map(\.rawValue) == [0x1, 0x2, 0x4, 0x8, 0x10, 0x20, 0xFFFF_FFFF])
        #expect([errSecTrustSettingDeny, errSecNoTrustSettings, errSecItemNotFound, errSecReadOnly] == [-67654, -25263, -25300, -25292])
        #expect([kSecTrustStoreDomainSystem, kSecTrustStoreDomainUser, kSecTrustStoreDomainAdmin] == [1, 2, 3])
    }

    @Test("TrustRoot on the root in the user domain: trusted, Proceed; removing it: untrusted again")
    func trustRootThenRemove() throws {
        let fixture = try Fixture()
        try Self.isolated { () throws in
            let trust = try Self.trust([fixture.leaf, fixture.intermediate])
            let before = Self.evaluate(trust)
            #expect(!before.trusted && before.result == kSecTrustResultRecoverableTrustFailure)

            #expect(SecTrustSettingsSetTrustSettings(fixture.root, kSecTrustSettingsDomainUser,
                                                     [[kSecTrustSettingsResult: .result(kSecTrustSettingsResultTrustRoot)]]) == errSecSuccess)
            // The same trust evaluates again: the store changed.
            let trusted = Self.evaluate(trust)
            #expect(trusted.trusted && trusted.result == kSecTrustResultProceed && trusted.status == errSecSuccess)
            #expect(trusted.chain == Self.summaries(fixture.leaf, fixture.intermediate, fixture.root))
            var copied: [[String: SecTrustSettingsValue]]?
            #expect(SecTrustSettingsCopyTrustSettings(fixture.root, .user, &copied) == errSecSuccess)
            #expect(copied == [[kSecTrustSettingsResult: 1]])
            #expect(SecTrustSettingsCopyTrustSettings(fixture.root, .admin, &copied) == errSecItemNotFound && copied == nil)
            var certificates: [SecCertificate]?
            #expect(SecTrustSettingsCopyCertificates(.user, &certificates) == errSecSuccess && certificates == [fixture.root])
            #expect(SecTrustSettingsCopyCertificates(.admin, &certificates) == errSecNoTrustSettings && certificates == nil)

            #expect(SecTrustSettingsRemoveTrustSettings(fixture.root, .user) == errSecSuccess)
            let after = Self.evaluate(trust)
            #expect(!after.trusted && after.result == kSecTrustResultRecoverableTrustFailure && after.status == before.status)
            #expect(SecTrustSettingsRemoveTrustSettings(fixture.root, .user) == errSecItemNotFound)
            #expect(SecTrustSettingsCopyTrustSettings(fixture.root, .user, &copied) == errSecItemNotFound)
        }
    }

    @Test("no settings (nil) on a root means always trust, stored as an empty array; a single dictionary is a one-element array")
    func defaultTrustAndSingleDictionary() throws {
        let fixture = try Fixture()
        try Self.isolated { () throws in
            #expect(SecTrustSettingsSetTrustSettings(fixture.root, .user, nil) == errSecSuccess)
            var copied: [[String: SecTrustSettingsValue]]?
            #expect(SecTrustSettingsCopyTrustSettings(fixture.root, .user, &copied) == errSecSuccess && copied == [])
            #expect(Self.evaluate(try Self.trust([fixture.leaf, fixture.intermediate])).result == kSecTrustResultProceed)

            // A SecPolicy is stored as its compatibility OID and name, without the hostname.
            let single: [String: SecTrustSettingsValue] = [
                kSecTrustSettingsPolicy: .policy(SecPolicyCreateSSL(true, "example.com")), kSecTrustSettingsResult: .result(.trustRoot),
            ]
            #expect(SecTrustSettingsSetTrustSettings(fixture.root, .user, single) == errSecSuccess)
            #expect(SecTrustSettingsCopyTrustSettings(fixture.root, .user, &copied) == errSecSuccess)
            #expect(copied == [[kSecTrustSettingsPolicy: "1.2.840.113635.100.1.3", kSecTrustSettingsPolicyName: "sslServer",
                                kSecTrustSettingsResult: 1]])
            #expect(Self.evaluate(try Self.trust([fixture.leaf, fixture.intermediate])).result == kSecTrustResultProceed)
            // The copied form can be set again and means the same; a BasicX509-only setting does not match SSL.
            #expect(SecTrustSettingsSetTrustSettings(fixture.root, .user, copied) == errSecSuccess)
            #expect(Self.evaluate(try Self.trust([fixture.leaf, fixture.intermediate])).result == kSecTrustResultProceed)
            #expect(SecTrustSettingsSetTrustSettings(fixture.root, .user, [kSecTrustSettingsPolicy: .policy(SecPolicyCreateBasicX509())]) == errSecSuccess)
            #expect(!Self.evaluate(try Self.trust([fixture.leaf, fixture.intermediate])).trusted)
        }
    }

    @Test("Deny on the intermediate of a system-rooted chain: Deny, errSecTrustSettingDeny")
    func denyIntermediate() throws {
        let fixture = try Fixture()
        try Self.isolated { () throws in
            let trust = try Self.trust([fixture.leaf, fixture.intermediate], system: [fixture.root])
            #expect(Self.evaluate(trust).result == kSecTrustResultUnspecified)
            #expect(SecTrustSettingsSetTrustSettings(fixture.intermediate, .user, [kSecTrustSettingsResult: .result(.deny)]) == errSecSuccess)
            let denied = Self.evaluate(trust)
            #expect(!denied.trusted && denied.result == kSecTrustResultDeny && denied.status == errSecTrustSettingDeny)
            var result = SecTrustResultType.invalid
            #expect(SecTrustEvaluate(trust, &result) == errSecSuccess && result == kSecTrustResultDeny)
            // An admin entry hides the user's whole: TrustAsRoot there anchors at the intermediate.
            #expect(SecTrustSettingsSetTrustSettings(fixture.intermediate, .admin, [kSecTrustSettingsResult: .result(.trustAsRoot)]) == errSecSuccess)
            let admin = Self.evaluate(trust)
            #expect(admin.result == kSecTrustResultProceed && admin.chain == Self.summaries(fixture.leaf, fixture.intermediate))
            // With exclusive custom anchors, settings are ignored (SECTRUST.md §15.3.1).
            #expect(SecTrustSettingsRemoveTrustSettings(fixture.intermediate, .admin) == errSecSuccess)
            SecTrustSetAnchorCertificates(trust, [fixture.root])
            #expect(Self.evaluate(trust).result == kSecTrustResultUnspecified)
        }
    }

    @Test("TrustAsRoot on the intermediate: Proceed with the chain [leaf, intermediate]")
    func trustAsRootIntermediate() throws {
        let fixture = try Fixture()
        try Self.isolated { () throws in
            #expect(SecTrustSettingsSetTrustSettings(fixture.intermediate, .user, [[kSecTrustSettingsResult: .result(.trustAsRoot)]]) == errSecSuccess)
            let trusted = Self.evaluate(try Self.trust([fixture.leaf, fixture.intermediate]))
            #expect(trusted.trusted && trusted.result == kSecTrustResultProceed)
            #expect(trusted.chain == Self.summaries(fixture.leaf, fixture.intermediate))
            // A leaf under another root is not affected.
            let other = Self.evaluate(try Self.trust([fixture.leafUnderSystemRoot], system: [fixture.systemRoot]))
            #expect(other.result == kSecTrustResultUnspecified)
        }
    }

    @Test("what Apple refuses is errSecParam and changes nothing")
    func refused() throws {
        let fixture = try Fixture()
        try Self.isolated { () throws in
            let refused: [(SecCertificate, [[String: SecTrustSettingsValue]]?, String)] = [
                (fixture.intermediate, [[kSecTrustSettingsResult: .result(.trustRoot)]], "TrustRoot on a non-root"),
                (fixture.root, [[kSecTrustSettingsResult: .result(.trustAsRoot)]], "TrustAsRoot on a root"),
                (fixture.intermediate, [[kSecTrustSettingsPolicy: .policy(SecPolicyCreateSSL(true, nil))]], "no result on a non-root"),
                (fixture.intermediate, nil, "no settings on a non-root"),
                (fixture.intermediate, [], "an empty array on a non-root"),
                (fixture.root, [[kSecTrustSettingsResult: 0]], "result Invalid"),
                (fixture.root, [[kSecTrustSettingsResult: 5]], "result out of range"),
                (fixture.root, [[kSecTrustSettingsResult: "1"]], "a result that is not a number"),
                (fixture.root, [[kSecTrustSettingsPolicyString: 1]], "a policy string that is not a string"),
                (fixture.root, [[kSecTrustSettingsPolicy: "not an OID"]], "a policy that is neither a SecPolicy nor an OID"),
                (fixture.root, [[kSecTrustSettingsKeyUsage: "8"]], "a key usage that is not a number"),
                (fixture.root, [[kSecTrustSettingsAllowedError: .data([1])]], "an allowed error that is not a number"),
            ]
            for (certificate, settings, why) in refused {
                #expect(SecTrustSettingsSetTrustSettings(certificate, .user, settings) == errSecParam, "\(why)")
                var copied: [[String: SecTrustSettingsValue]]?
                #expect(SecTrustSettingsCopyTrustSettings(certificate, .user, &copied) == errSecItemNotFound, "\(why)")
            }
            #expect(SecTrustSettingsSetTrustSettings(fixture.intermediate, .user, [kSecTrustSettingsResult: .result(.trustRoot)]) == errSecParam)
            // Deny and Unspecified go on anything.
            #expect(SecTrustSettingsSetTrustSettings(fixture.leaf, .user, [kSecTrustSettingsResult: .result(.unspecified)]) == errSecSuccess)
            #expect(SecTrustSettingsSetTrustSettings(fixture.root, .user, [kSecTrustSettingsResult: .result(.deny)]) == errSecSuccess)
        }
    }

    @Test("the system domain is read-only")
    func systemDomainReadOnly() throws {
        let fixture = try Fixture()
        try Self.isolated { () throws in
            #expect(SecTrustSettingsSetTrustSettings(fixture.root, .system, nil) == errSecReadOnly)
            #expect(SecTrustSettingsSetTrustSettings(fixture.root, kSecTrustSettingsDomainSystem, [kSecTrustSettingsResult: .result(.deny)]) == errSecReadOnly)
            #expect(SecTrustSettingsRemoveTrustSettings(fixture.root, .system) == errSecReadOnly)
            var copied: [[String: SecTrustSettingsValue]]?
            #expect(SecTrustSettingsCopyTrustSettings(fixture.root, .system, &copied) == errSecItemNotFound)
        }
    }

    @Test("iOS's user trust store: the user domain, nil settings always trust, an empty array refused")
    func trustStore() throws {
        let fixture = try Fixture()
        try Self.isolated { () throws in
            #expect(SecTrustStoreForDomain(kSecTrustStoreDomainSystem) == nil)
            #expect(SecTrustStoreForDomain(kSecTrustStoreDomainAdmin) == nil)
            let store = try #require(SecTrustStoreForDomain(kSecTrustStoreDomainUser))
            #expect(store.domain == .user && !SecTrustStoreContains(store, fixture.root))
            #expect(SecTrustStoreSetTrustSettings(store, fixture.root, []) == errSecParam)
            #expect(SecTrustStoreSetTrustSettings(store, fixture.intermediate, nil) == errSecParam)
            #expect(SecTrustStoreSetTrustSettings(store, fixture.root, nil) == errSecSuccess)
            #expect(SecTrustStoreContains(store, fixture.root))
            var constraints: [[String: SecTrustSettingsValue]]?
            #expect(SecTrustStoreCopyUsageConstraints(store, fixture.root, &constraints) == errSecSuccess && constraints == [])
            var macOS: [[String: SecTrustSettingsValue]]?
            #expect(SecTrustSettingsCopyTrustSettings(fixture.root, .user, &macOS) == errSecSuccess && macOS == [])
            #expect(Self.evaluate(try Self.trust([fixture.leaf, fixture.intermediate])).result == kSecTrustResultProceed)
            #expect(SecTrustStoreSetTrustSettings(store, fixture.intermediate, [kSecTrustSettingsResult: .result(.deny)]) == errSecSuccess)
            #expect(Self.evaluate(try Self.trust([fixture.leaf, fixture.intermediate])).result == kSecTrustResultDeny)
            #expect(SecTrustStoreRemoveCertificate(store, fixture.intermediate) == errSecSuccess)
            #expect(SecTrustStoreRemoveCertificate(store, fixture.intermediate) == errSecSuccess)
            #expect(SecTrustStoreRemoveCertificate(store, fixture.root) == errSecSuccess)
            #expect(!SecTrustStoreContains(store, fixture.root))
            #expect(!Self.evaluate(try Self.trust([fixture.leaf, fixture.intermediate])).trusted)
        }
    }

    @Test("exceptions: a self-signed leaf's AnchorTrusted copied and set again gives Proceed; another leaf refuses them")
    func exceptionsRoundTrip() throws {
        let fixture = try Fixture()
        try Self.isolated { () throws in
            let first = try Self.trust([fixture.selfSignedLeaf])
            let failed = Self.evaluate(first)
            #expect(!failed.trusted && failed.result == kSecTrustResultRecoverableTrustFailure && failed.status == errSecNotTrusted)
            let exceptions = SecTrustCopyExceptions(first)
            #expect(exceptions.entries.count == 1)
            #expect(exceptions.entries.first?.checks.contains(TrustCheck.anchorTrusted.rawValue) == true)

            let second = try Self.trust([fixture.selfSignedLeaf])
            #expect(SecTrustSetExceptions(second, exceptions))
            let proceeded = Self.evaluate(second)
            #expect(proceeded.trusted && proceeded.result == kSecTrustResultProceed && proceeded.status == errSecSuccess)
            // A new failure (another hostname) is not excepted.
            SecTrustSetPolicies(second, SecPolicyCreateSSL(true, "example.org"))
            #expect(Self.evaluate(second).status == errSecHostNameMismatch)

            let other = try Self.trust([fixture.leaf, fixture.intermediate])
            #expect(!SecTrustSetExceptions(other, exceptions))
            #expect(!SecTrustSetExceptions(second, nil))
            #expect(!Self.evaluate(second).trusted)
        }
    }

    @Test("the process's own store is the one a SecTrust reads, on its next evaluation after a change")
    func sharedStore() throws {
        let fixture = try Fixture()
        try Self.isolated {
            let trust = try Self.trust([fixture.leafUnderSystemRoot])
            #expect(!Self.evaluate(trust).trusted)
            #expect(SecTrustSettingsSetTrustSettings(fixture.systemRoot, .user, nil) == errSecSuccess)
            #expect(Self.evaluate(trust).result == kSecTrustResultProceed)
            #expect(SecTrustSettingsRemoveTrustSettings(fixture.systemRoot, .user) == errSecSuccess)
            #expect(!Self.evaluate(trust).trusted)
        }
    }

    // MARK: - AFSecurityPolicy

    @Test("AFSecurityPolicy: a server trust trusted only through a user setting (Proceed) is allowed; Deny refuses it")
    func afSecurityPolicy() throws {
        let fixture = try Fixture()
        try Self.isolated { () throws in
            let ported = PortedAFSecurityPolicy.Policy(mode: .none, pinnedCertificates: [], allowInvalidCertificates: false, validatesDomainName: true)
            #expect(!ported.evaluateServerTrust(try Self.trust([fixture.leaf, fixture.intermediate]), forDomain: "example.com"))

            #expect(SecTrustSettingsSetTrustSettings(fixture.root, .user, [kSecTrustSettingsPolicy: .policy(SecPolicyCreateSSL(true, nil)),
                                                                           kSecTrustSettingsResult: .result(.trustRoot)]) == errSecSuccess)
            let serverTrust = try Self.trust([fixture.leaf, fixture.intermediate])
            #expect(ported.evaluateServerTrust(serverTrust, forDomain: "example.com"))
            var result = SecTrustResultType.invalid
            #expect(SecTrustGetTrustResult(serverTrust, &result) == errSecSuccess && result == kSecTrustResultProceed)
            #expect(PortedAFSecurityPolicy.AFServerTrustIsValid(serverTrust))
            // Public-key pinning of the root: valid chain (Proceed) and a pinned key in it.
            let pinned = PortedAFSecurityPolicy.Policy(mode: .publicKey, pinnedCertificates: [SecCertificateCopyData(fixture.root)],
                                                       allowInvalidCertificates: false, validatesDomainName: true)
            #expect(pinned.evaluateServerTrust(try Self.trust([fixture.leaf, fixture.intermediate]), forDomain: "example.com"))

            #expect(SecTrustSettingsSetTrustSettings(fixture.intermediate, .user, [kSecTrustSettingsResult: .result(.deny)]) == errSecSuccess)
            let deniedTrust = try Self.trust([fixture.leaf, fixture.intermediate])
            #expect(!ported.evaluateServerTrust(deniedTrust, forDomain: "example.com"))
            #expect(SecTrustGetTrustResult(deniedTrust, &result) == errSecSuccess && result == kSecTrustResultDeny)
            #expect(!pinned.evaluateServerTrust(try Self.trust([fixture.leaf, fixture.intermediate]), forDomain: "example.com"))
        }
    }

    @Test("SecurityPolicy (AFSecurityPolicy) takes Proceed as Unspecified and Deny as a failure")
    func securityPolicyProceedAndDeny() throws {
        let fixture = try Fixture()
        func trust(_ settings: TrustSettings) throws -> Trust {
            var trust = try Trust(certificates: [fixture.leaf.certificate, fixture.intermediate.certificate],
                                  systemStore: SystemTrustStore(certificates: []))
            trust.setVerifyDate(try #require(DERTime(rfc3339: "2026-06-01T00:00:00Z")))
            trust.setTrustSettings(settings)
            return trust
        }
        var settings = TrustSettings()
        var plain = try trust(settings)
        #expect(!AFSecurityPolicy.defaultPolicy().evaluateServerTrust(&plain, forDomain: "example.com"))

        try settings.setConstraints([TrustSettingsConstraint(result: .trustRoot)], for: fixture.root.certificate, in: .user)
        var proceeding = try trust(settings)
        let decision = AFSecurityPolicy.defaultPolicy().decide(&proceeding, forDomain: "example.com")
        #expect(decision.isAllowed)
        #expect(proceeding.lastEvaluation?.result == .proceed)
        #expect(decision.steps.last?.contains("proceed") == true, "\(decision.steps)")

        try settings.setConstraints([TrustSettingsConstraint(result: .deny)], for: fixture.intermediate.certificate, in: .user)
        var denied = try trust(settings)
        #expect(!AFSecurityPolicy.defaultPolicy().evaluateServerTrust(&denied, forDomain: "example.com"))
        #expect(denied.lastEvaluation?.result == .deny)
        #expect(denied.lastEvaluation?.status == .trustSettingDeny)
    }
}
