import Benchmark
import Foundation
import VouchDER
import VouchTrust
import VouchX509
@_spi(FixedExpiryValidationTime) import X509

/// Chain evaluation of the parsed example chain (leaf and intermediate presented, the root an
/// anchor) at 2026-06-01: Vouch's `Trust` (Apple's `SecTrust` rules) against swift-certificates'
/// `Verifier`. The policies compared: Vouch's basic X.509 policy with `RFC5280Policy`, and
/// Vouch's SSL server policy for example.com with `RFC5280Policy` + `ServerIdentityPolicy`.
/// Vouch's SSL policy checks more (EKU, Apple's key-size, SHA-1 and validity-period rules), so
/// the second pair compares what a TLS client asks, not identical rule sets.
///
/// Each iteration does what a client does per connection: make the evaluation object for the
/// presented certificates, evaluate, read the answer. Anchor stores are built once.
func chainBenchmarks() {
    guard let leaf = try? VouchX509.Certificate(derEncoded: Fixtures.exampleLeaf),
        let intermediate = try? VouchX509.Certificate(derEncoded: Fixtures.exampleIntermediate),
        let root = try? VouchX509.Certificate(derEncoded: Fixtures.exampleRoot),
        let appleLeaf = try? X509.Certificate(derEncoded: Fixtures.exampleLeaf),
        let appleIntermediate = try? X509.Certificate(derEncoded: Fixtures.exampleIntermediate),
        let appleRoot = try? X509.Certificate(derEncoded: Fixtures.exampleRoot)
    else { fatalError("the example chain does not parse") }
    let date = DERTime(secondsSince1970: Fixtures.verifyDateSeconds)
    let appleDate = Date(timeIntervalSince1970: TimeInterval(Fixtures.verifyDateSeconds))

    // The stores: the example root alone, and the example root with 99 system roots.
    let systemRoots = Fixtures.systemBundle.compactMap { der -> (VouchX509.Certificate, X509.Certificate)? in
        guard let vouch = try? VouchX509.Certificate(derEncoded: der), let apple = try? X509.Certificate(derEncoded: der) else { return nil }
        return (vouch, apple)
    }.prefix(99)
    var stores: [(String, SystemTrustStore, CertificateStore)] = [
        ("1 root", SystemTrustStore(certificates: [root]), CertificateStore([appleRoot])),
    ]
    if systemRoots.count == 99 {
        stores.append(("100 roots", SystemTrustStore(certificates: [root] + systemRoots.map(\.0)),
                       CertificateStore([appleRoot] + systemRoots.map(\.1))))
    } else {
        print("note: fewer than 99 system roots: the 100-root chain benchmarks are skipped")
    }

    for (storeName, vouchStore, appleStore) in stores {
        for server in [false, true] {
            let policy: TrustPolicy = server ? .ssl(server: true, hostname: "example.com") : .basicX509
            let evaluate = { @Sendable () -> Bool in
                guard var trust = try? Trust(certificates: [leaf, intermediate], policies: [policy], systemStore: vouchStore) else {
                    return false
                }
                trust.setVerifyDate(date)
                return trust.evaluate().isTrusted
            }
            let validate = { @Sendable () async -> Bool in
                let intermediates = CertificateStore([appleIntermediate])
                if server {
                    var verifier = Verifier(rootCertificates: appleStore) {
                        RFC5280Policy(fixedExpiryValidationTime: appleDate)
                        ServerIdentityPolicy(serverHostname: "example.com", serverIP: nil)
                    }
                    if case .validCertificate = await verifier.validate(leaf: appleLeaf, intermediates: intermediates) { return true }
                } else {
                    var verifier = Verifier(rootCertificates: appleStore) { RFC5280Policy(fixedExpiryValidationTime: appleDate) }
                    if case .validCertificate = await verifier.validate(leaf: appleLeaf, intermediates: intermediates) { return true }
                }
                return false
            }
            guard evaluate() else { fatalError("Vouch does not trust the example chain (\(storeName))") }
            let name = "chain of 3, \(storeName), \(server ? "SSL server policy for example.com" : "basic X.509 policy")"
            Benchmark("\(name) [Vouch]") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(evaluate()) }
            }
            Benchmark("\(name) [swift-certificates]") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(await validate()) }
            } setup: {
                // Checked here (registration is synchronous, validation async): a chain that
                // does not validate would make the figure meaningless.
                guard await validate() else { fatalError("swift-certificates does not validate the example chain (\(storeName))") }
            }
        }
    }
}
