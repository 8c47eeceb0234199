import Foundation
import Testing
import VouchDER
import VouchHTTP
import VouchPinning
import VouchTrust

/// Apple's CAIssuerTests (tests/TrustTests/EvaluationTests/CAIssuerTests.m, data in
/// CAIssuerTests_data.h) replayed through the facade, with a scripted transport in place of
/// crt.comodoca.com (SECTRUST.md §16.8 item 1). The data is Apple's and not shipped: set
/// `VOUCH_APPLE_SECURITY` to a checkout or `git archive` extract of apple-oss-distributions/Security.
@Suite struct AppleCAIssuerTests {
    static let header: String? = ProcessInfo.processInfo.environment["VOUCH_APPLE_SECURITY"].flatMap {
        try? String(contentsOfFile: $0 + "/tests/TrustTests/EvaluationTests/CAIssuerTests_data.h", encoding: .utf8)
    }

    /// The bytes of the C array `name` in `text` (CAIssuerTests_data.h by default): the `0x..`
    /// literals between its braces.
    static func array(_ name: String, in text: String? = header) throws -> [UInt8] {
        let text = try #require(text)
        let start = try #require(text.range(of: name + "[")?.upperBound)
        let open = try #require(text[start...].firstIndex(of: "{"))
        let close = try #require(text[open...].firstIndex(of: "}"))
        return text[open..<close].split(whereSeparator: { $0 == "," || $0.isWhitespace || $0 == "{" }).compactMap { token in
            token.hasPrefix("0x") ? UInt8(token.dropFirst(2), radix: 16) : nil
        }
    }

    /// Serves `body` for `url` and fails every other request, remembering what was asked.
    final class Responder: HTTPTransport, @unchecked Sendable {
        let url: String
        let body: [UInt8]
        private(set) var asked: [String] = []
        init(url: String, body: [UInt8]) { (self.url, self.body) = (url, body) }
        func fetch(_ request: HTTPRequest, timeout: Duration) -> Result<HTTPResponse, HTTPError> {
            asked.append(request.url.description)
            guard request.url.description == url else { return .failure(.connectionFailed(address: "192.0.2.1:80", errno: 111)) }
            return .success(HTTPResponse(status: 200, headers: [], body: body))
        }
    }

    @Test("test_aia: [SSL client, Revocation(Any)], leaf only, 2018-05-09: offline Recoverable; SetNetworkFetchAllowed(true) fetches the intermediate: Unspecified")
    func aia() throws {
        guard Self.header != nil else {
            print("AppleCAIssuerTests: VOUCH_APPLE_SECURITY is not set; skipped")
            return
        }
        let ovh = try #require(SecCertificateCreateWithData(nil, try Self.array("ovh_certificate")))
        let responder = Responder(
            url: "http://crt.comodoca.com/COMODORSAExtendedValidationSecureServerCA.crt", body: try Self.array("comodo_ev_certificate"))
        let revocation = try #require(SecPolicyCreateRevocation(kSecRevocationUseAnyAvailableMethod))
        var created: SecTrust?
        #expect(SecTrustCreateWithCertificates(ovh, [SecPolicyCreateSSL(false, nil), revocation], &created) == errSecSuccess)
        let trust = try #require(created)
        trust.fetching = SecTrustFetching(transport: responder, cache: nil, backoff: FetchBackoff())
        SecTrustSetVerifyDate(trust, DERTime(secondsSince1970: 547_600_500 + 978_307_200))
        SecTrustSetNetworkFetchAllowed(trust, false)
        var result = SecTrustResultType.invalid
        #expect(SecTrustGetTrustResult(trust, &result) == errSecSuccess)
        #expect(result == kSecTrustResultRecoverableTrustFailure)
        #expect(responder.asked.isEmpty)
        SecTrustSetNetworkFetchAllowed(trust, true)
        #expect(SecTrustGetTrustResult(trust, &result) == errSecSuccess)
        #expect(result == kSecTrustResultUnspecified, "\(responder.asked)")
        #expect(responder.asked.first == responder.url)
        #expect(SecTrustGetCertificateCount(trust) == 3)
    }

    @Test("test_aia_https: only an https caIssuers URI: nothing is asked, errSecCreateChainFailed")
    func aiaHTTPS() throws {
        guard Self.header != nil else {
            print("AppleCAIssuerTests: VOUCH_APPLE_SECURITY is not set; skipped")
            return
        }
        let leaf = try #require(SecCertificateCreateWithData(nil, try Self.array("_caissuer_https")))
        let responder = Responder(url: "https://example.com/testCA.der", body: [])
        var created: SecTrust?
        #expect(SecTrustCreateWithCertificates(leaf, SecPolicyCreateSSL(true, "example.com"), &created) == errSecSuccess)
        let trust = try #require(created)
        trust.fetching = SecTrustFetching(transport: responder, cache: nil, backoff: FetchBackoff())
        SecTrustSetVerifyDate(trust, DERTime(secondsSince1970: 546_700_000 + 978_307_200))
        var error: SecError?
        #expect(!SecTrustEvaluateWithError(trust, &error))
        #expect(error?.code == -25318)  // errSecCreateChainFailed
        #expect(responder.asked.isEmpty, "https is never fetched")
    }
}
