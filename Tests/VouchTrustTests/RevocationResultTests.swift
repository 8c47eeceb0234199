import Testing
import VouchDER
import VouchX509

@testable import VouchTrust

/// What an evaluation reports of revocation, as `SecTrustCopyResult` does (issue 36 item 2,
/// SECTRUST.md §16.5; trustd's `SecPathBuilderReportResult`): `kSecTrustRevocationChecked`,
/// `ValidUntilDate` and `Reason`, over TestVectors/ocsp (a leaf under its CA, responses made
/// 2026-06-01 and fresh for a week) and the CRLs of RevocationTests.
@Suite struct RevocationResultTests {
    typealias OCSP = OCSPVerificationTests

    /// 2026-06-08T00:00:00Z: the nextUpdate of the test responses.
    static let june8: Int64 = 1_780_876_800

    @Test("a fresh good answer: checked, valid until its nextUpdate")
    func good() throws {
        let evaluation = try OCSP.evaluate([OCSP.bytes("good-by-key.der")])
        #expect(evaluation.isTrusted)
        #expect(evaluation.revocation == RevocationResult(checked: true, validUntil: Self.june8))
        #expect(evaluation.revocation.reason == nil)
    }

    @Test("a good answer without nextUpdate is valid for a day from now (kSecDefaultOCSPResponseTTL)")
    func goodWithoutNextUpdate() throws {
        let evaluation = try OCSP.evaluate([OCSP.bytes("good-no-next-update.der")])
        #expect(evaluation.revocation == RevocationResult(checked: true, validUntil: OCSP.june2.secondsSince1970 + 86_400))
    }

    @Test("without answers nothing is reported; an unknown answer with good dates is checked without a date")
    func unchecked() throws {
        #expect(try OCSP.evaluate([]).revocation == .none)
        let unknown = try OCSP.evaluate([OCSP.bytes("unknown.der")])
        #expect(unknown.isTrusted)
        #expect(unknown.revocation == RevocationResult(checked: true, validUntil: nil))
        let stale = try OCSP.evaluate([OCSP.bytes("good-by-key.der")], now: try OCSP.time("2026-07-01T00:00:00Z"))
        #expect(stale.revocation == .none, "a stale answer is neither kept nor counted as checked")
    }

    @Test("a revoked certificate: its CRLReason, and nothing else")
    func revoked() throws {
        let byName = try OCSP.evaluate([OCSP.bytes("revoked-by-name.der")])
        #expect(byName.revocation == RevocationResult(checked: nil, validUntil: nil, reasons: [0: CRLReason.keyCompromise.rawValue]))
        #expect(byName.revocation.reason == 1)
        #expect(byName.revokedByCRL.isEmpty)
        let superseded = try OCSP.evaluate([OCSP.bytes("revoked-older.der")])
        #expect(superseded.revocation.reason == CRLReason.superseded.rawValue)
    }

    @Test("a fetched answer's HTTP max-age brings its expiry forward; a cached one's does not count")
    func maxAge() throws {
        var trust = try Trust(certificates: [try OCSP.certificate("leaf.der")], policies: [.basicX509])
        trust.setAnchorCertificates([try OCSP.certificate("ca.der")])
        trust.setVerifyDate(OCSP.june2)
        trust.setCurrentTime(OCSP.june2)
        var evidence = FetchedEvidence()
        evidence.ocspResponses = [try OCSPResponse(derEncoded: OCSP.bytes("good-by-key.der"))]
        evidence.ocspMaxAges = [0: 3_600]
        trust.setFetchedEvidence(evidence)
        #expect(trust.evaluate().revocation == RevocationResult(checked: true, validUntil: OCSP.june2.secondsSince1970 + 3_600))
        evidence.ocspMaxAges = [:]
        trust.setFetchedEvidence(evidence)
        #expect(trust.evaluate().revocation.validUntil == Self.june8)
    }

