import Foundation
import Testing
import VouchCrypto
import VouchDER
import VouchTrust
import VouchX509

/// SECTRUST.md §15, rule by rule, on the certificates of TestVectors/sectrust (leaf for
/// example.com ← intermediate ← root; system-root ← leaf-under-system-root; verify date
/// 2026-06-01). Each test states the rule it holds; removing the rule from the engine fails it.
@Suite("Trust settings, Deny, Proceed and exceptions (SECTRUST.md §15)")
struct TrustSettingsTests {
    static func cert(_ name: String) throws -> Certificate { try Certificate(derEncoded: SecTrustManifest.bytes("certs/" + name + ".der")) }
    static let date = DERTime(rfc3339: "2026-06-01T00:00:00Z")
    static let sslServer = TrustPolicy.ssl(server: true, hostname: "example.com")

    /// A trust of `chain` under `policy`, with `system` as the system store and `settings`.
    static func trust(
        _ chain: [String], policy: TrustPolicy = sslServer, system: [String] = [], systemSettings: TrustSettings? = nil,
        settings: TrustSettings = TrustSettings(), at date: DERTime? = date
    ) throws -> Trust {
        let roots = try system.map(cert)
        let store = systemSettings.map { SystemTrustStore(certificates: roots, trustSettings: $0) } ?? SystemTrustStore(certificates: roots)
        var trust = try Trust(certificates: chain.map(cert), policies: [policy], systemStore: store)
        trust.setTrustSettings(settings)
        if let date { trust.setVerifyDate(date) }
        return trust
    }

    static func settings(_ entries: [(String, [TrustSettingsConstraint]?, TrustSettingsDomain)]) throws -> TrustSettings {
        var settings = TrustSettings()
        for (name, constraints, domain) in entries { try settings.setConstraints(constraints, for: cert(name), in: domain) }
        return settings
    }

    /// The error setting `constraints` throws, or `nil` when it is stored.
    static func refusal(_ constraints: [TrustSettingsConstraint]?, for certificate: Certificate, in domain: TrustSettingsDomain) -> TrustSettingsError? {
        var settings = TrustSettings()
        do { try settings.setConstraints(constraints, for: certificate, in: domain) } catch { return error }
        return nil
    }

    static func evaluate(_ trust: Trust) -> TrustEvaluation {
        var trust = trust
        return trust.evaluate()
    }

    // §15.2: what Apple refuses to store.
    @Test("§15.2: settings Apple refuses are typed errors, and Deny/Unspecified are stored on any certificate")
    func settingTimeValidation() throws {
        var settings = TrustSettings()
        let intermediate = try Self.cert("intermediate"), root = try Self.cert("root"), leaf = try Self.cert("leaf")
        #expect(Self.refusal(nil, for: intermediate, in: .user) == TrustSettingsError.defaultTrustOnNonRoot(subject: intermediate.subject.description))
        #expect(Self.refusal([], for: intermediate, in: .user) == TrustSettingsError.defaultTrustOnNonRoot(subject: intermediate.subject.description))
        #expect(Self.refusal([.init(result: .deny), .init(policy: .appleSSL)], for: intermediate, in: .user) == TrustSettingsError.missingResultOnNonRoot(subject: intermediate.subject.description, index: 1))
        #expect(Self.refusal([.init(result: .trustRoot)], for: leaf, in: .admin) == TrustSettingsError.trustRootOnNonRoot(subject: leaf.subject.description, index: 0))
        #expect(Self.refusal([.init(result: .trustAsRoot)], for: root, in: .user) == TrustSettingsError.trustAsRootOnRoot(subject: root.subject.description, index: 0))
        #expect(Self.refusal([.init(result: .invalid)], for: root, in: .user) == TrustSettingsError.resultOutOfRange(value: 0, index: 0))
        #expect(Self.refusal(nil, for: root, in: .system) == TrustSettingsError.readOnlyDomain)
        #expect(settings.isEmpty, "a refused setting changes nothing")
        try settings.setConstraints(nil, for: root, in: .user)
        try settings.setConstraints([.init(result: .deny)], for: leaf, in: .user)
        try settings.setConstraints([.init(result: .unspecified)], for: intermediate, in: .user)
        try settings.setConstraints([.init(result: .trustAsRoot)], for: intermediate, in: .admin)
        #expect(settings.constraints(for: root, in: .user) == [])
        #expect(settings.constraints(for: intermediate, in: .admin) == [.init(result: .trustAsRoot)])
        let stored1 = settings.removeConstraints(for: leaf, in: .user)
        #expect(stored1)
        let stored2 = settings.removeConstraints(for: leaf, in: .user)
        #expect(!stored2)
        #expect(settings.constraints(for: leaf, in: .user) == nil)
        #expect(TrustSettingsError.readOnlyDomain.status.code == -25292)
        #expect(TrustSettingsError.trustAsRootOnRoot(subject: "", index: 0).status.code == -50)
    }

