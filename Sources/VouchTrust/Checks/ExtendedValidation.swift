import VouchDER
import VouchX509

/// Extended Validation as Apple's trustd decides it (SECTRUST.md §17.4, §16.5): whether the chosen
/// path earns `kSecTrustExtendedValidation`. Not a check that fails anything: Apple runs its EV
/// check on a copy of the path's result and restores it, so a path that is not EV is judged as
/// if EV had never been asked (`SecPVCPathChecks`, trust/trustd/SecPolicyServer.c).
///
/// The rules, in Apple's order (Security-61901, trust/trustd/):
/// 1. **Leaf could be EV** (`SecCertificateVCCouldBeEV`, SecCertificateServer.c): a
///    certificatePolicies OID that is a key of the EV map; basicConstraints, if present, cA
///    false; keyUsage, if present, neither keyCertSign nor cRLSign; an RSA key of at least 1024
///    bits (notBefore before 2014-01-01) or 2048 bits (from then), or an EC key of at least 256
///    bits (EdDSA and other keys fail); notBefore after 2016-01-01 ⇒ a signature hash above SHA-1.
/// 2. **The path check** (`SecPolicyCheckEV`, SecPolicyServer.c): a leaf with notBefore after
///    2016-07-01 on a path of fewer than three certificates (issued by the root itself) fails;
///    the valid policies start as the leaf's certificatePolicies OIDs, unless they include
///    anyPolicy, which leaves none; each CA between leaf and top must pass
///    `SecPolicySubordinateCACertificateCouldBeEV` and intersects the set with its own OIDs
///    (`policy_set_intersect`, policytree.c: a CA asserting anyPolicy keeps the set whole; no
///    policy mapping, no RFC 5280 graph); the top must pass `SecPolicyRootCACertificateIsEV`:
///    listed in the EV map under one of the valid policies, and, issued from 2006-09-01
///    (Apple's `october2006`), version 3 with cA true and both keyCertSign and cRLSign; an RSA
///    key of at least 2048 bits or an EC key of at least 256. The set emptied at any point fails.
/// 3. **Subordinate CAs** (`SecPolicySubordinateCACertificateCouldBeEV`): certificatePolicies
///    with at least one OID; a cRLDistributionPoints URI; basicConstraints with cA true;
///    keyUsage with keyCertSign and cRLSign; RSA ≥ 1024 bits when issued before 2011-01-01 or
///    expiring before 2014-01-01, else RSA ≥ 2048; EC ≥ 256 always; notBefore after 2016-01-01 ⇒
///    a signature hash above SHA-1.
/// 4. **CT** (`SecPVCPathChecks`): the path is EV only if it is also CT-qualified, unless Apple's
///    CT kill switch is on or its log list is stale (60 days without a check-in). Vouch models
///    "no current log list" as having none (``CertificateTransparencyReport/hasLogList``), as for
///    the CT requirement: with a log list the path must be qualified; without one CT is waived.
/// 5. **Reported** (`SecPathBuilderReportResult`, SecTrustServer.c): the result is trusted
///    (Unspecified or Proceed) and revocation was checked: `SecCertificatePathVCGetEarliestNextUpdate`
///    (SecCertificateServer.c) is not zero: a path of two or more certificates whose leaf has an
///    accepted, fresh OCSP answer, as has every CA below the top that names an OCSP responder in
///    its authorityInfoAccess (a CA without one, and the top, are skipped). Only OCSP counts:
///    trustd keeps no CRL verdict there.
///
/// Dates are Apple's CFAbsoluteTime constants; "after" and "before" are strict as Apple writes
/// them (`>` for 2016-01-01 and 2016-07-01, `<` for 2011 and 2014, `>=` for 2006-09-01).
enum ExtendedValidation {
    /// 2006-09-01T00:00:00Z (`october2006` = 178761600).
    static let rootRulesDate: Int64 = 178_761_600 + AppleDates.absoluteTimeEpoch
    /// 2011-01-01T00:00:00Z (`jan2011` = 315532800).
    static let january2011: Int64 = 315_532_800 + AppleDates.absoluteTimeEpoch
    /// 2014-01-01T00:00:00Z (`jan2014` = 410227200).
    static let january2014: Int64 = 410_227_200 + AppleDates.absoluteTimeEpoch
    /// 2016-01-01T00:00:00Z (`jan2016` = 473299200): SHA-2 only after it.
    static let january2016: Int64 = 473_299_200 + AppleDates.absoluteTimeEpoch
    /// 2016-07-01T00:00:00Z (`jul2016` = 489024000): roots may not issue leaves after it.
    static let july2016: Int64 = 489_024_000 + AppleDates.absoluteTimeEpoch

