import VouchCrypto
import VouchDER
import VouchX509

/// A `sha256/` public-key pin (AFSECURITYPOLICY.md §4): the SHA-256 of a SubjectPublicKeyInfo DER,
/// written `sha256/<base64>`, as OkHttp, TrustKit and `vouch pin` write it.
///
/// The hash covers the SPKI bytes as encoded in the certificate (unlike ``SecurityPolicy``'s key
/// equality, which compares key material), so it equals
/// `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`
/// for every certificate whose SPKI is DER.
public struct SPKIPin: Hashable, Sendable, CustomStringConvertible {
    /// The text prefix of a pin.
    public static let prefix = "sha256/"

    /// The 32-byte SHA-256 digest.
    public let digest: [UInt8]

    /// The pin of a SubjectPublicKeyInfo.
    public init(_ spki: SubjectPublicKeyInfo) {
        digest = HashAlgorithm.sha256.digest(spki.encoded)
    }

    /// The pin of a certificate's SubjectPublicKeyInfo.
    public init(_ certificate: Certificate) {
        self.init(certificate.subjectPublicKeyInfo)
    }

    /// A pin from a 32-byte digest; `nil` for any other length.
    public init?(digest: [UInt8]) {
        guard digest.count == SHA256.digestLength else { return nil }
        self.digest = digest
    }

    /// Parses `sha256/<base64>` (or the bare base64, as TrustKit configurations write it); `nil`
    /// unless it decodes to 32 bytes.
    public init?(_ text: String) {
        let body = text.hasPrefix(Self.prefix) ? String(text.dropFirst(Self.prefix.count)) : text
        guard let digest = Base64.decode(body) else { return nil }
        self.init(digest: digest)
    }

    /// The base64 of the digest (what the openssl pipeline prints).
    public var base64: String { Base64.encode(digest) }

    /// `sha256/<base64>`.
    public var description: String { Self.prefix + base64 }
}
