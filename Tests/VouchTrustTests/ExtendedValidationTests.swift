import Foundation
import Testing
import VouchDER
import VouchTestSupport
import VouchX509

@testable import VouchTrust

/// Apple's EV rules (``ExtendedValidation``; trustd's `SecCertificateVCCouldBeEV`,
/// `SecPolicyCheckEV`, `SecPVCPathChecks`, `SecPathBuilderReportResult`) on generated
/// certificates with an EV map of their own: no generated chain reaches one of Apple's EV roots.
/// Each rule is shown holding and failing.
@Suite struct ExtendedValidationTests {
    /// An EV policy OID of the test map.
    static let ev = "1.3.6.1.4.1.55555.1.1"
    /// An OID no map lists.
    static let other = "1.3.6.1.4.1.55555.9.9"

    static let rootParts = EVParts(
        subject: "EV Root", issuer: "EV Root", notBefore: "150101000000Z", notAfter: "350101000000Z",
        isCA: true, keyUsage: [.keyCertSign, .cRLSign])
    static let caParts = EVParts(
        subject: "EV CA", issuer: "EV Root", notBefore: "200101000000Z", notAfter: "300101000000Z",
        policies: [ev], isCA: true, keyUsage: [.keyCertSign, .cRLSign], crlURI: true)
    static let leafParts = EVParts(
        notBefore: "250101000000Z", notAfter: "270101000000Z", policies: [ev, "2.23.140.1.1"], isCA: false,
        keyUsage: [.digitalSignature], ocspURI: true)

    static func facts(_ parts: EVParts) throws -> CertificateFacts { CertificateFacts(try EVTestCertificate.make(parts)) }

    /// The map listing `root` (the standard one when `nil`) under `policies`.
    static func roots(_ root: EVParts = rootParts, policies: [String] = [ev]) throws -> ExtendedValidationRoots {
        ExtendedValidationRoots(roots: [(try EVTestCertificate.make(root), policies.compactMap { OID(dotted: $0) })])
    }

    /// Whether the path (leaf, CA, root unless replaced) passes `SecPolicyCheckEV`.
    static func pathPasses(
        leaf: EVParts = leafParts, cas: [EVParts] = [caParts], root: EVParts = rootParts, map: ExtendedValidationRoots? = nil
    ) throws -> Bool {
        let path = try ([leaf] + cas + [root]).map(facts)
        return ExtendedValidation.pathPassesEVCheck(path, roots: try map ?? roots())
    }

    static func leafCouldBeEV(_ leaf: EVParts) throws -> Bool {
        ExtendedValidation.leafCouldBeEV(try facts(leaf), roots: try roots())
    }

    static func changed(_ parts: EVParts, _ change: (inout EVParts) -> Void) -> EVParts {
        var copy = parts
        change(&copy)
        return copy
    }

    @Test("Apple's dates are the CFAbsoluteTime constants of trustd")
    func dates() {
        #expect(ExtendedValidation.rootRulesDate == DERTime(rfc3339: "2006-09-01T00:00:00Z")?.secondsSince1970)
        #expect(ExtendedValidation.january2011 == DERTime(rfc3339: "2011-01-01T00:00:00Z")?.secondsSince1970)
        #expect(ExtendedValidation.january2014 == DERTime(rfc3339: "2014-01-01T00:00:00Z")?.secondsSince1970)
        #expect(ExtendedValidation.january2016 == DERTime(rfc3339: "2016-01-01T00:00:00Z")?.secondsSince1970)
        #expect(ExtendedValidation.july2016 == DERTime(rfc3339: "2016-07-01T00:00:00Z")?.secondsSince1970)
    }

    @Test("the standard chain is EV: leaf rules, path rules, CT waived without a log list, OCSP for the leaf")
    func baseline() throws {
        #expect(try Self.leafCouldBeEV(Self.leafParts))
        #expect(try Self.pathPasses())
        let path = try [Self.leafParts, Self.caParts, Self.rootParts].map(Self.facts)
        let isEV = ExtendedValidation.isExtendedValidation(
            path: path, transparency: nil, hasGoodOCSPAnswer: { $0 == 0 }, roots: try Self.roots())
        #expect(isEV)
    }

