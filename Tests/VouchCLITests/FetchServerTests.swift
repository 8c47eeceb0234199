import Foundation
import Testing

/// `vouch verify` against the servers of fetch_world.py (issue 36 item 8, SECTRUST.md §16.8 items
/// 7–10): what a caIssuers body may be, how HTTP is used (status ignored, no redirects, chunked
/// bodies, the 1 MiB cap, the 3 s deadline and the per-host backoff) and when OCSP is asked and
/// how (a delegated responder, `unknown`, SSL alone, CRL-only, GET or POST). Each case names its own
/// URL paths, so the checks read the server's log for those paths only; the world is this suite's
/// own (FetchCommandTests counts requests in its log).
@Suite(
    .enabled(if: InspectOracleTests.hasOracle && VouchProcess.which("openssl") != nil,
             "needs python3 with cryptography and openssl (the loopback servers): run scripts/setup --tests"))
struct FetchServerTests {
    static let world: Result<FetchCommandTests.World, Error> = Result { try FetchCommandTests.World() }

    /// One run of `vouch verify --json`: its process, its JSON and its `fetches`.
    struct Run {
        let process: VouchProcess
        let object: [String: Any]
        var fetches: [[String: Any]] { object["fetches"] as? [[String: Any]] ?? [] }
        var status: Int? { object["status"] as? Int }
        /// The fetches of one purpose.
        func fetches(_ purpose: String) -> [[String: Any]] { fetches.filter { $0["purpose"] as? String == purpose } }
    }

