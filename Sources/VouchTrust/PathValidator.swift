/// Runs every check of the policies on one path and lists the failures (SECTRUST.md §4, §11 step 7).
enum PathValidator {
    static func failures(
        _ context: PathContext, nameConstraintBudget: inout NameConstraintsCheck.Budget, revocation: inout RevocationChecker
    ) -> [TrustFailure] {
        var failures: [TrustFailure] = []
        StructuralChecks.run(context, into: &failures)
        NameConstraintsCheck.run(context, budget: &nameConstraintBudget, into: &failures)
        if nameConstraintBudget.isExhausted { failures.append(TrustFailure(index: 0, check: .pathBuildingBudget)) }
        PolicyConstraintsCheck.run(context, into: &failures)
        BasicX509Checks.run(context, into: &failures)
        if context.policies.contains(where: { if case .ssl = $0 { return true } else { return false } }) {
            SSLChecks.run(context, into: &failures)
        }
        revocation.run(context, into: &failures)
        if !context.profile.isApple { StrictProfileChecks.run(context, into: &failures) }
        return Array(Set(failures)).sorted { ($0.index, order[$0.check] ?? 0) < ($1.index, order[$1.check] ?? 0) }
    }

    /// A fixed order of checks, for stable output.
    static let order: [TrustCheck: Int] = Dictionary(uniqueKeysWithValues: TrustCheck.allCases.enumerated().map { ($1, $0) })

    /// The failures that decide before any path exists: checks of the leaf alone (SECTRUST.md §2.3
    /// step 1). If any fails, no path can be accepted.
    static let leafOnlyChecks: Set<TrustCheck> = [
        .temporalValidity, .weakKeySize, .keySize, .sslHostname, .extendedKeyUsage, .nonEmptySubject,
        .unparseableExtension, .duplicateExtension, .otherTrustValidityPeriod,
    ]
}
