import VouchDER
import VouchJSON
import VouchPropertyList
import VouchTrust

/// Why a log-list file was refused as a whole: what, and where (byte offset).
public struct CertificateTransparencyLogListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// The byte offset in the file.
    public let offset: Int

    /// An error at `offset`.
    public init(_ message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// `byte N: message`.
    public var description: String { "byte \(offset): \(message)" }
}

/// Reads the two forms a Certificate Transparency log list comes in: Apple's trusted-logs
/// property list (the array `SecTrustSetTrustedLogs` takes) and the public v3 `log_list.json`
/// (Google's and Apple's published lists). An entry that is not a log is skipped, as Apple's
/// `ConvertTrustedCTLogsArrayToDictionary` skips it, and listed in
/// `CertificateTransparencyLogList.skipped` (VouchTrust); only a file that is neither form fails.
public enum CertificateTransparencyLogListFile {
    /// The largest file read: the published lists are about 60 kB; 16 MiB is far beyond any list.
    public static let maximumFileSize = 16 << 20

    /// Reads `bytes` as a property list when its first non-blank character is `<`, as
    /// log_list.json when it is `{`.
    ///
    /// - Throws: ``CertificateTransparencyLogListError`` for a file of neither form, one that does
    ///   not parse, a top level of the wrong type, or more than
    ///   `CertificateTransparencyLimits.maximumLogs` (VouchTrust) entries.
    public static func read(_ bytes: [UInt8]) throws(CertificateTransparencyLogListError) -> CertificateTransparencyLogList {
        guard bytes.count <= maximumFileSize else {
            throw CertificateTransparencyLogListError("larger than \(maximumFileSize) bytes", offset: 0)
        }
        let (form, offset) = DocumentForm.of(bytes)
        switch form {
        case .propertyList:
            let plist: PropertyList
            do { plist = try PropertyListReader.parse(bytes) } catch {
                throw CertificateTransparencyLogListError(error.message, offset: error.offset)
            }
            return try trustedLogs(plist)
        case .json:
            let node: JSONNode
            do { node = try JSONReader.parse(bytes, limits: JSONReader.Limits(maximumDepth: 16, maximumSize: maximumFileSize)) } catch {
                throw CertificateTransparencyLogListError(error.message, offset: error.offset)
            }
            return try logListV3(node)
        case nil:
            throw CertificateTransparencyLogListError("neither a property list (<) nor log_list.json ({)", offset: offset ?? 0)
        }
    }

    /// Apple's trusted-logs array: each entry a dictionary with `key` (the log's
    /// SubjectPublicKeyInfo, data), optionally `log_id` (data; else the SHA-256 of `key`),
    /// `operator`, `description`, and the dates `expiry` (retired), `frozen` (read-only),
    /// `start_inclusive`, `end_exclusive` (temporal shard).
    ///
    /// Skipped, as Apple skips them: an entry that is not a dictionary, one with neither a `log_id`
    /// nor a `key` that is data. Kept, as Apple keeps it: an entry with a `log_id` but no usable
    /// `key` (no SCT verifies against it). Skipped by Vouch alone: an entry whose date key holds
    /// something other than a date (Apple would read it as a date regardless; what that does is
    /// undefined).
    ///
    /// - Throws: ``CertificateTransparencyLogListError`` when the top level is not an array or is too long.
    public static func trustedLogs(_ plist: PropertyList) throws(CertificateTransparencyLogListError) -> CertificateTransparencyLogList {
        guard let entries = plist.arrayValue else {
            throw CertificateTransparencyLogListError("the trusted logs are \(plist.typeName), not an array", offset: 0)
        }
        guard entries.count <= CertificateTransparencyLimits.maximumLogs else {
            throw CertificateTransparencyLogListError("more than \(CertificateTransparencyLimits.maximumLogs) logs", offset: 0)
        }
        var logs: [CertificateTransparencyLog] = []
        var skipped: [CertificateTransparencyLogList.SkippedEntry] = []
        for (index, entry) in entries.enumerated() {
            let location = "entry \(index)"
            guard let fields = entry.dictionaryValue else {
                skipped.append(.init(location: location, reason: "\(entry.typeName), not a dictionary"))
                continue
            }
            var dates: [String: Int64] = [:]
            var badDate: String? = nil
            for name in ["expiry", "frozen", "start_inclusive", "end_exclusive"] {
                guard let value = fields[name] else { continue }
                guard let date = value.dateValue else {
                    badDate = "\(name) is \(value.typeName), not a date"
                    break
                }
                dates[name] = date
            }
            if let badDate {
                skipped.append(.init(location: location, reason: badDate))
                continue
            }
            guard
                let log = CertificateTransparencyLog(
                    key: fields["key"]?.dataValue, logID: fields["log_id"]?.dataValue, operatorName: fields["operator"]?.stringValue,
                    description: fields["description"]?.stringValue, retired: dates["expiry"], readOnly: dates["frozen"],
                    shardStart: dates["start_inclusive"], shardEnd: dates["end_exclusive"])
            else {
                skipped.append(.init(location: location, reason: "neither a log_id nor a key that is data"))
                continue
            }
            logs.append(log)
        }
        return CertificateTransparencyLogList(logs: logs, skipped: skipped)
    }