    @Test("leaf: an EV policy OID is needed; another OID or none is not EV")
    func leafPolicy() throws {
        #expect(try !Self.leafCouldBeEV(Self.changed(Self.leafParts) { $0.policies = [Self.other] }))
        #expect(try !Self.leafCouldBeEV(Self.changed(Self.leafParts) { $0.policies = nil }))
        #expect(try Self.leafCouldBeEV(Self.changed(Self.leafParts) { $0.policies = [Self.other, Self.ev] }))
    }

    @Test("leaf: cA true, keyCertSign or cRLSign is not EV; no basicConstraints or keyUsage is")
    func leafCARules() throws {
        #expect(try !Self.leafCouldBeEV(Self.changed(Self.leafParts) { $0.isCA = true }))
        #expect(try !Self.leafCouldBeEV(Self.changed(Self.leafParts) { $0.keyUsage = [.digitalSignature, .keyCertSign] }))
        #expect(try !Self.leafCouldBeEV(Self.changed(Self.leafParts) { $0.keyUsage = [.cRLSign] }))
        #expect(try Self.leafCouldBeEV(Self.changed(Self.leafParts) { $0.isCA = nil; $0.keyUsage = nil }))
    }

    @Test("leaf key sizes: RSA 1024 before 2014, 2048 from then; EC 256; no EdDSA")
    func leafKeys() throws {
        let rsa1024Old = Self.changed(Self.leafParts) { $0.key = .rsa(bits: 1024); $0.notBefore = "131231235959Z"; $0.signature = .sha1WithRSAEncryption }
        #expect(try Self.leafCouldBeEV(rsa1024Old))
        #expect(try !Self.leafCouldBeEV(Self.changed(rsa1024Old) { $0.notBefore = "140101000000Z" }))
        #expect(try Self.leafCouldBeEV(Self.changed(rsa1024Old) { $0.notBefore = "140101000000Z"; $0.key = .rsa(bits: 2048) }))
        #expect(try !Self.leafCouldBeEV(Self.changed(Self.leafParts) { $0.key = .rsa(bits: 2040) }))
        #expect(try !Self.leafCouldBeEV(Self.changed(Self.leafParts) { $0.key = .ec(.p224) }))
        #expect(try Self.leafCouldBeEV(Self.changed(Self.leafParts) { $0.key = .ec(.p384) }))
        #expect(try !Self.leafCouldBeEV(Self.changed(Self.leafParts) { $0.key = .ed25519; $0.signature = .ed25519 }))
    }

    @Test("leaf: SHA-1 only until 2016-01-01 (inclusive: Apple's test is 'after')")
    func leafHash() throws {
        let sha1 = Self.changed(Self.leafParts) { $0.signature = .ecdsaWithSHA1; $0.notBefore = "160101000000Z" }
        #expect(try Self.leafCouldBeEV(sha1))
        #expect(try !Self.leafCouldBeEV(Self.changed(sha1) { $0.notBefore = "160101000001Z" }))
        #expect(try Self.leafCouldBeEV(Self.changed(sha1) { $0.notBefore = "160101000001Z"; $0.signature = .ecdsaWithSHA384 }))
    }

    @Test("path: a leaf issued by the root itself must predate 2016-07-01 (Apple's test is 'after')")
    func rootIssuedLeaf() throws {
        let direct = Self.changed(Self.leafParts) { $0.issuer = "EV Root"; $0.notBefore = "160701000000Z" }
        #expect(try Self.pathPasses(leaf: direct, cas: []))
        #expect(try !Self.pathPasses(leaf: Self.changed(direct) { $0.notBefore = "160701000001Z" }, cas: []))
        // Under a CA the date does not matter.
        #expect(try Self.pathPasses(leaf: Self.changed(Self.leafParts) { $0.notBefore = "260101000000Z" }))
    }

