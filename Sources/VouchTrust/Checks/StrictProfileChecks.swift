import VouchDER
import VouchX509

/// The rules of the strict profile (``ValidationProfile``), each under its own switch, run on a
/// candidate path after Apple's checks. Apple's profile never gets here.
enum StrictProfileChecks {
    static func run(_ context: PathContext, into failures: inout [TrustFailure]) {
        let profile = context.profile
        // The CA/Browser Forum name rules are TLS rules: only under an SSL policy.
        let usesSSL = context.policies.contains(where: \.isSSL)
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
            if profile.checksCertificateProfiles
                && !certificateProfileConforms(facts, isLeaf: index == 0, isAnchor: isAnchor, isSSLServer: context.hasSSLServer)
            {
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
            let commonNames = certificate.subject.commonNames
            // BR 7.1.4.3: "exactly one entry", each a copy of a SAN value.
            if profile.requiresCommonNameInSubjectAlternativeName
                && (commonNames.count > 1 || !commonNames.allSatisfy({ commonName($0, isIn: alternativeNames) }))
            {
                fail(.commonName)
            }
            if profile.requiresPreferredDNSNameSyntax
                && !((alternativeNames?.dnsNames ?? []).allSatisfy(hasPreferredSyntax) && alternativeNamesAreWellFormed(alternativeNames))
            {
                fail(.dnsNameSyntax)
            }
        }
    }

    /// RFC 5280 §4.2.1.1, §4.2.1.2; CA/B BR 7.1.2.1.3 (a root's authorityKeyIdentifier, when
    /// present, is its keyIdentifier alone, equal to its subjectKeyIdentifier) and BR 7.1.2.11.1 (no
    /// authorityCertIssuer or authorityCertSerialNumber in any other certificate's either).
    static func keyIdentifiersConform(_ facts: CertificateFacts, isAnchor: Bool, isSelfSigned: Bool) -> Bool {
        let certificate = facts.certificate
        if !(isAnchor && isSelfSigned) && facts.authorityKeyIdentifier == nil { return false }
        if facts.basicConstraints?.isCertificateAuthority == true && facts.subjectKeyIdentifier == nil { return false }
        if let authority = certificate.authorityKeyIdentifier, !isAnchor || facts.isSelfIssued {
            if authority.authorityCertIssuer != nil || authority.authorityCertSerialNumber != nil { return false }
        }
        if isAnchor, facts.isSelfIssued, let authority = certificate.authorityKeyIdentifier {
            // BR 7.1.2.1.3: the extension is optional in a root, its keyIdentifier is not.
            guard let key = authority.keyIdentifier else { return false }
            if let subject = facts.subjectKeyIdentifier, !key.elementsEqual(subject) { return false }
        }
        return true
    }

    /// The criticality RFC 5280 and the BR prescribe, one row per extension:
    ///
    /// | extension | must be | source | certificates |
    /// |---|---|---|---|
    /// | authorityKeyIdentifier | non-critical | RFC 5280 §4.2.1.1 | all |
    /// | subjectKeyIdentifier | non-critical | §4.2.1.2 | all |
    /// | subjectAltName | critical exactly when the subject is empty | §4.2.1.6, BR 7.1.2.7.12 | leaf |
    /// | basicConstraints | critical | §4.2.1.9 | CAs |
    /// | nameConstraints | critical | §4.2.1.10 | all |
    /// | policyConstraints | critical | §4.2.1.11 | all |
    /// | extKeyUsage | non-critical | BR 7.1.2.7.6, 7.1.2.2.3–7.1.2.6.1 | leaf, intermediates |
    /// | inhibitAnyPolicy | critical | §4.2.1.14 | all |
    /// | authorityInfoAccess | non-critical | §4.2.2.1 | all |
    /// | subjectInfoAccess | non-critical | §4.2.2.2 | all |
    ///
    /// (freshestCRL, §4.2.1.15, is refused critical in both profiles: Apple's parser does not know
    /// it, so it is an unknown critical extension.) And RFC 5280 §4.2 on the anchor too: no
    /// unknown critical extension.
    static func criticalityConforms(_ facts: CertificateFacts, isLeaf: Bool, isAnchor: Bool) -> Bool {
        let extensions = facts.certificate.extensions
        func isCritical(_ oid: OID) -> Bool? { extensions[oid]?.isCritical }
        if isCritical(.authorityKeyIdentifier) == true || isCritical(.subjectKeyIdentifier) == true { return false }
        if isLeaf, let critical = isCritical(.subjectAltName), critical != facts.certificate.subject.isEmpty { return false }
        if facts.basicConstraints?.isCertificateAuthority == true, isCritical(.basicConstraints) == false { return false }
        if isCritical(.nameConstraints) == false || isCritical(.policyConstraints) == false { return false }
        if (isLeaf || !isAnchor) && isCritical(.extendedKeyUsage) == true { return false }
        if isCritical(.inhibitAnyPolicy) == false { return false }
        if isCritical(.authorityInformationAccess) == true || isCritical(.subjectInformationAccess) == true { return false }
        if isAnchor && facts.hasUnknownCriticalExtension { return false }
        return true
    }

