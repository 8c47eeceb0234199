import VouchDER

/// Why a certificate was rejected: what was wrong, in which field, and at which byte offset.
///
/// The rejections are the ones Apple's `SecCertificateCreateWithData` makes (SECTRUST.md §10):
/// malformed structures, an explicit version that is not v2 or v3, a serial of 0 or more than 37
/// octets, times in a form it does not accept, an empty extensions list, 10,000 extensions or more,
/// and a critical known extension that does not parse. Lower layers' errors are wrapped, never lost.
public struct X509Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Equatable, Sendable {
        /// The DER of the field broke a rule of VouchDER (the error says which, and where).
        case malformed(DERError.Kind)
        /// An explicitly encoded version other than 1 (v2) or 2 (v3): explicit v1 is rejected too.
        case unsupportedVersion
        /// A serial number of no octets or more than ``X509Limits/maximumSerialNumberLength``.
        case invalidSerialNumberLength
        /// An `extensions` field present but empty (RFC 5280 §4.1: SIZE (1..MAX)).
        case emptyExtensions
        /// ``X509Limits/maximumExtensionCount`` extensions or more.
        case tooManyExtensions
        /// A critical extension that Vouch knows did not decode (the DER error says why).
        case unparseableCriticalExtension(OID, DERError.Kind)
        /// A CRL whose explicit version is not 1 (v2) (RFC 5280 §5.1.2.1).
        case unsupportedCRLVersion
        /// A v1 CRL with CRL or entry extensions (RFC 5280 §5.1.2.1: they need v2).
        case extensionsRequireVersion2
        /// The same extension twice in one CRL or CRL entry extension list (RFC 5280 §4.2).
        case duplicateExtension(OID)
        /// A CRL or CRL entry extension Vouch understands whose value does not decode.
        case unparseableExtension(OID, DERError.Kind)
        /// An issuingDistributionPoint that is empty or sets more than one `onlyContains…` (RFC 5280 §5.2.5).
        case invalidIssuingDistributionPoint
        /// An OCSPResponseStatus outside RFC 6960 §4.2.1's values (4 is unused).
        case unknownOCSPResponseStatus(Int)
        /// A successful OCSP response without responseBytes, or an unsuccessful one with them
        /// (RFC 6960 §4.2.1).
        case ocspResponseBytesMismatch
        /// An OCSP responseType other than id-pkix-ocsp-basic, the only one RFC 6960 defines and
        /// the only one Apple reads.
        case unsupportedOCSPResponseType(OID)
        /// More elements in a list than its bound (the value): an OCSP response's certificates
        /// (``X509Limits/maximumOCSPResponseCertificates``) or single responses
        /// (``X509Limits/maximumOCSPSingleResponses``) or the extensions of one of its lists
        /// (``X509Limits/maximumOCSPExtensions``). The offset is the first element past it.
        case tooManyElements(maximum: Int)
        /// A CMS message that is not a certificates-only SignedData (RFC 5652 §5; Apple's
        /// `SecCMSCertificatesOnlyMessageCopyCertificates`); the field says which part:
        /// ``Field/contentInfo`` another content type, ``Field/signerInfos`` signers present,
        /// ``Field/cmsCertificates`` no certificate.
        case notCertificatesOnlyCMS
    }

    /// The part of the certificate (or CRL) the error is in; the sections are RFC 5280's.
    public enum Field: String, Sendable {
        /// The outer Certificate SEQUENCE (§4.1.1).
        case certificate
        /// The TBSCertificate SEQUENCE (§4.1.2).
        case tbsCertificate
        /// `version` (§4.1.2.1).
        case version
        /// serialNumber (§4.1.2.2).
        case serialNumber
        /// The signature AlgorithmIdentifier inside the TBSCertificate (§4.1.2.3).
        case signature
        /// issuer (§4.1.2.4).
        case issuer
        /// validity (§4.1.2.5).
        case validity
        /// subject (§4.1.2.6).
        case subject
        /// subjectPublicKeyInfo (§4.1.2.7).
        case subjectPublicKeyInfo
        /// issuerUniqueID (§4.1.2.8).
        case issuerUniqueID
        /// subjectUniqueID (§4.1.2.8).
        case subjectUniqueID
        /// The extensions list (§4.1.2.9).
        case extensions
        /// The value of one extension (§4.2).
        case extensionValue
        /// signatureAlgorithm (§4.1.1.2).
        case signatureAlgorithm
        /// signatureValue (§4.1.1.3).
        case signatureValue
        // CRL fields (RFC 5280 §5.1)
        /// The outer CertificateList SEQUENCE (§5.1.1).
        case certificateList
        /// The TBSCertList SEQUENCE (§5.1.2).
        case tbsCertList
        /// thisUpdate (§5.1.2.4).
        case thisUpdate
        /// nextUpdate (§5.1.2.5).
        case nextUpdate
        /// revokedCertificates (§5.1.2.6).
        case revokedCertificates
        /// crlExtensions (§5.1.2.7, §5.2).
        case crlExtensions
        /// crlEntryExtensions (§5.3).
        case crlEntryExtensions
        // OpenSSL's X509_CERT_AUX (crypto/x509/x_x509a.c), after the certificate in a TRUSTED CERTIFICATE block
        /// The X509_CERT_AUX SEQUENCE, or an element in it out of order, repeated or unknown.
        case trustAuxiliary
        /// `trust`: the purposes trusted.
        case trustedPurposes = "trust"
        /// `reject [0]`: the purposes rejected.
        case rejectedPurposes = "reject"
        /// `alias`: the friendly name.
        case alias
        /// `keyid`: the key identifier.
        case auxiliaryKeyIdentifier = "keyid"
        /// `other [1]`: the other algorithm identifiers.
        case auxiliaryAlgorithms = "other"
        // OCSP responses (RFC 6960 §4.2.1)
        /// The outer OCSPResponse SEQUENCE and its responseStatus.
        case ocspResponse
        /// `responseBytes [0]`: the response type and the OCTET STRING around the response.
        case responseBytes
        /// The BasicOCSPResponse SEQUENCE.
        case basicOCSPResponse
        /// tbsResponseData (ResponseData), and its version.
        case responseData
        /// responderID: byName [1] or byKey [2].
        case responderID
        /// producedAt.
        case producedAt
        /// One SingleResponse.
        case singleResponse
        /// A SingleResponse's certID.
        case certID
        /// A SingleResponse's certStatus (good, revoked or unknown).
        case certStatus
        /// responseExtensions [1].
        case responseExtensions
        /// A SingleResponse's singleExtensions [1].
        case singleExtensions
        /// `certs [0]`: the certificates that come with the response.
        case ocspCertificates = "certs"
        // CMS SignedData (RFC 5652 §3, §5.1), read for its certificates only
        /// The ContentInfo SEQUENCE, its contentType and its `content [0]`.
        case contentInfo
        /// The SignedData SEQUENCE, its version and digestAlgorithms.
        case signedData
        /// encapContentInfo (EncapsulatedContentInfo).
        case encapsulatedContentInfo = "encapContentInfo"
        /// `certificates [0]`: the CertificateChoices.
        case cmsCertificates = "certificates"
        /// `crls [1]`: the RevocationInfoChoices.
        case crls
        /// signerInfos.
        case signerInfos
    }

    /// What was wrong.
    public let kind: Kind
    /// Where in the structure.
    public let field: Field
    /// The absolute byte offset in the certificate's DER (or the trust data's, which follows it).
    public let offset: Int

    /// Creates an error.
    public init(_ kind: Kind, in field: Field, at offset: Int) {
        self.kind = kind
        self.field = field
        self.offset = offset
    }

    /// Wraps a DER error met while reading `field`.
    public init(_ error: DERError, in field: Field) {
        self.init(.malformed(error.kind), in: field, at: error.offset)
    }

    /// `offset N: field: reason`.
    public var description: String {
        let reason: String
        switch kind {
        case .malformed(let kind): reason = DERError(kind, at: offset).reason
        case .unsupportedVersion: reason = "version must be absent (v1), 1 (v2) or 2 (v3) (RFC 5280 §4.1.2.1)"
        case .invalidSerialNumberLength:
            reason = "serial number must have 1 to \(X509Limits.maximumSerialNumberLength) octets"
        case .emptyExtensions: reason = "extensions present but empty (RFC 5280 §4.1)"
        case .tooManyExtensions: reason = "\(X509Limits.maximumExtensionCount) or more extensions"
        case .unparseableCriticalExtension(let oid, let kind):
            reason = "critical extension \(oid.name ?? oid.dotted) does not parse: \(DERError(kind, at: offset).reason)"
        case .unsupportedCRLVersion: reason = "CRL version must be absent (v1) or 1 (v2) (RFC 5280 §5.1.2.1)"
        case .extensionsRequireVersion2: reason = "a CRL with extensions must be v2 (RFC 5280 §5.1.2.1)"
        case .duplicateExtension(let oid): reason = "extension \(oid.name ?? oid.dotted) appears twice (RFC 5280 §4.2)"
        case .unparseableExtension(let oid, let kind):
            reason = "extension \(oid.name ?? oid.dotted) does not parse: \(DERError(kind, at: offset).reason)"
        case .invalidIssuingDistributionPoint:
            reason = "issuingDistributionPoint empty or with more than one onlyContains flag (RFC 5280 §5.2.5)"
        case .unknownOCSPResponseStatus(let value): reason = "responseStatus \(value) is none of RFC 6960 §4.2.1's"
        case .ocspResponseBytesMismatch:
            reason = "responseBytes must be present exactly when responseStatus is successful (RFC 6960 §4.2.1)"
        case .unsupportedOCSPResponseType(let oid):
            reason = "responseType \(oid.name ?? oid.dotted) is not id-pkix-ocsp-basic (RFC 6960 §4.2.1)"
        case .tooManyElements(let maximum): reason = "more than \(maximum) elements"
        case .notCertificatesOnlyCMS: reason = "not a certificates-only CMS SignedData (RFC 5652 §5)"
        }
        return "offset \(offset): \(field.rawValue): \(reason)"
    }
}

