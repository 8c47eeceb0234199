import VouchCrypto
import VouchDER
import VouchX509

/// What the supplied CRLs say of one certificate.
enum RevocationStatus: Equatable {
    /// Usable, current CRLs covering every reason list it nowhere.
    case good
    /// A usable CRL lists it (with any reason but removeFromCRL; certificateHold counts).
    case revoked(CRLReason?)
    /// Neither: no CRL in scope, CRLs that cannot be used, stale CRLs, or reasons left uncovered.
    case undetermined
}

/// Revocation from the CRLs the caller supplies (SECTRUST.md §12, §14: CRLs are never fetched, as current trustd fetches none), checked on
/// every candidate path and on the chosen one, RFC 5280 §6.3.3 without delta CRLs.
///
/// For each certificate of the path below its top (a trusted anchor is never checked; an
/// unanchored top has no known issuer), over its cRLDistributionPoints (or the implicit point of
/// a certificate without them), each supplied CRL whose issuer is the point's CRL issuer is used if:
/// it is a complete CRL (delta CRLs are not implemented and are ignored), it has no critical
/// extension, CRL or entry, that Vouch does not understand (§5.2, §5.3), its inner and outer
/// signature algorithms agree, its thisUpdate is not after the verify date, it keeps the strict
/// profile's rules its switches enforce (``CRLRule``: none in Apple's profile), its scope covers the
/// certificate (issuingDistributionPoint names, indirectCRL, onlyContains…; ``CRLScope``), and its
/// signature verifies with the key of a signer that may sign it (below). A listed serial (matched
/// with the issuer of the listing in indirect CRLs) makes the certificate *revoked*, whatever
/// the reason except removeFromCRL. A CRL whose nextUpdate is before the verify date (stale) still
/// proves revocation, which is permanent, but not good standing: it adds no reasons to the mask.
/// The certificate is *good* when current CRLs cover all reasons, *undetermined* otherwise.
///
/// CRL signers: the certificate's issuer (the next certificate of the path) when it has the CRL
/// issuer's name; otherwise a certificate with that name among the trust's certificates and
/// anchors that a CA of the path above the certificate (the anchor included) issued, valid at the
/// verify date, whose own status is good (or undetermined, unless a response is required), to a
/// depth of ``RevocationLimits/maximumSignerDepth``. Either must allow cRLSign if it has keyUsage.
struct RevocationChecker {
    private let crls: [CertificateRevocationList]
    private let normalizedIssuers: [[UInt8]]
    private let crlsByIssuer: [[UInt8]: [Int]]
    private let signersBySubject: [[UInt8]: [Certificate]]
    /// Apple's kSecRevocationRequirePositiveResponse: an undetermined status fails.
    let responseRequired: Bool
    /// The supplied OCSP responses (``OCSPChecker``): a verified "revoked" answer revokes, a
    /// verified fresh "good" one is a positive response, beside what the CRLs say.
    var ocsp = OCSPChecker()
    private let verifyTime: Int64
    /// The strict profile's CRL rules (``CRLRule`` under ``ValidationProfile/checksExtensionCriticality``
    /// and ``ValidationProfile/requiresConformingCRLs``; ``ValidationProfile/requiresLeafRevocationStatus``);
    /// Apple's profile has none.
    var profile: ValidationProfile = .apple

    private var entryIndexes: [Int: CRLEntryIndex] = [:]
    /// Per CRL, whether it keeps the profile's ``CRLRule``s (computed when first in scope).
    private var profileRuleVerdicts: [Int: Bool] = [:]
    private var crlSignatures: [CRLSigner: Bool] = [:]
    private var certificateSignatures: [CertificateLink: Bool] = [:]
    /// Signature verifications done (against ``RevocationLimits/maximumSignatureChecks``).
    private(set) var signatureChecks = 0
    /// What CRL and signer verifications are paid from: the evaluation's budget
    /// (``EvaluationBudget``); one it cannot pay for leaves the CRL unusable.
    var budget = EvaluationBudget()

    private struct CRLSigner: Hashable {
        let crl: Int
        let signer: Certificate
    }

    /// No CRLs, nothing required: checks nothing.
    init() {
        self.init(crls: [], signers: [], responseRequired: false, verifyTime: 0)
    }

