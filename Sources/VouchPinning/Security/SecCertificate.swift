import VouchCrypto
import VouchDER
import VouchX509

/// `SecCertificateRef`: an immutable, parsed X.509 certificate. Two are equal when their DER is
/// (as `CFEqual` compares them).
public final class SecCertificate: Hashable, Sendable, CustomStringConvertible {
    /// The parsed certificate.
    public let certificate: Certificate

    /// Wraps a parsed certificate.
    public init(_ certificate: Certificate) { self.certificate = certificate }

    /// Whether the two certificates have the same DER (`CFEqual`).
    public static func == (lhs: SecCertificate, rhs: SecCertificate) -> Bool {
        lhs.certificate.derEncoded == rhs.certificate.derEncoded
    }

    /// Hashes the DER.
    public func hash(into hasher: inout Hasher) { hasher.combine(certificate.derEncoded) }

    /// `<cert(0x…) s: SUMMARY i: ISSUER SUMMARY>`, as Apple's debug description reads.
    public var description: String {
        "<cert s: \(SecCertificateCopySubjectSummary(self) ?? "") i: \(Self.summary(certificate.issuer, alternativeNames: nil) ?? "")>"
    }

    /// The name Apple's `SecCertificateCopySubjectSummary` picks: the last common name, else the
    /// first e-mail address (in the name, then the alternative names), else the first DNS name,
    /// else the last organisational unit, else the last organisation.
    static func summary(_ name: DistinguishedName, alternativeNames: SubjectAlternativeNames?) -> String? {
        let attributes = name.attributes
        func last(_ type: OID) -> String? { attributes.last { $0.type == type }.map(\.text) }
        if let commonName = last(.commonName) { return commonName }
        if let email = attributes.first(where: { $0.type == .emailAddress })?.text { return email }
        if let email = alternativeNames?.emailAddresses.first { return email }
        if let dns = alternativeNames?.dnsNames.first { return String(decoding: dns, as: UTF8.self) }
        return last(.organizationalUnitName) ?? last(.organizationName)
    }
}

/// `SecCertificateCreateWithData`: the certificate in `data` (one DER certificate), or `nil` when it
/// does not parse. `allocator` is ignored (pass `nil`, as Apple code passes `NULL` or
/// `kCFAllocatorDefault`).
public func SecCertificateCreateWithData<Bytes: Collection<UInt8>>(_ allocator: AnyObject?, _ data: Bytes) -> SecCertificate? {
    guard let certificate = try? Certificate(derEncoded: Array(data)) else { return nil }
    return SecCertificate(certificate)
}

/// `SecCertificateCopyData`: the certificate's DER (`Data(SecCertificateCopyData(c))` makes `Data`).
public func SecCertificateCopyData(_ certificate: SecCertificate) -> [UInt8] {
    Array(certificate.certificate.derEncoded)
}

/// `SecCertificateCopyKey`: the certificate's public key, or `nil` where Apple makes none (DSA,
/// RSA-PSS SPKI, explicit curves…). The certificate is not judged.
public func SecCertificateCopyKey(_ certificate: SecCertificate) -> SecKey? {
    PublicKey(certificate.certificate.subjectPublicKeyInfo).map(SecKey.init)
}

/// `SecCertificateCopySubjectSummary`: a human-readable name for the subject (see
/// ``SecCertificate``'s description for the order Apple picks), `nil` when there is none.
public func SecCertificateCopySubjectSummary(_ certificate: SecCertificate) -> String? {
    SecCertificate.summary(certificate.certificate.subject, alternativeNames: certificate.certificate.subjectAlternativeNames)
}

/// `SecCertificateCopySerialNumberData`: the serial number's content octets.
public func SecCertificateCopySerialNumberData(_ certificate: SecCertificate, _ error: UnsafeMutablePointer<SecError?>?) -> [UInt8]? {
    Array(certificate.certificate.serialNumber)
}
