import VouchDER
import VouchX509

/// The system domain: the roots an evaluation trusts when the caller's anchors do not replace
/// them (SECTRUST.md §12, §14, §17.6), loaded once and shared.
///
/// Two system domains exist, as ``Kind`` names them:
/// - ``apple`` (the default, ``shared``): Apple's trust store compiled into Vouch
///   (``AppleTrustStoreSnapshot``, 156 roots at security_certificates-55349.0.11), the same on
///   every machine, so that answers equal a Mac's at that trust-store version; with the roots
///   this machine's administrator added to the distribution's store as admin-domain trust
///   settings (``AdministratorRoots``), as a Mac holds a root its administrator installed: a
///   chain to one of them is trusted with **Proceed**;
/// - ``linux``: the distribution's store, found the way Go's crypto/x509 finds it.
///   Files: `$SSL_CERT_FILE` if set, otherwise the first readable of ``bundleFiles``.
///   Directories: `$SSL_CERT_DIR` (colon-separated) if set, otherwise ``certificateDirectories``;
///   every file in them is read, except a file already read under another name (a hash link such
///   as `/etc/ssl/certs/5ad8a5d6.0`, or the bundle itself), and each certificate is parsed once
///   however many files hold it. Its OpenSSL trust metadata is the system domain's trust
///   settings (§15.6).
///
/// Either is anchors when no custom anchors are set, untrusted parents when the caller's anchors
/// are exclusive. A store reads nothing until an evaluation needs the system roots: with
/// exclusive custom anchors a trust that finds a trusted path among its own certificates never
/// loads it, as the system roots would only be asked for after every such path had failed.
public struct SystemTrustStore: Sendable {
    /// Bundle files of Debian/Ubuntu, Fedora/RHEL 6, openSUSE, OpenELEC, CentOS/RHEL 7, Alpine
    /// (Go's list, `crypto/x509/root_linux.go`).
    public static let bundleFiles = [
        "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/ca-bundle.pem",
        "/etc/pki/tls/cacert.pem", "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", "/etc/ssl/cert.pem",
    ]
    /// Directories of individual certificates (SLES, Fedora/RHEL), read when present.
    public static let certificateDirectories = ["/etc/ssl/certs", "/etc/pki/tls/certs"]

    /// Which system domain a store is.
    public enum Kind: String, Sendable, CaseIterable {
        /// Apple's trust store, compiled in, with the administrator's local additions as admin
        /// trust settings (SECTRUST.md §17.6).
        case apple
        /// The distribution's store (`SSL_CERT_FILE`, `SSL_CERT_DIR`, the well-known files).
        case linux
        /// Certificates the caller gave (``init(certificates:)``).
        case given
    }

    /// What a store holds once loaded.
    struct Contents: Sendable {
        let certificates: [Certificate]
        let sources: [String]
        let problems: [(file: String, reason: String)]
        /// The system domain's trust settings, from the distribution's trust metadata
        /// (SECTRUST.md §15.6).
        let trustSettings: TrustSettings
        /// The roots indexed for path building (normalised names, subject index), made once per
        /// store so that an evaluation does not index every root again.
        let roots: CertificatePool.Layer

        init(certificates: [Certificate], sources: [String], problems: [(file: String, reason: String)], trustSettings: TrustSettings = TrustSettings()) {
            self.certificates = certificates
            self.sources = sources
            self.problems = problems
            self.trustSettings = trustSettings
            self.roots = CertificatePool.Layer(systemRoots: certificates)
        }
    }

    /// Given contents, or this machine's or Apple's, loaded on first use.
    private enum Storage: Sendable {
        /// Contents read or given, and which kind they are.
        case loaded(Contents, Kind)
        case machine
        /// Apple's roots with the given administrator's additions, or this machine's (`nil`).
        case apple(AdministratorRoots?)
    }

    private let storage: Storage

    /// This machine's store, loaded once by the first use of any `SystemTrustStore.linux`
    /// (a Swift global: initialised once, thread-safely).
    private static let machineContents = loadContents()

