import VouchCrypto
import VouchDER
import VouchJSON
import VouchNIO
import VouchPinning
import VouchTrust
import VouchX509

/// What `vouch-connect` prints: the certificates the server sent, Vouch's steps and verdict, in
/// `vouch policy`'s manner (text, or one JSON object with the same `allowed`, `steps` and `trust`).
struct ConnectReport {
    let host: String
    let port: Int
    let serverName: String
    let outcome: TLSProbe.Outcome
    let saved: [String]

    var sent: [(der: [UInt8], certificate: Certificate?)] {
        (outcome.decision?.presentedCertificates ?? []).map { ($0, try? Certificate(derEncoded: $0)) }
    }

    func printText() {
        print("connected to \(host):\(port), judged as \(serverName)")
        let sent = self.sent
        print("the server sent \(sent.count) certificate(s):")
        for (index, item) in sent.enumerated() {
            guard let certificate = item.certificate else {
                print("  sent[\(index)]: (does not parse) sha256 \(Self.hex(HashAlgorithm.sha256.digest(item.der)))")
                continue
            }
            print("  sent[\(index)]: \(certificate.subject.rfc4514)")
            print("           issuer \(certificate.issuer.rfc4514)")
            print("           \(SPKIPin(certificate))  sha256 \(Self.hex(HashAlgorithm.sha256.digest(item.der)))")
        }
        guard let decision = outcome.decision else {
            print("no decision: \(outcome.handshakeError ?? "the handshake ended early")")
            return
        }
        for step in decision.steps { print(step) }
        if let evaluation = decision.evaluation { printEvaluation(evaluation) }
        if let failure = decision.failure { print("refused: \(failure)") }
        print(decision.isAllowed ? "allowed" : "not allowed")
        if !saved.isEmpty { print("saved \(saved.joined(separator: " "))") }
    }

    private func printEvaluation(_ evaluation: TrustEvaluation) {
        for (index, certificate) in evaluation.chain.enumerated() {
            let anchor = evaluation.isAnchored && index == evaluation.chain.count - 1 ? " [anchor]" : ""
            let failed = evaluation.failures.filter { $0.index == index }.map(\.check.rawValue)
            let problems = failed.isEmpty ? "" : "  ✗ " + failed.joined(separator: ", ")
            print("\(index): \(certificate.subject.rfc4514)\(anchor)\(problems)")
        }
        let date = DERTime.rfc3339(secondsSince1970: evaluation.verifyTime)
        if evaluation.isTrusted {
            print("trusted (\(evaluation.result.rawValue)) at \(date)")
        } else {
            print("not trusted: \(evaluation.result.rawValue), \(evaluation.status.name) (\(evaluation.status.code)) at \(date)")
        }
    }

    var json: JSONValue {
        let decision = outcome.decision
        let sent: [JSONValue] = self.sent.map { item in
            .object([
                ("subject", .string(item.certificate?.subject.rfc4514)),
                ("issuer", .string(item.certificate?.issuer.rfc4514)),
                ("sha256", .string(Self.hex(HashAlgorithm.sha256.digest(item.der)))),
                ("pin", .string(item.certificate.map { SPKIPin($0).description })),
            ])
        }
        return .object([
            ("host", .string(host)),
            ("port", .int(Int64(port))),
            ("servername", .string(serverName)),
            ("allowed", decision.map { JSONValue.bool($0.isAllowed) } ?? .null),
            ("source", .string(decision?.source.rawValue)),
            ("steps", .array((decision?.steps ?? []).map(JSONValue.string))),
            ("failure", .string(decision?.failure?.description)),
            ("trust", decision?.evaluation.map(Self.trustJSON) ?? .null),
            ("sent", .array(sent)),
            ("handshake", .object([("completed", .bool(outcome.isHandshakeCompleted)), ("error", .string(outcome.handshakeError))])),
            ("saved", .array(saved.map(JSONValue.string))),
        ])
    }

    /// The `trust` object of `vouch verify --json` (CLI.md), less the public keys.
    static func trustJSON(_ evaluation: TrustEvaluation) -> JSONValue {
        let chain: [JSONValue] = evaluation.chain.enumerated().map { index, certificate in
            .object([
                ("sha256", .string(hex(HashAlgorithm.sha256.digest(certificate.derEncoded)))),
                ("subject", .string(certificate.subject.rfc4514)),
                ("spki_sha256", .string(Base64.encode(HashAlgorithm.sha256.digest(certificate.subjectPublicKeyInfo.encoded)))),
                ("anchor", .bool(evaluation.isAnchored && index == evaluation.chain.count - 1)),
            ])
        }
        let failures: [JSONValue] = evaluation.failures.map { failure in
            .object([("index", .int(Int64(failure.index))), ("check", .string(failure.check.rawValue)),
                     ("status", .int(Int64(failure.check.status.code)))])
        }
        return .object([
            ("trusted", .bool(evaluation.isTrusted)),
            ("result", .string(evaluation.result.rawValue)),
            ("status", .int(Int64(evaluation.status.code))),
            ("error", evaluation.isTrusted ? .null : .string(evaluation.status.name)),
            ("chain", .array(chain)),
            ("failures", .array(failures)),
            ("verify_date", .string(DERTime.rfc3339(secondsSince1970: evaluation.verifyTime))),
        ])
    }

    static func hex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
