import Testing
import VouchX509

@testable import VouchTrust

/// One path for ``PolicyConstraintsCheck``: parts top first (the anchor first when anchored) and
/// the expected violation, if any.
struct PolicyCase: CustomTestStringConvertible, Sendable {
    let name: String
    let parts: [PolicyParts]
    var isAnchored = true
    /// The expected reason and the chain index where processing stops; `nil` for a valid path.
    var expected: (reason: PolicyConstraintsCheck.Violation.Reason, index: Int)? = nil

    var testDescription: String { name }
}

@Suite("PolicyConstraints (RFC 5280 §6.1)")
struct PolicyConstraintsTests {
    static let none = PolicyParts()
    static let requireExplicit = PolicyParts(policies: [P(1)], requireExplicitPolicy: 0)

    static let cases: [PolicyCase] = [
        // Explicit policy and the valid policy graph
        PolicyCase(name: "no policies anywhere, none required", parts: [none, none, none]),
        PolicyCase(name: "every certificate asserts P1, CA requires explicit policy", parts: [none, requireExplicit, .init(policies: [P(1)])]),
        PolicyCase(name: "leaf asserts P2 where P1 is required", parts: [none, requireExplicit, .init(policies: [P(2)])],
                   expected: (.emptyPolicyGraph, 0)),
        PolicyCase(name: "a CA without policies empties the graph", parts: [none, requireExplicit, none, .init(policies: [P(1)])],
                   expected: (.emptyPolicyGraph, 1)),
        PolicyCase(name: "anyPolicy in the CA admits the leaf's P1",
                   parts: [none, .init(policies: ["any"], requireExplicitPolicy: 0), .init(policies: [P(1)])]),
        PolicyCase(name: "both policies of the leaf, one matching", parts: [none, requireExplicit, .init(policies: [P(2), P(1)])]),
        // The trust anchor is not processed; an unanchored top is
        PolicyCase(name: "requireExplicitPolicy on a trusted anchor is ignored",
                   parts: [.init(requireExplicitPolicy: 0), none, none]),
        PolicyCase(name: "requireExplicitPolicy on an unanchored top applies", parts: [.init(requireExplicitPolicy: 0), none, none],
                   isAnchored: false, expected: (.emptyPolicyGraph, 1)),
        PolicyCase(name: "policies of a trusted anchor are ignored",
                   parts: [.init(policies: [P(2)]), requireExplicit, .init(policies: [P(1)])]),
        PolicyCase(name: "a trusted leaf alone", parts: [.init(requireExplicitPolicy: 0)]),
        PolicyCase(name: "an unanchored leaf alone requiring explicit policy", parts: [.init(requireExplicitPolicy: 0)],
                   isAnchored: false, expected: (.emptyPolicyGraph, 0)),
        // requireExplicitPolicy counts
        PolicyCase(name: "requireExplicitPolicy 2 with two certificates below", parts: [none, .init(requireExplicitPolicy: 2), none, none],
                   expected: (.emptyPolicyGraph, 0)),
        PolicyCase(name: "requireExplicitPolicy 3 with two certificates below", parts: [none, .init(requireExplicitPolicy: 3), none, none]),
        PolicyCase(name: "a self-issued CA does not count down explicit policy",
                   parts: [none, .init(requireExplicitPolicy: 2), .init(isSelfIssued: true), none]),
        PolicyCase(name: "leaf requireExplicitPolicy 0 without policies", parts: [none, none, .init(requireExplicitPolicy: 0)],
                   expected: (.emptyPolicyGraph, 0)),
        PolicyCase(name: "leaf requireExplicitPolicy 0 with a policy", parts: [none, .init(policies: [P(1)]),
                                                                               .init(policies: [P(1)], requireExplicitPolicy: 0)]),
        PolicyCase(name: "leaf requireExplicitPolicy 1 is only counted down", parts: [none, none, .init(requireExplicitPolicy: 1)]),
        // inhibitAnyPolicy
        PolicyCase(name: "inhibitAnyPolicy 0 voids the next CA's anyPolicy",
                   parts: [none, .init(policies: ["any"], requireExplicitPolicy: 0, inhibitAnyPolicy: 0), .init(policies: ["any"]),
                           .init(policies: [P(1)])],
                   expected: (.emptyPolicyGraph, 1)),
        PolicyCase(name: "inhibitAnyPolicy 0 spares a self-issued CA's anyPolicy",
                   parts: [none, .init(policies: ["any"], requireExplicitPolicy: 0, inhibitAnyPolicy: 0),
                           .init(policies: ["any"], isSelfIssued: true), .init(policies: [P(1)])]),
        PolicyCase(name: "inhibitAnyPolicy 0 voids a self-issued leaf's anyPolicy",
                   parts: [none, .init(policies: ["any"], requireExplicitPolicy: 0, inhibitAnyPolicy: 0),
                           .init(policies: ["any"], isSelfIssued: true)],
                   expected: (.emptyPolicyGraph, 0)),
        PolicyCase(name: "inhibitAnyPolicy 1 lets the next CA use anyPolicy",
                   parts: [none, .init(policies: ["any"], requireExplicitPolicy: 0, inhibitAnyPolicy: 1), .init(policies: ["any"]),
                           .init(policies: [P(1)])]),
        // Policy mappings
        PolicyCase(name: "a mapping carries P1 to P2",
                   parts: [none, .init(policies: [P(1)], mappings: [(P(1), P(2))], requireExplicitPolicy: 0), .init(policies: [P(2)]),
                           .init(policies: [P(2)])]),
        PolicyCase(name: "after mapping, P1 itself is no longer expected",
                   parts: [none, .init(policies: [P(1)], mappings: [(P(1), P(2))], requireExplicitPolicy: 0), .init(policies: [P(1)])],
                   expected: (.emptyPolicyGraph, 0)),
        PolicyCase(name: "anyPolicy node maps a policy the CA does not assert",
                   parts: [none, .init(policies: ["any"], mappings: [(P(1), P(2))], requireExplicitPolicy: 0),
                           .init(policies: [P(2)])]),
        PolicyCase(name: "inhibitPolicyMapping 0 deletes the mapped policy",
                   parts: [none, .init(policies: [P(1)], requireExplicitPolicy: 0, inhibitPolicyMapping: 0),
                           .init(policies: [P(1)], mappings: [(P(1), P(2))]), .init(policies: [P(2)])],
                   expected: (.emptyPolicyGraph, 0)),
        PolicyCase(name: "inhibitPolicyMapping 1 lets the next CA map",
                   parts: [none, .init(policies: [P(1)], requireExplicitPolicy: 0, inhibitPolicyMapping: 1),
                           .init(policies: [P(1)], mappings: [(P(1), P(2))]), .init(policies: [P(2)])]),
        PolicyCase(name: "a self-issued CA does not count down inhibitPolicyMapping",
                   parts: [none, .init(policies: [P(1)], requireExplicitPolicy: 0, inhibitPolicyMapping: 1),
                           .init(policies: [P(1)], isSelfIssued: true), .init(policies: [P(1)], mappings: [(P(1), P(2))]),
                           .init(policies: [P(2)])]),
        PolicyCase(name: "mapping to anyPolicy fails without explicit policy",
                   parts: [none, .init(policies: [P(1)], mappings: [(P(1), "any")]), none],
                   expected: (.mappingUsesAnyPolicy, 1)),
        PolicyCase(name: "mapping from anyPolicy fails without explicit policy",
                   parts: [none, .init(policies: [P(1)], mappings: [("any", P(1))]), none],
                   expected: (.mappingUsesAnyPolicy, 1)),
        PolicyCase(name: "a leaf's mappings are not processed",
                   parts: [none, requireExplicit, .init(policies: [P(1)], mappings: [(P(1), "any")])]),
        // Bounds
        PolicyCase(name: "19 mappings are applied",
                   parts: [none, .init(policies: [P(1)], mappings: (0..<19).map { (P(1), P(100 + $0)) }, requireExplicitPolicy: 0),
                           .init(policies: [P(118)])]),
        PolicyCase(name: "20 mappings fail as in Apple's trustd",
                   parts: [none, .init(policies: [P(1)], mappings: (0..<20).map { (P(1), P(100 + $0)) }), none],
                   expected: (.tooManyMappings, 1)),
        PolicyCase(name: "512 policies fit in one level",
                   parts: [none, .init(policies: ["any"], requireExplicitPolicy: 0), .init(policies: (1...512).map(P))]),
        PolicyCase(name: "513 policies give the graph up, failing closed under explicit policy",
                   parts: [none, .init(policies: ["any"], requireExplicitPolicy: 0), .init(policies: (1...513).map(P))],
                   expected: (.policyGraphTooLarge, 0)),
        PolicyCase(name: "513 policies do not matter while explicit policy is not required",
                   parts: [none, .init(policies: ["any"]), .init(policies: (1...513).map(P))]),
        PolicyCase(name: "14 CAs each mapping 4 policies to all 4 stay linear (4^14 tree nodes in RFC 5280's tree)",
                   parts: [none, .init(policies: (1...4).map(P), requireExplicitPolicy: 0)]
                       + Array(repeating: PolicyParts(policies: (1...4).map(P), mappings: (1...4).flatMap { a in (1...4).map { (P(a), P($0)) } }),
                               count: 13)
                       + [.init(policies: [P(1)])]),
    ]

