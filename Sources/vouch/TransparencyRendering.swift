import VouchDER
import VouchJSON
import VouchPinning
import VouchTrust
import VouchX509

/// `verify --sct` and `--ct-logs`, and how Certificate Transparency is shown (docs/CLI.md).
enum TransparencyRendering {
    /// Reads `--ct-logs FILE`: Apple's trusted-logs property list or a v3 log_list.json. Entries
    /// that are not logs are skipped, and each skip is said on standard error.
    static func loadLogs(_ path: String) throws(InputError) -> CertificateTransparencyLogList {
        let file = try InputFile.read(path)
        let logs: CertificateTransparencyLogList
        do { logs = try CertificateTransparencyLogListFile.read(file.bytes) } catch {
            throw InputError(file: file.name, message: "not a CT log list: \(error)")
        }
        for skipped in logs.skipped { printError("\(file.name): skipped \(skipped)") }
        return logs
    }

    /// Reads each `--sct FILE`: the TLS extension's SignedCertificateTimestampList (RFC 6962
    /// §3.3); returns every entry's bytes, in order, and a note for each file whose content is
    /// not a list: it is ignored, as Apple ignores a list it cannot read (docs/CLI.md), and
    /// `--explain` names it. An unreadable file is bad input.
    static func loadTimestamps(_ paths: [String]) throws(InputError) -> (timestamps: [[UInt8]], notes: [String]) {
        var timestamps: [[UInt8]] = []
        var notes: [String] = []
        for path in paths {
            let file = try InputFile.read(path)
            do {
                timestamps += try SignedCertificateTimestampList(tlsEncoded: file.bytes).entries.map { Array($0) }
            } catch {
                notes.append("sct list \(file.name): ignored, not a SignedCertificateTimestampList: \(error)")
            }
        }
        return (timestamps, notes)
    }

    /// `log <hex id>` or the log's description and operator when the list names it.
    static func logName(_ timestamp: SignedCertificateTimestamp, log: CertificateTransparencyLog?) -> String {
        let id = CertificateTransparencyLog.hex(timestamp.logID)
        guard let log else { return "log \(id)" }
        let name = [log.description, log.operatorName.map { "operator \($0)" }].compactMap { $0 }.joined(separator: ", ")
        return name.isEmpty ? "log \(id)" : "log \(id) (\(name))"
    }

    /// Whether the text output and `--explain` speak of CT: when the caller gave a log list,
    /// when there were SCTs, or when CT was required. Apple's built-in list judging a chain without
    /// SCTs that need not have any leaves nothing to say (`--json` has it all the same).
    static func isWorthSaying(_ report: CertificateTransparencyReport) -> Bool {
        report.systemLogList == nil || !report.timestamps.isEmpty || report.isRequired
    }

    /// One line per SCT and one for the verdict, for `--explain` and the text output (none when
    /// there is nothing worth saying, ``isWorthSaying(_:)``).
    static func lines(_ report: CertificateTransparencyReport) -> [String] {
        guard isWorthSaying(report) else { return [] }
        var lines: [String] = []
        for outcome in report.timestamps {
            guard let timestamp = outcome.timestamp else {
                lines.append("SCT (\(outcome.source.rawValue)): \(outcome.verdict)")
                continue
            }
            lines.append(
                "SCT (\(outcome.source.rawValue)) \(logName(timestamp, log: outcome.log)) at "
                    + "\(DERTime.rfc3339(secondsSince1970: timestamp.secondsSince1970)), \(timestamp.algorithmName): \(outcome.verdict)")
        }
        lines.append(summary(report))
        return lines
    }

    static func summary(_ report: CertificateTransparencyReport) -> String {
        guard report.hasLogList else {
            return "certificate transparency: not judged: no log list (--ct-logs); CT is not required, as Apple without a current log list"
        }
        var text = "certificate transparency: " + (report.isQualified ? "qualified" : "not qualified")
        text += " (\(report.currentLogs) current log\(report.currentLogs == 1 ? "" : "s")"
        if let required = report.requiredEmbeddedLogs {
            text += ", \(report.qualifiedEmbeddedLogs) of \(required) embedded logs the lifetime needs"
        }
        text += "); "
        if report.isRequired {
            text += "required (system-rooted SSL server chain)"
        } else if let system = report.systemLogList, !system.isCurrent {
            text += "not required: the built-in log list (\(system.source), \(DERTime.rfc3339(secondsSince1970: system.date).prefix(10))) "
                + "is not current at the verify date (60 days or more away from it), and a Mac stops requiring CT 60 days after its last "
                + "trust-store update (--ct-logs apple requires it)"
        } else {
            text += "not required for this chain"
        }
        return text
    }

