import VouchCrypto
import VouchTrust
import VouchX509

/// AFNetworking's `AFSecurityPolicy` (AFSECURITYPOLICY.md §1): how a client judges the trust a
/// server presents, with optional certificate or public-key pinning.
///
/// A value type: set the properties, then call ``evaluateServerTrust(_:forDomain:)`` (or
/// ``decide(_:forDomain:)`` for the trace of the steps taken).
public struct SecurityPolicy: Sendable {
    /// What is pinned. Default ``PinningMode/none``.
    public var pinningMode: PinningMode
    /// The pinned certificates as DER blobs (identical DER collapses to one entry). Setting them
    /// recomputes ``pinnedPublicKeys``.
    public var pinnedCertificates: Set<[UInt8]> {
        didSet { pinnedPublicKeys = Self.publicKeys(of: pinnedCertificates) }
    }
    /// The public keys of ``pinnedCertificates``, read without judging the certificates; a blob
    /// that does not parse, or whose key Apple would not make (DSA…), gives none.
    public private(set) var pinnedPublicKeys: Set<PublicKey>
    /// Whether chains that fail evaluation (expired, self-signed, untrusted root…) are accepted.
    /// Default `false`.
    public var allowInvalidCertificates = false
    /// Whether the SSL policy checks the domain (`true`, the default) or BasicX509 is used.
    public var validatesDomainName = true

    /// `policyWithPinningMode:withPinnedCertificates:`.
    public init(pinningMode: PinningMode, pinnedCertificates: Set<[UInt8]>) {
        self.pinningMode = pinningMode
        self.pinnedCertificates = pinnedCertificates
        self.pinnedPublicKeys = Self.publicKeys(of: pinnedCertificates)
    }

    /// `policyWithPinningMode:`. Apple's pins every `.cer` of the app bundle; Linux has no bundle,
    /// so nothing is pinned: set ``pinnedCertificates`` (for instance from
    /// ``certificates(inDirectory:)``).
    public init(pinningMode: PinningMode) {
        self.init(pinningMode: pinningMode, pinnedCertificates: [])
    }

    /// `defaultPolicy`: no pinning, invalid certificates refused, domain name validated.
    public static var `default`: SecurityPolicy { SecurityPolicy(pinningMode: .none) }

    /// `AFPublicKeyForCertificate`: the key of each blob as a one-certificate BasicX509 trust
    /// gives it, valid or not (SECTRUST.md §8). The trust is never evaluated, so it needs no roots
    /// (and does not load the machine's).
    static func publicKeys(of blobs: Set<[UInt8]>) -> Set<PublicKey> {
        var keys: Set<PublicKey> = []
        for blob in blobs {
            guard let certificate = try? Certificate(derEncoded: blob),
                let trust = try? Trust(certificates: [certificate], systemStore: noRoots),
                let key = trust.leafPublicKey
            else { continue }
            keys.insert(key)
        }
        return keys
    }

    private static let noRoots = SystemTrustStore(certificates: [])

    /// The pinned blobs that parse as certificates, in a stable order (the anchors of step 5).
    var pinnedCertificatesParsed: [Certificate] {
        pinnedCertificates.sorted { $0.lexicographicallyPrecedes($1) }.compactMap { try? Certificate(derEncoded: $0) }
    }
}
