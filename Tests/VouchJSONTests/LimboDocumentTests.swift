import Foundation
import Testing
import VouchJSON

/// x509-limbo's whole suite (`../shared/vectors/limbo/limbo-dev.json`, 24.8 MB), the largest
/// document Vouch reads.
@Suite struct LimboDocumentTests {
    /// `../shared/vectors/limbo/limbo-dev.json`, next to the project root.
    static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/vectors/limbo/limbo-dev.json").path

    static var isPresent: Bool { FileManager.default.fileExists(atPath: path) }

    @Test("the whole suite reads, with its 5,877 test cases",
          .enabled(if: isPresent, "../shared/vectors/limbo/limbo-dev.json is absent: the x509-limbo suite is not checked"))
    func wholeSuite() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.path).map { [UInt8]($0) })
        let clock = ContinuousClock()
        let start = clock.now
        let suite = try JSONReader.parse(bytes)
        let elapsed = clock.now - start
        print("limbo-dev.json: \(bytes.count) bytes read in \(elapsed)")
        #expect(suite[member: "version"]?.int64Value == 1)
        let testcases = try #require(suite[member: "testcases"]?.arrayValue)
        #expect(testcases.count == 5_877)
        #expect(testcases.allSatisfy { $0[member: "id"]?.stringValue != nil })
        let first = try #require(testcases.first)
        #expect(first[member: "peer_certificate"]?.stringValue?.hasPrefix("-----BEGIN CERTIFICATE-----\n") == true)
    }
}
