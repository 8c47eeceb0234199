// Runs AFSecurityPolicy's evaluateServerTrust:forDomain: on the example chain in its three pinning
// modes, printing the steps of AFSECURITYPOLICY.md §2 that ran, then asks the example pin set
// (TestVectors/example/pins.json) for its verdict.

// snippet.hide
import Foundation
import VouchDER
import VouchPinning
import VouchTrust
import VouchX509

/// The bytes of a file of `TestVectors/example/` (run from the package root).
func exampleFile(_ name: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: "TestVectors/example/" + name) else {
        print("TestVectors/example/\(name) not found: run this from the package root")
        exit(1)
    }
    return [UInt8](data)
}

/// The certificates of a PEM file of `TestVectors/example/`.
func exampleCertificates(_ name: String) -> [Certificate] {
    guard let documents = try? DERDocument.documents(in: exampleFile(name)[...]),
        let certificates = try? documents.map({ (document) throws(X509Error) in
            try Certificate(derEncoded: document.der)
        })
    else {
        print("TestVectors/example/\(name) is malformed")
        exit(1)
    }
    return certificates
}

// snippet.show
let chain = exampleCertificates("chain.pem")
let root = exampleCertificates("root.pem")
guard let date = DERTime(rfc3339: "2026-06-01T00:00:00Z") else { exit(1) }

/// The trust a TLS stack hands over: the certificates as sent, BasicX509, here the example root as
/// the only anchor (in production: the system roots), and a fixed verify date.
func serverTrust() -> Trust? {
    guard var trust = try? Trust(certificates: chain) else { return nil }
    trust.setAnchorCertificates(root)
    trust.setVerifyDate(date)
    return trust
}

let intermediateDER = Array(exampleFile("intermediate.der"))
for mode in [PinningMode.none, .publicKey, .certificate] {
    guard var trust = serverTrust() else { exit(1) }
    let policy = SecurityPolicy(pinningMode: mode, pinnedCertificates: mode == .none ? [] : [intermediateDER])
    let decision = policy.decide(&trust, forDomain: "www.example.com")
    print("\(mode): \(decision.isAllowed ? "YES" : "NO")")
    for step in decision.steps { print("  \(step)") }
}

// A pin set: sha256/ pins of SubjectPublicKeyInfo, by host pattern, matched on the built chain.
do {
    let pins = try PinSet(contentsOfFile: "TestVectors/example/pins.json")
    for host in ["www.example.com", "status.example.com", "example.org"] {
        guard var trust = serverTrust() else { exit(1) }
        let decision = pins.evaluate(&trust, host: host, now: date.secondsSince1970)
        print("pin set, \(host): \(decision.verdict)")
    }
    print("pins of the built chain: \(SPKIPin(chain[0])), \(SPKIPin(chain[1]))")
} catch {
    print(error)  // a PinSetFileError names the rule and the byte offset
}
