import Foundation
import Testing
import VouchDER
import VouchX509
@testable import VouchTrust

/// A CRL assembled from DER parts so that a row can change one of them. The signature is filler:
/// ``CRLRule`` never verifies it.
private struct CRLBuilder {
    struct Entry {
        var serial: [UInt8]
        var extensions: [[UInt8]]
    }

    var tbsSignature = CRLBuilder.algorithm(.ecdsaWithSHA256)
    /// `nil`: the same as ``tbsSignature``.
    var outerSignature: [UInt8]? = nil
    var hasNextUpdate = true
    var entries = [Entry(serial: [0x0B, 0xAD], extensions: [CRLBuilder.reasonCode(1)])]
    var extensions = [
        CRLBuilder.extensionEntry(.authorityKeyIdentifier, value: CRLBuilder.keyIdentifierAKI),
        CRLBuilder.extensionEntry(.cRLNumber, value: CRLBuilder.tlv(.integer, [7])),
    ]

    /// An authorityKeyIdentifier value holding a keyIdentifier only.
    static let keyIdentifierAKI = tlv(.sequence, tlv(DERTag(.contextSpecific, 0, constructed: false), [0x1A, 0x2B]))

    /// A non-critical reasonCode entry extension.
    static func reasonCode(_ reason: UInt8) -> [UInt8] { extensionEntry(.reasonCode, value: tlv(.enumerated, [reason])) }

    static func tlv(_ tag: DERTag, _ content: [UInt8]) -> [UInt8] {
        var writer = DERWriter()
        writer.writeElement(tag, content: content)
        return writer.bytes
    }

    static func oid(_ oid: OID) -> [UInt8] { tlv(.objectIdentifier, Array(oid.bytes)) }

    static func algorithm(_ oid: OID, parameters: [UInt8] = []) -> [UInt8] { tlv(.sequence, Self.oid(oid) + parameters) }

    static func extensionEntry(_ oid: OID, critical: Bool = false, value: [UInt8]) -> [UInt8] {
        tlv(.sequence, Self.oid(oid) + (critical ? tlv(.boolean, [0xFF]) : []) + tlv(.octetString, value))
    }

    static let name = tlv(.sequence, tlv(.set, tlv(.sequence, oid(.commonName) + tlv(.utf8String, Array("CRL test CA".utf8)))))

    var der: [UInt8] {
        var tbs = Self.tlv(.integer, [1]) + tbsSignature + Self.name + Self.tlv(.utcTime, Array("260501000000Z".utf8))
        if hasNextUpdate { tbs += Self.tlv(.utcTime, Array("260701000000Z".utf8)) }
        if !entries.isEmpty {
            tbs += Self.tlv(.sequence, entries.flatMap { entry in
                Self.tlv(.sequence, Self.tlv(.integer, entry.serial) + Self.tlv(.utcTime, Array("260301000000Z".utf8))
                         + (entry.extensions.isEmpty ? [] : Self.tlv(.sequence, entry.extensions.flatMap { $0 })))
            })
        }
        if !extensions.isEmpty {
            tbs += Self.tlv(DERTag(.contextSpecific, 0, constructed: true), Self.tlv(.sequence, extensions.flatMap { $0 }))
        }
        return Self.tlv(.sequence, Self.tlv(.sequence, tbs) + (outerSignature ?? tbsSignature) + Self.tlv(.bitString, [0x00, 0x5A]))
    }

    func parsed() throws -> CertificateRevocationList { try CertificateRevocationList(derEncoded: der) }
}

/// One change to the conforming CRL and the rules it breaks.
private struct CRLRuleCase: CustomTestStringConvertible, Sendable {
    let name: String
    let broken: [CRLRule]
    let change: @Sendable (inout CRLBuilder) -> Void
    var testDescription: String { name }
}

