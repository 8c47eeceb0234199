import VouchDER
import VouchTrust
import VouchX509

/// Evaluates one trust input, the format of FuzzTrust and FuzzTrustStructured: one octet n, n
/// octets of hostname, then DER certificates back to back: the last is the anchor, the others the
/// chain (leaf first). n = 0 evaluates with the basic X.509 policy, otherwise with the SSL server
/// policy for that hostname. The date is fixed and the system store empty, so that a run depends
/// on the input alone.
public func evaluateTrustInput(_ bytes: [UInt8]) {
    guard let hostnameLength = bytes.first.map(Int.init), bytes.count > hostnameLength else { return }
    let hostname = String(decoding: bytes[1..<(1 + hostnameLength)], as: UTF8.self)
    var reader = DERReader(bytes[(1 + hostnameLength)...])
    var certificates: [Certificate] = []
    while !reader.isAtEnd, let element = try? reader.readElement() {
        if let certificate = try? Certificate(derEncoded: element.encoded) { certificates.append(certificate) }
    }
    guard let anchor = certificates.popLast(), !certificates.isEmpty else { return }
    let policy: TrustPolicy = hostnameLength == 0 ? .basicX509 : .ssl(server: true, hostname: hostname)
    guard var trust = try? Trust(certificates: certificates, policies: [policy], systemStore: emptyStore) else { return }
    trust.setAnchorCertificates([anchor])
    trust.setVerifyDate(verifyDate)
    _ = trust.evaluate().decidingFailure
}

/// An empty system store: the machine's roots are never loaded.
let emptyStore = SystemTrustStore(certificates: [])
/// 2026-06-01T00:00:00Z, inside the validity of the example chain.
let verifyDate = DERTime(secondsSince1970: 1_780_272_000)
