import Foundation
import Testing
import VouchCrypto
import VouchDER
import VouchTrust
import VouchX509

extension SecTrustManifest.Case: CustomTestStringConvertible {
    var testDescription: String { "#\(id) \(description)" }
}

/// All 54 cases of SECTRUST.md §13, from the manifest of TestVectors/sectrust, one driver per kind.
@Suite("SECTRUST.md §13")
struct SecTrustEdgeCaseTests {
    static let cases = SecTrustManifest.loaded?.cases ?? []

    @Test("the manifest holds every §13 row")
    func manifest() {
        #expect(Self.cases.count >= 54, "TestVectors/sectrust/manifest.json missing or short")
        let rows = Set(Self.cases.compactMap { $0.section.split(separator: "#").dropFirst().first?.prefix { $0.isNumber } })
        #expect(rows.count == 54)
    }

    static func certificate(_ file: String) throws -> Certificate { try Certificate(derEncoded: SecTrustManifest.bytes(file)) }

    static func policy(_ name: String?, host: String?) -> TrustPolicy {
        switch name {
        case "basic": return .basicX509
        case "ssl-client": return .ssl(server: false, hostname: host)
        default: return .ssl(server: true, hostname: host)
        }
    }

    /// The trust a case describes: its certificates, policy, system roots, anchors and date.
    static func trust(_ row: SecTrustManifest.Case, applyingAnchors: Bool = true) throws -> Trust {
        let system = SystemTrustStore(certificates: try (row.systemRoots ?? []).map(certificate))
        var trust = try Trust(certificates: row.certificates.map(certificate), policies: [policy(row.policy, host: row.host)],
                              systemStore: system)
        if applyingAnchors, let anchors = row.anchors {
            trust.setAnchorCertificates(try anchors.map(certificate))
            if row.anchorsOnly == false { trust.setAnchorCertificatesOnly(false) }
        }
        if let date = row.verifyDate.flatMap(DERTime.init(rfc3339:)) { trust.setVerifyDate(date) }
        return trust
    }

    static func check(_ evaluation: TrustEvaluation, _ expected: SecTrustManifest.Expected, _ id: String) throws {
        if let result = expected.result { #expect(evaluation.result.rawValue == result, "#\(id) result") }
        if let status = expected.status { #expect(evaluation.status.code == status, "#\(id) status \(evaluation.failures)") }
        if let chain = expected.chain { #expect(evaluation.chain == (try chain.map(certificate)), "#\(id) chain") }
        if let failures = expected.failures {
            let actual = Set(evaluation.failures.map { SecTrustManifest.Failure(index: $0.index, check: $0.check.rawValue) })
            if expected.failuresComplete == true {
                #expect(actual == Set(failures), "#\(id) failures \(evaluation.failures)")
            } else {
                #expect(Set(failures).isSubset(of: actual), "#\(id) failures \(evaluation.failures)")
            }
        }
    }

    @Test("evaluation cases", arguments: cases.filter { $0.kind == "evaluation" })
    func evaluation(_ row: SecTrustManifest.Case) throws {
        var trust = try Self.trust(row)
        let expected = try #require(row.expected)
        try Self.check(trust.evaluate(), expected, row.id)
    }

    @Test("parse cases (SecCertificateCreateWithData)", arguments: cases.filter { $0.kind == "parse" })
    func parse(_ row: SecTrustManifest.Case) throws {
        let expected = try #require(row.expected)
        let bytes = SecTrustManifest.bytes(try #require(row.certificates.first))
        let certificate = try? Certificate(derEncoded: bytes)
        #expect((certificate != nil) == expected.parses, "#\(row.id)")
        guard let certificate else { return }
        if let copy = expected.copyData { #expect(Array(certificate.derEncoded) == SecTrustManifest.bytes(copy)) }
        if let version = expected.version { #expect(certificate.version == version) }
        if let notBefore = expected.notBefore { #expect(certificate.validity.notBefore.rfc3339 == notBefore) }
        if let notAfter = expected.notAfter { #expect(certificate.validity.notAfter.rfc3339 == notAfter) }
    }

    @Test("API cases (setters, CopyKey, GetCertificateAtIndex, errSecParam, key equality)",
          arguments: cases.filter { $0.kind == "api" })
    func api(_ row: SecTrustManifest.Case) throws {
        let steps = try #require(row.api?.steps)
        var trust: Trust? = row.api?.setup == "none" ? nil : try Self.trust(row, applyingAnchors: row.api?.setup == "full")
        for step in steps {
            switch step.call {
            case "setAnchorCertificatesOnly": trust?.setAnchorCertificatesOnly(step.value ?? true)
            case "setAnchorCertificates": trust?.setAnchorCertificates(try (step.anchors ?? []).map(Self.certificate))
            case "evaluate", "evaluateWithError":
                let evaluation = trust?.evaluate()
                let unwrapped = try #require(evaluation)
                if case .evaluation(let expected, _) = step.expect { try Self.check(unwrapped, expected, row.id) }
            case "copyKey":
                let before = trust?.lastEvaluation != nil
                let key = trust?.leafPublicKey
                if case .key(let file, let external) = step.expect {
                    #expect(key == PublicKey(try Self.certificate(file).subjectPublicKeyInfo))
                    #expect(key.map { ASN1Hex.string($0.externalRepresentation) } == external)
                } else {
                    #expect(key == nil)
                }
                if step.evaluates == false { #expect((trust?.lastEvaluation != nil) == before, "CopyKey must not evaluate") }
            case "getCertificateAtIndex":
                let evaluatedBefore = trust?.lastEvaluation != nil
                let certificate = trust?.certificate(at: step.index ?? 0)
                if case .file(let file) = step.expect { #expect(certificate == (try Self.certificate(file))) } else { #expect(certificate == nil) }
                if step.evaluates == false { #expect((trust?.lastEvaluation != nil) == evaluatedBefore) }
            case "getCertificateCount":
                if case .count(let count) = step.expect { #expect(trust?.certificateCount() == count) }
            case "createWithCertificates":
                let policies = (step.policies ?? []).map { Self.policy($0, host: row.host) }
                #expect(throws: TrustError.self) {
                    try Trust(certificates: (step.certificates ?? []).map(Self.certificate), policies: policies)
                }
                #expect(step.expectStatus == TrustStatus.param.code)
            case "setPolicies":
                #expect(throws: TrustError.noPolicies) { try trust?.setPolicies([]) }
            case "keysEqual":
                let a = PublicKey(try Self.certificate(try #require(step.a?.certificateCopyKey)).subjectPublicKeyInfo)
                let b = PublicKey(try Self.certificate(try #require(step.b?.certificateCopyKey)).subjectPublicKeyInfo)
                if case .bool(let equal) = step.expect { #expect((a == b) == equal) }
            case "copyExternalRepresentation":
                let key = PublicKey(try Self.certificate(try #require(step.key?.certificateCopyKey)).subjectPublicKeyInfo)
                #expect(key.map { ASN1Hex.string($0.externalRepresentation) } == step.expectHex)
            default:
                Issue.record("#\(row.id): unknown API step \(step.call)")
            }
        }
    }
}

enum ASN1Hex {
    static func string(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