    // §15.3.4 and §15.3.5: anchors from settings, and Proceed.
    @Test("§15.3.4/§15.3.5: a chain anchored by a user or admin setting is Proceed", arguments: [
        ("root", [TrustSettingsConstraint]?.none, TrustSettingsDomain.user, 3),
        ("root", [], .admin, 3),
        ("root", [.init(policy: .appleSSL, policyName: "sslServer")], .user, 3),
        ("intermediate", [.init(result: .trustAsRoot)], .user, 2),
        ("leaf", [.init(result: .trustAsRoot)], .user, 1),
    ])
    func proceedFromAnchor(name: String, constraints: [TrustSettingsConstraint]?, domain: TrustSettingsDomain, chainLength: Int) throws {
        let evaluation = Self.evaluate(try Self.trust(["leaf", "intermediate"], settings: Self.settings([(name, constraints, domain)])))
        #expect(evaluation.result == .proceed, "\(evaluation.failures)")
        #expect(evaluation.status == .success)
        #expect(evaluation.chain.count == chainLength)
        #expect(evaluation.isAnchored)
        #expect(evaluation.decisions.contains { $0.kind == .anchored && $0.domain == domain && $0.index == chainLength - 1 })
        #expect(evaluation.decisions.contains { $0.kind == .proceed })
        // Without the setting nothing anchors the chain.
        let without = Self.evaluate(try Self.trust(["leaf", "intermediate"]))
        #expect(without.result == .recoverableTrustFailure)
    }

    @Test("§15.3.5: Deny on any certificate of the chain is Deny, errSecTrustSettingDeny, at its index", arguments: [
        ("leaf", 0), ("intermediate", 1), ("root", 2),
    ])
    func denyAnywhere(name: String, index: Int) throws {
        let settings = try Self.settings([(name, [.init(result: .deny)], .user)])
        let evaluation = Self.evaluate(try Self.trust(["leaf", "intermediate"], system: ["root"], settings: settings))
        #expect(evaluation.result == .deny)
        #expect(evaluation.status.code == -67654)
        #expect(evaluation.status.name == "errSecTrustSettingDeny")
        #expect(evaluation.failures.contains(TrustFailure(index: index, check: .usageConstraints)))
        #expect(evaluation.decisions.contains { $0.kind == .denied && $0.index == index && $0.domain == .user && $0.constraint == 0 })
        #expect(!evaluation.isTrusted)
        // The same chain without the setting is trusted by the system root, Unspecified.
        #expect(Self.evaluate(try Self.trust(["leaf", "intermediate"], system: ["root"])).result == .unspecified)
    }

    @Test("§15.3.1: with exclusive app anchors the settings are not consulted; SetAnchorCertificatesOnly(false) restores them")
    func appAnchorsIgnoreSettings() throws {
        let settings = try Self.settings([("intermediate", [.init(result: .deny)], .user)])
        var trust = try Self.trust(["leaf", "intermediate"], settings: settings)
        trust.setAnchorCertificates([try Self.cert("root")])
        #expect(trust.evaluate().result == .unspecified)
        trust.setAnchorCertificatesOnly(false)
        #expect(trust.evaluate().result == .deny)
    }

