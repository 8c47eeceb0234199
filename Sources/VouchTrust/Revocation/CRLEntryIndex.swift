import VouchDER
import VouchX509

/// The entries of one CRL by serial number, built once per CRL and evaluation so that a lookup
/// costs one hash instead of a scan of the list.
struct CRLEntryIndex {
    /// One listing: the issuer of the listed certificate (normalised) and the reason, if given.
    struct Listing {
        let issuer: [UInt8]
        let reason: CRLReason?
    }

    private var listings: [[UInt8]: [Listing]] = [:]

    /// Indexes `crl`. In an indirect CRL an entry's issuer is the last certificateIssuer seen
    /// (the CRL issuer before any), RFC 5280 §5.3.3; in any other CRL it is the CRL issuer.
    init(_ crl: CertificateRevocationList, normalizedIssuer: [UInt8]) {
        let isIndirect = crl.issuingDistributionPoint?.indirectCRL == true
        var current = normalizedIssuer
        listings.reserveCapacity(crl.revokedCertificates.count)
        for entry in crl.revokedCertificates {
            if isIndirect, let names = entry.certificateIssuer {
                let directory = names.compactMap { (name) -> DistinguishedName? in
                    if case .directoryName(let directory) = name { return directory } else { return nil }
                }
                // An issuer named only by other forms cannot be any certificate's issuer Name.
                current = directory.first?.appleNormalizedEncoding ?? []
            }
            listings[Self.canonicalSerial(entry.serialNumber), default: []]
                .append(Listing(issuer: current, reason: entry.reason))
        }
    }

    /// The listing of the certificate with `serial` issued by `issuer`, if any.
    func listing(serial: ArraySlice<UInt8>, issuer: [UInt8]) -> Listing? {
        listings[Self.canonicalSerial(serial)]?.first { $0.issuer == issuer }
    }

    /// A serial's octets without redundant sign octets, so that a certificate's serial (which
    /// Apple does not require to be minimal) meets the CRL's minimal INTEGER.
    static func canonicalSerial(_ serial: ArraySlice<UInt8>) -> [UInt8] {
        var octets = serial
        while octets.count > 1, let first = octets.first {
            let second = octets[octets.startIndex + 1]
            guard (first == 0x00 && second & 0x80 == 0) || (first == 0xFF && second & 0x80 != 0) else { break }
            octets = octets.dropFirst()
        }
        return Array(octets)
    }
}
