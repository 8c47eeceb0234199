import Testing
import VouchDER
import VouchTestSupport
import VouchX509

@testable import VouchTrust

/// The two-phase evaluation (issue 36 item 1, SECTRUST.md §16): what an evaluation asks a fetcher
/// for, and what it makes of the answers, with the answers handed in by the test (no transport).
@Suite struct FetchRequestTests {
    static let caIssuersURI = "http://ca.fetch.test/intermediate.der"
    static let ocspURI = "http://ocsp.fetch.test"
    static let verifyDate = DERTime(secondsSince1970: 1_767_225_600)  // 2026-01-01

    /// An authorityInfoAccess value with `caIssuers` and `ocsp` URIs, in that order.
    static func authorityInfoAccess(caIssuers: [String], ocsp: [String] = []) -> (OID, Bool, [UInt8]) {
        var value = DERWriter()
        value.writeElement(.sequence) { list in
            for (method, uris) in [(OID.caIssuers, caIssuers), (OID.ocsp, ocsp)] {
                for uri in uris {
                    list.writeElement(.sequence) { description in
                        description.writeElement(.objectIdentifier, content: method.bytes)
                        description.writeElement(.contextSpecific(6, constructed: false), content: Array(uri.utf8))
                    }
                }
            }
        }
        return (.authorityInformationAccess, false, value.bytes)
    }

    /// Root (first key, self-signed) → intermediate (second key) → leaf (first key), the leaf
    /// naming `caIssuers` and `ocsp` URIs.
    struct PKI {
        let root: Certificate
        let intermediate: Certificate
        let leaf: Certificate
    }

    static func pki(caIssuers: [String] = [caIssuersURI], ocsp: [String] = [], intermediateURIs: [String] = []) throws -> PKI {
        let root = try TestRSAKey.certificate(
            "Fetch Root", issuedBy: "Fetch Root", serial: 1, key: .first, signedBy: .first, extensions: [TestRSAKey.basicConstraintsCA])
        var intermediateExtensions = [TestRSAKey.basicConstraintsCA]
        if !intermediateURIs.isEmpty { intermediateExtensions.append(authorityInfoAccess(caIssuers: intermediateURIs)) }
        let intermediate = try TestRSAKey.certificate(
            "Fetch CA", issuedBy: "Fetch Root", serial: 2, key: .second, signedBy: .first, extensions: intermediateExtensions)
        let leaf = try TestRSAKey.certificate(
            "leaf.fetch.test", issuedBy: "Fetch CA", serial: 3, key: .first, signedBy: .second,
            extensions: [authorityInfoAccess(caIssuers: caIssuers, ocsp: ocsp)])
        return PKI(root: root, intermediate: intermediate, leaf: leaf)
    }

    /// The test certificates fail SSL's own rules (no serverAuth EKU, five years of validity), so
    /// outcomes are judged under BasicX509 with the network turned on, as SSL has it by default.
    static func trust(_ certificates: [Certificate], anchors: [Certificate], policies: [TrustPolicy], network: Bool = false) throws -> Trust {
        var trust = try Trust(certificates: certificates, policies: policies, systemStore: .linux)
        if network { trust.setNetworkFetchAllowed(true) }
        trust.setAnchorCertificates(anchors)
        trust.setVerifyDate(verifyDate)
        trust.setCurrentTime(verifyDate)
        return trust
    }

    @Test("SSL asks for the missing intermediate from caIssuers, and trusts once it is handed back")
    func missingIntermediate() throws {
        let pki = try Self.pki()
        var trust = try Self.trust([pki.leaf], anchors: [pki.root], policies: [.ssl(server: true, hostname: nil)])
        let offline = trust.evaluate()
        #expect(!offline.isTrusted)
        #expect(offline.fetchRequests == [.issuers(of: pki.leaf, uris: [Self.caIssuersURI])])
        var evidence = FetchedEvidence()
        evidence.answered = Set(offline.fetchRequests)
        evidence.issuers[pki.leaf] = [pki.intermediate]
        trust.setFetchedEvidence(evidence)
        let fetched = trust.evaluate()
        #expect(fetched.chain == [pki.leaf, pki.intermediate, pki.root])
        #expect(fetched.isAnchored)
        #expect(fetched.fetchRequests.isEmpty)
        // The same under BasicX509 with the network on: trusted.
        var basic = try Self.trust([pki.leaf], anchors: [pki.root], policies: [.basicX509], network: true)
        #expect(!basic.evaluate().isTrusted)
        basic.setFetchedEvidence(evidence)
        #expect(basic.evaluate().isTrusted)
    }