    /// What RFC 5280 and the BR allow each kind of certificate:
    /// - RFC 5280 §4.2.1.10: nameConstraints only in CA certificates; BR 7.1.2.1.2: no
    ///   extKeyUsage in a root.
    /// - RFC 5280 §4.2.1.3: keyUsage in every CA certificate below the anchor; keyCertSign only
    ///   with basicConstraints cA TRUE (§4.2.1.9 says it again); §4.2.1.9: pathLenConstraint
    ///   only with cA TRUE and keyCertSign.
    /// - BR 7.1.2.10.7: an intermediate's keyUsage asserts none of nonRepudiation,
    ///   keyEncipherment, dataEncipherment, keyAgreement, encipherOnly, decipherOnly.
    /// - BR 7.1.2.7.11, for a server leaf that is not a CA and has keyUsage: an ECC key asserts
    ///   digitalSignature and none of nonRepudiation, keyEncipherment, dataEncipherment,
    ///   keyCertSign, cRLSign, encipherOnly, decipherOnly; an RSA key asserts some bit and none of
    ///   nonRepudiation, keyAgreement, keyCertSign, cRLSign, encipherOnly, decipherOnly.
    /// - BR 7.1.2.7.10: a server leaf's extKeyUsage holds none of anyExtendedKeyUsage,
    ///   codeSigning, emailProtection, timeStamping, OCSPSigning, Precertificate Signing.
    ///
    /// - BR 7.1.2.7.8: a server leaf's cA is FALSE, unless the leaf is a CA certificate: cA TRUE
    ///   and keyCertSign (without keyUsage it breaks RFC 5280 §4.2.1.3's keyUsage in every CA
    ///   certificate, so either reading breaks a MUST).
    ///
    /// A leaf that is a CA certificate, or has no extKeyUsage, is allowed: RFC 5280 permits both,
    /// and x509-limbo marks webpki's opposite rules as conflicting with it; the leaf rules apply
    /// to leaves without cA TRUE.
    static func certificateProfileConforms(_ facts: CertificateFacts, isLeaf: Bool, isAnchor: Bool, isSSLServer: Bool) -> Bool {
        let certificate = facts.certificate
        if isLeaf && !isAnchor && certificate.extensions[.nameConstraints] != nil { return false }
        if isAnchor && !isLeaf && facts.isSelfIssued && certificate.extensions[.extendedKeyUsage] != nil { return false }
        let isCA = facts.basicConstraints?.isCertificateAuthority == true
        let usage = facts.keyUsage
        if usage?.contains(.keyCertSign) == true && !isCA { return false }
        let signsCertificates = isCA && usage?.contains(.keyCertSign) == true
        if facts.basicConstraints?.pathLengthConstraint != nil && !signsCertificates { return false }
        if isLeaf && !isAnchor && isSSLServer && isCA && !signsCertificates { return false }
        if !isLeaf && !isAnchor && isCA {
            guard let usage else { return false }
            if forbiddenInIntermediates.contains(where: usage.contains) { return false }
        }
        if isLeaf && !isCA && isSSLServer {
            if let usage, !leafKeyUsageConforms(usage, key: certificate.subjectPublicKeyInfo.keyType) { return false }
            if let purposes = facts.extendedKeyUsage, forbiddenInServerLeaves.contains(where: purposes.contains) { return false }
        }
        return true
    }

    /// BR 7.1.2.10.7's keyUsage bits a subordinate CA must not assert.
    static let forbiddenInIntermediates: [KeyUsage.Usage] = [
        .contentCommitment, .keyEncipherment, .dataEncipherment, .keyAgreement, .encipherOnly, .decipherOnly,
    ]

    /// BR 7.1.2.7.10's purposes a server leaf's extKeyUsage must not hold.
    static let forbiddenInServerLeaves: [OID] = [
        .anyExtendedKeyUsage, .codeSigning, .emailProtection, .timeStamping, .ocspSigning, .precertificateSigning,
    ]

