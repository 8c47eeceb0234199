import Testing
import VouchCrypto
import VouchDER
import VouchPinning
import VouchTrust
import VouchX509

/// Every active `evaluateServerTrust:forDomain:` case of AFNetworking's own tests
/// (seed-suites/afnetworking), on a trust made as a URL session hands it over: the certificates as
/// given, BasicX509, the machine's system anchors, the case's `suggested_verify_date`.
@Suite("AFNetworking seed suite")
struct AFNetworkingSeedTests {
    static let cases = AFNetworkingSuite.evaluateCases

    /// Cases whose outcome here differs from the upstream assertion, with the reason.
    static let knownDifferences: [String: String] = [:]

    @Test("the suite holds 36 active cases: 20 YES, 16 NO")
    func counts() {
        #expect(Self.cases.count == 36, "seed-suites/afnetworking/cases.json missing or changed")
        #expect(Self.cases.filter { $0.asserted?.expected == true }.count == 20)
        #expect(Self.cases.filter { $0.asserted?.expected == false }.count == 16)
    }

    static func mode(_ name: String) -> PinningMode? {
        switch name {
        case "None": return PinningMode.none
        case "PublicKey": return .publicKey
        case "Certificate": return .certificate
        default: return nil
        }
    }

    /// The policy and the server trust a case describes.
    static func setUp(_ row: AFNetworkingSuite.Case) throws -> (SecurityPolicy, Trust) {
        let suite = SeedSuites.afnetworking
        guard let settings = row.policy, let server = row.server_trust, let mode = settings.pinning_mode.flatMap(mode) else {
            throw SeedSuiteError.missing("policy of \(row.id)")
        }
        var pinned: Set<[UInt8]> = []
        for file in settings.pinned_certificates ?? [] {
            if file.hasPrefix("<certificatesInBundle") {
                // The test bundle's certificates: which ones does not matter, only that there are some.
                pinned.formUnion(SecurityPolicy.certificates(inDirectory: suite + "/certs/HTTPBin.org"))
            } else {
                pinned.insert(try SeedSuites.bytes(suite, file))
            }
        }
        var policy = SecurityPolicy(pinningMode: mode, pinnedCertificates: pinned)
        policy.allowInvalidCertificates = settings.allow_invalid_certificates ?? false
        policy.validatesDomainName = settings.validates_domain_name ?? true
        var trust = try Trust(certificates: server.certificates.map { try SeedSuites.certificate(suite, $0) },
                              policies: [.basicX509], systemStore: .shared)
        guard let text = row.suggested_verify_date, let date = SeedSuites.date(text) else {
            throw SeedSuiteError.badDate(row.suggested_verify_date ?? "none")
        }
        trust.setVerifyDate(date)
        return (policy, trust)
    }

    @Test("evaluateServerTrust:forDomain:", arguments: cases)
    func evaluate(_ row: AFNetworkingSuite.Case) throws {
        guard let expected = row.asserted?.expected else {
            Issue.record("\(row.id) asserts nothing")
            return
        }
        var (policy, trust) = try Self.setUp(row)
        let decision = policy.decide(&trust, forDomain: row.domain)
        if let reason = Self.knownDifferences[row.id] {
            withKnownIssue(Comment(rawValue: reason)) {
                #expect(decision.isAllowed == expected, "\(decision.steps)")
            }
        } else {
            #expect(decision.isAllowed == expected, "\(decision.steps)")
        }
    }
}
