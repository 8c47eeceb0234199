import VouchDER
import VouchX509

/// The rules of the strict profile (``ValidationProfile``), each under its own switch, run on a
/// candidate path after Apple's checks. Apple's profile never gets here.
enum StrictProfileChecks {
    static func run(_ context: PathContext, into failures: inout [TrustFailure]) {
        let profile = context.profile
        let usesSSL = !context.policies.allSatisfy { $0 == .basicX509 }
        for (index, facts) in context.facts.enumerated() {
            let certificate = facts.certificate
            let isAnchor = context.isTrustedAnchor(index)
            func fail(_ check: TrustCheck) { failures.append(TrustFailure(index: index, check: check)) }

            if profile.requiresKeyIdentifiers && !keyIdentifiersConform(facts, isAnchor: isAnchor, isSelfSigned: context.isSelfSigned[index]) {
                fail(.keyIdentifiers)
            }
            if profile.checksExtensionCriticality && !criticalityConforms(facts, isLeaf: index == 0, isAnchor: isAnchor) {
                fail(.extensionCriticality)
            }
            if profile.checksCertificateProfiles && !certificateProfileConforms(facts, isLeaf: index == 0, isAnchor: isAnchor) {
                fail(.certificateProfile)
            }
            if profile.checksSerialNumbers && !isAnchor && !serialNumberConforms(certificate.serialNumber) { fail(.serialNumber) }
            if profile.requiresWholeOctetRSAModulus, case .rsa(let bits) = certificate.subjectPublicKeyInfo.keyType, bits % 8 != 0 {
                fail(.rsaModulusLength)
            }
            if profile.checksCertificateEncoding && !CertificateEncodingCheck.conforms(facts) { fail(.certificateProfile) }
            // RFC 5280 §4.2.1.6: each subjectAltName entry is a GeneralName of its form. Apple's
            // parser reads only the tags, so the extension parses; strict calls it unparseable.
            if profile.requiresPreferredDNSNameSyntax && facts.hasUndecodedAlternativeNames { fail(.unparseableExtension) }
            guard index == 0, usesSSL else { continue }
            let alternativeNames = certificate.subjectAlternativeNames
            if profile.requiresCommonNameInSubjectAlternativeName
                && !certificate.subject.commonNames.allSatisfy({ commonName($0, isIn: alternativeNames) })
            {
                fail(.commonName)
            }
            if profile.requiresPreferredDNSNameSyntax && !(alternativeNames?.dnsNames ?? []).allSatisfy(hasPreferredSyntax) {
                fail(.dnsNameSyntax)
            }
        }
    }

    /// RFC 5280 §4.2.1.1, §4.2.1.2; CA/B BR 7.1.2.1.3.
    static func keyIdentifiersConform(_ facts: CertificateFacts, isAnchor: Bool, isSelfSigned: Bool) -> Bool {
        let certificate = facts.certificate
        if !(isAnchor && isSelfSigned) && facts.authorityKeyIdentifier == nil { return false }
        if facts.basicConstraints?.isCertificateAuthority == true && facts.subjectKeyIdentifier == nil { return false }
        if isAnchor, facts.isSelfIssued, let authority = certificate.authorityKeyIdentifier {
            if authority.authorityCertIssuer != nil || authority.authorityCertSerialNumber != nil { return false }
            if let key = authority.keyIdentifier, let subject = facts.subjectKeyIdentifier, !key.elementsEqual(subject) { return false }
        }
        return true
    }

    /// RFC 5280 §4.2.1.9–§4.2.1.11, §4.2.2.1; CA/B BR 7.1.2.7.6; §4.2 on anchors.
    static func criticalityConforms(_ facts: CertificateFacts, isLeaf: Bool, isAnchor: Bool) -> Bool {
        let extensions = facts.certificate.extensions
        if facts.basicConstraints?.isCertificateAuthority == true, extensions[.basicConstraints]?.isCritical == false { return false }
        if extensions[.nameConstraints]?.isCritical == false { return false }
        if extensions[.policyConstraints]?.isCritical == false { return false }
        if extensions[.authorityInformationAccess]?.isCritical == true { return false }
        if isLeaf && extensions[.extendedKeyUsage]?.isCritical == true { return false }
        if isAnchor && facts.hasUnknownCriticalExtension { return false }
        return true
    }

