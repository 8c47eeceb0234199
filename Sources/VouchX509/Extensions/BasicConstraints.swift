import VouchDER

/// basicConstraints (RFC 5280 §4.2.1.9): `SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLenConstraint INTEGER (0..MAX) OPTIONAL }`.
public struct BasicConstraints: CertificateExtension, Equatable {
    /// The extension's identifier, `OID.basicConstraints`.
    public static let oid = OID.basicConstraints

    /// Whether the subject is a CA.
    public let isCertificateAuthority: Bool
    /// The most non-self-issued intermediates that may follow, or `nil` for no limit.
    public let pathLengthConstraint: Int?

    /// An explicit `cA FALSE` is accepted (as Apple does); a negative or absurd path length is not.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        (isCertificateAuthority, pathLengthConstraint) = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (inner) throws(DERError) in
                let ca = try inner.readOptionalElement(.boolean)?.decodeBoolean() ?? false
                guard let element = try inner.readOptionalElement(.integer) else { return (ca, nil) }
                guard let length = try DERInteger(element).value(as: UInt32.self) else {
                    throw DERError(.integerOutOfRange, at: element.contentOffset)
                }
                return (ca, Int(length))
            }
        }
    }

    /// Creates a value directly (for tests and policies).
    public init(isCertificateAuthority: Bool, pathLengthConstraint: Int?) {
        self.isCertificateAuthority = isCertificateAuthority
        self.pathLengthConstraint = pathLengthConstraint
    }
}