    /// Apple's roots, decoded once by the first use of any Apple store (a Swift global:
    /// initialised once, thread-safely).
    private static let appleContents = Contents(
        certificates: AppleTrustStoreSnapshot.embedded.systemRoots,
        sources: [AppleTrustStoreSnapshot.embedded.source + ": certificates/roots"],
        problems: AppleTrustStoreSnapshot.embedded.problems.map { (file: "embedded Apple trust store", reason: $0) })

    /// This machine's administrator additions, read once by the first evaluation that asks.
    private static let machineAdministratorRoots = AdministratorRoots.load()

    private var contents: Contents {
        switch storage {
        case .loaded(let contents, _): return contents
        case .machine: return Self.machineContents
        case .apple: return Self.appleContents
        }
    }

    /// Which system domain this is.
    public var kind: Kind {
        switch storage {
        case .loaded(_, let kind): return kind
        case .machine: return .linux
        case .apple: return .apple
        }
    }

    /// The anchors, in the order found.
    public var certificates: [Certificate] { contents.certificates }
    /// The files the certificates came from (for Apple's store, the snapshot's source).
    public var sources: [String] { contents.sources }
    /// Files that could not be read or held malformed PEM, with the reason.
    public var problems: [(file: String, reason: String)] { contents.problems }
    /// Whether `certificate` is one of the store's (DER equality), loading the store if it is the
    /// machine's and not read yet.
    public func contains(_ certificate: Certificate) -> Bool {
        roots.indexByCertificate[certificate] != nil
    }

    /// The roots indexed for path building.
    var roots: CertificatePool.Layer { contents.roots }
    /// The system domain's trust settings: what the distribution's trust metadata says of its
    /// roots (SECTRUST.md §15.6); empty for a store of plain PEM bundles and for Apple's.
    public var trustSettings: TrustSettings { contents.trustSettings }

    /// The administrator's local additions, the admin domain beside Apple's store (read on first
    /// use; ``AdministratorRoots/none`` for the other kinds, whose system domain holds them).
    public var administratorRoots: AdministratorRoots {
        guard case .apple(let given) = storage else { return .none }
        return given ?? Self.machineAdministratorRoots
    }

    /// The store's own Certificate Transparency log list and its state at `time`: Apple's
    /// embedded list (``AppleTrustStoreSnapshot/certificateTransparencyLogs``) for ``apple``,
    /// `nil` for the other kinds, whose machines hold no list (SECTRUST.md §17.6).
    /// The list is a function, called when an SCT is to be verified: a chain without SCTs never
    /// decodes it.
    public func certificateTransparencyLogs(at time: Int64) -> (logs: @Sendable () -> CertificateTransparencyLogList, state: CertificateTransparencyReport.SystemLogList)? {
        guard kind == .apple else { return nil }
        // The list and the store's date without decoding the snapshot's certificates.
        let date = AppleTrustStoreSnapshot.embeddedVersionDate
        return ({ AppleTrustStoreSnapshot.embeddedLogs }, CertificateTransparencyReport.SystemLogList(
            source: AppleTrustStoreSnapshot.embeddedTag, date: date ?? 0,
            isCurrent: AppleTrustStoreSnapshot.isLogListCurrent(versionDate: date, at: time)))
    }

    /// The default system domain: ``apple``.
    public static let shared = apple

    /// Apple's system roots as a Mac has them at the trust-store version compiled into Vouch
    /// (certificates/roots of security_certificates at ``AppleTrustStoreSnapshot/tag``, 156 at
    /// 55349.0.11; SECTRUST.md §17.2): anchors for every policy, decoded on first use (not when a
    /// ``Trust`` is made with it), nothing read from the host but this machine's administrator
    /// additions (``AdministratorRoots/load()``), which are admin-domain trust settings. Apple's
    /// constrained-anchor table adds no anchor for BasicX509 or SSL (§17.3, item 4):
    /// ``AppleTrustStoreSnapshot/permittedAnchorRecords(for:policy:)`` says which records
    /// another policy may use.
    public static let apple = SystemTrustStore(storage: .apple(nil))