    /// The v3 `log_list.json`: `operators`, each with a `name` and `logs` (and `tiled_logs`), each
    /// log with `key` and `log_id` (Base64), `state` and an optional `temporal_interval`.
    ///
    /// States map to Apple's keys: `usable` and `qualified` are current logs, `readonly` sets the
    /// read-only date (`frozen`) and `retired` the retirement date (`expiry`) from the state's
    /// `timestamp`; `pending` and `rejected` logs, logs without a state or a Base64 `key`, and
    /// entries of the wrong type are skipped.
    ///
    /// - Throws: ``CertificateTransparencyLogListError`` when the top level has no `operators` array, or too many logs.
    public static func logListV3(_ root: JSONNode) throws(CertificateTransparencyLogListError) -> CertificateTransparencyLogList {
        guard let operators = root[member: "operators"]?.arrayValue else {
            throw CertificateTransparencyLogListError("no \"operators\" array (log_list.json v3)", offset: root.offset)
        }
        var logs: [CertificateTransparencyLog] = []
        var skipped: [CertificateTransparencyLogList.SkippedEntry] = []
        var count = 0
        for (operatorIndex, operatorNode) in operators.enumerated() {
            let name = operatorNode[member: "name"]?.stringValue
            let entries = (operatorNode[member: "logs"]?.arrayValue ?? []) + (operatorNode[member: "tiled_logs"]?.arrayValue ?? [])
            if operatorNode.members == nil {
                skipped.append(.init(location: "operator \(operatorIndex)", reason: "\(operatorNode.value.typeName), not an object"))
            }
            for (logIndex, node) in entries.enumerated() {
                count += 1
                guard count <= CertificateTransparencyLimits.maximumLogs else {
                    throw CertificateTransparencyLogListError("more than \(CertificateTransparencyLimits.maximumLogs) logs", offset: node.offset)
                }
                let location = "operator \(operatorIndex) (\(name ?? "?")) log \(logIndex)"
                switch log(node, operatorName: name) {
                case .success(let log): logs.append(log)
                case .failure(let reason): skipped.append(.init(location: location, reason: reason.message))
                }
            }
        }
        return CertificateTransparencyLogList(logs: logs, skipped: skipped)
    }

    private struct Skip: Error { let message: String }

    private static func log(_ node: JSONNode, operatorName: String?) -> Result<CertificateTransparencyLog, Skip> {
        guard node.members != nil else { return .failure(Skip(message: "\(node.value.typeName), not an object")) }
        guard let keyText = node[member: "key"]?.stringValue, let key = Base64.decode(keyText) else {
            return .failure(Skip(message: "no Base64 \"key\""))
        }
        var logID: [UInt8]? = nil
        if let idNode = node[member: "log_id"] {
            guard let text = idNode.stringValue, let decoded = Base64.decode(text) else {
                return .failure(Skip(message: "\"log_id\" is not Base64"))
            }
            logID = decoded
        }
        guard let state = node[member: "state"]?.members, state.count == 1, let (stateName, stateNode) = state.first else {
            return .failure(Skip(message: "no single \"state\""))
        }
        let stateTime = stateNode[member: "timestamp"]?.stringValue.flatMap { DERTime(rfc3339: $0)?.secondsSince1970 }
        var retired: Int64? = nil
        var readOnly: Int64? = nil
        switch stateName {
        case "usable", "qualified": break
        case "readonly":
            guard let stateTime else { return .failure(Skip(message: "readonly state without an RFC 3339 timestamp")) }
            readOnly = stateTime
        case "retired":
            guard let stateTime else { return .failure(Skip(message: "retired state without an RFC 3339 timestamp")) }
            retired = stateTime
        default:
            return .failure(Skip(message: "state \(stateName) is not trusted"))
        }
        var start: Int64? = nil
        var end: Int64? = nil
        if let interval = node[member: "temporal_interval"] {
            guard let startText = interval[member: "start_inclusive"]?.stringValue, let startTime = DERTime(rfc3339: startText),
                let endText = interval[member: "end_exclusive"]?.stringValue, let endTime = DERTime(rfc3339: endText)
            else { return .failure(Skip(message: "temporal_interval without two RFC 3339 times")) }
            start = startTime.secondsSince1970
            end = endTime.secondsSince1970
        }
        guard
            let log = CertificateTransparencyLog(
                key: key, logID: logID, operatorName: operatorName, description: node[member: "description"]?.stringValue,
                retired: retired, readOnly: readOnly, shardStart: start, shardEnd: end)
        else { return .failure(Skip(message: "no key")) }
        return .success(log)
    }
}
