import Foundation
import Testing
import VouchDER
import VouchTrust
import VouchX509

/// The explanation stream tells the path builder's steps in order (SECTRUST.md §2).
@Suite("Trust explanation")
struct TrustEventTests {
    static func certificate(_ file: String) throws -> Certificate { try Certificate(derEncoded: SecTrustManifest.bytes(file)) }

    @Test("a good chain: leaf checked, issuers found from the anchors first, the anchored path judged and chosen")
    func goodChain() throws {
        var trust = try Trust(certificates: [Self.certificate("certs/leaf.der"), Self.certificate("certs/intermediate.der")],
                              policies: [.ssl(server: true, hostname: "example.com")], systemStore: SystemTrustStore(certificates: []))
        trust.setAnchorCertificates([try Self.certificate("certs/root.der")])
        trust.setVerifyDate(DERTime(secondsSince1970: 1_780_272_000))
        let (evaluation, events) = trust.evaluateExplaining()
        #expect(evaluation.isTrusted)
        let kinds = events.map { String(describing: $0).split(separator: ":").first.map(String.init) ?? "" }
        #expect(kinds.count >= 4)
        guard case .leafChecked(let failures) = events.first else { Issue.record("first event: \(events)"); return }
        #expect(failures.isEmpty)
        #expect(events.contains { if case .candidateJudged(_, _, true) = $0 { return true } else { return false } })
        guard case .chosen(let path, _) = events.last else { Issue.record("last event: \(String(describing: events.last))"); return }
        #expect(path == evaluation.chain)
        #expect(trust.lastEvaluation != nil)
    }

    @Test("an expired candidate intermediate is parked and the valid one is chosen (§13 #42)")
    func parkedPath() throws {
        let row = try #require(SecTrustManifest.loaded?.cases.first { $0.id == "42a" })
        var trust = try Trust(certificates: row.certificates.map(Self.certificate),
                              policies: [.ssl(server: true, hostname: row.host)], systemStore: SystemTrustStore(certificates: []))
        trust.setAnchorCertificates(try (row.anchors ?? []).map(Self.certificate))
        trust.setVerifyDate(try #require(row.verifyDate.flatMap(DERTime.init(rfc3339:))))
        let (evaluation, events) = trust.evaluateExplaining()
        #expect(evaluation.isTrusted)  // §13 #42: the valid intermediate is chosen
        #expect(events.contains { if case .parked = $0 { return true } else { return false } })
    }
}
