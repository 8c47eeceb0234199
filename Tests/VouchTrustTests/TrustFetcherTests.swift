import Testing
import VouchDER
import VouchHTTP
import VouchX509

@testable import VouchTrust

/// ``TrustFetcher``'s walks (SECTRUST.md §16.2 (2), §16.3 item 4, §16.7) over a scripted
/// transport that records every request: the thresholds, the schemes skipped, the three-request
/// cap and the per-host backoff. The real transport is tested on loopback (FetchCommandTests).
@Suite struct TrustFetcherTests {
    /// Answers every request with `reply` and remembers the URLs asked.
    final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
        private(set) var requested: [String] = []
        let reply: @Sendable (HTTPRequest) -> Result<HTTPResponse, HTTPError>

        init(reply: @escaping @Sendable (HTTPRequest) -> Result<HTTPResponse, HTTPError>) { self.reply = reply }

        func fetch(_ request: HTTPRequest, timeout: Duration) -> Result<HTTPResponse, HTTPError> {
            requested.append(request.url.description)
            return reply(request)
        }
    }

    static let refused: @Sendable (HTTPRequest) -> Result<HTTPResponse, HTTPError> = { _ in
        .failure(.connectionFailed(address: "192.0.2.1:80", errno: 111))
    }

    static func leaf(caIssuers: [String], ocsp: [String] = []) throws -> (FetchRequestTests.PKI, Trust) {
        let pki = try FetchRequestTests.pki(caIssuers: caIssuers, ocsp: ocsp)
        let trust = try FetchRequestTests.trust([pki.leaf], anchors: [pki.root], policies: [.basicX509], network: true)
        return (pki, trust)
    }

    @Test("9 caIssuers URIs: at most 3 requests; 10: none (CA_ISSUERS_REQUEST_THRESHOLD, MAX_TASKS)")
    func caIssuersThresholds() throws {
        let nine = (1...9).map { "http://ca\($0).fetch.test/ca.der" }
        var (_, trust) = try Self.leaf(caIssuers: nine)
        let transport = ScriptedTransport(reply: Self.refused)
        #expect(!TrustFetcher(transport: transport, cache: nil).evaluate(&trust).isTrusted)
        #expect(transport.requested == Array(nine.prefix(3)))
        var (_, ten) = try Self.leaf(caIssuers: nine + ["http://ca10.fetch.test/ca.der"])
        let silent = ScriptedTransport(reply: Self.refused)
        _ = TrustFetcher(transport: silent, cache: nil).evaluate(&ten)
        #expect(silent.requested.isEmpty)
    }

    @Test("https and ldap URIs are skipped without using one of the three requests")
    func schemesSkipped() throws {
        let uris = ["https://a.fetch.test/ca.der", "ldap://b.fetch.test/cn=ca", "http://c.fetch.test/1", "http://d.fetch.test/2",
                    "http://e.fetch.test/3", "http://f.fetch.test/4"]
        var (_, trust) = try Self.leaf(caIssuers: uris)
        let transport = ScriptedTransport(reply: Self.refused)
        let fetcher = TrustFetcher(transport: transport, cache: nil)
        _ = fetcher.evaluate(&trust)
        #expect(transport.requested == ["http://c.fetch.test/1", "http://d.fetch.test/2", "http://e.fetch.test/3"])
        #expect(fetcher.log.filter { $0.outcome == .skipped }.map(\.url) == Array(uris.prefix(2)))
    }

    @Test("the first body with certificates wins: the intermediate fetched, the chain trusted")
    func fetchedIntermediate() throws {
        let uris = ["http://a.fetch.test/html", "http://b.fetch.test/ca.der"]
        var (pki, trust) = try Self.leaf(caIssuers: uris)
        let intermediate = Array(pki.intermediate.derEncoded)
        let transport = ScriptedTransport { request in
            let body = request.url.host == "b.fetch.test" ? intermediate : Array("<html>no</html>".utf8)
            return .success(HTTPResponse(status: 200, headers: [], body: body))
        }
        let evaluation = TrustFetcher(transport: transport, cache: nil).evaluate(&trust)
        #expect(evaluation.isTrusted)
        #expect(evaluation.chain.count == 3)
        #expect(transport.requested == uris)
    }

    @Test("a host that timed out twice is skipped for 60 s; a completion clears it")
    func backoff() throws {
        let uri = "http://slow.fetch.test/ca.der"
        let transport = ScriptedTransport { _ in .failure(.timedOut) }
        let clock = Clock.now
        let fetcher = TrustFetcher(transport: transport, cache: nil, now: { clock })
        for _ in 0..<3 {
            var (_, trust) = try Self.leaf(caIssuers: [uri])
            _ = fetcher.evaluate(&trust)
        }
        #expect(transport.requested == [uri, uri], "the third evaluation skips the host")
        #expect(fetcher.log.last?.detail == "host backing off after timeouts")
        var later = HostBackoff()
        later.timedOut("slow.fetch.test", at: 0)
        later.timedOut("slow.fetch.test", at: 0)
        #expect(later.skips("slow.fetch.test", at: 59))
        #expect(!later.skips("slow.fetch.test", at: 60))
        later.completed("slow.fetch.test")
        #expect(!later.skips("slow.fetch.test", at: 1))
    }

    @Test("10 OCSP URIs are asked (at most 3 requests, GET under 256 bytes); 11: none (OCSP_REQUEST_THRESHOLD)")
    func ocspThresholds() throws {
        let ten = (1...10).map { "http://ocsp\($0).fetch.test" }
        let pki = try FetchRequestTests.pki(ocsp: ten)
        var trust = try FetchRequestTests.trust(
            [pki.leaf, pki.intermediate], anchors: [pki.root], policies: [.basicX509, .revocation(.ocspMethod)])
        let transport = ScriptedTransport(reply: Self.refused)
        _ = TrustFetcher(transport: transport, cache: nil).evaluate(&trust)
        #expect(transport.requested.count == 3)
        #expect(transport.requested.allSatisfy { $0.hasPrefix("http://ocsp") && $0.utf8.count < 256 && $0.contains("/MEA") })
        let eleven = try FetchRequestTests.pki(ocsp: ten + ["http://ocsp11.fetch.test"])
        var none = try FetchRequestTests.trust(
            [eleven.leaf, eleven.intermediate], anchors: [eleven.root], policies: [.basicX509, .revocation(.ocspMethod)])
        let silent = ScriptedTransport(reply: Self.refused)
        _ = TrustFetcher(transport: silent, cache: nil).evaluate(&none)
        #expect(silent.requested.isEmpty)
    }

    @Test("fetchers given one FetchBackoff share it, as trustd's process does; separate ones do not")
    func sharedBackoff() throws {
        let uri = "http://slow.fetch.test/ca.der"
        let transport = ScriptedTransport { _ in .failure(.timedOut) }
        let shared = FetchBackoff()
        for _ in 0..<3 {
            var (_, trust) = try Self.leaf(caIssuers: [uri])
            _ = TrustFetcher(transport: transport, cache: nil, backoff: shared).evaluate(&trust)
        }
        #expect(transport.requested == [uri, uri], "a new fetcher on the same backoff skips the host")
        let separate = ScriptedTransport { _ in .failure(.timedOut) }
        for _ in 0..<3 {
            var (_, trust) = try Self.leaf(caIssuers: [uri])
            _ = TrustFetcher(transport: separate, cache: nil).evaluate(&trust)
        }
        #expect(separate.requested.count == 3)
    }

    @Test("an OCSP response the evaluation will not consume (bad signature) sends the walk on to the next responder, uncached")
    func unacceptedResponseGoesOn() throws {
        let uris = ["http://ocsp1.fetch.test", "http://ocsp2.fetch.test"]
        let pki = try FetchRequestTests.pki(ocsp: uris)
        // Signed by the wrong key (the root's, .first) for the first responder, by the issuer for the second.
        let forged = try BudgetLimitTests.ocspResponse(
            about: pki.leaf, issuer: pki.intermediate, responder: pki.intermediate, key: .first,
            thisUpdate: "20251231000000Z", nextUpdate: "20260107000000Z", revoked: true)
        let genuine = try BudgetLimitTests.ocspResponse(
            about: pki.leaf, issuer: pki.intermediate, responder: pki.intermediate, key: .second,
            thisUpdate: "20251231000000Z", nextUpdate: "20260107000000Z", revoked: true)
        let transport = ScriptedTransport { request in
            .success(HTTPResponse(status: 200, headers: [], body: request.url.host == "ocsp1.fetch.test" ? forged : genuine))
        }
        var trust = try FetchRequestTests.trust(
            [pki.leaf, pki.intermediate], anchors: [pki.root], policies: [.basicX509, .revocation(.ocspMethod)])
        let fetcher = TrustFetcher(transport: transport, cache: nil)
        let evaluation = fetcher.evaluate(&trust)
        // (The revoked leaf leaves no acceptable path, so its caIssuers URI is asked too.)
        let ocsp = transport.requested.filter { $0.hasPrefix("http://ocsp") }
        #expect(ocsp.count == 2 && ocsp[1].hasPrefix("http://ocsp2.fetch.test/"), "\(transport.requested)")
        #expect(fetcher.log.first?.detail.contains("not accepted") == true, "\(fetcher.log)")
        #expect(evaluation.status == .certificateRevoked)
    }

    @Test("without a transport every fetch fails at once, as on an offline Mac")
    func noTransport() throws {
        var (_, trust) = try Self.leaf(caIssuers: ["http://ca.fetch.test/ca.der"])
        let fetcher = TrustFetcher(transport: nil, cache: nil)
        #expect(!fetcher.evaluate(&trust).isTrusted)
        #expect(fetcher.log.map(\.outcome) == [.failed])
    }
}