    /// BR 7.1.2.7.11: the keyUsage of a server leaf for its key type (other key types: no rule).
    static func leafKeyUsageConforms(_ usage: KeyUsage, key: PublicKeyType) -> Bool {
        switch key {
        case .ec:
            let forbidden: [KeyUsage.Usage] = [
                .contentCommitment, .keyEncipherment, .dataEncipherment, .keyCertSign, .cRLSign, .encipherOnly, .decipherOnly,
            ]
            return usage.contains(.digitalSignature) && !forbidden.contains(where: usage.contains)
        case .rsa:
            let forbidden: [KeyUsage.Usage] = [.contentCommitment, .keyAgreement, .keyCertSign, .cRLSign, .encipherOnly, .decipherOnly]
            return !usage.usages.isEmpty && !forbidden.contains(where: usage.contains)
        default:
            return true
        }
    }

    /// RFC 5280 §4.2.1.6 for a leaf's SAN beyond its dNSNames: an iPAddress of 4 or 16 octets,
    /// an rfc822Name that is a Mailbox (`Local-part@Domain`, both non-empty, one `@`), a URI
    /// with a scheme (RFC 3986 §3.1) and a scheme-specific part.
    static func alternativeNamesAreWellFormed(_ names: SubjectAlternativeNames?) -> Bool {
        guard let names else { return true }
        for name in names.names {
            switch name {
            case .ipAddress(let address) where address.count != 4 && address.count != 16: return false
            case .rfc822Name(let mailbox):
                let parts = mailbox.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
                if parts.count != 2 || parts[0].isEmpty || parts[1].isEmpty { return false }
            case .uniformResourceIdentifier(let uri):
                guard let colon = uri.firstIndex(of: UInt8(ascii: ":")), colon > uri.startIndex, colon + 1 < uri.endIndex,
                    let first = uri.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20),
                    uri[..<colon].allSatisfy({ octet in
                        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(octet | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(octet)
                            || octet == UInt8(ascii: "+") || octet == UInt8(ascii: "-") || octet == UInt8(ascii: ".")
                    })
                else { return false }
            default: continue
            }
        }
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

    /// CA/B BR 7.1.4.3's encoding rules for a leaf's commonName: an IPv4 address in RFC 3986's
    /// dotted decimal (any text `inet_aton` reads as an address, ``IPv4NumbersAndDots``, must be
    /// that: not `0x7f.0.0.1`, `0177.0.0.1`, `127.1` or `2130706433`; digits and dots that are no
    /// address at all, `256.0.0.1`, are refused too, being no domain name either), an IPv6
    /// address as RFC 5952 §4 writes it, a domain name with
    /// an internationalised label (`xn--` or non-ASCII) or a wildcard (`*.`) a
    /// character-for-character copy of one of the SAN's dNSNames, and any name that equals a
    /// dNSName but for ASCII case a character-for-character copy of it.
    ///
    /// A commonName outside the SAN is otherwise left alone: x509-limbo expects hundreds of
    /// leaves with one (BetterTLS's name-constraint cases, `CN=127.0.0.1` beside a dNSName SAN)
    /// to validate, so BR 7.1.4.3's membership rule in full would contradict the suite.
    static func commonName(_ text: String, isIn names: SubjectAlternativeNames?) -> Bool {
        let bytes = Array(text.utf8)
        let dnsNames = names?.dnsNames ?? []
        // A copy differing only in case is no copy.
        if dnsNames.contains(where: { DNSNameMatch.asciiCaseInsensitiveEqual($0, bytes[...]) && !$0.elementsEqual(bytes) }),
            !dnsNames.contains(where: { $0.elementsEqual(bytes) })
        {
            return false
        }
        if text.hasPrefix("*.") { return dnsNames.contains { $0.elementsEqual(bytes) } }
        if let address = IPv4NumbersAndDots.parse(text) { return IPAddressText.format(address) == text }
        let isDottedDecimal = !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
        if isDottedDecimal || text.contains(":") {
            guard let address = HostnameIPAddress.parse(text) else { return !text.contains(":") && !isDottedDecimal }
            return IPAddressText.format(address) == text
        }
        let isInternationalised = !text.utf8.allSatisfy { $0 < 0x80 }
            || text.split(separator: ".").contains { $0.utf8.count >= 4 && $0.lowercased().hasPrefix("xn--") }
        guard isInternationalised else { return true }
        return dnsNames.contains { $0.elementsEqual(bytes) }
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
