import Synchronization
import VouchCrypto
import VouchX509

/// A bounded, thread-safe memory of certificate signature verifications, shared by evaluations
/// (``Trust/setSignatureVerificationCache(_:)``): what a client that reconnects to the same
/// servers would otherwise verify again each time. Apple's trust daemon keeps such a cache too.
///
/// An entry is keyed by the whole certificate (its DER holds the signed TBSCertificate, the
/// signature algorithm and the signature) and the issuer's whole SubjectPublicKeyInfo, compared
/// byte for byte, so a hit can only ever give the answer a fresh verification of the same bytes
/// would give. Entries are copies, so a cache never keeps a caller's larger buffers (a PEM
/// bundle) alive. When full, the oldest entry goes first.
///
/// Only the arithmetic is skipped: every evaluation still builds and checks its paths, counts
/// its signature checks against ``TrustLimits/maximumSignatureChecks`` as before and reaches the
/// same result, cache or not.
///
/// ```swift
/// let cache = SignatureVerificationCache()
/// var trust = try Trust(certificates: chain, policies: [.ssl(server: true, hostname: host)])
/// trust.setSignatureVerificationCache(cache)   // the same cache for every connection
/// ```
public final class SignatureVerificationCache: Sendable {
    /// The default capacity: 1,024 verifications. A TLS client's chain is two or three links, so
    /// this holds the chains of some 400 servers; an entry holds a copy of the certificate and
    /// the issuer's key, about 1.5 KB for the usual RSA-2048 and P-256 certificates, so a full
    /// cache is about 1.5 MB.
    public static let defaultCapacity = 1_024

    /// What a verification was keyed by: the certificate's DER and the issuer key's DER, each
    /// hashed and compared in bulk (``Octets``). A lookup uses the caller's slices as they are (no
    /// copy, no allocation); a recorded key owns copies.
    struct Key: Hashable, Sendable {
        let certificate: Octets
        let issuerKey: Octets
    }

    private struct State: Sendable {
        var answers: [Key: SignatureVerification] = [:]
        /// Keys in the order they were added: `order[oldest...]` wraps around, so eviction is O(1).
        var order: [Key] = []
        var oldest = 0
        var hits = 0
        var misses = 0
    }

    /// The most verifications kept; the oldest is forgotten first.
    public let capacity: Int
    private let state = Mutex(State())

    /// An empty cache keeping at most `capacity` verifications (at least one).
    public init(capacity: Int = defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// The verifications kept now.
    public var count: Int { state.withLock { $0.answers.count } }

    /// How often an evaluation found its answer here, and how often it had to verify.
    public var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// Forgets every verification (and the statistics).
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// The remembered answer for `certificate` under the key `issuerKey`, if any.
    func answer(for certificate: Certificate, issuerKey: SubjectPublicKeyInfo) -> SignatureVerification? {
        let key = Key(certificate: Octets(certificate.derEncoded), issuerKey: Octets(issuerKey.encoded))
        return state.withLock { state in
            let answer = state.answers[key]
            if answer == nil { state.misses += 1 } else { state.hits += 1 }
            return answer
        }
    }

    /// Remembers `answer` for `certificate` under `issuerKey`, forgetting the oldest entry when full.
    func record(_ answer: SignatureVerification, for certificate: Certificate, issuerKey: SubjectPublicKeyInfo) {
        let lookup = Key(certificate: Octets(certificate.derEncoded), issuerKey: Octets(issuerKey.encoded))
        state.withLock { state in
            guard state.answers[lookup] == nil else { return }
            // The stored key owns copies of the octets (see the type's documentation).
            let key = Key(certificate: Octets(Array(lookup.certificate.bytes)), issuerKey: Octets(Array(lookup.issuerKey.bytes)))
            state.answers[key] = answer
            if state.order.count < capacity {
                state.order.append(key)
            } else {
                state.answers[state.order[state.oldest]] = nil
                state.order[state.oldest] = key
                state.oldest = (state.oldest + 1) % capacity
            }
        }
    }
}
