import VouchCrypto
import VouchDER
import VouchX509

/// The four parts of an OCSP CertID (RFC 6960 §4.1.1) for one certificate and its issuer: what a
/// request carries and what a cache of responses is keyed on (Apple's `SecOCSPCache.c` indexes
/// by hash algorithm, issuerNameHash, issuerKeyHash and serial).
public struct OCSPRequestCertID: Hashable, Sendable {
    /// The hash of the two hashes.
    public let hashAlgorithm: HashAlgorithm
    /// The hash of the certificate's issuer field, as encoded (tag and length included).
    public let issuerNameHash: [UInt8]
    /// The hash of the issuer's subjectPublicKey BIT STRING value, without its unused-bits octet.
    public let issuerKeyHash: [UInt8]
    /// The certificate's serial number: the INTEGER's content octets, as encoded.
    public let serialNumber: [UInt8]

    /// The CertID's DER: `SEQUENCE { hashAlgorithm AlgorithmIdentifier, issuerNameHash OCTET
    /// STRING, issuerKeyHash OCTET STRING, serialNumber INTEGER }`, the AlgorithmIdentifier
    /// without parameters, as Apple writes it (libDER leaves an empty optional out).
    public var derEncoded: [UInt8] {
        var writer = DERWriter()
        writer.writeElement(.sequence) { certID in
            certID.writeElement(.sequence) { algorithm in
                algorithm.writeElement(.objectIdentifier, content: hashAlgorithm.oid.bytes)
            }
            certID.writeElement(.octetString, content: issuerNameHash)
            certID.writeElement(.octetString, content: issuerKeyHash)
            certID.writeElement(.integer, content: serialNumber)
        }
        return writer.bytes
    }
}

/// How trustd asks a responder about a certificate (SECTRUST.md §16.3 items 3–4): the request's
/// bytes and whether they go by GET or POST.
///
/// Read in apple-oss-distributions/Security: `trust/trustd/SecOCSPRequest.c` (the encoder:
/// `_SecOCSPRequestEncodeCertId`, `…SingleRequest`, `…TBSRequest`; the hashes come from
/// `SecCertificateCopyIssuerSHA1Digest`, which hashes `SecCertificateCopyIssuerSequence`, and
/// `SecCertificateCopyPublicKeySHA1Digest`, which hashes `_pubKeyDER`, the BIT STRING's
/// contents after the unused-bits octet), `trust/trustd/SecRevocationNetworking.m`
/// (`SecORVCBeginFetches`, `OCSPFetchDelegate createNextRequest:`) and
/// `trust/trustd/TrustURLSessionDelegate.m` (`createNextRequest:`, the Apple responder rewrite).
public enum OCSPRequestEncoding {
    /// RFC 5019 §5's bound: a GET is used when its URL stays under 256 characters.
    ///
    /// Apple tests `[uri absoluteString].length + 1 + escaped.length < 256` (NSString lengths,
    /// UTF-16 units; the same as bytes for the IA5String URIs certificates carry).
    public static let maximumGETURLLength = 255

    /// The CertID of `certificate` issued by `issuer`, hashed with `hash` (SHA-1 for Apple's
    /// requests; SHA-256 and the others for matching responses and cache entries written with
    /// them).
    public static func certID(
        for certificate: Certificate, issuer: Certificate, hash: HashAlgorithm = .sha1
    ) -> OCSPRequestCertID {
        OCSPRequestCertID(
            hashAlgorithm: hash, issuerNameHash: hash.digest(certificate.issuer.encoded),
            issuerKeyHash: hash.digest(issuer.subjectPublicKeyInfo.subjectPublicKey.bytes),
            serialNumber: Array(certificate.serialNumber))
    }

    /// Apple's OCSPRequest DER for `certificate` and `issuer`:
    /// `OCSPRequest { tbsRequest { requestList { Request { reqCert CertID } } } }` with no version
    /// (DEFAULT v1), requestorName, requestExtensions, nonce, singleRequestExtensions or
    /// signature, and a SHA-1 CertID whose AlgorithmIdentifier has no parameters
    /// (`30 07 06 05 2B 0E 03 02 1A`).
    public static func request(for certificate: Certificate, issuer: Certificate) -> [UInt8] {
        request(certID(for: certificate, issuer: issuer, hash: .sha1))
    }

