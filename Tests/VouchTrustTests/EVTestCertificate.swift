import VouchDER
import VouchX509

/// The parts of one certificate that Apple's EV rules read. Keys and signatures are not real
/// (nothing here verifies a signature): an RSA key is a modulus of the given size, an EC key the
/// curve with a zero point.
struct EVParts: Sendable {
    enum Key: Sendable {
        case rsa(bits: Int)
        case ec(NamedCurve)
        case ed25519
    }

    var subject = "EV Leaf"
    var issuer = "EV CA"
    /// 1 or 3 (a version 1 certificate carries no extensions).
    var version = 3
    /// UTCTime text, YYMMDDhhmmssZ.
    var notBefore = "250101000000Z"
    var notAfter = "270101000000Z"
    /// certificatePolicies identifiers ("any" for anyPolicy); `nil` leaves the extension out.
    var policies: [String]? = nil
    /// basicConstraints cA; `nil` leaves the extension out.
    var isCA: Bool? = nil
    /// keyUsage bits; `nil` leaves the extension out.
    var keyUsage: [KeyUsage.Usage]? = nil
    var key: Key = .ec(.p256)
    /// The signature algorithm (TBSCertificate and outer).
    var signature: OID = .ecdsaWithSHA256
    /// A cRLDistributionPoints extension with one URI.
    var crlURI = false
    /// An authorityInfoAccess extension with one OCSP URI.
    var ocspURI = false
    /// Further extensions, each an OID and its DER value (e.g. Apple's marker extensions).
    var otherExtensions: [(OID, [UInt8])] = []
}

enum EVTestCertificate {
    enum BuildError: Error { case badOID(String) }

    /// A certificatePolicies value naming `identifiers`, without qualifiers.
    static func certificatePolicies(_ identifiers: [OID]) -> [UInt8] {
        var value = DERWriter()
        value.writeElement(.sequence) { list in
            for identifier in identifiers {
                list.writeElement(.sequence) { $0.writeElement(.objectIdentifier, content: identifier.bytes) }
            }
        }
        return value.bytes
    }

    static func make(_ parts: EVParts) throws -> Certificate {
        var extensions: [(OID, [UInt8])] = []
        if let policies = parts.policies {
            let identifiers = try policies.map { text in
                if text == "any" { return OID.anyPolicy }
                guard let oid = OID(dotted: text) else { throw BuildError.badOID(text) }
                return oid
            }
            extensions.append((.certificatePolicies, certificatePolicies(identifiers)))
        }
        if let isCA = parts.isCA {
            var value = DERWriter()
            value.writeElement(.sequence) { constraints in
                if isCA { constraints.writeElement(.boolean, content: [0xFF]) }
            }
            extensions.append((.basicConstraints, value.bytes))
        }
        if let usages = parts.keyUsage {
            var value = DERWriter()
            value.writeElement(.bitString, content: bitString(usages.map(\.rawValue)))
            extensions.append((.keyUsage, value.bytes))
        }
        if parts.crlURI {
            var value = DERWriter()
            value.writeElement(.sequence) { points in
                points.writeElement(.sequence) { point in
                    point.writeElement(.contextSpecific(0, constructed: true)) { name in
                        name.writeElement(.contextSpecific(0, constructed: true)) { full in
                            full.writeElement(.contextSpecific(6, constructed: false), content: Array("http://crl.ev.test/ca.crl".utf8))
                        }
                    }
                }
            }
            extensions.append((.cRLDistributionPoints, value.bytes))
        }
        if parts.ocspURI {
            var value = DERWriter()
            value.writeElement(.sequence) { list in
                list.writeElement(.sequence) { access in
                    access.writeElement(.objectIdentifier, content: OID.ocsp.bytes)
                    access.writeElement(.contextSpecific(6, constructed: false), content: Array("http://ocsp.ev.test".utf8))
                }
            }
            extensions.append((.authorityInformationAccess, value.bytes))
        }
        extensions += parts.otherExtensions
        var certificate = DERWriter()
        certificate.writeElement(.sequence) { outer in
            outer.writeElement(.sequence) { tbs in
                if parts.version == 3 {
                    tbs.writeElement(.contextSpecific(0, constructed: true)) { $0.writeElement(.integer, content: [2]) }
                }
                tbs.writeElement(.integer, content: [0x01])
                writeAlgorithm(parts.signature, &tbs)
                tbs.writeName(commonName: parts.issuer)
                tbs.writeElement(.sequence) { validity in
                    validity.writeElement(.utcTime, content: Array(parts.notBefore.utf8))
                    validity.writeElement(.utcTime, content: Array(parts.notAfter.utf8))
                }
                tbs.writeName(commonName: parts.subject)
                writeKey(parts.key, &tbs)
                tbs.writeExtensions(extensions)
            }
            writeAlgorithm(parts.signature, &outer)
            outer.writeElement(.bitString, content: [0] + [UInt8](repeating: 0, count: 64))
        }
        return try Certificate(derEncoded: certificate.bytes)
    }

    /// DER BIT STRING content (unused-bits octet first) with the named bits set, minimal.
    static func bitString(_ bits: [Int]) -> [UInt8] {
        guard let highest = bits.max() else { return [0] }
        var octets = [UInt8](repeating: 0, count: highest / 8 + 1)
        for bit in bits { octets[bit / 8] |= 0x80 >> UInt8(bit % 8) }
        return [UInt8(7 - highest % 8)] + octets
    }

    private static func writeAlgorithm(_ oid: OID, _ writer: inout DERWriter) {
        writer.writeElement(.sequence) { algorithm in
            algorithm.writeElement(.objectIdentifier, content: oid.bytes)
            if oid == .sha1WithRSAEncryption || oid == .sha256WithRSAEncryption { algorithm.writeElement(.null, content: []) }
        }
    }

    private static func writeKey(_ key: EVParts.Key, _ writer: inout DERWriter) {
        writer.writeElement(.sequence) { info in
            switch key {
            case .rsa(let bits):
                info.writeElement(.sequence) { algorithm in
                    algorithm.writeElement(.objectIdentifier, content: OID.rsaEncryption.bytes)
                    algorithm.writeElement(.null, content: [])
                }
                var publicKey = DERWriter()
                publicKey.writeElement(.sequence) { rsa in
                    // A positive modulus of exactly `bits` bits: 0x00, then 0x80 ... 0x01.
                    rsa.writeElement(.integer, content: [0x00, 0x80] + [UInt8](repeating: 0, count: bits / 8 - 2) + [0x01])
                    rsa.writeElement(.integer, content: [0x01, 0x00, 0x01])
                }
                info.writeElement(.bitString, content: [0] + publicKey.bytes)
            case .ec(let curve):
                info.writeElement(.sequence) { algorithm in
                    algorithm.writeElement(.objectIdentifier, content: OID.ecPublicKey.bytes)
                    algorithm.writeElement(.objectIdentifier, content: curve.oid.bytes)
                }
                info.writeElement(.bitString, content: [0, 4] + [UInt8](repeating: 0, count: 2 * curve.fieldBytes))
            case .ed25519:
                info.writeElement(.sequence) { $0.writeElement(.objectIdentifier, content: OID.ed25519.bytes) }
                info.writeElement(.bitString, content: [0] + [UInt8](repeating: 0, count: 32))
            }
        }
    }
}
