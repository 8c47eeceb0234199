import VouchCrypto
import VouchDER
import VouchX509

/// Every certificate one evaluation may use, each once (identity is DER equality), with what the
/// path builder asks of them computed once: normalised names, self-signature, signature checks.
///
/// The system roots are indexed once per ``SystemTrustStore`` (``init(systemRoots:)``); an
/// evaluation starts from that pool (a copy-on-write copy, not a re-index) and adds its own
/// certificates. Issuers are returned in the order of SECTRUST.md §2.2 (the caller's certificates
/// and anchors in the order added, then the system roots in store order) whatever the ids are.
struct CertificatePool: Sendable {
    /// Where a certificate may come from (SECTRUST.md §2.1); one certificate may be in several.
    struct Membership: OptionSet {
        let rawValue: UInt8
        static let input = Membership(rawValue: 1)
        static let appAnchor = Membership(rawValue: 2)
        static let system = Membership(rawValue: 4)
    }

    struct Entry {
        let certificate: Certificate
        let normalizedSubject: [UInt8]
        let normalizedIssuer: [UInt8]
        var membership: Membership
        /// Where the certificate stands in issuer order: the order of its first addition by the
        /// evaluation, or after all of those for a system root the evaluation did not add itself.
        var rank: Int
    }

    /// A pair of certificate ids, the key of the signature cache.
    private struct Pair: Hashable, Sendable {
        let child: Int
        let issuer: Int
    }

    /// Ranks of system roots start here, after any the evaluation gives (the trust's certificates
    /// and anchors are far fewer than this).
    private static let systemRank = 1 << 40

    private(set) var entries: [Entry] = []
    private var indexByCertificate: [Certificate: Int] = [:]
    private var indexBySubject: [[UInt8]: [Int]] = [:]
    private var signatureCache: [Pair: SignatureVerification] = [:]
    private var selfSignedCache: [Int: Bool] = [:]
    /// Signature verifications done so far (against ``TrustLimits/maximumSignatureChecks``).
    private(set) var signatureChecks = 0

    private var nextRank = 0

    /// An empty pool.
    init() {}

    /// The pool of a system store: its roots as ``Membership/system``, in store order.
    init(systemRoots: [Certificate]) {
        for root in systemRoots { _ = insert(root, as: .system, rank: Self.systemRank + entries.count) }
    }

    /// Adds `certificate` as a member of `membership`; returns its id.
    @discardableResult
    mutating func add(_ certificate: Certificate, as membership: Membership) -> Int {
        defer { nextRank += 1 }
        return insert(certificate, as: membership, rank: nextRank)
    }

    private mutating func insert(_ certificate: Certificate, as membership: Membership, rank: Int) -> Int {
        if let id = indexByCertificate[certificate] {
            entries[id].membership.insert(membership)
            entries[id].rank = min(entries[id].rank, rank)
            return id
        }
        let id = entries.count
        let entry = Entry(certificate: certificate, normalizedSubject: certificate.subject.appleNormalizedEncoding,
                          normalizedIssuer: certificate.issuer.appleNormalizedEncoding, membership: membership, rank: rank)
        entries.append(entry)
        indexByCertificate[certificate] = id
        indexBySubject[entry.normalizedSubject, default: []].append(id)
        return id
    }

    subscript(id: Int) -> Entry { entries[id] }

    /// Ids of the members of `membership` whose normalised subject is `child`'s normalised issuer,
    /// in the order they were added (SECTRUST.md §2.2).
    func issuers(of child: Int, in membership: Membership) -> [Int] {
        let found = (indexBySubject[entries[child].normalizedIssuer] ?? []).filter { !entries[$0].membership.isDisjoint(with: membership) }
        return found.count < 2 ? found : found.sorted { entries[$0].rank < entries[$1].rank }
    }

    /// Whether the budget allows another signature check.
    var canCheckSignature: Bool { signatureChecks < TrustLimits.maximumSignatureChecks }

    /// Whether `child`'s signature verifies with `issuer`'s key (cached).
    mutating func signatureVerifies(_ child: Int, by issuer: Int) -> Bool {
        let key = Pair(child: child, issuer: issuer)
        if let cached = signatureCache[key] { return cached == .valid }
        signatureChecks += 1
        let answer = SignatureVerifier.verify(entries[child].certificate, issuerKey: entries[issuer].certificate.subjectPublicKeyInfo)
        signatureCache[key] = answer
        return answer == .valid
    }

    /// Apple's self-signed (SECTRUST.md §3): issuer equals subject, AKI (when present) equals SKI,
    /// and the signature verifies with the certificate's own key.
    mutating func isSelfSigned(_ id: Int) -> Bool {
        if let cached = selfSignedCache[id] { return cached }
        let entry = entries[id]
        var result = entry.normalizedIssuer == entry.normalizedSubject
        if result, let authority = entry.certificate.authorityKeyIdentifier?.keyIdentifier,
            let subject = entry.certificate.subjectKeyIdentifier?.keyIdentifier
        {
            result = authority.elementsEqual(subject)
        }
        if result { result = signatureVerifies(id, by: id) }
        selfSignedCache[id] = result
        return result
    }
}