/// The bounds VouchX509 enforces, each with the reason for its value.
public enum X509Limits {
    /// Longest serial number accepted, in content octets.
    ///
    /// RFC 5280 §4.1.2.2 allows 20; real CAs have issued longer ones, and Apple's
    /// `SecCertificateCreateWithData` accepts up to 37 (SECTRUST.md §10), so Vouch does too.
    public static let maximumSerialNumberLength = 37

    /// Fewest extensions that make a certificate unparseable.
    ///
    /// Apple rejects certificates with 10,000 extensions or more (SECTRUST.md §10); below that,
    /// duplicate detection stays cheap (it sorts when there are many).
    public static let maximumExtensionCount = 10_000

    /// Most certificates an OCSP response may carry (`certs`); a response with more is refused.
    ///
    /// A responder sends its own certificate and at most its issuer's (RFC 6960 §4.2.1: certs
    /// "help the OCSP client verify the responder's signature"); Apple parses any number. The
    /// bound keeps what a TLS peer can staple (up to 16 MB) from costing thousands of certificate
    /// parses and signature checks: a response over it costs a walk over 17 elements.
    public static let maximumOCSPResponseCertificates = 16

    /// Most single responses an OCSP response may carry; a response with more is refused.
    ///
    /// Responders answer for the one certificate asked about (RFC 5019, the profile every public
    /// CA's responder follows); RFC 6960 allows a batch, and Apple parses any number. 256 keeps
    /// the parse (with ``maximumOCSPExtensions`` each) and the search for the certificate's answer
    /// to about two milliseconds.
    public static let maximumOCSPSingleResponses = 256

