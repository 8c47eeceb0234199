import Foundation
import Testing
import VouchTestSupport

/// `TestVectors/seed-suites` (regenerated from upstream by its `make.py`) against the shared
/// folder's copy of the same suites, where there is one: the same certificates byte for byte, and
/// the same cases in every field the suites' tests read.
@Suite("seed suites: the repository's copy matches the shared folder's",
       .enabled(if: SharedFolder.seedSuites != nil, MissingData.seedSuites))
struct SeedSuiteCopyTests {
    static let shared = SharedFolder.seedSuites ?? ""

    @Test("every certificate of the shared copy is in TestVectors, byte for byte", arguments: ["afnetworking", "trustkit"])
    func certificates(_ suite: String) throws {
        let theirs = TestData.files(under: Self.shared + "/" + suite + "/certs")
        let ours = TestData.files(under: SeedSuites.root + "/" + suite + "/certs")
        #expect(!theirs.isEmpty)
        #expect(ours == theirs)
        for file in theirs {
            let relative = "/" + suite + "/certs/" + file
            #expect(TestData.bytes(SeedSuites.root + relative) == TestData.bytes(Self.shared + relative), "\(relative)")
        }
    }

    @Test("AFNetworking: the same cases")
    func afnetworking() throws {
        let ours = try #require(AFNetworkingSuite.loaded)
        let theirs = try #require(SeedSuites.load(AFNetworkingSuite.self, Self.shared + "/afnetworking"))
        #expect(ours.cases.map(\.id) == theirs.cases.map(\.id))
        for (mine, other) in zip(ours.cases, theirs.cases) { #expect(mine == other, "\(mine.id)") }
    }

    @Test("TrustKit: the same cases")
    func trustkit() throws {
        let ours = try #require(TrustKitSuite.loaded)
        let theirs = try #require(SeedSuites.load(TrustKitSuite.self, Self.shared + "/trustkit"))
        #expect(ours.cases.map(\.id) == theirs.cases.map(\.id))
        for (mine, other) in zip(ours.cases, theirs.cases) { #expect(mine == other, "\(mine.id)") }
    }
}
