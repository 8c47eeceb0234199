import Foundation
import Testing
import VouchTestSupport
import VouchJSON

/// x509-limbo's whole suite (the shared folder's `vectors/limbo/limbo-dev.json`, 24.8 MB), the
/// largest document Vouch reads.
@Suite struct LimboDocumentTests {
    static let path = SharedFolder.limbo ?? ""

    @Test("the whole suite reads, with its 5,877 test cases", .enabled(if: SharedFolder.limbo != nil, MissingData.limbo))
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
