import Testing
import VouchDER
import VouchX509

@testable import VouchTrust

/// ``TrustLimits`` at N and N + 1 (issue 38 item 2): maximumPathsBuilt, maximumChainLength,
/// maximumNameConstraintSubtrees. (maximumSignatureChecks is BudgetLimitTests.searchSignatureChecks,
/// maximumNameConstraintComparisons NameConstraintsCheckTests.unjudgeable, maximumSignatureWork
/// EvaluationBudgetTests.) Certificates from ``LimitPKI``.
@Suite struct TrustLimitTests {
    @Test("the limits are the documented ones")
    func values() {
        #expect(TrustLimits.maximumPathsBuilt == 100)
        #expect(TrustLimits.maximumChainLength == 16)
        #expect(TrustLimits.maximumNameConstraintSubtrees == 1_024)
    }

    static func issuersFound(_ events: [TrustEvent]) -> Int {
        events.filter { if case .issuerFound = $0 { return true } else { return false } }.count
    }

    static func budgetExhausted(_ events: [TrustEvent]) -> Bool {
        events.contains { if case .budgetExhausted = $0 { return true } else { return false } }
    }

    /// A lattice of same-name CAs under the leaf, with no anchor: layers of 4, 4 and 5
    /// certificates give 4 + 16 + 80 = 100 paths from 40 (child, issuer) pairs, so the
    /// signature budget stays far away; `extra` adds dead-end issuers of the leaf, one path each.
    static func lattice(extra: Int) throws -> [Certificate] {
        var certificates = [try LimitPKI.certificate("Leaf", issuedBy: "Layer 1", serial: 1, isCA: false)]
        var serial = 100
        for (layer, width) in [(1, 4), (2, 4), (3, 5)] {
            let issuer = layer == 3 ? "Nowhere" : "Layer \(layer + 1)"
            for _ in 0..<width {
                serial += 1
                certificates.append(try LimitPKI.certificate("Layer \(layer)", issuedBy: issuer, serial: serial))
            }
        }
        for index in 0..<extra {
            certificates.append(try LimitPKI.certificate("Layer 1", issuedBy: "Dead end", serial: 900 + index))
        }
        return certificates
    }

    @Test("maximumPathsBuilt: a search of exactly 100 paths ends on its own; the 101st path stops it, fatally")
    func pathsBuilt() throws {
        let limit = TrustLimits.maximumPathsBuilt
        #expect(4 + 4 * 4 + 4 * 4 * 5 == limit, "the lattice is built for the limit")
        var atLimit = try LimitPKI.trust(try Self.lattice(extra: 0), anchors: [])
        let (within, withinEvents) = atLimit.evaluateExplaining()
        #expect(Self.issuersFound(withinEvents) == limit)
        #expect(!Self.budgetExhausted(withinEvents))
        #expect(within.result == .recoverableTrustFailure)
        #expect(!within.failures.contains { $0.check == .pathBuildingBudget })

        var pastLimit = try LimitPKI.trust(try Self.lattice(extra: 1), anchors: [])
        let (past, pastEvents) = pastLimit.evaluateExplaining()
        #expect(Self.issuersFound(pastEvents) == limit, "the 101st extension is refused, not made")
        #expect(Self.budgetExhausted(pastEvents))
        #expect(past.result == .fatalTrustFailure)
        #expect(past.failures.contains { $0.check == .pathBuildingBudget })
    }

    /// Leaf, `intermediates` CAs and a root anchor: `intermediates + 2` certificates.
    static func line(intermediates: Int) throws -> (certificates: [Certificate], root: Certificate) {
        var certificates = [try LimitPKI.certificate("Leaf", issuedBy: "CA 1", serial: 1, isCA: false)]
        for level in 1...intermediates {
            let issuer = level == intermediates ? "Root" : "CA \(level + 1)"
            certificates.append(try LimitPKI.certificate("CA \(level)", issuedBy: issuer, serial: 100 + level))
        }
        return (certificates, try LimitPKI.certificate("Root", issuedBy: "Root", serial: 2))
    }

    @Test("maximumChainLength: a chain of 16 certificates, anchor included, is built and trusted; one of 17 is not reached")
    func chainLength() throws {
        let limit = TrustLimits.maximumChainLength
        let fits = try Self.line(intermediates: limit - 2)
        var atLimit = try LimitPKI.trust(fits.certificates, anchors: [fits.root])
        let within = atLimit.evaluate()
        #expect(within.isTrusted, "\(within.failures)")
        #expect(within.chain.count == limit && within.isAnchored)

        let tooLong = try Self.line(intermediates: limit - 1)
        var pastLimit = try LimitPKI.trust(tooLong.certificates, anchors: [tooLong.root])
        let past = pastLimit.evaluate()
        #expect(!past.isTrusted && !past.isAnchored)
        #expect(past.chain.count == limit, "the longest path the builder may make, one short of the anchor")
        #expect(!past.failures.contains { $0.check == .pathBuildingBudget }, "a depth cut, not an exhausted budget")
    }

    /// Leaf (dNSName a.example) ← CA ← root anchor, with `count` excluded dNSName subtrees that
    /// match nothing on the CA, or on the root when `onAnchor`.
    static func constrained(count: Int, onAnchor: Bool) throws -> TrustEvaluation {
        let subtrees = (0..<count).map { LimitPKI.dnsSubtree("x\($0).invalid") }
        let constraint = [(OID.nameConstraints, true, LimitPKI.nameConstraints(excluded: subtrees))]
        let san = TestCertificate.encodedGeneralNames([.dns("a.example")])
        let leaf = try LimitPKI.certificate("Leaf", issuedBy: "CA", serial: 1, isCA: false, extensions: [(.subjectAltName, false, san)])
        let ca = try LimitPKI.certificate("CA", issuedBy: "Root", serial: 3, extensions: onAnchor ? [] : constraint)
        let root = try LimitPKI.certificate("Root", issuedBy: "Root", serial: 2, extensions: onAnchor ? constraint : [])
        var trust = try LimitPKI.trust([leaf, ca], anchors: [root])
        return trust.evaluate()
    }

    @Test("maximumNameConstraintSubtrees: an intermediate's list of 1,023 subtrees applies; one of 1,024 fails there, uncompared")
    func nameConstraintSubtrees() throws {
        let limit = TrustLimits.maximumNameConstraintSubtrees
        let within = try Self.constrained(count: limit - 1, onAnchor: false)
        #expect(within.isTrusted, "\(within.failures)")
        let past = try Self.constrained(count: limit, onAnchor: false)
        #expect(past.failures == [TrustFailure(index: 1, check: .nameConstraints)])
    }

    @Test("maximumNameConstraintSubtrees: an anchor's list of 1,023 subtrees applies; one of 1,024 fails every certificate below")
    func anchorNameConstraintSubtrees() throws {
        let limit = TrustLimits.maximumNameConstraintSubtrees
        let within = try Self.constrained(count: limit - 1, onAnchor: true)
        #expect(within.isTrusted, "\(within.failures)")
        let past = try Self.constrained(count: limit, onAnchor: true)
        #expect(past.failures == [TrustFailure(index: 0, check: .nameConstraints), TrustFailure(index: 1, check: .nameConstraints)])
    }
}
