import Foundation
import Testing

/// The command line's limits at N and N + 1 (issue 38 item 2), through the binary, as users meet
/// them. The binary's constants cannot be imported here (the tests also run on the static
/// binary), so each test states the number and matches the message that names the constant.
@Suite("command-line limits")
struct LimitTests {
    /// The documents of `inspect --html` on `input` (standard input).
    static func documents(_ input: [UInt8]) throws -> [[String: Any]] {
        let run = try VouchProcess.run(["inspect", "--html", "-"], input: input)
        return try #require(try ExplorerPageTests.data(run.standardOutput)["documents"] as? [[String: Any]])
    }

    static func notes(_ input: [UInt8]) throws -> [String] {
        try #require(try documents(input).first?["notes"] as? [String])
    }

    /// A DER header of `tag` for `length` content octets (definite, minimal).
    static func header(_ tag: UInt8, _ length: Int) -> [UInt8] {
        if length < 0x80 { return [tag, UInt8(length)] }
        let octets = (0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * (3 - $0))) }.drop { $0 == 0 }
        return [tag, 0x80 | UInt8(octets.count)] + octets
    }

    /// An OCTET STRING of exactly `size` octets, header included (size above 260).
    static func octetString(size: Int) -> [UInt8] {
        var content = size - 2
        while Self.header(0x04, content).count + content > size { content -= 1 }
        return Self.header(0x04, content) + [UInt8](repeating: 0xAB, count: content)
    }

    @Test("ExplorerLimits.maximumNodes: a document of 4,096 elements is shown whole; of 4,097, the first 4,096 and a note")
    func nodes() throws {
        let limit = 4_096
        func document(_ nodes: Int) -> [UInt8] {
            let nulls = Array([[UInt8]](repeating: [0x05, 0x00], count: nodes - 1).joined())
            return Self.header(0x30, nulls.count) + nulls
        }
        let note = "only the first \(limit) elements are shown (ExplorerLimits.maximumNodes)"
        let within = try #require(try Self.documents(document(limit)).first)
        #expect((within["nodes"] as? [Any])?.count == limit)
        #expect((within["notes"] as? [String])?.contains(note) == false)
        let past = try #require(try Self.documents(document(limit + 1)).first)
        #expect((past["nodes"] as? [Any])?.count == limit)
        #expect((past["notes"] as? [String])?.contains(note) == true)
    }

    @Test("ExplorerLimits.maximumEmbeddedBytes: a document of 64 KiB is dumped whole; of 64 KiB + 1, its first 64 KiB")
    func embeddedBytes() throws {
        let limit = 1 << 16
        let within = try #require(try Self.documents(Self.octetString(size: limit)).first)
        #expect((within["der"] as? String).flatMap { Data(base64Encoded: $0) }?.count == limit)
        #expect((within["notes"] as? [String])?.contains { $0.contains("ExplorerLimits.maximumEmbeddedBytes") } == false)
        let past = try #require(try Self.documents(Self.octetString(size: limit + 1)).first)
        #expect((past["der"] as? String).flatMap { Data(base64Encoded: $0) }?.count == limit)
        #expect((past["notes"] as? [String])?.contains("only the first \(limit) of \(limit + 1) bytes are shown (ExplorerLimits.maximumEmbeddedBytes)") == true)
    }

    @Test("ExplorerLimits.maximumParsedBytes: a document of 1 MiB is parsed; of 1 MiB + 1, only dumped")
    func parsedBytes() throws {
        let limit = 1 << 20
        let within = try #require(try Self.documents(Self.octetString(size: limit)).first)
        #expect((within["nodes"] as? [Any])?.count == 1)
        let past = try #require(try Self.documents(Self.octetString(size: limit + 1)).first)
        #expect((past["nodes"] as? [Any])?.isEmpty == true)
        #expect((past["notes"] as? [String])?.first?.hasPrefix("\(limit + 1) bytes: larger than \(limit), so not parsed (ExplorerLimits.maximumParsedBytes)") == true)
    }

    @Test("ExplorerLimits.maximumValueCharacters: a value of 256 characters is shown whole; of 257, cut to 256 and …")
    func valueCharacters() throws {
        let limit = 256
        func value(_ count: Int) throws -> String? {
            let text = [UInt8](repeating: UInt8(ascii: "v"), count: count)
            let nodes = try #require(try Self.documents(Self.header(0x30, Self.header(0x0C, count).count + count) + Self.header(0x0C, count) + text).first?["nodes"] as? [[Any]])
            return nodes.last?.last as? String
        }
        #expect(try value(limit) == String(repeating: "v", count: limit))
        #expect(try value(limit + 1) == String(repeating: "v", count: limit) + "…")
    }

    @Test("ExplorerLimits.maximumDocuments: 1,000 documents are shown; of 1,001, the last is counted as omitted")
    func documentCount() throws {
        let limit = 1_000
        func bundle(_ count: Int) -> [UInt8] {
            Array(String(repeating: "-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE-----\n", count: count).utf8)
        }
        for (count, omitted) in [(limit, 0), (limit + 1, 1)] {
            let run = try VouchProcess.run(["inspect", "--html", "-"], input: bundle(count))
            let data = try ExplorerPageTests.data(run.standardOutput)
            #expect((data["documents"] as? [Any])?.count == limit)
            #expect((data["omitted"] as? Int ?? 0) == omitted, "\(count) documents")
        }
    }

    @Test("ASN1Rendering.textHexLimit: asn1 shows an OCTET STRING of 32 octets whole, of 33 its first 32 and …")
    func textHexLimit() throws {
        let limit = 32
        let within = try VouchProcess.run(["asn1", "-"], input: [0x04, UInt8(limit)] + [UInt8](repeating: 0xAB, count: limit))
        #expect(within.standardOutput.hasSuffix(":" + String(repeating: "ab", count: limit) + "\n"), "\(within.standardOutput)")
        let past = try VouchProcess.run(["asn1", "-"], input: [0x04, UInt8(limit + 1)] + [UInt8](repeating: 0xAB, count: limit + 1))
        #expect(past.standardOutput.hasSuffix(":" + String(repeating: "ab", count: limit) + "…\n"), "\(past.standardOutput)")
    }

    @Test("LimboCommand.maximumJobs: --jobs 64 is accepted, --jobs 65 is a usage error")
    func jobs() throws {
        let limit = 64
        let within = try VouchProcess.run(["limbo", "--jobs", String(limit), "/nonexistent/limbo.json"])
        #expect(within.status != 64 && !within.standardError.contains("--jobs must be"), "\(within.standardError)")
        let past = try VouchProcess.run(["limbo", "--jobs", String(limit + 1), "/nonexistent/limbo.json"])
        #expect(past.status == 64)
        #expect(past.standardError.contains("--jobs must be in 1...\(limit)"))
    }

    @Test("InputFile.maximumSize: a file of 256 MiB is read (and fails as DER after its first element); of 256 MiB + 1, refused unread")
    func inputSize() throws {
        let limit = 256 << 20
        func sparse(_ size: Int) throws -> String {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-input-\(UUID().uuidString)").path
            #expect(FileManager.default.createFile(atPath: path, contents: Data([0x04, 0x00])))
            #expect(truncate(path, off_t(size)) == 0)
            return path
        }
        let within = try sparse(limit), past = try sparse(limit + 1)
        defer { for path in [within, past] { try? FileManager.default.removeItem(atPath: path) } }
        let read = try VouchProcess.run(["asn1", within])
        #expect(read.status == 2)
        #expect(read.standardError.contains("offset 2"), "\(read.standardError)")
        let refused = try VouchProcess.run(["asn1", past])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("larger than \(limit >> 20) MiB") && !refused.standardError.contains("offset"), "\(refused.standardError)")
    }
}
