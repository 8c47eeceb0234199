import VouchDER

/// A trust policy, as Apple's `SecPolicyCreate…` functions make them (SECTRUST.md §4, §18): which
/// policy it is, the name it goes by, and its options, the checks it adds to the evaluation.
///
/// Apple's policy is an OID, a name and a dictionary of options, each option a check of
/// `SecPolicyChecks.list`; every constructor writes its own row of options, and trustd runs the
/// check of each key it finds. Vouch keeps the same shape with typed options
/// (``TrustPolicyOptions``): a policy is a value, and a new policy is a new row of options, not a
/// new branch in the path builder or the judge.
///
/// ```swift
/// let tls = TrustPolicy.ssl(server: true, hostname: "example.com")
/// let receipt = TrustPolicy.macAppStoreReceipt
/// var pinned = TrustPolicy.ssl(server: true, hostname: "example.com")
/// pinned.options.leafSPKISHA256 = [pin]   // SecPolicySetSHA256Pins
/// ```
public struct TrustPolicy: Hashable, Sendable {
    /// Which of Apple's policies this is.
    public let identifier: Identifier
    /// The policy's name: Apple's `kSecPolicyName…` for its identifier unless renamed
    /// (`kSecPolicyPolicyName`, `SecTrustSetPinningPolicyName`). Pinning (SECTRUST.md §17.5) and
    /// trust settings (§15.3.3) select policies by it.
    public var name: String
    /// The checks and settings the policy carries.
    public var options: TrustPolicyOptions

    /// A policy of `identifier` with `options`, named as Apple names it.
    public init(_ identifier: Identifier, options: TrustPolicyOptions) {
        self.identifier = identifier
        self.name = identifier.appleName
        self.options = options
    }

    /// Whether the two policies are the same policy with the same options.
    public static func == (lhs: TrustPolicy, rhs: TrustPolicy) -> Bool {
        lhs.identifier == rhs.identifier && lhs.name == rhs.name && lhs.options == rhs.options
    }

