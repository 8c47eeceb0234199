import Foundation
import Testing
import VouchTestSupport

/// `vouch verify` fetching what SecTrust fetches (issue 36, SECTRUST.md §16) from real servers on
/// loopback: Tests/VouchCLITests/Fixtures/fetch_world.py makes a PKI with Python's `cryptography`,
/// serves its caIssuers host over HTTP, runs `openssl ocsp` for its OCSP hosts and a responder that
/// never answers; `--connect-to` points the certificates' made-up host names at them. More cases on
/// the same world, with a world of their own: FetchServerTests.
@Suite(
    .serialized,
    .enabled(if: InspectOracleTests.hasOracle && VouchProcess.which("openssl") != nil,
             "needs python3 with cryptography and openssl (the loopback servers): run scripts/setup --tests"))
struct FetchCommandTests {
    /// The running world (VouchTestSupport's FetchWorld), or why it could not start.
    typealias World = FetchWorld

    static let world: Result<World, Error> = Result { try World() }

    static func json(_ process: VouchProcess) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(process.standardOutput.utf8)) as? [String: Any])
    }

    static func fetches(_ object: [String: Any]) -> [[String: Any]] { object["fetches"] as? [[String: Any]] ?? [] }

    /// The world (the suite runs only where its tools are, so a failure to start is a failure).
    static func running() throws -> World { try world.get() }

    @Test("a leaf whose server omitted the intermediate is trusted under ssl-server: the intermediate is fetched")
    func missingIntermediateFetched() throws {
        let world = try Self.running()
        let before = world.requests.count
        let process = try world.verify("leaf", [])
        let object = try Self.json(process)
        #expect(process.status == 0, "\(process.standardOutput)")
        #expect((object["chain"] as? [Any])?.count == 3)
        let fetch = try #require(Self.fetches(object).first)
        #expect(fetch["url"] as? String == "http://ca.vouch.test/intermediate.der")
        #expect(fetch["purpose"] as? String == "caIssuers")
        #expect(fetch["outcome"] as? String == "ok")
        #expect(world.requests.count == before + 1)
        #expect(world.requests.last == "ca.vouch.test /intermediate.der", "the request names the certificate's host, not the address")
    }

    @Test("--no-network and --policy basic fetch nothing and fail as before")
    func noNetwork() throws {
        let world = try Self.running()
        let before = world.requests.count
        for extra in [["--no-network"], ["--policy", "basic"]] {
            let process = try world.verify("leaf", extra)
            #expect(process.status == 1)
            let object = try Self.json(process)
            #expect(object["error"] as? String == "errSecCreateChainFailed" || object["error"] as? String == "errSecNotTrusted")
            #expect(Self.fetches(object).isEmpty)
        }
        #expect(world.requests.count == before)
        let basicWithNetwork = try world.verify("leaf", ["--policy", "basic", "--network"])
        #expect(basicWithNetwork.status == 0, "--network turns it on for basic")
    }

    @Test("without --allow-loopback nothing is fetched from 127.0.0.1; 169.254.169.254 is never asked")
    func refusedAddresses() throws {
        let world = try Self.running()
        let before = world.requests.count
        let process = try world.verify("leaf", [], allowLoopback: false)
        #expect(process.status == 1)
        let fetch = try #require(Self.fetches(try Self.json(process)).first)
        #expect(fetch["outcome"] as? String == "failed")
        #expect((fetch["detail"] as? String)?.contains("loopback") == true)
        #expect(world.requests.count == before, "the server saw no request")
        let metadata = try world.verify("metadata", [])
        #expect(metadata.status == 1)
        let refused = try #require(Self.fetches(try Self.json(metadata)).first)
        #expect(refused["outcome"] as? String == "failed")
        #expect((refused["detail"] as? String)?.contains("link-local") == true)
        #expect(try #require(refused["ms"] as? Int) < 100, "refused before any connection")
    }

    @Test("a caIssuers URL serving a self-signed certificate never anchors anything")
    func fetchedRootIsNotAnAnchor() throws {
        let world = try Self.running()
        let process = try world.verify("stray", [])
        #expect(process.status == 1)
        let object = try Self.json(process)
        let chain = try #require(object["chain"] as? [[String: Any]])
        #expect(chain.count == 2, "the stray root was fetched and used as a parent")
        #expect(chain.last?["anchor"] as? Bool == false)
        #expect(Self.fetches(object).first?["url"] as? String == "http://ca.vouch.test/stray-root.der")
    }

    @Test("a leaf revoked at a live openssl ocsp responder fails with errSecCertificateRevoked under --revocation ocsp")
    func revokedAtResponder() throws {
        let world = try Self.running()
        let chain = ["--revocation", "ocsp"]
        let revoked = try VouchProcess.run(
            ["verify", world.path("revoked.pem"), world.path("intermediate.pem"), "--anchors", world.path("root.pem"),
             "--host", "revoked.vouch.test", "--json", "--allow-loopback", "--no-cache"] + world.connectTo + chain)
        #expect(revoked.status == 1)
        let object = try Self.json(revoked)
        #expect(object["status"] as? Int == -67820)
        #expect(Self.fetches(object).contains { $0["purpose"] as? String == "ocsp" && ($0["detail"] as? String)?.contains("revoked") == true })
        let good = try VouchProcess.run(
            ["verify", world.path("leaf.pem"), world.path("intermediate.pem"), "--anchors", world.path("root.pem"),
             "--host", "leaf.vouch.test", "--json", "--allow-loopback", "--no-cache", "--require-revocation-response"]
                + world.connectTo + chain)
        #expect(good.status == 0, "\(good.standardOutput)")
        let offline = try VouchProcess.run(
            ["verify", world.path("revoked.pem"), world.path("intermediate.pem"), "--anchors", world.path("root.pem"),
             "--host", "revoked.vouch.test", "--json", "--no-network", "--no-cache"] + chain)
        #expect(offline.status == 0, "with the network off nothing says it is revoked")
    }

    @Test("a dead responder with --require-revocation-response: errSecIncompleteCertRevocationCheck after one 3 s timeout")
    func deadResponder() throws {
        let world = try Self.running()
        let started = Date()
        let process = try VouchProcess.run(
            ["verify", world.path("dead.pem"), world.path("intermediate.pem"), "--anchors", world.path("root.pem"),
             "--host", "dead.vouch.test", "--json", "--allow-loopback", "--no-cache", "--revocation", "ocsp",
             "--require-revocation-response"] + world.connectTo)
        let elapsed = Date().timeIntervalSince(started)
        #expect(process.status == 1)
        let object = try Self.json(process)
        #expect(object["error"] as? String == "errSecIncompleteCertRevocationCheck")
        let fetch = try #require(Self.fetches(object).first { $0["purpose"] as? String == "ocsp" })
        #expect(fetch["outcome"] as? String == "failed")
        let milliseconds = try #require(fetch["ms"] as? Int)
        #expect(milliseconds >= 2_900 && milliseconds <= 3_600)
        #expect(elapsed < 6, "one URL, one 3 s deadline")
    }

    @Test("the second run is served from the cache with no request, and --explain says so")
    func cache() throws {
        let world = try Self.running()
        let cache = world.path("cache-\(UUID().uuidString)")
        let before = world.requests.count
        let first = try world.verify("leaf", [], cache: cache)
        #expect(first.status == 0)
        #expect(world.requests.count == before + 1)
        let second = try VouchProcess.run(
            ["verify", world.path("leaf.pem"), "--anchors", world.path("root.pem"), "--host", "leaf.vouch.test", "--explain",
             "--allow-loopback", "--cache", cache] + world.connectTo)
        #expect(second.status == 0)
        #expect(world.requests.count == before + 1, "no request")
        #expect(second.standardOutput.contains("· fetch caIssuers http://ca.vouch.test/intermediate.der: cache"))
    }
}

extension FetchWorld {
    /// The loopback mapping of the world's host names, as `vouch` arguments.
    var connectTo: [String] { connectToValues.flatMap { ["--connect-to", $0] } }

    /// `vouch verify LEAF --anchors root.pem --host NAME` with the mapping, loopback allowed and no cache.
    func verify(_ leaf: String, _ extra: [String], allowLoopback: Bool = true, cache: String? = nil) throws -> VouchProcess {
        var arguments = ["verify", path(leaf + ".pem"), "--anchors", path("root.pem"), "--host", leaf + ".vouch.test", "--json"] + connectTo
        if allowLoopback { arguments.append("--allow-loopback") }
        arguments += cache.map { ["--cache", $0] } ?? ["--no-cache"]
        return try VouchProcess.run(arguments + extra)
    }
}
