import VouchJSON
import VouchCrypto
import VouchDER
import VouchTrust
import VouchX509

/// How `verify` shows an evaluation: the JSON of docs/CLI.md, or a line per certificate and a verdict.
enum TrustRendering {
    static func json(_ evaluation: TrustEvaluation) -> JSONValue {
        let chain: [JSONValue] = evaluation.chain.enumerated().map { index, certificate in
            let key = certificate.subjectPublicKeyInfo
            let external: JSONValue = key.externalRepresentation.map { .string(ASN1Rendering.hex($0)) } ?? .null
            return .object([
                ("sha256", .string(ASN1Rendering.hex(HashAlgorithm.sha256.digest(certificate.derEncoded)))),
                ("subject", .string(certificate.subject.rfc4514)),
                ("public_key", external),
                ("spki_sha256", .string(Base64.encode(HashAlgorithm.sha256.digest(key.encoded)))),
                ("anchor", .bool(evaluation.isAnchored && index == evaluation.chain.count - 1)),
            ])
        }
        let failures: [JSONValue] = evaluation.failures.map { failure in
            var members: [(String, JSONValue)] = [
                ("index", .int(Int64(failure.index))), ("check", .string(failure.check.rawValue)),
                ("status", .int(Int64(failure.check.status.code))),
            ]
            // A revocation only a supplied CRL found is Vouch's extension: trustd reads no CRLs.
            if failure.check == .revocation && evaluation.revokedByCRL.contains(failure.index) {
                members.append(("extension", .string("crl")))
            }
            // A Deny names the setting that denied: its domain and the constraint's position.
            if failure.check == .usageConstraints,
                let denial = evaluation.decisions.first(where: { $0.kind == .denied && $0.index == failure.index })
            {
                members.append(("trust_setting", .object([
                    ("domain", denial.domain.map { .string($0.description) } ?? .null),
                    ("constraint", denial.constraint.map { .int(Int64($0)) } ?? .null),
                ])))
            }
            return .object(members)
        }
        return .object([
            ("trusted", .bool(evaluation.isTrusted)),
            ("result", .string(evaluation.result.rawValue)),
            ("status", .int(Int64(evaluation.status.code))),
            ("error", evaluation.isTrusted ? .null : .string(evaluation.status.name)),
            ("chain", .array(chain)),
            ("failures", .array(failures)),
            ("trust_decisions", .array(evaluation.decisions.map { decision in
                .object([("kind", .string(decision.kind.rawValue)), ("index", .int(Int64(decision.index))),
                         ("domain", decision.domain.map { .string($0.description) } ?? .null),
                         ("constraint", decision.constraint.map { .int(Int64($0)) } ?? .null),
                         ("check", decision.check.map { .string($0.rawValue) } ?? .null)])
            })),
            ("verify_date", .string(DERTime.rfc3339(secondsSince1970: evaluation.verifyTime))),
            ("revocation", revocation(evaluation.revocation)),
        ])
    }

    /// `revocation` of docs/CLI.md: `kSecTrustRevocationChecked`, `ValidUntilDate` and `Reason`
    /// (SECTRUST.md §16.5), each null when Apple leaves it out; null when all are.
    static func revocation(_ result: RevocationResult) -> JSONValue {
        guard result != .none else { return .null }
        return .object([
            ("checked", result.checked.map { .bool($0) } ?? .null),
            ("valid_until", result.validUntil.map { .string(DERTime.rfc3339(secondsSince1970: $0)) } ?? .null),
            ("reason", result.reason.map { .int(Int64($0)) } ?? .null),
        ])
    }

    /// What `--explain` says of revocation: the keys SecTrustCopyResult would hold, and each
    /// revocation that came from a supplied CRL (Vouch's extension).
    static func revocationLines(_ evaluation: TrustEvaluation) -> [String] {
        var lines: [String] = []
        for index in evaluation.revokedByCRL {
            lines.append("certificate \(index) is revoked by a CRL given with --crl: Vouch's extension (trustd reads no CRLs, so today's macOS would not fail here)")
        }
        let result = evaluation.revocation
        guard result != .none else { return lines }
        var keys: [String] = []
        if let checked = result.checked { keys.append("checked \(checked)") }
        if let validUntil = result.validUntil { keys.append("valid until \(DERTime.rfc3339(secondsSince1970: validUntil))") }
        if let reason = result.reason { keys.append("reason \(reason)\(reason >= 0 ? " (\(CRLReason(rawValue: reason)?.description ?? "unknown"))" : " (none given)")") }
        lines.append("revocation (SecTrustCopyResult): " + keys.joined(separator: ", "))
        return lines
    }

    static func printText(_ evaluation: TrustEvaluation) {
        for (index, certificate) in evaluation.chain.enumerated() {
            let anchor = evaluation.isAnchored && index == evaluation.chain.count - 1 ? " [anchor]" : ""
            let failed = evaluation.failures.filter { $0.index == index }.map(\.check.rawValue)
            let problems = failed.isEmpty ? "" : "  ✗ " + failed.joined(separator: ", ")
            print("\(index): \(certificate.subject.rfc4514)\(anchor)\(problems)")
        }
        for decision in evaluation.decisions { print("· \(decision)") }
        if let report = evaluation.certificateTransparency, TransparencyRendering.isWorthSaying(report) { print(TransparencyRendering.summary(report)) }
        if evaluation.isTrusted {
            print("trusted (\(evaluation.result.rawValue)) at \(DERTime.rfc3339(secondsSince1970: evaluation.verifyTime))")
        } else {
            print("not trusted: \(evaluation.result.rawValue), \(evaluation.status.name) (\(evaluation.status.code)) at \(DERTime.rfc3339(secondsSince1970: evaluation.verifyTime))")
        }
    }
}
