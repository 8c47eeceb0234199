import VouchDER
import VouchX509

/// What an evaluation would fetch had it the answer (SECTRUST.md §16): the first half of the
/// two-phase evaluation. VouchTrust's evaluator does no I/O; it says what it is missing, and a
/// fetcher (``TrustFetcher``, or the caller's own, over any transport) gets it and evaluates again
/// with ``FetchedEvidence``.
public enum FetchRequest: Hashable, Sendable {
    /// A missing issuer of `certificate`, the top of a partial path, from its authorityInfoAccess
    /// caIssuers URIs, in order and of every scheme (`SecCAIssuerCopyParents`, §16.2: the
    /// fetcher walks them, skipping non-`http` ones). Asked only with the network on, only once
    /// no acceptable path was found without it, and never for a top outside its validity under
    /// a policy that checks validity.
    case issuers(of: Certificate, uris: [String])
    /// An OCSP answer about `certificate`, issued by `issuer`, from its authorityInfoAccess OCSP
    /// URIs in order (§16.3). `mayUseNetwork` false: from the cache only (a cache is read for
    /// every certificate of every candidate path, the network only when Apple's `allow_fetch`
    /// holds). `onlineCheck`: only cache entries inserted in the last 300 s count
    /// (`kSecRevocationOnlineCheck`).
    case ocsp(certificate: Certificate, issuer: Certificate, uris: [String], mayUseNetwork: Bool, onlineCheck: Bool)
}

/// What came back for ``FetchRequest``s: the second half of the two-phase evaluation, handed to
/// the next evaluation (``Trust/setFetchedEvidence(_:)``).
public struct FetchedEvidence: Sendable {
    /// Certificates fetched as issuers of a certificate (the key), in the order the source gave
    /// them: offered as its parents, after every other source, unfiltered (a fresh response's
    /// certificates are left to the signature check; the cache's were filtered by name, §16.2).
    /// A fetched certificate is never an anchor unless an anchor source holds the same bytes.
    public var issuers: [Certificate: [Certificate]] = [:]
    /// OCSP responses from the cache and the network, judged after the stapled ones exactly as
    /// they are (a response replaces the one kept only with a later thisUpdate).
    public var ocspResponses: [OCSPResponse] = []
    /// The HTTP max-age of those of ``ocspResponses`` that came from a responder, by position in
    /// ``ocspResponses`` (none for one read from a cache). trustd lets it bring a response's expiry
    /// forward (SECTRUST.md §16.3 item 6), which ``RevocationResult/validUntil`` reports.
    public var ocspMaxAges: [Int: Int64] = [:]
    /// The requests already answered, with something or nothing: not asked again.
    public var answered: Set<FetchRequest> = []

    /// Nothing fetched yet.
    public init() {}

}

extension Certificate {
    /// The authorityInfoAccess locations of `method` (caIssuers or OCSP) that are URIs, in order,
    /// as text (`SecCertificateGetCAIssuers`, `SecCertificateGetOCSPResponders`; a URI that is
    /// not ASCII is skipped, as `CFURLCreateWithBytes` refuses it).
    func accessURIs(_ method: OID) -> [String] {
        guard let access = authorityInformationAccess else { return [] }
        return access.descriptions.compactMap { description in
            guard description.method == method, case .uniformResourceIdentifier(let bytes) = description.location,
                bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
            else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
