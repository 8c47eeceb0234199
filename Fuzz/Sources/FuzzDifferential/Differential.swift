import SwiftASN1
import VouchDER
import VouchX509
import X509

/// Parses one input with both parsers and returns their first disagreement, if any.
enum Differential {
    static func compare(_ bytes: [UInt8]) -> Divergence? {
        let vouch: Result<VouchX509.Certificate, X509Error>
        do { vouch = .success(try VouchX509.Certificate(derEncoded: bytes)) } catch { vouch = .failure(error) }
        let other: Result<X509.Certificate, any Error> = Result { try X509.Certificate(derEncoded: bytes) }
        switch (vouch, other) {
        case (.failure, .failure):
            return nil
        case (.failure(let error), .success(let certificate)):
            return Divergence(kind: .vouchRejects(error), vouch: nil, other: certificate, bytes: bytes)
        case (.success(let certificate), .failure(let error)):
            let part = Localize.firstRejectedPart(of: certificate)
            return Divergence(kind: .otherRejects(part: part, error: "\(error)"), vouch: certificate, other: nil, bytes: bytes)
        case (.success(let mine), .success(let theirs)):
            guard let (field, left, right) = Comparison.firstDifference(mine, theirs) else { return nil }
            return Divergence(kind: .field(field, vouch: left, other: right), vouch: mine, other: theirs, bytes: bytes)
        }
    }
}

/// Finds which part of a certificate Vouch accepted swift-certificates rejects, by giving
/// swift-certificates each part alone, in the order it parses them.
enum Localize {
    static func firstRejectedPart(of certificate: VouchX509.Certificate) -> Divergence.Part? {
        if !isMinimalInteger(certificate.serialNumber) || (certificate.serialNumber.first ?? 0) >= 0x80 { return .serialNumber }
        if !acceptsName(certificate.issuer.encoded) { return .issuer }
        if let validity = tbsField(certificate, index: 3), !timesParse(validity) { return .validity }
        if !acceptsName(certificate.subject.encoded) { return .subject }
        if !accepts(X509.Certificate.PublicKey.self, certificate.subjectPublicKeyInfo.encoded) { return .subjectPublicKeyInfo }
        // swift-certificates 1.21.1 reads the unique identifiers as EXPLICIT [1] and [2]
        // (TBSCertificate.swift); RFC 5280 §4.1 makes them IMPLICIT, as Vouch reads them.
        if certificate.issuerUniqueID != nil { return .issuerUniqueID }
        if certificate.subjectUniqueID != nil { return .subjectUniqueID }
        for found in certificate.extensions {
            var reader = DERReader(certificate.derEncoded[found.offset...])
            guard let element = try? reader.readElement() else { return .extension(found.oid, offset: found.offset) }
            if !accepts(X509.Certificate.Extension.self, element.encoded) { return .extension(found.oid, offset: found.offset) }
        }
        if certificate.extensions.hasDuplicates { return .duplicateExtension }
        guard let algorithm = SignatureAlgorithms.named(certificate.signatureAlgorithm) else { return .signatureAlgorithm }
        // swift-certificates takes RSA algorithms with NULL or absent parameters, the others with none.
        let parameters = certificate.signatureAlgorithm.parameters
        let isRSA = certificate.signatureAlgorithm.algorithm.dotted.hasPrefix("1.2.840.113549.1.1.")
        if isRSA ? !certificate.signatureAlgorithm.hasAbsentOrNullParameters : parameters != nil { return .signatureAlgorithm }
        let bits = ASN1BitString(bytes: certificate.signature.bytes, paddingBits: Int(certificate.signature.unusedBits))
        if (try? X509.Certificate.Signature(signatureAlgorithm: algorithm, signatureBytes: bits)) == nil { return .signatureValue }
        return nil
    }

    static func accepts<T: DERImplicitlyTaggable>(_ type: T.Type, _ bytes: ArraySlice<UInt8>) -> Bool {
        (try? T(derEncoded: Array(bytes))) != nil
    }