    @Test("path: anyPolicy in the leaf is not EV; in a CA it keeps the leaf's OIDs")
    func anyPolicy() throws {
        #expect(try !Self.pathPasses(leaf: Self.changed(Self.leafParts) { $0.policies = [Self.ev, "any"] }))
        #expect(try Self.pathPasses(cas: [Self.changed(Self.caParts) { $0.policies = ["any"] }]))
    }

    @Test("path: the EV OID must survive every CA's policies")
    func policySurvives() throws {
        #expect(try !Self.pathPasses(cas: [Self.changed(Self.caParts) { $0.policies = [Self.other] }]))
        #expect(try !Self.pathPasses(cas: [Self.changed(Self.caParts) { $0.policies = nil }]))
        let upper = Self.changed(Self.caParts) { $0.subject = "EV Upper"; $0.issuer = "EV Root" }
        let lower = Self.changed(Self.caParts) { $0.issuer = "EV Upper" }
        #expect(try Self.pathPasses(cas: [lower, upper]))
        #expect(try Self.pathPasses(cas: [lower, Self.changed(upper) { $0.policies = ["any"] }]))
        #expect(try !Self.pathPasses(cas: [lower, Self.changed(upper) { $0.policies = [Self.other] }]))
        // The root must be listed under a surviving OID, not merely under some EV OID.
        let otherMap = try Self.roots(policies: [Self.other])
        #expect(try !Self.pathPasses(map: otherMap))
        // The leaf's non-EV OIDs survive too and count if the root is listed under them.
        let leafWithOther = Self.changed(Self.leafParts) { $0.policies = [Self.ev, Self.other] }
        let caWithOther = Self.changed(Self.caParts) { $0.policies = [Self.other] }
        #expect(try Self.pathPasses(leaf: leafWithOther, cas: [caWithOther], map: Self.roots(policies: [Self.ev, Self.other])))
    }

