import Foundation
import Testing
import VouchDER
import VouchX509

/// Certs-only CMS messages (`.p7c`) as `openssl crl2pkcs7 -nocrl` writes them at test time, the
/// same rewritten with indefinite lengths (BER), and hand-built ones for Apple's rules and the
/// bound of ``X509Limits/maximumCMSCertificates``.
@Suite(.enabled(if: ExternalTool.path("openssl") != nil, "openssl is not on PATH: the certs-only CMS cases are skipped"))
struct CertificatesOnlyCMSTests {
    /// Three self-signed P-256 certificates (DER, in order) and the certs-only message of the three.
    struct Fixture {
        let certificates: [[UInt8]]
        let message: [UInt8]
        let pem: [UInt8]
    }

    static let fixture: Result<Fixture, ExternalTool.Failure> = {
        do {
            let directory = try ExternalTool.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            var certificates: [[UInt8]] = []
            for name in ["a", "b", "c"] {
                try ExternalTool.check("openssl", [
                    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "/dev/null",
                    "-subj", "/CN=Vouch CMS \(name)", "-days", "30", "-out", "\(name).pem",
                ], in: directory)
                try ExternalTool.check("openssl", ["x509", "-in", "\(name).pem", "-outform", "DER", "-out", "\(name).der"], in: directory)
                certificates.append(try ExternalTool.bytes("\(name).der", in: directory))
            }
            try ExternalTool.check("openssl", [
                "crl2pkcs7", "-nocrl", "-certfile", "a.pem", "-certfile", "b.pem", "-certfile", "c.pem", "-outform", "DER", "-out", "p7.der",
            ], in: directory)
            return .success(Fixture(
                certificates: certificates, message: try ExternalTool.bytes("p7.der", in: directory),
                pem: try ExternalTool.bytes("a.pem", in: directory)))
        } catch let failure as ExternalTool.Failure {
            return .failure(failure)
        } catch {
            return .failure(ExternalTool.Failure("\(error)"))
        }
    }()

    /// `bytes` with every constructed element of the outer four levels (ContentInfo, `[0]`,
    /// SignedData, and SignedData's fields: digestAlgorithms, encapContentInfo, `[0]` certificates,
    /// signerInfos) rewritten in the indefinite length form; certificates stay DER.
    static func indefinite(_ bytes: ArraySlice<UInt8>, depth: Int = 0) throws -> [UInt8] {
        var reader = DERReader(bytes)
        var output: [UInt8] = []
        while !reader.isAtEnd {
            let element = try reader.readElement()
            if element.tag.isConstructed && depth <= 3 {
                output += [element.encoded[element.encoded.startIndex], 0x80]
                output += try indefinite(element.content, depth: depth + 1)
                output += [0, 0]
            } else {
                output += element.encoded
            }
        }
        return output
    }

    @Test("openssl crl2pkcs7 -nocrl: three certificates, in order")
    func opensslMessage() throws {
        let fixture = try Self.fixture.get()
        let certificates = try CertificatesOnlyCMS.certificates(in: fixture.message)
        #expect(certificates.map { Array($0.derEncoded) } == fixture.certificates)
    }

    @Test("the same message with indefinite lengths (BER)")
    func indefiniteLengths() throws {
        let fixture = try Self.fixture.get()
        let ber = try Self.indefinite(fixture.message[...])
        #expect(ber[1] == 0x80 && ber.suffix(2) == [0, 0])
        let certificates = try CertificatesOnlyCMS.certificates(in: ber)
        #expect(certificates.map { Array($0.derEncoded) } == fixture.certificates)
    }

    @Test("every prefix of the DER and BER messages is refused with an offset inside it, never a trap")
    func truncations() throws {
        let fixture = try Self.fixture.get()
        for message in [fixture.message, try Self.indefinite(fixture.message[...])] {
            for length in 0..<message.count {
                let prefix = Array(message[..<length])
                // The last certificate cut short is skipped (Apple's rule), so a prefix may still
                // give the first ones only when the rest of the structure is intact: never here.
                let error = try #require(throws: X509Error.self) { try CertificatesOnlyCMS.certificates(in: prefix) }
                #expect(error.offset >= 0 && error.offset <= length, "prefix \(length): \(error)")
            }
        }
    }

    @Test("every octet of the message changed: an answer or an error with an offset, never a trap")
    func corruptions() throws {
        let fixture = try Self.fixture.get()
        for message in [fixture.message, try Self.indefinite(fixture.message[...])] {
            for index in message.indices {
                for value: UInt8 in [0x00, 0x80, 0xFF, message[index] ^ 0x01] {
                    var corrupt = message
                    corrupt[index] = value
                    do {
                        let certificates = try CertificatesOnlyCMS.certificates(in: corrupt)
                        #expect(!certificates.isEmpty && certificates.count <= 3)
                    } catch {
                        #expect(error.offset >= 0 && error.offset <= corrupt.count)
                        _ = error.description
                    }
                }
            }
        }
    }

    @Test("bytes after the ContentInfo are ignored, as NSS's decoder ignores them")
    func trailingBytes() throws {
        let fixture = try Self.fixture.get()
        let certificates = try CertificatesOnlyCMS.certificates(in: fixture.message + [0x00, 0x3C, 0x68, 0x74, 0x6D, 0x6C])
        #expect(certificates.count == 3)
    }

    @Test("OID.cmsSignedData is id-signedData")
    func contentTypeConstant() {
        #expect(OID.cmsSignedData.dotted == "1.2.840.113549.1.7.2")
        #expect(OID.cmsSignedData.name == "signedData")
    }
}
