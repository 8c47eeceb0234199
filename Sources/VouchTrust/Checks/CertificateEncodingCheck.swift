import VouchDER
import VouchX509

/// The strict profile's rules on how a certificate is written
/// (``ValidationProfile/checksCertificateEncoding``): what RFC 5280 and the CA/B Forum Baseline
/// Requirements forbid in a field's encoding or an extension's value that Apple's reader, and
/// Vouch's in both profiles, accepts. Each rule is a row of docs/STRICT.md, named by its id; a
/// certificate that breaks any of them fails ``TrustCheck/certificateProfile`` at its index, in
/// every position of the path (the trust anchor included: what an anchor carries is checked).
///
/// What the parser reads past (an explicitly encoded DEFAULT, a time's zone and seconds) it
/// notes as it reads (``Extensions/encodesDefaultCritical``, ``BasicConstraints/encodesDefaultCA``,
/// ``NameConstraints/encodesDefaultMinimum``, ``DERTime/isZuluWithSeconds``), so nothing here
/// parses again.
enum CertificateEncodingCheck {
    /// One rule, by its row of docs/STRICT.md.
    enum Rule: String, CaseIterable, Sendable {
        /// RFC 5280 §4.1: "the data that is to be signed is encoded using the ASN.1 distinguished
        /// encoding rules (DER) [X.690]". X.690 §11.5: a DEFAULT value is not encoded (an
        /// extension's `critical FALSE`, basicConstraints' `cA FALSE`, a GeneralSubtree's
        /// `minimum 0`); §8.3.2: an INTEGER has no needless leading octet (the serial number: the
        /// parser, like Apple's, reads it as written; every other INTEGER of a certificate is
        /// already refused unless minimal). The version's DEFAULT is refused as it is read, in both
        /// profiles (`5280-4.1-der-version-default`).
        case der = "5280-4.1-der"
        /// RFC 5280 §4.1.2.1: "When extensions are used, as expected in this profile, version MUST
        /// be 3 (value is 2)"; §4.1.2.9: "This field MUST only appear if the version is 3".
        case versionWithExtensions = "5280-4.1.2.1-version-with-extensions"
        /// RFC 5280 §4.1.2.8: "CAs conforming to this profile MUST NOT generate certificates with
        /// unique identifiers."; CA/B BR 7.1.2.1–7.1.2.7: "`issuerUniqueID` MUST NOT be present",
        /// "`subjectUniqueID` MUST NOT be present".
        case noUniqueIdentifiers = "5280-4.1.2.8-no-unique-identifiers"
        /// RFC 5280 §4.1.2.5: "CAs conforming to this profile MUST always encode certificate
        /// validity dates through the year 2049 as UTCTime" (from 1950, the first year UTCTime
        /// can hold; pyca: "validity dates between 1950 and 2049 must be UtcTime").
        case utcTimeThrough2049 = "5280-4.1.2.5-utctime-through-2049"
        /// RFC 5280 §4.1.2.5.1: "UTCTime values MUST be expressed in Greenwich Mean Time (Zulu)
        /// and MUST include seconds (i.e., times are YYMMDDHHMMSSZ)".
        case utcTimeForm = "5280-4.1.2.5.1-utctime-form"
        /// RFC 5280 §4.1.2.5.2: "GeneralizedTime values MUST be expressed in Greenwich Mean Time
        /// (Zulu)" (the seconds, which it requires too, are required as the time is read).
        case generalizedTimeZulu = "5280-4.1.2.5.2-generalizedtime-zulu"
        /// CA/B BR 7.1.3.1.1: "When encoded, the `AlgorithmIdentifier` for RSA keys MUST be
        /// byte-for-byte identical with the following hex-encoded bytes:
        /// `300d06092a864886f70d0101010500`"; BR 7.1.3.1.2: for ECDSA keys, one of the P-256,
        /// P-384 and P-521 encodings it lists. An rsaEncryption or id-ecPublicKey key is judged;
        /// which algorithms are allowed at all is BR 6.1.5's rule (`cabf-6.1.5-key-types`), not
        /// this one.
        case spkiEncoding = "cabf-7.1.3.1-spki-encoding"
        /// RFC 5280 §4.2.1.3: "When the keyUsage extension appears in a certificate, at least one
        /// of the bits MUST be set to 1."
        case keyUsageOneBit = "5280-4.2.1.3-ku-one-bit"
        /// RFC 5280 §4.2.1.4: "A certificate policy OID MUST NOT appear more than once in a
        /// certificate policies extension."
        case policyOnce = "5280-4.2.1.4-policy-once"
        /// RFC 5280 §4.2.1.11: "Conforming CAs MUST NOT issue certificates where policy
        /// constraints is an empty sequence."
        case policyConstraintsNotEmpty = "5280-4.2.1.11-not-empty"
    }

    /// Whether the certificate breaks none of the rules.
    static func conforms(_ facts: CertificateFacts) -> Bool {
        !Rule.allCases.contains { breaks($0, facts) }
    }

    /// The rules the certificate breaks, in the order of ``Rule``.
    static func brokenRules(_ facts: CertificateFacts) -> [Rule] {
        Rule.allCases.filter { breaks($0, facts) }
    }

