import VouchDER

/// basicConstraints (RFC 5280 §4.2.1.9): `SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLenConstraint INTEGER (0..MAX) OPTIONAL }`.
public struct BasicConstraints: CertificateExtension, Equatable {
    /// The extension's identifier, `OID.basicConstraints`.
    public static let oid = OID.basicConstraints

    /// Whether the subject is a CA.
    public let isCertificateAuthority: Bool
    /// The most non-self-issued intermediates that may follow, or `nil` for no limit.
    public let pathLengthConstraint: Int?
    /// Whether `cA FALSE` is written out: the DEFAULT, which DER leaves out (X.690 §11.5).
    public let encodesDefaultCA: Bool

    /// An explicit `cA FALSE` is accepted (as Apple does) and noted in ``encodesDefaultCA``; a
    /// negative or absurd path length is not.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        (isCertificateAuthority, encodesDefaultCA, pathLengthConstraint) = try DERReader.readAll(extensionValue) {
            (reader) throws(DERError) in
            try reader.nested(.sequence) { (inner) throws(DERError) in
                let ca = try inner.readOptionalElement(.boolean)?.decodeBoolean()
                guard let element = try inner.readOptionalElement(.integer) else { return (ca ?? false, ca == false, nil) }
                guard let length = try DERInteger(element).value(as: UInt32.self) else {
                    throw DERError(.integerOutOfRange, at: element.contentOffset)
                }
                return (ca ?? false, ca == false, Int(length))
            }
        }
    }

    /// Creates a value directly (for tests and policies), encoded as DER would (``encodesDefaultCA`` false).
    public init(isCertificateAuthority: Bool, pathLengthConstraint: Int?) {
        self.isCertificateAuthority = isCertificateAuthority
        self.pathLengthConstraint = pathLengthConstraint
        self.encodesDefaultCA = false
    }

    /// Whether the two say the same (cA and the path length); how cA was encoded does not count.
    public static func == (lhs: BasicConstraints, rhs: BasicConstraints) -> Bool {
        lhs.isCertificateAuthority == rhs.isCertificateAuthority && lhs.pathLengthConstraint == rhs.pathLengthConstraint
    }
}