    /// The OCSPRequest DER carrying the one CertID `certID`, in Apple's shape.
    public static func request(_ certID: OCSPRequestCertID) -> [UInt8] {
        var writer = DERWriter()
        writer.writeElement(.sequence) { ocspRequest in
            ocspRequest.writeElement(.sequence) { tbsRequest in
                tbsRequest.writeElement(.sequence) { requestList in
                    requestList.writeElement(.sequence) { request in request.writeEncoded(certID.derEncoded) }
                }
            }
        }
        return writer.bytes
    }

    /// How `request` goes to the responder at `responderURI` (`OCSPFetchDelegate
    /// createNextRequest:`):
    /// 1. `escaped` = the base64 of the DER (padded, one line), percent-encoded except
    ///    `A–Z a–z 0–9 - . _ ~` (Apple's set is URLPathAllowed minus `:/?#[]@!$&'()*+,;=`; of the
    ///    base64 alphabet that escapes `+ / =` as `%2B %2F %3D`);
    /// 2. GET `responderURI + "/" + escaped` when `len(responderURI) + 1 + len(escaped)` is at
    ///    most ``maximumGETURLLength`` (a URI ending in `/` gives `//`), else POST of the DER to
    ///    `responderURI`;
    /// 3. then, on the URL chosen, Apple's responder rewrite (``rewritingAppleResponder(_:)``):
    ///    the length test used the URI as written.
    public static func fetchForm(responderURI: String, request: [UInt8]) -> OCSPFetchForm {
        let escaped = percentEncoded(Base64.encode(request))
        if responderURI.utf16.count + 1 + escaped.utf16.count <= maximumGETURLLength {
            return .get(url: rewritingAppleResponder(responderURI + "/" + escaped))
        }
        return .post(url: rewritingAppleResponder(responderURI), body: request)
    }

    /// `url` with Apple's own responders moved to https (`TrustURLSessionDelegate
    /// createNextRequest:`): host `ocsp.apple.com` becomes `https://ocsp2.apple.com` and host
    /// `ocsp-uat.corp.apple.com` becomes https, port, path and query kept. Apple compares the
    /// parsed host exactly; so does this (`http://ocsp.apple.com.example/` is not rewritten).
    /// Only `http://` URLs reach it: trustd fetches no other scheme.
    public static func rewritingAppleResponder(_ url: String) -> String {
        let scheme = "http://"
        guard url.hasPrefix(scheme) else { return url }
        let rest = url.dropFirst(scheme.count)
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let hostStart = authority.lastIndex(of: "@").map { authority.index(after: $0) } ?? authority.startIndex
        let hostEnd = authority[hostStart...].firstIndex(of: ":") ?? authority.endIndex
        switch authority[hostStart..<hostEnd] {
        case "ocsp.apple.com":
            return "https://" + authority[..<hostStart] + "ocsp2.apple.com" + authority[hostEnd...] + rest[authorityEnd...]
        case "ocsp-uat.corp.apple.com":
            return "https://" + rest
        default:
            return url
        }
    }

    /// `text` with every octet outside RFC 3986's unreserved set written as `%XX` (upper-case hex,
    /// as Foundation writes it).
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        for octet in text.utf8 {
            switch octet {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.append(octet)
            default:
                output += [UInt8(ascii: "%"), hex[Int(octet >> 4)], hex[Int(octet & 0x0F)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// How an OCSP request goes to a responder.
public enum OCSPFetchForm: Equatable, Sendable {
    /// GET of this URL (the request in its last path segment).
    case get(url: String)
    /// POST of `body` (the request's DER) to this URL. Apple sets no Content-Type; Vouch's
    /// transport sends `application/ocsp-request` (RFC 6960 §A.1).
    case post(url: String, body: [UInt8])
}
