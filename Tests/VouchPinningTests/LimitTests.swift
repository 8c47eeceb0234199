import Testing
import VouchPinning
import VouchPropertyList
import VouchTrust

/// The pinning module's file limits and the log lists' entry limit at N and N + 1 (issue 38
/// item 2), each input made from the constant, with the error and its offset past the limit.
@Suite struct LimitTests {
    @Test("the limits are the documented ones")
    func values() {
        #expect(PinSet.maximumFileSize == 1 << 20)
        #expect(CertificateTransparencyLogListFile.maximumFileSize == 16 << 20)
        #expect(CertificateTransparencyLimits.maximumLogs == 4_096)
    }

    /// `text` followed by spaces up to `size` octets.
    static func padded(_ text: String, to size: Int) -> [UInt8] {
        Array(text.utf8) + [UInt8](repeating: 0x20, count: size - text.utf8.count)
    }

    @Test("PinSet.maximumFileSize: a pin-set file of 1 MiB is read, one of 1 MiB + 1 is refused")
    func pinSetFileSize() throws {
        let limit = PinSet.maximumFileSize
        let rules = #"{"rules": [{"host": "a.example", "exclude": true}]}"#
        #expect(try PinSet(jsonFile: Self.padded(rules, to: limit)).rules.isEmpty == false)
        #expect(throws: PinSetFileError("the file is larger than \(limit) bytes", offset: limit)) {
            try PinSet(jsonFile: Self.padded(rules, to: limit + 1))
        }
    }

    @Test("CertificateTransparencyLogListFile.maximumFileSize: a list of 16 MiB is read, one of 16 MiB + 1 is refused")
    func logListFileSize() throws {
        let limit = CertificateTransparencyLogListFile.maximumFileSize
        let list = #"{"operators": []}"#
        #expect(try CertificateTransparencyLogListFile.read(Self.padded(list, to: limit)).logs.isEmpty)
        #expect(throws: CertificateTransparencyLogListError("larger than \(limit) bytes", offset: 0)) {
            try CertificateTransparencyLogListFile.read(Self.padded(list, to: limit + 1))
        }
    }

    @Test("maximumLogs: a property list of 4,096 entries is read (each skipped here), one of 4,097 is refused")
    func propertyListLogs() throws {
        let limit = CertificateTransparencyLimits.maximumLogs
        let within = try CertificateTransparencyLogListFile.trustedLogs(.array(Array(repeating: .string("x"), count: limit)))
        #expect(within.logs.isEmpty && within.skipped.count == limit)
        #expect(throws: CertificateTransparencyLogListError("more than \(limit) logs", offset: 0)) {
            try CertificateTransparencyLogListFile.trustedLogs(.array(Array(repeating: .string("x"), count: limit + 1)))
        }
    }

    @Test("maximumLogs: log_list.json with 4,096 log entries is read, with 4,097 refused at the 4,097th")
    func jsonLogs() throws {
        let limit = CertificateTransparencyLimits.maximumLogs
        let prefix = #"{"operators": [{"logs": ["#
        func list(_ count: Int) -> [UInt8] { Array((prefix + Array(repeating: "{}", count: count).joined(separator: ",") + "]}]}").utf8) }
        let within = try CertificateTransparencyLogListFile.read(list(limit))
        #expect(within.logs.isEmpty && within.skipped.count == limit)
        #expect(throws: CertificateTransparencyLogListError("more than \(limit) logs", offset: prefix.utf8.count + 3 * limit)) {
            try CertificateTransparencyLogListFile.read(list(limit + 1))
        }
    }
}
