import VouchCrypto
import VouchDER
import VouchX509

/// trustd's EV map (EVRoots.plist: EV policy OID → the SHA-1 of each root allowed to issue under
/// it; SECTRUST.md §17.4), turned round for the two questions Apple asks of it:
/// `SecPolicyIsEVPolicy` (is this OID a key of the map?) and `SecPolicyRootCACertificateIsEV`'s
/// "is this root listed for one of these OIDs?".
///
/// ``apple`` is the map of the embedded table's EV roots, built on first use from their SHA-256s
/// and OIDs alone (no certificate is decoded, so an evaluation that asks does not pay for the
/// snapshot's 275 certificates). Tests make their own from generated
/// roots, since no generated chain can reach one of Apple's.
struct ExtendedValidationRoots: Sendable {
    /// Every EV policy OID: the keys of trustd's map.
    let policies: Set<OID>
    /// Each EV root's SHA-256 (a digest of the whole DER, as Apple's SHA-1 lookup amounts to)
    /// with its EV policy OIDs.
    private let policiesByRoot: [[UInt8]: Set<OID>]

    /// A map of `roots`, each with the EV policy OIDs it may issue under.
    init(roots: [(certificate: Certificate, policies: [OID])]) {
        self.init(digests: roots.map { (Array(SHA256.digest($0.certificate.derEncoded)), $0.policies) })
    }

    /// A map of roots named by the SHA-256 of their DER.
    init(digests: [(sha256: [UInt8], policies: [OID])]) {
        var byRoot: [[UInt8]: Set<OID>] = [:]
        for root in digests { byRoot[root.sha256, default: []].formUnion(root.policies) }
        policiesByRoot = byRoot
        policies = byRoot.values.reduce(into: []) { $0.formUnion($1) }
    }

    /// Apple's map at the embedded trust-store version: EVRoots.json's `EV_config`, each root
    /// also under the CA/Browser Forum's EV OID 2.23.140.1.1 (trustd's plist lists every EV root
    /// there; the embedded table already names it for each, the union keeps that true).
    /// A policy string that is not a dotted OID is left out (the table's tests hold it to none).
    static let apple: ExtendedValidationRoots = {
        let browserForumEV = OID(dotted: "2.23.140.1.1")
        // 75 roots name 33 distinct OIDs: each string is parsed once.
        var parsed: [String: OID?] = [:]
        func oid(_ text: String) -> OID? {
            if let known = parsed[text] { return known }
            let made = OID(dotted: text)
            parsed[text] = made
            return made
        }
        return ExtendedValidationRoots(digests: AppleTrustStoreSnapshot.embeddedEVRootDigests().map { root in
            (root.sha256, root.policies.compactMap(oid) + (browserForumEV.map { [$0] } ?? []))
        })
    }()

    /// The EV policy OIDs `root` is listed under, or `nil` when it is no EV root.
    func policies(ofRoot root: Certificate) -> Set<OID>? {
        policiesByRoot.isEmpty ? nil : policiesByRoot[Array(SHA256.digest(root.derEncoded))]
    }

    /// Whether `oid` is an EV policy (`SecPolicyIsEVPolicy`).
    func isEVPolicy(_ oid: OID) -> Bool { policies.contains(oid) }
}
