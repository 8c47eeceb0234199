import Foundation
import Testing
import VouchDER
import VouchX509
@testable import VouchTrust

/// The strict profile's encoding rules (``ValidationProfile/checksCertificateEncoding``), one
/// row of docs/STRICT.md each: a certificate built with one field written differently breaks
/// exactly that rule, and the forms around it break none. The generated cases
/// (TestVectors/strict, StrictRuleTableTests) check the same rules through whole evaluations.
@Suite struct CertificateEncodingCheckTests {
    typealias Rule = CertificateEncodingCheck.Rule

    /// A certificate from DER parts, each replaceable; signatures are filler (the rules never
    /// verify one).
    struct Parts {
        var version: [UInt8] = Self.tlv(0xA0, Self.tlv(0x02, [2]))
        var serial: [UInt8] = Self.tlv(0x02, [0x1A, 0x2B])
        var signature: [UInt8] = Self.sequence(Self.oid(.ecdsaWithSHA256))
        var validity: [UInt8] = Self.sequence(Self.tlv(0x17, "260101000000Z"), Self.tlv(0x17, "270101000000Z"))
        var publicKeyAlgorithm: [UInt8] = Self.sequence(Self.oid(.ecPublicKey), Self.oid(.secp256r1))
        var uniqueIdentifiers: [UInt8] = []
        /// Extension entries; `nil` leaves the field out.
        var extensions: [[UInt8]]? = [Self.extensionEntry(.basicConstraints, critical: true, value: Self.sequence([0x01, 0x01, 0xFF]))]
        var signatureAlgorithm: [UInt8] = Self.sequence(Self.oid(.ecdsaWithSHA256))

        static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
            guard content.count >= 0x80 else { return [tag, UInt8(content.count)] + content }
            var octets: [UInt8] = []
            var rest = content.count
            while rest > 0 {
                octets.insert(UInt8(truncatingIfNeeded: rest), at: 0)
                rest >>= 8
            }
            return [tag, 0x80 | UInt8(octets.count)] + octets + content
        }
        static func tlv(_ tag: UInt8, _ text: String) -> [UInt8] { tlv(tag, Array(text.utf8)) }
        static func sequence(_ parts: [UInt8]...) -> [UInt8] { tlv(0x30, parts.flatMap { $0 }) }
        static func oid(_ oid: OID) -> [UInt8] { tlv(0x06, Array(oid.bytes)) }
        static func name(_ commonName: String) -> [UInt8] {
            sequence(tlv(0x31, sequence(oid(.commonName), tlv(0x0C, commonName))))
        }
        static func extensionEntry(_ oid: OID, critical: Bool? = nil, value: [UInt8]) -> [UInt8] {
            sequence(Self.oid(oid), critical.map { [0x01, 0x01, $0 ? 0xFF : 0x00] } ?? [], tlv(0x04, value))
        }

        var der: [UInt8] {
            let key = Self.sequence(publicKeyAlgorithm, Self.tlv(0x03, [0x00, 0x04] + [UInt8](repeating: 0x11, count: 64)))
            let list = extensions.map { Self.tlv(0xA3, Self.tlv(0x30, $0.flatMap { $0 })) } ?? []
            let tbs = Self.sequence(version, serial, signature, Self.name("Vouch Encoding CA"), validity, Self.name("leaf.example"),
                                    key, uniqueIdentifiers, list)
            return Self.sequence(tbs, signatureAlgorithm, Self.tlv(0x03, [0x00] + [UInt8](repeating: 0x5A, count: 8)))
        }