    @Test("a request answered with nothing is not asked again")
    func answeredWithNothing() throws {
        let pki = try Self.pki()
        var trust = try Self.trust([pki.leaf], anchors: [pki.root], policies: [.ssl(server: true, hostname: nil)])
        var evidence = FetchedEvidence()
        evidence.answered = Set(trust.evaluate().fetchRequests)
        trust.setFetchedEvidence(evidence)
        let again = trust.evaluate()
        #expect(!again.isTrusted)
        #expect(again.fetchRequests.isEmpty)
    }

    @Test("BasicX509 turns the network off; SetNetworkFetchAllowed(true) turns it on")
    func basicHasNoNetwork() throws {
        let pki = try Self.pki()
        var trust = try Self.trust([pki.leaf], anchors: [pki.root], policies: [.basicX509])
        #expect(!trust.networkFetchAllowed)
        #expect(trust.evaluate().fetchRequests.isEmpty)
        trust.setNetworkFetchAllowed(true)
        #expect(trust.networkFetchAllowed)
        #expect(trust.lastEvaluation == nil, "BasicX509 carried the option: the result is invalidated")
        #expect(trust.evaluate().fetchRequests == [.issuers(of: pki.leaf, uris: [Self.caIssuersURI])])
    }

    @Test("SetNetworkFetchAllowed(false) turns the network off and keeps the result")
    func networkOffKeepsResult() throws {
        let pki = try Self.pki()
        var trust = try Self.trust([pki.leaf], anchors: [pki.root], policies: [.ssl(server: true, hostname: nil)])
        #expect(trust.networkFetchAllowed)
        let first = trust.evaluate()
        trust.setNetworkFetchAllowed(false)
        #expect(!trust.networkFetchAllowed)
        #expect(trust.lastEvaluation?.fetchRequests == first.fetchRequests, "not invalidated")
        trust.setVerifyDate(Self.verifyDate)
        #expect(trust.evaluate().fetchRequests.isEmpty)
    }

    @Test("the last policy carrying NoNetworkAccess decides (§16.1)")
    func lastPolicyDecides() throws {
        let pki = try Self.pki()
        let on = try Self.trust([pki.leaf], anchors: [pki.root], policies: [.basicX509, .revocation(.ocspMethod)])
        #expect(on.canAccessNetwork && on.networkFetchAllowed)
        let off = try Self.trust([pki.leaf], anchors: [pki.root], policies: [.revocation(.ocspMethod), .basicX509])
        #expect(!off.canAccessNetwork && !off.networkFetchAllowed)
        let disabled = try Self.trust(
            [pki.leaf], anchors: [pki.root], policies: [.ssl(server: true, hostname: nil), .revocation([.ocspMethod, .networkAccessDisabled])])
        #expect(!disabled.canAccessNetwork)
    }

    @Test("a fetched self-signed certificate is never an anchor; the same bytes among the anchors are")
    func fetchedRootIsNotAnAnchor() throws {
        let pki = try Self.pki(intermediateURIs: ["http://ca.fetch.test/root.der"])
        var trust = try Self.trust([pki.leaf, pki.intermediate], anchors: [], policies: [.basicX509], network: true)
        let request = FetchRequest.issuers(of: pki.intermediate, uris: ["http://ca.fetch.test/root.der"])
        // Every partial path's top is asked, the leaf's too (Apple re-walks every partial path
        // when it enables a source), in the order the paths were explored.
        let asked = trust.evaluate().fetchRequests
        #expect(asked == [.issuers(of: pki.leaf, uris: [Self.caIssuersURI]), request])
        var evidence = FetchedEvidence()
        evidence.answered = Set(asked)
        evidence.issuers[pki.intermediate] = [pki.root]
        trust.setFetchedEvidence(evidence)
        let unanchored = trust.evaluate()
        #expect(!unanchored.isTrusted)
        #expect(!unanchored.isAnchored)
        #expect(unanchored.chain == [pki.leaf, pki.intermediate, pki.root])
        trust.setAnchorCertificates([pki.root])
        #expect(trust.evaluate().isTrusted)
    }

    @Test("an expired top is not asked for under a policy that checks validity")
    func expiredTopNotAsked() throws {
        let pki = try Self.pki()
        var trust = try Self.trust([pki.leaf], anchors: [pki.root], policies: [.ssl(server: true, hostname: nil)])
        trust.setVerifyDate(DERTime(secondsSince1970: 1_924_992_000 + 86_400))  // 2031
        #expect(trust.evaluate().fetchRequests.isEmpty)
    }

