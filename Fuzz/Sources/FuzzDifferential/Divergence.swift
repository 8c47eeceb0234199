import SwiftASN1
import VouchDER
import VouchX509
import X509

/// One disagreement between Vouch and swift-certificates over one input.
struct Divergence: CustomStringConvertible {
    enum Kind {
        /// Vouch rejects what swift-certificates accepts.
        case vouchRejects(X509Error)
        /// Vouch accepts what swift-certificates rejects. `part` is the first part of the
        /// certificate that swift-certificates rejects when given that part alone (in its own
        /// parsing order), nil when it accepts each part alone.
        case otherRejects(part: Part?, error: String)
        /// Both accept and `field` differs (for an extension, one may decode it and the other not).
        case field(Field, vouch: String, other: String)
    }

    /// The parts of a certificate that swift-certificates can be asked about one at a time.
    enum Part: Equatable, CustomStringConvertible {
        case serialNumber, issuer, validity, subject, subjectPublicKeyInfo, issuerUniqueID, subjectUniqueID
        case `extension`(VouchDER.OID, offset: Int), duplicateExtension, signatureAlgorithm, signatureValue

        var description: String {
            switch self {
            case .serialNumber: return "serialNumber"
            case .issuer: return "issuer"
            case .validity: return "validity"
            case .subject: return "subject"
            case .subjectPublicKeyInfo: return "subjectPublicKeyInfo"
            case .issuerUniqueID: return "issuerUniqueID"
            case .subjectUniqueID: return "subjectUniqueID"
            case .extension(let oid, _): return "extension \(oid.name ?? oid.dotted)"
            case .duplicateExtension: return "duplicateExtension"
            case .signatureAlgorithm: return "signatureAlgorithm"
            case .signatureValue: return "signatureValue"
            }
        }
    }

    /// The fields compared when both accept.
    enum Field: String {
        case version, serialNumber, issuer, subject, notBefore, notAfter, publicKey, signatureAlgorithm
        case subjectAlternativeNames, basicConstraints, keyUsage, extendedKeyUsage
    }

    let kind: Kind
    /// Vouch's certificate, when Vouch accepts.
    let vouch: VouchX509.Certificate?
    /// swift-certificates' certificate, when it accepts.
    let other: X509.Certificate?
    /// The input compared (its first DER element).
    let bytes: [UInt8]

    var description: String {
        let input = bytes.count <= 64 ? hex(bytes) : "\(bytes.count) bytes"
        switch kind {
        case .vouchRejects(let error):
            return "Vouch rejects (\(error)), swift-certificates accepts; input \(input)"
        case .otherRejects(let part, let error):
            return "Vouch accepts, swift-certificates rejects (\(part.map { "\($0)" } ?? "no part alone"): \(error)); input \(input)"
        case .field(let field, let vouch, let other):
            return "both accept, \(field.rawValue) differs: Vouch \(vouch), swift-certificates \(other); input \(input)"
        }
    }
}

func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
    let digits = Array("0123456789abcdef")
    var text = ""
    for octet in bytes {
        text.append(digits[Int(octet >> 4)])
        text.append(digits[Int(octet & 0x0F)])
    }
    return text
}
