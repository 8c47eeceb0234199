// Hands a trust what a TLS handshake carries besides the chain: OCSP responses (stapled or fetched)
// and Certificate Transparency SCTs with the log list to judge them by, and prints what each
// changes in the answer.

// snippet.hide
import Foundation
import VouchDER
import VouchPinning
import VouchTrust
import VouchX509

/// The bytes of a file under `TestVectors/` (run from the package root).
func vector(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: "TestVectors/" + path) else {
        print("TestVectors/\(path) is missing: run this from the package root")
        exit(1)
    }
    return [UInt8](data)
}

func certificate(_ path: String) -> Certificate {
    guard let certificate = try? Certificate(derEncoded: vector(path)) else {
        print("TestVectors/\(path) is not a certificate")
        exit(1)
    }
    return certificate
}

/// "good", "revoked on DATE (reason)" or "unknown".
func describe(_ status: OCSPCertStatus) -> String {
    switch status {
    case .good: return "good"
    case .unknown: return "unknown"
    case .revoked(let time, let reason): return "revoked on \(time.rfc3339)" + (reason.map { " (\($0))" } ?? "")
    }
}

// snippet.show
// OCSP: the leaf of TestVectors/ocsp, its CA as the anchor, a positive answer required.
let june2 = DERTime(secondsSince1970: 1_780_358_400)  // 2026-06-02T00:00:00Z
for file in ["good-by-key.der", "revoked-by-name.der", "revoked-other-serial.der", "good-delegated.der"] {
    guard var trust = try? Trust(certificates: [certificate("ocsp/leaf.der")], policies: [.basicX509]) else { continue }
    trust.setAnchorCertificates([certificate("ocsp/ca.der")])
    trust.setVerifyDate(june2)
    trust.setCurrentTime(june2)  // freshness is judged "now"; fixed here to stay reproducible
    trust.setRevocationResponseRequired(true)
    trust.setOCSPResponses([vector("ocsp/" + file)])
    let evaluation = trust.evaluate()
    let answers = trust.ocspAnswers().map { "certificate \($0.index) \(describe($0.status))" }
    print("\(file): \(evaluation.result), \(evaluation.status)")
    print("  answered: \(answers.isEmpty ? "nothing" : answers.joined(separator: ", "))")
}

// Certificate Transparency: a leaf without embedded SCTs, two SCTs from the TLS extension,
// judged by a v3 log list.
guard var trust = try? Trust(certificates: [certificate("ct/plain.der"), certificate("ct/ca.der")], policies: [.basicX509]),
    let logs = try? CertificateTransparencyLogListFile.read(vector("ct/log_list.json")),
    let list = try? SignedCertificateTimestampList(tlsEncoded: vector("ct/tls-a-c.sctlist"))
else { exit(1) }
trust.setAnchorCertificates([certificate("ct/root.der")])
trust.setVerifyDate(DERTime(secondsSince1970: 1_772_323_200))  // 2026-03-01T00:00:00Z
trust.setTrustedLogs(logs)
trust.setSignedCertificateTimestamps(list.entries.map { Array($0) })
let evaluation = trust.evaluate()
print("CT-qualified: \(evaluation.isCertificateTransparent)")
for outcome in evaluation.certificateTransparency?.timestamps ?? [] {
    print("  \(outcome.source.rawValue) SCT from \(outcome.log?.description ?? "an unknown log"): \(outcome.verdict)")
}