    /// RFC 5280 §4.2.1.10 (nameConstraints only in CA certificates); CA/B BR 7.1.2.1.2 (no
    /// extKeyUsage in a root). A leaf that is a CA, or has no extKeyUsage, is allowed: RFC 5280
    /// permits both, and x509-limbo marks webpki's opposite rules as conflicting with it.
    static func certificateProfileConforms(_ facts: CertificateFacts, isLeaf: Bool, isAnchor: Bool) -> Bool {
        if isLeaf && !isAnchor && facts.certificate.extensions[.nameConstraints] != nil { return false }
        if isAnchor && !isLeaf && facts.isSelfIssued && facts.certificate.extensions[.extendedKeyUsage] != nil { return false }
        return true
    }

    /// RFC 5280 §4.1.2.2: positive, at most 20 octets (a leading zero octet that keeps a value
    /// positive is not counted).
    static func serialNumberConforms(_ serial: ArraySlice<UInt8>) -> Bool {
        guard let first = serial.first, first & 0x80 == 0 else { return false }
        guard serial.contains(where: { $0 != 0 }) else { return false }
        let significant = first == 0 && serial.count > 1 ? serial.count - 1 : serial.count
        return significant <= 20
    }

    /// CA/B BR 7.1.4.3's encoding rules for a leaf's commonName: an IPv4 address in dotted
    /// decimal without leading zeros, an IPv6 address as RFC 5952 writes it, and a domain name
    /// with an internationalised label (`xn--` or non-ASCII) a character-for-character copy of
    /// one of the SAN's dNSNames.
    ///
    /// A commonName outside the SAN is otherwise left alone: x509-limbo expects hundreds of
    /// leaves with one (BetterTLS's name-constraint cases, `CN=127.0.0.1` beside a dNSName SAN)
    /// to validate, so BR 7.1.4.3's membership rule in full would contradict the suite.
    static func commonName(_ text: String, isIn names: SubjectAlternativeNames?) -> Bool {
        let isDottedDecimal = !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
        if isDottedDecimal || text.contains(":") {
            guard let address = HostnameIPAddress.parse(text) else { return !text.contains(":") && !isDottedDecimal }
            return IPAddressText.format(address) == text
        }
        let isInternationalised = !text.utf8.allSatisfy { $0 < 0x80 }
            || text.split(separator: ".").contains { $0.utf8.count >= 4 && $0.lowercased().hasPrefix("xn--") }
        guard isInternationalised else { return true }
        let bytes = Array(text.utf8)
        return names?.dnsNames.contains { DNSNameMatch.asciiCaseInsensitiveEqual($0, bytes[...]) } == true
    }

    /// RFC 1034 §3.5 as RFC 5280 §4.2.1.6 asks (digits allowed first, RFC 1123 §2.1): labels of
    /// letters, digits and inner hyphens; `*` alone as the first label.
    static func hasPreferredSyntax(_ name: ArraySlice<UInt8>) -> Bool {
        let labels = name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard !labels.isEmpty else { return false }
        for (position, label) in labels.enumerated() {
            if position == 0 && label.elementsEqual([UInt8(ascii: "*")]) && labels.count > 1 { continue }
            guard let first = label.first, let last = label.last, first != UInt8(ascii: "-"), last != UInt8(ascii: "-") else { return false }
            let isLDH = label.allSatisfy { octet in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(octet | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(octet)
                    || octet == UInt8(ascii: "-")
            }
            guard isLDH else { return false }
        }
        return true
    }
}
