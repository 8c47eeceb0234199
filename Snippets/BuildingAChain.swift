// Builds the example chain with VouchTrust and prints every step of the path search (what
// `vouch verify --explain` prints), then does the same for a server that forgot to send its
// intermediate.

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
let chain = exampleCertificates("chain.pem")  // leaf, then intermediate: what a server sends
let root = exampleCertificates("root.pem")
guard let verifyDate = DERTime(rfc3339: "2026-06-01T00:00:00Z") else { exit(1) }

func explain(_ certificates: [Certificate]) {
    do {
        var trust = try Trust(
            certificates: certificates, policies: [.ssl(server: true, hostname: "example.com")])
        trust.setAnchorCertificates(root)  // anchors only: the system roots are not consulted
        trust.setVerifyDate(verifyDate)
        let (evaluation, events) = trust.evaluateExplaining()
        for event in events { print("  \(event)") }
        print("  result \(evaluation.result), status \(evaluation.status), chain of \(evaluation.chain.count)")
    } catch {
        print("  \(error)")  // errSecParam: no certificates
    }
}

print("leaf + intermediate:")
explain(chain)
print("leaf alone:")
explain([chain[0]])