    @Test("§15.3.2: app anchors come before the settings (Deny on an app anchor is ignored), and Proceed counts user-store membership")
    func appAnchorBeforeSettings() throws {
        let settings = try Self.settings([("root", [.init(result: .deny)], .user)])
        var trust = try Self.trust(["leaf", "intermediate"], settings: settings)
        trust.setAnchorCertificates([try Self.cert("root")])
        trust.setAnchorCertificatesOnly(false)
        let evaluation = trust.evaluate()
        // The app anchor's source carries no constraints: Invalid, and the user store holds it: Proceed.
        #expect(evaluation.result == .proceed, "\(evaluation.failures)")
    }

    @Test("§15.3.2: the admin domain's entry is used whole, the user's ignored")
    func adminOverUser() throws {
        let denied = try Self.settings([("intermediate", [.init(result: .deny)], .admin), ("intermediate", [.init(result: .trustAsRoot)], .user)])
        #expect(Self.evaluate(try Self.trust(["leaf", "intermediate"], settings: denied)).result == .deny)
        let trusted = try Self.settings([("intermediate", [.init(result: .trustAsRoot)], .admin), ("intermediate", [.init(result: .deny)], .user)])
        #expect(Self.evaluate(try Self.trust(["leaf", "intermediate"], settings: trusted)).result == .proceed)
    }

    @Test("§15.3.2/§15.3.5: a user entry on a system root: Unspecified never distrusts it (Proceed), nor does a non-matching one")
    func userEntryOnSystemRoot() throws {
        let unspecified = try Self.settings([("system-root", [.init(result: .unspecified)], .user)])
        let a = Self.evaluate(try Self.trust(["leaf-under-system-root"], system: ["system-root"], settings: unspecified))
        // It falls through to the system source (a root, TrustRoot) and the user store holds it: Proceed.
        #expect(a.result == .proceed, "\(a.failures)")
        #expect(a.isAnchored)
        let elsewhere = try Self.settings([("system-root", [.init(policy: .appleSMIME, result: .trustRoot)], .user)])
        let b = Self.evaluate(try Self.trust(["leaf-under-system-root"], system: ["system-root"], settings: elsewhere))
        #expect(b.result == .proceed, "\(b.failures)")
        let trusted = try Self.settings([("system-root", nil, .user)])
        #expect(Self.evaluate(try Self.trust(["leaf-under-system-root"], system: ["system-root"], settings: trusted)).result == .proceed)
    }

    // §15.3.3: matching one constraint.
    @Test("§15.3.3: policy OID and name, policy string, key usage decide whether TrustRoot on the root anchors", arguments: [
        ([TrustSettingsConstraint(policy: .appleSSL, policyName: "sslServer")], TrustPolicy.ssl(server: true, hostname: "example.com"), true),
        ([.init(policy: .appleSSL, policyName: "sslServer")], .basicX509, false),
        ([.init(policy: .appleSSL, policyName: "sslClient")], .ssl(server: true, hostname: "example.com"), false),
        ([.init(policy: .appleSSL)], .ssl(server: false, hostname: "example.com"), true),
        ([.init(policyName: "basicX509")], .basicX509, true),
        ([.init(policy: .appleX509Basic)], .ssl(server: true, hostname: "example.com"), false),
        ([.init(policy: .appleSSL, policyString: "EXAMPLE.com")], .ssl(server: true, hostname: "example.com"), true),
        ([.init(policy: .appleSSL, policyString: "example.com\u{0}")], .ssl(server: true, hostname: "example.com"), true),
        ([.init(policy: .appleSSL, policyString: "other.com")], .ssl(server: true, hostname: "example.com"), false),
        ([.init(policyString: "example.com")], .ssl(server: true, hostname: "example.com"), false),
        ([.init(keyUsage: TrustSettingsConstraint.KeyUsage.signCertificate)], .basicX509, true),
        ([.init(keyUsage: TrustSettingsConstraint.KeyUsage.any)], .basicX509, true),
        ([.init(keyUsage: TrustSettingsConstraint.KeyUsage.signCertificate | TrustSettingsConstraint.KeyUsage.signature)], .basicX509, false),
        ([.init(keyUsage: TrustSettingsConstraint.KeyUsage.signature)], .basicX509, false),
        ([.init(namesApplication: true)], .basicX509, false),
        ([.init(hasPolicyOptions: true)], .basicX509, false),
        ([.init(policy: .appleSMIME, result: .deny), .init(result: .trustRoot)], .basicX509, true),
        ([.init(result: .unspecified), .init(result: .trustRoot)], .basicX509, false),
    ])
    func constraintMatching(constraints: [TrustSettingsConstraint], policy: TrustPolicy, anchors: Bool) throws {
        let settings = try Self.settings([("root", constraints, .user)])
        let evaluation = Self.evaluate(try Self.trust(["leaf", "intermediate"], policy: policy, settings: settings))
        if anchors {
            // (The example leaf has no clientAuth: under SSL client it fails its EKU, anchored all the same.)
            #expect(evaluation.isAnchored && evaluation.chain.count == 3, "\(evaluation.failures)")
            #expect(evaluation.result == (policy == .ssl(server: false, hostname: "example.com") ? .recoverableTrustFailure : .proceed))
        } else {
            #expect(evaluation.result == .recoverableTrustFailure)
            #expect(evaluation.failures.contains(TrustFailure(index: 2, check: .anchorTrusted)), "\(evaluation.failures)")
        }
    }