    /// A checker over the first ``RevocationLimits/maximumCRLs`` distinct CRLs of `crls` (copies
    /// of one DER count once), finding separate CRL signers among `signers`.
    init(crls: [CertificateRevocationList], signers: [Certificate], responseRequired: Bool, verifyTime: Int64) {
        var distinct: [CertificateRevocationList] = []
        var seen: Set<CertificateRevocationList> = []
        for crl in crls where distinct.count < RevocationLimits.maximumCRLs && seen.insert(crl).inserted { distinct.append(crl) }
        self.crls = distinct
        normalizedIssuers = self.crls.map(\.issuer.appleNormalizedEncoding)
        var byIssuer: [[UInt8]: [Int]] = [:]
        for (index, name) in normalizedIssuers.enumerated() { byIssuer[name, default: []].append(index) }
        crlsByIssuer = byIssuer
        var bySubject: [[UInt8]: [Certificate]] = [:]
        if !crls.isEmpty {
            for signer in signers where bySubject[signer.subject.appleNormalizedEncoding]?.contains(signer) != true {
                bySubject[signer.subject.appleNormalizedEncoding, default: []].append(signer)
            }
        }
        signersBySubject = bySubject
        self.responseRequired = responseRequired
        self.verifyTime = verifyTime
    }

    /// Adds a failure for each certificate of the path that is revoked (``TrustCheck/revocation``)
    /// or, when a response is required, whose status is undetermined
    /// (``TrustCheck/revocationResponseRequired``).
    ///
    /// A certificate's status comes from the CRLs and the OCSP responses together: revoked if
    /// either revokes it, positively answered if either says good.
    mutating func run(_ context: PathContext, into failures: inout [TrustFailure]) {
        guard !crls.isEmpty || responseRequired || !ocsp.isEmpty else { return }
        let path = context.certificates
        for index in path.indices where index < context.topIndex {
            // The strict profile asks the supplied CRLs for the leaf's status and accepts no "unknown".
            // A required response is the leaf's alone, as in trustd (SECTRUST.md §16.5), unless the
            // profile asks it of every certificate (RFC 5280 §6.3).
            let required = (responseRequired && (index == 0 || profile.requiresEveryRevocationResponse))
                || (index == 0 && !crls.isEmpty && profile.requiresLeafRevocationStatus)
            let answer = ocsp.answer(for: path[index], issuers: path[(index + 1)...]).status
            if case .revoked = answer {
                failures.append(TrustFailure(index: index, check: .revocation))
                continue
            }
            let crlStatus = crls.isEmpty ? .undetermined : status(of: path[index], issuers: Array(path[(index + 1)...]), depth: 1)
            switch crlStatus {
            case .revoked: failures.append(TrustFailure(index: index, check: .revocation))
            case .undetermined where required && answer != .good:
                failures.append(TrustFailure(index: index, check: .revocationResponseRequired))
            default: break
            }
        }
    }

    /// The status of `certificate`, whose issuer is `issuers[0]` and whose path goes on with the
    /// rest of `issuers`.
    mutating func status(of certificate: Certificate, issuers: [Certificate], depth: Int) -> RevocationStatus {
        guard depth <= RevocationLimits.maximumSignerDepth, !issuers.isEmpty else { return .undetermined }
        let issuerName = certificate.issuer.appleNormalizedEncoding
        var covered: ReasonFlags = []
        for point in CRLScope.points(of: certificate) {
            let names = point.crlIssuers?.map(\.appleNormalizedEncoding) ?? [issuerName]
            for name in names {
                for crlIndex in crlsByIssuer[name] ?? [] {
                    let crl = crls[crlIndex]
                    guard isUsable(crl),
                        let reasons = CRLScope.coveredReasons(by: crl, crlIssuer: name, for: certificate, issuer: issuerName, through: point),
                        keepsProfileRules(crlIndex),
                        hasTrustedSigner(crlIndex, of: certificate, issuers: issuers, depth: depth)
                    else { continue }
                    if let listing = entryIndex(crlIndex).listing(serial: certificate.serialNumber, issuer: issuerName),
                        listing.reason != .removeFromCRL
                    {
                        return .revoked(listing.reason)
                    }
                    if !isStale(crl) { covered.formUnion(reasons) }
                }
            }
        }
        return covered.isSuperset(of: .allReasons) ? .good : .undetermined
    }

    /// A complete CRL Vouch understands, already issued at the verify date.
    private func isUsable(_ crl: CertificateRevocationList) -> Bool {
        !crl.isDelta && !crl.hasUnknownCriticalExtension && crl.signatureAlgorithmsMatch
            && crl.thisUpdate.secondsSince1970 <= verifyTime
    }

