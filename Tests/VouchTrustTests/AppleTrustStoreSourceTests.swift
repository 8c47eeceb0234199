import Foundation
import Testing
import VouchCrypto
import VouchTestSupport
@testable import VouchTrust
import VouchTrustData
import VouchX509

/// The clone of security_certificates (bare or not) that `VOUCH_SECURITY_CERTIFICATES` names.
enum SecurityCertificatesClone {
    static let gitDirectory = ProcessInfo.processInfo.environment["VOUCH_SECURITY_CERTIFICATES"].flatMap { $0.isEmpty ? nil : $0 }
}

/// The embedded Apple trust store (Sources/VouchTrustData/AppleTrustStore.swift) against the files
/// of the tag it names, read from a clone of apple-oss-distributions/security_certificates that
/// `VOUCH_SECURITY_CERTIFICATES` names (skipped without one): every certificate, list and text as
/// the tag has them, read here with Foundation and git, apart from the generator and from
/// VouchTrust's reader, and the removed certificates' subjects as Vouch writes RFC 4514 names.
@Suite(.enabled(if: SecurityCertificatesClone.gitDirectory != nil, MissingData.securityCertificates))
struct AppleTrustStoreSourceTests {
    static let gitDirectory = SecurityCertificatesClone.gitDirectory
    static let snapshot = AppleTrustStoreSnapshot.embedded
    /// The files the table is made from: certificates/, the asset versions, the log list and the
    /// pinning database.
    static let inputs = ["certificates", "config/AssetVersion.plist", "certificate_transparency/log_list.json", "Pinning/CertificatePinning.plist"]

    enum ReadError: Error { case command([String], Int32) }
    /// Why the tag's files could not be extracted.
    struct ExtractionFailure: Error, CustomStringConvertible { let description: String }

    /// The tag's input files, extracted once (`git archive`) into a temporary directory.
    static let extracted: Result<URL, ExtractionFailure> = {
        do { return .success(try extract()) } catch { return .failure(ExtractionFailure(description: "\(error)")) }
    }()

