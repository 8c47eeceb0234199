import VouchDER

extension Certificate {
    /// The extension of type `T`: `nil` when absent.
    ///
    /// - Throws: the `DERError` of a present value that does not decode (Apple then treats the
    ///   extension as absent and flags it: see ``Extensions/unparseable``).
    public func extensionValue<T: CertificateExtension>(_ type: T.Type) throws(DERError) -> T? {
        guard let found = extensions[T.oid] else { return nil }
        return try found.decode(as: T.self)
    }

    /// Decodes `T` if present and well-formed; `nil` otherwise (Apple's view of a broken one).
    func decoded<T: CertificateExtension>(_ type: T.Type) -> T? {
        (try? extensionValue(T.self)) ?? nil
    }

    /// basicConstraints, if present and well-formed.
    public var basicConstraints: BasicConstraints? { decoded(BasicConstraints.self) }
    /// keyUsage, if present and well-formed.
    public var keyUsage: KeyUsage? { decoded(KeyUsage.self) }
    /// extendedKeyUsage, if present and well-formed.
    public var extendedKeyUsage: ExtendedKeyUsage? { decoded(ExtendedKeyUsage.self) }
    /// subjectAltName, if present and well-formed.
    public var subjectAlternativeNames: SubjectAlternativeNames? { decoded(SubjectAlternativeNames.self) }
    /// issuerAltName, if present and well-formed.
    public var issuerAlternativeNames: IssuerAlternativeNames? { decoded(IssuerAlternativeNames.self) }
    /// subjectKeyIdentifier, if present and well-formed.
    public var subjectKeyIdentifier: SubjectKeyIdentifier? { decoded(SubjectKeyIdentifier.self) }
    /// authorityKeyIdentifier, if present and well-formed.
    public var authorityKeyIdentifier: AuthorityKeyIdentifier? { decoded(AuthorityKeyIdentifier.self) }
    /// nameConstraints, if present and well-formed.
    public var nameConstraints: NameConstraints? { decoded(NameConstraints.self) }
    /// certificatePolicies, if present and well-formed.
    public var certificatePolicies: CertificatePolicies? { decoded(CertificatePolicies.self) }
    /// policyMappings, if present and well-formed.
    public var policyMappings: PolicyMappings? { decoded(PolicyMappings.self) }
    /// policyConstraints, if present and well-formed.
    public var policyConstraints: PolicyConstraints? { decoded(PolicyConstraints.self) }
    /// inhibitAnyPolicy, if present and well-formed.
    public var inhibitAnyPolicy: InhibitAnyPolicy? { decoded(InhibitAnyPolicy.self) }
    /// cRLDistributionPoints, if present and well-formed.
    public var crlDistributionPoints: CRLDistributionPoints? { decoded(CRLDistributionPoints.self) }
    /// authorityInfoAccess, if present and well-formed.
    public var authorityInformationAccess: AuthorityInformationAccess? { decoded(AuthorityInformationAccess.self) }
    /// subjectInfoAccess, if present and well-formed.
    public var subjectInformationAccess: SubjectInformationAccess? { decoded(SubjectInformationAccess.self) }
}
