/// Which rules an evaluation applies beyond Apple's: ``apple`` (the default: SecTrust's decisions,
/// quirks included) or ``strict`` (RFC 5280 and the CA/Browser Forum Baseline Requirements as
/// x509-limbo, rustls-webpki and pyca's verifier apply them).
///
/// Each rule that differs between the profiles is one switch here, named for what it requires
/// and documented with its source; a check that fails under a switch is reported as a
/// ``TrustFailure`` of its own ``TrustCheck`` (so `--explain` names it), with a SecTrust result
/// class and error code. Apple's profile turns every switch off, so its results are SecTrust's,
/// byte for byte.
public struct ValidationProfile: Hashable, Sendable, CustomStringConvertible {
    /// RFC 5280 §4.2.1.1 and §4.2.1.2: every certificate except a self-signed anchor carries an
    /// authorityKeyIdentifier with a keyIdentifier, and every CA certificate a
    /// subjectKeyIdentifier; CA/B BR 7.1.2.1.3 and 7.1.2.11.1: an authorityKeyIdentifier holds
    /// neither authorityCertIssuer nor authorityCertSerialNumber, and a root's keyIdentifier equals
    /// its subjectKeyIdentifier. Fails ``TrustCheck/keyIdentifiers``.
    public var requiresKeyIdentifiers: Bool
    /// The criticality RFC 5280 and the BR prescribe for each extension (one table, in
    /// `StrictProfileChecks.criticalityConforms`): basicConstraints (in a CA certificate),
    /// nameConstraints, policyConstraints and inhibitAnyPolicy are critical (§4.2.1.9–§4.2.1.11,
    /// §4.2.1.14); authorityKeyIdentifier, subjectKeyIdentifier, authorityInfoAccess and
    /// subjectInfoAccess are not (§4.2.1.1, §4.2.1.2, §4.2.2); a leaf's subjectAltName is critical
    /// exactly when its subject is empty (§4.2.1.6, BR 7.1.2.7.12); extKeyUsage is not critical
    /// below the anchor (BR 7.1.2.7.6 and the subordinate CA profiles); RFC 5280 §4.2 applied to
    /// the anchor too: an unknown critical extension fails there as well. Fails
    /// ``TrustCheck/extensionCriticality``. For CRLs, RFC 5280 §5.2, §5.3 and BR 7.2.2:
    /// authorityKeyIdentifier, cRLNumber, freshestCRL, authorityInfoAccess, reasonCode and
    /// invalidityDate are not critical, issuingDistributionPoint and certificateIssuer are; a CRL
    /// breaking one is not used (so it decides no status).
    public var checksExtensionCriticality: Bool
    /// What each kind of certificate may carry: RFC 5280 §4.2.1.10: a leaf has no
    /// nameConstraints; CA/B BR 7.1.2.1.2: a root has no extKeyUsage; RFC 5280 §4.2.1.3 and
    /// §4.2.1.9: keyCertSign and a pathLenConstraint only with cA TRUE (and pathLen only with
    /// keyCertSign), keyUsage in every CA below the anchor; BR 7.1.2.10.7: no encipherment,
    /// agreement or nonRepudiation bit in an intermediate's keyUsage; BR 7.1.2.7.10–11: a server
    /// leaf that is not a CA asserts only the keyUsage bits its key type permits (and
    /// digitalSignature for an ECC key, some bit for RSA), and none of anyExtendedKeyUsage,
    /// codeSigning, emailProtection, timeStamping, OCSPSigning or Precertificate Signing. (webpki's
    /// further leaf rules, no CA leaf and a required extKeyUsage, are not taken: x509-limbo marks
    /// them as conflicting with RFC 5280.) Fails ``TrustCheck/certificateProfile``.
    public var checksCertificateProfiles: Bool
    /// RFC 5280 §4.1.2.2: serial numbers are positive and at most 20 octets long. Fails
    /// ``TrustCheck/serialNumber``.
    public var checksSerialNumbers: Bool
    /// CA/B BR 7.1.4.3's encoding rules: a leaf has at most one commonName, and one that is an IP
    /// address, an internationalised domain name, a wildcard name or a dNSName in another case is
    /// one of its SAN's values, written as BR 7.1.4.3 says (an IPv4 address in dotted decimal
    /// without leading zeros, an IPv6 address as RFC 5952 writes it, a domain name character for
    /// character as the dNSName holds it). Fails ``TrustCheck/commonName``.
    public var requiresCommonNameInSubjectAlternativeName: Bool
    /// RFC 5280 §4.2.1.6: a leaf's SAN entries are well formed: a dNSName in the preferred name
    /// syntax of RFC 1034 §3.5 (letters, digits and hyphens in each label, `*` alone as the first
    /// label), an iPAddress of 4 or 16 octets, an rfc822Name a Mailbox (`Local-part@Domain`), a
    /// URI absolute (a scheme and a scheme-specific part). Fails ``TrustCheck/dnsNameSyntax``. Also RFC 5280 §4.2.1.6's GeneralNames: a SAN entry of any
    /// certificate whose content is not a GeneralName of its form (which Apple's parser accepts,
    /// reading only the tags) fails ``TrustCheck/unparseableExtension``.
    public var requiresPreferredDNSNameSyntax: Bool
    /// CA/B BR 6.1.5: an RSA modulus is a whole number of octets (its size divisible by 8).
    /// Fails ``TrustCheck/rsaModulusLength``.
    public var requiresWholeOctetRSAModulus: Bool
    /// How a certificate is written, where RFC 5280 and the CA/B BR forbid what Apple's reader
    /// (and Vouch's, in both profiles) accepts: RFC 5280 §4.1 and X.690 §11.5, DER (no DEFAULT
    /// written out: an extension's `critical FALSE`, basicConstraints' `cA FALSE`, a subtree's
    /// `minimum 0`; a serial number without a needless leading octet); §4.1.2.1, a certificate
    /// with extensions is v3; §4.1.2.8, no issuerUniqueID or subjectUniqueID; §4.1.2.5, dates
    /// from 1950 through 2049 as UTCTime, §4.1.2.5.1–§4.1.2.5.2, times in Zulu with seconds;
    /// CA/B BR 7.1.3.1, an RSA or EC key's AlgorithmIdentifier is one of the four encodings it
    /// lists; §4.2.1.3, a keyUsage asserts some bit; §4.2.1.4, no policy twice in
    /// certificatePolicies; §4.2.1.11, policyConstraints is not empty. Fails
    /// ``TrustCheck/certificateProfile``. And §4.1.1.2 (CA/B BR 7.1.2: "byte-for-byte
    /// identical"): a certificate whose signatureAlgorithm differs from tbsCertificate.signature
    /// in its parameters is treated as not verifying, as one whose OIDs differ is in both
    /// profiles, so no issuer is found for it (``TrustCheck/missingIntermediate``).
    public var checksCertificateEncoding: Bool
    /// Defensive name constraints (RFC 5280 §4.2.1.10, CA/B BR 7.1.2.5.2): a nameConstraints
    /// extension with neither permittedSubtrees nor excludedSubtrees, or with a dNSName subtree
    /// that is not a domain name (a leading period, an empty label), an iPAddress subtree not of
    /// 8 or 32 octets, an rfc822Name subtree with two `@`, or a subtree that does not decode, is
    /// malformed and constrains every certificate below it into failure; a name that an excluded
    /// subtree cannot be compared with is excluded; a wildcard dNSName (`*.example.com`) is judged
    /// against excluded subtrees as every name it can match, so `*.example.com` falls under an
    /// excluded `bar.example.com` (the pattern of CVE-2025-61727). Fails ``TrustCheck/nameConstraints``.
    public var checksNameConstraintsDefensively: Bool
    /// RFC 5280 §4.2.1.10: a critical constraint on a name form Vouch does not compare (otherName,
    /// x400Address, ediPartyName, registeredID) matters only when a certificate below carries a
    /// name of that form; Apple fails the path as soon as such a subtree exists. Turning this on
    /// relaxes Apple's rule to the RFC's.
    public var ignoresConstraintsOnAbsentNameForms: Bool
    /// RFC 5280 §5 (with CA/B BR 7.2): a CRL is used only if it conforms: its signatureAlgorithm
    /// is byte for byte its tbsCertList.signature (§5.1.1.2), it has a nextUpdate (§5.1.2.5), an
    /// authorityKeyIdentifier with a keyIdentifier (§5.2.1), a cRLNumber (§5.2.3) of at most 20
    /// octets (§5.2.3), and, being complete, no entry with reason removeFromCRL (§5.3.1). One that
    /// does not is not used (so it proves neither good standing nor revocation).
    public var requiresConformingCRLs: Bool
    /// When CRLs are supplied, the leaf's status must be decided by them, good or revoked, as
    /// rustls-webpki and pyca decide with revocation checking on and unknown status denied; a
    /// status left undetermined (no usable CRL in scope: unsigned by an issuer allowed to sign
    /// CRLs, RFC 5280 §4.2.1.3 and §6.3.3 (f), or not conforming) fails
    /// ``TrustCheck/revocationResponseRequired`` at the leaf. Apple's CRL check is best attempt.
    public var requiresLeafRevocationStatus: Bool
    /// RFC 5280 §6.3: when a positive revocation response is required
    /// (`kSecRevocationRequirePositiveResponse`, `--require-revocation-response`), every
    /// certificate below the anchor needs one. Apple's trustd asks it of the leaf alone
    /// (`ix == 0` in `SecPVCPathCheckRevocationResponsesReceived`, SECTRUST.md §16.5).
    public var requiresEveryRevocationResponse: Bool
    /// CA/B BR 3.2.2.6 and x509-limbo's `pedantic-public-suffix-wildcard`: a wildcard dNSName
    /// does not match when the name after `*.` is a public suffix of the Public Suffix List's
    /// private section too (`*.s3.amazonaws.com`), not only of its ICANN section (Apple's).
    /// Fails ``TrustCheck/sslHostname``.
    public var usesPrivatePublicSuffixes: Bool