    /// The members `verify --json` adds when CT was judged: `certificate_transparency` (Apple's
    /// `kSecTrustCertificateTransparency`: trusted and qualified) and `certificate_transparency_details`.
    /// `certificate_transparency` is null without a log list (CT not judged), as docs/CLI.md says.
    static func jsonMembers(_ evaluation: TrustEvaluation) -> [(String, JSONValue)] {
        guard let report = evaluation.certificateTransparency else { return [("certificate_transparency", .null)] }
        let timestamps: [JSONValue] = report.timestamps.map { outcome in
            var members: [(String, JSONValue)] = [("source", .string(outcome.source.rawValue))]
            if let timestamp = outcome.timestamp {
                members += [
                    ("log_id", .string(Base64.encode(timestamp.logID))),
                    ("timestamp", .string(DERTime.rfc3339(secondsSince1970: timestamp.secondsSince1970))),
                    ("algorithm", .string(timestamp.algorithmName)),
                    ("log", .string(outcome.log?.description)),
                ]
            }
            members.append(("verdict", .string(outcome.verdict.description)))
            return .object(members)
        }
        return [
            ("certificate_transparency", report.hasLogList ? .bool(evaluation.isCertificateTransparent) : .null),
            ("certificate_transparency_details", .object([
                ("log_list", .bool(report.hasLogList)),
                ("system_log_list", report.systemLogList.map { system in
                    .object([
                        ("source", .string(system.source)),
                        ("date", .string(DERTime.rfc3339(secondsSince1970: system.date))), ("current", .bool(system.isCurrent)),
                    ])
                } ?? .null),
                ("qualified", .bool(report.isQualified)),
                ("required", .bool(report.isRequired)), ("current_logs", .int(Int64(report.currentLogs))),
                ("qualified_embedded_logs", .int(Int64(report.qualifiedEmbeddedLogs))),
                ("required_embedded_logs", report.requiredEmbeddedLogs.map { .int(Int64($0)) } ?? .null),
                ("scts", .array(timestamps)),
            ])),
        ]
    }

    /// The `--explain` note when CT was not judged though the leaf embeds SCTs: said, never silent.
    static func unjudgedNote(_ evaluation: TrustEvaluation) -> String? {
        guard evaluation.certificateTransparency == nil, let leaf = evaluation.chain.first,
            let list = try? leaf.signedCertificateTimestamps()
        else { return nil }
        return "certificate transparency: not judged: no log list (--ct-logs); the leaf embeds \(list.entries.count) SCT\(list.entries.count == 1 ? "" : "s")"
    }

    /// `inspect`'s lines for embedded SCTs (log ID, time, algorithm; the log's name with `--ct-logs`).
    static func inspectLines(_ certificate: Certificate, logs: CertificateTransparencyLogList?) -> [String] {
        let list: SignedCertificateTimestampList
        do {
            guard let found = try certificate.signedCertificateTimestamps() else { return [] }
            list = found
        } catch {
            return ["SCT list does not parse: \(error)"]
        }
        return list.timestamps.enumerated().map { index, parsed in
            switch parsed {
            case .failure(let error): return "SCT \(index + 1): does not parse: \(error)"
            case .success(let timestamp):
                return "SCT \(index + 1): \(logName(timestamp, log: logs?.log(id: timestamp.logID))), "
                    + "\(DERTime.rfc3339(secondsSince1970: timestamp.secondsSince1970)), \(timestamp.algorithmName)"
            }
        }
    }

    /// `inspect --json`'s `signed_certificate_timestamps`, for a certificate with the extension.
    static func inspectJSON(_ certificate: Certificate, logs: CertificateTransparencyLogList?) -> JSONValue? {
        guard let list = try? certificate.signedCertificateTimestamps() else { return nil }
        return .array(list.timestamps.map { parsed in
            switch parsed {
            case .failure(let error): return .object([("error", .string(error.description))])
            case .success(let timestamp):
                let log = logs?.log(id: timestamp.logID)
                return .object([
                    ("log_id", .string(Base64.encode(timestamp.logID))),
                    ("timestamp", .string(DERTime.rfc3339(secondsSince1970: timestamp.secondsSince1970))),
                    ("algorithm", .string(timestamp.algorithmName)), ("log", .string(log?.description)),
                    ("operator", .string(log?.operatorName)),
                ])
            }
        })
    }
}
