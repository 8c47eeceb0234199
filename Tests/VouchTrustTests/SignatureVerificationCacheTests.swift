import Testing
import VouchDER
import VouchX509
@testable import VouchTrust

/// The shared signature-verification cache: the same results as without it, verifications
/// skipped on the second evaluation, bounded, safe from many threads.
@Suite struct SignatureVerificationCacheTests {
    static func certificates(_ file: String) throws -> [Certificate] {
        let bytes = try #require(FileSystem.read("TestVectors/example/" + file))
        return try PEM.certificates(in: bytes[...]).map { try Certificate(derEncoded: $0) }
    }

    static func exampleTrust(_ chain: [Certificate], cache: SignatureVerificationCache?) throws -> Trust {
        var trust = try Trust(certificates: chain, policies: [.ssl(server: true, hostname: "example.com")],
                              systemStore: SystemTrustStore(certificates: []))
        trust.setAnchorCertificates(try certificates("root.pem"))
        trust.setVerifyDate(try #require(DERTime(rfc3339: "2026-06-01T00:00:00Z")))
        trust.setSignatureVerificationCache(cache)
        return trust
    }

    @Test("the second evaluation of a chain verifies nothing and decides the same")
    func warmEvaluation() throws {
        let chain = try Self.certificates("chain.pem")
        let cache = SignatureVerificationCache()
        var cold = try Self.exampleTrust(chain, cache: cache)
        let first = cold.evaluate()
        #expect(first.isTrusted)
        let verified = cache.statistics.misses
        #expect(verified == 2, "leaf by intermediate, intermediate by root; not the SHA-2 anchor's own signature, which no check reads")
        #expect(cache.count == verified)
        #expect(cache.statistics.hits == 0)

        var warm = try Self.exampleTrust(chain, cache: cache)
        let second = warm.evaluate()
        #expect(cache.statistics.misses == verified, "nothing verified again")
        #expect(cache.statistics.hits == verified)
        #expect(second.isTrusted == first.isTrusted)
        #expect(second.result == first.result)
        #expect(second.chain == first.chain)
        #expect(second.failures == first.failures)

        var uncached = try Self.exampleTrust(chain, cache: nil)
        let third = uncached.evaluate()
        #expect(third.chain == first.chain && third.failures == first.failures && third.result == first.result)
    }

    /// A certificate whose signature byte was changed: the cache remembers "invalid" for those
    /// bytes, and the intact certificate (other bytes, another key) is not confused with it.
    @Test func invalidSignaturesAreRememberedForTheirOwnBytes() throws {
        let chain = try Self.certificates("chain.pem")
        var tampered = Array(chain[0].derEncoded)
        tampered[tampered.count - 1] ^= 0x01
        let broken = try Certificate(derEncoded: tampered[...])
        let cache = SignatureVerificationCache()
        for _ in 0..<2 {
            var trust = try Self.exampleTrust([broken, chain[1]], cache: cache)
            #expect(!trust.evaluate().isTrusted)
        }
        var intact = try Self.exampleTrust(chain, cache: cache)
        #expect(intact.evaluate().isTrusted)
        var uncachedBroken = try Self.exampleTrust([broken, chain[1]], cache: nil)
        var cachedBroken = try Self.exampleTrust([broken, chain[1]], cache: cache)
        #expect(uncachedBroken.evaluate().failures == cachedBroken.evaluate().failures)
    }

    @Test func boundedOldestFirst() throws {
        let chain = try Self.certificates("chain.pem")
        let root = try Self.certificates("root.pem")[0]
        let cache = SignatureVerificationCache(capacity: 2)
        cache.record(.valid, for: chain[0], issuerKey: chain[1].subjectPublicKeyInfo)
        cache.record(.valid, for: chain[1], issuerKey: root.subjectPublicKeyInfo)
        cache.record(.valid, for: chain[1], issuerKey: root.subjectPublicKeyInfo)
        #expect(cache.count == 2, "recording the same key twice keeps one entry")
        cache.record(.invalid, for: chain[0], issuerKey: root.subjectPublicKeyInfo)
        #expect(cache.count == 2)
        #expect(cache.answer(for: chain[0], issuerKey: chain[1].subjectPublicKeyInfo) == nil, "the oldest went first")
        #expect(cache.answer(for: chain[1], issuerKey: root.subjectPublicKeyInfo) == .valid)
        #expect(cache.answer(for: chain[0], issuerKey: root.subjectPublicKeyInfo) == .invalid)
        #expect(SignatureVerificationCache(capacity: 0).capacity == 1)
        cache.removeAll()
        #expect(cache.count == 0 && cache.statistics.hits == 0)
    }

    @Test func sharedByConcurrentEvaluations() async throws {
        let chain = try Self.certificates("chain.pem")
        let cache = SignatureVerificationCache()
        let trusted = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var all = true
                    for _ in 0..<10 {
                        var trust = try Self.exampleTrust(chain, cache: cache)
                        all = all && trust.evaluate().isTrusted
                    }
                    return all
                }
            }
            var all = true
            for try await result in group { all = all && result }
            return all
        }
        #expect(trusted)
        #expect(cache.count == 2)
        #expect(cache.statistics.hits + cache.statistics.misses == 160, "two signatures per evaluation")
    }

    @Test("keys compare every octet", arguments: [0, 1, 7, 8, 9, 16, 31, 1_000])
    func keyEquality(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let padded = [0xEE] + bytes
        #expect(bytes[...].hasSameOctets(as: padded[1...]), "a slice at another offset")
        for position in [0, length / 2, length - 1] where length > 0 {
            var changed = bytes
            changed[position] ^= 0x80
            #expect(!bytes[...].hasSameOctets(as: changed[...]), "octet \(position) differs")
        }
        #expect(!bytes[...].hasSameOctets(as: (bytes + [0])[...]))
        // As dictionary keys: a slice finds the array it equals, wherever the slice starts.
        let index: [Octets: Int] = [Octets(bytes): 1, Octets(bytes + [0]): 2]
        #expect(index[Octets(padded[1...])] == 1)
        #expect(index[Octets(bytes + [0])] == 2)
        #expect(Octets(bytes).hashValue == Octets(padded[1...]).hashValue)
    }
}
