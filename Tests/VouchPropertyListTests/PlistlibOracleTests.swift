import Foundation
import Testing
import VouchJSON
import VouchPropertyList

/// Python's plistlib as the oracle: TestVectors/plist/oracle.json holds 300 random documents
/// plistlib wrote (`make.py`) with what plistlib read back from each; Vouch must read the same.
/// A second test has python3 write fresh ones with a new seed each run, when python3 is there.
@Suite struct PlistlibOracleTests {
    /// The tagged JSON of make.py (`["integer", "12"]`, `["dictionary", [[key, value], …]]`, …)
    /// as a PropertyList.
    struct MalformedOracle: Error {}

    static func expected(_ node: JSONNode) throws -> PropertyList {
        guard let parts = node.arrayValue, parts.count == 2, let tag = parts[0].stringValue else { throw MalformedOracle() }
        let value = parts[1]
        switch (tag, value.stringValue) {
        case ("string", let text?): return .string(text)
        case ("integer", let text?): return try .integer(Int64(text) ?? { throw MalformedOracle() }())
        case ("real", let text?): return try .real(Double(text) ?? { throw MalformedOracle() }())
        case ("data", let hex?): return .data(TrustSettingsDocumentTests.bytes(hex: hex))
        default: break
        }
        if tag == "boolean", let flag = value.boolValue { return .boolean(flag) }
        if tag == "date", let seconds = value.int64Value { return .date(seconds) }
        guard let elements = value.arrayValue else { throw MalformedOracle() }
        if tag == "array" { return .array(try elements.map(expected)) }
        guard tag == "dictionary" else { throw MalformedOracle() }
        var entries: [String: PropertyList] = [:]
        for pair in elements {
            guard let key = pair.arrayValue?.first?.stringValue, let entry = pair.arrayValue?.last else { throw MalformedOracle() }
            entries[key] = try expected(entry)
        }
        return .dictionary(entries)
    }

    /// Checks every `[xml, expected]` case of an oracle document; how many there were.
    static func check(_ oracle: [UInt8]) throws -> Int {
        guard let cases = try JSONReader.parse(oracle).arrayValue else { throw MalformedOracle() }
        for (index, pair) in cases.enumerated() {
            guard let xml = pair.arrayValue?.first?.stringValue, let last = pair.arrayValue?.last else { throw MalformedOracle() }
            let value = try expected(last)
            #expect(try PropertyListReader.parse(Array(xml.utf8)) == value, "case \(index)")
        }
        return cases.count
    }

    @Test("the 300 documents of oracle.json read as plistlib read them")
    func storedOracle() throws {
        #expect(try Self.check(try TrustSettingsDocumentTests.read("oracle.json")) == 300)
    }

    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        ?? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("200 fresh plistlib documents (a new seed each run) read as plistlib reads them",
          .enabled(if: python != nil, "python3 is not installed: the live plistlib oracle is skipped"))
    func liveOracle() throws {
        let seed = UInt32.random(in: 0...UInt32.max)
        let script = TrustSettingsDocumentTests.vectors.appendingPathComponent("make.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python ?? "python3")
        process.arguments = [script, "--oracle-to-stdout", String(seed), "200"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "make.py --oracle-to-stdout failed")
        #expect(try Self.check([UInt8](data)) == 200, "seed \(seed)")
    }
}