    @Test("a CA without an OCSP URI need not be answered; a leaf must be")
    func intermediates() throws {
        // RevocationTests' three-certificate chain names no OCSP responder anywhere: the leaf's
        // missing answer alone leaves the date out; CRLs never count toward it.
        let trust = try RevocationTests.isLeafRevoked([try RevocationTests.crl("caEmpty"), try RevocationTests.crl("rootEmpty")])
        #expect(trust.isTrusted)
        #expect(trust.revocation == .none)
    }

    @Test("a revocation by a supplied CRL is named as Vouch's extension, with the CRL's reason")
    func crl() throws {
        let evaluation = try RevocationTests.isLeafRevoked([try RevocationTests.crl("caRevokesLeaf")])
        #expect(evaluation.status == .certificateRevoked)
        #expect(evaluation.revokedByCRL == [0])
        #expect(evaluation.revocation.reason == CRLReason.keyCompromise.rawValue)
        let hold = try RevocationTests.isLeafRevoked([try RevocationTests.crl("caHoldsLeaf")])
        #expect(hold.revocation.reason == CRLReason.certificateHold.rawValue)
    }

    @Test("the CSSM codes macOS reports are SecPolicyChecks.list's")
    func cssmCodes() {
        #expect(TrustCheck.revocation.cssmCode == Int32(bitPattern: 0x8001_210C))
        #expect(TrustCheck.sslHostname.cssmCode == TrustSettingsConstraint.AllowedError.hostnameMismatch)
        #expect(TrustCheck.temporalValidity.cssmCode == TrustSettingsConstraint.AllowedError.certificateExpired)
        #expect(TrustCheck.revocationResponseRequired.cssmCode == Int32(bitPattern: 0x8001_2423))
        #expect(TrustCheck.pathBuildingBudget.cssmCode == nil)
    }
}

/// Apple's `old_cached_response` (SECTRUST.md §16.3 item 2): a kept revoked answer outside its
/// dates is asked for again whenever the network is on, with or without a revocation method.
@Suite struct StaleRevocationRefetchTests {
    typealias OCSP = OCSPVerificationTests

    @Test("a stapled revoked answer past its nextUpdate: refetched under the network alone; not when fresh, not offline")
    func staleRevokedRefetched() throws {
        let pki = try FetchRequestTests.pki(ocsp: [FetchRequestTests.ocspURI])
        let response = try BudgetLimitTests.ocspResponse(
            about: pki.leaf, issuer: pki.intermediate, responder: pki.intermediate, key: .second,
            thisUpdate: "20251220000000Z", nextUpdate: "20251227000000Z", revoked: true)
        func trust(network: Bool, now: Int64) throws -> Trust {
            var trust = try FetchRequestTests.trust([pki.leaf, pki.intermediate], anchors: [pki.root], policies: [.basicX509], network: network)
            trust.setCurrentTime(DERTime(secondsSince1970: now))
            trust.setOCSPResponses([response])
            return trust
        }
        let refetch = FetchRequest.ocsp(
            certificate: pki.leaf, issuer: pki.intermediate, uris: [FetchRequestTests.ocspURI], mayUseNetwork: true, onlineCheck: false)
        var stale = try trust(network: true, now: FetchRequestTests.verifyDate.secondsSince1970)  // 2026-01-01: past nextUpdate
        let evaluation = stale.evaluate()
        #expect(evaluation.status == .certificateRevoked)
        // (A revoked leaf leaves no acceptable path, so the caIssuers source is asked too.)
        func ocspRequests(_ evaluation: TrustEvaluation) -> [FetchRequest] {
            evaluation.fetchRequests.filter { if case .ocsp = $0 { return true } else { return false } }
        }
        #expect(ocspRequests(evaluation) == [refetch])
        var fresh = try trust(network: true, now: 1_766_448_000)  // 2025-12-23: within its dates
        #expect(ocspRequests(fresh.evaluate()).isEmpty, "a revoked answer within its dates is not asked again")
        var offline = try trust(network: false, now: FetchRequestTests.verifyDate.secondsSince1970)
        #expect(offline.evaluate().fetchRequests.isEmpty)
    }
}
