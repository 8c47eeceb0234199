import Foundation
import Testing
import VouchCrypto
import VouchDER
import VouchJSON
import VouchPinning
import VouchTestSupport
import VouchTrust
import VouchX509

/// The documents `vouch verify` reads, through the library readers an embedder calls: the same
/// bytes give the same settings and exceptions, and a bad document names what is wrong.
@Suite("document readers: trust settings and exceptions")
struct DocumentReaderTests {
    static let vectors = TestData.projectRoot.appendingPathComponent("TestVectors").path

    static func bytes(_ file: String) throws -> [UInt8] {
        try #require(TestData.bytes(vectors + "/" + file), "\(file) is missing")
    }

    static func certificate(_ file: String) throws -> Certificate { try Certificate(derEncoded: try bytes(file)) }

    @Test("the export's XML property list and its JSON form give the same settings")
    func plistAndJSON() throws {
        let root = try Self.certificate("sectrust/certs/root.der")
        #expect(TrustSettingsDocument.sha1Key(root) == "C155C3324D2FA1DB875493DC8FC2287C5ED31858")
        var fromPlist = TrustSettings(), fromJSON = TrustSettings()
        let plistWarnings = try TrustSettingsDocument.read(
            try Self.bytes("trust-settings/proxy-root-ssl-only.plist"), into: &fromPlist, domain: .admin, known: [root])
        let jsonWarnings = try TrustSettingsDocument.read(
            try Self.bytes("trust-settings/proxy-root-ssl-only.json"), into: &fromJSON, domain: .admin, known: [root])
        #expect(plistWarnings.isEmpty && jsonWarnings.isEmpty)
        let constraints = try #require(fromJSON.constraints(for: root, in: .admin))
        #expect(constraints == fromPlist.constraints(for: root, in: .admin))
        #expect(constraints.count == 1 && constraints.first?.policyName == "sslServer")
        #expect(fromJSON.constraints(for: root, in: .user) == nil)
    }

    @Test("an entry whose certificate is found nowhere is skipped with a warning; the system store is asked last")
    func unknownCertificate() throws {
        var settings = TrustSettings()
        var asked = false
        let warnings = try TrustSettingsDocument.read(
            Array(#"{"trustList": {"0000000000000000000000000000000000000000": {}}}"#.utf8), into: &settings,
            system: { asked = true; return [] })
        #expect(asked)
        #expect(warnings == [
            "trustList 0000000000000000000000000000000000000000: skipped: no certificate with this SHA-1 among those given or in the system store (add it under \"certificate\")",
        ])
        #expect(settings.isEmpty)
    }

    @Test("bad documents name what is wrong", arguments: [
        (#"{"trustList": 3}"#, "no trustList dictionary"),
        (#"{"trustList": {"AB": 1}}"#, "trustList AB: not a dictionary"),
        (#"{"trustList": {"AB": {"certificate": "not base64!"}}}"#, "trustList AB: certificate is not base64 DER or PEM of a certificate"),
        (#"{"x": 1.5}"#, "offset 6: 1.5 is not an integer"),
        (#"{"x": null}"#, "offset 6: null has no property-list form"),
    ])
    func badTrustSettings(_ text: String, _ message: String) throws {
        var settings = TrustSettings()
        #expect(throws: TrustSettingsDocumentError(message)) {
            _ = try TrustSettingsDocument.read(Array(text.utf8), into: &settings)
        }
    }

    @Test("exceptions: the file the tests ship reads, and what json(_:) writes reads back the same")
    func exceptionsRoundTrip() throws {
        let read = try TrustExceptionsFile.read(try Self.bytes("trust-settings/selfsigned-leaf-exceptions.json"))
        let leaf = try Self.certificate("sectrust/certs/selfsigned-leaf.der")
        #expect(read.entries.count == 1)
        #expect(read.entries.first?.sha1 == HashAlgorithm.sha1.digest(leaf.derEncoded))
        #expect(read.entries.first?.checks == ["AnchorTrusted"])
        var written = ""
        TrustExceptionsFile.json(read).write(to: &written)
        let again = try TrustExceptionsFile.read(Array(written.utf8))
        #expect(again.entries.map(\.sha1) == read.entries.map(\.sha1))
        #expect(again.entries.map(\.checks) == read.entries.map(\.checks))
    }

    @Test("bad exceptions files name the offset", arguments: [
        ("{}", "offset 0: expected an array of objects"),
        ("[1]", "offset 1: expected an object"),
        (#"[{"sha1": "abc"}]"#, "offset 10: sha1 is not 40 hex digits"),
        (#"[{"AnchorTrusted": true}]"#, "offset 19: AnchorTrusted: expected false (a failed check), or sha1 as hex"),
    ])
    func badExceptions(_ text: String, _ message: String) throws {
        #expect(throws: TrustExceptionsFileError(message)) { _ = try TrustExceptionsFile.read(Array(text.utf8)) }
    }
}
