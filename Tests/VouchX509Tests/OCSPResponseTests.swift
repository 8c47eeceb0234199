import Foundation
import Testing
import VouchDER
import VouchTestSupport
import VouchX509

/// OCSP responses (RFC 6960 §4.2.1): TestVectors/ocsp, made by its make.py with Python's
/// cryptography, read back field by field; the expected values are what
/// `openssl ocsp -respin FILE -resp_text -noverify` prints for the same files.
@Suite struct OCSPResponseTests {
    static func response(_ file: String) throws -> OCSPResponse {
        let path = TestData.projectRoot.appendingPathComponent("TestVectors/ocsp/\(file)").path
        let bytes = try #require(TestData.bytes(path), "\(file) is missing")
        return try OCSPResponse(derEncoded: bytes)
    }

    static func hex(_ bytes: ArraySlice<UInt8>) -> String { bytes.map { String(format: "%02X", $0) }.joined() }

    /// The CA's name and key hashes (SHA-1), as openssl prints them.
    static let issuerNameHash = "AA7E92CD07A9C58FA500330DAB7DBA0AAE40835F"
    static let issuerKeyHash = "6BA556D87BC480D8EC85F701B7E9721D49817EB7"

    @Test("good, by key hash, with a nonce")
    func good() throws {
        let response = try Self.response("good-by-key.der")
        #expect(response.status == .successful)
        #expect(response.responseType == .ocspBasic)
        let basic = try #require(response.basic)
        #expect(basic.version == 1)
        guard case .byKeyHash(let hash) = basic.responderID else { Issue.record("responder by name"); return }
        #expect(Self.hex(hash) == Self.issuerKeyHash)
        #expect(basic.responses.count == 1)
        let single = basic.responses[0]
        #expect(single.status == .good)
        #expect(single.certID.hashAlgorithm.algorithm == OID(dotted: "1.3.14.3.2.26"))
        #expect(Self.hex(single.certID.issuerNameHash) == Self.issuerNameHash)
        #expect(Self.hex(single.certID.issuerKeyHash) == Self.issuerKeyHash)
        #expect(Self.hex(single.certID.serialNumber) == "1001")
        #expect(single.thisUpdate == DERTime(rfc3339: "2026-06-01T00:00:00Z"))
        #expect(single.nextUpdate == DERTime(rfc3339: "2026-06-08T00:00:00Z"))
        // id-pkix-ocsp-nonce's value: an OCTET STRING of 0…15.
        #expect(basic.nonce.map(Array.init) == [0x04, 0x10] + (0..<16).map(UInt8.init))
        #expect(basic.certificates.isEmpty)
        #expect(basic.tbsResponseDataBytes.first == 0x30)
    }

    @Test("revoked, by name, with its time and reason")
    func revoked() throws {
        let basic = try #require(try Self.response("revoked-by-name.der").basic)
        guard case .byName(let name) = basic.responderID else { Issue.record("responder by key"); return }
        #expect(name.rfc4514 == "CN=OCSP Test CA")
        #expect(basic.responses.first?.status == .revoked(time: DERTime(secondsSince1970: 1_777_593_600), reason: .keyCompromise))
    }

    @Test("unknown, without nextUpdate; a delegated responder's certificate comes with its response")
    func unknownAndDelegated() throws {
        let unknown = try #require(try Self.response("unknown.der").basic)
        #expect(unknown.responses.first?.status == .unknown)
        #expect(unknown.responses.first?.nextUpdate == nil)
        let delegated = try #require(try Self.response("good-delegated.der").basic)
        #expect(delegated.certificates.count == 1)
        #expect(delegated.certificates.first?.subject.rfc4514 == "CN=OCSP Test Responder")
    }

    @Test("an unsuccessful status carries no response")
    func tryLater() throws {
        let response = try Self.response("try-later.der")
        #expect(response.status == .tryLater)
        #expect(response.basic == nil && response.responseType == nil)
    }

