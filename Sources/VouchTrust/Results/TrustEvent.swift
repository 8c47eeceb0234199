import VouchX509

/// One step of the path search, for people learning how a chain is built and for
/// `vouch verify --explain`: why each candidate was taken, parked or dropped (SECTRUST.md §2).
public enum TrustEvent: Sendable, CustomStringConvertible {
    /// The leaf's own checks ran; failures put the builder in collect-and-score mode (§2.3 step 1).
    case leafChecked(failures: [TrustFailure])
    /// A candidate issuer of the path's top was found by its normalised subject.
    case issuerFound(path: [Certificate], issuer: Certificate, isAnchor: Bool)
    /// The new top failed a parent check: the path is parked, reconsidered only for scoring.
    case parked(path: [Certificate], reason: String)
    /// The issuer's key does not verify the signature below it: the path is discarded.
    case signatureFailed(child: Certificate, issuer: Certificate)
    /// An anchored path was judged by every check.
    case candidateJudged(path: [Certificate], failures: [TrustFailure], accepted: Bool)
    /// Every partial path exhausted the enabled sources; the next parent source is enabled.
    case sourceUnlocked(String)
    /// Nothing was accepted: the parked paths are resumed, for scoring only.
    case reconsideringParked(count: Int)
    /// A path that was not accepted got Apple's score (§2.4).
    case scored(path: [Certificate], score: Int)
    /// The path the evaluation reports, and why it won.
    case chosen(path: [Certificate], reason: String)
    /// A search budget ran out (``TrustLimits``).
    case budgetExhausted
    /// Something the evaluation lacks and a fetcher could get (SECTRUST.md §16).
    case fetchNeeded(FetchRequest)

    /// The line `vouch verify --explain` prints for the event.
    public var description: String {
        switch self {
        case .leafChecked(let failures):
            return failures.isEmpty ? "leaf: its own checks pass"
                : "leaf: fails \(failures.map(\.check.rawValue).joined(separator: ", ")): no path can be accepted; collecting for the best score"
        case .issuerFound(let path, let issuer, let isAnchor):
            return "\(Self.path(path)): issuer candidate \(Self.name(issuer))\(isAnchor ? " (trusted anchor)" : "")"
        case .parked(let path, let reason): return "\(Self.path(path)): parked, \(reason)"
        case .signatureFailed(let child, let issuer):
            return "signature of \(Self.name(child)) does not verify with the key of \(Self.name(issuer)): path dropped"
        case .candidateJudged(let path, let failures, let accepted):
            let verdict = accepted ? "accepted" : "fails \(failures.map(\.description).joined(separator: ", "))"
            return "\(Self.path(path)): anchored candidate, \(verdict)"
        case .sourceUnlocked(let source): return "every partial path exhausted its sources: \(source) enabled"
        case .reconsideringParked(let count): return "nothing accepted: resuming \(count) parked path(s) for scoring"
        case .scored(let path, let score): return "\(Self.path(path)): score \(score)"
        case .chosen(let path, let reason): return "chosen: \(Self.path(path)) (\(reason))"
        case .budgetExhausted: return "search budget exhausted: the search stops here"
        case .fetchNeeded(.issuers(let certificate, let uris)):
            return "\(Self.name(certificate)): no issuer among the sources; would fetch from \(uris.joined(separator: ", "))"
        case .fetchNeeded(.ocsp(let certificate, _, let uris, let network, _)):
            return "\(Self.name(certificate)): no OCSP answer; would ask \(network ? "the cache, then " + uris.joined(separator: ", ") : "the cache")"
        }
    }

    static func name(_ certificate: Certificate) -> String {
        certificate.subject.commonNames.first ?? certificate.subject.rfc4514
    }

    static func path(_ path: [Certificate]) -> String { path.map(name).joined(separator: " → ") }
}
