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
    /// certificatePolicies, `nil` without a well-formed extension.
    let certificatePolicies: CertificatePolicies?
    let policyMappings: PolicyMappings?
    let policyConstraints: PolicyConstraints?
    let inhibitAnyPolicy: InhibitAnyPolicy?
    /// nameConstraints with at least one subtree, prepared for comparison.
    let nameConstraints: (isCritical: Bool, subtrees: PreparedNameConstraints)?
    /// nameConstraints is present but malformed in the strict profile's sense
    /// (``ValidationProfile/checksNameConstraintsDefensively``): neither subtree list, or a
    /// dNSName base that is not a domain name.
    let hasMalformedNameConstraints: Bool
    /// How many permitted and excluded subtrees nameConstraints lists (`nil` without the
    /// extension or when it does not decode), for Apple's maximum list length.
    let nameConstraintCounts: (permitted: Int, excluded: Int)?
    /// nameConstraints writes out a subtree's `minimum 0`, the DEFAULT DER leaves out
    /// (``ValidationProfile/checksCertificateEncoding``).
    let nameConstraintsEncodeDefaultMinimum: Bool
    /// subjectAltName holds entries that do not decode as their form (kept undecoded, as Apple
    /// keeps them).
    let hasUndecodedAlternativeNames: Bool
    /// The subjectAltName as ``Certificate/subjectAlternativeNames`` decodes it (the first one),
    /// for hostname matching.
    let subjectAlternativeNames: SubjectAlternativeNames?
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

        // One walk over the extensions: the first of each kind the checks read (as the
        // accessors' `extensions[oid]` finds it) and Apple's list-level anomalies.
        var walk = ExtensionWalk()
        for item in certificate.extensions { walk.visit(item) }
        basicConstraints = walk.basicConstraints.value
        keyUsage = walk.keyUsage.value
        extendedKeyUsage = walk.extendedKeyUsage.value
        authorityKeyIdentifier = walk.authorityKeyIdentifier.value?.keyIdentifier
        subjectKeyIdentifier = walk.subjectKeyIdentifier.value?.keyIdentifier
        certificatePolicies = walk.certificatePolicies.value
        policyMappings = walk.policyMappings.value
        policyConstraints = walk.policyConstraints.value
        inhibitAnyPolicy = walk.inhibitAnyPolicy.value
        if let item = walk.nameConstraints.first, let constraints = walk.nameConstraints.value {
            let subtrees = PreparedNameConstraints(constraints)
            nameConstraints = subtrees.isEmpty ? nil : (item.isCritical, subtrees)
            hasMalformedNameConstraints = PreparedNameConstraints.isMalformed(constraints)
            nameConstraintCounts = (constraints.permittedSubtrees?.count ?? 0, constraints.excludedSubtrees?.count ?? 0)
            nameConstraintsEncodeDefaultMinimum = constraints.encodesDefaultMinimum
        } else {
            nameConstraints = nil
            hasMalformedNameConstraints = false
            nameConstraintCounts = nil
            nameConstraintsEncodeDefaultMinimum = false
        }
        subjectAlternativeNames = walk.subjectAltName.value
        hasUndecodedAlternativeNames = walk.subjectAltName.value?.undecodedNames.isEmpty == false
        if certificate.subject.isEmpty {
            hasEmptySubjectProblem = basicConstraints?.isCertificateAuthority == true || walk.subjectAltName.first?.isCritical != true
        } else {
            hasEmptySubjectProblem = false
        }
        let anomalies = walk.anomalies.finish()
        hasUnparseableExtension = anomalies.hasUnparseable
        hasDuplicateExtension = anomalies.hasDuplicates
        hasUnknownCriticalExtension = anomalies.hasUnknownCritical
    }

    /// The identifiers of certificatePolicies, `nil` without a well-formed extension: listed on
    /// demand (policy processing asks only on paths with policy constraints or mappings).
    var policyIdentifiers: [OID]? { certificatePolicies?.policies.map(\.identifier) }

    /// TemporalValidity: `notBefore ≤ time ≤ notAfter`, both ends inclusive (SECTRUST.md §6).
    func isValid(at time: Int64) -> Bool { notBefore <= time && time <= notAfter }

    /// TemporalValidity as Apple decides it: valid at `time`, or one of Apple's own roots, which
    /// never expire (``AppleAnchors``). The path score reads ``isValid(at:)`` alone.
    func passesTemporalValidity(at time: Int64) -> Bool {
        isValid(at: time) || AppleAnchors.neverExpires(certificate)
    }

    /// WeakKeySize (``KeyStrength/isWeak(_:)``).
    var hasWeakKey: Bool { KeyStrength.isWeak(appleKeySize) }

    /// KeySize for SSL servers (``KeyStrength/failsSSLMinimum(_:)``).
    var failsSSLKeyMinimum: Bool { KeyStrength.failsSSLMinimum(appleKeySize) }
}

