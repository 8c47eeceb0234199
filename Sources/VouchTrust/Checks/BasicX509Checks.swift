import VouchDER
import VouchX509

/// The checks of `SecPolicyCreateBasicX509`, which every policy includes (SECTRUST.md §4.3).
enum BasicX509Checks {
    static func run(_ context: PathContext, into failures: inout [TrustFailure]) {
        let path = context.certificates
        for index in path.indices {
            let certificate = path[index]
            func fail(_ check: TrustCheck) { failures.append(TrustFailure(index: index, check: check)) }
            if !isValid(certificate, at: context.verifyTime) { fail(.temporalValidity) }
            if KeyStrength.isWeak(certificate.subjectPublicKeyInfo) { fail(.weakKeySize) }
            if !context.isSelfSigned[index] && KeyStrength.usesMDHash(certificate) { fail(.weakSignature) }
            if index < context.topIndex, let authority = certificate.authorityKeyIdentifier?.keyIdentifier,
                let subject = path[index + 1].subjectKeyIdentifier?.keyIdentifier, !authority.elementsEqual(subject)
            {
                fail(.idLinkage)
            }
            if hasEmptySubjectProblem(certificate) { fail(.nonEmptySubject) }
            if !certificate.extensions.unparseable.isEmpty { fail(.unparseableExtension) }
            if certificate.extensions.hasDuplicates { fail(.duplicateExtension) }
        }
    }

    /// TemporalValidity: `notBefore ≤ verify date ≤ notAfter`, both ends inclusive (§6).
    static func isValid(_ certificate: Certificate, at time: Int64) -> Bool {
        certificate.validity.notBefore.secondsSince1970 <= time && time <= certificate.validity.notAfter.secondsSince1970
    }

    /// NonEmptySubject: an empty subject is allowed only on a non-CA with a critical SAN.
    static func hasEmptySubjectProblem(_ certificate: Certificate) -> Bool {
        guard certificate.subject.isEmpty else { return false }
        if certificate.basicConstraints?.isCertificateAuthority == true { return true }
        return certificate.extensions[.subjectAltName]?.isCritical != true
    }
}
