import Foundation
import Testing
import VouchDER
import VouchX509

@testable import VouchTrust

/// The pool's signature caches: one verification per (certificate, distinct issuer key), while the
/// budget keeps counting (certificate, issuer) pairs as Apple's builder does.
@Suite("Certificate pool")
struct CertificatePoolTests {
    static func certificate(_ file: String) throws -> Certificate { try Certificate(derEncoded: SecTrustManifest.bytes(file)) }

    /// `der` with its last octet (inside the outer signature) changed: the same TBS and key, a
    /// different certificate whose own signature no longer verifies.
    static func nearDuplicate(_ der: [UInt8]) throws -> Certificate {
        var copy = der
        copy[copy.count - 1] ^= 0x01
        return try Certificate(derEncoded: copy)
    }

    @Test("issuers sharing a key are verified once per child; answers and the budget are per pair")
    func sharedIssuerKey() throws {
        let rootDER = SecTrustManifest.bytes("certs/root.der")
        let root = try Certificate(derEncoded: rootDER), twin = try Self.nearDuplicate(rootDER)
        let intermediate = try Self.certificate("certs/intermediate.der")
        #expect(root.subjectPublicKeyInfo.encoded.elementsEqual(twin.subjectPublicKeyInfo.encoded))
        var pool = CertificatePool()
        let child = pool.add(intermediate, as: .input)
        let first = pool.add(root, as: .input), second = pool.add(twin, as: .input)
        #expect(first != second)

        let answer1 = pool.signatureVerifies(child, by: first)
        #expect(answer1)
        let answer2 = pool.signatureVerifies(child, by: second)
        #expect(answer2)  // same key: same answer, no new verification
        #expect(pool.verificationsPerformed == 1)
        #expect(pool.signatureChecks == 2)
        let answer3 = pool.signatureVerifies(child, by: second)
        #expect(answer3)  // a pair already checked costs nothing
        #expect(pool.signatureChecks == 2)

        // The twin as a child is another certificate: its broken signature is verified on its own.
        let answer4 = pool.isSelfSigned(first)
        #expect(answer4)
        let answer5 = pool.isSelfSigned(second)
        #expect(!answer5)
        let answer6 = pool.signatureVerifies(second, by: first)
        #expect(!answer6)
        #expect(pool.verificationsPerformed == 3)
    }

    /// A system store's roots are indexed once (a layer) and shared by every evaluation that
    /// starts from them: what one evaluation adds or learns stays in its own pool.
    @Test("pools that start from one layer share it and change only their own view")
    func sharedLayer() throws {
        let root = try Self.certificate("certs/root.der"), systemRoot = try Self.certificate("certs/system-root.der")
        let intermediate = try Self.certificate("certs/intermediate.der")
        let layer = CertificatePool.Layer(systemRoots: [systemRoot, root, root])
        #expect(layer.entries.count == 2, "a duplicate root is indexed once")

        var first = CertificatePool(startingFrom: layer)
        let second = CertificatePool(startingFrom: layer)
        #expect(first.count == 2 && second.count == 2)
        let child = first.add(intermediate, as: .input)
        #expect(child == 2, "the evaluation's own ids follow the layer's")
        let anchor = first.add(root, as: .appAnchor)
        #expect(anchor == 1, "a certificate already in the layer keeps its id")
        #expect(first[anchor].membership == [.system, .appAnchor])
        #expect(first[anchor].rank == 1, "the evaluation's rank (its second addition) comes first")
        #expect(second[anchor].membership == [.system], "the other pool does not see the change")
        #expect(second[anchor].rank > first[anchor].rank)

        #expect(first.issuers(of: child, in: [.appAnchor]) == [anchor])
        #expect(first.issuers(of: child, in: [.input]).isEmpty)
        let verdict = first.isSelfSigned(anchor)
        #expect(verdict)
        #expect(first[anchor].isSelfSigned == true)
        #expect(second[anchor].isSelfSigned == nil, "a verdict learnt by one evaluation stays in it")
        #expect(first.id(of: root) == anchor && first.id(of: intermediate) == child && second.id(of: intermediate) == nil)
    }

