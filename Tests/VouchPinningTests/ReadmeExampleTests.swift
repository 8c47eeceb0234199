import Foundation
import Testing
import VouchDER
import VouchPinning
import VouchTrust
import VouchX509

/// The README's AFSecurityPolicy example, as written there, on the example chain.
@Suite("README example")
struct ReadmeExampleTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TestVectors/example").path

    @Test("public-key pinning of the example chain: refused under the system roots, allowed with its root as anchor")
    func example() throws {
        let serverChain = try ["leaf", "intermediate"].map { name in
            try Certificate(derEncoded: [UInt8](try #require(FileManager.default.contents(atPath: "\(Self.directory)/\(name).der"))))
        }
        let root = try Certificate(derEncoded: [UInt8](try #require(FileManager.default.contents(atPath: "\(Self.directory)/root.der"))))

        // As in the README (the pins directory being TestVectors/example).
        var trust = try Trust(certificates: serverChain)
        var policy = SecurityPolicy(pinningMode: .publicKey,
                                    pinnedCertificates: SecurityPolicy.certificates(inDirectory: Self.directory))
        policy.allowInvalidCertificates = false
        policy.validatesDomainName = true
        trust.setVerifyDate(DERTime(secondsSince1970: 1_780_272_000))  // 2026-06-01, inside every window
        #expect(!policy.evaluateServerTrust(&trust, forDomain: "example.com"))  // the example root is not a system root

        trust.setAnchorCertificates([root])
        #expect(policy.evaluateServerTrust(&trust, forDomain: "example.com"))
        #expect(!policy.evaluateServerTrust(&trust, forDomain: "other.com"))
    }
}
