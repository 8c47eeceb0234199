import VouchDER
import VouchJSON

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

extension CertificateTransparencyLogList {
    /// The v3 `log_list.json`: `operators`, each with a `name` and `logs` (and `tiled_logs`), each
    /// log with `key` and `log_id` (Base64), `state` and an optional `temporal_interval`.
    ///
    /// States map to Apple's keys: `usable` and `qualified` are current logs, `readonly` sets the
    /// read-only date (`frozen`) and `retired` the retirement date (`expiry`) from the state's
    /// `timestamp`; `pending` and `rejected` logs, logs without a state or a Base64 `key`, and
    /// entries of the wrong type are skipped.
    ///
    /// - Throws: ``CertificateTransparencyLogListError`` when the top level has no `operators` array, or too many logs.
    public init(logListV3 root: JSONNode) throws(CertificateTransparencyLogListError) {
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
                switch Self.log(node, operatorName: name) {
                case .success(let log): logs.append(log)
                case .failure(let reason): skipped.append(.init(location: location, reason: reason.message))
                }
            }
        }
        self.init(logs: logs, skipped: skipped)
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