    @Test("§15.3.3: key usage SignCert matches a CA, not the leaf (a leaf matches only Any)")
    func keyUsageOfLeaf() throws {
        let signCert = try Self.settings([("leaf", [.init(keyUsage: TrustSettingsConstraint.KeyUsage.signCertificate, result: .trustAsRoot)], .user)])
        #expect(Self.evaluate(try Self.trust(["leaf"], settings: signCert)).result == .recoverableTrustFailure)
        let any = try Self.settings([("leaf", [.init(keyUsage: TrustSettingsConstraint.KeyUsage.any, result: .trustAsRoot)], .user)])
        #expect(Self.evaluate(try Self.trust(["leaf"], settings: any)).result == .proceed)
    }

    // §15.3.6: allowed errors.
    @Test("§15.3.6: an allowed error removes a recoverable failure of its certificate; 0 allows every unmapped one")
    func allowedErrors() throws {
        let wrongHost = TrustPolicy.ssl(server: true, hostname: "other.com")
        let failing = Self.evaluate(try Self.trust(["leaf", "intermediate"], policy: wrongHost, system: ["root"]))
        #expect(failing.failures == [TrustFailure(index: 0, check: .sslHostname)])
        let allowed = try Self.settings([("leaf", [.init(allowedError: TrustSettingsConstraint.AllowedError.hostnameMismatch, result: .unspecified)], .user)])
        let evaluation = Self.evaluate(try Self.trust(["leaf", "intermediate"], policy: wrongHost, system: ["root"], settings: allowed))
        #expect(evaluation.result == .unspecified, "an allowed error alone does not give Proceed: \(evaluation.failures)")
        #expect(evaluation.decisions.contains { $0.kind == .allowedError && $0.check == .sslHostname && $0.index == 0 })
        let wrongCode = try Self.settings([("leaf", [.init(allowedError: TrustSettingsConstraint.AllowedError.certificateExpired, result: .unspecified)], .user)])
        #expect(Self.evaluate(try Self.trust(["leaf", "intermediate"], policy: wrongHost, system: ["root"], settings: wrongCode)).result == .recoverableTrustFailure)
        // Expired intermediate: CSSMERR_TP_CERT_EXPIRED allows TemporalValidity at its index.
        let expired = try Self.settings([("intermediate-expired", [.init(allowedError: TrustSettingsConstraint.AllowedError.certificateExpired, result: .unspecified)], .user)])
        let a = Self.evaluate(try Self.trust(["leaf", "intermediate-expired"], system: ["root"]))
        #expect(a.failures.contains(TrustFailure(index: 1, check: .temporalValidity)))
        let b = Self.evaluate(try Self.trust(["leaf", "intermediate-expired"], system: ["root"], settings: expired))
        #expect(b.result == .unspecified, "\(b.failures)")
        // 0: every recoverable failure without a CSSM code of its own (here KeySize of an RSA-1024 leaf).
        let zero = try Self.settings([("leaf-rsa1024", [.init(allowedError: 0, result: .unspecified)], .user)])
        #expect(Self.evaluate(try Self.trust(["leaf-rsa1024", "intermediate"], system: ["root"])).result == .recoverableTrustFailure)
        #expect(Self.evaluate(try Self.trust(["leaf-rsa1024", "intermediate"], system: ["root"], settings: zero)).result == .unspecified)
    }

