import Synchronization
import VouchCrypto
import VouchDER
import VouchX509

/// Every certificate one evaluation may use, each once (identity is DER equality), with what the
/// path builder asks of them computed once: normalised names, self-signature, signature checks.
///
/// The system roots are indexed once per ``SystemTrustStore`` (a ``Layer``); an evaluation that
/// trusts them starts from that layer, shared and never copied, and adds its own certificates
/// beside it (ids after the layer's), so a store of 140 roots costs an evaluation nothing until a
/// root is used. Issuers are returned in the order of SECTRUST.md §2.2 (the caller's certificates
/// and anchors in the order added, then the system roots in store order) whatever the ids are.
struct CertificatePool {
    /// Where a certificate may come from (SECTRUST.md §2.1); one certificate may be in several.
    struct Membership: OptionSet {
        let rawValue: UInt8
        static let input = Membership(rawValue: 1)
        static let appAnchor = Membership(rawValue: 2)
        static let system = Membership(rawValue: 4)
        /// In the caller's user or admin trust settings (SECTRUST.md §15).
        static let settings = Membership(rawValue: 8)
        /// Fetched from a caIssuers URI (SECTRUST.md §16.2): the last parent source, never an anchor source.
        static let fetched = Membership(rawValue: 16)
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
    fileprivate static let systemRank = 1 << 40

    /// The indexed roots of one system store, read-only and shared by every evaluation that
    /// starts from them: ids `0..<entries.count` of such a pool.
    final class Layer: Sendable {
        let entries: [Entry]
        let indexByCertificate: SmallMap<Certificate, Int>
        let indexBySubject: SmallMap<Octets, [Int]>
        /// What evaluations derive from a root and never change, made on first use and kept as
        /// long as the store: its facts and its prepared key. A root is an anchor of every
        /// evaluation that trusts the store, so reading them again for each connection would
        /// repeat the same work (an RSA-2048 root's key set-up alone costs about a tenth of an
        /// RSA verification; BoringSSL likewise keeps an RSA key's Montgomery set-up in the key).
        private let derived: Mutex<Derived>

        private struct Derived: Sendable {
            var facts: [CertificateFacts?]
            var keys: [SignatureVerifier.IssuerKey?]
        }

        /// The roots as ``Membership/system``, in store order (a duplicate is indexed once).
        init(systemRoots: [Certificate]) {
            var pool = CertificatePool()
            for root in systemRoots { _ = pool.insert(root, as: .system, rank: CertificatePool.systemRank + pool.added.count) }
            entries = pool.added
            indexByCertificate = pool.indexByCertificate
            indexBySubject = pool.indexBySubject
            derived = Mutex(Derived(facts: Array(repeating: nil, count: pool.added.count),
                                    keys: Array(repeating: nil, count: pool.added.count)))
        }

        /// The facts of root `id` (`0..<entries.count`), read once for the store.
        func facts(_ id: Int) -> CertificateFacts {
            if let known = derived.withLock({ $0.facts[id] }) { return known }
            // Read outside the lock: two evaluations may both read a root's facts at first, and
            // the first kept is the one everybody uses afterwards (both are the same).
            let read = CertificateFacts(entries[id].certificate)
            return derived.withLock { state in
                if let known = state.facts[id] { return known }
                state.facts[id] = read
                return read
            }
        }

        /// The key of root `id`, prepared once for the store.
        func issuerKey(_ id: Int) -> SignatureVerifier.IssuerKey {
            if let known = derived.withLock({ $0.keys[id] }) { return known }
            let prepared = SignatureVerifier.IssuerKey(entries[id].certificate.subjectPublicKeyInfo)
            return derived.withLock { state in
                if let known = state.keys[id] { return known }
                state.keys[id] = prepared
                return prepared
            }
        }
    }

    /// The facts of `id` when it is one of the shared layer's roots (kept by the store).
    func layerFacts(_ id: Int) -> CertificateFacts? {
        guard let layer, id < layer.entries.count else { return nil }
        return layer.facts(id)
    }

    /// The shared roots this pool starts from, if any.
    private let layer: Layer?
    /// The layer's entries this evaluation changed (membership, rank, cached verdicts).
    private var layerChanges = SmallMap<Int, Entry>()
    /// The evaluation's own certificates, ids from `layerCount` on, and their indexes.
    private var added: [Entry] = []
    private var indexByCertificate = SmallMap<Certificate, Int>()
    private var indexBySubject = SmallMap<Octets, [Int]>()