    @Test("subordinate CA: policies, a CRL URI, cA, keyCertSign and cRLSign, key sizes, SHA-2 after 2016")
    func subordinateRules() throws {
        #expect(ExtendedValidation.subordinateCouldBeEV(try Self.facts(Self.caParts)))
        let failing: [(String, EVParts)] = [
            ("no CRL URI", Self.changed(Self.caParts) { $0.crlURI = false }),
            ("no basicConstraints", Self.changed(Self.caParts) { $0.isCA = nil }),
            ("cA false", Self.changed(Self.caParts) { $0.isCA = false }),
            ("no keyUsage", Self.changed(Self.caParts) { $0.keyUsage = nil }),
            ("keyCertSign only", Self.changed(Self.caParts) { $0.keyUsage = [.keyCertSign] }),
            ("RSA 1024 from 2011, expiring after 2014", Self.changed(Self.caParts) { $0.key = .rsa(bits: 1024); $0.signature = .sha256WithRSAEncryption }),
            ("P-224", Self.changed(Self.caParts) { $0.key = .ec(.p224) }),
            ("SHA-1 after 2016", Self.changed(Self.caParts) { $0.signature = .ecdsaWithSHA1 }),
        ]
        for (name, parts) in failing {
            #expect(!ExtendedValidation.subordinateCouldBeEV(try Self.facts(parts)), "\(name)")
        }
        let rsa1024 = Self.changed(Self.caParts) { $0.key = .rsa(bits: 1024); $0.signature = .sha1WithRSAEncryption }
        #expect(ExtendedValidation.subordinateCouldBeEV(try Self.facts(Self.changed(rsa1024) { $0.notBefore = "101231000000Z" })))
        #expect(ExtendedValidation.subordinateCouldBeEV(try Self.facts(Self.changed(rsa1024) {
            $0.notBefore = "120101000000Z"; $0.notAfter = "131231000000Z"
        })))
        #expect(!ExtendedValidation.subordinateCouldBeEV(try Self.facts(Self.changed(rsa1024) {
            $0.notBefore = "120101000000Z"; $0.notAfter = "140101000000Z"
        })))
        #expect(try !Self.pathPasses(cas: [Self.changed(Self.caParts) { $0.crlURI = false }]))
    }

    @Test("root: listed in the map; from 2006-09-01 v3 with cA, keyCertSign and cRLSign; RSA 2048 or EC 256")
    func rootRules() throws {
        let valid: Set<OID> = [try #require(OID(dotted: Self.ev))]
        let map = try Self.roots()
        #expect(ExtendedValidation.rootIsEV(try Self.facts(Self.rootParts), validPolicies: valid, roots: map))
        #expect(!ExtendedValidation.rootIsEV(try Self.facts(Self.rootParts), validPolicies: [try #require(OID(dotted: Self.other))], roots: map))
        let unlisted = Self.changed(Self.rootParts) { $0.subject = "Another Root"; $0.issuer = "Another Root" }
        #expect(!ExtendedValidation.rootIsEV(try Self.facts(unlisted), validPolicies: valid, roots: map))
        func rootPasses(_ parts: EVParts) throws -> Bool {
            ExtendedValidation.rootIsEV(try Self.facts(parts), validPolicies: valid, roots: try Self.roots(parts))
        }
        #expect(try !rootPasses(Self.changed(Self.rootParts) { $0.keyUsage = [.keyCertSign] }))
        #expect(try !rootPasses(Self.changed(Self.rootParts) { $0.isCA = nil }))
        #expect(try !rootPasses(Self.changed(Self.rootParts) { $0.key = .rsa(bits: 1024); $0.signature = .sha256WithRSAEncryption }))
        #expect(try rootPasses(Self.changed(Self.rootParts) { $0.key = .rsa(bits: 2048); $0.signature = .sha256WithRSAEncryption }))
        // A version 1 root issued before 2006-09-01 needs no extensions; from that date it fails.
        let v1 = Self.changed(Self.rootParts) {
            $0.version = 1; $0.isCA = nil; $0.keyUsage = nil; $0.notBefore = "060831235959Z"; $0.key = .rsa(bits: 2048)
            $0.signature = .sha1WithRSAEncryption
        }
        #expect(try rootPasses(v1))
        #expect(try !rootPasses(Self.changed(v1) { $0.notBefore = "060901000000Z" }))
        #expect(try rootPasses(Self.changed(Self.rootParts) { $0.notBefore = "060831235959Z"; $0.keyUsage = nil }))
    }

    @Test("CT: qualified under a log list; waived without one (Apple with a stale list)")
    func transparency() {
        func report(hasLogList: Bool, qualified: Bool) -> CertificateTransparencyReport {
            CertificateTransparencyReport(
                hasLogList: hasLogList, timestamps: [], currentLogs: 0, qualifiedEmbeddedLogs: 0, requiredEmbeddedLogs: nil,
                isQualified: qualified, isRequired: false)
        }
        #expect(ExtendedValidation.transparencyAllowsEV(nil))
        #expect(ExtendedValidation.transparencyAllowsEV(report(hasLogList: false, qualified: false)))
        #expect(!ExtendedValidation.transparencyAllowsEV(report(hasLogList: true, qualified: false)))
        #expect(ExtendedValidation.transparencyAllowsEV(report(hasLogList: true, qualified: true)))
    }

    @Test("revocation: the leaf needs a good OCSP answer; a CA only if it names a responder; never the top")
    func revocation() throws {
        let path = try [Self.leafParts, Self.caParts, Self.rootParts].map(Self.facts)
        #expect(ExtendedValidation.revocationChecked(path) { $0 == 0 })
        #expect(!ExtendedValidation.revocationChecked(path) { _ in false })
        #expect(!ExtendedValidation.revocationChecked(path) { $0 != 0 })
        let caWithResponder = try [Self.leafParts, Self.changed(Self.caParts) { $0.ocspURI = true }, Self.rootParts].map(Self.facts)
        #expect(!ExtendedValidation.revocationChecked(caWithResponder) { $0 == 0 })
        #expect(ExtendedValidation.revocationChecked(caWithResponder) { $0 < 2 })
        #expect(!ExtendedValidation.revocationChecked([try Self.facts(Self.leafParts)]) { _ in true })
        var asked: [Int] = []
        _ = ExtendedValidation.revocationChecked(path) { asked.append($0); return true }
        #expect(asked == [0, 1])
    }

    @Test("Apple's embedded map: 75 roots, 33 OIDs, every root a system root and under 2.23.140.1.1")
    func embeddedMap() throws {
        let map = ExtendedValidationRoots.apple
        let snapshot = AppleTrustStoreSnapshot.embedded
        #expect(map.policies.count == Set(snapshot.evPolicies).count)
        #expect(map.policies.count == 33)
        let browserForum = try #require(OID(dotted: "2.23.140.1.1"))
        #expect(map.isEVPolicy(browserForum))
        for root in snapshot.evRoots {
            #expect(map.policies(ofRoot: root.certificate)?.contains(browserForum) == true)
            #expect(SystemTrustStore.apple.contains(root.certificate))
        }
        #expect(snapshot.evRoots.count == 75)
    }

    @Test("the store says whether it is Apple's")
    func storeKind() {
        #expect(SystemTrustStore.apple.kind == .apple && SystemTrustStore.shared.kind == .apple)
        #expect(SystemTrustStore.linux.kind == .linux && SystemTrustStore.load().kind == .linux)
        #expect(SystemTrustStore(certificates: []).kind == .given)
    }
}

