/// The budget of one evaluation's path search, each limit with its provenance (STYLE.md §5.5).
///
/// Exhausting any of them stops the search: the best path found so far is judged, and if none
/// was accepted, a fatal ``TrustCheck/pathBuildingBudget`` failure says why.
public enum TrustLimits {
    /// Paths built (partial paths extended by one issuer).
    ///
    /// Apple's builder stops after about 100 distinct paths (SECTRUST.md §2.3); real chains need a
    /// handful. A hostile pool of 100 intermediates with one name reaches it quickly and ends.
    public static let maximumPathsBuilt = 100

    /// Signature verifications (path extensions and self-signature checks).
    ///
    /// Go allows 100, webpki 100, pyca 128 per verification; Apple's path limit implies about one
    /// signature per path plus a self-signature check per candidate top, hence 150. A
    /// self-signature counts when it is verified, and it is verified only where an answer is read
    /// (`PathContext.readsSelfSigned`: not for a SHA-2 certificate inside an anchored path), so a
    /// crafted pool of self-issued intermediates exhausts the budget later than it did before
    /// that change (2026-11-25); chains Apple builds are unaffected.
    ///
    /// The count is asked before each path extension, as Apple's builder asks its path count: one
    /// extension may make two checks (the link, and an anchored self-issued root's own
    /// signature), and scoring the candidates after the search verifies pairs it never tried, so
    /// an evaluation can make a few checks more than 150. Those are paid from
    /// ``maximumSignatureWork`` like every other verification.
    public static let maximumSignatureChecks = 150

    /// Work units (`SignatureWork` in VouchCrypto: about 5 µs each on the reference machine) that every
    /// signature verification of one evaluation draws from: the search's, the revocation
    /// checkers', the delegated responders' evaluations and the SCTs' (SECTRUST.md §14).
    ///
    /// 1,500 units is about 8 to 11 ms of arithmetic on the machines measured: 83 verifications
    /// with distinct RSA-4096 keys (18 units each with the hashing of a 1 KiB certificate), 150
    /// with P-256 keys (where ``maximumSignatureChecks`` stops the search as well); a real chain
    /// spends under 100, and a revocation check or an SCT 10 to 20 more each. 26 P-384, 18 P-521
    /// or one RSA-16384 verification with a 33-bit exponent exhaust it. The rest of the 25 ms
    /// ceiling (BENCHMARKS.md, "Worst cost (issue 38)") is parsing and the checks, which the
    /// other limits bound.
    public static let maximumSignatureWork = 1_500

    /// Name-constraint comparisons (one subtree against one name).
    ///
    /// Go's and webpki's bound (250,000): a 2048×2048 constraints-by-names attack is cut off in
    /// milliseconds while any real PKI stays orders of magnitude below.
    public static let maximumNameConstraintComparisons = 250_000

    /// Subtrees in one permitted or excluded list of name constraints, and in the lists carried
    /// down a path: a list that reaches it is refused with a NameConstraints failure, without a
    /// comparison.
    ///
    /// Apple's `POLICY_SUBTREES_MAX` (trust/trustd/SecPolicyServer.c), kept for its answer: a CA
    /// with 1,024 subtrees fails there rather than spending the comparison budget below. The
    /// extension parser reads at most 8,193 subtrees of a list (`NameConstraints.maximumSubtreesRead`).
    public static let maximumNameConstraintSubtrees = 1_024

    /// Longest chain considered, certificates from leaf to anchor included.
    ///
    /// No public PKI is deeper than about 6; pyca allows 8 intermediates, mozilla::pkix 6 sub-CAs.
    /// Apple has no fixed limit but its 100-path budget bounds depth in practice; 16 keeps hostile
    /// cycles short without affecting real chains.
    public static let maximumChainLength = 16

    // MARK: Fetching (SECTRUST.md §16)

    /// Evaluations one ``TrustFetcher/evaluate(_:)`` runs after its first: each fetches what the
    /// previous one lacked. A missing intermediate takes one round and its OCSP answers another;
    /// 8 covers a chain missing six levels of issuers, far beyond any real server's mistake, and
    /// bounds how long a peer whose certificates name fetchable issuers without end can keep it going.
    public static let maximumFetchRounds = 8

    /// Requests one ``TrustFetcher/evaluate(_:)`` makes in all (Vouch's bound; Apple has none):
    /// each may take the 3 s deadline, so 16 bounds a hostile chain's cost to under a minute
    /// while a real one makes one to four (an issuer, then an OCSP answer per certificate).
    public static let maximumFetchRequests = 16

    /// Apple's `CA_ISSUERS_REQUEST_THRESHOLD`: a certificate with this many caIssuers URIs or
    /// more, of any scheme, has none fetched (its cache entry still serves).
    public static let maximumCAIssuersURIs = 10

    /// Apple's `OCSP_REQUEST_THRESHOLD`: a certificate with more OCSP URIs than this has none asked.
    public static let maximumOCSPURIs = 10

    /// Apple's `MAX_TASKS`: requests started for one certificate's URIs, caIssuers or OCSP.
    public static let maximumRequestsPerCertificate = 3

    /// Apple's `MAX_TIMEOUTS`: timeouts after which a host is skipped.
    public static let maximumTimeouts = 2

    /// Apple's `TIMEOUT_BACKOFF`: how long, in seconds, a host that timed out too often is skipped.
    public static let timeoutBackoffSeconds: Int64 = 60

    /// Apple's `kSecOCSPResponseOnlineTTL`: under `kSecRevocationOnlineCheck`, the age in seconds
    /// past which a cached OCSP response does not count.
    public static let onlineCheckCacheAge: Int64 = 300
}