private let idp = CRLBuilder.tlv(.sequence, CRLBuilder.tlv(DERTag(.contextSpecific, 1, constructed: false), [0xFF]))
private let indirectIDP = CRLBuilder.tlv(.sequence, CRLBuilder.tlv(DERTag(.contextSpecific, 4, constructed: false), [0xFF]))
private let issuerNames = CRLBuilder.tlv(.sequence, CRLBuilder.tlv(DERTag(.contextSpecific, 4, constructed: true), CRLBuilder.name))
private let freshest = CRLBuilder.tlv(.sequence, CRLBuilder.tlv(.sequence, CRLBuilder.tlv(
    DERTag(.contextSpecific, 0, constructed: true), CRLBuilder.tlv(DERTag(.contextSpecific, 0, constructed: true),
        CRLBuilder.tlv(DERTag(.contextSpecific, 6, constructed: false), Array("http://crl.example/delta.crl".utf8))))))
private let aia = CRLBuilder.tlv(.sequence, CRLBuilder.tlv(.sequence, CRLBuilder.oid(.caIssuers)
    + CRLBuilder.tlv(DERTag(.contextSpecific, 6, constructed: false), Array("http://ca.example/ca.der".utf8))))
private let invalidity = CRLBuilder.tlv(.generalizedTime, Array("20260201000000Z".utf8))

