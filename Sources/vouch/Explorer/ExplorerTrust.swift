import VouchDER
import VouchJSON
import VouchTrust
import VouchX509

/// What `verify --html` adds to the explorer: the verdict, every check of the policy on each
/// certificate of the built chain (pass or fail, with what failing means), and the path search.
///
/// The engine reports failures only; which certificates a check looks at comes from the tables
/// of SECTRUST.md §4 (``rows``). A failure is shown on its certificate even where the table's
/// scope would not list the check, so the page never hides what the engine found.
enum ExplorerTrust {
    /// Which certificates of a chain of `count` a check looks at (SECTRUST.md §4.2–§4.4).
    enum Scope: String {
        case leaf = "leaf", top = "top of the path", nonLeaf = "every CA certificate"
        case intermediates = "intermediates", children = "every certificate below another"
        case all = "every certificate", allButAnchor = "every certificate but a trusted anchor"

        func includes(_ index: Int, count: Int, anchored: Bool) -> Bool {
            let top = count - 1
            switch self {
            case .leaf: return index == 0
            case .top: return index == top
            case .nonLeaf: return index > 0
            case .intermediates: return index > 0 && index < top
            case .children: return index < top
            case .all: return true
            case .allButAnchor: return !(anchored && index == top)
            }
        }
    }

    /// One row of the check tables: the check, whom it looks at, and when it fails.
    struct Row {
        let check: TrustCheck
        let scope: Scope
        let failsWhen: String
    }

    /// The checks every policy runs (§4.2, forced) and BasicX509's (§4.3).
    static let basicRows: [Row] = [
        Row(check: .missingIntermediate, scope: .top, failsWhen: "the path is not anchored and its top is not self-signed: an issuer is missing"),
        Row(check: .anchorTrusted, scope: .top, failsWhen: "the path ends in a self-signed certificate that is not a trusted anchor"),
        Row(check: .basicConstraints, scope: .nonLeaf, failsWhen: "a v3 CA certificate has no basicConstraints"),
        Row(check: .basicConstraintsCA, scope: .nonLeaf, failsWhen: "basicConstraints says cA=false on an issuer"),
        Row(check: .keyUsage, scope: .nonLeaf, failsWhen: "keyUsage is present without keyCertSign on an issuer"),
        Row(check: .basicConstraintsPathLen, scope: .intermediates, failsWhen: "more CA certificates below than pathLenConstraint allows (RFC 5280 §4.2.1.9)"),
        Row(check: .criticalExtensions, scope: .allButAnchor, failsWhen: "a critical extension the engine does not know"),
        Row(check: .nameConstraints, scope: .children, failsWhen: "a name outside a CA's permitted subtrees or inside its excluded ones (RFC 5280 §4.2.1.10)"),
        Row(check: .policyConstraints, scope: .leaf, failsWhen: "the path's policy tree is empty where an explicit policy is required (RFC 5280 §6.1)"),
        Row(check: .temporalValidity, scope: .all, failsWhen: "the verify date is before notBefore or after notAfter"),
        Row(check: .weakKeySize, scope: .all, failsWhen: "RSA below 1024 bits, EC below 160 bits, or a key the engine cannot use"),
        Row(check: .weakSignature, scope: .children, failsWhen: "signed with MD2, MD4 or MD5"),
        Row(check: .idLinkage, scope: .children, failsWhen: "authorityKeyIdentifier differs from the issuer's subjectKeyIdentifier"),
        Row(check: .nonEmptySubject, scope: .all, failsWhen: "an empty subject, unless a non-CA has a critical subjectAltName"),
        Row(check: .unparseableExtension, scope: .all, failsWhen: "a known extension that does not parse"),
        Row(check: .duplicateExtension, scope: .all, failsWhen: "the same extension twice"),
    ]

    /// What `SecPolicyCreateSSL` adds (§4.4); `server` rows only for a server policy.
    static func sslRows(server: Bool, hostname: Bool) -> [Row] {
        var rows: [Row] = []
        if hostname {
            rows.append(Row(check: .sslHostname, scope: .leaf, failsWhen: "no subjectAltName dNSName or iPAddress matches the host (RFC 6125 §6.4)"))
        }
        rows.append(Row(check: .extendedKeyUsage, scope: .children, failsWhen: server
            ? "extendedKeyUsage present without serverAuth, anyExtendedKeyUsage or an SGC purpose"
            : "extendedKeyUsage present without clientAuth or anyExtendedKeyUsage"))
        guard server else { return rows }
        return rows + [
            Row(check: .serverAuthEKU, scope: .leaf, failsWhen: "a leaf issued after 2019-06-30 (or under a system root) without serverAuth in extendedKeyUsage"),
            Row(check: .keySize, scope: .all, failsWhen: "RSA below 2048 bits, EC below P-256, or Ed25519/Ed448"),
            Row(check: .signatureHashAlgorithms, scope: .children, failsWhen: "signed with SHA-1 or weaker (self-signed certificates are skipped)"),
            Row(check: .otherTrustValidityPeriod, scope: .leaf, failsWhen: "a leaf from 2019-07 on valid for more than 825 days"),
            Row(check: .systemTrustValidityPeriod, scope: .leaf, failsWhen: "under a system root: more than 825 days (from 2018-03), 398 days (from 2020-09)"),
        ]
    }

