import VouchDER
import VouchX509

@testable import VouchTrust

/// Certificates for the limit tests (issue 38 item 2): Ed25519-shaped, with zero signatures, each
/// link made to verify by recording it as valid in a ``SignatureVerificationCache``. Only the
/// arithmetic is skipped that way: the search builds, counts and judges every path as it would
/// with real signatures (the cache's contract). Valid 2025-01-01 to 2030-01-01.
enum LimitPKI {
    /// The verify date of every limit test: 2026-03-01T00:00:00Z.
    static let verifyDate = DERTime(secondsSince1970: 1_772_323_200)

    /// The type of the padding extension (a private arc; unknown, so ignored when not critical).
    static let paddingExtension = OID(dotted: "1.3.6.1.4.1.55555.1") ?? .commonName

    /// A certificate named `subject`, issued by `issuer`, a CA (basicConstraints cA, critical) when
    /// `isCA`, with `serial` (also its key's first octets, so that no two keys are equal) and
    /// `extensions` (type, critical, extnValue) after basicConstraints, `padding` octets of an unknown
    /// extension after them, and `validity` (UTCTime notBefore, notAfter).
    static func certificate(
        _ subject: String, issuedBy issuer: String, serial: Int, isCA: Bool = true,
        extensions: [(OID, Bool, [UInt8])] = [], padding: Int = 0, validity: (String, String) = ("250101000000Z", "300101000000Z")
    ) throws -> Certificate {
        var all = extensions
        if isCA { all.insert((.basicConstraints, true, [0x30, 0x03, 0x01, 0x01, 0xFF]), at: 0) }
        // An unknown non-critical extension of `padding` octets, to reach an exact size.
        if padding > 0 { all.append((paddingExtension, false, [UInt8](repeating: 0x5A, count: padding))) }
        let serialOctets = PolicyTestCertificate.integer(serial)
        var certificate = DERWriter()
        certificate.writeElement(.sequence) { outer in
            outer.writeElement(.sequence) { tbs in
                tbs.writeElement(.contextSpecific(0, constructed: true)) { $0.writeElement(.integer, content: [2]) }
                tbs.writeElement(.integer, content: serialOctets)
                tbs.writeEd25519Algorithm()
                tbs.writeName(commonName: issuer)
                tbs.writeElement(.sequence) { dates in
                    dates.writeElement(.utcTime, content: Array(validity.0.utf8))
                    dates.writeElement(.utcTime, content: Array(validity.1.utf8))
                }
                tbs.writeName(commonName: subject)
                tbs.writeElement(.sequence) { key in
                    key.writeEd25519Algorithm()
                    let keyOctets = (serialOctets + [UInt8](repeating: 0, count: 32)).prefix(32)
                    key.writeElement(.bitString, content: [0] + keyOctets)
                }
                if !all.isEmpty {
                    tbs.writeElement(.contextSpecific(3, constructed: true)) { explicit in
                        explicit.writeElement(.sequence) { list in
                            for (identifier, critical, value) in all {
                                list.writeElement(.sequence) { item in
                                    item.writeElement(.objectIdentifier, content: identifier.bytes)
                                    if critical { item.writeElement(.boolean, content: [0xFF]) }
                                    item.writeElement(.octetString, content: value)
                                }
                            }
                        }
                    }
                }
            }
            outer.writeEd25519Algorithm()
            outer.writeElement(.bitString, content: [0] + [UInt8](repeating: 0, count: 64))
        }
        return try Certificate(derEncoded: certificate.bytes)
    }

    /// A cache in which every certificate of `certificates` verifies under every certificate
    /// named as its issuer (itself included, for a self-issued one).
    static func cache(linking certificates: [Certificate]) -> SignatureVerificationCache {
        let cache = SignatureVerificationCache(capacity: 1 << 16)
        for child in certificates {
            for issuer in certificates where issuer.subject.encoded.elementsEqual(child.issuer.encoded) {
                cache.record(.valid, for: child, issuerKey: issuer.subjectPublicKeyInfo)
            }
        }
        return cache
    }

    /// A trust for `certificates` (leaf first) under the BasicX509 policy, anchored at `anchors`
    /// only (no system roots), with every issuer link verifying.
    static func trust(_ certificates: [Certificate], anchors: [Certificate]) throws -> Trust {
        var trust = try Trust(certificates: certificates, policies: [.basicX509], systemStore: SystemTrustStore(certificates: []))
        trust.setAnchorCertificates(anchors)
        trust.setVerifyDate(verifyDate)
        trust.setSignatureVerificationCache(cache(linking: certificates + anchors))
        return trust
    }

    /// A dNSName subtree (GeneralSubtree with base [2] `name`).
    static func dnsSubtree(_ name: String) -> [UInt8] {
        var writer = DERWriter()
        writer.writeElement(.sequence) { $0.writeElement(.contextSpecific(2, constructed: false), content: Array(name.utf8)) }
        return writer.bytes
    }

    /// A nameConstraints extnValue with `excluded` (and no permitted) subtrees.
    static func nameConstraints(excluded: [[UInt8]]) -> [UInt8] {
        var writer = DERWriter()
        writer.writeElement(.sequence) { value in
            value.writeElement(.contextSpecific(1, constructed: true)) { list in
                for subtree in excluded { list.writeEncoded(subtree) }
            }
        }
        return writer.bytes
    }
}
