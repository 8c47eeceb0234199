import Benchmark
import Foundation
import VouchDER
import VouchTrust
import VouchX509
@_spi(FixedExpiryValidationTime) import X509

/// Issue 39: four chains as real servers send them (`Fixtures/chains/`, sources and dates in its
/// README), each evaluated under the SSL server policy for its leaf's hostname by Vouch's `Trust`
/// and by swift-certificates' `Verifier` (`RFC5280Policy` + `ServerIdentityPolicy`):
///
/// - **cold**: the presented certificates parsed from DER in every iteration (what a connection
///   pays), the chain's root the only anchor, parsed once;
/// - **warm**: the same with the presented certificates parsed once, before timing;
/// - **system store**: cold, against every root of the system bundle (parsed once) instead of
///   the one anchor.
///
/// A Vouch-only row adds the warm signature-verification cache (a reconnecting client).
func realChainBenchmarks() {
    let bundleRoots = Fixtures.systemBundle.compactMap { der -> (VouchX509.Certificate, X509.Certificate)? in
        guard let vouch = try? VouchX509.Certificate(derEncoded: der), let apple = try? X509.Certificate(derEncoded: der) else { return nil }
        return (vouch, apple)
    }
    let systemStores = bundleRoots.isEmpty ? nil
        : (SystemTrustStore(certificates: bundleRoots.map(\.0)), CertificateStore(bundleRoots.map(\.1)), bundleRoots.count)
    for chain in RealChain.all {
        guard let anchor = try? VouchX509.Certificate(derEncoded: chain.anchor),
              let appleAnchor = try? X509.Certificate(derEncoded: chain.anchor),
              let parsed = try? chain.presented.map({ try VouchX509.Certificate(derEncoded: $0) }),
              let appleParsed = try? chain.presented.map({ try X509.Certificate(derEncoded: $0) })
        else { fatalError("the \(chain.name) chain does not parse") }
        let stores = [("cold", SystemTrustStore(certificates: [anchor]), CertificateStore([appleAnchor]), true),
                      ("warm", SystemTrustStore(certificates: [anchor]), CertificateStore([appleAnchor]), false)]
            + (systemStores.map { [("system store (\($0.2) roots), cold", $0.0, $0.1, true)] } ?? [])
        for (kind, store, appleStore, parseEachTime) in stores {
            let evaluate = chain.vouchEvaluation(store: store, parsed: parseEachTime ? nil : parsed)
            let validate = chain.swiftCertificatesValidation(store: appleStore, parsed: parseEachTime ? nil : appleParsed)
            guard evaluate() else { fatalError("Vouch does not trust the \(chain.name) chain (\(kind))") }
            let name = "real chain \(chain.name), \(kind)"
            Benchmark("\(name) [Vouch]") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(evaluate()) }
            }
            Benchmark("\(name) [swift-certificates]") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(await validate()) }
            } setup: {
                guard await validate() else { fatalError("swift-certificates does not validate the \(chain.name) chain (\(kind))") }
            }
        }
        let cached = chain.vouchEvaluation(store: SystemTrustStore(certificates: [anchor]), parsed: parsed, cache: SignatureVerificationCache())
        guard cached() else { fatalError("Vouch does not trust the \(chain.name) chain through the cache") }
        Benchmark("real chain \(chain.name), warm verification cache [Vouch]") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(cached()) }
        }
    }
}

/// One chain of `Fixtures/chains/<name>/`: the certificates the server sent (leaf first), the
/// anchor, the hostname and the verify date.
struct RealChain: Sendable {
    let name: String
    let presented: [[UInt8]]
    let anchor: [UInt8]
    let hostname: String
    let verifyDateSeconds: Int64

    /// The four chains, with the dates and hostnames of `Fixtures/chains/README.md`.
    static let all = [
        RealChain(folder: "le_rsa", hostname: "rust-lang.org", verifyDateSeconds: 1_772_323_200),      // 2026-03-01
        RealChain(folder: "le_ecdsa", hostname: "lencr.org", verifyDateSeconds: 1_726_358_400),        // 2024-09-15
        RealChain(folder: "digicert_rsa", hostname: "duckduckgo.com", verifyDateSeconds: 1_772_323_200),
        RealChain(folder: "gts", hostname: "www.google.com", verifyDateSeconds: 1_772_323_200),
    ]

    init(folder: String, hostname: String, verifyDateSeconds: Int64) {
        let directory = Fixtures.directory.appendingPathComponent("chains").appendingPathComponent(folder)
        let intermediates = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasPrefix("intermediate-") }.sorted()
        name = folder
        presented = (["leaf.der"] + intermediates).map { Fixtures.bytes(directory.appendingPathComponent($0)) }
        anchor = Fixtures.bytes(directory.appendingPathComponent("root.der"))
        self.hostname = hostname
        self.verifyDateSeconds = verifyDateSeconds
    }

    /// Vouch: parse the presented certificates (unless `parsed`), make the `Trust`, evaluate.
    func vouchEvaluation(
        store: SystemTrustStore, parsed: [VouchX509.Certificate]?, cache: SignatureVerificationCache? = nil
    ) -> @Sendable () -> Bool {
        let presented = presented, hostname = hostname
        let date = DERTime(secondsSince1970: verifyDateSeconds)
        return {
            let certificates = parsed ?? presented.compactMap { try? VouchX509.Certificate(derEncoded: $0) }
            guard certificates.count == presented.count,
                  var trust = try? Trust(certificates: certificates, policies: [.ssl(server: true, hostname: hostname)], systemStore: store)
            else { return false }
            trust.setVerifyDate(date)
            trust.setSignatureVerificationCache(cache)
            return trust.evaluate().isTrusted
        }
    }

    /// swift-certificates: parse the presented certificates (unless `parsed`), make the
    /// `Verifier`, validate the leaf with the rest as intermediates.
    func swiftCertificatesValidation(store: CertificateStore, parsed: [X509.Certificate]?) -> @Sendable () async -> Bool {
        let presented = presented, hostname = hostname
        let date = Date(timeIntervalSince1970: TimeInterval(verifyDateSeconds))
        return {
            let certificates = parsed ?? presented.compactMap { try? X509.Certificate(derEncoded: $0) }
            guard certificates.count == presented.count, let leaf = certificates.first else { return false }
            var verifier = Verifier(rootCertificates: store) {
                RFC5280Policy(fixedExpiryValidationTime: date)
                ServerIdentityPolicy(serverHostname: hostname, serverIP: nil)
            }
            if case .validCertificate = await verifier.validate(leaf: leaf, intermediates: CertificateStore(certificates.dropFirst())) {
                return true
            }
            return false
        }
    }
}