    @Test("§15.3.8: fatal failures are never allowed, and Deny cannot be allowed")
    func fatalNotAllowed() throws {
        let zero = try Self.settings([("leaf-rsa512", [.init(allowedError: 0, result: .unspecified)], .user)])
        let evaluation = Self.evaluate(try Self.trust(["leaf-rsa512", "intermediate"], system: ["root"], settings: zero))
        #expect(evaluation.result == .fatalTrustFailure)
        let denyAllowed = try Self.settings([("intermediate", [.init(allowedError: 0, result: .deny)], .user)])
        #expect(Self.evaluate(try Self.trust(["leaf", "intermediate"], system: ["root"], settings: denyAllowed)).result == .deny)
        // Fatal outranks Deny.
        let both = try Self.settings([("intermediate", [.init(result: .deny)], .user)])
        #expect(Self.evaluate(try Self.trust(["leaf-rsa512", "intermediate"], system: ["root"], settings: both)).result == .fatalTrustFailure)
    }

    // §15.3.7: checks that look at user trust settings.
    @Test("§15.3.7: a user-anchored leaf skips KeySize, even with exclusive app anchors")
    func keySizeSkippedForUserAnchoredLeaf() throws {
        let plain = Self.evaluate(try Self.trust(["leaf-rsa1024", "intermediate"], system: ["root"]))
        #expect(plain.failures.contains(TrustFailure(index: 0, check: .keySize)))
        let settings = try Self.settings([("leaf-rsa1024", [.init(result: .trustAsRoot)], .user)])
        let anchored = Self.evaluate(try Self.trust(["leaf-rsa1024", "intermediate"], settings: settings))
        #expect(anchored.result == .proceed, "\(anchored.failures)")
        var exclusive = try Self.trust(["leaf-rsa1024", "intermediate"], settings: settings)
        exclusive.setAnchorCertificates([try Self.cert("root")])
        let evaluation = exclusive.evaluate()
        #expect(evaluation.result == .unspecified, "\(evaluation.failures)")
    }

    // §15.6: the system domain.
    @Test("§15.6: a system-domain Deny is Deny; a system-domain setting never gives Proceed; trusted for e-mail only is no SSL anchor")
    func systemDomain() throws {
        var system = TrustSettingsTests.systemSettings([.init(policy: .appleSSL, policyName: "sslServer", result: .deny), .init(result: .trustRoot)])
        let chain = ["leaf-under-system-root"]
        #expect(Self.evaluate(try Self.trust(chain, system: ["system-root"], systemSettings: system)).result == .deny)
        #expect(Self.evaluate(try Self.trust(chain, policy: .basicX509, system: ["system-root"], systemSettings: system)).result == .unspecified)
        system = TrustSettingsTests.systemSettings([.init(result: .trustRoot)])
        #expect(Self.evaluate(try Self.trust(chain, system: ["system-root"], systemSettings: system)).result == .unspecified)
        // §15.3.4: TrustAsRoot anchors only a certificate that is not self-signed (the system
        // domain is not validated, so the engine's rule is what stops it).
        system = TrustSettingsTests.systemSettings([.init(result: .trustAsRoot)])
        let asRoot = Self.evaluate(try Self.trust(chain, system: ["system-root"], systemSettings: system))
        #expect(asRoot.failures.contains(TrustFailure(index: 1, check: .anchorTrusted)), "\(asRoot.failures)")
        system = TrustSettingsTests.systemSettings([.init(policy: .appleSMIME, result: .trustRoot)])
        let email = Self.evaluate(try Self.trust(chain, system: ["system-root"], systemSettings: system))
        #expect(email.failures.contains(TrustFailure(index: 1, check: .anchorTrusted)), "\(email.failures)")
    }

