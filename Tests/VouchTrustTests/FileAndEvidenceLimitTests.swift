import Foundation
import Testing
import VouchDER
import VouchTestSupport
import VouchX509

@testable import VouchTrust

/// File-size, CT-entry, CRL-number and small-map limits at N and N + 1 (issue 38 item 2), each
/// input made from the constant. Files at the size limits are sparse: nothing is written but
/// their length.
@Suite struct FileAndEvidenceLimitTests {
    @Test("the limits are the documented ones")
    func values() {
        #expect(FileSystem.maximumFileSize == 64 << 20)
        #expect(PublicSuffixList.maximumFileSize == 4 << 20)
        #expect(CertificateTransparencyLimits.maximumSignedEntryLength == 0x0F_FFFF)
        #expect(CRLRule.maximumCRLNumberOctets == 20)
        #expect(SmallMap<Int, Int>.linearLimit == 8)
    }

    /// A temporary file of `size` octets: `prefix`, then zeros (a hole).
    static func file(size: Int, prefix: [UInt8] = []) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-limit-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(prefix)))
        #expect(truncate(path, off_t(size)) == 0)
        return path
    }

    @Test("FileSystem.maximumFileSize: a file of 64 MiB is read, one of 64 MiB + 1 is refused")
    func fileSize() throws {
        let limit = FileSystem.maximumFileSize
        let within = try Self.file(size: limit), past = try Self.file(size: limit + 1)
        defer { for path in [within, past] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(FileSystem.read(within)?.count == limit)
        #expect(FileSystem.read(past) == nil)
        guard case .failure(.tooLarge(let reported)) = FileSystem.contents(of: past, limit: limit) else {
            Issue.record("not refused as too large")
            return
        }
        #expect(reported == limit)
    }

    @Test("PublicSuffixList.maximumFileSize: an override of 4 MiB is used, one of 4 MiB + 1 is not")
    func suffixListSize() throws {
        let limit = PublicSuffixList.maximumFileSize
        // The inline list, then a comment line filling the file up to its size.
        let text = Array(InlineSuffixes.text.utf8) + Array("\n// ".utf8)
        func padded(_ size: Int) -> [UInt8] { text + [UInt8](repeating: UInt8(ascii: "x"), count: size - text.count) }
        let within = try Self.file(size: limit, prefix: padded(limit)), past = try Self.file(size: limit + 1, prefix: padded(limit + 1))
        defer { for path in [within, past] { try? FileManager.default.removeItem(atPath: path) } }
        let used = PublicSuffixList.resolve(overridePath: within)
        #expect(used.problem == nil)
        #expect(used.list.ruleCount == InlineSuffixes.list?.ruleCount)
        let refused = PublicSuffixList.resolve(overridePath: past)
        #expect(refused.problem?.contains("larger than \(limit) bytes") == true)
    }

    /// The verdict on log a's TLS SCT (TestVectors/ct) for a leaf whose x509 entry (a 3-octet
    /// length, then the certificate, as Apple builds it) is `size` octets long; an unknown
    /// extension pads the leaf, issued by a root anchor.
    static func verdict(entrySize size: Int) throws -> SignedCertificateTimestampVerdict? {
        func leaf(padding: Int) throws -> Certificate {
            try LimitPKI.certificate("Leaf", issuedBy: "Root", serial: 1, isCA: false, padding: padding)
        }
        // Above 64 KiB every length in the certificate is 3 octets long: its size is the padding plus a constant.
        let probe = try leaf(padding: 0x10000)
        let certificate = try leaf(padding: size - 3 - (probe.derEncoded.count - 0x10000))
        #expect(SignedCertificateTimestampVerifier.x509Entry(certificate).count == size)
        let root = try LimitPKI.certificate("Root", issuedBy: "Root", serial: 2)
        var trust = try LimitPKI.trust([certificate], anchors: [root])
        func vector(_ file: String) throws -> [UInt8] {
            try #require(TestData.bytes(TestData.projectRoot.appendingPathComponent("TestVectors/ct/\(file)").path), "\(file) is missing")
        }
        let log = try #require(CertificateTransparencyLog(key: try vector("log-a.spki.der"), description: "Log a"))
        trust.setTrustedLogs(CertificateTransparencyLogList(logs: [log]))
        trust.setSignedCertificateTimestamps(try SignedCertificateTimestampList(tlsEncoded: try vector("tls-a.sctlist")).entries.map { Array($0) })
        let evaluation = trust.evaluate()
        #expect(evaluation.isTrusted)
        return evaluation.certificateTransparency?.timestamps.first?.verdict
    }

    @Test("maximumSignedEntryLength: an x509 entry of 0x0FFFFE octets goes on to the log and its key; one of 0x0FFFFF is refused")
    func signedEntryLength() throws {
        let limit = CertificateTransparencyLimits.maximumSignedEntryLength
        let within = try Self.verdict(entrySize: limit - 1)
        #expect(within != nil && within != .entryTooLong, "\(String(describing: within))")
        #expect(try Self.verdict(entrySize: limit) == .entryTooLong)
    }

    /// A CRL (unsigned: only its cRLNumber is looked at) whose cRLNumber INTEGER has `content`.
    static func crl(numberContent content: [UInt8]) throws -> CertificateRevocationList {
        var writer = DERWriter()
        writer.writeElement(.sequence) { outer in
            outer.writeElement(.sequence) { tbs in
                tbs.writeElement(.integer, content: [1])
                tbs.writeEd25519Algorithm()
                tbs.writeName(commonName: "CA")
                tbs.writeElement(.utcTime, content: Array("260101000000Z".utf8))
                tbs.writeElement(.utcTime, content: Array("270101000000Z".utf8))
                tbs.writeElement(.contextSpecific(0, constructed: true)) { explicit in
                    explicit.writeElement(.sequence) { list in
                        list.writeElement(.sequence) { item in
                            item.writeElement(.objectIdentifier, content: OID.cRLNumber.bytes)
                            var number = DERWriter()
                            number.writeElement(.integer, content: content)
                            item.writeElement(.octetString, content: number.bytes)
                        }
                    }
                }
            }
            outer.writeEd25519Algorithm()
            outer.writeElement(.bitString, content: [0] + [UInt8](repeating: 0, count: 64))
        }
        return try CertificateRevocationList(derEncoded: writer.bytes)
    }

    @Test("CRLRule.maximumCRLNumberOctets: a cRLNumber of 20 significant octets (and a sign octet) keeps the rule; 21 break it")
    func crlNumberOctets() throws {
        let limit = CRLRule.maximumCRLNumberOctets
        let within = try Self.crl(numberContent: [0x00] + [UInt8](repeating: 0x91, count: limit))
        #expect(CRLRule.crlNumberLength.isKept(by: within))
        let past = try Self.crl(numberContent: [UInt8](repeating: 0x11, count: limit + 1))
        #expect(!CRLRule.crlNumberLength.isKept(by: past))
        #expect(CRLRule.broken(by: past, under: .strict).contains(.crlNumberLength))
    }

    @Test("SmallMap.linearLimit: at 8 entries (searched) and 9 (indexed) every key is found, none invented")
    func smallMapThreshold() {
        let limit = SmallMap<Int, Int>.linearLimit
        for count in [limit, limit + 1] {
            var map = SmallMap<Int, Int>()
            for key in 0..<count { map[key * 7] = key }
            #expect(map.count == count)
            #expect((0..<count).allSatisfy { map[$0 * 7] == $0 })
            #expect((0..<count).allSatisfy { map[$0 * 7 + 1] == nil })
        }
    }
}