    @Test("policy processing", arguments: cases)
    func policyProcessing(_ row: PolicyCase) throws {
        let path = try PolicyTestCertificate.path(topFirst: row.parts)
        let violation = PolicyConstraintsCheck.violation(path.map(CertificateFacts.init), isAnchored: row.isAnchored)
        #expect(violation?.reason == row.expected?.reason, "\(row.name): \(String(describing: violation))")
        #expect(violation?.index == row.expected?.index, "\(row.name): \(String(describing: violation))")
    }

    @Test("a violation is reported at index 0 whichever certificate emptied the graph, as Apple does")
    func reportedAtLeaf() throws {
        let path = try PolicyTestCertificate.path(topFirst: [Self.none, Self.requireExplicit, Self.none, .init(policies: [P(1)])])
        let facts = path.map(CertificateFacts.init)
        #expect(PolicyConstraintsCheck.violation(facts, isAnchored: true)?.index == 1)
        let context = PathContext(facts: facts, isAnchored: true, isSystemRooted: false,
                                  isSelfSigned: path.map { _ in false }, policies: [.basicX509], verifyTime: 0)
        var failures: [TrustFailure] = []
        PolicyConstraintsCheck.run(context, into: &failures)
        #expect(failures == [TrustFailure(index: 0, check: .policyConstraints)])
        #expect(TrustCheck.policyConstraints.status == .invalidPolicyIdentifiers)
    }

    @Test("the bounds are the named ones")
    func bounds() {
        #expect(PolicyGraph.maximumNodes == 512)
        #expect(PolicyConstraintsCheck.maximumPolicyMappings == 19)
    }
}
