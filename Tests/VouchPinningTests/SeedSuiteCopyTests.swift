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
        let theirs = try #require(SeedSuites.load(AFNetworkingSuite.self, Self.shared + "/afnetworking"))
        Self.expectSame(try #require(AFNetworkingSuite.loaded).cases, theirs.cases, id: \.id)
    }

    @Test("TrustKit: the same cases")
    func trustkit() throws {
        let theirs = try #require(SeedSuites.load(TrustKitSuite.self, Self.shared + "/trustkit"))
        Self.expectSame(try #require(TrustKitSuite.loaded).cases, theirs.cases, id: \.id)
    }

    /// The same case ids in the same order, and each case equal in every field the tests read.
    static func expectSame<Case: Equatable>(_ ours: [Case], _ theirs: [Case], id: (Case) -> String) {
        #expect(ours.map(id) == theirs.map(id))
        for (mine, other) in zip(ours, theirs) { #expect(mine == other, "\(id(mine))") }
    }
}
