import Dispatch
import Foundation
import Testing
import VouchDER
import VouchPinning
import VouchPropertyList
import VouchTestSupport

/// `SecTrustCopyResult`'s dictionary and `SecTrustEvaluateAsyncWithError` through the Apple-named
/// facade (issue 36 item 5, SECTRUST.md §16.5), over TestVectors/ocsp (a leaf, its CA, responses
/// made 2026-06-01, fresh until 2026-06-08).
@Suite struct SecTrustResultTests {
    static let june8: Int64 = 1_780_876_800

    static func trust(responses: [[UInt8]]?, policy: SecPolicy = SecPolicyCreateBasicX509()) throws -> SecTrust {
        let trust = try RevocationFacadeTests.trust(responses: responses)
        SecTrustSetPolicies(trust, policy)
        trust.fetching = .offline
        return trust
    }

    @Test("a good stapled answer: result 4, the date, TrustRevocationChecked and TrustExpirationDate, empty details")
    func good() throws {
        let trust = try Self.trust(responses: [try RevocationFacadeTests.bytes("good-by-key.der")])
        // Apple judges an answer's freshness at the current time, which the facade cannot set:
        // the underlying trust's clock is set to the verify date.
        let result = try #require(SecTrustCopyResult(trust))
        #expect(result[kSecTrustRevocationChecked] == nil, "today the answer is stale: not checked")
        trust.withTrust { $0.setCurrentTime(DERTime(secondsSince1970: 1_780_358_400)) }
        let fresh = try #require(SecTrustCopyResult(trust))
        try Self.expectGood(fresh)
    }

    static func expectGood(_ result: [String: PropertyList]) throws {
        #expect(result[kSecTrustResultValue] == .integer(4))
        #expect(result[kSecTrustEvaluationDate] == .date(1_780_358_400))
        #expect(result[kSecTrustRevocationChecked] == .boolean(true))
        #expect(result["TrustExpirationDate"] == .date(Self.june8))
        #expect(result[kSecTrustRevocationReason] == nil)
        #expect(result[kSecTrustResultDetails] == .array([.dictionary([:]), .dictionary([:])]))
        #expect(result[kSecTrustExtendedValidation] == nil && result[kSecTrustCertificateTransparency] == nil)
    }

    @Test("a revoked leaf: result 6, its reason, and the Revocation detail with macOS's status code")
    func revoked() throws {
        let trust = try Self.trust(responses: [try RevocationFacadeTests.bytes("revoked-by-name.der")])
        let result = try #require(SecTrustCopyResult(trust))
        #expect(result[kSecTrustResultValue] == .integer(6))
        #expect(result[kSecTrustRevocationReason] == .integer(1))
        #expect(result[kSecTrustRevocationChecked] == nil && result[kSecTrustRevocationValidUntilDate] == nil)
        let details = try #require(result[kSecTrustResultDetails])
        #expect(details == .array([
            .dictionary(["Revocation": .integer(1), kSecCertificateDetailStatusCodes: .array([.integer(Int64(Int32(bitPattern: 0x8001_210C)))])]),
            .dictionary([:]),
        ]))
    }

    @Test("a hostname mismatch: SSLHostname false with CSSMERR_APPLETP_HOSTNAME_MISMATCH; no revocation keys")
    func hostname() throws {
        let trust = try Self.trust(responses: nil, policy: SecPolicyCreateSSL(true, "other.example"))
        let result = try #require(SecTrustCopyResult(trust))
        #expect(result[kSecTrustResultValue] == .integer(5))
        guard case .array(let details)? = result[kSecTrustResultDetails], case .dictionary(let leaf)? = details.first else {
            Issue.record("no details")
            return
        }
        #expect(leaf["SSLHostname"] == .boolean(false))
        guard case .array(let codes)? = leaf[kSecCertificateDetailStatusCodes] else {
            Issue.record("no status codes")
            return
        }
        #expect(codes.contains(.integer(-2_147_408_896)))
        #expect(result[kSecTrustRevocationChecked] == nil)
    }

    @Test("SecTrustEvaluateAsyncWithError answers on the queue given, as SecTrustEvaluateWithError does")
    func async() async throws {
        let revoked = try Self.trust(responses: [try RevocationFacadeTests.bytes("revoked-by-name.der")])
        let queue = DispatchQueue(label: "vouch.test.async")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let (trusted, code, onQueue) = await withCheckedContinuation { continuation in
            SecTrustEvaluateAsyncWithError(revoked, queue) { _, trusted, error in
                continuation.resume(returning: (trusted, error?.code, DispatchQueue.getSpecific(key: key) == 7))
            }
        }
        #expect(!trusted && code == -67820 && onQueue)
        let good = try Self.trust(responses: nil)
        let result = await withCheckedContinuation { continuation in
            SecTrustEvaluateAsync(good, queue) { _, result in continuation.resume(returning: result) }
        }
        #expect(result == .unspecified)
    }

    @Test("a new trust fetches with SecTrustFetching.default, Vouch's HTTP client unless changed")
    func fetchingDefault() throws {
        let trust = try RevocationFacadeTests.trust(responses: nil)
        #expect(trust.fetching.transport != nil && trust.fetching.cache == nil)
        #expect(SecTrustFetching.default.transport != nil)
        #expect(SecTrustFetching.offline.transport == nil)
    }
}
