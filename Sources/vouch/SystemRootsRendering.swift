import VouchTrust
import VouchX509

/// What `--explain` says of the system domain when a chain is not anchored: why the root at its
/// top is no anchor of Apple's store (SECTRUST.md §17), so that a refusal that only a Mac would
/// give is never a mystery on Linux.
enum SystemRootsRendering {
    /// The notes for `evaluation` under `store`: none when the chain is anchored or the store is
    /// not Apple's. The top is looked up in Apple's removed certificates, its constrained-anchor
    /// table and, last, the distribution's store.
    static func notes(_ evaluation: TrustEvaluation, store: SystemTrustStore) -> [String] {
        guard store.kind == .apple, !evaluation.isAnchored, let top = evaluation.chain.last else { return [] }
        let snapshot = AppleTrustStoreSnapshot.embedded
        let name = top.subject.rfc4514
        if let removed = snapshot.removal(of: top) {
            return ["system roots: Apple removed \(name) from its store (certificates/\(removed.folder) at \(snapshot.tag)); a Mac does not trust it"]
        }
        let records = snapshot.anchorRecords(for: top).filter { $0.kind != .system }
        if !records.isEmpty {
            let policies = Set(records.flatMap(\.policies)).sorted()
            let kinds = Set(records.map(\.kind.rawValue)).sorted().joined(separator: ", ")
            return ["system roots: Apple's store holds \(name) only as a constrained anchor (\(kinds)) "
                + (policies.isEmpty ? "for no policy" : "for Apple's policies \(policies.joined(separator: ", "))")
                + " (SECTRUST.md §17.3): not for this evaluation's policy"]
        }
        if SystemTrustStore.linux.contains(top) {
            return ["system roots: \(name) is in the distribution's store but not in Apple's (\(snapshot.tag)); --system-roots linux trusts it"]
        }
        return []
    }
}
