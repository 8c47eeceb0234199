import VouchDER
import VouchX509

/// What the path checks ask of one certificate, read once per evaluation.
///
/// A certificate's extensions are views into its DER, decoded on each access; a search that
/// validates dozens of candidate paths through the same few certificates (a hostile pool of
/// same-name CAs reaches ``TrustLimits/maximumPathsBuilt`` that way) would otherwise decode the
/// same extensions once per path and check. The path builder makes one of these per certificate
/// it puts on a path and the checks read them instead: the answers of the ``Certificate``
/// accessors, asked once.
///
/// A class, so that a path of them is an array of references: copying one costs a retain, where
/// copying a ``Certificate`` costs one per view it holds.
final class CertificateFacts: Sendable {
    let certificate: Certificate
    let version: Int
    let notBefore: Int64
    let notAfter: Int64
    /// The key's size in Apple's units (``KeyStrength/appleSize(_:)``), `nil` when Apple has no key for it.
    let appleKeySize: (kind: KeyStrength.Kind, bytes: Int)?
    /// RSA below 2048 bits or EC below 224 (or no key at all): a path's score loses ten points.
    let isSmallKey: Bool
    let usesMDHash: Bool
    let usesSHA1: Bool
    /// Issuer and subject are the same name, byte for byte (RFC 5280's self-issued).
    let isSelfIssued: Bool
    let basicConstraints: BasicConstraints?
    let keyUsage: KeyUsage?
    let extendedKeyUsage: ExtendedKeyUsage?
    /// The keyIdentifier of authorityKeyIdentifier, when both are present.
    let authorityKeyIdentifier: ArraySlice<UInt8>?
    let subjectKeyIdentifier: ArraySlice<UInt8>?
    /// The identifiers of certificatePolicies, `nil` without a well-formed extension.
    let policyIdentifiers: [OID]?
    let policyMappings: PolicyMappings?
    let policyConstraints: PolicyConstraints?
    let inhibitAnyPolicy: InhibitAnyPolicy?
    /// nameConstraints with at least one subtree, prepared for comparison.
    let nameConstraints: (isCritical: Bool, subtrees: NameConstraintsCheck.PreparedSubtrees)?
    /// nameConstraints is present but malformed in the strict profile's sense
    /// (``ValidationProfile/checksNameConstraintsDefensively``): neither subtree list, or a
    /// dNSName base that is not a domain name.
    let hasMalformedNameConstraints: Bool
    /// NonEmptySubject fails: the subject is empty, and the certificate is a CA or has no
    /// critical subjectAltName (an empty subject is allowed only on a non-CA with a critical SAN).
    let hasEmptySubjectProblem: Bool
    let hasUnparseableExtension: Bool
    let hasDuplicateExtension: Bool
    let hasUnknownCriticalExtension: Bool

    init(_ certificate: Certificate) {
        self.certificate = certificate
        version = certificate.version
        notBefore = certificate.validity.notBefore.secondsSince1970
        notAfter = certificate.validity.notAfter.secondsSince1970
        let keyType = certificate.subjectPublicKeyInfo.keyType
        appleKeySize = KeyStrength.appleSize(keyType)
        isSmallKey = KeyStrength.isSmallKey(keyType)
        usesMDHash = KeyStrength.usesMDHash(certificate)
        usesSHA1 = KeyStrength.usesSHA1(certificate)
        isSelfIssued = certificate.isSelfIssued

        basicConstraints = certificate.basicConstraints
        keyUsage = certificate.keyUsage
        extendedKeyUsage = certificate.extendedKeyUsage
        authorityKeyIdentifier = certificate.authorityKeyIdentifier?.keyIdentifier
        subjectKeyIdentifier = certificate.subjectKeyIdentifier?.keyIdentifier
        policyIdentifiers = certificate.certificatePolicies?.policies.map(\.identifier)
        policyMappings = certificate.policyMappings
        policyConstraints = certificate.policyConstraints
        inhibitAnyPolicy = certificate.inhibitAnyPolicy
        let extensions = certificate.extensions
        if let item = extensions[.nameConstraints], let constraints = try? item.decode(as: NameConstraints.self) {
            let subtrees = NameConstraintsCheck.PreparedSubtrees(constraints)
            nameConstraints = subtrees.isEmpty ? nil : (item.isCritical, subtrees)
            hasMalformedNameConstraints = NameConstraintsCheck.isMalformed(constraints)
        } else {
            nameConstraints = nil
            hasMalformedNameConstraints = false
        }
        if certificate.subject.isEmpty {
            hasEmptySubjectProblem = basicConstraints?.isCertificateAuthority == true || extensions[.subjectAltName]?.isCritical != true
        } else {
            hasEmptySubjectProblem = false
        }
        let anomalies = extensions.anomalies
        hasUnparseableExtension = anomalies.hasUnparseable
        hasDuplicateExtension = anomalies.hasDuplicates
        hasUnknownCriticalExtension = anomalies.hasUnknownCritical
    }

    /// TemporalValidity: `notBefore ≤ time ≤ notAfter`, both ends inclusive (SECTRUST.md §6).
    func isValid(at time: Int64) -> Bool { notBefore <= time && time <= notAfter }

    /// WeakKeySize (``KeyStrength/isWeak(_:)``).
    var hasWeakKey: Bool { KeyStrength.isWeak(appleKeySize) }

    /// KeySize for SSL servers (``KeyStrength/failsSSLMinimum(_:)``).
    var failsSSLKeyMinimum: Bool { KeyStrength.failsSSLMinimum(appleKeySize) }
}