    static func acceptsName(_ bytes: ArraySlice<UInt8>) -> Bool {
        (try? DistinguishedName(derEncoded: Array(bytes))) != nil
    }

    /// X.690 §8.3.2: the first nine bits of an INTEGER are not all zeros or all ones.
    static func isMinimalInteger(_ content: ArraySlice<UInt8>) -> Bool {
        guard content.count > 1, let first = content.first else { return true }
        let second = content[content.index(after: content.startIndex)]
        return !(first == 0x00 && second < 0x80) && !(first == 0xFF && second >= 0x80)
    }

    /// The TBSCertificate field at `index` counted after the optional version
    /// (0 serialNumber, 1 signature, 2 issuer, 3 validity, …).
    static func tbsField(_ certificate: VouchX509.Certificate, index: Int) -> DERElement? {
        tbsField(tbs: certificate.tbsCertificateBytes, index: index)
    }

    /// The same, from the bytes of a certificate Vouch may have rejected.
    static func tbsField(certificate bytes: [UInt8], index: Int) -> DERElement? {
        var input = DERReader(bytes)
        guard let outer = try? input.readElement(), var certificate = try? input.reader(overContentOf: outer),
            let tbs = try? certificate.readElement()
        else { return nil }
        return tbsField(tbs: tbs.encoded, index: index)
    }

    static func tbsField(tbs bytes: ArraySlice<UInt8>, index: Int) -> DERElement? {
        var outer = DERReader(bytes)
        guard let tbs = try? outer.readElement(), var fields = try? outer.reader(overContentOf: tbs) else { return nil }
        if (try? fields.peekTag()) == .contextSpecific(0, constructed: true) { _ = try? fields.readElement() }
        for _ in 0..<index { guard (try? fields.readElement()) != nil else { return nil } }
        return try? fields.readElement()
    }

    /// The time elements of a Validity (as many as read).
    static func times(_ validity: DERElement) -> [DERElement] {
        var outer = DERReader(validity.encoded)
        guard let sequence = try? outer.readElement(), var times = try? outer.reader(overContentOf: sequence) else { return [] }
        var found: [DERElement] = []
        while !times.isAtEnd, let time = try? times.readElement() { found.append(time) }
        return found
    }

    /// Whether swift-asn1 reads both times of a Validity as swift-certificates does.
    static func timesParse(_ validity: DERElement) -> Bool {
        var outer = DERReader(validity.encoded)
        guard let sequence = try? outer.readElement(), var times = try? outer.reader(overContentOf: sequence) else { return false }
        while !times.isAtEnd {
            guard let time = try? times.readElement() else { return false }
            let bytes = Array(time.encoded)
            switch time.tag {
            case .utcTime: if (try? UTCTime(derEncoded: bytes)) == nil { return false }
            case .generalizedTime: if (try? GeneralizedTime(derEncoded: bytes)) == nil { return false }
            default: return false
            }
        }
        return true
    }
}

/// The signature algorithms swift-certificates knows, by Vouch's OID.
enum SignatureAlgorithms {
    static let byOID: [String: X509.Certificate.SignatureAlgorithm] = [
        "1.2.840.10045.4.3.2": .ecdsaWithSHA256, "1.2.840.10045.4.3.3": .ecdsaWithSHA384,
        "1.2.840.10045.4.3.4": .ecdsaWithSHA512, "1.2.840.113549.1.1.5": .sha1WithRSAEncryption,
        "1.2.840.113549.1.1.11": .sha256WithRSAEncryption, "1.2.840.113549.1.1.12": .sha384WithRSAEncryption,
        "1.2.840.113549.1.1.13": .sha512WithRSAEncryption, "1.3.101.112": .ed25519,
    ]

    static func named(_ algorithm: VouchX509.AlgorithmIdentifier) -> X509.Certificate.SignatureAlgorithm? {
        byOID[algorithm.algorithm.dotted]
    }

    /// The OID of one of swift-certificates' algorithms.
    static func oid(of algorithm: X509.Certificate.SignatureAlgorithm) -> String {
        byOID.first { $0.value == algorithm }?.key ?? "\(algorithm)"
    }
}
