import VouchDER
import VouchX509

/// The Linux system trust store, found the way Go's crypto/x509 finds it, loaded once and shared.
///
/// Files: `$SSL_CERT_FILE` if set, otherwise the first readable of ``bundleFiles``. Directories:
/// `$SSL_CERT_DIR` (colon-separated) if set, otherwise ``certificateDirectories``; every file in
/// them is read. Certificates are deduplicated by DER. It plays the part of Apple's system roots
/// (SECTRUST.md §12, §14): anchors when no custom anchors are set, untrusted parents when the
/// caller's anchors are exclusive.
public struct SystemTrustStore: Sendable {
    /// Bundle files of Debian/Ubuntu, Fedora/RHEL 6, openSUSE, OpenELEC, CentOS/RHEL 7, Alpine
    /// (Go's list, `crypto/x509/root_linux.go`).
    public static let bundleFiles = [
        "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/ca-bundle.pem",
        "/etc/pki/tls/cacert.pem", "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", "/etc/ssl/cert.pem",
    ]
    /// Directories of individual certificates (SLES, Fedora/RHEL), read when present.
    public static let certificateDirectories = ["/etc/ssl/certs", "/etc/pki/tls/certs"]

    /// The anchors, in the order found.
    public let certificates: [Certificate]
    /// The files the certificates came from.
    public let sources: [String]
    /// Files that could not be read or held malformed PEM, with the reason.
    public let problems: [(file: String, reason: String)]

    /// The roots indexed for path building (normalised names, subject index), made once per store
    /// so that an evaluation does not index every root again.
    let pool: CertificatePool

    /// The store of this machine, loaded on first use.
    public static let shared = SystemTrustStore.load()

    /// A store made of given certificates (for tests and for callers with their own roots).
    public init(certificates: [Certificate]) {
        self.init(certificates: certificates, sources: [], problems: [])
    }

    private init(certificates: [Certificate], sources: [String], problems: [(file: String, reason: String)]) {
        self.certificates = certificates
        self.sources = sources
        self.problems = problems
        self.pool = CertificatePool(systemRoots: certificates)
    }

    /// Loads the store from the environment and the well-known places.
    public static func load() -> SystemTrustStore {
        var loader = Loader()
        let files = FileSystem.environment("SSL_CERT_FILE").map { [$0] } ?? bundleFiles
        for file in files where loader.add(file: file, reportMissing: files.count == 1) { break }
        let directories = FileSystem.environment("SSL_CERT_DIR").map { $0.split(separator: ":").map(String.init) }
            ?? certificateDirectories
        for directory in directories {
            guard let entries = FileSystem.directoryEntries(directory) else { continue }
            // Subdirectories (Debian's /etc/ssl/certs/java) are not certificate files.
            for entry in entries where !FileSystem.isDirectory(directory + "/" + entry) {
                _ = loader.add(file: directory + "/" + entry, reportMissing: false, quietlySkipNonPEM: true)
            }
        }
        return SystemTrustStore(certificates: loader.certificates, sources: loader.sources, problems: loader.problems)
    }

    private struct Loader {
        var certificates: [Certificate] = []
        var seen: Set<Certificate> = []
        var sources: [String] = []
        var problems: [(file: String, reason: String)] = []

        /// Adds the certificates of `file`; returns whether it could be read.
        mutating func add(file: String, reportMissing: Bool, quietlySkipNonPEM: Bool = false) -> Bool {
            guard let bytes = FileSystem.read(file) else {
                if reportMissing || FileSystem.exists(file) { problems.append((file, "cannot read")) }
                return false
            }
            let blocks: [[UInt8]]
            do { blocks = try PEM.certificates(in: bytes[...]) } catch {
                if !quietlySkipNonPEM { problems.append((file, "\(error)")) }
                return true
            }
            var added = false
            for der in blocks {
                guard let certificate = try? Certificate(derEncoded: der) else {
                    problems.append((file, "a certificate does not parse"))
                    continue
                }
                if seen.insert(certificate).inserted {
                    certificates.append(certificate)
                    added = true
                }
            }
            if added { sources.append(file) }
            return true
        }
    }
}
