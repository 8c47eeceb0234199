import VouchDER
import VouchTrust
import VouchX509

/// Issue 39's real chains (``SpeedChainFixtures``), three operations each, all under the SSL
/// server policy for the leaf's hostname at the chain's verify date:
///
/// - `chain_<name>`: the presented certificates parsed from DER and evaluated, the chain's root
///   as the only anchor (what a connection pays);
/// - `chain_<name>_warm`: the same with the certificates parsed once, before timing;
/// - `chain_<name>_system`: parsed each time and evaluated against this machine's system store
///   (``SystemTrustStore/shared``), with no anchors of the caller's.
extension SpeedOperation {
    static let realChains: [SpeedOperation] = SpeedChainFixtures.all.flatMap { chain in
        [realChainOperation(chain, name: "chain_\(chain.name)", parseEachTime: true, system: false),
         realChainOperation(chain, name: "chain_\(chain.name)_warm", parseEachTime: false, system: false),
         realChainOperation(chain, name: "chain_\(chain.name)_system", parseEachTime: true, system: true)]
    }

    static func realChainOperation(_ chain: SpeedChainFixtures.Chain, name: String, parseEachTime: Bool, system: Bool) -> SpeedOperation {
        SpeedOperation(name: name) {
            let presented = try PEM.certificates(in: Array(chain.presented.utf8)[...])
            let anchors = try PEM.certificates(in: Array(chain.anchor.utf8)[...]).map { try Certificate(derEncoded: $0) }
            let parsedOnce = try presented.map { try Certificate(derEncoded: $0) }
            let store = system ? SystemTrustStore.shared : SystemTrustStore(certificates: [])
            let date = DERTime(secondsSince1970: chain.verifyDate)
            let policies: [TrustPolicy] = [.ssl(server: true, hostname: chain.hostname)]
            let evaluate = { () -> Bool in
                let certificates = parseEachTime ? presented.compactMap { try? Certificate(derEncoded: $0) } : parsedOnce
                guard certificates.count == presented.count,
                      var trust = try? Trust(certificates: certificates, policies: policies, systemStore: store)
                else { return false }
                if !system { trust.setAnchorCertificates(anchors) }
                trust.setVerifyDate(date)
                return trust.evaluate().isTrusted
            }
            return try evaluations(evaluate, name: name)
        }
    }
}
