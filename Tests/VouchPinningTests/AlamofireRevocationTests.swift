import Foundation
import Testing
import VouchDER
import VouchHTTP
import VouchPinning
import VouchTestSupport

/// Alamofire's `RevocationTrustEvaluator` (Alamofire 5, Source/Features/ServerTrustEvaluation.swift)
/// runs unchanged on the facade (issue 36 item 5), against a live `openssl ocsp` responder on
/// loopback (FetchWorld). Its logic, restated here from what it calls:
/// 1. `performDefaultValidation`: `SecTrustSetPolicies(trust, SecPolicyCreateSSL(true, nil))`, then
///    `SecTrustEvaluateWithError` (failure: `defaultEvaluationFailed`);
/// 2. `validateHost`: the same with `SecPolicyCreateSSL(true, host)` (`hostValidationFailed`);
/// 3. `SecPolicyCreateRevocation(options.rawValue)` (nil: `revocationPolicyCreationFailed`), the trust's
///    policies replaced by it alone, then `SecTrustEvaluateWithError` (`revocationCheckFailed`).
@Suite(.serialized, .enabled(if: FetchWorld.isAvailable, "needs python3 with cryptography and openssl (the loopback servers): run scripts/setup --tests"))
struct AlamofireRevocationTests {
    /// Alamofire's `RevocationTrustEvaluator.Options`: Apple's `kSecRevocation…` flags.
    struct Options: OptionSet {
        let rawValue: CFOptionFlags
        static let crl = Options(rawValue: kSecRevocationCRLMethod)
        static let networkAccessDisabled = Options(rawValue: kSecRevocationNetworkAccessDisabled)
        static let ocsp = Options(rawValue: kSecRevocationOCSPMethod)
        static let preferCRL = Options(rawValue: kSecRevocationPreferCRL)
        static let requirePositiveResponse = Options(rawValue: kSecRevocationRequirePositiveResponse)
        static let any = Options(rawValue: kSecRevocationUseAnyAvailableMethod)
    }

    /// Alamofire's `AFError.ServerTrustFailureReason` cases this evaluator throws.
    enum Failure: Error, Equatable {
        case defaultEvaluationFailed(OSStatus)
        case hostValidationFailed(OSStatus)
        case revocationPolicyCreationFailed
        case revocationCheckFailed(OSStatus)
    }

    /// The evaluator, with Alamofire's defaults (`performDefaultValidation: true`,
    /// `validateHost: true`, `options: .crl`).
    struct RevocationTrustEvaluator {
        var performDefaultValidation = true
        var validateHost = true
        var options: Options = .crl

        func evaluate(_ trust: SecTrust, forHost host: String) throws(Failure) {
            if performDefaultValidation {
                SecTrustSetPolicies(trust, SecPolicyCreateSSL(true, nil))
                if let code = Self.evaluationError(trust) { throw .defaultEvaluationFailed(code) }
            }
            if validateHost {
                SecTrustSetPolicies(trust, SecPolicyCreateSSL(true, host))
                if let code = Self.evaluationError(trust) { throw .hostValidationFailed(code) }
            }
            guard let policy = SecPolicyCreateRevocation(options.rawValue) else { throw .revocationPolicyCreationFailed }
            SecTrustSetPolicies(trust, policy)
            if let code = Self.evaluationError(trust) { throw .revocationCheckFailed(code) }
        }

        static func evaluationError(_ trust: SecTrust) -> OSStatus? {
            var error: SecError?
            return SecTrustEvaluateWithError(trust, &error) ? nil : (error?.code ?? errSecParam)
        }
    }

    static let world: Result<FetchWorld, Error> = Result { try FetchWorld() }

    /// The server trust a URL session would hand over for `leaf` (with the intermediate), anchored
    /// at the world's root, fetching through Vouch's client with the world's hosts on loopback.
    static func serverTrust(_ leaf: String) throws -> SecTrust {
        let world = try world.get()
        func certificate(_ file: String) throws -> SecCertificate {
            let text = try String(contentsOfFile: world.path(file), encoding: .utf8)
            let der = try #require(try PEM.blocks(in: Array(text.utf8)[...]).first?.der)
            return try #require(SecCertificateCreateWithData(nil, der))
        }
        var trust: SecTrust?
        #expect(SecTrustCreateWithCertificates([try certificate(leaf + ".pem"), try certificate("intermediate.pem")],
                                               SecPolicyCreateBasicX509(), &trust) == errSecSuccess)
        let created = try #require(trust)
        SecTrustSetAnchorCertificates(created, [try certificate("root.pem")])
        let overrides = try world.connectToValues.map { text throws in try HostOverride.connectTo(text) }
        created.fetching = SecTrustFetching(
            transport: HTTPClient(addressPolicy: AddressPolicy(allowsLoopback: true), overrides: overrides), cache: nil)
        return created
    }

    @Test("Alamofire's defaults (.crl): a good leaf passes, a leaf revoked at the responder fails its revocation check")
    func defaults() throws {
        try RevocationTrustEvaluator().evaluate(try Self.serverTrust("leaf"), forHost: "leaf.vouch.test")
        #expect(throws: Failure.revocationCheckFailed(-67820)) {
            try RevocationTrustEvaluator().evaluate(try Self.serverTrust("revoked"), forHost: "revoked.vouch.test")
        }
        let result = try #require(SecTrustCopyResult(try {
            let trust = try Self.serverTrust("revoked")
            _ = try? RevocationTrustEvaluator().evaluate(trust, forHost: "revoked.vouch.test")
            return trust
        }()))
        #expect(result[kSecTrustRevocationReason] == .integer(1), "keyCompromise, as openssl's index says")
    }

    @Test("requirePositiveResponse: a good answer satisfies it; a dead responder fails with -67635; the host still checked first")
    func requirePositiveResponse() throws {
        let strict = RevocationTrustEvaluator(options: [.ocsp, .requirePositiveResponse])
        let good = try Self.serverTrust("leaf")
        try strict.evaluate(good, forHost: "leaf.vouch.test")
        let result = try #require(SecTrustCopyResult(good))
        #expect(result[kSecTrustRevocationChecked] == .boolean(true))
        #expect(throws: Failure.revocationCheckFailed(-67635)) {
            try strict.evaluate(try Self.serverTrust("dead"), forHost: "dead.vouch.test")
        }
        #expect(throws: Failure.hostValidationFailed(-67602)) {
            try strict.evaluate(try Self.serverTrust("leaf"), forHost: "other.vouch.test")
        }
    }

    @Test("networkAccessDisabled: nothing is fetched, so a revoked leaf passes (a soft failure, as on a Mac)")
    func networkAccessDisabled() throws {
        try RevocationTrustEvaluator(options: [.ocsp, .networkAccessDisabled]).evaluate(
            try Self.serverTrust("revoked"), forHost: "revoked.vouch.test")
        #expect(throws: Failure.revocationPolicyCreationFailed) {
            try RevocationTrustEvaluator(options: Options(rawValue: 1 << 7)).evaluate(try Self.serverTrust("leaf"), forHost: "leaf.vouch.test")
        }
    }
}