    static func systemSettings(_ constraints: [TrustSettingsConstraint]) -> TrustSettings {
        var settings = TrustSettings()
        if let root = try? cert("system-root") { settings.setSystemConstraints(constraints, for: root) }
        return settings
    }

    // §15.4: exceptions.
    @Test("§15.4: exceptions copied from a failed evaluation turn it into Proceed, for that leaf only")
    func exceptions() throws {
        var trust = try Self.trust(["selfsigned-leaf"])
        let failed = trust.evaluate()
        #expect(failed.failures == [TrustFailure(index: 0, check: .anchorTrusted)])
        let exceptions = trust.copyExceptions()
        let leafSHA1 = HashAlgorithm.sha1.digest(try Self.cert("selfsigned-leaf").derEncoded)
        #expect(exceptions.entries == [TrustExceptions.Entry(sha1: leafSHA1, checks: ["AnchorTrusted"])])
        let stored3 = trust.setExceptions(exceptions)
        #expect(stored3)
        let excepted = trust.evaluate()
        #expect(excepted.result == .proceed)
        #expect(excepted.failures.isEmpty)
        #expect(excepted.decisions.contains { $0.kind == .excepted && $0.check == .anchorTrusted })
        // Copying again evaluates without them.
        #expect(trust.copyExceptions() == exceptions)
        // A new failure (a later date: TemporalValidity) is not excepted.
        trust.setVerifyDate(DERTime(rfc3339: "2040-01-01T00:00:00Z") ?? DERTime(secondsSince1970: 0))
        let later = trust.evaluate()
        #expect(later.result == .recoverableTrustFailure)
        #expect(later.failures == [TrustFailure(index: 0, check: .temporalValidity)])
        // Another leaf: SetExceptions refuses them and evaluates as if none were set.
        var other = try Self.trust(["leaf", "intermediate"])
        let stored4 = other.setExceptions(exceptions)
        #expect(!stored4)
        #expect(other.exceptions == nil)
        let stored5 = other.setExceptions(nil)
        #expect(!stored5)
    }

    @Test("§15.4.3: any accepted exception list turns a pass into Proceed, even with app anchors; fatal failures are not excepted")
    func exceptionsOnPass() throws {
        var trust = try Self.trust(["leaf", "intermediate"])
        trust.setAnchorCertificates([try Self.cert("root")])
        let copied = trust.copyExceptions()
        #expect(copied.entries.count == 1 && copied.entries[0].checks.isEmpty)
        let stored6 = trust.setExceptions(copied)
        #expect(stored6)
        #expect(trust.evaluate().result == .proceed)
        var fatal = try Self.trust(["leaf-rsa512", "intermediate"])
        fatal.setAnchorCertificates([try Self.cert("root")])
        let exceptions = fatal.copyExceptions()
        #expect(exceptions.entries[0].checks.contains("WeakKeySize"))
        let stored7 = fatal.setExceptions(exceptions)
        #expect(stored7)
        #expect(fatal.evaluate().result == .fatalTrustFailure)
    }

    @Test("§15.4.3: an exception holds only for the certificate whose SHA-1 it records at that index")
    func exceptionsNeedTheCertificateAtTheIndex() throws {
        var trust = try Self.trust(["leaf", "intermediate-expired"])
        trust.setAnchorCertificates([try Self.cert("root")])
        var exceptions = trust.copyExceptions()
        #expect(exceptions.entries.count == 2 && exceptions.entries[1].checks == ["TemporalValidity"])
        exceptions.entries[1].sha1 = HashAlgorithm.sha1.digest(try Self.cert("intermediate").derEncoded)
        let kept = trust.setExceptions(exceptions)
        #expect(kept, "the leaf's entry still matches")
        let evaluation = trust.evaluate()
        #expect(evaluation.result == .recoverableTrustFailure)
        #expect(evaluation.failures.contains(TrustFailure(index: 1, check: .temporalValidity)))
    }

