import Foundation
import Testing

/// OCSP from fetch_world.py's responders (SECTRUST.md §16.3, §16.4, §16.8 items 8–10): a
/// delegated responder, `unknown`, when SSL asks and when it does not, GET or POST by length, and
/// the cache. The `/ocsp-proxy/...` URIs reach the first `openssl ocsp` through the logging
/// server, so the log shows whether and how each was asked.
extension FetchServerTests {
    @Test("a delegated responder (issued by the CA with id-kp-OCSPSigning): good and revoked are accepted")
    func delegatedResponder() throws {
        let good = try Self.verify("dgood", ["ca2"], ["--revocation", "ocsp,require-positive-response"])
        #expect(good.process.status == 0, "\(good.process.standardOutput)")
        let leaf = try #require(good.fetches("ocsp").first { ($0["url"] as? String)?.hasPrefix("http://ocsp2.vouch.test/") == true })
        #expect(leaf["detail"] as? String == "response: good")
        let revoked = try Self.verify("drevoked", ["ca2"], ["--revocation", "ocsp"])
        #expect(revoked.process.status == 1)
        #expect(revoked.status == -67820)
        #expect(revoked.fetches("ocsp").contains { $0["detail"] as? String == "response: revoked" })
    }

    @Test("require-positive-response is the leaf's: its good answer suffices while the intermediate's responder gives none")
    func positiveResponseIsTheLeafs() throws {
        let run = try Self.verify("dgood", ["ca2"], ["--revocation", "ocsp,require-positive-response"])
        #expect(run.process.status == 0, "\(run.process.standardOutput)")
        let intermediate = try #require(run.fetches("ocsp").first { ($0["url"] as? String)?.hasPrefix("http://ca.vouch.test/ocsp-silent/") == true })
        #expect((intermediate["detail"] as? String)?.hasSuffix("no successful OCSP response about the certificate") == true)
        #expect(try !Self.requests("/ocsp-silent/").isEmpty, "the intermediate's responder was asked")
    }

    @Test("unknown ends the walk (the second responder is never asked) and is no positive response: -67635 under require-positive-response")
    func unknownStatus() throws {
        let required = try Self.verify("unknown", ["ca2"], ["--revocation", "ocsp,require-positive-response"])
        #expect(required.process.status == 1)
        #expect(required.status == -67635)
        #expect(required.object["error"] as? String == "errSecIncompleteCertRevocationCheck")
        let leaf = required.fetches("ocsp").filter { ($0["url"] as? String)?.hasPrefix("http://ocsp2.vouch.test/") == true }
        #expect(leaf.map { $0["detail"] as? String } == ["response: unknown"])
        let plain = try Self.verify("unknown", ["ca2"], ["--revocation", "ocsp"])
        #expect(plain.process.status == 0, "unknown is no failure without require-positive-response")
        #expect(try Self.requests("/ocsp-proxy/after-unknown").isEmpty, "asked the next responder after unknown")
    }

    @Test("SSL alone never asks OCSP of a non-EV leaf; --revocation crl does (CRL-only means OCSP in trustd)")
    func sslAloneAndCRLMethod() throws {
        let ssl = try Self.verify("sslonly", ["intermediate"])
        #expect(ssl.process.status == 0, "\(ssl.process.standardOutput)")
        #expect(ssl.fetches("ocsp").isEmpty)
        #expect(try Self.requests("/ocsp-proxy/sslonly").isEmpty, "SSL alone asked the responder")
        let crl = try Self.verify("sslonly", ["intermediate"], ["--revocation", "crl"])
        #expect(crl.process.status == 0, "\(crl.process.standardOutput)")
        #expect(crl.fetches("ocsp").map { $0["detail"] as? String } == ["response: good"])
        let asked = try Self.requests("/ocsp-proxy/sslonly")
        #expect(asked.count == 1)
        #expect(asked.first?.hasSuffix(" POST") == false, "a short request goes by GET")
    }

