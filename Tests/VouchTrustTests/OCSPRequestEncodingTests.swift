import Foundation
import Testing
import VouchCrypto
import VouchDER
import VouchTestSupport
import VouchTrust
import VouchX509

/// Apple's OCSP request (SECTRUST.md §16.3 items 3–4, §16.8 items 5 and 8): the bytes, the CertID
/// parts a cache keys on, and the GET/POST choice with its URL.
@Suite struct OCSPRequestEncodingTests {
    static func certificate(_ name: String) throws -> Certificate {
        let bytes = try #require(TestData.bytes(TestData.projectRoot.appendingPathComponent("TestVectors/ocsp/\(name)").path))
        return try Certificate(derEncoded: bytes[...])
    }

    /// `openssl ocsp -issuer ca.pem -cert leaf.pem -no_nonce -reqout r.der` over the committed
    /// `TestVectors/ocsp` leaf and CA (OpenSSL 3.0.19), as hex. OpenSSL writes the SHA-1
    /// AlgorithmIdentifier with a NULL parameter (`30 09 06 05 2B 0E 03 02 1A 05 00`).
    static let openSSLRequest = """
        30433041303f303d303b300906052b0e03021a05000414aa7e92cd07a9c58fa500330dab7dba0aae40835f\
        04146ba556d87bc480d8ec85f701b7e9721d49817eb702021001
        """
    /// The same with `-sha256` before `-issuer`.
    static let openSSLSHA256Request = """
        305f305d305b30593057300d060960864801650304020105000420dd353a42ba5a3d256dae935774f75d6fb2\
        1211d6c2216800991ad5bc8355cd0304205d2b53c4233b4ed56fbc0d6e43687df0376e67568ba051d83f603e\
        5dc9d15de002021001
        """

    /// `hex` with the AlgorithmIdentifier's `05 00` removed and the six SEQUENCE lengths around
    /// it (OCSPRequest, TBSRequest, requestList, Request, CertID, AlgorithmIdentifier) two less:
    /// the request in Apple's form, derived from OpenSSL's by hand.
    static func withoutNullParameter(_ hex: String) throws -> [UInt8] {
        var bytes = try #require(Hex.decode(hex))
        let null = try #require(bytes.firstRange(of: [0x05, 0x00]))
        bytes.removeSubrange(null)
        for index in stride(from: 1, through: 11, by: 2) { bytes[index] -= 2 }
        return bytes
    }

    @Test("the request is OpenSSL's without the NULL parameter: 30 07 06 05 2B 0E 03 02 1A")
    func requestBytes() throws {
        let leaf = try Self.certificate("leaf.der"), ca = try Self.certificate("ca.der")
        let request = OCSPRequestEncoding.request(for: leaf, issuer: ca)
        #expect(request == (try Self.withoutNullParameter(Self.openSSLRequest)))
        #expect(request[10..<19] == [0x30, 0x07, 0x06, 0x05, 0x2B, 0x0E, 0x03, 0x02, 0x1A])
        // It re-reads under VouchDER's strict rules, to the last octet.
        try DERReader.readAll(request[...]) { (reader) throws(DERError) in
            _ = try reader.readElement(.sequence)
        }
    }

    @Test("the CertID parts, SHA-1 and SHA-256, are the hashes openssl puts in its requests")
    func certIDParts() throws {
        let leaf = try Self.certificate("leaf.der"), ca = try Self.certificate("ca.der")
        let sha1 = OCSPRequestEncoding.certID(for: leaf, issuer: ca)
        #expect(sha1.hashAlgorithm == .sha1)
        #expect(Hex.encode(sha1.issuerNameHash) == "aa7e92cd07a9c58fa500330dab7dba0aae40835f")
        #expect(Hex.encode(sha1.issuerKeyHash) == "6ba556d87bc480d8ec85f701b7e9721d49817eb7")
        #expect(sha1.serialNumber == [0x10, 0x01])
        let sha256 = OCSPRequestEncoding.certID(for: leaf, issuer: ca, hash: .sha256)
        #expect(OCSPRequestEncoding.request(sha256) == (try Self.withoutNullParameter(Self.openSSLSHA256Request)))
        #expect(sha1 != sha256)
        // The CertID a response about the leaf carries matches (the committed good response).
        let responseBytes = try #require(TestData.bytes(TestData.projectRoot.appendingPathComponent("TestVectors/ocsp/good-by-key.der").path))
        let single = try #require(OCSPResponse(derEncoded: responseBytes).basic?.responses.first)
        #expect(Array(single.certID.issuerNameHash) == sha1.issuerNameHash)
        #expect(Array(single.certID.issuerKeyHash) == sha1.issuerKeyHash)
        #expect(Array(single.certID.serialNumber) == sha1.serialNumber)
    }

