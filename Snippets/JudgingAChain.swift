// Judges the example chain the way SecTrust does, four times: as it is, for the wrong host, after
// the leaf has expired, and both at once, printing Apple's result type, the OSStatus
// SecTrustEvaluateWithError would report, and every failed check by chain index.

// snippet.hide
import Foundation
import VouchDER
import VouchTrust
import VouchX509

/// The certificates of a file of `TestVectors/example/` (DER or PEM; run from the package root).
func exampleCertificates(_ name: String) -> [Certificate] {
    guard let data = FileManager.default.contents(atPath: "TestVectors/example/" + name),
        let documents = try? DERDocument.documents(in: [UInt8](data)[...]),
        let certificates = try? documents.map({ (document) throws(X509Error) in
            try Certificate(derEncoded: document.der)
        })
    else {
        print("TestVectors/example/\(name) is missing or malformed: run this from the package root")
        exit(1)
    }
    return certificates
}

// snippet.show
let chain = exampleCertificates("chain.pem")
let root = exampleCertificates("root.pem")

func judge(host: String, at time: String) {
    guard let date = DERTime(rfc3339: time),
        var trust = try? Trust(certificates: chain, policies: [.ssl(server: true, hostname: host)])
    else { return }
    trust.setAnchorCertificates(root)
    trust.setVerifyDate(date)
    let evaluation = trust.evaluate()
    print("\(host) at \(time): \(evaluation.result), \(evaluation.status)")
    for failure in evaluation.failures {
        let check = failure.check
        print("  \(failure): \(check.resultClass), subtype \(check.subtype), \(check.status)")
    }
    if let deciding = evaluation.decidingFailure { print("  deciding: \(deciding)") }
}

judge(host: "example.com", at: "2026-06-01T00:00:00Z")  // trusted
judge(host: "other.example", at: "2026-06-01T00:00:00Z")  // SSLHostname@0
judge(host: "example.com", at: "2027-03-01T00:00:00Z")  // TemporalValidity@0: the leaf ended 2027-02-02
judge(host: "other.example", at: "2027-03-01T00:00:00Z")  // Name outranks Expired (SECTRUST.md §9)