    @Test("§15.4.1: a clean non-leaf index is {} and trailing {} are dropped")
    func exceptionsFormat() throws {
        var trust = try Self.trust(["leaf", "intermediate-expired"])
        trust.setAnchorCertificates([try Self.cert("root")])
        let exceptions = trust.copyExceptions()
        #expect(exceptions.entries.count == 2, "\(exceptions.entries)")
        #expect(exceptions.entries.first?.sha1 != nil)
        #expect(exceptions.entries.last?.checks == ["TemporalValidity"])
        let stored8 = trust.setExceptions(exceptions)
        #expect(stored8)
        #expect(trust.evaluate().result == .proceed)
    }

    @Test("§15.1/§15.2 rule 5: a constraint dictionary is read as Apple's setting API reads it")
    func readingConstraintDictionaries() throws {
        typealias Value = TrustSettingsConstraint.Value
        let sslOctets: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x63, 0x64, 0x01, 0x03]  // KoZIhvdjZAED, as macOS exports it
        let read = try TrustSettingsConstraint(reading: [
            "kSecTrustSettingsPolicy": .data(sslOctets), "kSecTrustSettingsPolicyName": .string("sslServer"),
            "kSecTrustSettingsPolicyString": .string("example.com"), "kSecTrustSettingsKeyUsage": .integer(8),
            "kSecTrustSettingsAllowedError": .integer(0x8001_2400), "kSecTrustSettingsResult": .integer(2),
            "somethingElse": .other("a boolean"),
        ])
        #expect(read == TrustSettingsConstraint(
            policy: .appleSSL, policyName: "sslServer", policyString: "example.com", keyUsage: 8,
            allowedError: TrustSettingsConstraint.AllowedError.hostnameMismatch, result: .trustAsRoot))
        #expect(try TrustSettingsConstraint(reading: ["kSecTrustSettingsPolicy": .string("1.2.840.113635.100.1.2")]).policy == .appleX509Basic)
        let policy = try TrustSettingsConstraint(reading: [
            "kSecTrustSettingsPolicy": .policy(.appleSSL, name: "sslClient"), "kSecTrustSettingsPolicyName": .string("sslServer"),
        ])
        #expect(policy.policyName == "sslClient", "a SecPolicyRef's own name wins")
        #expect(try TrustSettingsConstraint(reading: ["kSecTrustSettingsApplication": .data([1])]).namesApplication)
        #expect(try TrustSettingsConstraint(reading: ["kSecTrustSettingsPolicyOptions": .dictionary]).hasPolicyOptions)
        let refused: [(String, Value)] = [
            ("kSecTrustSettingsResult", .integer(0)), ("kSecTrustSettingsResult", .integer(5)), ("kSecTrustSettingsResult", .string("1")),
            ("kSecTrustSettingsPolicy", .data([0x2A, 0x86])), ("kSecTrustSettingsPolicy", .string("not.an.oid")),
            ("kSecTrustSettingsPolicy", .integer(3)), ("kSecTrustSettingsPolicyName", .integer(1)),
            ("kSecTrustSettingsPolicyString", .data([])), ("kSecTrustSettingsKeyUsage", .string("8")),
            ("kSecTrustSettingsAllowedError", .integer(Int64(UInt32.max) + 1)), ("kSecTrustSettingsPolicyOptions", .string("x")),
        ]
        for (key, value) in refused {
            var error: TrustSettingsConstraint.ReadError?
            do { _ = try TrustSettingsConstraint(reading: [key: value]) } catch let thrown { error = thrown }
            #expect(error?.key == key, "\(key) = \(value)")
        }
    }
}