    /// Apple's system roots with `administratorRoots` as the admin domain instead of this
    /// machine's (``AdministratorRoots/none`` for a Mac with no admin trust settings).
    public static func apple(administratorRoots: AdministratorRoots) -> SystemTrustStore {
        SystemTrustStore(storage: .apple(administratorRoots))
    }

    /// The distribution's store of this machine, read on first use (not when a ``Trust`` is made
    /// with it).
    public static let linux = SystemTrustStore(storage: .machine)

    /// A store made of given certificates (for tests and for callers with their own roots).
    public init(certificates: [Certificate]) {
        self.init(storage: .loaded(Contents(certificates: certificates, sources: [], problems: []), .given))
    }

    /// A store of given certificates with system-domain trust settings for some of them (what a
    /// distribution's trust metadata would say; SECTRUST.md §15.6). Only the `system` domain of
    /// `trustSettings` is read.
    public init(certificates: [Certificate], trustSettings: TrustSettings) {
        self.init(storage: .loaded(Contents(
            certificates: certificates, sources: [], problems: [], trustSettings: trustSettings.systemDomain), .given))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// Loads the distribution's store from the environment and the well-known places, now
    /// (``linux`` loads once; this reads the files again).
    public static func load() -> SystemTrustStore {
        SystemTrustStore(storage: .loaded(loadContents(), .linux))
    }

    private static func loadContents() -> Contents {
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
        return Contents(certificates: loader.certificates, sources: loader.sources, problems: loader.problems, trustSettings: loader.trustSettings)
    }

    private struct Loader {
        var certificates: [Certificate] = []
        /// The DER of every certificate met so far: a root found again is not parsed again
        /// (``Octets``: hashed in bulk, not octet by octet).
        var seenEncodings: Set<Octets> = []
        /// The files read so far, by device and inode: a hash link or a second name of the
        /// bundle is not read again.
        var seenFiles: Set<FileSystem.FileIdentity> = []
        var sources: [String] = []
        var problems: [(file: String, reason: String)] = []
        /// The system domain made of the `TRUSTED CERTIFICATE` blocks' trust and reject purposes
        /// (SECTRUST.md §15.6); the metadata wins over a plain copy of the same certificate.
        var trustSettings = TrustSettings()

        /// Adds the certificates of `file`; returns whether it could be read (or had been).
        mutating func add(file: String, reportMissing: Bool, quietlySkipNonPEM: Bool = false) -> Bool {
            if let identity = FileSystem.identity(of: file), !seenFiles.insert(identity).inserted { return true }
            guard let bytes = FileSystem.read(file) else {
                if reportMissing || FileSystem.exists(file) { problems.append((file, "cannot read")) }
                return false
            }
            let blocks: [PEMBlock]
            do { blocks = try PEM.blocks(in: bytes[...]).filter { PEM.certificateLabels.contains($0.label) } } catch {
                if !quietlySkipNonPEM { problems.append((file, "\(error)")) }
                return true
            }
            var added = false
            for block in blocks {
                // A TRUSTED CERTIFICATE's DER is the certificate and its trust data after it; a
                // plain block met before (the bundle and its single files) is not parsed again.
                let isTrusted = block.label == TrustedCertificate.pemLabel
                if !isTrusted && seenEncodings.contains(Octets(block.der)) { continue }
                guard let trusted = try? TrustedCertificate(block: block.der[...], label: block.label) else {
                    problems.append((file, isTrusted ? "a trusted certificate or its trust data does not parse" : "a certificate does not parse"))
                    continue
                }
                let certificate = trusted.certificate
                if let auxiliary = trusted.auxiliary { trustSettings.setSystemConstraints(from: auxiliary, for: certificate) }
                guard seenEncodings.insert(Octets(certificate.derEncoded)).inserted else { continue }
                certificates.append(certificate)
                added = true
            }
            if added { sources.append(file) }
            return true
        }
    }
}
