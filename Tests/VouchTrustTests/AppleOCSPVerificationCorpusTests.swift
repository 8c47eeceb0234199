import Foundation
import Testing
import VouchDER
import VouchX509

@testable import VouchTrust

/// Real OCSP responses verified against their real certificates: Apple's CT-sourced corpus
/// (apple-oss-distributions/Security, tests/TrustTests/TestData/OCSPResponseTests-data/CTSourcedCorpus),
/// a certificate, its issuer and the response its CA's responder gave, for about 1,200
/// certificates of public CAs. Each response is judged as it was when produced (verify date and
/// current time both producedAt): it must be found for its certificate, signed by the issuer or
/// a responder the issuer certified, and fresh, so the certificate has a positive answer or is
/// revoked. The data is Apple's and not shipped: set `VOUCH_APPLE_SECURITY` to a checkout or
/// extract of that repository; the test skips otherwise.
@Suite struct AppleOCSPVerificationCorpusTests {
    static let root: URL? = ProcessInfo.processInfo.environment["VOUCH_APPLE_SECURITY"].map {
        URL(fileURLWithPath: $0).appendingPathComponent("tests/TrustTests/TestData/OCSPResponseTests-data/CTSourcedCorpus")
    }

    static func certificate(_ url: URL) -> Certificate? {
        guard let data = FileManager.default.contents(atPath: url.path),
            let der = try? PEM.certificates(in: ArraySlice([UInt8](data))).first
        else { return nil }
        return try? Certificate(derEncoded: der)
    }

    @Test("each real response answers for its certificate, verified, fresh when produced")
    func corpus() throws {
        guard let root = Self.root else {
            print("AppleOCSPVerificationCorpusTests: VOUCH_APPLE_SECURITY is not set; skipped")
            return
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        #expect(folders.count > 500)
        var outcomes: [String: [String]] = [:]
        for folder in folders {
            let directory = root.appendingPathComponent(folder)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            guard let leafFile = files.first(where: { $0.hasSuffix(".crt.pem") && $0 != "issuer.crt.pem" }),
                let leaf = Self.certificate(directory.appendingPathComponent(leafFile)),
                let issuer = Self.certificate(directory.appendingPathComponent("issuer.crt.pem")),
                let data = FileManager.default.contents(atPath: directory.appendingPathComponent("ocspResponse.der").path)
            else {
                outcomes["unreadable", default: []].append(folder)
                continue
            }
            // Certificates with id-pkix-ocsp-nocheck (responders' own, logged too) are never
            // checked: Apple skips them (`SecPathBuilderCheckRevocation`).
            if leaf.extensions[.ocspNoCheck] != nil {
                outcomes["ocsp-nocheck", default: []].append(folder)
                continue
            }
            let response = try? OCSPResponse(derEncoded: [UInt8](data))
            guard let produced = response?.basic?.producedAt else {
                outcomes["not a basic response (\(response.map { "\($0.status)" } ?? "unparsed"))", default: []].append(folder)
                continue
            }
            var trust = try Trust(certificates: [leaf], policies: [.basicX509])
            trust.setAnchorCertificates([issuer])
            trust.setVerifyDate(produced)
            trust.setCurrentTime(produced)
            trust.setRevocationResponseRequired(true)
            trust.setOCSPResponses([[UInt8](data)])
            let failures = trust.evaluate().failures.map { "\($0.check.rawValue)@\($0.index)" }
            outcomes[failures.isEmpty ? "good" : failures.joined(separator: ","), default: []].append(folder)
        }
        for (outcome, list) in outcomes.sorted(by: { $0.value.count > $1.value.count }) {
            print("AppleOCSPVerificationCorpusTests: \(list.count) × \(outcome) \(list.prefix(3))")
        }
        // Precertificates (CriticalExtensions@0: the poison extension) are answered for too.
        let answered = outcomes.filter { !$0.key.contains("RevocationResponseRequired@0") && ($0.key == "good" || $0.key.contains("Revocation@0") || $0.key == "CriticalExtensions@0") }
            .values.map(\.count).reduce(0, +)
        let unanswered = outcomes.filter { $0.key.contains("RevocationResponseRequired@0") }.values.joined()
        print("AppleOCSPVerificationCorpusTests: \(answered) answered; unanswered: \(Array(unanswered))")
        // 792 at Security-61901.0.87.0.1; the rest are refused by the OCSPSigner rules (responders without
        // keyUsage digitalSignature, expired, certified by another CA), stale, or "unknown".
        #expect(answered > 750)
    }
}
