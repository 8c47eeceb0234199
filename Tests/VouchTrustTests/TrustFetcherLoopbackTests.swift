import Foundation
import Testing
import VouchDER
import VouchHTTP
import VouchTestSupport
import VouchX509

@testable import VouchTrust

/// ``TrustFetcher`` with its real transport (VouchHTTP's client) against the servers of
/// Tests/VouchCLITests/Fixtures/fetch_world.py on loopback, where a test needs the fetcher's clock
/// (its internal `now:`), which `vouch verify` does not let one set: the caIssuers cache lifetime
/// from `Cache-Control: max-age` (SECTRUST.md §16.6) and OnlineCheck's 300 s (§16.4).
@Suite(
    .enabled(if: FetchWorld.isAvailable,
             "needs python3 with cryptography and openssl (the loopback servers): run scripts/setup --tests"))
struct TrustFetcherLoopbackTests {
    /// fetch_world.py running in a directory of its own (VouchTestSupport's FetchWorld), with a
    /// client that reaches its caIssuers host on loopback.
    final class World: @unchecked Sendable {
        let base: FetchWorld
        let client: HTTPClient
        var directory: URL { base.directory }

        init() throws {
            base = try FetchWorld()
            client = HTTPClient(
                addressPolicy: AddressPolicy(allowsLoopback: true),
                overrides: [try HostOverride.connectTo("ca.vouch.test:80:127.0.0.1:\(base.http)")])
        }

        /// The certificate of `label`.pem.
        func certificate(_ label: String) throws -> Certificate {
            let text = try Data(contentsOf: directory.appendingPathComponent(label + ".pem"))
            return try Certificate(derEncoded: try #require(try PEM.certificates(in: Array(text)[...]).first))
        }

        /// How many requests the HTTP server logged for paths starting with `prefix`.
        func requests(_ prefix: String) -> Int { base.requests(prefix) }

        /// A cache directory no other test uses.
        func freshCache() -> FetchCache {
            FetchCache(directory: directory.appendingPathComponent("cache-\(UUID().uuidString)").path)
        }

        /// An SSL evaluation of `label`.vouch.test (with `intermediates`) anchored at the world's root.
        func trust(_ label: String, intermediates: [String] = [], revocation: RevocationFlags? = nil) throws -> Trust {
            let certificates = try ([label] + intermediates).map(certificate)
            let policies: [TrustPolicy] = [.ssl(server: true, hostname: label + ".vouch.test")] + (revocation.map { [.revocation($0)] } ?? [])
            var trust = try Trust(certificates: certificates, policies: policies, systemStore: .linux)
            trust.setAnchorCertificates([try certificate("root")])
            return trust
        }
    }

    static let world: Result<World, Error> = Result { try World() }

    /// Cache-Control of the caIssuers response ⇒ the entry's lifetime (expiry − insertion).
    static let maxAgeCases: [(label: String, lifetime: Int64)] = [
        ("maxage-60", 86_400), ("maxage-3600", 3_600), ("maxage-604800", 604_800), ("maxage-604801", 86_400), ("maxage-none", 86_400),
    ]

    @Test("max-age 60 / 3600 / 604800 / 604801 / absent ⇒ the cached issuer expires after 1 d / 1 h / 7 d / 1 d / 1 d",
          arguments: zip(maxAgeCases.map(\.label), maxAgeCases.map(\.lifetime)))
    func maxAgeLifetime(_ label: String, _ lifetime: Int64) throws {
        let world = try Self.world.get()
        let cache = world.freshCache()
        let clock = VouchTrust.Clock.now
        var trust = try world.trust(label)
        let fetcher = TrustFetcher(transport: world.client, cache: cache, now: { clock })
        #expect(fetcher.evaluate(&trust).isTrusted, "\(fetcher.log)")
        let age = label.split(separator: "-").last.map(String.init) ?? ""
        let entry = try #require(cache.caIssuersEntry(uri: "http://ca.vouch.test/max-age/\(age)/intermediate.der"))
        #expect(entry.inserted == clock)
        #expect(entry.expiry - entry.inserted == lifetime)
        #expect(world.requests("/max-age/\(age)/") == 1)
    }

    /// Caches a good answer for `label`.vouch.test inserted `age` seconds ago, then evaluates with
    /// OnlineCheck now: the fetcher's OCSP records and how many requests its responder saw (each
    /// test its own leaf and URL, as the tests run in parallel).
    func onlineCheck(_ label: String, cachedSecondsAgo age: Int64) throws -> (outcomes: [TrustFetcher.FetchRecord.Outcome], requests: Int) {
        let world = try Self.world.get()
        let cache = world.freshCache()
        let now = VouchTrust.Clock.now
        var first = try world.trust(label, intermediates: ["intermediate"], revocation: .ocspMethod)
        let earlier = TrustFetcher(transport: world.client, cache: cache, now: { now - age })
        #expect(earlier.evaluate(&first).isTrusted, "\(earlier.log)")
        let before = world.requests("/ocsp-proxy/\(label)/")
        #expect(cache.ocspEntries(forAnyOf: [TrustFetcher.cacheKey(
            OCSPRequestEncoding.certID(for: try world.certificate(label), issuer: try world.certificate("intermediate")))]).first?.inserted
            == now - age)
        var second = try world.trust(label, intermediates: ["intermediate"], revocation: [.ocspMethod, .onlineCheck])
        let fetcher = TrustFetcher(transport: world.client, cache: cache, now: { now })
        #expect(fetcher.evaluate(&second).isTrusted, "\(fetcher.log)")
        return (fetcher.log.filter { $0.purpose == .ocsp }.map(\.outcome), world.requests("/ocsp-proxy/\(label)/") - before)
    }

    @Test("OnlineCheck: a good answer cached 6 min ago is fetched again")
    func onlineCheckRefetches() throws {
        let (outcomes, requests) = try onlineCheck("online", cachedSecondsAgo: 360)
        #expect(outcomes.first == .ok, "the old entry was served: \(outcomes)")
        #expect(requests == 1)
    }

    @Test("OnlineCheck: a good answer cached 4 min ago is used, nothing is asked")
    func onlineCheckUsesRecent() throws {
        let (outcomes, requests) = try onlineCheck("recent", cachedSecondsAgo: 240)
        #expect(!outcomes.isEmpty && outcomes.allSatisfy { $0 == .cache }, "\(outcomes)")
        #expect(requests == 0)
    }
}