    /// Whether the chosen path of a trusted evaluation (Unspecified or Proceed: the caller asks
    /// only then) is reported EV: `kSecTrustExtendedValidation`.
    ///
    /// - Parameters:
    ///   - path: the chosen path, leaf first, its top last.
    ///   - transparency: the CT report of the path, `nil` when CT was not judged.
    ///   - hasGoodOCSPAnswer: whether certificate `index` of the path has an accepted, fresh
    ///     "good" OCSP answer (asked only below the top, leaf first).
    ///   - roots: the EV map (Apple's embedded one by default).
    static func isExtendedValidation(
        path: [CertificateFacts], transparency: CertificateTransparencyReport?,
        hasGoodOCSPAnswer: (Int) -> Bool, roots: ExtendedValidationRoots = .apple
    ) -> Bool {
        guard let leaf = path.first, leafCouldBeEV(leaf, roots: roots),
            pathPassesEVCheck(path, roots: roots), transparencyAllowsEV(transparency)
        else { return false }
        return revocationChecked(path, hasGoodOCSPAnswer: hasGoodOCSPAnswer)
    }

    /// `SecCertificateVCCouldBeEV`: the leaf rules (rule 1), which also decide whether Apple would
    /// fetch OCSP for the leaf and search on for an EV path.
    static func leafCouldBeEV(_ leaf: CertificateFacts, roots: ExtendedValidationRoots) -> Bool {
        guard let policies = leaf.certificatePolicies?.policies, policies.contains(where: { roots.isEVPolicy($0.identifier) })
        else { return false }
        if leaf.basicConstraints?.isCertificateAuthority == true { return false }
        if let usage = leaf.keyUsage, usage.contains(.keyCertSign) || usage.contains(.cRLSign) { return false }
        let minimumRSABits = leaf.notBefore < january2014 ? 1024 : 2048
        guard KeyStrength.isAtLeast(leaf.appleKeySize, rsaBits: minimumRSABits, ecBits: 256) else { return false }
        return leaf.notBefore <= january2016 || hashIsStrongerThanSHA1(leaf)
    }

    /// `SecPolicyCheckEV`: the path rules (rule 2).
    static func pathPassesEVCheck(_ path: [CertificateFacts], roots: ExtendedValidationRoots) -> Bool {
        guard let leaf = path.first else { return false }
        if leaf.notBefore > july2016 && path.count < 3 { return false }
        // The leaf's OIDs, unless it asserts anyPolicy (then none, and the path is not EV).
        guard let leafPolicies = leaf.policyIdentifiers, !leafPolicies.contains(.anyPolicy), !leafPolicies.isEmpty
        else { return false }
        var valid = Set(leafPolicies)
        for index in path.indices.dropFirst() {
            let certificate = path[index]
            if index < path.count - 1 {
                guard subordinateCouldBeEV(certificate) else { return false }
                let own = certificate.policyIdentifiers ?? []
                if !own.contains(.anyPolicy) { valid.formIntersection(own) }
            } else {
                guard rootIsEV(certificate, validPolicies: valid, roots: roots) else { return false }
            }
            if valid.isEmpty { return false }
        }
        return true
    }

    /// `SecPolicySubordinateCACertificateCouldBeEV` (rule 3).
    static func subordinateCouldBeEV(_ ca: CertificateFacts) -> Bool {
        guard let policies = ca.certificatePolicies?.policies, !policies.isEmpty, hasCRLDistributionPointURI(ca.certificate),
            ca.basicConstraints?.isCertificateAuthority == true, signsCertificatesAndCRLs(ca)
        else { return false }
        let minimumRSABits = ca.notBefore < january2011 || ca.notAfter < january2014 ? 1024 : 2048
        guard KeyStrength.isAtLeast(ca.appleKeySize, rsaBits: minimumRSABits, ecBits: 256) else { return false }
        return ca.notBefore <= january2016 || hashIsStrongerThanSHA1(ca)
    }