    @Test("GET when the URL is 255 characters, POST of the request to the URI itself at 256; the request's bytes are Apple's (§16.3 item 3)")
    func getOrPostByLength() throws {
        let get = try Self.verify("get255", ["intermediate"], ["--revocation", "ocsp"])
        #expect(get.process.status == 0, "\(get.process.standardOutput)")
        #expect(get.fetches("ocsp").map { $0["detail"] as? String } == ["response: good"])
        let getLine = try #require(try Self.requests("/ocsp-proxy/get255/").first)
        let getPath = try #require(getLine.split(separator: " ").dropFirst().first)
        #expect(!getLine.hasSuffix(" POST"))
        #expect("http://ca.vouch.test".utf8.count + getPath.utf8.count == 255)
        #expect(get.fetches("ocsp").first?["url"] as? String == "http://ca.vouch.test" + getPath)
        let world = try Self.world.get()
        let expected = try Data(contentsOf: URL(fileURLWithPath: world.path("get255.request.der")))
        let escaped = try #require(getPath.split(separator: "/").last.flatMap { String($0).removingPercentEncoding })
        #expect(Data(base64Encoded: escaped) == expected, "the GET request is not SHA-1 CertID without parameters, version or nonce")

        let post = try Self.verify("post256", ["intermediate"], ["--revocation", "ocsp"])
        #expect(post.process.status == 0, "\(post.process.standardOutput)")
        #expect(post.fetches("ocsp").map { $0["detail"] as? String } == ["response: good"])
        let postLines = try Self.requests("/ocsp-proxy/post256/")
        #expect(postLines.count == 1)
        #expect(postLines.first?.hasSuffix(" POST") == true, "\(postLines)")
        let uri = try #require(post.fetches("ocsp").first?["url"] as? String)
        #expect(postLines.first == "ca.vouch.test \(uri.dropFirst("http://ca.vouch.test".count)) POST", "POST to the URI, without the request")
        let posted = try Data(contentsOf: URL(fileURLWithPath: world.path("posted-post256.der")))
        #expect(posted == (try Data(contentsOf: URL(fileURLWithPath: world.path("post256.request.der")))), "the POST body is not Apple's request")
    }

    @Test("a responder URI ending in / gives // before the request, as Apple appends one without looking")
    func uriEndingInSlash() throws {
        let run = try Self.verify("slash", ["intermediate"], ["--revocation", "ocsp"])
        #expect(run.process.status == 0, "\(run.process.standardOutput)")
        #expect(run.fetches("ocsp").map { $0["detail"] as? String } == ["response: good"])
        let asked = try Self.requests("/ocsp-proxy/slash")
        #expect(asked.count == 1)
        #expect(asked.first?.hasPrefix("ca.vouch.test /ocsp-proxy/slash//ME") == true, "\(asked)")
    }

    @Test("a fresh good answer in the cache is used: the second run asks the responder nothing")
    func cachedAnswerUsed() throws {
        let cache = try Self.world.get().path("cache-\(UUID().uuidString)")
        let first = try Self.verify("cached", ["intermediate"], ["--revocation", "ocsp,require-positive-response"], cache: cache)
        #expect(first.process.status == 0, "\(first.process.standardOutput)")
        #expect(try Self.requests("/ocsp-proxy/cached").count == 1)
        let second = try Self.verify("cached", ["intermediate"], ["--revocation", "ocsp,require-positive-response"], cache: cache)
        #expect(second.process.status == 0, "\(second.process.standardOutput)")
        let outcomes = second.fetches("ocsp").map { $0["outcome"] as? String }
        #expect(!outcomes.isEmpty && outcomes.allSatisfy { $0 == "cache" }, "\(outcomes)")
        #expect(try Self.requests("/ocsp-proxy/cached").count == 1, "the responder was asked again")
    }

    @Test("a revoked answer kept in the cache past its nextUpdate is asked again (old_cached_response, §16.3 item 2)")
    func staleRevokedAnswerRefetched() throws {
        let cache = try Self.world.get().path("cache-\(UUID().uuidString)")
        let first = try Self.verify("stale", ["intermediate"], ["--revocation", "ocsp"], cache: cache)
        #expect(first.status == -67820)
        #expect(try Self.requests("/ocsp-proxy/stale").count == 1)
        // Two days on, the responder's answer (nextUpdate one day after thisUpdate) is past its dates.
        let later = "@\(Int(Date().timeIntervalSince1970) + 2 * 86_400)"
        let revocation = try Self.verify("stale", ["intermediate"], ["--revocation", "ocsp", "--now", later], cache: cache)
        #expect(revocation.status == -67820)
        #expect(try Self.requests("/ocsp-proxy/stale").count == 2, "the stale revoked answer was not refetched")
        // Apple's allow_fetch holds old_cached_response whatever the policies: SSL alone refetches too.
        let ssl = try Self.verify("stale", ["intermediate"], ["--now", later], cache: cache)
        #expect(ssl.status == -67820, "the kept revoked answer still counts")
        #expect(try Self.requests("/ocsp-proxy/stale").count == 3, "SSL alone did not ask again")
    }
}