    /// What a layer derives from a root (facts, the prepared key) is made once and shared by
    /// every pool that starts from it; the answers are those of a pool without a layer.
    @Test("a layer's roots: facts and keys made once, the same answers as without a layer")
    func layerDerivedOnce() throws {
        let root = try Self.certificate("certs/root.der"), systemRoot = try Self.certificate("certs/system-root.der")
        let intermediate = try Self.certificate("certs/intermediate.der")
        let layer = CertificatePool.Layer(systemRoots: [systemRoot, root])
        var first = CertificatePool(startingFrom: layer), second = CertificatePool(startingFrom: layer)
        let rootID = try #require(first.id(of: root))
        #expect(first.layerFacts(rootID) === second.layerFacts(rootID), "one facts object for every pool")
        #expect(first.layerFacts(first.add(intermediate, as: .input)) == nil, "only the layer's roots are kept")
        _ = second.add(intermediate, as: .input)
        let facts = try #require(first.layerFacts(rootID))
        let fresh = CertificateFacts(root)
        #expect(facts.certificate == root && facts.basicConstraints == fresh.basicConstraints && facts.keyUsage == fresh.keyUsage)

        var plain = CertificatePool()
        let plainChild = plain.add(intermediate, as: .input), plainRoot = plain.add(root, as: .input)
        let expected = plain.signatureVerifies(plainChild, by: plainRoot)
        #expect(expected)
        for pool in [first, second] {
            var pool = pool
            let answer = pool.signatureVerifies(try #require(pool.id(of: intermediate)), by: rootID)
            #expect(answer == expected)
            #expect(pool.verificationsPerformed == 1)
        }
    }

    /// Evaluations running at once against one store share its roots' facts and keys (made by
    /// whichever asks first, under the layer's lock) and all reach the answer of a lone one.
    @Test("concurrent evaluations against one store: the same answer as a lone evaluation")
    func layerSharedByConcurrentEvaluations() async throws {
        let bytes = try #require(FileSystem.read("TestVectors/example/chain.pem"))
        let chain = try PEM.certificates(in: bytes[...]).map { try Certificate(derEncoded: $0) }
        let rootBytes = try #require(FileSystem.read("TestVectors/example/root.pem"))
        let roots = try PEM.certificates(in: rootBytes[...]).map { try Certificate(derEncoded: $0) }
        let store = SystemTrustStore(certificates: roots)
        let date = try #require(DERTime(rfc3339: "2026-06-01T00:00:00Z"))
        @Sendable func evaluate(_ hostname: String) throws -> TrustEvaluation {
            var trust = try Trust(certificates: chain, policies: [.ssl(server: true, hostname: hostname)], systemStore: store)
            trust.setVerifyDate(date)
            return trust.evaluate()
        }
        let answers = try await withThrowingTaskGroup(of: [Bool].self) { group in
            for task in 0..<8 {
                group.addTask {
                    // Every other evaluation fails its hostname: the roots' facts serve both.
                    try (0..<10).map { try evaluate($0 % 2 == task % 2 ? "example.com" : "example.org").isTrusted }
                }
            }
            var all: [[Bool]] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(answers.count == 8)
        #expect(answers.allSatisfy { $0.filter { $0 }.count == 5 })
        let lone = try evaluate("example.com")
        #expect(lone.isTrusted && lone.chain.count == 3)
        #expect(try !evaluate("example.org").isTrusted)
    }

    @Test("an issuer with another key is verified on its own")
    func differentKeys() throws {
        let root = try Self.certificate("certs/root.der"), intermediate = try Self.certificate("certs/intermediate.der")
        let leaf = try Self.certificate("certs/leaf.der")
        var pool = CertificatePool()
        let leafID = pool.add(leaf, as: .input), intermediateID = pool.add(intermediate, as: .input)
        let rootID = pool.add(root, as: .input)
        let answer7 = pool.signatureVerifies(leafID, by: intermediateID)
        #expect(answer7)
        let answer8 = pool.signatureVerifies(leafID, by: rootID)
        #expect(!answer8)
        let answer9 = pool.signatureVerifies(intermediateID, by: rootID)
        #expect(answer9)
        #expect(pool.verificationsPerformed == 3)
    }

    /// A FuzzTrust input (`Fuzz/slow-units/FuzzTrust/`): hostname length, hostname, DER certificates
    /// back to back, the anchor last.
    static func fuzzTrustInput(_ name: String) throws -> (chain: [Certificate], anchor: Certificate) {
        let url = SecTrustManifest.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/slow-units/FuzzTrust/\(name)")
        let bytes = [UInt8](try Data(contentsOf: url))
        let hostnameLength = Int(try #require(bytes.first))
        var reader = DERReader(bytes[(1 + hostnameLength)...])
        var certificates: [Certificate] = []
        while !reader.isAtEnd { certificates.append(try Certificate(derEncoded: try reader.readElement().encoded)) }
        try #require(certificates.count >= 2)
        let anchor = certificates.removeLast()
        return (certificates, anchor)
    }

    /// Hostile pools written by `Fuzz/scripts/make-hostile-chains`, and how many chain certificates each has.
    static let hostilePools: [(name: String, chainCount: Int)] = [
        // 15 same-name CAs, each signed by the next: the signature budget ends the search.
        ("budget-rsa2048-15", 15),
        // 8 same-name CAs and the anchor on one key, under an expired leaf: every anchored path is
        // validated (one verification per certificate) until the path budget ends the search.
        ("validation-shared-key-8", 9),
    ]

    @Test("a hostile pool of same-name CAs: the budget ends the search", arguments: hostilePools)
    func budgetExhausted(_ pool: (name: String, chainCount: Int)) throws {
        let (chain, anchor) = try Self.fuzzTrustInput(pool.name)
        #expect(chain.count == pool.chainCount)
        var trust = try Trust(certificates: chain, policies: [.basicX509], systemStore: SystemTrustStore(certificates: []))
        trust.setAnchorCertificates([anchor])
        trust.setVerifyDate(DERTime(secondsSince1970: 1_780_272_000))
        let evaluation = trust.evaluate()
        #expect(!evaluation.isTrusted)
        #expect(evaluation.failures.contains { $0.check == .pathBuildingBudget })
    }
}
