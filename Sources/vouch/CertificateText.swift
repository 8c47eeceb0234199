import VouchCrypto
import VouchDER
import VouchX509

extension CertificateRendering {
    /// Prints `certificate` in the spirit of `openssl x509 -text`, decoded extensions included.
    static func printText(_ certificate: Certificate) {
        let key = certificate.subjectPublicKeyInfo
        print("  Version: \(certificate.version)")
        print("  Serial Number: \(colonHex(certificate.serialNumber))")
        print("  Signature Algorithm: \(describe(certificate.signatureAlgorithm.algorithm))")
        print("  Issuer: \(certificate.issuer.rfc4514)")
        print("  Validity")
        print("    Not Before: \(certificate.validity.notBefore.rfc3339)")
        print("    Not After:  \(certificate.validity.notAfter.rfc3339)")
        print("  Subject: \(certificate.subject.rfc4514)")
        let keyType = key.keyType
        let size = keyType.bits.map { " (\($0) bits)" } ?? ""
        print("  Public Key: \(algorithmName(keyType))\(curveName(keyType).map { " " + $0 } ?? "")\(size), \(describe(key.algorithm.algorithm))")
        print("  SHA-256 Fingerprint: \(colonHex(HashAlgorithm.sha256.digest(certificate.derEncoded)))")
        print("  SPKI Pin: sha256/\(Base64.encode(HashAlgorithm.sha256.digest(key.encoded)))")
        guard certificate.extensions.count > 0 else { return }
        print("  Extensions:")
        for item in certificate.extensions {
            let criticality = item.isCritical ? " (critical)" : ""
            print("    \(item.oid.name ?? item.oid.dotted)\(criticality): \(describe(item))")
        }
    }

    static func describe(_ oid: OID) -> String {
        oid.name.map { "\($0) (\(oid.dotted))" } ?? oid.dotted
    }

    /// One line saying what an extension holds; `unparseable` for a known one that does not decode.
    static func describe(_ item: Extension) -> String {
        do {
            switch item.oid {
            case .basicConstraints:
                let value = try item.decode(as: BasicConstraints.self)
                return "CA:\(value.isCertificateAuthority ? "TRUE" : "FALSE")" + (value.pathLengthConstraint.map { ", pathlen:\($0)" } ?? "")
            case .keyUsage:
                return try item.decode(as: KeyUsage.self).usages.map(\.name).joined(separator: ", ")
            case .extendedKeyUsage:
                return try item.decode(as: ExtendedKeyUsage.self).purposes.map { $0.name ?? $0.dotted }.joined(separator: ", ")
            case .subjectAltName:
                let names = try item.decode(as: SubjectAlternativeNames.self)
                return (names.names.map(describe) + names.undecodedNames.map { "undecoded:" + colonHex($0.encoded) })
                    .joined(separator: ", ")
            case .issuerAltName:
                return try item.decode(as: IssuerAlternativeNames.self).names.map(describe).joined(separator: ", ")
            case .subjectKeyIdentifier:
                return colonHex(try item.decode(as: SubjectKeyIdentifier.self).keyIdentifier)
            case .authorityKeyIdentifier:
                return try item.decode(as: AuthorityKeyIdentifier.self).keyIdentifier.map(colonHex) ?? "(no key identifier)"
            case .certificatePolicies:
                return try item.decode(as: CertificatePolicies.self).policies.map { describe($0.identifier) }.joined(separator: ", ")
            case .cRLDistributionPoints:
                let points = try item.decode(as: CRLDistributionPoints.self).points
                return points.flatMap { $0.fullName ?? [] }.map(describe).joined(separator: ", ")
            case .authorityInformationAccess:
                return try item.decode(as: AuthorityInformationAccess.self).descriptions
                    .map { "\($0.method.name ?? $0.method.dotted) \(describe($0.location))" }.joined(separator: ", ")
            case .nameConstraints:
                let value = try item.decode(as: NameConstraints.self)
                let permitted = (value.permittedSubtrees ?? []).map { "permitted " + describe($0) }
                let excluded = (value.excludedSubtrees ?? []).map { "excluded " + describe($0) }
                return (permitted + excluded).joined(separator: ", ")
            case .signedCertificateTimestampList:
                let count = try SignedCertificateTimestampList(extensionValue: item.value).entries.count
                return "\(count) SCT\(count == 1 ? "" : "s")"
            default:
                let known = try item.validateIfKnown()
                return "\(item.value.count) bytes" + (known ? "" : " (not decoded)")
            }
        } catch {
            return "unparseable: \(error)"
        }
    }

    static func describe(_ name: GeneralName) -> String {
        switch name {
        case .otherName(let typeID, _): return "othername:\(typeID.dotted)"
        case .rfc822Name(let value): return "email:" + String(decoding: value, as: UTF8.self)
        case .dnsName(let value): return "DNS:" + String(decoding: value, as: UTF8.self)
        case .x400Address: return "X400Name"
        case .directoryName(let value): return "DirName:" + value.rfc4514
        case .ediPartyName: return "EdiPartyName"
        case .uniformResourceIdentifier(let value): return "URI:" + String(decoding: value, as: UTF8.self)
        case .ipAddress(let value): return "IP:" + (IPAddressText.format(value) ?? colonHex(value))
        case .registeredID(let value): return "RID:" + value.dotted
        }
    }

    /// A subtree's base, or its encoding when it does not decode as its form (Apple keeps it so).
    static func describe(_ subtree: NameConstraints.Subtree) -> String {
        subtree.base.map(describe) ?? "undecoded:" + colonHex(subtree.encodedBase)
    }

    static func colonHex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { hex([$0]) }.joined(separator: ":")
    }
}
