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

        // One walk over the extensions: the first of each kind the checks read (as the
        // accessors' `extensions[oid]` finds it) and Apple's list-level anomalies.
        var walk = ExtensionWalk()
        walk.oids.reserveCapacity(certificate.extensions.count)
        for item in certificate.extensions { walk.visit(item) }
        basicConstraints = walk.decoded(walk.basicConstraints)
        keyUsage = walk.decoded(walk.keyUsage)
        extendedKeyUsage = walk.decoded(walk.extendedKeyUsage)
        authorityKeyIdentifier = (walk.decoded(walk.authorityKeyIdentifier) as AuthorityKeyIdentifier?)?.keyIdentifier
        subjectKeyIdentifier = (walk.decoded(walk.subjectKeyIdentifier) as SubjectKeyIdentifier?)?.keyIdentifier
        policyIdentifiers = (walk.decoded(walk.certificatePolicies) as CertificatePolicies?)?.policies.map(\.identifier)
        policyMappings = walk.decoded(walk.policyMappings)
        policyConstraints = walk.decoded(walk.policyConstraints)
        inhibitAnyPolicy = walk.decoded(walk.inhibitAnyPolicy)
        if let item = walk.nameConstraints, let constraints = try? item.decode(as: NameConstraints.self) {
            let subtrees = NameConstraintsCheck.PreparedSubtrees(constraints)
            nameConstraints = subtrees.isEmpty ? nil : (item.isCritical, subtrees)
            hasMalformedNameConstraints = NameConstraintsCheck.isMalformed(constraints)
        } else {
            nameConstraints = nil
            hasMalformedNameConstraints = false
        }
        if certificate.subject.isEmpty {
            hasEmptySubjectProblem = basicConstraints?.isCertificateAuthority == true || walk.subjectAltName?.isCritical != true
        } else {
            hasEmptySubjectProblem = false
        }
        hasUnparseableExtension = walk.hasUnparseable
        hasDuplicateExtension = Extensions.containsDuplicate(walk.oids)
        hasUnknownCriticalExtension = walk.hasUnknownCritical
    }

    /// TemporalValidity: `notBefore ≤ time ≤ notAfter`, both ends inclusive (SECTRUST.md §6).
    func isValid(at time: Int64) -> Bool { notBefore <= time && time <= notAfter }

    /// WeakKeySize (``KeyStrength/isWeak(_:)``).
    var hasWeakKey: Bool { KeyStrength.isWeak(appleKeySize) }

    /// KeySize for SSL servers (``KeyStrength/failsSSLMinimum(_:)``).
    var failsSSLKeyMinimum: Bool { KeyStrength.failsSSLMinimum(appleKeySize) }
}

/// What ``CertificateFacts`` gathers in its one walk over a certificate's extensions: the first
/// extension of each kind the checks read, and what `Extensions.anomalies` answers (the same
/// rules: a known non-critical extension that does not decode is unparseable; a critical one
/// neither known nor under Apple's arcs is unknown; duplicates compare extnID octets).
private struct ExtensionWalk {
    var basicConstraints: Extension?
    var keyUsage: Extension?
    var extendedKeyUsage: Extension?
    var authorityKeyIdentifier: Extension?
    var subjectKeyIdentifier: Extension?
    var certificatePolicies: Extension?
    var policyMappings: Extension?
    var policyConstraints: Extension?
    var inhibitAnyPolicy: Extension?
    var nameConstraints: Extension?
    var subjectAltName: Extension?
    var oids: [ArraySlice<UInt8>] = []
    var hasUnparseable = false
    var hasUnknownCritical = false

    /// The content octets of id-ce (2.5.29), the arc of every extension kept here.
    static let certificateExtensionArc: [UInt8] = [0x55, 0x1D]

    mutating func visit(_ item: Extension) {
        oids.append(item.oid.bytes)
        if item.isCritical {
            if !hasUnknownCritical && !Extension.knownOIDs.contains(item.oid) && !Extensions.isAppleExtension(item.oid) {
                hasUnknownCritical = true
            }
        } else if !hasUnparseable && (try? item.validateIfKnown()) == nil {
            hasUnparseable = true
        }
        let bytes = item.oid.bytes
        guard bytes.count == 3, bytes.starts(with: Self.certificateExtensionArc), let arc = bytes.last else { return }
        func keepFirst(_ slot: inout Extension?) { if slot == nil { slot = item } }
        switch arc {
        case 19: keepFirst(&basicConstraints)
        case 15: keepFirst(&keyUsage)
        case 37: keepFirst(&extendedKeyUsage)
        case 35: keepFirst(&authorityKeyIdentifier)
        case 14: keepFirst(&subjectKeyIdentifier)
        case 32: keepFirst(&certificatePolicies)
        case 33: keepFirst(&policyMappings)
        case 36: keepFirst(&policyConstraints)
        case 54: keepFirst(&inhibitAnyPolicy)
        case 30: keepFirst(&nameConstraints)
        case 17: keepFirst(&subjectAltName)
        default: break
        }
    }

    /// The extension decoded as `T`, `nil` when absent or malformed (the accessors' answer).
    func decoded<T: CertificateExtension>(_ item: Extension?) -> T? {
        guard let item else { return nil }
        return try? item.decode(as: T.self)
    }
}