    /// `vouch verify LABEL.pem [INTERMEDIATES] --anchors root.pem --host LABEL.vouch.test --json`,
    /// loopback allowed, with the world's mapping and `--no-cache` unless `cache` is given.
    static func verify(_ label: String, _ intermediates: [String] = [], _ extra: [String] = [], cache: String? = nil) throws -> Run {
        let world = try world.get()
        let arguments = ["verify", world.path(label + ".pem")] + intermediates.map { world.path($0 + ".pem") }
            + ["--anchors", world.path("root.pem"), "--host", label + ".vouch.test", "--json", "--allow-loopback"]
            + world.connectTo + (cache.map { ["--cache", $0] } ?? ["--no-cache"]) + extra
        let process = try VouchProcess.run(arguments)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(process.standardOutput.utf8)) as? [String: Any],
                                  "\(process.standardOutput)\(process.standardError)")
        return Run(process: process, object: object)
    }

    /// The lines of the server's log for paths under `prefix` (on any host).
    static func requests(_ prefix: String) throws -> [String] {
        try world.get().requests.filter { $0.split(separator: " ").dropFirst().first?.hasPrefix(prefix) == true }
    }

    // MARK: caIssuers bodies (§16.2 item 3, §16.7)

    /// A body that yields the intermediate, and how many certificates it carries.
    struct Body: CustomTestStringConvertible, Sendable {
        let label: String
        let path: String
        let certificates: Int
        let status: Int
        var testDescription: String { "\(label): \(path)" }
    }

    static let acceptedBodies = [
        Body(label: "trailing", path: "/trailing.der", certificates: 1, status: 200),
        Body(label: "cms", path: "/three.p7c", certificates: 3, status: 200),
        Body(label: "pem", path: "/intermediate.pem", certificates: 1, status: 200),
        Body(label: "notfound", path: "/missing.der", certificates: 1, status: 404),
        Body(label: "redirect-der", path: "/moved-with-body.der", certificates: 1, status: 302),
        Body(label: "chunked", path: "/chunked.der", certificates: 1, status: 200),
    ]

    @Test("a caIssuers body is used whatever its status, framing and form: DER + trailing bytes, a certs-only CMS of 3, PEM, a 404, a 302's own body, chunked",
          arguments: acceptedBodies)
    func acceptedBody(_ body: Body) throws {
        let run = try Self.verify(body.label)
        #expect(run.process.status == 0, "\(run.process.standardOutput)")
        #expect((run.object["chain"] as? [Any])?.count == 3)
        let fetch = try #require(run.fetches("caIssuers").first)
        #expect(fetch["url"] as? String == "http://ca.vouch.test" + body.path)
        #expect(fetch["outcome"] as? String == "ok")
        #expect(fetch["detail"] as? String == "status \(body.status): \(body.certificates) certificate(s)")
        #expect(try Self.requests(body.path) == ["ca.vouch.test \(body.path)"])
        if body.status == 302 { #expect(try Self.requests("/moved-target.der").isEmpty, "the Location target was requested") }
    }

    @Test("a 302 is not followed: its Location is never asked, and its HTML body gives nothing")
    func redirectNotFollowed() throws {
        let run = try Self.verify("redirect")
        #expect(run.process.status == 1)
        #expect(run.fetches("caIssuers").map { $0["detail"] as? String } == ["status 302, \(Self.html) bytes: no certificate in the body"])
        #expect(try Self.requests("/moved.der") == ["ca.vouch.test /moved.der"])
        #expect(try Self.requests("/moved-target.der").isEmpty, "the Location target was requested")
    }

    /// The length of fetch_world.py's HTML page.
    static let html = 58

    @Test("an HTML body is no certificate: the next URI is asked and used")
    func htmlThenNext() throws {
        let run = try Self.verify("html")
        #expect(run.process.status == 0, "\(run.process.standardOutput)")
        #expect(run.fetches("caIssuers").map { $0["url"] as? String } == ["http://ca.vouch.test/page.html", "http://ca.vouch.test/after-html.der"])
        #expect(run.fetches("caIssuers").first?["detail"] as? String == "status 200, \(Self.html) bytes: no certificate in the body")
        #expect(try Self.requests("/page.html").count == 1)
        #expect(try Self.requests("/after-html.der").count == 1)
    }

    @Test("a body over 1 MiB fails (with Content-Length, or chunked) although it starts with the certificate; the next URI is used")
    func oversizedBody() throws {
        let run = try Self.verify("huge")
        #expect(run.process.status == 0, "\(run.process.standardOutput)")
        let fetches = run.fetches("caIssuers")
        #expect(fetches.map { $0["outcome"] as? String } == ["failed", "failed", "ok"])
        #expect(fetches.prefix(2).allSatisfy { $0["detail"] as? String == "response body larger than 1048576 bytes" })
        #expect(fetches.last?["url"] as? String == "http://ca.vouch.test/after-huge.der")
        for path in ["/huge.der", "/huge-chunked.der", "/after-huge.der"] { #expect(try Self.requests(path).count == 1, "\(path)") }
    }

    @Test("a server sleeping 5 s fails at 3 s; after a second timeout the host is skipped and the next host is asked")
    func slowServerAndBackoff() throws {
        let started = Date()
        let run = try Self.verify("slow")
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.process.status == 0, "\(run.process.standardOutput)")
        let fetches = run.fetches("caIssuers")
        #expect(fetches.map { $0["outcome"] as? String } == ["failed", "failed", "skipped", "ok"])
        for fetch in fetches.prefix(2) {
            #expect(fetch["detail"] as? String == "timed out")
            let milliseconds = try #require(fetch["ms"] as? Int)
            #expect(milliseconds >= 2_900 && milliseconds <= 3_600, "\(milliseconds) ms")
        }
        #expect(fetches[2]["url"] as? String == "http://slow.vouch.test/3.der")
        #expect(fetches[2]["detail"] as? String == "host backing off after timeouts")
        #expect(fetches[3]["url"] as? String == "http://ca.vouch.test/after-slow.der")
        #expect(try Self.requests("/1.der") == ["slow.vouch.test /1.der"])
        #expect(try Self.requests("/2.der") == ["slow.vouch.test /2.der"])
        #expect(try Self.requests("/3.der").isEmpty, "a host in backoff was asked")
        #expect(elapsed < 8, "two 3 s deadlines, then no wait")
    }
}
