/// `SecPolicyCreateRevocation`'s flags (`kSecRevocation…`, SECTRUST.md §16.4): how a revocation
/// policy asks for revocation to be checked.
///
/// Every method value acts alike: trustd checks OCSP whichever is named (`SecRVCShouldCheckOCSP`),
/// so CRL-only means OCSP too, and no current trustd reads or fetches CRLs.
public struct RevocationFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    /// Makes flags from Apple's bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `kSecRevocationOCSPMethod` (bit 0).
    public static let ocspMethod = RevocationFlags(rawValue: 1 << 0)
    /// `kSecRevocationCRLMethod` (bit 1).
    public static let crlMethod = RevocationFlags(rawValue: 1 << 1)
    /// `kSecRevocationPreferCRL` (bit 2): writes nothing.
    public static let preferCRL = RevocationFlags(rawValue: 1 << 2)
    /// `kSecRevocationRequirePositiveResponse` (bit 3): a certificate without an accepted good or
    /// revoked answer fails (`RevocationResponseRequired`).
    public static let requirePositiveResponse = RevocationFlags(rawValue: 1 << 3)
    /// `kSecRevocationNetworkAccessDisabled` (bit 4): the policy turns the network off
    /// (`NoNetworkAccess = true`); without it the policy turns it on, when last (§16.1).
    public static let networkAccessDisabled = RevocationFlags(rawValue: 1 << 4)
    /// `kSecRevocationOnlineCheck` (bit 5, private): cached answers older than 300 s are not used.
    public static let onlineCheck = RevocationFlags(rawValue: 1 << 5)
    /// `kSecRevocationCheckIfTrusted` (bit 6, private): fetch only for a chain otherwise trusted.
    public static let checkIfTrusted = RevocationFlags(rawValue: 1 << 6)
    /// `kSecRevocationUseAnyAvailableMethod`: OCSP and CRL.
    public static let useAnyAvailableMethod: RevocationFlags = [.ocspMethod, .crlMethod]

    /// Every bit Apple defines: a flag above bit 6 makes `SecPolicyCreateRevocation` return NULL.
    public static let all = RevocationFlags(rawValue: (1 << 7) - 1)

    /// Flags `SecPolicyCreateRevocation` accepts: non-zero and no bit above 6, else `nil`.
    public init?(validating rawValue: UInt32) {
        guard rawValue != 0, rawValue & ~Self.all.rawValue == 0 else { return nil }
        self.init(rawValue: rawValue)
    }

    /// Apple's flags by the names `vouch verify --revocation` takes (`ocsp`, `crl`, `any`,
    /// `prefer-crl`, `require-positive-response`, `network-access-disabled`, `check-if-trusted`,
    /// `online-check`), in that order.
    public static let names: [(name: String, flags: RevocationFlags)] = [
        ("ocsp", .ocspMethod), ("crl", .crlMethod), ("any", .useAnyAvailableMethod), ("prefer-crl", .preferCRL),
        ("require-positive-response", .requirePositiveResponse), ("network-access-disabled", .networkAccessDisabled),
        ("check-if-trusted", .checkIfTrusted), ("online-check", .onlineCheck),
    ]
}
