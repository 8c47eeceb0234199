import VouchDER
import VouchX509

/// The checks of `SecPolicyCreateBasicX509`, which every policy includes (SECTRUST.md §4.3).
enum BasicX509Checks {
    static func run(_ context: PathContext, into failures: inout [TrustFailure]) {
        let path = context.facts
        // TemporalValidity is BasicX509Options'; a policy of BasicCert alone leaves it out.
        let checksTemporalValidity = context.policies.contains { $0.options.checksTemporalValidity }
        for index in path.indices {
            let certificate = path[index]
            func fail(_ check: TrustCheck) { failures.append(TrustFailure(index: index, check: check)) }
            if checksTemporalValidity && !certificate.passesTemporalValidity(at: context.verifyTime) { fail(.temporalValidity) }
            if certificate.hasWeakKey { fail(.weakKeySize) }
            if !context.isSelfSigned[index] && certificate.usesMDHash { fail(.weakSignature) }
            if index < context.topIndex, let authority = certificate.authorityKeyIdentifier,
                let subject = path[index + 1].subjectKeyIdentifier, !authority.elementsEqual(subject)
            {
                fail(.idLinkage)
            }
            if certificate.hasEmptySubjectProblem { fail(.nonEmptySubject) }
            if certificate.hasUnparseableExtension { fail(.unparseableExtension) }
            if certificate.hasDuplicateExtension { fail(.duplicateExtension) }
        }
    }

    /// TemporalValidity: `notBefore ≤ verify date ≤ notAfter`, both ends inclusive (§6).
    static func isValid(_ certificate: Certificate, at time: Int64) -> Bool {
        certificate.validity.notBefore.secondsSince1970 <= time && time <= certificate.validity.notAfter.secondsSince1970
    }

}
