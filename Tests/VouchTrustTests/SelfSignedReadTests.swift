import Testing
import VouchDER
import VouchTestSupport
import VouchX509

@testable import VouchTrust

/// The path builder decides Apple's self-signed (a signature verification) only where a check
/// reads it: ``PathContext/readsSelfSigned(_:isTop:isAnchored:profile:)``. Wherever that says
/// "not read", flipping the flag must leave every check's failures unchanged.
@Suite("Self-signed is decided only where read")
struct SelfSignedReadTests {
    /// The project's own certificates (TestVectors): SHA-1 and MD5 signers, self-signed and
    /// self-issued roots, v1 certificates, leaves, the example chains.
    static let facts: [CertificateFacts] = {
        let vectors = TestData.projectRoot.appendingPathComponent("TestVectors").path
        var found: [CertificateFacts] = []
        for file in TestData.files(under: vectors) {
            guard let bytes = TestData.bytes(vectors + "/" + file) else { continue }
            let blocks = (try? PEM.certificates(in: bytes[...])).flatMap { $0.isEmpty ? nil : $0 } ?? [bytes]
            for der in blocks {
                if let certificate = try? Certificate(derEncoded: der) { found.append(CertificateFacts(certificate)) }
            }
        }
        return found
    }()

    static let policies: [[TrustPolicy]] = [[.ssl(server: true, hostname: "example.com")], [.basicX509]]

    /// Every certificate alone and every pair under a CA or v1 top (longer paths would add nothing:
    /// the checks that read the flag look at one certificate and at the top).
    static func paths() -> [[CertificateFacts]] {
        let all = facts
        let tops = all.indices.filter { all[$0].basicConstraints?.isCertificateAuthority == true || all[$0].version < 3 }
        return all.map { [$0] } + all.indices.flatMap { child in tops.compactMap { top in child == top ? nil : [all[child], all[top]] } }
    }

    @Test("flipping an unread flag changes no failure")
    func unreadFlagIsUnread() throws {
        try #require(Self.facts.count > 20, "TestVectors certificates")
        var flipped = 0
        var read = 0
        for path in Self.paths() {
            for anchored in [false, true] {
                for profile in [ValidationProfile.apple, .strict] {
                    for policies in Self.policies {
                        let top = path.count - 1
                        let reads = path.indices.map {
                            PathContext.readsSelfSigned(path[$0], isTop: $0 == top, isAnchored: anchored, profile: profile)
                        }
                        read += reads.filter { $0 }.count
                        for index in path.indices where !reads[index] {
                            var flags = path.map { _ in false }
                            let before = failures(path, flags, anchored, profile, policies)
                            flags[index] = true
                            let after = failures(path, flags, anchored, profile, policies)
                            #expect(before == after, "index \(index) of \(path.map(\.certificate.subject.description)), anchored \(anchored)")
                            flipped += 1
                        }
                    }
                }
            }
        }
        #expect(flipped > 1_000)
        #expect(read > 100, "the rule says \"read\" somewhere, or the test proves nothing")
    }

    /// And where it says "read", some path's failures do depend on the flag (the rule is not
    /// simply "always").
    @Test("each reason to read the flag matters somewhere")
    func readFlagMatters() {
        var matters = 0
        for path in Self.paths() where path.count == 1 {
            for anchored in [false, true] {
                for policies in Self.policies {
                    guard PathContext.readsSelfSigned(path[0], isTop: true, isAnchored: anchored, profile: .apple) else { continue }
                    if failures(path, [false], anchored, .apple, policies) != failures(path, [true], anchored, .apple, policies) {
                        matters += 1
                    }
                }
            }
        }
        #expect(matters > 0)
    }

    func failures(
        _ path: [CertificateFacts], _ flags: [Bool], _ anchored: Bool, _ profile: ValidationProfile, _ policies: [TrustPolicy]
    ) -> [TrustFailure] {
        let context = PathContext(facts: path, isAnchored: anchored, isSystemRooted: false, isSelfSigned: flags,
                                  policies: policies, verifyTime: 1_780_272_000, profile: profile)
        let judge = PathJudge(policies: policies, verifyTime: 1_780_272_000, profile: profile)
        return judge.failures(context)
    }
}
