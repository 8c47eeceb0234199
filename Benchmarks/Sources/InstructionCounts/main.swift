// Instruction counts for machines without perf events: run one operation N times, under
// `valgrind --tool=callgrind`, and compare totals (scripts/instruction-counts.sh). The difference
// between N = 11 and N = 1 is the count of 10 operations without the start-up, so it is the same
// on a busy machine as on an idle one. Operations mirror those of the VouchBenchmarks target.
//
//     InstructionCounts OPERATION LIBRARY N
//     OPERATION: parse-bundle | parse-leaf | accessors-bundle | chain-1 | chain-100 | ed25519
//     LIBRARY: vouch | swift-certificates (ed25519: vouch only, for its allocations)
import Foundation
import VouchCrypto
import VouchDER
import VouchTrust
import VouchX509
@_spi(FixedExpiryValidationTime) import X509

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]), ["vouch", "swift-certificates"].contains(arguments[2]) else {
    print("usage: InstructionCounts parse-bundle|parse-leaf|accessors-bundle|chain-1|chain-100|ed25519 vouch|swift-certificates N")
    exit(64)
}
let operation = arguments[1]
let isVouch = arguments[2] == "vouch"

let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
func read(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { fatalError("missing \(path)") }
    return [UInt8](data)
}
func example(_ name: String) -> [UInt8] { read(repository.appendingPathComponent("TestVectors/example/\(name)").path) }
func bundle() -> [[UInt8]] {
    guard let certificates = try? PEM.certificates(in: read("/etc/ssl/certs/ca-certificates.crt")[...]), !certificates.isEmpty else {
        fatalError("no system bundle")
    }
    return certificates
}

var sink = 0
switch operation {
case "parse-bundle", "parse-leaf":
    let inputs = operation == "parse-bundle"
        ? bundle()
        : [read(repository.appendingPathComponent("Benchmarks/Benchmarks/VouchBenchmarks/Fixtures/certificates/cryptography.io.pem").path)]
            .compactMap { try? PEM.certificates(in: $0[...]).first }
    for _ in 0..<count {
        for der in inputs {
            if isVouch {
                if let certificate = try? VouchX509.Certificate(derEncoded: der) { sink &+= certificate.version }
            } else if let certificate = try? X509.Certificate(derEncoded: der) {
                sink &+= certificate.serialNumber.bytes.count
            }
        }
    }
case "accessors-bundle":
    // The 8 accessors both libraries have, on every certificate of the bundle (parsed once,
    // outside the count's difference), as the VouchBenchmarks extension benchmark does.
    if isVouch {
        let certificates = bundle().compactMap { try? VouchX509.Certificate(derEncoded: $0) }
        for _ in 0..<count {
            for c in certificates {
                if c.basicConstraints != nil { sink &+= 1 }
                if c.keyUsage != nil { sink &+= 1 }
                if c.extendedKeyUsage != nil { sink &+= 1 }
                if c.subjectAlternativeNames != nil { sink &+= 1 }
                if c.subjectKeyIdentifier != nil { sink &+= 1 }
                if c.authorityKeyIdentifier != nil { sink &+= 1 }
                if c.nameConstraints != nil { sink &+= 1 }
                if c.authorityInformationAccess != nil { sink &+= 1 }
            }
        }
    } else {
        let certificates = bundle().compactMap { try? X509.Certificate(derEncoded: $0) }
        for _ in 0..<count {
            for c in certificates {
                let e = c.extensions
                if ((try? e.basicConstraints) ?? nil) != nil { sink &+= 1 }
                if ((try? e.keyUsage) ?? nil) != nil { sink &+= 1 }
                if ((try? e.extendedKeyUsage) ?? nil) != nil { sink &+= 1 }
                if ((try? e.subjectAlternativeNames) ?? nil) != nil { sink &+= 1 }
                if ((try? e.subjectKeyIdentifier) ?? nil) != nil { sink &+= 1 }
                if ((try? e.authorityKeyIdentifier) ?? nil) != nil { sink &+= 1 }
                if ((try? e.nameConstraints) ?? nil) != nil { sink &+= 1 }
                if ((try? e.authorityInformationAccess) ?? nil) != nil { sink &+= 1 }
            }
        }
    }
case "chain-1", "chain-100":
    let leaf = example("leaf.der"), intermediate = example("intermediate.der"), root = example("root.der")
    let others = operation == "chain-100" ? Array(bundle().prefix(99)) : []
    if isVouch {
        guard let leaf = try? VouchX509.Certificate(derEncoded: leaf),
            let intermediate = try? VouchX509.Certificate(derEncoded: intermediate)
        else { fatalError("example chain") }
        let roots = ([root] + others).compactMap { try? VouchX509.Certificate(derEncoded: $0) }
        let store = SystemTrustStore(certificates: roots)
        for _ in 0..<count {
            guard var trust = try? Trust(certificates: [leaf, intermediate], policies: [.ssl(server: true, hostname: "example.com")],
                                         systemStore: store) else { fatalError("trust") }
            trust.setVerifyDate(DERTime(secondsSince1970: 1_780_272_000))
            if trust.evaluate().isTrusted { sink &+= 1 }
        }
    } else {
        guard let leaf = try? X509.Certificate(derEncoded: leaf),
            let intermediate = try? X509.Certificate(derEncoded: intermediate)
        else { fatalError("example chain") }
        let store = CertificateStore(([root] + others).compactMap { try? X509.Certificate(derEncoded: $0) })
        let date = Date(timeIntervalSince1970: 1_780_272_000)
        // Not top-level `await`: that parks the main thread in dispatch's sigsuspend, where
        // valgrind crashes. One task, waited for with a semaphore.
        let done = DispatchSemaphore(value: 0)
        let valid = Counter()
        Task.detached {
            for _ in 0..<count {
                var verifier = Verifier(rootCertificates: store) {
                    RFC5280Policy(fixedExpiryValidationTime: date)
                    ServerIdentityPolicy(serverHostname: "example.com", serverIP: nil)
                }
                if case .validCertificate = await verifier.validate(leaf: leaf, intermediates: CertificateStore([intermediate])) {
                    valid.increment()
                }
            }
            done.signal()
        }
        done.wait()
        sink &+= valid.value
    }
case "ed25519":
    // The VouchBenchmarks "verify Ed25519" closure, called the same way from this package.
    let fixtures = repository.appendingPathComponent("Benchmarks/Benchmarks/VouchBenchmarks/Fixtures/signatures")
    let message = read(fixtures.appendingPathComponent("message.bin").path)
    let signature = read(fixtures.appendingPathComponent("ed25519.sig").path)
    guard let spki = try? SubjectPublicKeyInfo(derEncoded: read(fixtures.appendingPathComponent("ed25519.spki.der").path)[...]),
        case .ed25519(let key)? = PublicKey(spki)
    else { fatalError("the Ed25519 fixture does not read") }
    for _ in 0..<count where key.isValidSignature(signature[...], message: message) { sink &+= 1 }
default:
    print("unknown operation \(operation)")
    exit(64)
}
print(sink)

/// The count of valid chains, written by the task and read after it signalled.
final class Counter: @unchecked Sendable {
    private(set) var value = 0
    func increment() { value += 1 }
}
