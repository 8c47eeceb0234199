import Foundation
import Testing

/// The project's shared folder (`../shared` beside the checkout): Wycheproof's vectors and
/// x509-limbo's suite, which the repository does not copy. A clone alone has no such folder, and
/// its tests must pass all the same: each test that reads it is enabled only when what it reads is
/// there, and otherwise skipped with a ``MissingData`` line saying what is missing and how to get it.
///
/// `VOUCH_SHARED` overrides where it is: a path, or `none` (or empty) to hide it, as `.ci/run`'s
/// second pass does to test as a lone clone would.
public enum SharedFolder {
    /// The environment variable that names the shared folder, or hides it.
    public static let environmentVariable = "VOUCH_SHARED"

    /// The shared folder's path, or `nil` when it is hidden or absent.
    public static let root: String? = {
        let fallback = TestData.projectRoot.deletingLastPathComponent().appendingPathComponent("shared").path
        switch ProcessInfo.processInfo.environment[environmentVariable] {
        case .none: return FileManager.default.fileExists(atPath: fallback) ? fallback : nil
        case .some(let value) where value.isEmpty || value == "none": return nil
        case .some(let value): return value
        }
    }()

    /// The path of `relative` inside the shared folder, or `nil` when the folder or that file is absent.
    public static func path(_ relative: String) -> String? {
        guard let root else { return nil }
        let path = root + "/" + relative
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The Wycheproof vector files: `vectors/wycheproof/testvectors_v1`.
    public static let wycheproof = path("vectors/wycheproof/testvectors_v1")

    /// x509-limbo's suite as the shared folder has it: `vectors/limbo/limbo-dev.json`.
    public static let limbo = path("vectors/limbo/limbo-dev.json")

    /// The AFNetworking and TrustKit suites as the shared folder has them, kept as a cross-check of
    /// the copies `TestVectors/seed-suites/make.py` regenerates from upstream.
    public static let seedSuites = path("vectors/seed-suites")
}

/// The lines a test skips with when its data is absent. Each starts with `missing data:` (which
/// `scripts/test` counts at the end of the run), names what is missing, and says how to get it.
public enum MissingData {
    /// The prefix of every such line.
    public static let prefix = "missing data:"

    static let sharedFolder = "the shared folder (\(SharedFolder.environmentVariable), default ../shared)"

    /// Wycheproof's signature and key vectors.
    public static let wycheproof = Comment(rawValue: """
        \(prefix) Wycheproof vectors: put C2SP/wycheproof's testvectors_v1 (commit dac1dd47) at \
        vectors/wycheproof/testvectors_v1 in \(sharedFolder)
        """)

    /// x509-limbo's whole suite.
    public static let limbo = Comment(rawValue: """
        \(prefix) x509-limbo suite: build limbo.json with C2SP/x509-limbo (its BetterTLS cases included) and put \
        it at vectors/limbo/limbo-dev.json in \(sharedFolder)
        """)

    /// The shared folder's copy of the seed suites, against which the regenerated copies are checked.
    public static let seedSuites = Comment(rawValue: """
        \(prefix) the shared folder's seed suites (vectors/seed-suites in \(sharedFolder)): \
        the cross-check of TestVectors/seed-suites is skipped; the suites themselves still run
        """)

    /// A clone of apple-oss-distributions/security_certificates, against which the embedded Apple
    /// trust store is checked file by file (the store itself is compiled in, and its tests run).
    public static let securityCertificates = Comment(rawValue: """
        \(prefix) security_certificates: set VOUCH_SECURITY_CERTIFICATES to a git clone of \
        https://github.com/apple-oss-distributions/security_certificates that holds the tag the embedded table \
        names; the comparison of Sources/VouchTrustData/AppleTrustStore.swift with that tag's files is skipped
        """)

    /// The cryptography-vectors package (NIST PKITS, SHAVS, FIPS 186, odd real-world certificates).
    public static let cryptographyVectors = Comment(rawValue: """
        \(prefix) cryptography-vectors (.testdata/cryptography-vectors): run scripts/setup --tests
        """)
}
