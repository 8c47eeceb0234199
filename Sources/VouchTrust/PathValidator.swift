/// Runs every check of the policies on one path and lists the failures (SECTRUST.md §4, §11 step 7).
enum PathValidator {
    /// The failures of one path, and what trust settings and exceptions did to it.
    struct Judgement {
        /// The failures left once allowed errors and exceptions are taken out.
        var failures: [TrustFailure]
        /// Anchoring, Deny, allowed errors, exceptions and Proceed, in chain order.
        var decisions: [TrustDecision] = []
        /// Whether a pass is Proceed rather than Unspecified (§15.3.5, §15.4.3).
        var proceeds = false
    }

    static func failures(
        _ context: PathContext, nameConstraintBudget: inout NameConstraintsCheck.Budget, revocation: inout RevocationChecker
    ) -> [TrustFailure] {
        judgement(context, nameConstraintBudget: &nameConstraintBudget, revocation: &revocation).failures
    }

    /// The failures of one path with the trust settings' and exceptions' part in them.
    static func judgement(
        _ context: PathContext, nameConstraintBudget: inout NameConstraintsCheck.Budget, revocation: inout RevocationChecker
    ) -> Judgement {
        let all = checkedFailures(context, nameConstraintBudget: &nameConstraintBudget, revocation: &revocation)
        guard let settings = context.settings else { return Judgement(failures: all) }
        return judged(all, context: context, settings: settings)
    }

    /// Takes out the failures allowed errors and exceptions waive, and says whether a pass is
    /// Proceed (SECTRUST.md §15.3.5–§15.4.3).
    static func judged(_ all: [TrustFailure], context: PathContext, settings: PathSettings) -> Judgement {
        var judgement = Judgement(failures: [])
        let top = context.topIndex
        if context.isAnchored, let domain = settings.perIndex[top].domain {
            let constraints = settings.perIndex[top].constraints ?? []
            let decided = settings.matcher.resolve(constraints, isLeaf: top == 0).constraint
            judgement.decisions.append(TrustDecision(kind: .anchored, index: top, domain: domain, constraint: decided))
        }
        for failure in all {
            if let waiver = settings.waiver(for: failure) {
                judgement.decisions.append(waiver)
            } else {
                judgement.failures.append(failure)
                if failure.check == .usageConstraints, let constraints = settings.perIndex[failure.index].constraints {
                    let decided = settings.matcher.resolve(constraints, isLeaf: failure.index == 0).constraint
                    judgement.decisions.append(TrustDecision(
                        kind: .denied, index: failure.index, domain: settings.perIndex[failure.index].domain, constraint: decided))
                }
            }
        }
        guard judgement.failures.isEmpty else { return judgement }
        for (index, certificate) in settings.perIndex.enumerated() where certificate.inUserStore {
            let resolved = settings.matcher.resolve(certificate.constraints ?? [], isLeaf: index == 0)
            if resolved.result == .trustRoot || resolved.result == .trustAsRoot || resolved.result == .invalid {
                judgement.proceeds = true
                judgement.decisions.append(TrustDecision(kind: .proceed, index: index, domain: certificate.domain, constraint: resolved.constraint))
            }
        }
        if settings.exceptions != nil {
            judgement.proceeds = true
            judgement.decisions.append(TrustDecision(kind: .proceedWithExceptions, index: 0))
        }
        return judgement
    }

    /// Every check's failures, before trust settings and exceptions waive any.
    static func checkedFailures(
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
        context.transparency?.run(context, into: &failures)
        if !context.profile.isApple { StrictProfileChecks.run(context, into: &failures) }
        if let settings = context.settings { UsageConstraintsCheck.run(context, settings: settings, into: &failures) }
        let inOrder = { (a: TrustFailure, b: TrustFailure) in (a.index, order[a.check] ?? 0) < (b.index, order[b.check] ?? 0) }
        guard failures.count > 1 else { return failures }
        // A few failures (the usual case) are deduplicated by comparison, in place, without a set.
        guard failures.count <= 16 else { return Array(Set(failures)).sorted(by: inOrder) }
        var unique = 0
        for index in failures.indices where !failures[..<unique].contains(failures[index]) {
            failures.swapAt(unique, index)
            unique += 1
        }
        failures.removeLast(failures.count - unique)
        failures.sort(by: inOrder)
        return failures
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
