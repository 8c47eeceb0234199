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
        (isCertificateAuthority, encodesDefaultCA, pathLengthConstraint) = try extensionValue.withUnsafeBufferPointer {
            (buffer) throws(DERError) in
            var reader = DERCursor(buffer, origin: extensionValue.startIndex)
            let sequence = try reader.readElement(.sequence)
            var inner = try reader.cursor(overContentOf: sequence)
            var ca: Bool?
            if let element = try inner.readOptionalElement(.boolean) { ca = try inner.decodeBoolean(element) }
            var length: Int?
            if let element = try inner.readOptionalElement(.integer) {
                try inner.validateInteger(element)
                // A minimal INTEGER fits UInt32 when it is not negative and at most four octets
                // remain once its leading zero octets are dropped (DERInteger.value(as:)).
                var index = element.contentStart
                guard inner.octet(index) & 0x80 == 0 else { throw DERError(.integerOutOfRange, at: element.contentStart) }
                while index < element.end, inner.octet(index) == 0 { index += 1 }
                guard element.end - index <= 4 else { throw DERError(.integerOutOfRange, at: element.contentStart) }
                var value = 0
                while index < element.end {
                    value = value << 8 | Int(inner.octet(index))
                    index += 1
                }
                length = value
            }
            try inner.finish()
            try reader.finish()
            return (ca ?? false, ca == false, length)
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
