// verify-chain: what embedding Vouch looks like, in one file that links only VouchTrust (and the
// modules below it). It decides a chain as `vouch verify CHAIN --anchors ROOT --host HOST --at
// TIME` does, as Apple's SecTrust would:
//
//   verify-chain CHAIN.pem ROOT.pem HOST [RFC3339-TIME]
//   verify-chain                         # the shipped example chain, for example.com, at 2026-06-01
//
// Exit 0 trusted, 1 not trusted, 2 a file that cannot be read or parsed, 64 wrong arguments.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import VouchDER
import VouchTrust
import VouchX509

/// Writes `message` and a newline to standard error.
func complain(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// The certificates of a PEM file (or a DER one), or `nil` with a message on standard error.
func certificates(in path: String) -> [Certificate]? {
    guard let file = fopen(path, "rb") else {
        complain("\(path): cannot open")
        return nil
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while case let count = fread(&chunk, 1, chunk.count, file), count > 0 { bytes += chunk.prefix(count) }
    do {
        let blocks = bytes.first == 0x30 ? [bytes] : try PEM.certificates(in: bytes[...])
        return try blocks.map { try Certificate(derEncoded: $0) }
    } catch {
        complain("\(path): \(error)")
        return nil
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.isEmpty || (3...4).contains(arguments.count) else {
    complain("usage: verify-chain [CHAIN.pem ROOT.pem HOST [RFC3339-TIME]]")
    exit(64)
}
let (chainPath, rootPath, host, time) = arguments.isEmpty
    ? ("TestVectors/example/chain.pem", "TestVectors/example/root.pem", "example.com", "2026-06-01T00:00:00Z")
    : (arguments[0], arguments[1], arguments[2], arguments.count > 3 ? arguments[3] : nil)

guard let chain = certificates(in: chainPath), let anchors = certificates(in: rootPath), !chain.isEmpty else { exit(2) }
// SecTrustCreateWithCertificates(chain, SecPolicyCreateSSL(true, host)), then
// SecTrustSetAnchorCertificates(anchors) and SecTrustSetVerifyDate(time).
// (Trust's initialiser throws only for an empty chain or policy list, excluded here.)
guard var trust = try? Trust(certificates: chain, policies: [.ssl(server: true, hostname: host)]) else { exit(2) }
trust.setAnchorCertificates(anchors)
if let time {
    guard let date = DERTime(rfc3339: time) else {
        complain("not an RFC 3339 time: \(time)")
        exit(2)
    }
    trust.setVerifyDate(date)
}
let evaluation = trust.evaluate()
for (index, certificate) in evaluation.chain.enumerated() { print("\(index): \(certificate.subject)") }
if evaluation.isTrusted {
    print("trusted (\(evaluation.result.rawValue))")
} else {
    print("not trusted: \(evaluation.result.rawValue), \(evaluation.status.name) (\(evaluation.status.code))")
    exit(1)
}
