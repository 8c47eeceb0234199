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

    rsaAndWarmChainBenchmarks(date: date, appleDate: appleDate)

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

/// The rows issue 16 adds, each under the SSL server policy for example.com with one root:
/// the RSA-only twin of the example chain (TestVectors/example-rsa, the common Web PKI shape)
/// for both libraries, and the example chain through a `SignatureVerificationCache` that
/// already holds its verifications (what a client that reconnects pays; swift-certificates has
/// no such cache, so its row is the cold `chain of 3, 1 root, SSL …` one).
func rsaAndWarmChainBenchmarks(date: DERTime, appleDate: Date) {
    guard let leaf = try? VouchX509.Certificate(derEncoded: Fixtures.rsaExampleLeaf),
        let intermediate = try? VouchX509.Certificate(derEncoded: Fixtures.rsaExampleIntermediate),
        let root = try? VouchX509.Certificate(derEncoded: Fixtures.rsaExampleRoot),
        let appleLeaf = try? X509.Certificate(derEncoded: Fixtures.rsaExampleLeaf),
        let appleIntermediate = try? X509.Certificate(derEncoded: Fixtures.rsaExampleIntermediate),
        let appleRoot = try? X509.Certificate(derEncoded: Fixtures.rsaExampleRoot),
        let exampleLeaf = try? VouchX509.Certificate(derEncoded: Fixtures.exampleLeaf),
        let exampleIntermediate = try? VouchX509.Certificate(derEncoded: Fixtures.exampleIntermediate),
        let exampleRoot = try? VouchX509.Certificate(derEncoded: Fixtures.exampleRoot)
    else { fatalError("the RSA example chain does not parse") }
    let rsaStore = SystemTrustStore(certificates: [root])
    let appleStore = CertificateStore([appleRoot])
    let rsaEvaluate = { @Sendable () -> Bool in
        guard var trust = try? Trust(certificates: [leaf, intermediate], policies: [.ssl(server: true, hostname: "example.com")],
                                     systemStore: rsaStore)
        else { return false }
        trust.setVerifyDate(date)
        return trust.evaluate().isTrusted
    }
    let rsaValidate = { @Sendable () async -> Bool in
        var verifier = Verifier(rootCertificates: appleStore) {
            RFC5280Policy(fixedExpiryValidationTime: appleDate)
            ServerIdentityPolicy(serverHostname: "example.com", serverIP: nil)
        }
        if case .validCertificate = await verifier.validate(leaf: appleLeaf, intermediates: CertificateStore([appleIntermediate])) {
            return true
        }
        return false
    }
    guard rsaEvaluate() else { fatalError("Vouch does not trust the RSA example chain") }
    let rsaName = "chain of 3 RSA-2048, 1 root, SSL server policy for example.com"
    Benchmark("\(rsaName) [Vouch]") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(rsaEvaluate()) }
    }
    Benchmark("\(rsaName) [swift-certificates]") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(await rsaValidate()) }
    } setup: {
        guard await rsaValidate() else { fatalError("swift-certificates does not validate the RSA example chain") }
    }

    let cache = SignatureVerificationCache()
    let exampleStore = SystemTrustStore(certificates: [exampleRoot])
    let warmEvaluate = { @Sendable () -> Bool in
        guard var trust = try? Trust(certificates: [exampleLeaf, exampleIntermediate], policies: [.ssl(server: true, hostname: "example.com")],
                                     systemStore: exampleStore)
        else { return false }
        trust.setVerifyDate(date)
        trust.setSignatureVerificationCache(cache)
        return trust.evaluate().isTrusted
    }
    guard warmEvaluate() else { fatalError("Vouch does not trust the example chain through the cache") }

    // What a client pays per connection when the presented certificates come off the wire: the
    // leaf and the intermediate parsed from DER, then the chain evaluated (the root is the
    // store's, parsed once, as in the rows above). swift-certificates decodes more at parse
    // (names, extension list) and Vouch more at evaluation, so this row weighs both.
    guard let appleExampleRoot = try? X509.Certificate(derEncoded: Fixtures.exampleRoot) else {
        fatalError("the example root does not parse")
    }
    let appleExampleStore = CertificateStore([appleExampleRoot])
    let fromDEREvaluate = { @Sendable () -> Bool in
        guard let leaf = try? VouchX509.Certificate(derEncoded: Fixtures.exampleLeaf),
            let intermediate = try? VouchX509.Certificate(derEncoded: Fixtures.exampleIntermediate),
            var trust = try? Trust(certificates: [leaf, intermediate], policies: [.ssl(server: true, hostname: "example.com")],
                                   systemStore: exampleStore)
        else { return false }
        trust.setVerifyDate(date)
        return trust.evaluate().isTrusted
    }
    let fromDERValidate = { @Sendable () async -> Bool in
        guard let leaf = try? X509.Certificate(derEncoded: Fixtures.exampleLeaf),
            let intermediate = try? X509.Certificate(derEncoded: Fixtures.exampleIntermediate)
        else { return false }
        var verifier = Verifier(rootCertificates: appleExampleStore) {
            RFC5280Policy(fixedExpiryValidationTime: appleDate)
            ServerIdentityPolicy(serverHostname: "example.com", serverIP: nil)
        }
        if case .validCertificate = await verifier.validate(leaf: leaf, intermediates: CertificateStore([intermediate])) { return true }
        return false
    }
    guard fromDEREvaluate() else { fatalError("Vouch does not trust the example chain parsed from DER") }
    let fromDERName = "chain of 3 from DER (leaf and intermediate parsed each time), 1 root, SSL server policy for example.com"
    Benchmark("\(fromDERName) [Vouch]") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(fromDEREvaluate()) }
    }
    Benchmark("\(fromDERName) [swift-certificates]") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(await fromDERValidate()) }
    } setup: {
        guard await fromDERValidate() else { fatalError("swift-certificates does not validate the example chain parsed from DER") }
    }
    Benchmark("chain of 3, 1 root, SSL server policy for example.com, warm verification cache [Vouch]") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(warmEvaluate()) }
    }
}
