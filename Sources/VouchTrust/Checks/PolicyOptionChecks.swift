import VouchCrypto
import VouchDER
import VouchX509

/// The checks a policy's options ask for (``TrustPolicyOptions``; SECTRUST.md §18.1), each as
/// trustd's callback decides it (trust/trustd/SecPolicyServer.c, OSX/sec/Security/
/// SecPolicyLeafCallbacks.c) and at the chain index it reports. Every policy of the evaluation
/// runs its own options; a check two policies share fails once.
///
/// BasicX509's checks (``BasicX509Checks``) and the SSL policies' own rules (``SSLChecks``) are
/// not here: they are every policy's, or their identifier's.
enum PolicyOptionChecks {
    /// 2022-04-01T00:00:00Z, from which Apple's S/MIME rules for system-rooted leaves apply
    /// (`apr2022` = 670464000 in Apple's reference date, SecPolicyServer.c).
    static let smimeRulesDate: Int64 = 1_648_771_200
    /// S/MIME's SystemTrustValidityPeriod maximum: 1,185 days (`set_smime_validity_periods`).
    static let smimeMaximumValidity: Int64 = 1185 * 86_400

    /// Appends the failures of every policy's options on `context`'s path. `isAppleAnchor` says
    /// which tops pass `AnchorApple`; `pinned` whether a pinning rule applies to the path
    /// (`PinningRequired` fails without one).
    static func run(
        _ context: PathContext, isAppleAnchor: (Certificate) -> Bool, pinned: Bool, into failures: inout [TrustFailure]
    ) {
        for policy in context.policies {
            run(policy.options, context, isAppleAnchor: isAppleAnchor, pinned: pinned, into: &failures)
        }
    }

    /// Appends the failures of one policy's `options`.
    static func run(
        _ options: TrustPolicyOptions, _ context: PathContext, isAppleAnchor: (Certificate) -> Bool, pinned: Bool,
        into failures: inout [TrustFailure]
    ) {
        let path = context.facts
        let leaf = path[0]
        let top = context.topIndex
        func fail(_ check: TrustCheck, at index: Int = 0) { failures.append(TrustFailure(index: index, check: check)) }

        if let requirements = options.keyUsage, !requirements.contains(where: { keyUsage(leaf.keyUsage, allows: $0) }) {
            fail(.keyUsage)
        }
        if let requirement = options.extendedKeyUsage { checkExtendedKeyUsage(requirement, path, into: &failures) }
        // SecPolicyCheckLeafMarkerOid / IntermediateMarkerOid: both reported at 0; the
        // intermediates are indices 1 to n−2, so a path of one or two has none.
        if let marker = options.leafMarker, !PinningChecks.hasMarker(marker, leaf.certificate) { fail(.leafMarkerOid) }
        if let marker = options.intermediateMarker,
            !(path.count > 2 && path[1..<top].contains { PinningChecks.hasMarker(marker, $0.certificate) })
        {
            fail(.intermediateMarkerOid)
        }
        if let length = options.chainLength, length != path.count { fail(.chainLength) }
        if options.anchorApple && !isAppleAnchor(path[top].certificate) { fail(.anchorApple) }
        // SecPolicyCheckCertificatePolicy loops over every certificate, anchor included (the
        // headers say "the leaf").
        if let policy = options.certificatePolicy, !path.contains(where: { $0.policyIdentifiers?.contains(policy) == true }) {
            fail(.certificatePolicy)
        }
        // SecPolicyCheckIssuerCommonName: certificate 1's, reported at 0; a path of one fails.
        if let name = options.issuerCommonName,
            !(path.count > 1 && PinningChecks.hasOnlyAttribute(.commonName, name, path[1].certificate))
        {
            fail(.issuerCommonName)
        }
        if let unit = options.subjectOrganizationalUnit, !PinningChecks.hasOnlyAttribute(.organizationalUnitName, unit, leaf.certificate) {
            fail(.subjectOrganizationalUnit)
        }
        if options.notCA && leaf.basicConstraints?.isCertificateAuthority == true { fail(.notCA) }
        let smimeRulesApply = context.isSystemRooted && leaf.notBefore >= smimeRulesDate
        if let email = options.email, !carries(email: email, leaf.certificate, subjectAlternativeNameOnly: smimeRulesApply) {
            fail(.email)
        }
        if options.emailProtectionEKU && smimeRulesApply && leaf.extendedKeyUsage?.contains(.emailProtection) != true {
            fail(.emailProtectionEKU)
        }
        if options.smimeValidityPeriod && smimeRulesApply && leaf.notAfter - leaf.notBefore > smimeMaximumValidity {
            fail(.systemTrustValidityPeriod)
        }
        if let names = options.eapTrustedServerNames, !matchesTrustedServerName(leaf, names) { fail(.eapTrustedServerNames) }
        // SystemTrustedWeakHash / WeakKey: only where the system anchor's constraints carry them
        // (every system root's, SECTRUST.md §17.2): a path the system anchor source anchored, not
        // one the caller's anchors did (SecPVCKeyIsConstraintPolicyOption); the anchor excepted.
        if (options.systemTrustedWeakHash || options.systemTrustedWeakKey) && context.isSystemAnchored {
            let below = context.isAnchored ? top : top + 1
            for index in 0..<below {
                if options.systemTrustedWeakHash && (path[index].usesMDHash || path[index].usesSHA1) {
                    fail(.systemTrustedWeakHash, at: index)
                }
                if options.systemTrustedWeakKey && path[index].isSmallKey { fail(.systemTrustedWeakKey, at: index) }
            }
        }
        if options.strongKeySize || options.noWeakHash {
            SSLChecks.keySizeAndHashFailures(context, keySize: options.strongKeySize, hash: options.noWeakHash, into: &failures)
        }
        if let pins = options.leafSPKISHA256, !pins.contains(spkiDigest(leaf.certificate)) { fail(.leafSPKISHA256) }
        // SecPolicyCheckCAspkiSHA256: a path of one fails at 0; otherwise, when no certificate
        // above the leaf matches, every one of them fails.
        if let pins = options.caSPKISHA256 {
            if path.count < 2 {
                fail(.caSPKISHA256)
            } else if !path[1...].contains(where: { pins.contains(spkiDigest($0.certificate)) }) {
                for index in 1...top { fail(.caSPKISHA256, at: index) }
            }
        }
        // SecPolicyCheckPinningRequired: some policy of the set is still the caller's SSL server
        // policy, no pinning rule having replaced it.
        if options.pinningRequired && !pinned && context.policies.contains(where: { $0.name == TrustPolicy.Identifier.sslServer.appleName }) {
            fail(.pinningRequired)
        }
    }