        func facts() throws -> CertificateFacts { CertificateFacts(try Certificate(derEncoded: der)) }
    }

    static func broken(_ change: (inout Parts) -> Void) throws -> [Rule] {
        var parts = Parts()
        change(&parts)
        return CertificateEncodingCheck.brokenRules(try parts.facts())
    }

    @Test func wellWrittenCertificateBreaksNothing() throws {
        #expect(try Self.broken { _ in } == [])
        #expect(CertificateEncodingCheck.conforms(try Parts().facts()))
    }

    // MARK: 5280-4.1-der

    /// The encodings of the DER row's table, by name.
    static func derVariant(_ name: String, _ parts: inout Parts) {
        func subtree(_ extra: [UInt8]) -> [UInt8] {
            Parts.sequence(Parts.tlv(0xA0, Parts.sequence(Parts.tlv(0x82, "example.com"), extra)))
        }
        switch name {
        case "critical FALSE":
            parts.extensions?.append(Parts.extensionEntry(.subjectKeyIdentifier, critical: false, value: Parts.tlv(0x04, [1, 2])))
        case "critical TRUE":
            parts.extensions = [Parts.extensionEntry(.basicConstraints, critical: true, value: Parts.sequence([0x01, 0x01, 0xFF]))]
        case "cA FALSE":
            parts.extensions = [Parts.extensionEntry(.basicConstraints, critical: true, value: Parts.sequence([0x01, 0x01, 0x00]))]
        case "minimum 0":
            parts.extensions?.append(Parts.extensionEntry(.nameConstraints, critical: true, value: subtree([0x80, 0x01, 0x00])))
        case "no minimum":
            parts.extensions?.append(Parts.extensionEntry(.nameConstraints, critical: true, value: subtree([])))
        default:
            // "serial XX YY": the serial number's content octets.
            parts.serial = Parts.tlv(0x02, name.split(separator: " ").dropFirst().compactMap { UInt8($0, radix: 16) })
        }
    }

    @Test("DER: no DEFAULT written out, no needless leading octet in the serial number", arguments: [
        ("critical FALSE", true), ("cA FALSE", true), ("minimum 0", true), ("serial 00 1A", true), ("serial FF 80", true),
        ("critical TRUE", false), ("no minimum", false), ("serial 00 80", false), ("serial FF 7F", false), ("serial 00", false),
        ("serial 1A 2B", false),
    ])
    func der(variant: String, breaks: Bool) throws {
        #expect(try Self.broken { Self.derVariant(variant, &$0) } == (breaks ? [.der] : []))
    }

    // MARK: 5280-4.1.2.1, 5280-4.1.2.8

    @Test func versionWithExtensions() throws {
        #expect(try Self.broken { $0.version = [] } == [.versionWithExtensions])
        #expect(try Self.broken { $0.version = Parts.tlv(0xA0, Parts.tlv(0x02, [1])) } == [.versionWithExtensions])
        #expect(try Self.broken {
            $0.version = []
            $0.extensions = nil
        } == [])
        #expect(try Self.broken { $0.extensions = nil } == [])
    }

    @Test func uniqueIdentifiers() throws {
        #expect(try Self.broken { $0.uniqueIdentifiers = Parts.tlv(0x81, [0x00, 0x01]) } == [.noUniqueIdentifiers])
        #expect(try Self.broken { $0.uniqueIdentifiers = Parts.tlv(0x82, [0x00, 0x01]) } == [.noUniqueIdentifiers])
        #expect(try Self.broken { $0.uniqueIdentifiers = Parts.tlv(0x81, [0x00, 0x01]) + Parts.tlv(0x82, [0x00, 0x02]) }
                == [.noUniqueIdentifiers])
    }

    // MARK: 5280-4.1.2.5, 5280-4.1.2.5.1, 5280-4.1.2.5.2

    @Test("validity: UTCTime from 1950 through 2049, in Zulu with seconds; GeneralizedTime in Zulu", arguments: [
        ("260101000000Z", "270101000000Z", []),
        ("2601010000Z", "270101000000Z", [Rule.utcTimeForm]),
        ("260101000000+0000", "270101000000Z", [.utcTimeForm]),
        ("260101000000Z", "270101000000-0100", [.utcTimeForm]),
        ("20260101000000Z", "270101000000Z", [.utcTimeThrough2049]),
        ("260101000000Z", "20491231235959Z", [.utcTimeThrough2049]),
        ("260101000000Z", "20500101000000Z", []),
        ("19491231235959Z", "270101000000Z", []),
        ("19500101000000Z", "270101000000Z", [.utcTimeThrough2049]),
        ("260101000000Z", "20550101000000+0000", [.generalizedTimeZulu]),
        ("20260101000000+0000", "270101000000Z", [.utcTimeThrough2049, .generalizedTimeZulu]),
    ] as [(String, String, [Rule])])
    func validity(notBefore: String, notAfter: String, rules: [Rule]) throws {
        func time(_ text: String) -> [UInt8] { Parts.tlv(text.count == 15 || text.count == 19 ? 0x18 : 0x17, text) }
        #expect(try Self.broken { $0.validity = Parts.sequence(time(notBefore), time(notAfter)) } == rules)
    }

    // MARK: cabf-7.1.3.1-spki-encoding

    @Test("subjectPublicKeyInfo: an RSA or EC key's AlgorithmIdentifier is one of BR 7.1.3.1's", arguments: [
        ("rsaEncryption, NULL", Parts.sequence(Parts.oid(.rsaEncryption), [0x05, 0x00]), false),
        ("rsaEncryption, no parameters", Parts.sequence(Parts.oid(.rsaEncryption)), true),
        ("P-256", Parts.sequence(Parts.oid(.ecPublicKey), Parts.oid(.secp256r1)), false),
        ("P-384", Parts.sequence(Parts.oid(.ecPublicKey), Parts.oid(.secp384r1)), false),
        ("P-521", Parts.sequence(Parts.oid(.ecPublicKey), Parts.oid(.secp521r1)), false),
        ("P-224", Parts.sequence(Parts.oid(.ecPublicKey), Parts.oid(.secp224r1)), true),
        ("id-ecPublicKey, no parameters", Parts.sequence(Parts.oid(.ecPublicKey)), true),
        ("id-ecPublicKey, NULL", Parts.sequence(Parts.oid(.ecPublicKey), [0x05, 0x00]), true),
        ("Ed25519 (BR 6.1.5's matter)", Parts.sequence(Parts.oid(.ed25519)), false),
    ] as [(String, [UInt8], Bool)])
    func publicKeyAlgorithm(label: String, algorithm: [UInt8], breaks: Bool) throws {
        #expect(try Self.broken { $0.publicKeyAlgorithm = algorithm } == (breaks ? [.spkiEncoding] : []), "\(label)")
    }

    // MARK: 5280-4.2.1.3-ku-one-bit, 5280-4.2.1.4-policy-once, 5280-4.2.1.11-not-empty

    @Test("keyUsage asserts some bit", arguments: [
        ("03 02 07 00", true), ("03 03 07 00 00", true), ("03 02 07 80", false), ("03 03 07 00 80", false), ("03 02 00 01", false),
    ])
    func keyUsage(value: String, breaks: Bool) throws {
        let bytes = value.split(separator: " ").compactMap { UInt8($0, radix: 16) }
        #expect(try Self.broken { $0.extensions?.append(Parts.extensionEntry(.keyUsage, critical: true, value: bytes)) }
                == (breaks ? [.keyUsageOneBit] : []))
    }

    @Test("certificatePolicies names each policy once", arguments: [
        (["2.23.140.1.2.1"], false), (["2.23.140.1.2.1", "2.23.140.1.2.2"], false),
        (["2.23.140.1.2.1", "2.23.140.1.2.1"], true), (["2.23.140.1.2.1", "2.5.29.32.0", "2.23.140.1.2.1"], true),
        ((1...20).map { "1.3.6.1.4.1.99999.\($0)" }, false),
        ((1...20).map { "1.3.6.1.4.1.99999.\($0)" } + ["1.3.6.1.4.1.99999.7"], true),
    ])
    func policies(identifiers: [String], breaks: Bool) throws {
        let value = Parts.tlv(0x30, identifiers.flatMap { Parts.sequence(Parts.oid(OID(dotted: $0) ?? .anyPolicy)) })
        #expect(try Self.broken { $0.extensions?.append(Parts.extensionEntry(.certificatePolicies, value: value)) }
                == (breaks ? [.policyOnce] : []))
    }

    @Test func policyConstraints() throws {
        func with(_ value: [UInt8]) throws -> [Rule] {
            try Self.broken { $0.extensions?.append(Parts.extensionEntry(.policyConstraints, critical: true, value: value)) }
        }
        #expect(try with([0x30, 0x00]) == [.policyConstraintsNotEmpty])
        #expect(try with([0x30, 0x03, 0x80, 0x01, 0x00]) == [])
        #expect(try with([0x30, 0x03, 0x81, 0x01, 0x02]) == [])
    }

    // MARK: 5280-4.1.1.2-signature-parameters-match

    @Test func signatureAlgorithmIdentifiers() throws {
        func identical(_ change: (inout Parts) -> Void) throws -> Bool {
            var parts = Parts()
            change(&parts)
            return CertificateEncodingCheck.signatureAlgorithmsIdentical(try Certificate(derEncoded: parts.der))
        }
        #expect(try identical { _ in })
        #expect(try !identical { $0.signature = Parts.sequence(Parts.oid(.ecdsaWithSHA256), [0x05, 0x00]) })
        #expect(try !identical { $0.signatureAlgorithm = Parts.sequence(Parts.oid(.ecdsaWithSHA256), [0x05, 0x00]) })
        #expect(try !identical { $0.signatureAlgorithm = Parts.sequence(Parts.oid(.ecdsaWithSHA384)) })
    }

    /// The profiles a path-level case is run under: Apple's, strict, the switch alone, and strict
    /// without it.
    static let profiles: [(name: String, profile: ValidationProfile, enforces: Bool)] = {
        var only = ValidationProfile.apple
        only.checksCertificateEncoding = true
        var allButThis = ValidationProfile.strict
        allButThis.checksCertificateEncoding = false
        return [("apple", .apple, false), ("strict", .strict, true), ("the switch alone", only, true),
                ("strict without it", allButThis, false)]
    }()

    /// A case of TestVectors/strict (its files, base/ where it changes none) evaluated as
    /// StrictRuleTableTests does.
    static func evaluate(leaf: String, intermediate: String, anchor: String, profile: ValidationProfile) throws -> TrustEvaluation {
        func certificate(_ file: String) throws -> Certificate {
            let path = StrictRuleTableTests.vectors.appendingPathComponent(file).path
            let bytes = try #require(FileManager.default.contents(atPath: path), "\(file) missing")
            return try Certificate(derEncoded: [UInt8](bytes))
        }
        var trust = try Trust(certificates: [try certificate(leaf), try certificate(intermediate)],
                              policies: [.ssl(server: true, hostname: "example.com")], systemStore: SystemTrustStore(certificates: []))
        trust.setAnchorCertificates([try certificate(anchor)])
        trust.setVerifyDate(try #require(DERTime(rfc3339: "2026-06-01T00:00:00Z")))
        trust.setValidationProfile(profile)
        return trust.evaluate()
    }

    /// The generated cases of the signature row: tbsCertificate.signature with NULL parameters,
    /// the outer one without, properly signed. Apple's profile compares the OIDs and trusts the
    /// chain; with the switch on, no issuer is found for the certificate.
    @Test(arguments: [("leaf", 0), ("intermediate", 1)])
    func signatureParametersInAPath(position: String, index: Int) throws {
        let directory = "cases/5280-4.1.1.2-signature-parameters-match/\(position)/"
        let leaf = position == "leaf" ? directory + "leaf.der" : "base/leaf.der"
        let intermediate = position == "intermediate" ? directory + "intermediate-1.der" : "base/intermediate-1.der"
        for (name, profile, enforces) in Self.profiles {
            let evaluation = try Self.evaluate(leaf: leaf, intermediate: intermediate, anchor: "base/anchor.der", profile: profile)
            if enforces {
                #expect(!evaluation.isTrusted && evaluation.failures.contains(TrustFailure(index: index, check: .missingIntermediate)),
                        "\(name): \(evaluation.failures)")
            } else {
                #expect(evaluation.isTrusted, "\(name): \(evaluation.failures)")
            }
        }
    }

    /// A generated case of each CertificateProfile row, in the position it names: refused with
    /// CertificateProfile there exactly when the switch is on; the base chain passes under all four.
    @Test(arguments: [
        ("5280-4.1-der/leaf/integer", 0), ("5280-4.1-der/intermediate/critical-false", 1),
        ("5280-4.1-der/anchor/critical-false", 2), ("5280-4.1-der/leaf/ca-false", 0),
        ("5280-4.1.2.1-version-with-extensions/anchor/v1", 2), ("5280-4.1.2.8-no-unique-identifiers/leaf/issuer-unique-id", 0),
        ("5280-4.1.2.5-utctime-through-2049/intermediate", 1), ("5280-4.1.2.5.1-utctime-form/leaf/offset", 0),
        ("5280-4.1.2.5.2-generalizedtime-zulu/anchor", 2), ("cabf-7.1.3.1-spki-encoding/intermediate", 1),
        ("5280-4.2.1.4-policy-once/anchor", 2), ("5280-4.2.1.11-not-empty/intermediate", 1),
    ])
    func generatedCase(directory: String, index: Int) throws {
        // (5280-4.2.1.3-ku-one-bit/leaf is left out: its P-256 server leaf without a keyUsage bit
        // also fails checksCertificateProfiles' BR 7.1.2.7.11 rule, so "strict without the
        // switch" refuses it too; `keyUsage(value:breaks:)` above tests the rule itself.)
        func file(_ label: String) -> String {
            let changed = "cases/\(directory)/\(label).der"
            let exists = FileManager.default.fileExists(atPath: StrictRuleTableTests.vectors.appendingPathComponent(changed).path)
            return exists ? changed : "base/\(label).der"
        }
        for (name, profile, enforces) in Self.profiles {
            let base = try Self.evaluate(leaf: "base/leaf.der", intermediate: "base/intermediate-1.der", anchor: "base/anchor.der", profile: profile)
            #expect(base.isTrusted, "base chain, \(name): \(base.failures)")
            let evaluation = try Self.evaluate(leaf: file("leaf"), intermediate: file("intermediate-1"), anchor: file("anchor"), profile: profile)
            #expect(evaluation.failures.contains(TrustFailure(index: index, check: .certificateProfile)) == enforces,
                    "\(directory), \(name): \(evaluation.failures)")
            if !enforces { #expect(evaluation.isTrusted, "\(directory), \(name): \(evaluation.failures)") }
        }
    }
}
