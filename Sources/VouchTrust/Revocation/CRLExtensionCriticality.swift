import VouchDER
import VouchX509

/// The criticality RFC 5280 §5.2, §5.3 and BR 7.2.2 prescribe for a CRL or CRL entry extension
/// when it is present: one table for both lists, under
/// ``ValidationProfile/checksExtensionCriticality`` like the certificates' rules. An extension the
/// table does not name may have either (issuerAltName's non-critical is a SHOULD; a critical
/// deltaCRLIndicator makes a delta CRL, never used; an unknown one is refused critical in both
/// profiles, RFC 5280 §5.2 and §5.3).
struct CRLExtensionCriticality: Sendable {
    /// Where the extension is carried.
    enum List: Sendable {
        /// crlExtensions.
        case crl
        /// Each entry's crlEntryExtensions.
        case entry
    }

    /// The row the requirement belongs to.
    let rule: CRLRule
    /// The list the extension is carried in.
    let list: List
    /// The extension.
    let oid: OID
    /// The criticality it must have.
    let isCritical: Bool

    /// Every requirement, CRL extensions first.
    static let table: [CRLExtensionCriticality] = [
        .init(rule: .authorityKeyIdentifierNonCritical, list: .crl, oid: .authorityKeyIdentifier, isCritical: false),
        .init(rule: .crlNumberNonCritical, list: .crl, oid: .cRLNumber, isCritical: false),
        .init(rule: .issuingDistributionPointCritical, list: .crl, oid: .issuingDistributionPoint, isCritical: true),
        .init(rule: .freshestCRLNonCritical, list: .crl, oid: .freshestCRL, isCritical: false),
        .init(rule: .authorityInformationAccessNonCritical, list: .crl, oid: .authorityInformationAccess, isCritical: false),
        .init(rule: .reasonCodeNonCritical, list: .entry, oid: .reasonCode, isCritical: false),
        .init(rule: .invalidityDateNonCritical, list: .entry, oid: .invalidityDate, isCritical: false),
        .init(rule: .certificateIssuerCritical, list: .entry, oid: .certificateIssuer, isCritical: true),
    ]

    /// Whether the extension, wherever `crl` carries it, has the criticality required.
    func isKept(by crl: CertificateRevocationList) -> Bool {
        switch list {
        case .crl: return crl.extensions[oid].map { $0.isCritical == isCritical } ?? true
        case .entry: return crl.revokedCertificates.allSatisfy { $0.extensions[oid].map { $0.isCritical == isCritical } ?? true }
        }
    }
}