    /// Whether CRL `crlIndex` breaks none of the ``CRLRule``s the profile enforces (cached:
    /// the entry rules read every entry). Always true in Apple's profile.
    private mutating func keepsProfileRules(_ crlIndex: Int) -> Bool {
        guard profile.checksExtensionCriticality || profile.requiresConformingCRLs else { return true }
        if let known = profileRuleVerdicts[crlIndex] { return known }
        let keeps = CRLRule.broken(by: crls[crlIndex], under: profile).isEmpty
        profileRuleVerdicts[crlIndex] = keeps
        return keeps
    }

    /// Whether the CRL's next update is past at the verify date.
    private func isStale(_ crl: CertificateRevocationList) -> Bool {
        guard let next = crl.nextUpdate else { return false }
        return next.secondsSince1970 < verifyTime
    }

    private mutating func entryIndex(_ crlIndex: Int) -> CRLEntryIndex {
        if let index = entryIndexes[crlIndex] { return index }
        let index = CRLEntryIndex(crls[crlIndex], normalizedIssuer: normalizedIssuers[crlIndex])
        entryIndexes[crlIndex] = index
        return index
    }

    /// Whether a signer allowed to sign CRL `crlIndex` for `certificate` (issued by `issuers[0]`) did.
    ///
    /// A CRL signer's certificate may be covered by the CRLs it signs itself (an indirect CRL
    /// issuer, PKITS 4.14.30): when the signer is `certificate`, its issuance is checked but its
    /// standing is the very question being answered, so it is not asked again.
    private mutating func hasTrustedSigner(_ crlIndex: Int, of certificate: Certificate, issuers: [Certificate], depth: Int) -> Bool {
        let name = normalizedIssuers[crlIndex]
        if let issuer = issuers.first, issuer.subject.appleNormalizedEncoding == name, Self.allowsCRLSigning(issuer),
            verifies(crlIndex, by: issuer)
        {
            return true
        }
        for candidate in signersBySubject[name] ?? [] where candidate != issuers.first {
            guard Self.allowsCRLSigning(candidate), BasicX509Checks.isValid(candidate, at: verifyTime),
                let position = issuers.firstIndex(where: { isIssued(candidate, by: $0) }),
                verifies(crlIndex, by: candidate)
            else { continue }
            if candidate == certificate { return true }
            let standing = status(of: candidate, issuers: Array(issuers[position...]), depth: depth + 1)
            if standing == .good || (standing == .undetermined && !responseRequired) { return true }
        }
        return false
    }

    /// keyUsage, when present, must assert cRLSign (RFC 5280 §6.3.3 (f)).
    private static func allowsCRLSigning(_ signer: Certificate) -> Bool {
        signer.keyUsage.map { $0.contains(.cRLSign) } ?? true
    }

    /// Whether CRL `crlIndex` verifies with `signer`'s key (cached; within the budget).
    private mutating func verifies(_ crlIndex: Int, by signer: Certificate) -> Bool {
        let key = CRLSigner(crl: crlIndex, signer: signer)
        if let cached = crlSignatures[key] { return cached }
        guard signatureChecks < RevocationLimits.maximumSignatureChecks else { return false }
        signatureChecks += 1
        let crl = crls[crlIndex]
        guard let verification = budget.verify(
            algorithm: crl.signatureAlgorithm, issuerKey: signer.subjectPublicKeyInfo, signedBytes: crl.tbsCertListBytes,
            signature: crl.signature)
        else { return false }
        let answer = verification == .valid
        crlSignatures[key] = answer
        return answer
    }

    /// Whether `child` names `issuer` as its issuer and verifies with its key (cached; within the budget).
    private mutating func isIssued(_ child: Certificate, by issuer: Certificate) -> Bool {
        guard child.issuer.appleNormalizedEncoding == issuer.subject.appleNormalizedEncoding else { return false }
        let key = CertificateLink(child: child, issuer: issuer)
        if let cached = certificateSignatures[key] { return cached }
        guard signatureChecks < RevocationLimits.maximumSignatureChecks else { return false }
        signatureChecks += 1
        guard let verification = budget.verify(child, issuerKey: issuer.subjectPublicKeyInfo) else { return false }
        let answer = verification == .valid
        certificateSignatures[key] = answer
        return answer
    }
}