/// The strict profile's CRL rules (``CRLRule``, docs/STRICT.md §5): which a CRL breaks, which
/// switch enforces each, and that a CRL breaking one decides no status under strict while Apple's
/// profile uses it.
@Suite("CRL rules of the strict profile")
struct CRLRuleTests {
    fileprivate static let cases: [CRLRuleCase] = [
        .init(name: "conforming", broken: []) { _ in },
        // Criticality, one table for CRL and entry extensions.
        .init(name: "critical authorityKeyIdentifier", broken: [.authorityKeyIdentifierNonCritical]) {
            $0.extensions[0] = CRLBuilder.extensionEntry(.authorityKeyIdentifier, critical: true, value: CRLBuilder.keyIdentifierAKI)
        },
        .init(name: "critical cRLNumber", broken: [.crlNumberNonCritical]) {
            $0.extensions[1] = CRLBuilder.extensionEntry(.cRLNumber, critical: true, value: CRLBuilder.tlv(.integer, [7]))
        },
        .init(name: "non-critical issuingDistributionPoint", broken: [.issuingDistributionPointCritical]) {
            $0.extensions.append(CRLBuilder.extensionEntry(.issuingDistributionPoint, value: idp))
        },
        .init(name: "critical issuingDistributionPoint", broken: []) {
            $0.extensions.append(CRLBuilder.extensionEntry(.issuingDistributionPoint, critical: true, value: idp))
        },
        .init(name: "critical freshestCRL", broken: [.freshestCRLNonCritical]) {
            $0.extensions.append(CRLBuilder.extensionEntry(.freshestCRL, critical: true, value: freshest))
        },
        .init(name: "non-critical freshestCRL", broken: []) {
            $0.extensions.append(CRLBuilder.extensionEntry(.freshestCRL, value: freshest))
        },
        .init(name: "critical authorityInfoAccess", broken: [.authorityInformationAccessNonCritical]) {
            $0.extensions.append(CRLBuilder.extensionEntry(.authorityInformationAccess, critical: true, value: aia))
        },
        .init(name: "critical reasonCode in the second entry", broken: [.reasonCodeNonCritical]) {
            $0.entries.append(.init(serial: [0x0C], extensions: [
                CRLBuilder.extensionEntry(.reasonCode, critical: true, value: CRLBuilder.tlv(.enumerated, [4]))]))
        },
        .init(name: "critical invalidityDate", broken: [.invalidityDateNonCritical]) {
            $0.entries[0].extensions.append(CRLBuilder.extensionEntry(.invalidityDate, critical: true, value: invalidity))
        },
        .init(name: "non-critical invalidityDate", broken: []) {
            $0.entries[0].extensions.append(CRLBuilder.extensionEntry(.invalidityDate, value: invalidity))
        },
        .init(name: "non-critical certificateIssuer in an indirect CRL", broken: [.certificateIssuerCritical]) {
            $0.extensions.append(CRLBuilder.extensionEntry(.issuingDistributionPoint, critical: true, value: indirectIDP))
            $0.entries[0].extensions.append(CRLBuilder.extensionEntry(.certificateIssuer, value: issuerNames))
        },
        .init(name: "critical certificateIssuer in an indirect CRL", broken: []) {
            $0.extensions.append(CRLBuilder.extensionEntry(.issuingDistributionPoint, critical: true, value: indirectIDP))
            $0.entries[0].extensions.append(CRLBuilder.extensionEntry(.certificateIssuer, critical: true, value: issuerNames))
        },
        // Conformance.
        .init(name: "tbsCertList.signature with NULL parameters, the outer one without", broken: [.signatureParametersMatch]) {
            $0.tbsSignature = CRLBuilder.algorithm(.ecdsaWithSHA256, parameters: [0x05, 0x00])
            $0.outerSignature = CRLBuilder.algorithm(.ecdsaWithSHA256)
        },
        .init(name: "no nextUpdate", broken: [.nextUpdatePresent]) { $0.hasNextUpdate = false },
        .init(name: "no authorityKeyIdentifier", broken: [.authorityKeyIdentifierPresent]) { $0.extensions.remove(at: 0) },
        .init(name: "authorityKeyIdentifier with issuer and serial number, no keyIdentifier", broken: [.authorityKeyIdentifierPresent]) {
            let issuer = CRLBuilder.tlv(DERTag(.contextSpecific, 1, constructed: true),
                                        CRLBuilder.tlv(DERTag(.contextSpecific, 4, constructed: true), CRLBuilder.name))
            let serial = CRLBuilder.tlv(DERTag(.contextSpecific, 2, constructed: false), [0x01])
            $0.extensions[0] = CRLBuilder.extensionEntry(.authorityKeyIdentifier, value: CRLBuilder.tlv(.sequence, issuer + serial))
        },
        .init(name: "no cRLNumber", broken: [.crlNumberPresent]) { $0.extensions.remove(at: 1) },
        .init(name: "a 20-octet cRLNumber with its sign octet", broken: []) {
            $0.extensions[1] = CRLBuilder.extensionEntry(
                .cRLNumber, value: CRLBuilder.tlv(.integer, [0x00] + Array(repeating: 0x91, count: 20)))
        },
        .init(name: "a 21-octet cRLNumber", broken: [.crlNumberLength]) {
            $0.extensions[1] = CRLBuilder.extensionEntry(.cRLNumber, value: CRLBuilder.tlv(.integer, Array(repeating: 0x11, count: 21)))
        },
        .init(name: "an entry with reason removeFromCRL", broken: [.removeFromCRLOnlyInDeltas]) {
            $0.entries.append(.init(serial: [0x0D], extensions: [CRLBuilder.reasonCode(8)]))
        },
        .init(name: "a delta CRL may carry removeFromCRL (it is never used anyway)", broken: []) {
            $0.extensions.append(CRLBuilder.extensionEntry(.deltaCRLIndicator, critical: true, value: CRLBuilder.tlv(.integer, [6])))
            $0.entries.append(.init(serial: [0x0D], extensions: [CRLBuilder.reasonCode(8)]))
        },
        .init(name: "several rules at once, in declaration order", broken: [.crlNumberNonCritical, .nextUpdatePresent]) {
            $0.extensions[1] = CRLBuilder.extensionEntry(.cRLNumber, critical: true, value: CRLBuilder.tlv(.integer, [7]))
            $0.hasNextUpdate = false
        },
    ]

    @Test("the rules a CRL breaks: strict enforces them, Apple none", arguments: cases)
    fileprivate func brokenRules(_ row: CRLRuleCase) throws {
        var builder = CRLBuilder()
        row.change(&builder)
        let crl = try builder.parsed()
        #expect(CRLRule.broken(by: crl, under: .strict) == row.broken)
        #expect(CRLRule.broken(by: crl, under: .apple).isEmpty)
        var criticalityOnly = ValidationProfile.apple
        criticalityOnly.checksExtensionCriticality = true
        #expect(CRLRule.broken(by: crl, under: criticalityOnly) == row.broken.filter(\.isCriticality))
        var conformanceOnly = ValidationProfile.apple
        conformanceOnly.requiresConformingCRLs = true
        #expect(CRLRule.broken(by: crl, under: conformanceOnly) == row.broken.filter { !$0.isCriticality })
    }

