internal import VouchTrustData
import VouchDER
import VouchJSON

extension AppleTrustStoreSnapshot {
    /// How long after its store was built Apple keeps requiring Certificate Transparency: trustd
    /// enforces CT only while its last MobileAsset check-in is less than 60 days old
    /// (`kSecOTAPKIAssetStalenessDisable`, trust/trustd/OTATrustUtilities.h; read by
    /// `SecPolicyCheckSystemTrustedCTRequired` in SecPolicyServer.c) or the caller set its own
    /// logs.
    public static let certificateTransparencyStaleness: Int64 = 60 * 86_400

    /// The day Apple built this store, read from ``versionNumber`` (`YYYYMMDDnn`: 2025072000 is
    /// 2025-07-20), as seconds since 1970 at 00:00 UTC; `nil` if the number is not of that form.
    public var versionDate: Int64? { Self.date(ofVersion: versionNumber) }

    /// The embedded store's ``versionDate``, known without decoding the snapshot.
    static let embeddedVersionDate = date(ofVersion: AppleTrustStore.versionNumber)
    /// The embedded store's ``tag``, known without decoding the snapshot.
    static let embeddedTag = AppleTrustStore.tag

    /// The day a `YYYYMMDDnn` version number names, at 00:00 UTC.
    static func date(ofVersion versionNumber: Int) -> Int64? {
        let digits = String(versionNumber)
        guard digits.count == 10 else { return nil }
        let year = digits.prefix(4), month = digits.dropFirst(4).prefix(2), day = digits.dropFirst(6).prefix(2)
        return DERTime(rfc3339: "\(year)-\(month)-\(day)T00:00:00Z")?.secondsSince1970
    }

    /// Whether the embedded log list counts as current at `time`: less than
    /// ``certificateTransparencyStaleness`` away from ``versionDate``, before or after it. trustd
    /// takes the absolute age of its last check-in against the clock (`fabs` in
    /// `SecOTAPKIAssetStalenessLessThanSeconds`); Vouch takes the verify date as the clock and the
    /// store's date as the check-in, so that an answer is the same on every machine and every
    /// day. A list describes the logs as they stand at its date: far from it (a chain of 2020,
    /// whose logs the list now rejects, or a verify date long after the list) CT is judged and
    /// reported, not required; `Trust.setTrustedLogs(_:)` with this list requires it anyway.
    public func isCertificateTransparencyLogListCurrent(at time: Int64) -> Bool {
        Self.isLogListCurrent(versionDate: versionDate, at: time)
    }

    /// ``isCertificateTransparencyLogListCurrent(at:)`` for a store of `versionDate`.
    static func isLogListCurrent(versionDate: Int64?, at time: Int64) -> Bool {
        guard let versionDate else { return false }
        // Compared, not subtracted: a verify date at either end of Int64 must not overflow.
        return versionDate - Self.certificateTransparencyStaleness < time && time < versionDate + Self.certificateTransparencyStaleness
    }

    /// certificate_transparency/log_list.json at ``tag``, read as `SecTrustSetTrustedLogs` would
    /// take it (``CertificateTransparencyLogList/init(logListV3:)``; 32 usable, 13 qualified and
    /// 4 retired logs trusted at 55349.0.11), decoded once on first use.
    public var certificateTransparencyLogs: CertificateTransparencyLogList { Self.embeddedLogs }

    /// The embedded list, decoded once (a Swift global: thread-safe). A list that does not parse,
    /// which the tests rule out, is an empty list with the reason in `skipped`: no SCT verifies
    /// against it, so CT required is never met, never silently waived.
    static let embeddedLogs: CertificateTransparencyLogList = {
        // Read from the table, not through ``embedded``: judging CT must not decode the roots.
        let bytes = AppleTrustStore.certificateTransparencyLogList.withUTF8Buffer { Array($0) }
        do {
            return try CertificateTransparencyLogList(logListV3: try JSONReader.parse(bytes))
        } catch let error as CertificateTransparencyLogListError {
            return CertificateTransparencyLogList(logs: [], skipped: [.init(location: "byte \(error.offset)", reason: error.message)])
        } catch {
            return CertificateTransparencyLogList(logs: [], skipped: [.init(location: "log_list.json", reason: "\(error)")])
        }
    }()
}
