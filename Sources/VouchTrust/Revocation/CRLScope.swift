import VouchDER
import VouchX509

/// Whether a CRL covers a certificate for one of its distribution points (RFC 5280 §6.3.3 (b)),
/// and the reasons it covers then (§6.3.3 (d)).
enum CRLScope {
    /// A distribution point of a certificate, or the implicit one of a certificate without
    /// cRLDistributionPoints: issued by the certificate's issuer, for all reasons.
    struct Point {
        let names: [GeneralName]?
        let reasons: ReasonFlags
        let crlIssuers: [DistinguishedName]?

        init(_ point: CRLDistributionPoints.DistributionPoint, of certificate: Certificate) {
            let issuers = point.crlIssuer?.compactMap { (name) -> DistinguishedName? in
                if case .directoryName(let directory) = name { return directory } else { return nil }
            }
            crlIssuers = issuers
            reasons = point.reasons.map { ReasonFlags($0) } ?? .allReasons
            if let full = point.fullName {
                names = full
            } else if let relative = point.nameRelativeToCRLIssuer {
                // Relative to the cRLIssuer if present, else to the certificate's issuer (§4.2.1.13).
                names = DistributionPointName.nameRelativeToCRLIssuer(relative)
                    .names(relativeTo: issuers?.first ?? certificate.issuer)
            } else {
                names = nil
            }
        }

        init(implicitFor certificate: Certificate) {
            names = nil
            reasons = .allReasons
            crlIssuers = nil
        }
    }

    /// The points to check for `certificate`: its cRLDistributionPoints, or the implicit one.
    static func points(of certificate: Certificate) -> [Point] {
        guard let points = certificate.crlDistributionPoints?.points, !points.isEmpty else {
            return [Point(implicitFor: certificate)]
        }
        return points.map { Point($0, of: certificate) }
    }

    /// The reasons `crl` covers for `certificate` through `point`, or `nil` when it is out of
    /// scope: wrong issuer, an indirect point without an indirect CRL, distribution point names
    /// that do not meet, or an `onlyContains…` restriction that excludes the certificate.
    static func coveredReasons(by crl: CertificateRevocationList, crlIssuer: [UInt8], for certificate: Certificate,
                               issuer: [UInt8], through point: Point) -> ReasonFlags? {
        let idp = crl.issuingDistributionPoint
        if let issuers = point.crlIssuers {
            // (b)(1): the CRL issuer is one of the point's cRLIssuer names, and the CRL is indirect.
            guard issuers.contains(where: { $0.appleNormalizedEncoding == crlIssuer }), idp?.indirectCRL == true else { return nil }
        } else if crlIssuer != issuer {
            return nil
        }
        guard let idp else { return point.reasons }
        if let name = idp.distributionPoint {
            // (b)(2)(i): a name of the IDP meets a name of the point, or of its cRLIssuer.
            let idpNames = name.names(relativeTo: crl.issuer)
            let pointNames = point.names ?? (point.crlIssuers ?? [certificate.issuer]).map { GeneralName.directoryName($0) }
            guard idpNames.contains(where: { idpName in pointNames.contains { matches(idpName, $0) } }) else { return nil }
        }
        let isCA = certificate.basicConstraints?.isCertificateAuthority == true
        if idp.onlyContainsUserCerts && isCA { return nil }  // (b)(2)(ii)
        if idp.onlyContainsCACerts && !isCA { return nil }  // (b)(2)(iii)
        if idp.onlyContainsAttributeCerts { return nil }  // (b)(2)(iv)
        return point.reasons.intersection(idp.onlySomeReasons ?? .allReasons)
    }

    /// Whether two general names are the same: directory names as Apple normalises them,
    /// the other forms byte for byte.
    static func matches(_ lhs: GeneralName, _ rhs: GeneralName) -> Bool {
        switch (lhs, rhs) {
        case (.directoryName(let a), .directoryName(let b)): return a.appleNormalizedEncoding == b.appleNormalizedEncoding
        case (.uniformResourceIdentifier(let a), .uniformResourceIdentifier(let b)): return a.elementsEqual(b)
        case (.dnsName(let a), .dnsName(let b)): return a.elementsEqual(b)
        case (.rfc822Name(let a), .rfc822Name(let b)): return a.elementsEqual(b)
        case (.ipAddress(let a), .ipAddress(let b)): return a.elementsEqual(b)
        case (.registeredID(let a), .registeredID(let b)): return a == b
        default: return false
        }
    }
}