    /// Hashes the identifier, name and hostname (equal policies hash alike).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(name)
        hasher.combine(options.hostname)
    }

    /// Apple's policies, by their identifier (`kSecPolicyApple…`, 1.2.840.113635.100.1.N in
    /// `SecPolicy.list`), plus the Apple Pay payment-token rules Apple documents but SecPolicy
    /// does not name.
    public enum Identifier: String, Hashable, Sendable, CaseIterable {
        /// `kSecPolicyAppleX509Basic`, 1.2.840.113635.100.1.2.
        case basicX509
        /// `kSecPolicyAppleSSLServer`, 1.2.840.113635.100.1.3.1.
        case sslServer
        /// `kSecPolicyAppleSSLClient`, 1.2.840.113635.100.1.3.2.
        case sslClient
        /// `kSecPolicyAppleSMIME`, 1.2.840.113635.100.1.8.
        case smime
        /// `kSecPolicyAppleEAPServer`, 1.2.840.113635.100.1.9.1.
        case eapServer
        /// `kSecPolicyAppleEAPClient`, 1.2.840.113635.100.1.9.2.
        case eapClient
        /// `kSecPolicyAppleIPSecServer`, 1.2.840.113635.100.1.11.1.
        case ipsecServer
        /// `kSecPolicyAppleIPSecClient`, 1.2.840.113635.100.1.11.2.
        case ipsecClient
        /// `kSecPolicyAppleCodeSigning`, 1.2.840.113635.100.1.16.
        case codeSigning
        /// `kSecPolicyAppleIDValidation`, 1.2.840.113635.100.1.18 (the policy Apple makes for it
        /// carries `kSecPolicyAppleIDAuthority`, .61).
        case appleIDValidation
        /// `kSecPolicyMacAppStoreReceipt`, 1.2.840.113635.100.1.19: also what StoreKit 2 and the
        /// App Store Server API's signed data (JWS `x5c`) chain to.
        case macAppStoreReceipt
        /// `kSecPolicyAppleTimeStamping`, 1.2.840.113635.100.1.20.
        case timeStamping
        /// `kSecPolicyAppleRevocation`, 1.2.840.113635.100.1.21.
        case revocation
        /// `kSecPolicyApplePassbookSigning`, 1.2.840.113635.100.1.22.
        case passbookSigning
        /// `kSecPolicyApplePayIssuerEncryption`, 1.2.840.113635.100.1.39.
        case applePayIssuerEncryption
        /// `kSecPolicyAppleOCSPSigner`, 1.2.840.113635.100.1.66.
        case ocspSigner
        /// Vouch's own: the chain rules Apple documents for Apple Pay payment tokens ("Payment
        /// token format reference": leaf marker 1.2.840.113635.100.6.29, intermediate marker
        /// 1.2.840.113635.100.6.2.14, Apple Root CA - G3). No SecPolicy names it.
        case applePayPaymentToken

        /// The policy's OID (`kSecPolicyApple…`); `nil` for ``applePayPaymentToken``, which has
        /// none.
        public var oid: OID? {
            let arc: String
            switch self {
            case .basicX509: arc = "2"
            case .sslServer: arc = "3.1"
            case .sslClient: arc = "3.2"
            case .smime: arc = "8"
            case .eapServer: arc = "9.1"
            case .eapClient: arc = "9.2"
            case .ipsecServer: arc = "11.1"
            case .ipsecClient: arc = "11.2"
            case .codeSigning: arc = "16"
            case .appleIDValidation: arc = "61"
            case .macAppStoreReceipt: arc = "19"
            case .timeStamping: arc = "20"
            case .revocation: arc = "21"
            case .passbookSigning: arc = "22"
            case .applePayIssuerEncryption: arc = "39"
            case .ocspSigner: arc = "66"
            case .applePayPaymentToken: return nil
            }
            return OID(dotted: "1.2.840.113635.100.1." + arc)
        }

        /// Apple's name for the policy (`kSecPolicyName…`, the name column of `SecPolicy.list`).
        public var appleName: String {
            switch self {
            case .basicX509: return "basicX509"
            case .sslServer: return "sslServer"
            case .sslClient: return "sslClient"
            case .smime: return "SMIME"
            case .eapServer: return "eapServer"
            case .eapClient: return "eapClient"
            case .ipsecServer: return "ipsecServer"
            case .ipsecClient: return "ipsecClient"
            case .codeSigning: return "CodeSigning"
            case .appleIDValidation: return "AppleIDAuthority"
            case .macAppStoreReceipt: return "MacAppStoreReceipt"
            case .timeStamping: return "AppleTimeStamping"
            case .revocation: return "revocation"
            case .passbookSigning: return "ApplePassbook"
            case .applePayIssuerEncryption: return "ApplePayIssuerEncryption"
            case .ocspSigner: return "OCSPSigner"
            case .applePayPaymentToken: return "ApplePayPaymentToken"
            }
        }
    }

    /// `SecPolicyCreateBasicX509()`: structure, validity, weak keys and hashes; no hostname, no EKU.
    public static let basicX509: TrustPolicy = {
        var options = TrustPolicyOptions.basicX509
        options.noNetworkAccess = true
        return TrustPolicy(.basicX509, options: options)
    }()

    /// `SecPolicyCreateSSL(server, hostname)`: BasicX509 plus hostname (when given), EKU and the
    /// server-only rules (key sizes, SHA-1 ban, validity-period maximums) when `server` is true.
    public static func ssl(server: Bool, hostname: String?) -> TrustPolicy {
        var options = TrustPolicyOptions.basicX509
        options.hostname = hostname
        return TrustPolicy(server ? .sslServer : .sslClient, options: options)
    }

    /// `SecPolicyCreateRevocation(flags)`: no checks of its own; it asks for revocation checking
    /// (OCSP, fetched when the network is on), may require a positive answer, and turns the
    /// network on or off when it is the last policy to say (SECTRUST.md §16.1, §16.4).
    public static func revocation(_ flags: RevocationFlags) -> TrustPolicy {
        var options = TrustPolicyOptions()
        options.revocationFlags = flags
        options.noNetworkAccess = flags.contains(.networkAccessDisabled)
        return TrustPolicy(.revocation, options: options)
    }

    /// The hostname the policy checks, if any (`SSLHostname`).
    public var hostname: String? { options.hostname }

    /// Whether this is the SSL server policy.
    public var isSSLServer: Bool { identifier == .sslServer }

    /// Whether this is the SSL client policy.
    public var isSSLClient: Bool { identifier == .sslClient }

    /// Whether this is one of the SSL policies.
    public var isSSL: Bool { identifier == .sslServer || identifier == .sslClient }

    /// The policy's own `NoNetworkAccess` option as Apple's constructor writes it (SECTRUST.md
    /// §16.1): `true` for BasicX509 and EAP, absent (`nil`) for SSL, the flag's value for
    /// Revocation.
    var noNetworkAccessDefault: Bool? { options.noNetworkAccess }

    /// The revocation policy's flags, if this is one.
    var revocationFlags: RevocationFlags? { options.revocationFlags }
}
