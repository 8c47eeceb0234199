// Verifies what Apple signs: Apple's real App Store signing chain under the Mac App Store receipt
// policy at Apple's effective date, Apple's own test chain (which lacks the receipt certificate
// policy), and a StoreKit-shaped JWS from its text to the check of its signature.

// snippet.hide
import Foundation
import VouchDER
import VouchTrust
import VouchX509

/// The bytes of a file of `TestVectors/apple-signed/` (run from the package root).
func vector(_ name: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: "TestVectors/apple-signed/" + name) else {
        print("TestVectors/apple-signed/\(name) is missing: run this from the package root")
        exit(1)
    }
    return [UInt8](data)
}

func certificate(_ name: String) -> Certificate {
    guard let certificate = try? Certificate(derEncoded: vector(name)) else {
        print("TestVectors/apple-signed/\(name) is not a certificate")
        exit(1)
    }
    return certificate
}

// snippet.show
/// Judges `chain` (leaf first) under SecPolicyCreateMacAppStoreReceipt at `date`. Without
/// `anchors`, Apple Root CA - G3 comes from Apple's store built into Vouch.
func judge(_ label: String, _ chain: [Certificate], at date: DERTime,
           anchors: [Certificate]? = nil, appleAnchors: [Certificate]? = nil) {
    guard var trust = try? Trust(certificates: chain, policies: [.macAppStoreReceipt]) else { return }
    trust.setAnchorCertificates(anchors)
    trust.setAppleAnchors(appleAnchors)  // test roots counted as Apple's by AnchorApple
    trust.setVerifyDate(date)
    let evaluation = trust.evaluate()
    print("\(label): \(evaluation.result), \(evaluation.status)")
    for failure in evaluation.failures { print("  \(failure): \(failure.check.status)") }
    // The evaluator does no I/O: it lists the OCSP answers it would fetch (TrustFetcher does).
    for case .ocsp(let certificate, _, let uris, _, _) in evaluation.fetchRequests {
        let index = evaluation.chain.firstIndex(of: certificate).map(String.init) ?? "?"
        print("  would ask \(uris.joined(separator: " ")) about certificate \(index)")
    }
}

// Apple's production chain, at the date Apple's server library tests it.
let effectiveDate = DERTime(secondsSince1970: 1_761_962_975)  // 2025-11-01T02:09:35Z
judge("production", [certificate("real-apple-signing.der"), certificate("real-apple-intermediate.der")],
      at: effectiveDate)

// The chain Apple's server library tests its verifier with: right markers, no certificate policy.
let testRoot = certificate("apple-test-root.der")
judge("Apple's test chain", [certificate("apple-test-leaf.der"), certificate("apple-test-intermediate.der")],
      at: effectiveDate, anchors: [testRoot], appleAnchors: [testRoot])
// Its leaf with marker 1.2.840.113635.100.6.11.2 in place of .6.11.1: two rules fail.
judge("wrong leaf marker", [certificate("apple-test-leaf-invalid-oid.der"), certificate("apple-test-intermediate.der")],
      at: effectiveDate, anchors: [testRoot], appleAnchors: [testRoot])

// A JWS shaped as StoreKit's: its x5c judged first, then its signature with x5c[0]'s key.
let june2026 = DERTime(secondsSince1970: 1_780_272_000)  // 2026-06-01T00:00:00Z
let root = certificate("root.der")  // the generated chain's root, not Apple's
let jws: CompactJWS
do {
    jws = try CompactJWS(bytes: vector("es256.jws"))
} catch {
    print("es256.jws: \(error)")  // offset N: reason
    exit(1)
}
print("es256.jws: \(jws.algorithm.rawValue), x5c of \(jws.certificates.count), \(jws.payload.count)-byte payload")
judge("its x5c", jws.certificates, at: june2026, anchors: [root])
judge("its x5c, root counted as Apple's", jws.certificates, at: june2026, anchors: [root], appleAnchors: [root])
for file in ["es256.jws", "tampered-payload.jws"] {
    do {
        try CompactJWS(bytes: vector(file)).verifySignatureWithCertificateKey()
        print("\(file) signature: valid")
    } catch {
        print("\(file) signature: \(error)")
    }
}
