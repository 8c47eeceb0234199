import Foundation
import Testing
@testable import VouchTrust

/// The administrator's additions (SECTRUST.md §17.6): what each file becomes, and the two limits
/// of the walk at N and N + 1.
@Suite struct AdministratorRootsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TestVectors/example/root.pem")

    /// A fresh temporary folder, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-admin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a self-signed root is TrustRoot ([]), a blocklisted one Deny; unreadable and non-certificate files are skipped")
    func constraints() throws {
        let base = try Self.folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let anchors = base.appendingPathComponent("anchors"), blocklist = base.appendingPathComponent("blocklist")
        for folder in [anchors, blocklist] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(at: Self.root, to: anchors.appendingPathComponent("root.crt"))
        try Data("not a certificate".utf8).write(to: anchors.appendingPathComponent("README"))
        try FileManager.default.copyItem(at: Self.root, to: blocklist.appendingPathComponent("root.pem"))
        let found = AdministratorRoots.load(anchors: [anchors.path], blocklists: [blocklist.path])
        #expect(found.additions.map(\.constraints) == [[], [TrustSettingsConstraint(result: .deny)]])
        #expect(found.additions.map(\.isBlocked) == [false, true])
        #expect(found.problems.isEmpty)
        // The blocklist's entry, read last, is the admin domain's.
        let certificate = try #require(found.additions.first?.certificate)
        #expect(found.trustSettings.constraints(for: certificate, in: .admin) == [TrustSettingsConstraint(result: .deny)])
    }

    @Test("maximumFolderDepth: folders are walked to depth 3 below the one named (a file at depth 4 is read), a folder at depth 4 is not and is named")
    func folderDepth() throws {
        #expect(AdministratorRoots.maximumFolderDepth == 4)
        for (levels, expected) in [(AdministratorRoots.maximumFolderDepth - 1, 1), (AdministratorRoots.maximumFolderDepth, 0)] {
            let base = try Self.folder()
            defer { try? FileManager.default.removeItem(at: base) }
            var deepest = base
            for level in 0..<levels { deepest = deepest.appendingPathComponent("level\(level)") }
            try FileManager.default.createDirectory(at: deepest, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.root, to: deepest.appendingPathComponent("root.crt"))
            let found = AdministratorRoots.load(anchors: [base.path], blocklists: [])
            #expect(found.additions.count == expected, "\(levels) folders below")
            #expect(found.problems.contains { $0.reason.hasPrefix("deeper than") } == (expected == 0))
        }
    }

    @Test("maximumFileCount: the 4,096th file is read, the 4,097th is not and is named once")
    func fileCount() throws {
        #expect(AdministratorRoots.maximumFileCount == 4096)
        for (junk, expected) in [(AdministratorRoots.maximumFileCount - 1, 1), (AdministratorRoots.maximumFileCount, 0)] {
            let base = try Self.folder()
            defer { try? FileManager.default.removeItem(at: base) }
            for index in 0..<junk {
                _ = FileManager.default.createFile(atPath: base.appendingPathComponent(String(format: "a%05d", index)).path, contents: Data("x".utf8))
            }
            // Names are read in sorted order: the certificate comes last.
            try FileManager.default.copyItem(at: Self.root, to: base.appendingPathComponent("z-root.crt"))
            let found = AdministratorRoots.load(anchors: [base.path], blocklists: [])
            #expect(found.additions.count == expected, "\(junk) files before it")
            #expect(found.problems.filter { $0.reason.hasPrefix("more than") }.count == (expected == 0 ? 1 : 0))
        }
    }
}
