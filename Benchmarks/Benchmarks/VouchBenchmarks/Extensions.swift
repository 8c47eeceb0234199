import Benchmark
import VouchX509
import X509

/// One extension accessor: its name, and how each library decodes it from a parsed certificate
/// (`nil` where swift-certificates has no typed accessor).
private struct Accessor {
    let name: String
    let vouch: @Sendable (VouchX509.Certificate) -> Bool
    let swiftCertificates: (@Sendable (X509.Certificate) -> Bool)?
}

/// Each accessor returns whether the extension was present and decoded, so that the benchmark can
/// check it works on its certificate and the optimiser keeps the decoding.
private let accessors: [Accessor] = [
    Accessor(name: "basicConstraints", vouch: { $0.basicConstraints != nil },
             swiftCertificates: { ((try? $0.extensions.basicConstraints) ?? nil) != nil }),
    Accessor(name: "keyUsage", vouch: { $0.keyUsage != nil },
             swiftCertificates: { ((try? $0.extensions.keyUsage) ?? nil) != nil }),
    Accessor(name: "extendedKeyUsage", vouch: { $0.extendedKeyUsage != nil },
             swiftCertificates: { ((try? $0.extensions.extendedKeyUsage) ?? nil) != nil }),
    Accessor(name: "subjectAlternativeNames", vouch: { $0.subjectAlternativeNames != nil },
             swiftCertificates: { ((try? $0.extensions.subjectAlternativeNames) ?? nil) != nil }),
    Accessor(name: "subjectKeyIdentifier", vouch: { $0.subjectKeyIdentifier != nil },
             swiftCertificates: { ((try? $0.extensions.subjectKeyIdentifier) ?? nil) != nil }),
    Accessor(name: "authorityKeyIdentifier", vouch: { $0.authorityKeyIdentifier != nil },
             swiftCertificates: { ((try? $0.extensions.authorityKeyIdentifier) ?? nil) != nil }),
    Accessor(name: "nameConstraints", vouch: { $0.nameConstraints != nil },
             swiftCertificates: { ((try? $0.extensions.nameConstraints) ?? nil) != nil }),
    Accessor(name: "authorityInformationAccess", vouch: { $0.authorityInformationAccess != nil },
             swiftCertificates: { ((try? $0.extensions.authorityInformationAccess) ?? nil) != nil }),
    Accessor(name: "issuerAlternativeNames", vouch: { $0.issuerAlternativeNames != nil }, swiftCertificates: nil),
    Accessor(name: "certificatePolicies", vouch: { $0.certificatePolicies != nil }, swiftCertificates: nil),
    Accessor(name: "policyMappings", vouch: { $0.policyMappings != nil }, swiftCertificates: nil),
    Accessor(name: "policyConstraints", vouch: { $0.policyConstraints != nil }, swiftCertificates: nil),
    Accessor(name: "inhibitAnyPolicy", vouch: { $0.inhibitAnyPolicy != nil }, swiftCertificates: nil),
    Accessor(name: "crlDistributionPoints", vouch: { $0.crlDistributionPoints != nil }, swiftCertificates: nil),
    Accessor(name: "subjectInformationAccess", vouch: { $0.subjectInformationAccess != nil }, swiftCertificates: nil),
]

/// Every extension accessor, each on the first fixture certificate that carries its extension
/// (the cryptography.io leaf, then the Department of State root, then ian_uri.pem); and every
/// accessor over every certificate of the system bundle.
func extensionBenchmarks() {
    let fixtures: [(String, [UInt8])] = [
        ("cryptography.io", Fixtures.realLeaf), ("department-of-state-root", Fixtures.stateDepartmentRoot),
        ("ian_uri", Fixtures.issuerAltNameCertificate),
    ]
    let parsed = fixtures.map { name, der -> (String, VouchX509.Certificate, X509.Certificate) in
        guard let vouch = try? VouchX509.Certificate(derEncoded: der), let apple = try? X509.Certificate(derEncoded: der) else {
            fatalError("fixture \(name) does not parse")
        }
        return (name, vouch, apple)
    }
    for accessor in accessors {
        guard let (certificateName, vouch, apple) = parsed.first(where: { accessor.vouch($0.1) }) else {
            fatalError("no fixture carries \(accessor.name)")
        }
        let name = "extension \(accessor.name) of \(certificateName)"
        let decode = accessor.vouch
        Benchmark("\(name) [Vouch]", configuration: fastConfiguration()) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(decode(vouch)) }
        }
        guard let appleDecode = accessor.swiftCertificates else { continue }
        guard appleDecode(apple) else { fatalError("swift-certificates does not decode \(accessor.name) of \(certificateName)") }
        Benchmark("\(name) [swift-certificates]", configuration: fastConfiguration()) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(appleDecode(apple)) }
        }
    }

    // Every accessor on every certificate of the bundle: what a tool that inspects a whole
    // store does. The 8 accessors both libraries have, side by side; then Vouch's 15.
    let bundle = Fixtures.systemBundle.compactMap { der -> (VouchX509.Certificate, X509.Certificate)? in
        guard let vouch = try? VouchX509.Certificate(derEncoded: der), let apple = try? X509.Certificate(derEncoded: der) else { return nil }
        return (vouch, apple)
    }
    guard !bundle.isEmpty else { return }
    let common = accessors.filter { $0.swiftCertificates != nil }
    let vouchCertificates = bundle.map(\.0)
    let appleCertificates = bundle.map(\.1)
    let name = "extensions, the \(common.count) common accessors on \(bundle.count) bundle certificates"
    Benchmark("\(name) [Vouch]") { benchmark in
        for certificate in vouchCertificates { for accessor in common { blackHole(accessor.vouch(certificate)) } }
    }
    Benchmark("\(name) [swift-certificates]") { benchmark in
        for certificate in appleCertificates { for accessor in common { blackHole(accessor.swiftCertificates?(certificate)) } }
    }
    Benchmark("extensions, all \(accessors.count) accessors on \(bundle.count) bundle certificates [Vouch]") { benchmark in
        for certificate in vouchCertificates { for accessor in accessors { blackHole(accessor.vouch(certificate)) } }
    }
}
