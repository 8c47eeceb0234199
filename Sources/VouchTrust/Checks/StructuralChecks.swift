import VouchDER
import VouchX509

/// The checks Apple runs whatever the policy (SECTRUST.md §4.2), except name and policy constraints.
enum StructuralChecks {
    static func run(_ context: PathContext, into failures: inout [TrustFailure]) {
        let path = context.facts
        let top = context.topIndex
        // MissingIntermediate / AnchorTrusted: an unanchored path ends at a self-signed root or not.
        if !context.isAnchored {
            failures.append(TrustFailure(index: top, check: context.isSelfSigned[top] ? .anchorTrusted : .missingIntermediate))
        }
        for index in path.indices.dropFirst() {
            let certificate = path[index]
            let constraints = certificate.basicConstraints
            // BasicConstraints: a v3 CA certificate needs the extension; a v1/v2 certificate may not
            // sit in the middle of a path whose top is v3.
            if (certificate.version == 3 && constraints == nil) || (certificate.version < 3 && index < top && path[top].version == 3) {
                failures.append(TrustFailure(index: index, check: .basicConstraints))
            }
            if let constraints, !constraints.isCertificateAuthority {
                failures.append(TrustFailure(index: index, check: .basicConstraintsCA))
            }
            if let usage = certificate.keyUsage, !usage.contains(.keyCertSign) {
                failures.append(TrustFailure(index: index, check: .keyUsage))
            }
        }
        checkPathLength(context, into: &failures)
        for index in path.indices where !context.isTrustedAnchor(index) && path[index].hasUnknownCriticalExtension {
            failures.append(TrustFailure(index: index, check: .criticalExtensions))
        }
    }

    /// RFC 5280 §6.1.4 (l)/(m): every non-self-issued intermediate uses up one unit of the
    /// smallest pathLenConstraint above it; the top's (the trusted anchor's too) counts.
    static func checkPathLength(_ context: PathContext, into failures: inout [TrustFailure]) {
        let path = context.facts
        var remaining = Int.max
        for index in stride(from: context.topIndex, through: 1, by: -1) {
            let certificate = path[index]
            if index < context.topIndex && !certificate.isSelfIssued {
                if remaining <= 0 { failures.append(TrustFailure(index: index, check: .basicConstraintsPathLen)) }
                remaining = remaining == Int.max ? remaining : remaining - 1
            }
            if let limit = certificate.basicConstraints?.pathLengthConstraint { remaining = min(remaining, limit) }
        }
    }
}
