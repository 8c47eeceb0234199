import VouchX509

extension AppleTrustStoreSnapshot {
    /// One record of Apple's constrained-anchor table (`buildAnchorTable` of CertificateTool,
    /// read by trustd's SecAnchorCache.m; SECTRUST.md §17.3): a certificate, the kind of anchor it
    /// is there, and the policies constraints.json limits it to.
    public struct AnchorRecord: Sendable {
        /// The anchor types trustd knows (its test types are not Apple's and are left out).
        public enum Kind: String, Sendable, CaseIterable {
            /// A certificate of certificates/roots.
            case system
            /// A certificate of certificates/platform (the Apple Platform roots).
            case platform
            /// A certificate of certificates/custom.
            case custom
        }

        /// Which list of the table the record is in.
        public let kind: Kind
        /// The anchor.
        public let certificate: Certificate
        /// The SHA-256 of the certificate's DER (the record's `sha2`).
        public let sha256: [UInt8]
        /// The policy OIDs constraints.json gives the certificate for ``kind``, exactly as the file
        /// writes them (trustd compares these strings with a policy's OID string, so one with a
        /// stray space matches no policy), or none. trustd permits a `system` or `platform` record
        /// for a policy when this is empty or holds the policy's OID, a `custom` record only when
        /// it holds it.
        public let policies: [String]
    }

    /// A root of EVRoots.json's `EV_config` (SECTRUST.md §17.4). trustd's EV map also lists every
    /// EV root under the CA/Browser Forum's `2.23.140.1.1`, which each root's list names here too.
    public struct EVRoot: Sendable {
        /// The root (every EV root is one of ``AppleTrustStoreSnapshot/systemRoots``).
        public let certificate: Certificate
        /// The SHA-256 of the root's DER.
        public let sha256: [UInt8]
        /// The EV policy OIDs of the root, as the file writes them.
        public let policies: [String]
    }

    /// A certificate of certificates/removed: one Apple trusted once and took out of its store (or
    /// an intermediate, a reissued or an invalid one it keeps there for history). Only its SHA-256,
    /// folder and subject are embedded, not its DER.
    public struct RemovedCertificate: Sendable {
        /// The SHA-256 of the certificate's DER.
        public let sha256: [UInt8]
        /// The folder under certificates/ that holds it: `removed`, `removed/intermediates`,
        /// `removed/reissued` or `removed/invalid` at 55349.0.11.
        public let folder: String
        /// The certificate's subject as RFC 4514 text (as `DistinguishedName.rfc4514` writes it).
        public let subject: String
    }
}
