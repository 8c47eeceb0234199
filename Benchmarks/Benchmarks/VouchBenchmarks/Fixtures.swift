import Foundation
import VouchDER

/// The inputs of every benchmark, read once before any is measured.
///
/// Files are found relative to this source file (the benchmarks run from a checkout): the
/// signature fixtures and three certificates under `Fixtures/` (made by
/// `scripts/make-fixtures.py`), the example chain under the repository's `TestVectors/example/`,
/// and the system bundle at run time.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The system bundle every Debian/Ubuntu machine has (what `vouch speed parse` reads).
    static let systemBundlePath = "/etc/ssl/certs/ca-certificates.crt"

    /// The system bundle's certificates as DER; empty (and the bundle benchmarks skipped with a
    /// message) when the file is absent.
    static let systemBundle: [[UInt8]] = {
        guard let data = FileManager.default.contents(atPath: systemBundlePath),
            let certificates = try? PEM.certificates(in: [UInt8](data)[...]), !certificates.isEmpty
        else {
            print("note: \(systemBundlePath) is absent or holds no certificate: the system-bundle benchmarks are skipped")
            return []
        }
        return certificates
    }()

    static func bytes(_ url: URL) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            fatalError("benchmark fixture missing: \(url.path) (run Benchmarks/scripts/make-fixtures.py)")
        }
        return [UInt8](data)
    }

    /// The DER of the first certificate of a PEM file under `Fixtures/certificates/`.
    static func certificate(_ name: String) -> [UInt8] {
        let pem = bytes(directory.appendingPathComponent("certificates").appendingPathComponent(name))
        guard let first = (try? PEM.certificates(in: pem[...]))?.first else { fatalError("no certificate in \(name)") }
        return first
    }

    /// A real-world TLS leaf: cryptography.io (RSA-4096 key, 8 extensions).
    static let realLeaf = certificate("cryptography.io.pem")
    /// A real-world CA with 12 extensions, among them the rare policy ones and name constraints.
    static let stateDepartmentRoot = certificate("department-of-state-root.pem")
    /// The one certificate with an issuerAltName.
    static let issuerAltNameCertificate = certificate("ian_uri.pem")

    /// The example chain (TestVectors/example): P-256 leaf for example.com, P-256 intermediate,
    /// RSA-2048 root; all valid at ``verifyDate``.
    static let exampleLeaf = example("leaf.der")
    static let exampleIntermediate = example("intermediate.der")
    static let exampleRoot = example("root.der")
    /// The RSA-only twin (TestVectors/example-rsa): RSA-2048 leaf, intermediate and root.
    static let rsaExampleLeaf = exampleRSA("leaf.der")
    static let rsaExampleIntermediate = exampleRSA("intermediate.der")
    static let rsaExampleRoot = exampleRSA("root.der")
    /// 2026-06-01T00:00:00Z, the date the example chain is verified at.
    static let verifyDateSeconds: Int64 = 1_780_272_000

    static func exampleRSA(_ name: String) -> [UInt8] {
        bytes(repository.appendingPathComponent("TestVectors/example-rsa").appendingPathComponent(name))
    }

    static func example(_ name: String) -> [UInt8] {
        bytes(repository.appendingPathComponent("TestVectors/example").appendingPathComponent(name))
    }

    /// The signed message of every signature fixture.
    static let message = bytes(directory.appendingPathComponent("signatures/message.bin"))

    /// One signature fixture: the signer's SubjectPublicKeyInfo and a signature of ``message``.
    struct Signature {
        let name: String
        let spki: [UInt8]
        let signature: [UInt8]
    }

    static func signature(_ name: String) -> Signature {
        let base = directory.appendingPathComponent("signatures")
        return Signature(
            name: name, spki: bytes(base.appendingPathComponent("\(name).spki.der")),
            signature: bytes(base.appendingPathComponent("\(name).sig")))
    }
}
