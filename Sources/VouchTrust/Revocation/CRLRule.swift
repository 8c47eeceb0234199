import VouchDER
import VouchX509

/// The strict profile's rules for using a supplied CRL (RFC 5280 §5 with CA/B BR 7.2), each named
/// by its row of docs/STRICT.md. A CRL that breaks one is not used: it proves neither good
/// standing nor revocation, so with ``ValidationProfile/requiresLeafRevocationStatus`` a leaf
/// that only it would decide fails ``TrustCheck/revocationResponseRequired``.
///
/// Criticality rules are enforced by ``ValidationProfile/checksExtensionCriticality`` (one table
/// for CRL and CRL entry extensions, ``CRLExtensionCriticality``), the others by
/// ``ValidationProfile/requiresConformingCRLs``. Apple's profile turns both off, so it checks none
/// of them. The rules Apple applies too (a complete CRL, no unknown critical extension, inner and
/// outer signature OIDs alike, already issued) stay in ``RevocationChecker``.
enum CRLRule: String, CaseIterable, Sendable {
    // Criticality: RFC 5280 §5.2, §5.3 and BR 7.2.2, checked through ``CRLExtensionCriticality``.

    /// BR 7.2.2: `authorityKeyIdentifier` Critical "N" (RFC 5280 §5.2.1 takes §4.2.1.1's syntax,
    /// "Conforming CAs MUST mark this extension as non-critical").
    case authorityKeyIdentifierNonCritical = "cabf-7.2.2-crl-aki-noncritical"
    /// RFC 5280 §5.2.3: cRLNumber "… and MUST mark this extension as non-critical."
    case crlNumberNonCritical = "5280-5.2.3-crl-number-noncritical"
    /// RFC 5280 §5.2.5: "The issuing distribution point is a critical CRL extension" (BR 7.2.2:
    /// Critical "Y").
    case issuingDistributionPointCritical = "5280-5.2.5-idp-critical"
    /// RFC 5280 §5.2.6: freshestCRL: "Conforming CRL issuers MUST mark this extension as non-critical."
    case freshestCRLNonCritical = "5280-5.2.6-freshest-noncritical"
    /// RFC 5280 §5.2.7: authorityInfoAccess: "This CRL extension MUST be marked as non-critical."
    case authorityInformationAccessNonCritical = "5280-5.2.7-crl-aia-noncritical"
    /// RFC 5280 §5.3.1: "The reasonCode is a non-critical CRL entry extension" (BR 7.2.2: "MUST
    /// NOT be marked critical").
    case reasonCodeNonCritical = "5280-5.3.1-reason-code-noncritical"
    /// RFC 5280 §5.3.2: "The invalidity date is a non-critical CRL entry extension".
    case invalidityDateNonCritical = "5280-5.3.2-invalidity-date-noncritical"
    /// RFC 5280 §5.3.3: "CRL issuers MUST mark this extension as critical since an implementation
    /// that ignored this extension could not correctly attribute CRL entries to certificates."
    case certificateIssuerCritical = "5280-5.3.3-certificate-issuer-critical"

    // Conformance: what RFC 5280 §5 requires a CRL to carry.

    /// RFC 5280 §5.1.1.2: signatureAlgorithm "MUST contain the same algorithm identifier as the
    /// signature field in the sequence tbsCertList", parameters included (BR 7.2: "Encoded value
    /// MUST be byte-for-byte identical to the `tbsCertList.signature`"). Differing OIDs are
    /// Apple's rule too (the signature is not checked).
    case signatureParametersMatch = "5280-5.1.1.2-crl-signature-parameters-match"
    /// RFC 5280 §5.1.2.5: "Conforming CRL issuers MUST include the nextUpdate field in all CRLs."
    case nextUpdatePresent = "5280-5.1.2.5-next-update"
    /// RFC 5280 §5.2.1: "Conforming CRL issuers MUST use the key identifier method, and MUST
    /// include this extension in all CRLs issued": an authorityKeyIdentifier with a keyIdentifier.
    case authorityKeyIdentifierPresent = "5280-5.2.1-crl-aki"
    /// RFC 5280 §5.2.3: "CRL issuers conforming to this profile MUST include this extension in all CRLs".
    case crlNumberPresent = "5280-5.2.3-crl-number"
    /// RFC 5280 §5.2.3: "Conforming CRL issuers MUST NOT use CRLNumber values longer than 20
    /// octets." A leading zero octet that keeps the value positive is not counted (the reader
    /// already refuses more than 21 content octets).
    case crlNumberLength = "5280-5.2.3-crl-number-length"
    /// RFC 5280 §5.3.1: "The removeFromCRL (8) reasonCode value may only appear in delta CRLs";
    /// delta CRLs are never used, so a CRL that is used has no such entry.
    case removeFromCRLOnlyInDeltas = "5280-5.3.1-remove-from-crl"

    /// The row of docs/STRICT.md the rule enforces.
    var id: String { rawValue }

    /// Whether the rule is a row of the criticality table (``CRLExtensionCriticality``).
    var isCriticality: Bool { CRLExtensionCriticality.table.contains { $0.rule == self } }

    /// Whether `profile` enforces the rule.
    func isEnforced(by profile: ValidationProfile) -> Bool {
        isCriticality ? profile.checksExtensionCriticality : profile.requiresConformingCRLs
    }

    /// Whether `crl` keeps the rule.
    func isKept(by crl: CertificateRevocationList) -> Bool {
        switch self {
        case .authorityKeyIdentifierNonCritical, .crlNumberNonCritical, .issuingDistributionPointCritical,
            .freshestCRLNonCritical, .authorityInformationAccessNonCritical, .reasonCodeNonCritical,
            .invalidityDateNonCritical, .certificateIssuerCritical:
            return CRLExtensionCriticality.table.allSatisfy { $0.rule != self || $0.isKept(by: crl) }
        case .signatureParametersMatch:
            return crl.signatureAlgorithm.encoded.elementsEqual(crl.tbsSignatureAlgorithm.encoded)
        case .nextUpdatePresent:
            return crl.nextUpdate != nil
        case .authorityKeyIdentifierPresent:
            return crl.authorityKeyIdentifier?.keyIdentifier != nil
        case .crlNumberPresent:
            return crl.crlNumber != nil
        case .crlNumberLength:
            return crl.crlNumber.map { Self.significantOctets($0.content) <= Self.maximumCRLNumberOctets } ?? true
        case .removeFromCRLOnlyInDeltas:
            return crl.isDelta || !crl.revokedCertificates.contains { $0.reason == .removeFromCRL }
        }
    }

    /// The rules `profile` enforces that `crl` breaks, in declaration order: empty when the
    /// strict profile's rules allow using it (and always under Apple's profile).
    static func broken(by crl: CertificateRevocationList, under profile: ValidationProfile) -> [CRLRule] {
        guard profile.checksExtensionCriticality || profile.requiresConformingCRLs else { return [] }
        return allCases.filter { $0.isEnforced(by: profile) && !$0.isKept(by: crl) }
    }

    /// RFC 5280 §5.2.3: "Conforming CRL issuers MUST NOT use CRLNumber values longer than 20
    /// octets" (webpki counts them without the sign octet too).
    static let maximumCRLNumberOctets = 20

    /// A non-negative INTEGER's length without the zero octet that only keeps it positive.
    static func significantOctets(_ content: ArraySlice<UInt8>) -> Int {
        content.count > 1 && content.first == 0 ? content.count - 1 : content.count
    }
}
