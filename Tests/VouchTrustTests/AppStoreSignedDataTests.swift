import Foundation
import Testing
import VouchDER
import VouchTestSupport
import VouchX509

@testable import VouchTrust

/// App Store signed data end to end (issue 37's done-criterion): Apple's real App Store signing
/// chain (the one apple/app-store-server-library-swift tests with, TestVectors/apple-signed) under
/// the receipt policy at its effective date, Apple's own forged test chains, and a JWS judged from
/// bytes to decision.
@Suite("App Store signed data under SecPolicyCreateMacAppStoreReceipt")
struct AppStoreSignedDataTests {
    typealias Vectors = CompactJWSTests

    /// EFFECTIVE_DATE of Apple's SignedDataVerifierTests: 2025-11-01T02:09:35Z.
    static let effectiveDate = DERTime(secondsSince1970: 1_761_962_975)

    static func evaluate(
        _ files: [String], anchors: [String]? = nil, policy: TrustPolicy = .macAppStoreReceipt, at date: DERTime = effectiveDate
    ) throws -> TrustEvaluation {
        var trust = try Trust(certificates: try files.map(Vectors.certificate), policies: [policy], systemStore: .apple)
        if let anchors {
            let roots = try anchors.map(Vectors.certificate)
            trust.setAnchorCertificates(roots)
            trust.setAppleAnchors(roots)
        }
        trust.setVerifyDate(date)
        trust.setNetworkFetchAllowed(false)
        return trust.evaluate()
    }

    @Test("Apple's real App Store signing chain verifies under the receipt policy, rooted in Apple Root CA - G3 of Apple's store")
    func realChain() throws {
        let evaluation = try Self.evaluate(["real-apple-signing.der", "real-apple-intermediate.der"])
        #expect(evaluation.isTrusted, "\(evaluation.failures)")
        #expect(evaluation.chain.count == 3)
        #expect(evaluation.chain.last?.subject.description.contains("Apple Root CA - G3") == true)
        // The root given too changes nothing; so does judging it as Apple's code does, by bytes.
        #expect(try Self.evaluate(["real-apple-signing.der", "real-apple-intermediate.der", "real-apple-root.der"]).isTrusted)
        #expect(AppleAnchors.isAppleTrustAnchor(try Vectors.certificate("real-apple-root.der")))
    }

    @Test("the real chain fails outside its dates and under policies it was not made for")
    func realChainRefused() throws {
        let late = try Self.evaluate(["real-apple-signing.der", "real-apple-intermediate.der"], at: DERTime(secondsSince1970: 1_830_000_000))
        #expect(late.failures == [TrustFailure(index: 0, check: .temporalValidity)])
        let passbook = try Self.evaluate(
            ["real-apple-signing.der", "real-apple-intermediate.der"], policy: .passbookSigning(cardIssuer: "x", teamIdentifier: "y"))
        #expect(passbook.failures.map(\.check).contains(.leafMarkerOid))
        let payToken = try Self.evaluate(["real-apple-signing.der", "real-apple-intermediate.der"], policy: .applePayPaymentToken)
        #expect(payToken.failures.map(\.description) == ["LeafMarkerOid@0", "IntermediateMarkerOid@0"])
        // The leaf alone: no intermediate, so no path to Apple's root.
        #expect(!(try Self.evaluate(["real-apple-signing.der"])).isTrusted)
    }

    @Test("Apple's server library's test chains: its forged markers fail as SecPolicy fails them; its good chain lacks the receipt certificate policy SecPolicy also requires")
    func librariesTestChains() throws {
        let anchors = ["apple-test-root.der"]
        let good = try Self.evaluate(["apple-test-leaf.der", "apple-test-intermediate.der"], anchors: anchors)
        #expect(good.failures.map(\.description) == ["CertificatePolicy@0"])
        #expect(good.status == .invalidPolicyIdentifiers)
        let leaf = try Self.evaluate(["apple-test-leaf-invalid-oid.der", "apple-test-intermediate.der"], anchors: anchors)
        #expect(leaf.failures.map(\.description) == ["LeafMarkerOid@0", "CertificatePolicy@0"])
        #expect(leaf.status == .missingRequiredExtension)
        let intermediate = try Self.evaluate(["apple-test-leaf-for-intermediate-invalid-oid.der", "apple-test-intermediate-invalid-oid.der"], anchors: anchors)
        #expect(intermediate.failures.map(\.description) == ["IntermediateMarkerOid@0", "CertificatePolicy@0"])
        // Without the library's root counted as Apple's, AnchorApple fails too.
        var trust = try Trust(certificates: try ["apple-test-leaf.der", "apple-test-intermediate.der"].map(Vectors.certificate), policies: [.macAppStoreReceipt])
        trust.setAnchorCertificates([try Vectors.certificate("apple-test-root.der")])
        trust.setVerifyDate(Self.effectiveDate)
        trust.setNetworkFetchAllowed(false)
        #expect(trust.evaluate().failures.map(\.description) == ["AnchorApple@0", "CertificatePolicy@0"])
    }

    @Test("a JWS from bytes to decision: x5c judged under the receipt policy, then the signature with the leaf's key")
    func jwsEndToEnd() throws {
        let jws = try CompactJWS(bytes: try Vectors.bytes("es256.jws"))
        var trust = try Trust(certificates: jws.certificates, policies: [.macAppStoreReceipt], systemStore: SystemTrustStore(certificates: []))
        let root = try Vectors.certificate("root.der")
        trust.setAnchorCertificates([root])
        trust.setAppleAnchors([root])
        trust.setVerifyDate(DERTime(secondsSince1970: 1_780_272_000))
        trust.setNetworkFetchAllowed(false)
        let evaluation = trust.evaluate()
        #expect(evaluation.isTrusted, "\(evaluation.failures)")
        try jws.verifySignatureWithCertificateKey()
        // The same chain signing another payload: the chain holds, the signature does not.
        let forged = try CompactJWS(bytes: try Vectors.bytes("tampered-payload.jws"))
        #expect(throws: JWSError.self) { try forged.verifySignatureWithCertificateKey() }
        // Apple's mock signed data (a test chain, not Apple's root) verifies its signature and
        // fails the receipt policy at its root.
        let mock = try CompactJWS(bytes: try Vectors.bytes("mock_signed_data/transactionInfo"))
        try mock.verifySignatureWithCertificateKey()
        var mockTrust = try Trust(certificates: mock.certificates, policies: [.macAppStoreReceipt], systemStore: .apple)
        mockTrust.setVerifyDate(Self.effectiveDate)
        mockTrust.setNetworkFetchAllowed(false)
        #expect(!mockTrust.evaluate().isTrusted)
    }
}