    /// The strict profile's rules (``ValidationProfile``), on every certificate.
    static let strictRows: [Row] = [
        Row(check: .keyIdentifiers, scope: .all, failsWhen: "a missing key identifier RFC 5280 §4.2.1.1–2 requires"),
        Row(check: .extensionCriticality, scope: .all, failsWhen: "an extension with the wrong criticality for its kind"),
        Row(check: .certificateProfile, scope: .all, failsWhen: "the CA/B Forum profile of the certificate's role, or how RFC 5280 says it is written, is not met"),
        Row(check: .serialNumber, scope: .all, failsWhen: "a serial number that is not positive or longer than 20 octets"),
        Row(check: .commonName, scope: .leaf, failsWhen: "a commonName IP address or internationalised name not written as CA/B BR 7.1.4.3 says, or not among the subjectAltNames"),
        Row(check: .dnsNameSyntax, scope: .leaf, failsWhen: "a subjectAltName dNSName that is not a valid host name (RFC 1034 §3.5)"),
        Row(check: .rsaModulusLength, scope: .all, failsWhen: "an RSA modulus that is not a whole number of octets"),
    ]

    /// The rows the evaluation ran, for the options `verify` was given.
    static func rows(policy: TrustPolicy, profile: ValidationProfile, revocation: Bool, responseRequired: Bool) -> [Row] {
        var rows = basicRows
        if policy.isSSLServer || policy.isSSLClient {
            rows += sslRows(server: policy.isSSLServer, hostname: policy.options.hostname != nil)
        }
        if revocation { rows.append(Row(check: .revocation, scope: .children, failsWhen: "a given CRL lists the certificate's serial number")) }
        if responseRequired {
            rows.append(Row(check: .revocationResponseRequired, scope: .children, failsWhen: "no given CRL covers the certificate"))
        }
        if !profile.isApple { rows += strictRows }
        return rows
    }

    /// The verdict, the chain with its check tables (chain index i is document `i`), and the trace.
    static func json(_ evaluation: TrustEvaluation, events: [TrustEvent], rows: [Row], policy: String) -> JSONValue {
        let count = evaluation.chain.count
        let chain: [JSONValue] = evaluation.chain.enumerated().map { index, certificate in
            let failed = evaluation.failures.filter { $0.index == index }.map(\.check)
            var checks: [JSONValue] = rows.compactMap { row in
                let didFail = failed.contains(row.check)
                guard didFail || row.scope.includes(index, count: count, anchored: evaluation.isAnchored) else { return nil }
                return check(row.check, scope: row.scope.rawValue, failsWhen: row.failsWhen, failed: didFail)
            }
            for check in failed where !rows.contains(where: { $0.check == check }) {
                checks.append(Self.check(check, scope: "", failsWhen: "", failed: true))
            }
            return .object([
                ("index", .int(Int64(index))), ("subject", .string(certificate.subject.rfc4514)),
                ("anchor", .bool(evaluation.isAnchored && index == count - 1)), ("checks", .array(checks)),
            ])
        }
        let verdict: [(String, JSONValue)] = [
            ("trusted", .bool(evaluation.isTrusted)), ("result", .string(evaluation.result.rawValue)),
            ("status", .int(Int64(evaluation.status.code))),
            ("error", evaluation.isTrusted ? .null : .string(evaluation.status.name)),
            ("deciding", evaluation.decidingFailure.map { .string($0.check.rawValue + " on certificate \($0.index)") } ?? .null),
            ("verify_date", .string(DERTime.rfc3339(secondsSince1970: evaluation.verifyTime))),
            ("policy", .string(policy)),
            // Which trust setting or exception decided (SECTRUST.md §15), one line each.
            ("decisions", .array(evaluation.decisions.map { .string($0.description) })),
        ]
        return .object(verdict + [("chain", .array(chain)), ("trace", .array(events.map(trace)))])
    }

    private static func check(_ check: TrustCheck, scope: String, failsWhen: String, failed: Bool) -> JSONValue {
        .array([
            .string(check.rawValue), .string(scope), .bool(!failed), .string(failsWhen),
            .string(failed ? "\(check.status.name) (\(check.status.code)), \(check.resultClass == .fatal ? "fatal" : check.resultClass == .deny ? "deny" : "recoverable")" : ""),
        ])
    }

    /// One event of the path search: `[kind, text]`, the kind for the page's badge.
    private static func trace(_ event: TrustEvent) -> JSONValue {
        let kind: String
        switch event {
        case .leafChecked(let failures): kind = failures.isEmpty ? "leaf" : "leaf-failed"
        case .issuerFound: kind = "candidate"
        case .parked: kind = "parked"
        case .signatureFailed: kind = "dropped"
        case .candidateJudged(_, _, let accepted): kind = accepted ? "accepted" : "rejected"
        case .sourceUnlocked, .reconsideringParked: kind = "search"
        case .scored: kind = "score"
        case .chosen: kind = "chosen"
        case .budgetExhausted: kind = "budget"
        case .fetchNeeded: kind = "fetch"
        }
        return .array([.string(kind), .string(event.description)])
    }
}
