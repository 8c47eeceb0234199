import VouchDER
import VouchJSON
import VouchPropertyList
import VouchTrust

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
    /// - Throws: `CertificateTransparencyLogListError` (VouchTrust) for a file of neither form, one that does
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
    /// - Throws: `CertificateTransparencyLogListError` (VouchTrust) when the top level is not an array or is too long.
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

    /// The v3 `log_list.json` (`CertificateTransparencyLogList.init(logListV3:)` in VouchTrust).
    ///
    /// - Throws: `CertificateTransparencyLogListError` (VouchTrust) when the top level has no `operators` array, or too many logs.
    public static func logListV3(_ root: JSONNode) throws(CertificateTransparencyLogListError) -> CertificateTransparencyLogList {
        try CertificateTransparencyLogList(logListV3: root)
    }
}