    /// A request of `length` octets, its base64 free of `+ / =` (so escaping does not change its
    /// length): 3-octet groups of `00 00 00` ("AAAA").
    static func request(length: Int) -> [UInt8] { Array(repeating: 0, count: length) }

    @Test("GET when URI + / + escaped request is under 256 characters, POST at 256")
    func getOrPost() {
        let request = Self.request(length: 150)  // 200 base64 characters
        let escaped = String(repeating: "A", count: 200)
        let uri254 = "http://ocsp.example/" + String(repeating: "p", count: 54 - 20)  // 54 characters
        #expect(uri254.count + 1 + escaped.count == 255)
        #expect(OCSPRequestEncoding.fetchForm(responderURI: uri254, request: request) == .get(url: uri254 + "/" + escaped))
        let uri256 = uri254 + "p"
        #expect(OCSPRequestEncoding.fetchForm(responderURI: uri256, request: request) == .post(url: uri256, body: request))
        #expect(OCSPRequestEncoding.maximumGETURLLength == 255)
    }

    @Test("a URI ending in / gives //; + / = are percent-encoded and counted so")
    func escaping() {
        #expect(OCSPRequestEncoding.fetchForm(responderURI: "http://r.example/", request: [0, 0, 0])
            == .get(url: "http://r.example//AAAA"))
        // FB FF BF → "+/+/"; FF → "/w=="; FB EF → "++8=".
        #expect(OCSPRequestEncoding.fetchForm(responderURI: "http://r.example", request: [0xFB, 0xFF, 0xBF, 0xFF])
            == .get(url: "http://r.example/%2B%2F%2B%2F%2Fw%3D%3D"))
        // 60 octets of FB FF BF: 80 base64 characters, 240 escaped; 16 + 1 + 240 = 257 ⇒ POST.
        let escapedHeavy = Array(Array(repeating: [UInt8]([0xFB, 0xFF, 0xBF]), count: 20).joined())
        #expect(OCSPRequestEncoding.fetchForm(responderURI: "http://r.example", request: escapedHeavy)
            == .post(url: "http://r.example", body: escapedHeavy))
    }

    @Test("Apple's responders are rewritten after the length test; other hosts are not")
    func appleRewrite() {
        #expect(OCSPRequestEncoding.fetchForm(responderURI: "http://ocsp.apple.com/ocsp03-wwdr01", request: [0, 0, 0])
            == .get(url: "https://ocsp2.apple.com/ocsp03-wwdr01/AAAA"))
        // 254 characters as written: GET, though the rewritten URL is 256 long.
        let path = String(repeating: "p", count: 254 - 1 - 200 - "http://ocsp.apple.com/".count)
        let uri = "http://ocsp.apple.com/" + path
        let form = OCSPRequestEncoding.fetchForm(responderURI: uri, request: Self.request(length: 150))
        #expect(form == .get(url: "https://ocsp2.apple.com/" + path + "/" + String(repeating: "A", count: 200)))
        #expect(OCSPRequestEncoding.rewritingAppleResponder("http://ocsp.apple.com:8080/x?y") == "https://ocsp2.apple.com:8080/x?y")
        #expect(OCSPRequestEncoding.rewritingAppleResponder("http://ocsp.apple.com") == "https://ocsp2.apple.com")
        #expect(OCSPRequestEncoding.rewritingAppleResponder("http://ocsp-uat.corp.apple.com/a") == "https://ocsp-uat.corp.apple.com/a")
        for unchanged in ["http://ocsp.apple.com.example/", "http://xocsp.apple.com/", "https://ocsp.apple.com/", "http://OCSP.apple.com/"] {
            #expect(OCSPRequestEncoding.rewritingAppleResponder(unchanged) == unchanged)
        }
        let post = OCSPRequestEncoding.fetchForm(responderURI: "http://ocsp.apple.com/" + String(repeating: "p", count: 300), request: [1])
        #expect(post == .post(url: "https://ocsp2.apple.com/" + String(repeating: "p", count: 300), body: [1]))
    }
}
