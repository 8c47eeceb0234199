/// The bounds of revocation checking in one evaluation, each with its reason (STYLE.md §5.5).
///
/// None of them can make a revoked certificate look good by itself: past a bound, a status is
/// *undetermined*, which is a failure when a positive response is required
/// (``Trust/setRevocationResponseRequired(_:)``) and Apple's soft failure otherwise.
public enum RevocationLimits {
    /// CRLs considered; CRLs given beyond this number are ignored.
    ///
    /// Real deployments hand over a CRL or two per CA; the NIST PKITS suite, the largest set a
    /// conformance run supplies, has 173. 1,024 keeps the per-evaluation index small.
    public static let maximumCRLs = 1_024

    /// Signature verifications for revocation: CRL signatures and certificates of CRL signers
    /// found in the pool.
    ///
    /// Go and webpki allow 100 signature checks per path search; each CRL needs one check per
    /// candidate signer (usually the issuing CA alone) and results are cached, so 100 covers
    /// paths of a dozen certificates with separate CRL signers several times over.
    public static let maximumSignatureChecks = 100

    /// How deep the status of a CRL signer's own certificate is checked (RFC 5280 §6.3.3 (f):
    /// the CRL issuer's path must be validated, revocation included).
    ///
    /// Depth 1 is the path's certificates; 2 checks a separate CRL signer's certificate; 3 the
    /// signer of that certificate's CRL. Deeper indirection does not occur in practice (PKITS
    /// needs 2) and a cycle of CRL signers would otherwise recurse without end.
    public static let maximumSignerDepth = 3

    /// OCSP responses considered (``Trust/setOCSPResponses(_:)``); responses beyond this number
    /// are ignored.
    ///
    /// A TLS handshake staples one response (RFC 6066) or one per certificate of the chain
    /// (RFC 6961's status_request_v2); a caller that fetched responses has one per certificate.
    /// 64 covers the deepest chains the path builder accepts with room for stale duplicates,
    /// and bounds the work an attacker-chosen list can cause (each response costs up to two
    /// signature checks and a signer evaluation per certificate of a path).
    public static let maximumOCSPResponses = 64

    /// Delegated OCSP responders evaluated (each is a trust evaluation of its own, under Apple's
    /// OCSPSigner rules, anchored at the issuing CA's chain).
    ///
    /// Results are cached per responder and CA, and one per certificate of a path suffices in
    /// practice; 16 covers a chain whose every certificate has its own delegated responder.
    public static let maximumOCSPSignerEvaluations = 16
}
