import VouchX509

/// The SSL policy's hostname check (SECTRUST.md §5), decided as Apple's
/// `SecPolicyCheckCertSSLHostname` decides it.
///
/// The presented identifiers are the leaf's subjectAltName entries only: the subject's common name
/// is never used, even without a SAN, and a SAN that does not parse presents nothing. The hostname
/// first meets every DNS-like dNSName (``matches(_:certificate:publicSuffixes:)`` lists the rules);
/// if none matches and the hostname reads as an IPv4 or IPv6 address, its octets meet the SAN's
/// iPAddress entries.
///
/// The SSL policy runs this check only when it was given a hostname: `SecPolicyCreateSSL(server,
/// nil)` checks no name at all (SECTRUST.md §13 #49), while an empty hostname is checked and
/// matches nothing.
public enum HostnameMatching {
    /// Whether `certificate` names `hostname`.
    ///
    /// - dNSName entries count only if they are valid UTF-8 and DNS-like: at most 255 characters,
    ///   labels of 1–63 characters from `[A-Za-z0-9*_-]`, no label starting or ending with `-`,
    ///   no empty label, a letter or `*` in the last label. One entry that is not UTF-8 discards
    ///   every dNSName, as in Apple's parser.
    /// - One trailing dot of `hostname` is ignored; an empty hostname matches nothing. Labels are
    ///   compared right to left, ASCII case-insensitively, with no IDNA conversion.
    /// - A wildcard is a leftmost label that is exactly `*`, in a name of at least three labels
    ///   whose remainder is not a public suffix; it matches one whole label. A `*` anywhere else
    ///   makes that entry match nothing.
    /// - IP addresses are read with Apple's rules (see `HostnameIPAddress`); brackets around an
    ///   IPv6 address are allowed. An iPAddress entry of a length other than 4 or 16 makes every
    ///   iPAddress entry unusable.
    ///
    /// - Parameters:
    ///   - hostname: the name the client connected to (the policy's hostname).
    ///   - certificate: the leaf certificate.
    ///   - publicSuffixes: the list that keeps `*.co.uk` from matching. `nil` lets every
    ///     wildcard through, as Apple does when its public-suffix test is unavailable; the default
    ///     is ``PublicSuffixList/current`` (the list compiled in, unless VOUCH_PUBLIC_SUFFIX_LIST names another).
    public static func matches(
        _ hostname: String,
        certificate: Certificate,
        publicSuffixes: PublicSuffixList? = PublicSuffixList.current
    ) -> Bool {
        matches(hostname, subjectAlternativeNames: certificate.subjectAlternativeNames, publicSuffixes: publicSuffixes)
    }

    /// ``matches(_:certificate:publicSuffixes:)`` on a subjectAltName already decoded.
    static func matches(
        _ hostname: String, subjectAlternativeNames: SubjectAlternativeNames?, publicSuffixes: PublicSuffixList?
    ) -> Bool {
        if let reference = DNSNameMatch.Reference(hostname),
            PresentedDNSNames.contains(in: subjectAlternativeNames, where: {
                DNSNameMatch.matches(reference, presented: $0, publicSuffixes: publicSuffixes)
            })
        {
            return true
        }
        guard let address = HostnameIPAddress.parse(hostname) else { return false }
        return HostnameIPAddress.presented(in: subjectAlternativeNames?.ipAddresses).contains {
            $0.elementsEqual(address)
        }
    }
}
