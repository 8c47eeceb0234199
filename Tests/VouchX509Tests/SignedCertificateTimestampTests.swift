import Testing
import VouchDER
import VouchTestSupport
import VouchX509

/// SCT lists (RFC 6962 §3.3) from the three places they travel: pyca/cryptography's real
/// certificates and OCSP response, TestVectors/ct's TLS lists, and hand-made broken ones.
@Suite struct SignedCertificateTimestampTests {
    static func vector(_ file: String) throws -> [UInt8] {
        try #require(TestData.bytes(TestData.cryptographyX509 + "/" + file), "\(file) is missing")
    }

    static func certificate(_ file: String) throws -> Certificate {
        let text = try vector(file)
        return try Certificate(derEncoded: try #require(try PEM.certificates(in: text[...]).first))
    }

    static func base64(_ bytes: ArraySlice<UInt8>) -> String { Base64.encode(bytes) }

    @Test("cryptography-scts.pem: two v1 SCTs (Icarus, Mammoth) as openssl prints them",
          .enabled(if: TestData.exists(TestData.cryptographyX509), MissingData.cryptographyVectors))
    func embedded() throws {
        let list = try #require(try Self.certificate("cryptography-scts.pem").signedCertificateTimestamps())
        let timestamps = try list.timestamps.map { try $0.get() }
        #expect(timestamps.count == 2)
        #expect(timestamps.map { Self.base64($0.logID) } == [
            "KTxRllTIOWW6qlD8WAfUt2+/WHopctykwwz05UVH9Hg=", "b1N2rDHwMRnYmQCkURX/dxUcEdkCwQApBo2yCJo32RM=",
        ])
        // openssl: Sep 26 20:56:33.769 2018 GMT and .904.
        #expect(timestamps.map(\.timestamp) == [1_537_995_393_769, 1_537_995_393_904])
        #expect(timestamps.allSatisfy { $0.version == 0 && $0.extensions.isEmpty && $0.algorithmName == "ecdsa-sha256" })
        #expect(timestamps[0].signature.prefix(4).elementsEqual([0x30, 0x46, 0x02, 0x21]))
        #expect(timestamps[0].signature.count == 72)
    }

    @Test("badssl-sct.pem: one SCT from Deneb; the precertificate has none",
          .enabled(if: TestData.exists(TestData.cryptographyX509), MissingData.cryptographyVectors))
    func badsslAndPrecertificate() throws {
        let list = try #require(try Self.certificate("badssl-sct.pem").signedCertificateTimestamps())
        let only = try #require(list.timestamps.first).get()
        #expect(list.entries.count == 1)
        #expect(Self.base64(only.logID) == "p85KTmIH4K3e5f2qSx+GdodntdACpV1HMQ5+ZwqV6rI=")
        #expect(only.timestamp == 1_479_347_785_396)
        #expect(try Self.certificate("cryptography.io.precert.pem").signedCertificateTimestamps() == nil)
    }

    @Test("resp-sct-extension.der: the SingleResponse's four SCTs (pyca's own test names the logs)",
          .enabled(if: TestData.exists(TestData.cryptographyX509), MissingData.cryptographyVectors))
    func ocsp() throws {
        let response = try OCSPResponse(derEncoded: try Self.vector("ocsp/resp-sct-extension.der"))
        let single = try #require(response.basic?.responses.first)
        let list = try #require(try single.signedCertificateTimestamps())
        #expect(try list.timestamps.map { Self.base64(try $0.get().logID) } == [
            "RJRlLrDuzq/EQAfYqP4owNrmgr7YyzG1P9MzlrW2gag=", "b1N2rDHwMRnYmQCkURX/dxUcEdkCwQApBo2yCJo32RM=",
            "u9nfvB+KcbWTlCOXqpJ7RzhXlQqrUugakJZkNo4e0YU=", "7ku9t3XOYLrhQmkfq+GeZqMPfl+wctiDAMR7iXqo/cs=",
        ])
    }

    /// A well-formed SCT: version 0, log ID 0x11…, timestamp 1000 ms, no extensions, ECDSA-SHA256, 3-byte signature.
    static let sct: [UInt8] = [0] + Array(repeating: 0x11, count: 32) + [0, 0, 0, 0, 0, 0, 0x03, 0xE8] + [0, 0] + [4, 3, 0, 3, 9, 9, 9]

    static func list(_ items: [[UInt8]]) -> [UInt8] {
        let body = items.flatMap { [UInt8($0.count >> 8), UInt8($0.count & 0xFF)] + $0 }
        return [UInt8(body.count >> 8), UInt8(body.count & 0xFF)] + body
    }

    @Test("one SCT: every field, and its errors with their offsets")
    func fields() throws {
        let parsed = try SignedCertificateTimestamp(encoded: Self.sct)
        #expect(parsed.timestamp == 1000 && parsed.secondsSince1970 == 1 && parsed.hashAlgorithm == 4 && parsed.signatureAlgorithm == 3)
        #expect(Array(parsed.signature) == [9, 9, 9] && parsed.encoded.count == Self.sct.count)
        #expect(throws: SignedCertificateTimestampError(.trailingData, in: .signature, at: 50)) {
            try SignedCertificateTimestamp(encoded: Self.sct + [0])
        }
        #expect(throws: SignedCertificateTimestampError(.unsupportedVersion(1), in: .version, at: 0)) {
            try SignedCertificateTimestamp(encoded: [1] + Self.sct.dropFirst())
        }
        #expect(throws: SignedCertificateTimestampError(.truncated, in: .logID, at: 1)) {
            try SignedCertificateTimestamp(encoded: Array(Self.sct.prefix(20)))
        }
        // A signature length past the end: the vector's length octets are the offset.
        #expect(throws: SignedCertificateTimestampError(.truncated, in: .signature, at: 45)) {
            try SignedCertificateTimestamp(encoded: Array(Self.sct.dropLast()))
        }
        // Every proper prefix is refused with a typed error, never a crash.
        for length in 0..<Self.sct.count {
            #expect(throws: SignedCertificateTimestampError.self) { try SignedCertificateTimestamp(encoded: Array(Self.sct.prefix(length))) }
        }
    }

    @Test("lists: lengths that must add up, Apple's empty entries, the entry limit")
    func lists() throws {
        let two = Self.list([Self.sct, Self.sct])
        #expect(try SignedCertificateTimestampList(tlsEncoded: two).entries.count == 2)
        #expect(throws: SignedCertificateTimestampError(.lengthMismatch, in: .list, at: 0)) {
            try SignedCertificateTimestampList(tlsEncoded: two + [0])
        }
        #expect(throws: SignedCertificateTimestampError(.emptyList, in: .list, at: 0)) { try SignedCertificateTimestampList(tlsEncoded: [0, 0]) }
        #expect(throws: SignedCertificateTimestampError(.truncated, in: .list, at: 0)) { try SignedCertificateTimestampList(tlsEncoded: [0]) }
        // An entry claiming more than is left.
        #expect(throws: SignedCertificateTimestampError(.truncated, in: .entry, at: 2)) {
            try SignedCertificateTimestampList(tlsEncoded: [0, 3, 0, 5, 1])
        }
        // An empty entry is kept (Apple keeps it); it fails as an SCT.
        let withEmpty = try SignedCertificateTimestampList(tlsEncoded: Self.list([[], Self.sct]))
        #expect(withEmpty.entries.count == 2)
        #expect((try? withEmpty.timestamps[0].get()) == nil)
        let limit = SignedCertificateTimestampLimits.maximumTimestampsPerList
        #expect(try SignedCertificateTimestampList(tlsEncoded: Self.list(Array(repeating: [7], count: limit))).entries.count == limit)
        #expect(throws: SignedCertificateTimestampError(.tooManyTimestamps, in: .entry, at: 2 + 3 * limit)) {
            try SignedCertificateTimestampList(tlsEncoded: Self.list(Array(repeating: [7], count: limit + 1)))
        }
        // The extension value: one OCTET STRING around the list, nothing after it.
        let wrapped: [UInt8] = [0x04, UInt8(two.count)] + two
        #expect(try SignedCertificateTimestampList(extensionValue: wrapped[...]).entries.count == 2)
        #expect(throws: SignedCertificateTimestampError(.malformed(.trailingData), in: .extensionValue, at: wrapped.count)) {
            try SignedCertificateTimestampList(extensionValue: (wrapped + [0])[...])
        }
    }
}
