import Foundation
import NIOConcurrencyHelpers
import Testing
import VouchNIO
import VouchPinning
import VouchTrust
import VouchX509

/// OCSP responses the application supplies (swift-nio-ssl does not expose a stapled one) reach
/// the trust the verifier judges: TestVectors/ocsp of the main package, decided without a server.
@Suite struct OCSPVerifierTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestVectors/ocsp")

    static func bytes(_ file: String) throws -> [UInt8] {
        [UInt8](try #require(FileManager.default.contents(atPath: folder.appendingPathComponent(file).path), "\(file)"))
    }

    func decide(_ responses: [[UInt8]]) throws -> VouchDecision? {
        var policy = SecurityPolicy(pinningMode: .none)
        policy.validatesDomainName = false  // the test leaf names no host
        var verifier = VouchVerifier(policy: policy, anchors: [try Certificate(derEncoded: try Self.bytes("ca.der"))])
        verifier.ocspResponses = responses
        let decision = NIOLockedValueBox<VouchDecision?>(nil)
        verifier.decide([try Self.bytes("leaf.der")], host: "leaf.example") { made, _ in decision.withLockedValue { $0 = made } }
        return decision.withLockedValue { $0 }
    }

    @Test("a revoked answer refuses the server; without responses it is allowed")
    func revoked() throws {
        #expect(try decide([])?.isAllowed == true)
        #expect(try decide([try Self.bytes("revoked-by-name.der")])?.isAllowed == false)
    }
}
