import Foundation
import Testing
import VouchPropertyList

/// TestVectors/plist: a trust-settings export as `security trust-settings-export` writes it, and
/// the feature document (every value type, references, CDATA, comments, empty forms).
@Suite struct TrustSettingsDocumentTests {
    static let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TestVectors/plist")

    static func read(_ name: String) throws -> [UInt8] {
        try #require(FileManager.default.contents(atPath: vectors.appendingPathComponent(name).path).map { [UInt8]($0) })
    }

    static func bytes(hex: String) -> [UInt8] {
        var output: [UInt8] = []
        var iterator = hex.makeIterator()
        while let high = iterator.next(), let low = iterator.next() { output.append(UInt8(String([high, low]), radix: 16) ?? 0) }
        return output
    }

    @Test("the trust-settings export reads into its entries, usage constraints and values")
    func trustSettingsExport() throws {
        let document = try PropertyListReader.parse(Self.read("trust-settings.plist"))
        #expect(document[key: "trustVersion"] == .integer(1))
        let trustList = try #require(document[key: "trustList"]?.dictionaryValue)
        #expect(trustList.keys.sorted() == ["005931193BA5E0FB2350F0EAAC28F6ADC1ED8DAC", "0D857307E2B9007C78F1EEC9F6709B23F9188F80"])

        // The example root (TestVectors/example/root.der): its SHA-1 is the key.
        let root = try #require(trustList["0D857307E2B9007C78F1EEC9F6709B23F9188F80"])
        let issuer = try #require(root[key: "issuerName"]?.dataValue)
        #expect(issuer.count == 71 && issuer.prefix(2) == [0x30, 0x45])  // SEQUENCE of C, O, CN
        #expect(String(decoding: issuer.suffix(21), as: UTF8.self) == "Vouch Example Root CA")
        #expect(root[key: "serialNumber"] == .data(Self.bytes(hex: "0CB2077184BB2BA17000CFD04656248701087A17")))
        #expect(root[key: "modDate"] == .date(1_730_799_660))  // 2024-11-05T09:41:00Z
        let settings = try #require(root[key: "trustSettings"]?.arrayValue)
        #expect(settings.count == 2)
        #expect(settings[0] == .dictionary([
            "kSecTrustSettingsAllowedError": .integer(-2_147_409_654),  // CSSMERR_TP_CERT_EXPIRED
            "kSecTrustSettingsPolicy": .data(Self.bytes(hex: "2A864886F763640103")),  // appleSSL
            "kSecTrustSettingsPolicyName": .string("sslServer"),
            "kSecTrustSettingsPolicyString": .string("example.com"),
            "kSecTrustSettingsResult": .integer(1),  // kSecTrustSettingsResultTrustRoot
        ]))
        #expect(settings[1][key: "kSecTrustSettingsKeyUsage"] == .integer(4))
        #expect(settings[1][key: "kSecTrustSettingsPolicyName"] == .string("basicX509"))

        // The intermediate: denied for SSL.
        let intermediate = try #require(trustList["005931193BA5E0FB2350F0EAAC28F6ADC1ED8DAC"])
        #expect(intermediate[key: "trustSettings"]?[index: 0]?[key: "kSecTrustSettingsResult"] == .integer(3))
        #expect(intermediate[key: "modDate"] == .date(1_741_964_966))  // 2025-03-14T15:09:26Z
    }

    @Test("the feature document reads as plistlib reads it (with the signed hexadecimal CFPropertyList allows)")
    func featureDocument() throws {
        let document = try PropertyListReader.parse(Self.read("features.plist"))
        #expect(document[key: "array"] == .array([
            .integer(0), .integer(42), .integer(.min), .integer(.max), .integer(.max), .integer(-16),
            .real(3.25), .real(-0.001), .real(0.5), .real(6), .real(-.infinity), .boolean(true), .boolean(false), .date(-1),
            .data(Array("Hello".utf8)), .array([]), .dictionary([:]), .string(""), .data([]),
        ]))
        #expect(document[key: "entities & references"] == .string("<>&\"' AB😀 é"))
        #expect(document[key: "cdata"] == .string("a<b> & ]] cd"))
        #expect(document[key: "unicode"] == .string("héllo wörld 😀 中文"))
        #expect(document[key: "multiline"] == .string("line one\nline two"))
        #expect(document.dictionaryValue?.count == 5)
    }

    @Test("every proper prefix of the trust-settings export is refused as truncated, at its end")
    func truncatedExport() throws {
        let bytes = try Self.read("trust-settings.plist")
        let end = try #require(bytes.lastIndex(of: UInt8(ascii: ">")))
        for length in 0...end {
            #expect(throws: PropertyListError.self) { try PropertyListReader.parse(Array(bytes.prefix(length))) }
            do {
                _ = try PropertyListReader.parse(Array(bytes.prefix(length)))
            } catch {
                #expect(error.offset == length && error.message.hasPrefix("unexpected end of the input"), "\(length): \(error)")
            }
        }
    }
}
