import VouchDER
import VouchX509

/// The options of a ``TrustPolicy``: Apple's policy options dictionary with a typed field per
/// key (`kSecPolicyCheck…`, `SecPolicyChecks.list`; SECTRUST.md §18.1). A field that is `nil`,
/// `false` or empty is a key the policy does not carry.
///
/// BasicX509's structural checks (BasicCert: critical and duplicate extensions, key identifiers,
/// names, weak keys and signatures) belong to every policy Vouch has and are not listed;
/// ``checksTemporalValidity`` is the one part of BasicX509Options a policy can leave out.
public struct TrustPolicyOptions: Equatable, Sendable {
    /// `TemporalValidity`: every certificate's validity holds at the verify date. Apple's
    /// BasicX509Options carry it, BasicCert alone does not (Apple Pay issuer encryption; S/MIME
    /// with `kSecIgnoreExpirationSMIMEUsage`).
    public var checksTemporalValidity = false
    /// `SSLHostname` (also IPSec's): a name the leaf must match (SECTRUST.md §5).
    public var hostname: String? = nil
    /// `KeyUsage` (leaf): any entry suffices. ``KeyUsageRequirement/absent`` admits a leaf
    /// without the extension; any other entry a leaf whose keyUsage holds all its bits. Without
    /// ``KeyUsageRequirement/absent`` in the list the extension is required.
    public var keyUsage: [KeyUsageRequirement]? = nil
    /// `ExtendedKeyUsage`: what the leaf's extKeyUsage must allow (and the intermediates', when
    /// they have one).
    public var extendedKeyUsage: ExtendedKeyUsageRequirement? = nil
    /// `LeafMarkerOid`: an extension the leaf must carry.
    public var leafMarker: ApplePinningDatabase.MarkerRequirement? = nil
    /// `IntermediateMarkerOid`: an extension some intermediate (index 1 to n−2) must carry.
    public var intermediateMarker: ApplePinningDatabase.MarkerRequirement? = nil
    /// `ChainLength`: the number of certificates the path must have, exactly.
    public var chainLength: Int? = nil
    /// `AnchorApple`: the path's top must be one of Apple's roots (`SecIsAppleTrustAnchor`).
    public var anchorApple = false
    /// `CertificatePolicy`: a policy OID some certificate of the path, anchor included, asserts.
    public var certificatePolicy: OID? = nil
    /// `IssuerCommonName`: the only commonName certificate 1 may have.
    public var issuerCommonName: String? = nil
    /// `SubjectOrganizationalUnit`: the only organizationalUnitName the leaf may have.
    public var subjectOrganizationalUnit: String? = nil
    /// `NotCA`: the leaf must not be a CA.
    public var notCA = false
    /// `Email`: an address the leaf must carry (S/MIME).
    public var email: String? = nil
    /// `EmailProtectionEKU`: a system-rooted leaf issued from 2022-04-01 needs emailProtection
    /// in an extKeyUsage (S/MIME).
    public var emailProtectionEKU = false
    /// `EAPTrustedServerNames`: names (wildcards allowed) one of the leaf's DNS names must match.
    public var eapTrustedServerNames: [String]? = nil
    /// `SystemTrustedWeakHash`: on system-anchored paths, no MD2/MD4/MD5/SHA-1 signature below
    /// the anchor (EAP server).
    public var systemTrustedWeakHash = false
    /// `SystemTrustedWeakKey`: on system-anchored paths, no RSA key under 2048 bits nor EC key
    /// under 224 below the anchor (EAP server).
    public var systemTrustedWeakKey = false
    /// `KeySize` {RSA 2048, EC 256} for every certificate (Apple's StrongKeySize; S/MIME). The
    /// SSL server policy's own key sizes are its identifier's rules.
    public var strongKeySize = false
    /// `SignatureHashAlgorithms` without MD2/MD4/MD5/SHA-1 (Apple's NoWeakHash; S/MIME).
    public var noWeakHash = false
    /// `SystemTrustValidityPeriod` for S/MIME: a system-rooted leaf issued from 2022-04-01 is
    /// valid for at most 1,185 days.
    public var smimeValidityPeriod = false
    /// `Revocation` set by the constructor (`kSecPolicyCheckRevocationAny`): the evaluation
    /// checks revocation, fetching OCSP when the network is on (S/MIME on macOS, App Store
    /// receipts).
    public var checksRevocation = false
    /// The revocation policy's flags (`SecPolicyCreateRevocation`); `nil` for other policies.
    public var revocationFlags: RevocationFlags? = nil
    /// `NoNetworkAccess`: `true` forbids fetching, `false` allows it, `nil` leaves it to the
    /// other policies (SECTRUST.md §16.1).
    public var noNetworkAccess: Bool? = nil
    /// `LeafSPKISHA256` (`SecPolicySetSHA256Pins`): SHA-256 digests of SubjectPublicKeyInfo, one
    /// of which the leaf's must be; an empty list admits no leaf.
    public var leafSPKISHA256: [[UInt8]]? = nil
    /// `CAspkiSHA256` (`SecPolicySetSHA256Pins`): SHA-256 digests of SubjectPublicKeyInfo, one of
    /// which some certificate above the leaf, anchor included, must have.
    public var caSPKISHA256: [[UInt8]]? = nil
    /// `CTRequired` (`SecPolicySetOptionsValue`): the path must be CT-qualified under the trust's
    /// log list (the caller's, or the system store's while current), whatever its root; the
    /// first policy must be SSL server, have a hostname or carry the option itself.
    public var ctRequired = false
    /// `NonTlsCTRequired` (`SecPolicySetOptionsValue`): the path must be CT-qualified under the
    /// caller's log list (``Trust/setTrustedLogs(_:)``; Apple falls back to its non-TLS log list,
    /// which Vouch does not have, so without a caller's list nothing is required, as on a Mac
    /// whose trust asset is stale).
    public var nonTlsCTRequired = false
    /// `PinningRequired` (`SecPolicySetOptionsValue`, ATS): an SSL server policy that no pinning
    /// rule replaced fails.
    public var pinningRequired = false

