import VouchJSON
import VouchCrypto
import VouchDER
import VouchX509

/// How `vouch inspect` shows a certificate: the JSON of docs/CLI.md, or readable text.
enum CertificateRendering {
    static func json(_ certificate: Certificate) -> JSONValue {
        let spki = certificate.subjectPublicKeyInfo
        var members: [(String, JSONValue)] = [
            ("version", .int(Int64(certificate.version))),
            ("serial_number", .string(hex(certificate.serialNumber))),
            ("signature_algorithm", algorithm(certificate.signatureAlgorithm.algorithm)),
            ("issuer", .string(certificate.issuer.rfc4514)),
            ("subject", .string(certificate.subject.rfc4514)),
            ("issuer_attributes", attributes(certificate.issuer)),
            ("subject_attributes", attributes(certificate.subject)),
            ("not_before", .string(certificate.validity.notBefore.rfc3339)),
            ("not_after", .string(certificate.validity.notAfter.rfc3339)),
            ("public_key", publicKey(spki)),
            ("sha256", .string(hex(HashAlgorithm.sha256.digest(certificate.derEncoded)))),
            ("spki_sha256", .string(Base64.encode(HashAlgorithm.sha256.digest(spki.encoded)))),
        ]
        members += extensionMembers(certificate)
        return .object(members)
    }

    static func publicKey(_ spki: SubjectPublicKeyInfo) -> JSONValue {
        let type = spki.keyType
        let bits: JSONValue = type.bits.map { .int(Int64($0)) } ?? .null
        let curve: JSONValue = curveName(type).map(JSONValue.string) ?? .null
        return .object([
            ("algorithm", .string(algorithmName(type))), ("bits", bits), ("curve", curve),
            ("oid", .string(spki.algorithm.algorithm.dotted)),
        ])
    }

    static func extensionMembers(_ certificate: Certificate) -> [(String, JSONValue)] {
        let list: [JSONValue] = certificate.extensions.map { item in
            .object([("oid", .string(item.oid.dotted)), ("name", .string(item.oid.name)), ("critical", .bool(item.isCritical))])
        }
        var basicConstraints = JSONValue.null
        if let constraints = certificate.basicConstraints {
            let pathLength: JSONValue = constraints.pathLengthConstraint.map { .int(Int64($0)) } ?? .null
            basicConstraints = .object([("ca", .bool(constraints.isCertificateAuthority)), ("path_len", pathLength)])
        }
        var keyUsage = JSONValue.null
        if let usage = certificate.keyUsage { keyUsage = .array(usage.usages.map { .string($0.name) }) }
        var extendedKeyUsage = JSONValue.null
        if let usage = certificate.extendedKeyUsage { extendedKeyUsage = .array(usage.purposes.map { .string($0.dotted) }) }
        var alternativeNames = JSONValue.null
        if let names = certificate.subjectAlternativeNames {
            let dns: [JSONValue] = names.dnsNames.map { .string(String(decoding: $0, as: UTF8.self)) }
            let ip: [JSONValue] = names.ipAddresses.map { .string(IPAddressText.format($0) ?? hex($0)) }
            alternativeNames = .object([
                ("dns", .array(dns)), ("ip", .array(ip)),
                ("email", .array(names.emailAddresses.map(JSONValue.string))),
                ("uri", .array(names.uris.map(JSONValue.string))),
            ])
        }
        var subjectKeyID = JSONValue.null
        if let identifier = certificate.subjectKeyIdentifier { subjectKeyID = .string(hex(identifier.keyIdentifier)) }
        var authorityKeyID = JSONValue.null
        if let identifier = certificate.authorityKeyIdentifier?.keyIdentifier { authorityKeyID = .string(hex(identifier)) }
        return [
            ("extensions", .array(list)), ("basic_constraints", basicConstraints), ("key_usage", keyUsage),
            ("extended_key_usage", extendedKeyUsage), ("subject_alt_names", alternativeNames),
            ("subject_key_id", subjectKeyID), ("authority_key_id", authorityKeyID),
        ]
    }

    static func algorithm(_ oid: OID) -> JSONValue {
        .object([("oid", .string(oid.dotted)), ("name", .string(oid.name))])
    }

    static func attributes(_ name: DistinguishedName) -> JSONValue {
        .array(name.attributes.map { .array([.string($0.type.dotted), .string($0.text)]) })
    }

    /// The contract's algorithm names: rsa (PKCS #1 and PSS-restricted keys), ec, ed25519, ed448,
    /// dsa, unknown. (The trust engine treats PSS-restricted and explicit-curve keys as unsupported,
    /// as Apple does; `inspect` only describes.)
    static func algorithmName(_ type: PublicKeyType) -> String {
        switch type {
        case .rsa, .rsaPSS: return "rsa"
        case .ec, .ecExplicitParameters, .ecUnknownCurve: return "ec"
        case .ed25519: return "ed25519"
        case .ed448: return "ed448"
        case .dsa: return "dsa"
        case .unsupported: return "unknown"
        }
    }

    static func curveName(_ type: PublicKeyType) -> String? {
        if case .ec(let curve) = type { return curve.rawValue }
        return nil
    }

    static func hex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        ASN1Rendering.hex(bytes)
    }
}