    /// `keyusage_allows`: Apple reads a missing keyUsage and one without bits alike (0), which
    /// only ``TrustPolicyOptions/KeyUsageRequirement/absent`` admits; any other requirement
    /// wants each of its usages.
    static func keyUsage(_ usage: KeyUsage?, allows requirement: TrustPolicyOptions.KeyUsageRequirement) -> Bool {
        switch requirement {
        case .absent:
            return usage.map { usage in !KeyUsage.Usage.allCases.contains { usage.contains($0) } } ?? true
        case .all(let needed):
            guard let usage else { return needed.isEmpty }
            return needed.allSatisfy { usage.contains($0) }
        }
    }

    /// `SecPolicyCheckExtendedKeyUsage`: the leaf at 0, then each intermediate (1 to n−2) whose
    /// non-empty extKeyUsage holds neither anyExtendedKeyUsage nor a listed purpose.
    ///
    /// Apple's quirk, kept: the exemption of intermediates meant for the OCSP signer policy
    /// compares with `memcmp` read as equality, so it spares every policy whose option is one
    /// single 8-octet OID *other* than id-kp-OCSPSigning (code signing, time stamping) and not
    /// the OCSP signer policy itself.
    static func checkExtendedKeyUsage(
        _ requirement: TrustPolicyOptions.ExtendedKeyUsageRequirement, _ path: [CertificateFacts], into failures: inout [TrustFailure]
    ) {
        let leafUsage = path[0].extendedKeyUsage
        let leafPasses = leafUsage.map { usage in requirement.purposes.contains(where: usage.contains) } ?? requirement.allowsAbsent
        if !leafPasses { failures.append(TrustFailure(index: 0, check: .extendedKeyUsage)) }
        let sparesIntermediates = !requirement.allowsAbsent && requirement.purposes.count == 1
            && requirement.purposes[0].bytes.count == OID.ocspSigning.bytes.count && requirement.purposes[0] != .ocspSigning
        guard path.count > 2, !sparesIntermediates else { return }
        for index in 1..<(path.count - 1) {
            guard let usage = path[index].extendedKeyUsage, !usage.purposes.isEmpty else { continue }
            if !usage.contains(.anyExtendedKeyUsage) && !requirement.purposes.contains(where: usage.contains) {
                failures.append(TrustFailure(index: index, check: .extendedKeyUsage))
            }
        }
    }

    /// `SecPolicyCheckCertEmailSAN`: `email` equals, ignoring case, one of the leaf's rfc822Name
    /// entries, or (unless `subjectAlternativeNameOnly`) one of its subject's emailAddress
    /// attributes.
    static func carries(email: String, _ certificate: Certificate, subjectAlternativeNameOnly: Bool) -> Bool {
        let wanted = email.lowercased()
        if certificate.subjectAlternativeNames?.emailAddresses.contains(where: { $0.lowercased() == wanted }) == true { return true }
        guard !subjectAlternativeNameOnly else { return false }
        return certificate.subject.attributes.contains { $0.type == .emailAddress && $0.text.lowercased() == wanted }
    }

    /// `SecPolicyCheckCertEAPTrustedServerNames`: some DNS name of the leaf (its SAN dNSNames, else
    /// a DNS-like commonName: `SecCertificateCopyDNSNames`) matches a listed name, the list's
    /// names being the patterns (wildcards allowed there, not in the certificate).
    static func matchesTrustedServerName(_ leaf: CertificateFacts, _ names: [String]) -> Bool {
        var presented: [ArraySlice<UInt8>] = []
        if let alternative = leaf.subjectAlternativeNames {
            for case .dnsName(let name) in alternative.names where PresentedDNSNames.isDNSLike(name) { presented.append(name) }
        }
        if presented.isEmpty {
            for attribute in leaf.certificate.subject.attributes where attribute.type == .commonName {
                let name = Array(attribute.text.utf8)[...]
                if PresentedDNSNames.isDNSLike(name) { presented.append(name) }
            }
        }
        return presented.contains { dns in
            guard let reference = DNSNameMatch.Reference(String(decoding: dns, as: UTF8.self)) else { return false }
            return names.contains { DNSNameMatch.matches(reference, presented: Array($0.utf8)[...], publicSuffixes: .current) }
        }
    }

    /// The SHA-256 of the certificate's SubjectPublicKeyInfo DER, as pins name it.
    static func spkiDigest(_ certificate: Certificate) -> [UInt8] {
        HashAlgorithm.sha256.digest(certificate.subjectPublicKeyInfo.encoded)
    }
}
