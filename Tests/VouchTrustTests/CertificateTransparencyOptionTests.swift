import Testing
import VouchDER
import VouchX509

@testable import VouchTrust

/// A policy's `CTRequired` option and the administrator's CT exceptions (SECTRUST.md §18.3), on
/// TestVectors/ct's chains: `embedded-a.der` carries one embedded SCT (not CT-qualified),
/// `embedded-a-c.der` two (qualified).
@Suite("CTRequired and CT exceptions (§18.3)")
struct CertificateTransparencyOptionTests {
    typealias CT = CertificateTransparencyTests

    static var requiringBasic: TrustPolicy {
        var policy = TrustPolicy.basicX509
        policy.options.ctRequired = true
        return policy
    }

    @Test("CTRequired: a path that is not CT-qualified fails at the leaf (errSecNotTrusted), whatever its root")
    func ctRequired() throws {
        let failing = try CT.evaluate("embedded-a.der", logs: try CT.logs(), policy: Self.requiringBasic)
        #expect(failing.failures == [TrustFailure(index: 0, check: .ctRequired)])
        #expect(failing.status == .notTrusted && failing.result == .recoverableTrustFailure)
        #expect(try CT.evaluate("embedded-a-c.der", logs: try CT.logs(), policy: Self.requiringBasic).isTrusted)
        // Removed, the same chain passes: the option is what fails it.
        #expect(try CT.evaluate("embedded-a.der", logs: try CT.logs(), policy: .basicX509).isTrusted)
    }

    @Test("CTRequired needs a log list, and a first policy that lets it apply")
    func ctRequiredConditions() throws {
        #expect(try CT.evaluate("embedded-a.der", logs: nil, policy: Self.requiringBasic).isTrusted)
        // SecPVCPolicyPermitsCTRequired reads the first policy: plain BasicX509 has neither the
        // name sslServer, a hostname, nor the option.
        let second = try CT.evaluate("embedded-a.der", logs: try CT.logs(), policies: [.basicX509, Self.requiringBasic])
        #expect(second.isTrusted)
        var ssl = CT.ssl
        ssl.options.ctRequired = true
        let custom = try CT.evaluate("embedded-a.der", logs: try CT.logs(), policies: [.basicX509.withHostname("ct.vouch.test"), ssl])
        #expect(custom.failures == [TrustFailure(index: 0, check: .ctRequired)])
    }

    @Test("NonTlsCTRequired: judged with the caller's log list only (errSecVerifyActionFailed)")
    func nonTLSCTRequired() throws {
        var policy = TrustPolicy.basicX509
        policy.options.nonTlsCTRequired = true
        let failing = try CT.evaluate("embedded-a.der", logs: try CT.logs(), policy: policy)
        #expect(failing.failures == [TrustFailure(index: 0, check: .nonTlsCTRequired)])
        #expect(failing.status == .verifyActionFailed)
        #expect(try CT.evaluate("embedded-a-c.der", logs: try CT.logs(), policy: policy).isTrusted)
        // No caller's list: Apple would use its non-TLS list, which Vouch does not have.
        #expect(try CT.evaluate("embedded-a.der", logs: nil, policy: policy).isTrusted)
    }

    @Test("exceptions waive SystemTrustedCTRequired: the hostname, a parent domain with a leading dot, the leaf's key")
    func exceptions() throws {
        func evaluate(_ exceptions: CertificateTransparencyExceptions?) throws -> TrustEvaluation {
            try CT.evaluate("embedded-a.der", logs: try CT.logs(), policy: CT.ssl, systemRooted: true, exceptions: exceptions)
        }
        #expect(try evaluate(nil).failures == [TrustFailure(index: 0, check: .systemTrustedCTRequired)])
        #expect(try evaluate(CertificateTransparencyExceptions(domains: ["CT.vouch.test"])).isTrusted)
        #expect(try evaluate(CertificateTransparencyExceptions(domains: [".vouch.test"])).isTrusted)
        #expect(try evaluate(CertificateTransparencyExceptions(domains: [".ct.vouch.test"])).isTrusted)
        #expect(!(try evaluate(CertificateTransparencyExceptions(domains: ["vouch.test", ".other.test"])).isTrusted))
        let leafKey = PolicyOptionChecks.spkiDigest(try CT.certificate("embedded-a.der"))
        #expect(try evaluate(CertificateTransparencyExceptions(keys: [leafKey])).isTrusted)
        // The CA's key alone is not enough: the CA has no organization the leaf shares and no
        // directoryName subtree with one.
        let caKey = PolicyOptionChecks.spkiDigest(try CT.certificate("ca.der"))
        #expect(!(try evaluate(CertificateTransparencyExceptions(keys: [caKey])).isTrusted))
    }

    @Test("exceptions do not waive a policy's own CTRequired")
    func exceptionsLeaveCTRequired() throws {
        var policy = CT.ssl
        policy.options.ctRequired = true
        let evaluation = try CT.evaluate(
            "embedded-a.der", logs: try CT.logs(), policy: policy, systemRooted: true,
            exceptions: CertificateTransparencyExceptions(domains: ["ct.vouch.test"]))
        #expect(evaluation.failures == [TrustFailure(index: 0, check: .ctRequired)])
    }

    @Test("domain matching and trustd's top-level-domain refusal (SecDNSIsTLD drops two characters)")
    func domains() {
        #expect(CertificateTransparencyExceptions.covers(".example.com", hostname: "a.b.example.com"))
        #expect(CertificateTransparencyExceptions.covers(".example.com", hostname: "EXAMPLE.com"))
        #expect(!CertificateTransparencyExceptions.covers("example.com", hostname: "www.example.com"))
        #expect(!CertificateTransparencyExceptions.covers(".example.com", hostname: "badexample.com"))
        #expect(CertificateTransparencyExceptions.isTopLevelDomain(".com"))
        #expect(CertificateTransparencyExceptions.isTopLevelDomain("uk"))
        #expect(!CertificateTransparencyExceptions.isTopLevelDomain("example.com"))
        #expect(!CertificateTransparencyExceptions.isTopLevelDomain(".example.com"))
        // The quirk: "a.co.uk" is judged by "co.uk", a public suffix.
        #expect(CertificateTransparencyExceptions.isTopLevelDomain("a.co.uk"))
    }
}

extension TrustPolicy {
    /// This policy with `hostname` as its SSLHostname option.
    func withHostname(_ hostname: String) -> TrustPolicy {
        var policy = self
        policy.options.hostname = hostname
        return policy
    }
}
