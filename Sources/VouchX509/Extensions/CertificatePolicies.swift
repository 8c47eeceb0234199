import VouchDER

/// certificatePolicies (RFC 5280 §4.2.1.4):
/// `SEQUENCE SIZE (1..MAX) OF PolicyInformation { policyIdentifier OID, policyQualifiers SEQUENCE OF PolicyQualifierInfo OPTIONAL }`.
public struct CertificatePolicies: CertificateExtension {
    public static let oid = OID.certificatePolicies

    /// One policy: its OID and its qualifiers (id and raw qualifier DER).
    public struct Policy: Sendable {
        public let identifier: OID
        public let qualifiers: [(id: OID, qualifier: ArraySlice<UInt8>)]
    }

    /// The policies in encoding order.
    public let policies: [Policy]

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
    public static let oid = OID.policyMappings

    /// The mappings in encoding order.
    public let mappings: [(issuerDomainPolicy: OID, subjectDomainPolicy: OID)]

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
    public static let oid = OID.policyConstraints

    public let requireExplicitPolicy: Int?
    public let inhibitPolicyMapping: Int?

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
    public static let oid = OID.inhibitAnyPolicy

    public let skipCerts: Int

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