    static func extract() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-security-certificates-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let archive = folder.appendingPathComponent("tag.tar").path
        _ = try run(["git", "-C", gitDirectory ?? "", "archive", "--format=tar", "-o", archive, AppleTrustStore.tag] + inputs)
        _ = try run(["tar", "-xf", archive, "-C", folder.path])
        try FileManager.default.removeItem(atPath: archive)
        return folder
    }

    static func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ReadError.command(arguments, process.terminationStatus) }
        return data
    }

    static func file(_ path: String) throws -> [UInt8] {
        let folder = try extracted.get()
        return [UInt8](try Data(contentsOf: folder.appendingPathComponent(path)))
    }

    /// The files under `folder` (subfolders included), as paths from the tag's top, by their bytes.
    static func files(under folder: String) throws -> [String] {
        let top = try extracted.get().appendingPathComponent(folder).path
        var isDirectory: ObjCBool = false
        return try FileManager.default.subpathsOfDirectory(atPath: top)
            .filter { FileManager.default.fileExists(atPath: top + "/" + $0, isDirectory: &isDirectory) && !isDirectory.boolValue }
            .map { folder + "/" + $0 }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String { EmbeddedAppleTrustStoreTests.hex(bytes) }

    @Test func tagAndVersions() throws {
        let commit = try Self.run(["git", "-C", Self.gitDirectory ?? "", "rev-parse", AppleTrustStore.tag + "^{commit}"])
        #expect(String(decoding: commit, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == Self.snapshot.commit)
        let plist = try PropertyListSerialization.propertyList(from: Data(try Self.file("config/AssetVersion.plist")), format: nil)
        let versions = try #require(plist as? [String: Any])
        #expect(versions["VersionNumber"] as? Int == Self.snapshot.versionNumber)
        #expect(versions["MobileAssetContentVersion"] as? Int == Self.snapshot.mobileAssetContentVersion)
        #expect(versions["PKITrustStoreAssetsVersion"] as? String == Self.snapshot.assetsVersion)
    }

    /// roots/, platform/ and custom/: the same certificates, in file-name order.
    @Test(arguments: AppleTrustStoreSnapshot.AnchorRecord.Kind.allCases)
    func anchors(_ kind: AppleTrustStoreSnapshot.AnchorRecord.Kind) throws {
        let folder = "certificates/" + ["system": "roots", "platform": "platform", "custom": "custom"][kind.rawValue, default: ""]
        let files = try Self.files(under: folder).map(Self.file)
        let records = Self.snapshot.anchorRecords(of: kind)
        #expect(records.count == files.count)
        #expect(records.map { Array($0.certificate.derEncoded) } == files)
        if kind == .system {
            #expect(Self.snapshot.systemRoots.map { Array($0.derEncoded) } == files)
        }
    }

    /// constraints.json's system, platform and custom lists, OIDs as written.
    @Test func constraints() throws {
        let json = try JSONSerialization.jsonObject(with: Data(try Self.file("certificates/constraints.json")))
        let lists = try #require(json as? [String: [String: [String]]])
        for kind in AppleTrustStoreSnapshot.AnchorRecord.Kind.allCases {
            var embedded: [String: [String]] = [:]
            for record in Self.snapshot.anchorRecords(of: kind) where !record.policies.isEmpty {
                embedded[Self.hex(record.sha256).uppercased()] = record.policies
            }
            #expect(embedded == lists[kind.rawValue], "\(kind)")
        }
    }

    @Test func evRoots() throws {
        let json = try JSONSerialization.jsonObject(with: Data(try Self.file("certificates/EVRoots.json")))
        let config = try #require((json as? [String: Any])?["EV_config"] as? [String: [String]])
        var embedded: [String: [String]] = [:]
        for root in Self.snapshot.evRoots { embedded[Self.hex(root.sha256).uppercased()] = root.policies }
        #expect(embedded == config)
    }

    /// Each removed certificate: its SHA-256, its folder, and its subject as Vouch writes it.
    @Test func removed() throws {
        var fromFiles: [String] = []
        for path in try Self.files(under: "certificates/removed") {
            let der = try Self.file(path)
            let subject = try Certificate(derEncoded: der).subject.rfc4514
            let folder = String(path.split(separator: "/").dropFirst().dropLast().joined(separator: "/"))
            fromFiles.append("\(Self.hex(SHA256.digest(der))) \(folder) \(subject)")
        }
        let embedded = Self.snapshot.removedCertificates.map { "\(Self.hex($0.sha256)) \($0.folder) \($0.subject)" }
        #expect(fromFiles.count == 305)
        #expect(embedded.sorted() == fromFiles.sorted())
    }

    @Test func texts() throws {
        #expect(Self.snapshot.certificateTransparencyLogList == (try Self.file("certificate_transparency/log_list.json")))
        #expect(Self.snapshot.pinningPropertyList == (try Self.file("Pinning/CertificatePinning.plist")))
    }

    /// `sourceSHA256` is the manifest of every input: `<sha256>  <path>` lines by path.
    @Test func manifest() throws {
        let single = ["config/AssetVersion.plist", "certificates/constraints.json", "certificates/EVRoots.json",
                      "certificate_transparency/log_list.json", "Pinning/CertificatePinning.plist"]
        var paths = single
        for folder in ["roots", "platform", "custom", "removed"] { paths += try Self.files(under: "certificates/" + folder) }
        paths.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let manifest = try paths.map { "\(Self.hex(SHA256.digest(try Self.file($0))))  \($0)\n" }.joined()
        #expect(paths.count == AppleTrustStore.sourceFileCount)
        #expect(Self.hex(SHA256.digest(Array(manifest.utf8))) == AppleTrustStore.sourceSHA256)
    }
}