    /// Most extensions in one of an OCSP response's lists (responseExtensions, or a single
    /// response's singleExtensions); a response with a longer list is refused.
    ///
    /// Responders write a nonce, a CRL reference, an archive cutoff, an SCT list: a handful
    /// (RFC 6960 §4.4; RFC 6962 §3.3); Apple parses any number. Without a bound, 16 MB of empty
    /// extensions over the single responses cost about half a second to parse (BENCHMARKS.md,
    /// "Worst cost"); with it, at most 256 × 16 are read.
    public static let maximumOCSPExtensions = 16

    /// Most CertificateChoices a certificates-only CMS message may carry (``CertificatesOnlyCMS``);
    /// a message with more is refused.
    ///
    /// A caIssuers URL serves the issuer, sometimes with its own issuers up to the root (RFC 5280
    /// §4.2.2.1): a handful. Apple parses any number, and every certificate it returns becomes a
    /// candidate parent that costs a name comparison and perhaps a signature check. 64 is well
    /// above any real chain and bounds what one fetched body (capped at 1 MiB) can cost.
    public static let maximumCMSCertificates = 64
}

/// Runs a DER step of parsing `field`, wrapping its ``DERError`` as an ``X509Error``.
func reading<T>(_ field: X509Error.Field, _ body: () throws(DERError) -> T) throws(X509Error) -> T {
    do { return try body() } catch { throw X509Error(error, in: field) }
}