    @Test("every rule is a row id of docs/STRICT.md, and the criticality table names each criticality rule once")
    func ruleIdentifiers() throws {
        let table = try String(contentsOf: StrictRuleTableTests.root.appendingPathComponent("docs/STRICT.md"), encoding: .utf8)
        for rule in CRLRule.allCases {
            #expect(table.contains("| `\(rule.id)` |"), "\(rule.id) is not a row of docs/STRICT.md")
        }
        let criticality = CRLExtensionCriticality.table.map(\.rule)
        #expect(Set(criticality).count == criticality.count)
        #expect(criticality.count == 8)
    }

    static let strictVectors = StrictRuleTableTests.vectors

    /// The base chain of TestVectors/strict with `crl` (a path under TestVectors/strict), as
    /// StrictRuleTableTests evaluates a case.
    static func evaluate(crl path: String, profile: ValidationProfile) throws -> TrustEvaluation {
        func read(_ file: String) throws -> [UInt8] {
            try #require(FileManager.default.contents(atPath: strictVectors.appendingPathComponent(file).path).map { [UInt8]($0) })
        }
        var trust = try Trust(certificates: [try Certificate(derEncoded: read("base/leaf.der")),
                                             try Certificate(derEncoded: read("base/intermediate-1.der"))],
                              policies: [.ssl(server: true, hostname: "example.com")], systemStore: SystemTrustStore(certificates: []))
        trust.setAnchorCertificates([try Certificate(derEncoded: read("base/anchor.der"))])
        trust.setVerifyDate(try #require(DERTime(rfc3339: "2026-06-01T00:00:00Z")))
        trust.setValidationProfile(profile)
        trust.setCRLs([try CertificateRevocationList(derEncoded: read(path))])
        return trust.evaluate()
    }

    /// The signed CRL TestVectors/strict/make.py generates for each rule's row.
    static let generated: [(CRLRule, String)] = CRLRule.allCases.flatMap { rule -> [(CRLRule, String)] in
        rule == .authorityKeyIdentifierPresent
            ? [(rule, "cases/\(rule.id)/crl/absent/crl-1.der"), (rule, "cases/\(rule.id)/crl/issuer-and-serial/crl-1.der")]
            : [(rule, "cases/\(rule.id)/crl/crl-1.der")]
    }

    @Test("the base CRL keeps every rule and decides the leaf good under strict")
    func baseCRL() throws {
        let evaluation = try Self.evaluate(crl: "base/crl-1.der", profile: .strict)
        #expect(evaluation.isTrusted, "\(evaluation.failures)")
    }

    /// Each row's generated CRL breaks exactly its rule: strict does not use it, so the leaf fails
    /// RevocationResponseRequired; Apple's profile, and strict without the rule's switch, use it.
    @Test("each row's generated CRL: strict does not use it, Apple and strict without the switch do", arguments: generated)
    func generatedCRL(_ rule: CRLRule, _ path: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.strictVectors.appendingPathComponent(path).path))
        #expect(CRLRule.broken(by: try CertificateRevocationList(derEncoded: [UInt8](bytes)), under: .strict) == [rule])
        let strict = try Self.evaluate(crl: path, profile: .strict)
        #expect(!strict.isTrusted)
        #expect(strict.failures == [TrustFailure(index: 0, check: .revocationResponseRequired)])
        #expect(try Self.evaluate(crl: path, profile: .apple).isTrusted)
        var relaxed = ValidationProfile.strict
        if rule.isCriticality { relaxed.checksExtensionCriticality = false } else { relaxed.requiresConformingCRLs = false }
        let without = try Self.evaluate(crl: path, profile: relaxed)
        #expect(without.isTrusted, "\(without.failures)")
    }
}