    /// No options at all.
    public init() {}

    /// Whether a check of these options reads whether the path's root is a system root (S/MIME's
    /// rules for system-rooted leaves). EAP's system-trusted weak hash and key read whether the
    /// system store anchored the path, which a deferred store (exclusive anchors) never does.
    var readsSystemRoot: Bool {
        email != nil || emailProtectionEKU || smimeValidityPeriod
    }

    /// Apple's BasicX509Options (`SecPolicyAddBasicX509Options`): BasicCert plus
    /// TemporalValidity.
    public static let basicX509: TrustPolicyOptions = {
        var options = TrustPolicyOptions()
        options.checksTemporalValidity = true
        return options
    }()

    /// One entry of a `KeyUsage` option (Apple's `kSecKeyUsage…` numbers).
    public enum KeyUsageRequirement: Hashable, Sendable {
        /// `kSecKeyUsageUnspecified` (0): the leaf has no keyUsage extension.
        case absent
        /// A keyUsage holding every one of these usages.
        case all(Set<KeyUsage.Usage>)

        /// A keyUsage holding `usage`.
        public static func holding(_ usage: KeyUsage.Usage) -> KeyUsageRequirement { .all([usage]) }
    }

    /// An `ExtendedKeyUsage` option: the purposes a leaf's extKeyUsage may name (any one
    /// suffices) and whether a leaf may have none.
    public struct ExtendedKeyUsageRequirement: Equatable, Sendable {
        /// The purposes, any one of which the leaf's extKeyUsage must contain
        /// (anyExtendedKeyUsage counts only if listed).
        public var purposes: [OID]
        /// Whether a leaf without extKeyUsage passes (Apple's empty entry).
        public var allowsAbsent: Bool

        /// The requirement: one of `purposes`, or no extension when `allowsAbsent`.
        public init(purposes: [OID], allowsAbsent: Bool) {
            self.purposes = purposes
            self.allowsAbsent = allowsAbsent
        }
    }
}
