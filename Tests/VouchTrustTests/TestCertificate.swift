import VouchDER
import VouchTrust
import VouchX509

/// One subjectAltName entry of a test certificate.
enum SANEntry: Sendable {
    /// A dNSName with the UTF-8 of `text`.
    case dns(String)
    /// A dNSName with arbitrary octets (not UTF-8, …).
    case dnsOctets([UInt8])
    /// An iPAddress with these octets (4, 16, or a wrong length).
    case ip([UInt8])
    /// An rfc822Name.
    case email(String)
}

/// Builds leaf certificates from parts with `DERWriter`: Ed25519 key and signature octets that are
/// all zero (nothing here verifies a signature), a subject common name, and an optional
/// subjectAltName extension.
enum TestCertificate {
    /// A certificate with `san` as its subjectAltName (none when `nil`).
    static func make(san: [SANEntry]?, commonName: String = "Vouch hostname test") throws -> Certificate {
        try make(sanExtensionValue: san.map(encodedGeneralNames), commonName: commonName)
    }

    /// A certificate whose subjectAltName `extnValue` holds exactly `sanExtensionValue`.
    static func make(sanExtensionValue: [UInt8]?, commonName: String = "Vouch hostname test") throws -> Certificate {
        var certificate = DERWriter()
        certificate.writeElement(.sequence) { outer in
            outer.writeElement(.sequence) { tbs in
                tbs.writeElement(.contextSpecific(0, constructed: true)) { $0.writeElement(.integer, content: [2]) }
                tbs.writeElement(.integer, content: [0x01])
                tbs.writeEd25519Algorithm()
                tbs.writeName(commonName: "Vouch hostname test CA")
                tbs.writeElement(.sequence) { validity in
                    validity.writeElement(.utcTime, content: Array("250101000000Z".utf8))
                    validity.writeElement(.utcTime, content: Array("260101000000Z".utf8))
                }
                tbs.writeName(commonName: commonName)
                tbs.writeElement(.sequence) { key in
                    key.writeEd25519Algorithm()
                    key.writeElement(.bitString, content: [0] + [UInt8](repeating: 0, count: 32))
                }
                tbs.writeExtensions(sanExtensionValue.map { [(OID.subjectAltName, $0)] } ?? [])
            }
            outer.writeEd25519Algorithm()
            outer.writeElement(.bitString, content: [0] + [UInt8](repeating: 0, count: 64))
        }
        return try Certificate(derEncoded: certificate.bytes)
    }

    /// `GeneralNames` DER for `entries`.
    static func encodedGeneralNames(_ entries: [SANEntry]) -> [UInt8] {
        var writer = DERWriter()
        writer.writeElement(.sequence) { names in
            for entry in entries {
                switch entry {
                case .dns(let text): names.writeElement(.contextSpecific(2, constructed: false), content: Array(text.utf8))
                case .dnsOctets(let octets): names.writeElement(.contextSpecific(2, constructed: false), content: octets)
                case .ip(let octets): names.writeElement(.contextSpecific(7, constructed: false), content: octets)
                case .email(let text): names.writeElement(.contextSpecific(1, constructed: false), content: Array(text.utf8))
                }
            }
        }
        return writer.bytes
    }

}

/// A small list in the Public Suffix List format, with rules in both sections, a wildcard, an
/// exception, a Unicode rule and a trailing comment, for tests that must not depend on the system.
enum InlineSuffixes {
    static let text = """
        // A test list in the format of https://publicsuffix.org/list/public_suffix_list.dat
        // ===BEGIN ICANN DOMAINS===

        // com : generic
        com
        net
        uk
        co.uk   trailing text after white space is ignored
        *.ck
        !www.ck
        cn
        公司.cn
        jp
        *.kawasaki.jp
        !city.kawasaki.jp\r
        // ===END ICANN DOMAINS===
        // ===BEGIN PRIVATE DOMAINS===
        github.io
        // ===END PRIVATE DOMAINS===
        """

    static let list: PublicSuffixList? = PublicSuffixList(parsing: text)
}
