import VouchDER
import VouchX509

/// The policy-related parts of one certificate of a test path.
struct PolicyParts: Sendable {
    /// certificatePolicies identifiers (dotted; "any" for anyPolicy); `nil` leaves the extension out.
    var policies: [String]? = nil
    /// policyMappings as (issuerDomainPolicy, subjectDomainPolicy); empty leaves the extension out.
    var mappings: [(String, String)] = []
    /// policyConstraints requireExplicitPolicy.
    var requireExplicitPolicy: Int? = nil
    /// policyConstraints inhibitPolicyMapping.
    var inhibitPolicyMapping: Int? = nil
    /// inhibitAnyPolicy skipCerts.
    var inhibitAnyPolicy: Int? = nil
    /// Whether the certificate is self-issued (its issuer is its own subject).
    var isSelfIssued = false
}

/// Shorthands for test policy identifiers: `P(1)` is 2.16.840.1.101.3.2.1.48.1 (NIST
/// test-policy-1), "any" is anyPolicy.
func P(_ number: Int) -> String { "2.16.840.1.101.3.2.1.48.\(number)" }

/// Builds paths of unsigned certificates from ``PolicyParts`` with `DERWriter`. Only names and
/// policy extensions matter to ``PolicyConstraintsCheck``, so keys and signatures are zeros.
enum PolicyTestCertificate {
    enum BuildError: Error { case badOID(String) }

    /// A path, leaf first, from parts given top first: certificate k is named "CA k" (the leaf
    /// "Leaf") and issued by the certificate above it, or by "Root" for the top.
    static func path(topFirst parts: [PolicyParts]) throws -> [Certificate] {
        var issuer = "Root"
        var path: [Certificate] = []
        for (position, part) in parts.enumerated() {
            let isLeaf = position == parts.count - 1
            let subject = part.isSelfIssued ? issuer : (isLeaf ? "Leaf" : "CA \(position)")
            path.append(try make(subject: subject, issuer: issuer, part))
            issuer = subject
        }
        return path.reversed()
    }

    static func oid(_ text: String) throws -> OID {
        if text == "any" { return .anyPolicy }
        guard let oid = OID(dotted: text) else { throw BuildError.badOID(text) }
        return oid
    }

    static func make(subject: String, issuer: String, _ parts: PolicyParts) throws -> Certificate {
        var extensions: [(OID, [UInt8])] = []
        if let policies = parts.policies {
            var value = DERWriter()
            let identifiers = try policies.map(oid)
            value.writeElement(.sequence) { list in
                for identifier in identifiers {
                    list.writeElement(.sequence) { $0.writeElement(.objectIdentifier, content: identifier.bytes) }
                }
            }
            extensions.append((.certificatePolicies, value.bytes))
        }
        if !parts.mappings.isEmpty {
            var value = DERWriter()
            let pairs = try parts.mappings.map { (try oid($0.0), try oid($0.1)) }
            value.writeElement(.sequence) { list in
                for (issuerPolicy, subjectPolicy) in pairs {
                    list.writeElement(.sequence) { pair in
                        pair.writeElement(.objectIdentifier, content: issuerPolicy.bytes)
                        pair.writeElement(.objectIdentifier, content: subjectPolicy.bytes)
                    }
                }
            }
            extensions.append((.policyMappings, value.bytes))
        }
        if parts.requireExplicitPolicy != nil || parts.inhibitPolicyMapping != nil {
            var value = DERWriter()
            value.writeElement(.sequence) { constraints in
                if let require = parts.requireExplicitPolicy {
                    constraints.writeElement(.contextSpecific(0, constructed: false), content: integer(require))
                }
                if let inhibit = parts.inhibitPolicyMapping {
                    constraints.writeElement(.contextSpecific(1, constructed: false), content: integer(inhibit))
                }
            }
            extensions.append((.policyConstraints, value.bytes))
        }
        if let skipCerts = parts.inhibitAnyPolicy {
            var value = DERWriter()
            value.writeElement(.integer, content: integer(skipCerts))
            extensions.append((.inhibitAnyPolicy, value.bytes))
        }
        var certificate = DERWriter()
        certificate.writeElement(.sequence) { outer in
            outer.writeElement(.sequence) { tbs in
                tbs.writeElement(.contextSpecific(0, constructed: true)) { $0.writeElement(.integer, content: [2]) }
                tbs.writeElement(.integer, content: [0x01])
                tbs.writeEd25519Algorithm()
                tbs.writeName(commonName: issuer)
                tbs.writeElement(.sequence) { validity in
                    validity.writeElement(.utcTime, content: Array("250101000000Z".utf8))
                    validity.writeElement(.utcTime, content: Array("260101000000Z".utf8))
                }
                tbs.writeName(commonName: subject)
                tbs.writeElement(.sequence) { key in
                    key.writeEd25519Algorithm()
                    key.writeElement(.bitString, content: [0] + [UInt8](repeating: 0, count: 32))
                }
                tbs.writeExtensions(extensions)
            }
            outer.writeEd25519Algorithm()
            outer.writeElement(.bitString, content: [0] + [UInt8](repeating: 0, count: 64))
        }
        return try Certificate(derEncoded: certificate.bytes)
    }

    /// The minimal two's-complement content octets of a non-negative `value`.
    static func integer(_ value: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = value
        repeat {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        } while rest > 0
        if let first = bytes.first, first & 0x80 != 0 { bytes.insert(0, at: 0) }
        return bytes
    }
}