    /// Whether the certificate breaks `rule`.
    static func breaks(_ rule: Rule, _ facts: CertificateFacts) -> Bool {
        let certificate = facts.certificate
        switch rule {
        case .der:
            return certificate.extensions.encodesDefaultCritical || facts.basicConstraints?.encodesDefaultCA == true
                || facts.nameConstraintsEncodeDefaultMinimum || !isMinimalInteger(certificate.serialNumber)
        case .versionWithExtensions:
            return facts.version != 3 && certificate.extensions.count > 0
        case .noUniqueIdentifiers:
            return certificate.issuerUniqueID != nil || certificate.subjectUniqueID != nil
        case .utcTimeThrough2049:
            return writtenAsGeneralizedTimeInUTCTimeYears(certificate.validity.notBefore)
                || writtenAsGeneralizedTimeInUTCTimeYears(certificate.validity.notAfter)
        case .utcTimeForm:
            return isNotZuluWithSeconds(certificate.validity.notBefore, as: .utcTime)
                || isNotZuluWithSeconds(certificate.validity.notAfter, as: .utcTime)
        case .generalizedTimeZulu:
            return isNotZuluWithSeconds(certificate.validity.notBefore, as: .generalizedTime)
                || isNotZuluWithSeconds(certificate.validity.notAfter, as: .generalizedTime)
        case .spkiEncoding:
            return !hasBaselineKeyAlgorithmEncoding(certificate.subjectPublicKeyInfo.algorithm)
        case .keyUsageOneBit:
            return facts.keyUsage?.bits.bytes.allSatisfy { $0 == 0 } == true
        case .policyOnce:
            return facts.policyIdentifiers.map { Extensions.containsDuplicate($0.map(\.bytes)) } == true
        case .policyConstraintsNotEmpty:
            guard let constraints = facts.policyConstraints else { return false }
            return constraints.requireExplicitPolicy == nil && constraints.inhibitPolicyMapping == nil
        }
    }

    /// RFC 5280 §4.1.1.2: signatureAlgorithm "MUST contain the same algorithm identifier as the
    /// signature field in the sequence tbsCertificate"; CA/B BR 7.1.2.1–7.1.2.7: "Encoded value
    /// MUST be byte-for-byte identical to the `tbsCertificate.signature`" (row
    /// `5280-4.1.1.2-signature-parameters-match`). Apple compares the OIDs alone
    /// (``Certificate/signatureAlgorithmsMatch``); under the strict profile a certificate whose
    /// two AlgorithmIdentifiers differ in any octet, parameters included, is one whose signature
    /// does not verify (the path builder's `signatureVerifiesUnderProfile(_:by:)`).
    static func signatureAlgorithmsIdentical(_ certificate: Certificate) -> Bool {
        certificate.signatureAlgorithm.encoded.elementsEqual(certificate.tbsSignatureAlgorithm.encoded)
    }

    /// X.690 §8.3.2: the first nine bits of an INTEGER's content are not all ones or all zeros.
    static func isMinimalInteger(_ content: ArraySlice<UInt8>) -> Bool {
        guard content.count > 1, let first = content.first else { return true }
        let second = content[content.startIndex + 1]
        return !((first == 0x00 && second & 0x80 == 0) || (first == 0xFF && second & 0x80 != 0))
    }

    /// The instants UTCTime can hold, RFC 5280 §4.1.2.5.1 reading its years: 1950-01-01T00:00:00Z
    /// up to (not including) 2050-01-01T00:00:00Z, in seconds since 1970.
    static let utcTimeYears: Range<Int64> = -631_152_000 ..< 2_524_608_000

    /// A GeneralizedTime whose instant falls in ``utcTimeYears``.
    static func writtenAsGeneralizedTimeInUTCTimeYears(_ time: DERTime) -> Bool {
        time.form == .generalizedTime && utcTimeYears.contains(time.secondsSince1970)
    }

    /// A time written as `form` without seconds or with a `±hhmm` offset instead of `Z`.
    static func isNotZuluWithSeconds(_ time: DERTime, as form: DERTime.Form) -> Bool {
        time.form == form && !time.isZuluWithSeconds
    }

    /// CA/B BR 7.1.3.1's AlgorithmIdentifier encodings: rsaEncryption with NULL parameters, and
    /// id-ecPublicKey on P-256, P-384 and P-521.
    static let baselineKeyAlgorithms: [[UInt8]] = [
        [0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00],
        [0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07],
        [0x30, 0x10, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22],
        [0x30, 0x10, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x23],
    ]

    /// Whether an rsaEncryption or id-ecPublicKey AlgorithmIdentifier is one of
    /// ``baselineKeyAlgorithms``; any other algorithm is not this rule's to judge.
    static func hasBaselineKeyAlgorithmEncoding(_ algorithm: AlgorithmIdentifier) -> Bool {
        guard algorithm.algorithm == .rsaEncryption || algorithm.algorithm == .ecPublicKey else { return true }
        return baselineKeyAlgorithms.contains { algorithm.encoded.elementsEqual($0) }
    }
}
