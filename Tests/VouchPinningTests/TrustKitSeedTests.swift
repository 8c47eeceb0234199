import Testing
import VouchDER
import VouchPinning
import VouchTrust
import VouchX509

/// TrustKit's SPKI hashes and its `verifyPublicKeyPin` cases (seed-suites/trustkit).
@Suite("TrustKit seed suite")
struct TrustKitSeedTests {
    static let cases = TrustKitSuite.loaded?.cases ?? []
    static let hashCases = cases.filter { $0.kind == "spki_sha256" && $0.status == "active" }
    /// The validator cases that assert a `verifyPublicKeyPin` result (the others test the pin-set
    /// configuration: excluded, expired or unpinned domains, a later increment).
    static let validatorCases = cases.filter {
        $0.kind.hasPrefix("verifyPublicKeyPin") && $0.asserted?.verifyPublicKeyPin != nil
    }

    @Test("the suite holds 5 SPKI hashes and 12 verifyPublicKeyPin results")
    func counts() {
        #expect(Self.hashCases.count == 5, "seed-suites/trustkit/cases.json missing or changed")
        #expect(Self.validatorCases.count == 12)
    }

    @Test("SPKI SHA-256", arguments: hashCases)
    func spkiHash(_ row: TrustKitSuite.Case) throws {
        let certificate = try SeedSuites.certificate(SeedSuites.trustkit, try #require(row.certificate))
        let expected = try #require(row.asserted?.spki_sha256_base64)
        let pin = SPKIPin(certificate)
        #expect(pin.base64 == expected)
        #expect(pin.description == "sha256/" + expected)
        #expect(SPKIPin(pin.description) == pin)
        #expect(SPKIPin(expected) == pin)
    }

    static func expected(_ name: String) -> SPKIPinVerification? {
        switch name {
        case "TSKTrustEvaluationSuccess": return .success
        case "TSKTrustEvaluationFailedNoMatchingPin": return .noMatchingPin
        case "TSKTrustEvaluationFailedInvalidCertificateChain": return .invalidCertificateChain
        default: return nil
        }
    }

    @Test("verifyPublicKeyPin", arguments: validatorCases)
    func verifyPublicKeyPin(_ row: TrustKitSuite.Case) throws {
        let suite = SeedSuites.trustkit
        let server = try #require(row.server_trust)
        let expected = try #require(row.asserted?.verifyPublicKeyPin.flatMap(Self.expected))
        var trust = try Trust(certificates: server.certificates.map { try SeedSuites.certificate(suite, $0) },
                              policies: [.ssl(server: true, hostname: nil)])
        if let anchors = server.anchors {
            trust.setAnchorCertificates(try anchors.map { try SeedSuites.certificate(suite, $0) })
            if server.anchors_only == false { trust.setAnchorCertificatesOnly(false) }
        }
        let date = try #require(server.verify_date_set_by_test.flatMap(SeedSuites.date))
        trust.setVerifyDate(date)
        let pins = Set(try #require(row.pinned_domain_config?.publicKeyHashes).compactMap(SPKIPin.init(_:)))
        let result = SPKIPin.verify(&trust, hostname: try #require(row.hostname), pins: pins)
        #expect(result == expected, "\(trust.evaluate().failures)")
    }

    @Test("malformed pin texts are refused", arguments: ["", "sha256/", "sha256/AAAA", "sha1/" + String(repeating: "A", count: 43) + "=", "sha256/not base64!"])
    func malformedPin(_ text: String) {
        #expect(SPKIPin(text) == nil)
    }
}