    /// Every switch set to `enabled`.
    public init(all enabled: Bool) {
        requiresKeyIdentifiers = enabled
        checksExtensionCriticality = enabled
        checksCertificateProfiles = enabled
        checksSerialNumbers = enabled
        requiresCommonNameInSubjectAlternativeName = enabled
        requiresPreferredDNSNameSyntax = enabled
        requiresWholeOctetRSAModulus = enabled
        checksCertificateEncoding = enabled
        checksNameConstraintsDefensively = enabled
        ignoresConstraintsOnAbsentNameForms = enabled
        requiresConformingCRLs = enabled
        requiresLeafRevocationStatus = enabled
        requiresEveryRevocationResponse = enabled
        usesPrivatePublicSuffixes = enabled
    }

    /// Apple's SecTrust, quirks included: no switch on. The default.
    public static let apple = ValidationProfile(all: false)
    /// RFC 5280 and the CA/B Forum rules that x509-limbo encodes: every switch on.
    public static let strict = ValidationProfile(all: true)

    /// Whether any rule beyond Apple's is on.
    public var isApple: Bool { self == .apple }

    /// `apple`, `strict`, or the switches that are on.
    public var description: String {
        if self == .apple { return "apple" }
        if self == .strict { return "strict" }
        return "custom"
    }

    /// The profile named `apple` or `strict` (what `--profile` takes).
    public init?(named name: String) {
        switch name {
        case "apple": self = .apple
        case "strict": self = .strict
        default: return nil
        }
    }
}
