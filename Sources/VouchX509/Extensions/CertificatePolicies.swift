import VouchDER

/// certificatePolicies (RFC 5280 §4.2.1.4):
/// `SEQUENCE SIZE (1..MAX) OF PolicyInformation { policyIdentifier OID, policyQualifiers SEQUENCE OF PolicyQualifierInfo OPTIONAL }`.
public struct CertificatePolicies: CertificateExtension {
    /// The extension's identifier, `OID.certificatePolicies`.
    public static let oid = OID.certificatePolicies

    /// One policy: its OID and its qualifiers (id and raw qualifier DER).
    public struct Policy: Sendable {
        /// The policy's OID (`anyPolicy` is 2.5.29.32.0).
        public let identifier: OID
        /// The PolicyQualifierInfo entries: each qualifier's OID and its DER, undecoded.
        public let qualifiers: [(id: OID, qualifier: ArraySlice<UInt8>)]
    }

    /// The policies in encoding order.
    public let policies: [Policy]

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        policies = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (list) throws(DERError) in
                guard !list.isAtEnd else { throw DERError(.missingElement(expected: .sequence), at: list.offset) }
                var policies: [Policy] = []
                while !list.isAtEnd {
                    policies.append(try list.nested(.sequence) { (information) throws(DERError) in
                        let identifier = try information.readOID()
                        let qualifiers = try information.optionalNested(.sequence) {
                            (qualifiers) throws(DERError) -> [(id: OID, qualifier: ArraySlice<UInt8>)] in
                            var result: [(id: OID, qualifier: ArraySlice<UInt8>)] = []
                            while !qualifiers.isAtEnd {
                                result.append(try qualifiers.nested(.sequence) { (info) throws(DERError) in
                                    (try info.readOID(), try info.readElement().encoded)
                                })
                            }
                            return result
                        }
                        return Policy(identifier: identifier, qualifiers: qualifiers ?? [])
                    })
                }
                return policies
            }
        }
    }
}

/// policyMappings (RFC 5280 §4.2.1.5):
/// `SEQUENCE SIZE (1..MAX) OF SEQUENCE { issuerDomainPolicy OID, subjectDomainPolicy OID }`.
public struct PolicyMappings: CertificateExtension {
    /// The extension's identifier, `OID.policyMappings`.
    public static let oid = OID.policyMappings

    /// The mappings in encoding order.
    public let mappings: [(issuerDomainPolicy: OID, subjectDomainPolicy: OID)]

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        mappings = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (list) throws(DERError) in
                guard !list.isAtEnd else { throw DERError(.missingElement(expected: .sequence), at: list.offset) }
                var mappings: [(issuerDomainPolicy: OID, subjectDomainPolicy: OID)] = []
                while !list.isAtEnd {
                    mappings.append(try list.nested(.sequence) { (pair) throws(DERError) in
                        (try pair.readOID(), try pair.readOID())
                    })
                }
                return mappings
            }
        }
    }
}

/// policyConstraints (RFC 5280 §4.2.1.11):
/// `SEQUENCE { requireExplicitPolicy [0] SkipCerts OPTIONAL, inhibitPolicyMapping [1] SkipCerts OPTIONAL }`.
public struct PolicyConstraints: CertificateExtension {
    /// The extension's identifier, `OID.policyConstraints`.
    public static let oid = OID.policyConstraints

    /// How many more certificates may follow before an explicit policy is required (§4.2.1.11).
    public let requireExplicitPolicy: Int?
    /// How many more certificates may follow before policy mapping is no longer allowed (§4.2.1.11).
    public let inhibitPolicyMapping: Int?

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        (requireExplicitPolicy, inhibitPolicyMapping) = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (inner) throws(DERError) in
                let require = try inner.readOptionalElement(.contextSpecific(0, constructed: false)).map(skipCerts)
                let inhibit = try inner.readOptionalElement(.contextSpecific(1, constructed: false)).map(skipCerts)
                return (require, inhibit)
            }
        }
    }
}

/// inhibitAnyPolicy (RFC 5280 §4.2.1.14): `SkipCerts ::= INTEGER (0..MAX)`.
public struct InhibitAnyPolicy: CertificateExtension {
    /// The extension's identifier, `OID.inhibitAnyPolicy`.
    public static let oid = OID.inhibitAnyPolicy

    /// How many more non-self-issued certificates may follow before anyPolicy stops matching (§4.2.1.14).
    public let skipCerts: Int

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        skipCerts = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in
            try VouchX509.skipCerts(try reader.readElement(.integer))
        }
    }
}

/// A `SkipCerts` INTEGER: non-negative, at most `UInt32.max`.
func skipCerts(_ element: DERElement) throws(DERError) -> Int {
    guard let value = try DERInteger(element).value(as: UInt32.self) else {
        throw DERError(.integerOutOfRange, at: element.contentOffset)
    }
    return Int(value)
}