    private var layerCount: Int { layer?.entries.count ?? 0 }
    /// The number of certificates: ids are `0..<count`.
    var count: Int { layerCount + added.count }
    private var signatureCache = SmallMap<Pair, SignatureVerification>()
    /// Each distinct issuer SubjectPublicKeyInfo (by its DER), read once into the key it verifies
    /// with, however many certificates carry it and however many children it is tried against.
    private var issuerKeys = SmallMap<Octets, Int>()
    private var preparedKeys: [SignatureVerifier.IssuerKey] = []
    /// Answers by (child, issuer key): near-duplicate issuers (same key, other names or dates) are
    /// common in hostile pools, and a signature's validity depends on the key alone.
    private var verificationByKey = SmallMap<Pair, SignatureVerification>()
    /// Signature checks done so far (against ``TrustLimits/maximumSignatureChecks``): one per
    /// (child, issuer) pair, as Apple's builder counts them, even when an issuer with the same key
    /// already answered for that child.
    private(set) var signatureChecks = 0
    /// Signatures actually verified: at most one per (child, distinct issuer key).
    private(set) var verificationsPerformed = 0
    /// Verifications shared across evaluations (``Trust/setSignatureVerificationCache(_:)``), asked
    /// before verifying; the per-evaluation caches above still come first.
    var sharedVerifications: SignatureVerificationCache?
    /// What each verification performed is paid from (``EvaluationBudget``): the judge's, so that
    /// the search and the evidence draw from one total. A remembered answer costs nothing.
    var budget = EvaluationBudget()
    /// Whether a verification found the budget unable to pay for it: it was not done, its pair
    /// answered as not verifying (and was not remembered), and the search must stop.
    private(set) var isStarved = false

    private var nextRank = 0

    /// An empty pool.
    init() { layer = nil }

    /// A pool that starts from a system store's indexed roots (shared, not copied).
    init(startingFrom layer: Layer) { self.layer = layer }

    /// Adds the roots of a system store's layer, with the names and ranks indexed there, as if the
    /// evaluation had started from them: a root the evaluation added itself keeps its own rank and
    /// becomes a system member too.
    mutating func merge(systemRootsOf store: Layer) {
        for root in store.entries {
            if let id = id(of: root.certificate) {
                update(id) { entry in
                    entry.membership.insert(.system)
                    entry.rank = min(entry.rank, root.rank)
                }
                continue
            }
            let id = count
            added.append(root)
            indexByCertificate[root.certificate] = id
            indexBySubject.update(Octets(root.normalizedSubject), default: []) { $0.append(id) }
        }
    }

    /// Makes room for `count` more certificates, so that the indexes of an evaluation grow once.
    mutating func reserveCapacity(_ count: Int) {
        added.reserveCapacity(added.count + count)
        indexByCertificate.reserve(count)
        indexBySubject.reserve(count)
        signatureCache.reserve(2 * count)
        // Only a verification fills these (an evaluation whose answers all come from a shared
        // cache never does): reserved on first use.
        reservedVerifications += count
    }

    /// Certificates announced by ``reserveCapacity(_:)``: the size the verification indexes are
    /// given on first use.
    private var reservedVerifications = 0

    /// Adds `certificate` as a member of `membership`; returns its id.
    @discardableResult
    mutating func add(_ certificate: Certificate, as membership: Membership) -> Int {
        defer { nextRank += 1 }
        return insert(certificate, as: membership, rank: nextRank)
    }

    fileprivate mutating func insert(_ certificate: Certificate, as membership: Membership, rank: Int) -> Int {
        if let id = id(of: certificate) {
            update(id) { entry in
                entry.membership.insert(membership)
                entry.rank = min(entry.rank, rank)
            }
            return id
        }
        let id = count
        let subject = normalized(certificate.subject)
        let issuer = certificate.issuer.encoded == certificate.subject.encoded ? subject : normalized(certificate.issuer)
        let entry = Entry(certificate: certificate, normalizedSubject: subject, normalizedIssuer: issuer,
                          membership: membership, rank: rank)
        added.append(entry)
        indexByCertificate[certificate] = id
        indexBySubject.update(Octets(entry.normalizedSubject), default: []) { $0.append(id) }
        return id
    }

    /// `name`'s ``DistinguishedName/appleNormalizedEncoding``, shared with one of the last few
    /// certificates added when it has the same encoding (a chain added in order names each
    /// issuer again as the next certificate's subject): one array for both.
    private func normalized(_ name: DistinguishedName) -> [UInt8] {
        for entry in added.suffix(Self.namesReused).reversed() {
            if entry.certificate.subject.encoded == name.encoded { return entry.normalizedSubject }
            if entry.certificate.issuer.encoded == name.encoded { return entry.normalizedIssuer }
        }
        return name.appleNormalizedEncoding
    }

    /// How many of the last certificates added ``normalized(_:)`` compares names with.
    private static let namesReused = 4

    /// The id of `certificate` (DER equality), if it is in the pool.
    func id(of certificate: Certificate) -> Int? {
        layer?.indexByCertificate[certificate] ?? indexByCertificate[certificate]
    }

    subscript(id: Int) -> Entry { read(id) { $0 } }

