import VouchDER
import VouchCrypto
import VouchX509

/// The price ceiling of one evaluation: the work every signature verification draws from, and the
/// name-constraint comparisons, each bounded by ``TrustLimits``.
///
/// Every stage that verifies a signature pays here before it does: the path search (links and
/// self-signatures), the CRL checker (CRL signatures and CRL signers' certificates), the OCSP
/// checker (response signatures, delegated responders' certificates, and the evaluations that
/// judge those responders, which share this budget rather than starting their own), and the
/// Certificate Transparency checker (SCT signatures). A verification is priced by its key and the
/// bytes it hashes (`SignatureWork`, VouchCrypto), so a peer that sends RSA-16384 keys or a 16 MB signed
/// response buys fewer verifications than one that sends P-256 keys, and the total is bounded
/// either way.
///
/// What running out means depends on who runs out. The search stops, and the evaluation fails
/// with the fatal ``TrustCheck/pathBuildingBudget`` unless a path was already accepted, as when
/// its own limits are reached. A piece of evidence the budget cannot pay for (a CRL, an OCSP
/// response, an SCT) is unusable and ignored: a status left undetermined, an SCT not verified.
///
/// A class, as webpki's `Budget` is a `&mut` value threaded through its search: one budget per
/// evaluation, shared by reference by the stages above (and by the evaluations of delegated
/// responders), so that all of them draw from one total.
final class EvaluationBudget {
    /// Work units spent so far (`SignatureWork`, VouchCrypto).
    private(set) var workSpent = 0
    /// Name-constraint comparisons done so far (one subtree against one name).
    var nameConstraintComparisons = 0

    /// A budget of ``TrustLimits/maximumSignatureWork`` units.
    init() {}

    /// Whether the comparisons done exceed ``TrustLimits/maximumNameConstraintComparisons``.
    var nameConstraintsExhausted: Bool { nameConstraintComparisons > TrustLimits.maximumNameConstraintComparisons }

    /// Pays `units` if they fit within ``TrustLimits/maximumSignatureWork``; returns whether they
    /// did (nothing is spent when they do not).
    func spend(_ units: Int) -> Bool {
        guard units <= TrustLimits.maximumSignatureWork - workSpent else { return false }
        workSpent += units
        return true
    }

    /// Pays for one verification with `key` over `signedByteCount` bytes.
    func spend(verifyingWith key: SignatureVerifier.IssuerKey, signedByteCount: Int) -> Bool {
        spend(SignatureWork.verification(key, signedByteCount: signedByteCount))
    }

    /// Verifies `signature` over `signedBytes` if the budget pays for it: `nil` when it does not
    /// (the evidence is then unusable), else the verification's answer.
    func verify(
        algorithm: AlgorithmIdentifier, issuerKey: SubjectPublicKeyInfo, signedBytes: ArraySlice<UInt8>,
        signature: DERBitString
    ) -> SignatureVerification? {
        let key = SignatureVerifier.IssuerKey(issuerKey)
        guard spend(verifyingWith: key, signedByteCount: signedBytes.count) else { return nil }
        var digest: [UInt8]? = nil
        return SignatureVerifier.verify(
            algorithm: algorithm, issuerKey: key, signedBytes: signedBytes, signature: signature, options: .apple,
            digest: &digest)
    }

    /// Verifies `certificate`'s signature with `issuerKey` if the budget pays for it (`nil` otherwise).
    func verify(_ certificate: Certificate, issuerKey: SubjectPublicKeyInfo) -> SignatureVerification? {
        let key = SignatureVerifier.IssuerKey(issuerKey)
        guard spend(verifyingWith: key, signedByteCount: certificate.tbsCertificateBytes.count) else { return nil }
        var digest: [UInt8]? = nil
        return SignatureVerifier.verify(certificate, issuerKey: key, options: .apple, digest: &digest)
    }
}
