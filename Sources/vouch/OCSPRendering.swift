import VouchCrypto
import VouchDER
import VouchJSON
import VouchTrust
import VouchX509

/// What `verify --ocsp-response` and `inspect` say of OCSP responses.
enum OCSPRendering {
    /// The files of `--ocsp-response`, read whole: an unreadable file is bad input; what the
    /// bytes are is the trust's business (it ignores what does not parse, as Apple does).
    static func load(_ paths: [String]) throws(InputError) -> [InputFile] {
        var files: [InputFile] = []
        for path in paths { files.append(try InputFile.read(path)) }
        return files
    }

    /// One line per response that does not parse and per certificate a response answered for.
    static func explanation(_ trust: inout Trust, files: [InputFile]) -> [String] {
        var lines: [String] = []
        for (index, error) in trust.unparseableOCSPResponses {
            lines.append("ocsp response \(index + 1) (\(files[index].name)): ignored, does not parse: \(error)")
        }
        let answers = trust.ocspAnswers()
        for answer in answers {
            lines.append("ocsp: certificate \(answer.index): \(status(answer.status)), response \(answer.response + 1) (\(files[answer.response].name))")
        }
        if answers.isEmpty && trust.ocspResponses.count > 0 {
            lines.append("ocsp: no response answers for a certificate of the chain (unsuccessful, about other certificates, not signed by the issuer or its responder, or stale)")
        }
        return lines
    }

    /// `good`, `revoked at TIME (reason)` or `unknown`.
    static func status(_ status: OCSPCertStatus) -> String {
        switch status {
        case .good: return "good"
        case .unknown: return "unknown"
        case .revoked(let time, let reason):
            return "revoked at \(time.rfc3339)" + (reason.map { " (\($0))" } ?? "")
        }
    }

    /// The `ocsp` member of `verify --json`: what each response was and what counted.
    static func jsonMembers(_ trust: inout Trust, files: [InputFile]) -> [(String, JSONValue)] {
        let unparseable = Dictionary(trust.unparseableOCSPResponses.map { ($0.index, "\($0.error)") }, uniquingKeysWith: { a, _ in a })
        let responses: [JSONValue] = files.indices.map { index in
            .object([("file", .string(files[index].name)), ("error", .string(unparseable[index]))])
        }
        let answers: [JSONValue] = trust.ocspAnswers().map { answer in
            .object([("index", .int(Int64(answer.index))), ("response", .int(Int64(answer.response))),
                     ("status", .string(status(answer.status)))])
        }
        return [("ocsp_responses", .array(responses)), ("ocsp_answers", .array(answers))]
    }

    /// An OCSP response as `openssl ocsp -respin FILE -resp_text -noverify` prints it (the same
    /// fields, in the same order; times in RFC 3339).
    static func text(_ response: OCSPResponse) -> [String] {
        var lines = ["OCSP Response Data:", "    OCSP Response Status: \(response.status) (0x\(String(response.status.rawValue, radix: 16)))"]
        guard let basic = response.basic else { return lines }
        lines.append("    Response Type: Basic OCSP Response")
        lines.append("    Version: \(basic.version) (0x\(String(basic.version - 1, radix: 16)))")
        switch basic.responderID {
        case .byName(let name): lines.append("    Responder Id: \(name.rfc4514)")
        case .byKeyHash(let hash): lines.append("    Responder Id: \(hex(hash))")
        }
        lines.append("    Produced At: \(basic.producedAt.rfc3339)")
        lines.append("    Responses:")
        for single in basic.responses {
            let hashName = single.certID.hashAlgorithm.algorithm.name ?? single.certID.hashAlgorithm.algorithm.dotted
            lines += [
                "    Certificate ID:",
                "      Hash Algorithm: \(hashName)",
                "      Issuer Name Hash: \(hex(single.certID.issuerNameHash))",
                "      Issuer Key Hash: \(hex(single.certID.issuerKeyHash))",
                "      Serial Number: \(hex(single.certID.serialNumber))",
            ]
            switch single.status {
            case .good: lines.append("    Cert Status: good")
            case .unknown: lines.append("    Cert Status: unknown")
            case .revoked(let time, let reason):
                lines += ["    Cert Status: revoked", "    Revocation Time: \(time.rfc3339)"]
                if let reason { lines.append("    Revocation Reason: \(reason) (0x\(String(reason.rawValue, radix: 16)))") }
            }
            lines.append("    This Update: \(single.thisUpdate.rfc3339)")
            if let next = single.nextUpdate { lines.append("    Next Update: \(next.rfc3339)") }
            lines += extensionLines(single.extensions, title: "    Response Single Extensions:")
        }
        lines += extensionLines(basic.extensions, title: "    Response Extensions:")
        let algorithm = basic.signatureAlgorithm.algorithm
        lines.append("    Signature Algorithm: \(algorithm.name ?? algorithm.dotted)")
        lines.append("    Signature Value: \(hex(basic.signature.bytes))")
        for certificate in basic.certificates {
            lines.append("    Certificate: \(certificate.subject.rfc4514) (issuer \(certificate.issuer.rfc4514))")
        }
        return lines
    }

    /// `inspect --json`'s object for an OCSP response.
    static func json(_ response: OCSPResponse, file: String) -> JSONValue {
        var members: [(String, JSONValue)] = [("ocsp_response", .string(file)), ("status", .string("\(response.status)"))]
        if let basic = response.basic {
            let responder: JSONValue
            switch basic.responderID {
            case .byName(let name): responder = .object([("name", .string(name.rfc4514))])
            case .byKeyHash(let hash): responder = .object([("key_hash", .string(ASN1Rendering.hex(hash)))])
            }
            members += [
                ("responder_id", responder), ("produced_at", .string(basic.producedAt.rfc3339)),
                ("responses", .array(basic.responses.map { single in
                    .object([
                        ("hash_algorithm", .string(single.certID.hashAlgorithm.algorithm.dotted)),
                        ("issuer_name_hash", .string(ASN1Rendering.hex(single.certID.issuerNameHash))),
                        ("issuer_key_hash", .string(ASN1Rendering.hex(single.certID.issuerKeyHash))),
                        ("serial_number", .string(ASN1Rendering.hex(single.certID.serialNumber))),
                        ("status", .string(status(single.status))),
                        ("this_update", .string(single.thisUpdate.rfc3339)),
                        ("next_update", .string(single.nextUpdate?.rfc3339)),
                    ])
                })),
                ("signature_algorithm", .string(basic.signatureAlgorithm.algorithm.dotted)),
                ("certificates", .array(basic.certificates.map { .string($0.subject.rfc4514) })),
            ]
        }
        return .object(members)
    }

    static func extensionLines(_ extensions: Extensions, title: String) -> [String] {
        let all = Array(extensions)
        guard !all.isEmpty else { return [] }
        var lines = [title]
        for item in all {
            let name = item.oid.name ?? item.oid.dotted
            lines.append("        \(name)\(item.isCritical ? ": critical" : ""): \(hex(item.value))")
        }
        return lines
    }

    /// Upper-case hex, as openssl prints hashes and serial numbers.
    static func hex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        ASN1Rendering.hex(bytes).uppercased()
    }
}
