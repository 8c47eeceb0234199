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

    static func der(_ name: String) throws -> [UInt8] {
        [UInt8](try #require(FileManager.default.contents(atPath: "\(Self.directory)/\(name).der")))
    }

    @Test("the Security-named example, as written in the README")
    func securityExample() throws {
        let leafDER = try Self.der("leaf"), intermediateDER = Data(try Self.der("intermediate"))
        var trusted = false, hostNameMismatch = false
        func run(_ hostname: String) {
            // As in the README, with the anchor the example needs.
            var serverTrust: SecTrust?
            guard let leaf = SecCertificateCreateWithData(nil, leafDER),
                  let intermediate = SecCertificateCreateWithData(nil, intermediateDER),
                  SecTrustCreateWithCertificates([leaf, intermediate], SecPolicyCreateSSL(true, hostname), &serverTrust) == errSecSuccess,
                  let serverTrust else { return }
            SecTrustSetVerifyDate(serverTrust, DERTime(secondsSince1970: 1_780_272_000))
            if let root = try? Self.der("root") { SecTrustSetAnchorCertificates(serverTrust, SecCertificateCreateWithData(nil, root).map { [$0] }) }
            var error: SecError?
            if SecTrustEvaluateWithError(serverTrust, &error) {
                let key = SecTrustCopyKey(serverTrust).flatMap { SecKeyCopyExternalRepresentation($0, nil) }
                trusted = key?.first == 0x04
            } else {
                hostNameMismatch = error?.code == errSecHostNameMismatch
            }
        }
        run("example.com")
        #expect(trusted)
        run("other.example")
        #expect(hostNameMismatch)
    }

    @Test("the pin-set example, as written in the README")
    func pinSetExample() throws {
        let serverChain = try ["leaf", "intermediate"].map { try Certificate(derEncoded: try Self.der($0)) }
        let secondsSince1970: Int64 = 1_780_272_000
        let pins = try PinSet(contentsOfFile: "\(Self.directory)/pins.json")
        var trust = try Trust(certificates: serverChain)
        trust.setAnchorCertificates([try Certificate(derEncoded: try Self.der("root"))])
        trust.setVerifyDate(DERTime(secondsSince1970: secondsSince1970))
        let decision = pins.evaluate(&trust, host: "www.example.com", now: secondsSince1970)
        switch decision.verdict {
        case .allow: break
        case .block: throw PinningError(decision: decision)
        case .notPinned: Issue.record("www.example.com is pinned by **.example.com")
        }
    }
}