    /// What `field` reads of entry `id`, without copying the entry (a copy retains the
    /// certificate and three arrays, and releases them again, for a caller that wants one field).
    @inline(__always)
    func read<Field>(_ id: Int, _ field: (Entry) -> Field) -> Field {
        if let layer, id < layer.entries.count {
            if !layerChanges.isEmpty, let changed = layerChanges[id] { return field(changed) }
            return field(layer.entries[id])
        }
        return field(added[id - layerCount])
    }

    /// Changes entry `id` in place, or, for a layer entry, in this evaluation's copy of it.
    private mutating func update(_ id: Int, _ change: (inout Entry) -> Void) {
        if let layer, id < layer.entries.count {
            var entry = layerChanges[id] ?? layer.entries[id]
            change(&entry)
            layerChanges[id] = entry
        } else {
            change(&added[id - layerCount])
        }
    }

    /// Ids of the members of `membership` whose normalised subject is `child`'s normalised issuer,
    /// in the order they were added (SECTRUST.md §2.2): the layer's before the evaluation's own.
    func issuers(of child: Int, in membership: Membership) -> [Int] {
        let subject = Octets(read(child) { $0.normalizedIssuer })
        let own = indexBySubject[subject] ?? []
        let candidates = layer.flatMap { $0.indexBySubject[subject] }.map { $0 + own } ?? own
        // Usually every candidate is a member: the indexed array is returned as it is, not copied.
        // (The closures are written as arguments, not kept in a local, so that they borrow the
        // pool instead of capturing a copy of it.)
        let found = candidates.allSatisfy { !read($0) { $0.membership }.isDisjoint(with: membership) }
            ? candidates : candidates.filter { !read($0) { $0.membership }.isDisjoint(with: membership) }
        return found.count < 2 ? found : found.sorted { read($0) { $0.rank } < read($1) { $0.rank } }
    }

    /// Whether the budget allows another signature check: fewer than
    /// ``TrustLimits/maximumSignatureChecks`` so far, and no verification refused for want of work.
    var canCheckSignature: Bool { signatureChecks < TrustLimits.maximumSignatureChecks && !isStarved }

    /// Whether `child`'s signature verifies with `issuer`'s key (cached).
    mutating func signatureVerifies(_ child: Int, by issuer: Int) -> Bool {
        let key = Pair(child: child, issuer: issuer)
        if let cached = signatureCache[key] { return cached == .valid }
        signatureChecks += 1
        let spki = read(issuer) { $0.certificate.subjectPublicKeyInfo }
        // Remembered from an earlier evaluation: no key to prepare, nothing to hash or verify.
        let certificate = read(child) { $0.certificate }
        if let remembered = sharedVerifications?.answer(for: certificate, issuerKey: spki) {
            signatureCache[key] = remembered
            return remembered == .valid
        }
        if issuerKeys.isEmpty {
            issuerKeys.reserve(reservedVerifications)
            verificationByKey.reserve(2 * reservedVerifications)
        }
        let keyOctets = Octets(spki.encoded)
        let keyID: Int
        if let known = issuerKeys[keyOctets] {
            keyID = known
        } else {
            keyID = preparedKeys.count
            if let layer, issuer < layer.entries.count {
                preparedKeys.append(layer.issuerKey(issuer))
            } else {
                preparedKeys.append(SignatureVerifier.IssuerKey(spki))
            }
            issuerKeys[keyOctets] = keyID
        }
        let byKey = Pair(child: child, issuer: keyID)
        let answer: SignatureVerification
        if let known = verificationByKey[byKey] {
            answer = known
        } else {
            guard budget.spend(verifyingWith: preparedKeys[keyID], signedByteCount: certificate.tbsCertificateBytes.count) else {
                isStarved = true
                return false
            }
            verificationsPerformed += 1
            var digest = read(child) { $0.digest }
            answer = SignatureVerifier.verify(certificate, issuerKey: preparedKeys[keyID], digest: &digest)
            update(child) { $0.digest = digest }
            verificationByKey[byKey] = answer
        }
        sharedVerifications?.record(answer, for: certificate, issuerKey: spki)
        signatureCache[key] = answer
        return answer == .valid
    }

    /// Apple's self-signed (SECTRUST.md §3): issuer equals subject, AKI (when present) equals SKI,
    /// and the signature verifies with the certificate's own key.
    mutating func isSelfSigned(_ id: Int) -> Bool {
        let entry = self[id]
        if let cached = entry.isSelfSigned { return cached }
        var result = entry.normalizedIssuer == entry.normalizedSubject && SelfSignature.keyIdentifiersAgree(entry.certificate)
        if result { result = signatureVerifies(id, by: id) }
        // An answer the budget could not pay for is not remembered (see ``isStarved``).
        if !isStarved { update(id) { $0.isSelfSigned = result } }
        return result
    }
}
