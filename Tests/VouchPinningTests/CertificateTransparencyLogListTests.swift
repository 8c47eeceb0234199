import Foundation
import Testing
import VouchCrypto
import VouchDER
import VouchJSON
import VouchPinning
import VouchPropertyList
import VouchTrust

/// The two log-list forms (Apple's trusted-logs property list, the v3 log_list.json) read into
/// the same logs, and the entries Apple skips skipped.
@Suite struct CertificateTransparencyLogListTests {
    static func vector(_ file: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try #require(FileManager.default.contents(atPath: root.appendingPathComponent("TestVectors/ct/\(file)").path).map { [UInt8]($0) })
    }

    @Test("logs.plist and log_list.json name the same three logs, IDs the SHA-256 of their keys")
    func bothForms() throws {
        let plist = try CertificateTransparencyLogListFile.read(try Self.vector("logs.plist"))
        let json = try CertificateTransparencyLogListFile.read(try Self.vector("log_list.json"))
        #expect(plist.logs.count == 3 && plist.skipped.isEmpty && json.skipped.isEmpty)
        #expect(plist.logs.map(\.logID) == json.logs.map(\.logID))
        #expect(plist.logs.map(\.key) == json.logs.map(\.key))
        #expect(plist.logs.map(\.operatorName) == ["Operator One", "Operator One", "Operator Two"])
        let a = try Self.vector("log-a.spki.der")
        #expect(plist.logs[0].logID == HashAlgorithm.sha256.digest(a))
        #expect(plist.log(id: HashAlgorithm.sha256.digest(a))?.description == "Vouch Test Log A")
    }

    @Test("Apple's skips: not a dictionary, no log_id and no key data; kept: a log_id without a key")
    func appleSkips() throws {
        let key: [UInt8] = [1, 2, 3]
        let list = try CertificateTransparencyLogListFile.trustedLogs(.array([
            .array([]), .dictionary(["test": .string("test")]), .dictionary(["key": .string("test")]),
            .dictionary(["log_id": .data(Array(repeating: 7, count: 32))]),
            .dictionary(["key": .data(key), "expiry": .string("soon")]),
            .dictionary(["key": .data(key), "expiry": .date(100), "frozen": .date(50), "start_inclusive": .date(1), "end_exclusive": .date(2)]),
        ]))
        #expect(list.skipped.map(\.location) == ["entry 0", "entry 1", "entry 2", "entry 4"])
        #expect(list.logs.count == 2)
        #expect(list.logs[0].key == nil)
        #expect(list.logs[1].retired == 100 && list.logs[1].readOnly == 50 && list.logs[1].shardStart == 1 && list.logs[1].shardEnd == 2)
        #expect(throws: CertificateTransparencyLogListError.self) { try CertificateTransparencyLogListFile.trustedLogs(.dictionary([:])) }
        #expect(throws: CertificateTransparencyLogListError.self) { try CertificateTransparencyLogListFile.read(Array("nothing".utf8)) }
        let tooMany = PropertyList.array(Array(repeating: .dictionary(["key": .data(key)]), count: CertificateTransparencyLimits.maximumLogs + 1))
        #expect(throws: CertificateTransparencyLogListError.self) { try CertificateTransparencyLogListFile.trustedLogs(tooMany) }
    }

    @Test("log_list.json states: usable and qualified current, readonly and retired dated, pending and rejected skipped")
    func jsonStates() throws {
        let key = Base64.encode([UInt8](repeating: 9, count: 8))
        func log(_ state: String) -> String {
            "{\"key\": \"\(key)\", \"log_id\": \"\(Base64.encode([UInt8](repeating: UInt8(state.count), count: 32)))\", \"state\": {\"\(state)\": {\"timestamp\": \"2025-01-01T00:00:00Z\"}}}"
        }
        let text = "{\"operators\": [{\"name\": \"X\", \"logs\": [\(["usable", "qualified", "readonly", "retired", "pending", "rejected"].map(log).joined(separator: ","))], \"tiled_logs\": [{\"key\": 5}]}]}"
        let list = try CertificateTransparencyLogListFile.read(Array(text.utf8))
        #expect(list.logs.count == 4)
        #expect(list.skipped.count == 3)
        #expect(list.logs.contains { $0.readOnly == 1_735_689_600 })
        #expect(list.logs.contains { $0.retired == 1_735_689_600 })
    }
}