/// What ``CertificateFacts`` gathers in its one walk over a certificate's extensions: the first
/// extension of each kind the checks read, decoded once, and `Extensions.anomalies` (its own
/// rules, `Extensions.AnomalyScan`, told which extensions decoded).
///
/// Non-copyable, because it is never copied: as a copyable struct of eleven optional extensions it
/// carried about 8 KB of copy code (its value witnesses) in every binary.
private struct ExtensionWalk: ~Copyable {
    /// The first extension of one kind and its value (`nil` when it does not decode), as the
    /// accessors' `extensions[oid]` finds and decodes it.
    struct Slot<Value: CertificateExtension> {
        var first: Extension? = nil
        var value: Value? = nil

        /// Keeps `item` if it is the first of its kind; returns whether it decodes (the first is
        /// decoded for its value; a later one only when it is non-critical, for the unparseable
        /// rule, which asks nothing of critical extensions).
        mutating func take(_ item: Extension) -> Bool {
            if first == nil {
                first = item
                value = try? item.decode(as: Value.self)
                return value != nil
            }
            return item.isCritical || (try? item.decode(as: Value.self)) != nil
        }
    }

    var basicConstraints = Slot<BasicConstraints>()
    var keyUsage = Slot<KeyUsage>()
    var extendedKeyUsage = Slot<ExtendedKeyUsage>()
    var authorityKeyIdentifier = Slot<AuthorityKeyIdentifier>()
    var subjectKeyIdentifier = Slot<SubjectKeyIdentifier>()
    var certificatePolicies = Slot<CertificatePolicies>()
    var policyMappings = Slot<PolicyMappings>()
    var policyConstraints = Slot<PolicyConstraints>()
    var inhibitAnyPolicy = Slot<InhibitAnyPolicy>()
    var nameConstraints = Slot<NameConstraints>()
    var subjectAltName = Slot<SubjectAlternativeNames>()
    var anomalies: Extensions.AnomalyScan

    init() { anomalies = Extensions.AnomalyScan() }


    mutating func visit(_ item: Extension) {
        let decodes: Bool
        switch item.oid.certificateExtensionArc {
        case 19: decodes = basicConstraints.take(item)
        case 15: decodes = keyUsage.take(item)
        case 37: decodes = extendedKeyUsage.take(item)
        case 35: decodes = authorityKeyIdentifier.take(item)
        case 14: decodes = subjectKeyIdentifier.take(item)
        case 32: decodes = certificatePolicies.take(item)
        case 33: decodes = policyMappings.take(item)
        case 36: decodes = policyConstraints.take(item)
        case 54: decodes = inhibitAnyPolicy.take(item)
        case 30: decodes = nameConstraints.take(item)
        case 17: decodes = subjectAltName.take(item)
        default:
            // Not kept: decoded, if at all, only when the unparseable rule asks.
            anomalies.visit(item) { (try? item.validateIfKnown()) != nil }
            return
        }
        anomalies.visit(item) { decodes }
    }
}
