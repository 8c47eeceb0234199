import VouchCrypto
import VouchX509

/// Apple's trust store as apple-oss-distributions/security_certificates ships it at one tag
/// (SECTRUST.md §17), compiled into Vouch: the system roots, the constrained-anchor table, the EV
/// roots and the certificates Apple removed, with the store's version.
///
/// ``embedded`` is the snapshot `scripts/generate-apple-trust-store` made (its ``tag`` and
/// ``versionNumber`` say which); nothing is read from the host. ``SystemTrustStore/apple`` is a
/// system store made of its ``systemRoots``, and its log list judges Certificate Transparency
/// (``certificateTransparencyLogs``). The evaluation reads the EV roots under that store
/// (``TrustEvaluation/isExtendedValidation``). The constrained-anchor table adds no anchor to
/// BasicX509 or SSL (``permittedAnchorRecords(for:policy:)``); the removed certificates and the
/// pinning database (``pinningDatabase``, decoded apart, on its first use) are facts for
/// embedders and the command line, not read by the evaluation yet.
public struct AppleTrustStoreSnapshot: Sendable {
    /// The snapshot compiled into Vouch, decoded on first use (once, thread-safely: a Swift
    /// global) and shared.
    public static let embedded = decodeEmbeddedTable()

    /// Where the snapshot came from: the repository, the tag and its commit.
    public let source: String
    /// The security_certificates tag, `security_certificates-55349.0.11` for example.
    public let tag: String
    /// The commit of ``tag`` (hex).
    public let commit: String
    /// The trust store's version, config/AssetVersion.plist's VersionNumber: what
    /// `SecTrustGetTrustStoreVersionNumber` answers on a Mac with this store (2025072000 at
    /// 55349.0.11, `TRUST_STORE_VERSION`).
    public let versionNumber: Int
    /// config/AssetVersion.plist's MobileAssetContentVersion.
    public let mobileAssetContentVersion: Int
    /// config/AssetVersion.plist's PKITrustStoreAssetsVersion (`1.2.2` at 55349.0.11).
    public let assetsVersion: String
    /// The system anchors, certificates/roots in file-name order (SECTRUST.md §17.2): anchors
    /// for every policy.
    public let systemRoots: [Certificate]
    /// The constrained-anchor table (Anchors.plist, SECTRUST.md §17.3): a `system` record for each
    /// of ``systemRoots``, then a `platform` record for each file of certificates/platform and a
    /// `custom` record for each of certificates/custom, each group in file-name order, each with
    /// the policy OIDs constraints.json gives its certificate for its kind.
    public let anchorRecords: [AnchorRecord]
    /// The EV roots of EVRoots.json's `EV_config` with their EV policy OIDs (SECTRUST.md §17.4), in
    /// the file's order.
    public let evRoots: [EVRoot]
    /// The certificates of certificates/removed and its subfolders, by path.
    public let removedCertificates: [RemovedCertificate]
    /// Lines of the embedded table that did not decode (none in a table the script wrote; the
    /// tests hold it to that). A line that does not decode is left out, never trusted.
    public let problems: [String]
    /// The index in ``removedCertificates`` of each SHA-256.
    let removedBySHA256: [[UInt8]: Int]
    /// The index in ``evRoots`` of each SHA-256.
    let evRootsBySHA256: [[UInt8]: Int]

    /// The records of one kind, in table order: 156 `system`, 11 `platform`, 121 `custom` at
    /// 55349.0.11.
    public func anchorRecords(of kind: AnchorRecord.Kind) -> [AnchorRecord] {
        anchorRecords.filter { $0.kind == kind }
    }

    /// The records of `certificate` (same SHA-256), of every kind, in table order.
    public func anchorRecords(for certificate: Certificate) -> [AnchorRecord] {
        let digest = Array(SHA256.digest(certificate.derEncoded))
        return anchorRecords.filter { $0.sha256 == digest }
    }

    /// The records whose kind lists policy OIDs for their certificate: the anchors that count only
    /// for those policies in the constrained-anchor source (31 at 55349.0.11: 11 `system`, 10
    /// `platform`, 10 `custom`).
    public var constrainedAnchorRecords: [AnchorRecord] {
        anchorRecords.filter { !$0.policies.isEmpty }
    }

    /// The EV policy OIDs of every EV root (33 distinct at 55349.0.11), each once, in first-seen
    /// order.
    public var evPolicies: [String] {
        var seen: Set<String> = []
        return evRoots.flatMap(\.policies).filter { seen.insert($0).inserted }
    }

    /// What Apple's store says of `certificate` if Apple removed it: the removed certificate with
    /// the same SHA-256, or `nil`.
    public func removal(of certificate: Certificate) -> RemovedCertificate? {
        removedBySHA256[Array(SHA256.digest(certificate.derEncoded))].map { removedCertificates[$0] }
    }

    /// The EV root `certificate` is (same SHA-256), or `nil`.
    public func evRoot(for certificate: Certificate) -> EVRoot? {
        evRootsBySHA256[Array(SHA256.digest(certificate.derEncoded))].map { evRoots[$0] }
    }
}
