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
        /// Apple's self-signed, once decided (``CertificatePool/isSelfSigned(_:)``).
        var isSelfSigned: Bool? = nil
        /// The TBS digest, once computed: the same however many issuers it is tried against.
        var digest: [UInt8]? = nil
    }

    /// A child certificate id and an issuer: a certificate id, or a key id in `verificationByKey`.
    private struct Pair: Hashable, Sendable {
        let child: Int
        let issuer: Int
    }

    /// Ranks of system roots start here, after any the evaluation gives (the trust's certificates
    /// and anchors are far fewer than this).
    private static let systemRank = 1 << 40

    private(set) var entries: [Entry] = []
    private var indexByCertificate: [Certificate: Int] = [:]
    private var indexBySubject: [Octets: [Int]] = [:]
    private var signatureCache: [Pair: SignatureVerification] = [:]
    /// Each distinct issuer SubjectPublicKeyInfo (by its DER), read once into the key it verifies
    /// with, however many certificates carry it and however many children it is tried against.
    private var issuerKeys: [Octets: Int] = [:]
    private var preparedKeys: [SignatureVerifier.IssuerKey] = []
    /// Answers by (child, issuer key): near-duplicate issuers (same key, other names or dates) are
    /// common in hostile pools, and a signature's validity depends on the key alone.
    private var verificationByKey: [Pair: SignatureVerification] = [:]
    /// Signature checks done so far (against ``TrustLimits/maximumSignatureChecks``): one per
    /// (child, issuer) pair, as Apple's builder counts them, even when an issuer with the same key
    /// already answered for that child.
    private(set) var signatureChecks = 0
    /// Signatures actually verified: at most one per (child, distinct issuer key).
    private(set) var verificationsPerformed = 0
    /// Verifications shared across evaluations (``Trust/setSignatureVerificationCache(_:)``), asked
    /// before verifying; the per-evaluation caches above still come first.
    var sharedVerifications: SignatureVerificationCache?

    private var nextRank = 0

    /// An empty pool.
    init() {}

    /// The pool of a system store: its roots as ``Membership/system``, in store order.
    init(systemRoots: [Certificate]) {
        for root in systemRoots { _ = insert(root, as: .system, rank: Self.systemRank + entries.count) }
    }

    /// Adds the roots of a system store's pool, with the names and ranks indexed there, as if the
    /// evaluation had started from that pool: a root the evaluation added itself keeps its own
    /// rank and becomes a system member too.
    mutating func merge(systemRootsOf store: CertificatePool) {
        for root in store.entries {
            if let id = indexByCertificate[root.certificate] {
                entries[id].membership.insert(.system)
                entries[id].rank = min(entries[id].rank, root.rank)
                continue
            }
            let id = entries.count
            entries.append(root)
            indexByCertificate[root.certificate] = id
            indexBySubject[Octets(root.normalizedSubject), default: []].append(id)
        }
    }

    /// Makes room for `count` more certificates, so that the indexes of an evaluation grow once.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(entries.count + count)
        indexByCertificate.reserveCapacity(indexByCertificate.count + count)
        indexBySubject.reserveCapacity(indexBySubject.count + count)
        issuerKeys.reserveCapacity(issuerKeys.count + count)
        signatureCache.reserveCapacity(signatureCache.count + 2 * count)
        verificationByKey.reserveCapacity(verificationByKey.count + 2 * count)
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
        indexBySubject[Octets(entry.normalizedSubject), default: []].append(id)
        return id
    }

    subscript(id: Int) -> Entry { entries[id] }

    /// Ids of the members of `membership` whose normalised subject is `child`'s normalised issuer,
    /// in the order they were added (SECTRUST.md §2.2).
    func issuers(of child: Int, in membership: Membership) -> [Int] {
        let found = (indexBySubject[Octets(entries[child].normalizedIssuer)] ?? []).filter { !entries[$0].membership.isDisjoint(with: membership) }
        return found.count < 2 ? found : found.sorted { entries[$0].rank < entries[$1].rank }
    }

    /// Whether the budget allows another signature check.
    var canCheckSignature: Bool { signatureChecks < TrustLimits.maximumSignatureChecks }

    /// Whether `child`'s signature verifies with `issuer`'s key (cached).
    mutating func signatureVerifies(_ child: Int, by issuer: Int) -> Bool {
        let key = Pair(child: child, issuer: issuer)
        if let cached = signatureCache[key] { return cached == .valid }
        signatureChecks += 1
        let spki = entries[issuer].certificate.subjectPublicKeyInfo
        // Remembered from an earlier evaluation: no key to prepare, nothing to hash or verify.
        if let remembered = sharedVerifications?.answer(for: entries[child].certificate, issuerKey: spki) {
            signatureCache[key] = remembered
            return remembered == .valid
        }
        let keyID: Int
        if let known = issuerKeys[Octets(spki.encoded)] {
            keyID = known
        } else {
            keyID = preparedKeys.count
            preparedKeys.append(SignatureVerifier.IssuerKey(spki))
            issuerKeys[Octets(spki.encoded)] = keyID
        }
        let byKey = Pair(child: child, issuer: keyID)
        let answer: SignatureVerification
        if let known = verificationByKey[byKey] {
            answer = known
        } else {
            verificationsPerformed += 1
            var digest = entries[child].digest
            answer = SignatureVerifier.verify(entries[child].certificate, issuerKey: preparedKeys[keyID], digest: &digest)
            entries[child].digest = digest
            verificationByKey[byKey] = answer
        }
        sharedVerifications?.record(answer, for: entries[child].certificate, issuerKey: spki)
        signatureCache[key] = answer
        return answer == .valid
    }

    /// Apple's self-signed (SECTRUST.md §3): issuer equals subject, AKI (when present) equals SKI,
    /// and the signature verifies with the certificate's own key.
    mutating func isSelfSigned(_ id: Int) -> Bool {
        if let cached = entries[id].isSelfSigned { return cached }
        let entry = entries[id]
        var result = entry.normalizedIssuer == entry.normalizedSubject
        if result, let authority = entry.certificate.authorityKeyIdentifier?.keyIdentifier,
            let subject = entry.certificate.subjectKeyIdentifier?.keyIdentifier
        {
            result = authority.elementsEqual(subject)
        }
        if result { result = signatureVerifies(id, by: id) }
        entries[id].isSelfSigned = result
        return result
    }
}