    /// `SecPolicyRootCACertificateIsEV`: the top of the path (rule 2, last step).
    static func rootIsEV(_ root: CertificateFacts, validPolicies: Set<OID>, roots: ExtendedValidationRoots) -> Bool {
        guard let listed = roots.policies(ofRoot: root.certificate), !listed.isDisjoint(with: validPolicies) else { return false }
        if root.notBefore >= rootRulesDate {
            guard root.version >= 3, root.basicConstraints?.isCertificateAuthority == true, signsCertificatesAndCRLs(root)
            else { return false }
        }
        return KeyStrength.isAtLeast(root.appleKeySize, rsaBits: 2048, ecBits: 256)
    }

    /// Rule 4: CT-qualified, or CT waived because there is no current log list.
    static func transparencyAllowsEV(_ report: CertificateTransparencyReport?) -> Bool {
        guard let report, report.hasLogList else { return true }
        // Apple's own list past its staleness limit waives CT for EV too (SecPVCPathChecks reads
        // SecOTAPKIAssetStalenessLessThanSeconds), as it waives SystemTrustedCTRequired.
        if let system = report.systemLogList, !system.isCurrent { return true }
        return report.isQualified
    }

    /// Rule 5's revocation part: `SecCertificatePathVCGetEarliestNextUpdate` is not zero.
    static func revocationChecked(_ path: [CertificateFacts], hasGoodOCSPAnswer: (Int) -> Bool) -> Bool {
        guard path.count > 1 else { return false }
        for index in 0 ..< path.count - 1 where !hasGoodOCSPAnswer(index) {
            // A CA that names no OCSP responder cannot be checked: not held against the path.
            if index > 0 && !namesOCSPResponder(path[index].certificate) { continue }
            return false
        }
        return true
    }

    /// keyUsage present with keyCertSign and cRLSign (Apple reads an absent keyUsage as no bits).
    private static func signsCertificatesAndCRLs(_ certificate: CertificateFacts) -> Bool {
        guard let usage = certificate.keyUsage else { return false }
        return usage.contains(.keyCertSign) && usage.contains(.cRLSign)
    }

    /// `SecCertificateGetSignatureHashAlgorithm(certificate) > kSecSignatureHashAlgorithmSHA1`:
    /// the TBSCertificate's signature algorithm is one `SecSignatureHashAlgorithmForAlgorithmOid`
    /// ranks SHA-224 or above (RSA-PSS, unknown to that table, ranks 0 and fails).
    static func hashIsStrongerThanSHA1(_ certificate: CertificateFacts) -> Bool {
        strongerThanSHA1.contains(certificate.certificate.tbsSignatureAlgorithm.algorithm)
    }

    /// The algorithm OIDs `SecSignatureHashAlgorithmForAlgorithmOid` ranks above SHA-1: Ed448 and
    /// SHAKE256, Ed25519 (SHA-512), and SHA-224/256/384/512 with RSA, with ECDSA or alone.
    private static let strongerThanSHA1: Set<OID> = {
        var set: Set<OID> = [
            .ed25519, .ed448, .sha224WithRSAEncryption, .sha256WithRSAEncryption, .sha384WithRSAEncryption,
            .sha512WithRSAEncryption, .ecdsaWithSHA224, .ecdsaWithSHA256, .ecdsaWithSHA384, .ecdsaWithSHA512,
            .sha224, .sha256, .sha384, .sha512,
        ]
        // id-shake256 (NIST), Apple's oidSHAKE256.
        if let shake256 = OID(dotted: "2.16.840.1.101.3.4.2.12") { set.insert(shake256) }
        return set
    }()

    /// cRLDistributionPoints yields a URI (`SecCertificateGetCRLDistributionPoints`: the URIs of
    /// each point's fullName and cRLIssuer).
    private static func hasCRLDistributionPointURI(_ certificate: Certificate) -> Bool {
        guard let points = certificate.crlDistributionPoints?.points else { return false }
        return points.contains { point in
            ((point.fullName ?? []) + (point.crlIssuer ?? [])).contains { name in
                if case .uniformResourceIdentifier = name { return true } else { return false }
            }
        }
    }

    /// authorityInfoAccess names an OCSP responder by URI (`SecCertificateGetOCSPResponders`).
    private static func namesOCSPResponder(_ certificate: Certificate) -> Bool {
        guard let descriptions = certificate.authorityInformationAccess?.descriptions else { return false }
        return descriptions.contains { description in
            guard description.method == .ocsp, case .uniformResourceIdentifier = description.location else { return false }
            return true
        }
    }
}
