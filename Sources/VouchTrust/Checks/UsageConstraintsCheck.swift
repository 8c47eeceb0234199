/// `SecPVCCheckUsageConstraints` (SecPolicyServer.c; SECTRUST.md §15.3.5): a certificate of the
/// path whose attached trust settings resolve to Deny fails ``TrustCheck/usageConstraints``
/// at its index, whichever certificate it is (leaf, intermediate or root).
enum UsageConstraintsCheck {
    static func run(_ context: PathContext, settings: PathSettings, into failures: inout [TrustFailure]) {
        for index in context.facts.indices {
            guard let constraints = settings.perIndex[index].constraints, !constraints.isEmpty else { continue }
            if settings.matcher.resolve(constraints, isLeaf: index == 0).result == .deny {
                failures.append(TrustFailure(index: index, check: .usageConstraints))
            }
        }
    }
}
