import Foundation
import Testing
import VouchDER
import VouchTestSupport
import VouchX509

@testable import VouchTrust

/// ``CertificateFacts`` reads once what the checks used to ask the ``Certificate`` on every path:
/// its answers must be the accessors' answers, for ordinary and for odd certificates.
@Suite("Certificate facts")
struct CertificateFactsTests {
    /// The project's SecTrust vectors, the system bundle and (when installed) the odd real-world
    /// certificates of cryptography-vectors: duplicate, unparseable and unknown critical extensions,
    /// empty subjects, v1 CAs, explicit curves, RSA-PSS keys.
    static func certificates() -> [(name: String, certificate: Certificate)] {
        var found: [(String, Certificate)] = []
        let vectors = TestData.projectRoot.appendingPathComponent("TestVectors").path
        let odd = TestData.cryptographyX509
        for (root, file) in TestData.files(under: vectors).map({ (vectors, $0) }) + TestData.files(under: odd).map({ (odd, $0) }) {
            guard let bytes = TestData.bytes(root + "/" + file) else { continue }
            let blocks = (try? PEM.certificates(in: bytes[...])).flatMap { $0.isEmpty ? nil : $0 } ?? [bytes]
            for der in blocks {
                if let certificate = try? Certificate(derEncoded: der) { found.append((file, certificate)) }
            }
        }
        for der in TestData.systemCertificates {
            if let certificate = try? Certificate(derEncoded: der) { found.append(("system bundle", certificate)) }
        }
        return found
    }

    @Test("every fact is what the certificate's accessors say")
    func agreesWithAccessors() throws {
        let certificates = Self.certificates()
        try #require(certificates.count > 100, "too few certificates found to compare")
        var seen = (duplicates: 0, unparseable: 0, unknownCritical: 0, emptySubject: 0, nameConstraints: 0, policies: 0)
        for (name, certificate) in certificates {
            let facts = CertificateFacts(certificate)
            let spki = certificate.subjectPublicKeyInfo
            #expect(facts.version == certificate.version, "\(name)")
            #expect(facts.isValid(at: 1_780_272_000) == BasicX509Checks.isValid(certificate, at: 1_780_272_000), "\(name)")
            let size = KeyStrength.appleSize(spki.keyType)
            #expect(facts.appleKeySize?.bytes == size?.bytes && facts.appleKeySize?.kind == size?.kind, "\(name)")
            #expect(facts.isSmallKey == KeyStrength.isSmallKey(spki.keyType), "\(name)")
            #expect(facts.usesMDHash == KeyStrength.usesMDHash(certificate), "\(name)")
            #expect(facts.usesSHA1 == KeyStrength.usesSHA1(certificate), "\(name)")
            #expect(facts.isSelfIssued == certificate.isSelfIssued, "\(name)")
            #expect(facts.basicConstraints == certificate.basicConstraints, "\(name)")
            #expect(facts.keyUsage == certificate.keyUsage, "\(name)")
            #expect(facts.extendedKeyUsage?.purposes == certificate.extendedKeyUsage?.purposes, "\(name)")
            #expect(facts.authorityKeyIdentifier == certificate.authorityKeyIdentifier?.keyIdentifier, "\(name)")
            #expect(facts.subjectKeyIdentifier == certificate.subjectKeyIdentifier?.keyIdentifier, "\(name)")
            #expect(facts.policyIdentifiers == certificate.certificatePolicies?.policies.map(\.identifier), "\(name)")
            #expect(facts.policyMappings?.mappings.count == certificate.policyMappings?.mappings.count, "\(name)")
            #expect(facts.policyConstraints?.requireExplicitPolicy == certificate.policyConstraints?.requireExplicitPolicy, "\(name)")
            #expect(facts.policyConstraints?.inhibitPolicyMapping == certificate.policyConstraints?.inhibitPolicyMapping, "\(name)")
            #expect((facts.policyConstraints == nil) == (certificate.policyConstraints == nil), "\(name)")
            #expect(facts.inhibitAnyPolicy?.skipCerts == certificate.inhibitAnyPolicy?.skipCerts, "\(name)")
            let constraints = certificate.extensions[.nameConstraints]
            let subtrees = constraints.flatMap { try? $0.decode(as: NameConstraints.self) }.map(PreparedNameConstraints.init)
            #expect((facts.nameConstraints != nil) == (subtrees.map { !$0.isEmpty } ?? false), "\(name)")
            #expect(facts.nameConstraints?.isCritical ?? false == (subtrees.map { !$0.isEmpty } == true && constraints?.isCritical == true), "\(name)")
            let emptySubjectProblem = certificate.subject.isEmpty
                && (certificate.basicConstraints?.isCertificateAuthority == true || certificate.extensions[.subjectAltName]?.isCritical != true)
            #expect(facts.hasEmptySubjectProblem == emptySubjectProblem, "\(name)")
            #expect(facts.hasUnparseableExtension == !certificate.extensions.unparseable.isEmpty, "\(name)")
            #expect(facts.hasDuplicateExtension == certificate.extensions.hasDuplicates, "\(name)")
            #expect(facts.hasUnknownCriticalExtension == !certificate.extensions.unknownCritical.isEmpty, "\(name)")
            if facts.hasDuplicateExtension { seen.duplicates += 1 }
            if facts.hasUnparseableExtension { seen.unparseable += 1 }
            if facts.hasUnknownCriticalExtension { seen.unknownCritical += 1 }
            if certificate.subject.isEmpty { seen.emptySubject += 1 }
            if facts.nameConstraints != nil { seen.nameConstraints += 1 }
            if facts.policyIdentifiers != nil { seen.policies += 1 }
        }
        // The comparison covered certificates where the facts matter, not only plain ones.
        #expect(seen.nameConstraints > 0 && seen.policies > 0, "\(seen)")
        if TestData.exists(TestData.cryptographyX509) {
            #expect(seen.duplicates > 0 && seen.unparseable > 0 && seen.unknownCritical > 0 && seen.emptySubject > 0, "\(seen)")
        }
    }
}