    @Test("bad input is a typed error at its offset: unknown status, bytes that do not match the status, a version")
    func malformed() {
        // responseStatus 4 is unused.
        #expect(throws: X509Error(.unknownOCSPResponseStatus(4), in: .ocspResponse, at: 2)) {
            try OCSPResponse(derEncoded: [0x30, 0x03, 0x0A, 0x01, 0x04])
        }
        // successful without responseBytes.
        #expect(throws: X509Error(.ocspResponseBytesMismatch, in: .responseBytes, at: 2)) {
            try OCSPResponse(derEncoded: [0x30, 0x03, 0x0A, 0x01, 0x00])
        }
        // tryLater with responseBytes.
        #expect(throws: X509Error(.ocspResponseBytesMismatch, in: .responseBytes, at: 5)) {
            try OCSPResponse(derEncoded: [0x30, 0x05, 0x0A, 0x01, 0x03, 0xA0, 0x00])
        }
        #expect(throws: X509Error.self) { try OCSPResponse(derEncoded: [0x30, 0x03, 0x0A, 0x01, 0x00, 0x00]) }
        // A response type other than id-pkix-ocsp-basic (1.2.3.4 here): Apple refuses it.
        #expect(throws: X509Error(.unsupportedOCSPResponseType(OID(dotted: "1.2.3.4")!), in: .responseBytes, at: 5)) {
            try OCSPResponse(derEncoded: [
                0x30, 0x0F, 0x0A, 0x01, 0x00, 0xA0, 0x0A, 0x30, 0x08, 0x06, 0x03, 0x2A, 0x03, 0x04, 0x04, 0x01, 0x00,
            ])
        }
    }

    @Test("what Apple parses though DER would not: version 0 written out, empty extensions, an octet after the end")
    func appleLeniencies() throws {
        let explicit = try #require(try Self.response("good-explicit-version.der").basic)
        #expect(explicit.version == 1 && explicit.responses.count == 1)
        let empty = try #require(try Self.response("good-empty-single-extensions.der").basic)
        #expect(empty.responses.first.map { Array($0.extensions).isEmpty } == true)
        let trailing = try Self.response("good-trailing-octet.der")
        #expect(trailing.basic != nil)
        // The response's DER stops before the extra octet.
        let path = TestData.projectRoot.appendingPathComponent("TestVectors/ocsp/good-trailing-octet.der").path
        #expect(trailing.derEncoded.count == (try #require(TestData.bytes(path))).count - 1)
        // Version 1 (v2) written out: refused, as Apple refuses it.
        var bytes = try #require(TestData.bytes(TestData.projectRoot.appendingPathComponent("TestVectors/ocsp/good-explicit-version.der").path))
        let marker: [UInt8] = [0xA0, 0x03, 0x02, 0x01, 0x00]
        let start = try #require((0..<(bytes.count - marker.count)).first { Array(bytes[$0..<($0 + marker.count)]) == marker })
        bytes[start + 4] = 0x01
        #expect(throws: X509Error(.unsupportedVersion, in: .responseData, at: start)) { try OCSPResponse(derEncoded: bytes) }
    }

    @Test("every prefix and every one-octet change of a real response parses or throws, never traps")
    func mutations() throws {
        let path = TestData.projectRoot.appendingPathComponent("TestVectors/ocsp/good-delegated.der").path
        let bytes = try #require(TestData.bytes(path))
        var refused = 0
        for length in 0..<bytes.count where (try? OCSPResponse(derEncoded: Array(bytes.prefix(length)))) == nil { refused += 1 }
        #expect(refused == bytes.count)
        for index in bytes.indices {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var changed = bytes
                changed[index] ^= flip
                _ = try? OCSPResponse(derEncoded: changed)
            }
        }
    }

    @Test("pyca's real and crafted responses (cryptography-vectors x509/ocsp): 12 parse, the 3 pyca refuses are refused",
          .enabled(if: TestData.exists(TestData.cryptographyX509 + "/ocsp"), MissingData.cryptographyVectors))
    func pycaVectors() throws {
        let folder = TestData.cryptographyX509 + "/ocsp"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("resp-") }.sorted()
        #expect(files.count == 15)
        var refused: [String] = []
        for file in files {
            let bytes = try #require(TestData.bytes(folder + "/" + file))
            do throws(X509Error) { _ = try OCSPResponse(derEncoded: bytes) } catch { refused.append(file) }
        }
        // pyca raises ValueError for these three too (an unknown responseType, successful without
        // responseBytes, a responseStatus outside RFC 6960's values).
        #expect(refused == ["resp-response-type-unknown-oid.der", "resp-successful-no-response-bytes.der", "resp-unknown-response-status.der"])
    }
}
