// Trust settings, distrust and exceptions the way SecTrust applies them (SECTRUST.md §15), on the
// chain of TestVectors/sectrust (example.com ← intermediate ← root): the root trusted for the SSL
// server policy only, the intermediate denied, and a self-signed server accepted once.

// snippet.hide
import Foundation
import VouchDER
import VouchTrust
import VouchX509

/// A certificate of `TestVectors/sectrust/certs/` (DER; run from the package root).
func certificate(_ name: String) -> Certificate {
    guard let data = FileManager.default.contents(atPath: "TestVectors/sectrust/certs/\(name).der"),
        let certificate = try? Certificate(derEncoded: [UInt8](data))
    else {
        print("TestVectors/sectrust/certs/\(name).der is missing or malformed: run this from the package root")
        exit(1)
    }
    return certificate
}

/// One line for an evaluation, then its failures and the decisions settings or exceptions made.
func show(_ label: String, _ evaluation: TrustEvaluation) {
    print("\(label): \(evaluation.result), \(evaluation.status), chain of \(evaluation.chain.count)")
    for failure in evaluation.failures { print("  failure \(failure): \(failure.check.resultClass)") }
    for decision in evaluation.decisions { print("  decision \(decision)") }
}

// snippet.show
let leaf = certificate("leaf"), intermediate = certificate("intermediate"), root = certificate("root")
let date = DERTime(rfc3339: "2026-06-01T00:00:00Z") ?? DERTime(secondsSince1970: 0)
let sslServer = TrustPolicy.ssl(server: true, hostname: "example.com")
let noSystemRoots = SystemTrustStore(certificates: [])  // the machine's roots play no part

/// A trust of `chain` under `policy` with the user's `settings`, at the verify date.
func trust(_ chain: [Certificate], _ policy: TrustPolicy, _ settings: TrustSettings) throws -> Trust {
    var trust = try Trust(certificates: chain, policies: [policy], systemStore: noSystemRoots)
    trust.setTrustSettings(settings)
    trust.setVerifyDate(date)
    return trust
}

do {
    // 1. The root, trusted by the user for the SSL server policy only (TrustRoot: a root).
    var settings = TrustSettings()
    try settings.setConstraints(
        [TrustSettingsConstraint(policy: TrustSettingsConstraint.sslPolicyOID, policyName: "sslServer", result: .trustRoot)],
        for: root, in: .user)
    var ssl = try trust([leaf, intermediate], sslServer, settings)
    show("root for sslServer, under ssl-server", ssl.evaluate())
    var basic = try trust([leaf, intermediate], .basicX509, settings)
    show("root for sslServer, under basicX509", basic.evaluate())

    // 2. The intermediate denied, for every policy; the root's trust does not help.
    try settings.setConstraints([TrustSettingsConstraint(result: .deny)], for: intermediate, in: .user)
    var denied = try trust([leaf, intermediate], sslServer, settings)
    show("intermediate denied", denied.evaluate())

    // 3. A self-signed server, accepted once: SecTrustCopyExceptions, then SecTrustSetExceptions.
    var server = try trust([certificate("selfsigned-leaf")], sslServer, TrustSettings())
    show("self-signed", server.evaluate())
    let exceptions = server.copyExceptions()
    for (index, entry) in exceptions.entries.enumerated() {
        let sha1 = entry.sha1.map { $0.prefix(4).map { String(format: "%02X", $0) }.joined() + "…" } ?? "-"
        print("  exceptions[\(index)]: SHA1Digest \(sha1), \(entry.checks.sorted())")
    }
    print("  setExceptions: \(server.setExceptions(exceptions))")
    show("self-signed with its exceptions", server.evaluate())
    var other = try trust([certificate("selfsigned-leaf-3y")], sslServer, TrustSettings())
    print("another leaf, setExceptions: \(other.setExceptions(exceptions))")
    show("another leaf", other.evaluate())
} catch {
    print("refused: \(error)")
}