/// The EV decision inside a whole evaluation (TestVectors/ev): a signed chain, a signed OCSP
/// response, an EV map that lists the test root.
@Suite struct ExtendedValidationEvaluationTests {
    static func certificate(_ file: String) throws -> Certificate {
        let path = TestData.projectRoot.appendingPathComponent("TestVectors/ev/\(file)").path
        return try Certificate(derEncoded: try #require(TestData.bytes(path), "\(file) is missing"))
    }

    static func bytes(_ file: String) throws -> [UInt8] {
        let path = TestData.projectRoot.appendingPathComponent("TestVectors/ev/\(file)").path
        return try #require(TestData.bytes(path), "\(file) is missing")
    }

    static let verifyDate = DERTime(secondsSince1970: 1_780_358_400)  // 2026-06-02T00:00:00Z
    static let now = DERTime(secondsSince1970: 2_064_355_200)  // 2035-06-01T00:00:00Z

    /// The evaluation of `leaf` with the CA, anchored at the test root, SSL server for `host`,
    /// with `responses`, the EV map `map` (the test root's by default; `.none` for none at all),
    /// against `store`.
    static func evaluate(
        leaf: String = "leaf.der", host: String = "ev.vouch.test", responses: [String] = ["leaf-good.ocsp"],
        map: ExtendedValidationRoots?? = .some(nil), store: SystemTrustStore = SystemTrustStore(certificates: []),
        logs: CertificateTransparencyLogList? = nil
    ) throws -> TrustEvaluation {
        // The request the facade's setters would make (Trust keeps its request private), plus the map.
        var request = TrustRequest(
            certificates: [try certificate(leaf), try certificate("ca.der")], policies: [.ssl(server: true, hostname: host)],
            systemStore: store)
        request.anchors = [try certificate("root.der")]
        request.anchorsOnly = true
        request.verifyDate = verifyDate
        request.currentTime = now
        request.ocspResponses = try responses.map { try OCSPResponse(derEncoded: try bytes($0)) }
        request.ocspResponseIndexes = Array(responses.indices)
        request.trustedLogs = logs
        if case .some(let injected) = map {
            request.extendedValidationRoots = try injected ?? ExtendedValidationRoots(
                roots: [(certificate("root.der"), [try #require(OID(dotted: "1.3.6.1.4.1.55555.1.1"))])])
        }
        var events: [TrustEvent]? = nil
        return TrustEvaluator.evaluate(request, at: verifyDate.secondsSince1970, events: &events)
    }

    @Test("an EV leaf under an EV CA and root, with a good OCSP answer, is EV")
    func extendedValidation() throws {
        let evaluation = try Self.evaluate()
        #expect(evaluation.isTrusted, "\(evaluation.failures)")
        #expect(evaluation.isExtendedValidation)
    }

    @Test("without the leaf's OCSP answer, or without an EV policy, the trusted chain is not EV")
    func notExtendedValidation() throws {
        let unchecked = try Self.evaluate(responses: [])
        #expect(unchecked.isTrusted && !unchecked.isExtendedValidation)
        let organization = try Self.evaluate(leaf: "ov-leaf.der", host: "ov.vouch.test", responses: ["ov-leaf-good.ocsp"])
        #expect(organization.isTrusted && !organization.isExtendedValidation)
    }

    @Test("an untrusted EV chain is not EV")
    func untrusted() throws {
        let mismatch = try Self.evaluate(host: "other.vouch.test")
        #expect(!mismatch.isTrusted && !mismatch.isExtendedValidation)
    }

    @Test("no EV map (a store other than Apple's) asks nothing: not EV")
    func notAppleStore() throws {
        let evaluation = try Self.evaluate(map: .none)
        #expect(evaluation.isTrusted && !evaluation.isExtendedValidation)
    }

    @Test("an optionally-EV leaf is asked about over the network without a revocation policy (§16.3 allow_fetch); an OV leaf is not")
    func fetchesForEV() throws {
        let ocsp = ["http://ocsp.ev.vouch.test"]
        let ev = try Self.evaluate(responses: [])
        #expect(ev.fetchRequests.contains(.ocsp(
            certificate: try Self.certificate("leaf.der"), issuer: try Self.certificate("ca.der"), uris: ocsp, mayUseNetwork: true,
            onlineCheck: false)), "\(ev.fetchRequests)")
        let organization = try Self.evaluate(leaf: "ov-leaf.der", host: "ov.vouch.test", responses: [])
        #expect(organization.isTrusted && organization.fetchRequests.isEmpty)
        #expect(try Self.evaluate(responses: [], map: .none).fetchRequests.isEmpty, "no EV map: not optionally EV")
    }

    @Test("revocation report: an EV path without its answer is 'not checked'; with it, checked until its expiry")
    func revocationReport() throws {
        let unchecked = try Self.evaluate(responses: [])
        #expect(unchecked.revocation == RevocationResult(checked: false, validUntil: nil))
        let organization = try Self.evaluate(leaf: "ov-leaf.der", host: "ov.vouch.test", responses: [])
        #expect(organization.revocation == .none, "not EV: the key is left out")
        let checked = try Self.evaluate()
        #expect(checked.isExtendedValidation && checked.revocation.checked == true && checked.revocation.validUntil != nil)
    }

    @Test("under Apple's store the embedded map applies: the test root is not an Apple EV root")
    func appleStore() throws {
        let evaluation = try Self.evaluate(map: .none, store: .apple)
        #expect(evaluation.isTrusted && !evaluation.isExtendedValidation)
    }
}

extension ExtendedValidationEvaluationTests {
    @Test("under a log list the path must be CT-qualified: no SCTs, not EV (still trusted: CT is not required here)")
    func transparencyRequired() throws {
        let evaluation = try Self.evaluate(logs: CertificateTransparencyLogList(logs: []))
        #expect(evaluation.certificateTransparency?.hasLogList == true)
        #expect(evaluation.isTrusted && !evaluation.isExtendedValidation)
    }
}

/// trustd's `SecPathBuilderAccept` for an optionally-EV leaf (SECTRUST.md §16.2 item 1, §17.4): an
/// accepted path that is not EV does not end the search, which goes on for an EV path, over signed
/// test chains (TestRSAKey): one leaf, two CAs of one name and key (one with an EV policy and a CRL
/// URI, one without), one root the EV map lists.
@Suite struct ExtendedValidationContinuationTests {
    static let evOID = "1.3.6.1.4.1.55555.1.1"

    static func policies(_ dotted: String) throws -> (OID, Bool, [UInt8]) {
        (.certificatePolicies, false, EVTestCertificate.certificatePolicies([try #require(OID(dotted: dotted))]))
    }

    static let crlDistributionPoint: (OID, Bool, [UInt8]) = {
        var value = DERWriter()
        value.writeElement(.sequence) { points in
            points.writeElement(.sequence) { point in
                point.writeElement(.contextSpecific(0, constructed: true)) { name in
                    name.writeElement(.contextSpecific(0, constructed: true)) { names in
                        names.writeElement(.contextSpecific(6, constructed: false), content: Array("http://crl.ev.test/ca.crl".utf8))
                    }
                }
            }
        }
        return (.cRLDistributionPoints, false, value.bytes)
    }()

    /// keyUsage keyCertSign and cRLSign, critical.
    static let caKeyUsage: (OID, Bool, [UInt8]) = (.keyUsage, true, [0x03, 0x02, 0x01, 0x06])

    struct Chain {
        let root: Certificate
        let evCA: Certificate
        let plainCA: Certificate
        let leaf: Certificate
    }

    static func chain() throws -> Chain {
        let root = try TestRSAKey.certificate(
            "EV Test Root", issuedBy: "EV Test Root", serial: 1, key: .first, signedBy: .first,
            extensions: [TestRSAKey.basicConstraintsCA, caKeyUsage])
        let evCA = try TestRSAKey.certificate(
            "EV Test CA", issuedBy: "EV Test Root", serial: 2, key: .second, signedBy: .first,
            extensions: [TestRSAKey.basicConstraintsCA, caKeyUsage, try policies(evOID), crlDistributionPoint])
        let plainCA = try TestRSAKey.certificate(
            "EV Test CA", issuedBy: "EV Test Root", serial: 3, key: .second, signedBy: .first,
            extensions: [TestRSAKey.basicConstraintsCA, caKeyUsage])
        let leaf = try TestRSAKey.certificate(
            "ev.leaf.test", issuedBy: "EV Test CA", serial: 4, key: .first, signedBy: .second, extensions: [try policies(evOID)])
        return Chain(root: root, evCA: evCA, plainCA: plainCA, leaf: leaf)
    }

    static func evaluate(_ certificates: [Certificate], root: Certificate, map: Bool) throws -> TrustEvaluation {
        var request = TrustRequest(certificates: certificates, policies: [.basicX509], systemStore: SystemTrustStore(certificates: []))
        request.anchors = [root]
        request.anchorsOnly = true
        let date = DERTime(secondsSince1970: 1_767_225_600)  // 2026-01-01
        request.verifyDate = date
        if map {
            request.extendedValidationRoots = ExtendedValidationRoots(roots: [(root, [try #require(OID(dotted: evOID))])])
        }
        var events: [TrustEvent]? = nil
        return TrustEvaluator.evaluate(request, at: date.secondsSince1970, events: &events)
    }

    @Test("the EV CA is chosen whichever order the CAs come in; without an EV map the first path accepted is")
    func searchesOnForEV() throws {
        let chain = try Self.chain()
        var chosenWithoutMap: [Certificate] = []
        for order in [[chain.plainCA, chain.evCA], [chain.evCA, chain.plainCA]] {
            let evaluation = try Self.evaluate([chain.leaf] + order, root: chain.root, map: true)
            #expect(evaluation.isTrusted, "\(evaluation.failures)")
            #expect(evaluation.chain.count == 3 && evaluation.chain[1] == chain.evCA, "order \(order.map(\.serialNumber))")
            chosenWithoutMap.append(try Self.evaluate([chain.leaf] + order, root: chain.root, map: false).chain[1])
        }
        #expect(chosenWithoutMap.contains(chain.plainCA), "without the continuation one order keeps the plain CA")
    }

    @Test("no EV path at all: the first accepted path stays the answer")
    func noEVPath() throws {
        let chain = try Self.chain()
        let evaluation = try Self.evaluate([chain.leaf, chain.plainCA], root: chain.root, map: true)
        #expect(evaluation.isTrusted && evaluation.chain == [chain.leaf, chain.plainCA, chain.root])
    }
}