    @Test("a path accepted without fetching asks for nothing")
    func nothingMissing() throws {
        let pki = try Self.pki()
        var trust = try Self.trust([pki.leaf, pki.intermediate], anchors: [pki.root], policies: [.basicX509], network: true)
        let evaluation = trust.evaluate()
        #expect(evaluation.isTrusted)
        #expect(evaluation.fetchRequests.isEmpty)
        // SSL fails these certificates (no serverAuth EKU): no path is acceptable, so the
        // caIssuers source is asked, as trustd asks when no acceptable path exists.
        var ssl = try Self.trust([pki.leaf, pki.intermediate], anchors: [pki.root], policies: [.ssl(server: true, hostname: nil)])
        #expect(ssl.evaluate().fetchRequests == [.issuers(of: pki.leaf, uris: [Self.caIssuersURI])])
    }

    @Test("OCSP is asked for only when a revocation policy sets a method and the network is on (§16.3)")
    func ocspAllowFetch() throws {
        let pki = try Self.pki(ocsp: [Self.ocspURI])
        var networked = try Self.trust([pki.leaf, pki.intermediate], anchors: [pki.root], policies: [.basicX509], network: true)
        #expect(networked.evaluate().fetchRequests.isEmpty, "no revocation method on a non-EV chain: never asks")
        var revocation = try Self.trust(
            [pki.leaf, pki.intermediate], anchors: [pki.root], policies: [.basicX509, .revocation(.crlMethod)])
        let asked = revocation.evaluate()
        #expect(asked.isTrusted)
        #expect(asked.fetchRequests == [
            .ocsp(certificate: pki.leaf, issuer: pki.intermediate, uris: [Self.ocspURI], mayUseNetwork: true, onlineCheck: false)
        ])
        var offline = try Self.trust(
            [pki.leaf, pki.intermediate], anchors: [pki.root], policies: [.revocation(.ocspMethod), .basicX509])
        #expect(offline.evaluate().fetchRequests.isEmpty)
        offline.setReadsOCSPCache(true)
        #expect(offline.evaluate().fetchRequests.contains(
            .ocsp(certificate: pki.leaf, issuer: pki.intermediate, uris: [Self.ocspURI], mayUseNetwork: false, onlineCheck: false)))
    }

    @Test("RequirePositiveResponse without an answer fails the leaf with errSecIncompleteCertRevocationCheck")
    func requirePositiveResponse() throws {
        let pki = try Self.pki(ocsp: [Self.ocspURI])
        var trust = try Self.trust(
            [pki.leaf, pki.intermediate], anchors: [pki.root], policies: [.basicX509, .revocation([.ocspMethod, .requirePositiveResponse])])
        let evaluation = trust.evaluate()
        #expect(!evaluation.isTrusted)
        #expect(evaluation.status == .incompleteCertRevocationCheck)
    }

    @Test("a required response is the leaf's alone under Apple's profile, every certificate's under strict (§16.5)")
    func responseRequiredLeafOnly() throws {
        let pki = try Self.pki()
        let policies: [TrustPolicy] = [.basicX509, .revocation([.ocspMethod, .requirePositiveResponse, .networkAccessDisabled])]
        var apple = try Self.trust([pki.leaf, pki.intermediate], anchors: [pki.root], policies: policies)
        #expect(apple.evaluate().failures == [TrustFailure(index: 0, check: .revocationResponseRequired)])
        var strict = apple
        strict.setValidationProfile(.strict)
        let failures = strict.evaluate().failures
        #expect(failures.contains(TrustFailure(index: 0, check: .revocationResponseRequired)))
        #expect(failures.contains(TrustFailure(index: 1, check: .revocationResponseRequired)))
        var relaxed = strict
        var profile = ValidationProfile.strict
        profile.requiresEveryRevocationResponse = false
        relaxed.setValidationProfile(profile)
        #expect(!relaxed.evaluate().failures.contains(TrustFailure(index: 1, check: .revocationResponseRequired)))
    }

    @Test("CheckIfTrusted asks with the network only for the chosen, anchored path")
    func checkIfTrusted() throws {
        let pki = try Self.pki(ocsp: [Self.ocspURI])
        var trust = try Self.trust(
            [pki.leaf, pki.intermediate], anchors: [pki.root], policies: [.basicX509, .revocation([.checkIfTrusted, .networkAccessDisabled])])
        #expect(trust.evaluate().fetchRequests == [
            .ocsp(certificate: pki.leaf, issuer: pki.intermediate, uris: [Self.ocspURI], mayUseNetwork: true, onlineCheck: false)
        ])
    }

    @Test("the revocation policy's flags: 0 and bits above 6 refused")
    func flags() {
        #expect(RevocationFlags(validating: 0) == nil)
        #expect(RevocationFlags(validating: 1 << 7) == nil)
        #expect(RevocationFlags(validating: 0x7F) == .all)
        #expect(RevocationFlags(validating: 3) == .useAnyAvailableMethod)
    }
}
