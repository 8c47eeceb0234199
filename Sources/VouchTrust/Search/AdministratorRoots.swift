import VouchDER
import VouchX509

/// The certificates this machine's administrator added to, or blocked in, the distribution's
/// store: under Apple's system domain they are the admin domain's trust settings, as a Mac
/// holds a root its administrator installed (SECTRUST.md §17.6).
///
/// Found in the folders distributions keep local additions in (``anchorFolders``,
/// ``blocklistFolders``), or in the folders `VOUCH_ADMIN_ROOTS` names instead (colon-separated;
/// a folder ending in `/blocklist` or `/blacklist` blocks, `none` finds nothing). Each
/// certificate of an anchor folder becomes an admin entry as `SecTrustSettingsSetTrustSettings`
/// with no constraints would store it: a self-signed root `[]` (TrustRoot for every policy), any
/// other `[{Result: TrustAsRoot}]` (§15.2); a `TRUSTED CERTIFICATE` block's own trust and reject
/// purposes are its constraints when it has some (§15.6). Each certificate of a blocklist folder
/// is `[{Result: Deny}]`, whichever folder also holds it.
public struct AdministratorRoots: Sendable {
    /// Where distributions keep what the administrator added, in the order read:
    /// Debian, Ubuntu and Alpine (`update-ca-certificates` reads `*.crt` below it); Fedora, RHEL
    /// and their kin (`update-ca-trust`, p11-kit sources, the second for files an administrator
    /// installs by package); Arch (`trust anchor`).
    public static let anchorFolders = [
        "/usr/local/share/ca-certificates",
        "/etc/pki/ca-trust/source/anchors", "/usr/local/share/pki/ca-trust-source/anchors",
        "/etc/ca-certificates/trust-source/anchors",
    ]
    /// Where the same distributions keep certificates the administrator distrusts (p11-kit's
    /// `blocklist`, `blacklist` before p11-kit 0.24). Debian's `!` lines in
    /// `/etc/ca-certificates.conf` deselect a packaged root, which is absent from Apple's store or
    /// Apple's to keep: they are not read.
    public static let blocklistFolders = [
        "/etc/pki/ca-trust/source/blocklist", "/etc/pki/ca-trust/source/blacklist",
        "/usr/local/share/pki/ca-trust-source/blocklist", "/usr/local/share/pki/ca-trust-source/blacklist",
        "/etc/ca-certificates/trust-source/blocklist", "/etc/ca-certificates/trust-source/blacklist",
    ]
    /// The environment variable that replaces the folders searched.
    public static let environmentVariable = "VOUCH_ADMIN_ROOTS"

    /// How deep below a folder certificates are looked for: subfolders to depth 3 are walked (a
    /// file at depth 4 is read), a folder at depth 4 is named as a problem and not read.
    /// `update-ca-certificates` walks subfolders (one level is usual, a vendor's folder inside
    /// it); a deeper tree is not a certificate store, and the bound keeps a link loop from
    /// walking forever.
    static let maximumFolderDepth = 4
    /// How many files are read in all: two orders of magnitude above any real machine's local
    /// additions, so a folder of unrelated files costs a bounded time at start-up.
    static let maximumFileCount = 4096

    /// One certificate found, with where and what it means.
    public struct Addition: Sendable {
        /// The certificate.
        public let certificate: Certificate
        /// The file it came from.
        public let file: String
        /// The admin-domain constraints it stands for.
        public let constraints: [TrustSettingsConstraint]
        /// Whether it came from a blocklist folder (`[{Result: Deny}]`).
        public let isBlocked: Bool

        /// An addition: `certificate`, read from `file`, standing for `constraints` in the admin
        /// domain (`isBlocked` when a blocklist holds it).
        public init(certificate: Certificate, file: String, constraints: [TrustSettingsConstraint], isBlocked: Bool = false) {
            self.certificate = certificate
            self.file = file
            self.constraints = constraints
            self.isBlocked = isBlocked
        }
    }

    /// The certificates found, in the order read (blocklist entries after anchors).
    public let additions: [Addition]
    /// The folders searched, in order.
    public let folders: [String]
    /// Files that could not be read or held a certificate that does not parse, with the reason.
    public let problems: [(file: String, reason: String)]
    /// The admin domain the additions make.
    public let trustSettings: TrustSettings

    /// Nothing added.
    public static let none = AdministratorRoots(additions: [], folders: [], problems: [])

    /// Additions given by the caller (the admin domain, as if found on disk).
    public init(additions: [Addition], folders: [String], problems: [(file: String, reason: String)]) {
        self.additions = additions
        self.folders = folders
        self.problems = problems
        var settings = TrustSettings()
        for addition in additions { settings.store(addition.constraints, for: addition.certificate, in: .admin) }
        self.trustSettings = settings
    }

    /// Reads this machine's additions from `VOUCH_ADMIN_ROOTS`'s folders if set, else from
    /// ``anchorFolders`` and ``blocklistFolders``.
    public static func load() -> AdministratorRoots {
        if let variable = FileSystem.environment(environmentVariable) {
            if variable == "none" { return .none }
            let folders = variable.split(separator: ":").map(String.init)
            return load(anchors: folders.filter { !$0.isBlocklistPath }, blocklists: folders.filter(\.isBlocklistPath))
        }
        return load(anchors: anchorFolders, blocklists: blocklistFolders)
    }

    /// Reads the certificates of the files below `anchors` and `blocklists` (folders or files).
    public static func load(anchors: [String], blocklists: [String]) -> AdministratorRoots {
        var walk = Walk()
        for folder in anchors { walk.visit(folder, depth: 0, blocked: false) }
        for folder in blocklists { walk.visit(folder, depth: 0, blocked: true) }
        return AdministratorRoots(additions: walk.additions, folders: anchors + blocklists, problems: walk.problems)
    }

    private struct Walk {
        var additions: [Addition] = []
        var problems: [(file: String, reason: String)] = []
        var seenFiles: Set<FileSystem.FileIdentity> = []
        var filesRead = 0

        mutating func visit(_ path: String, depth: Int, blocked: Bool) {
            guard let identity = FileSystem.identity(of: path), seenFiles.insert(identity).inserted else { return }
            if FileSystem.isDirectory(path) {
                guard depth < AdministratorRoots.maximumFolderDepth else {
                    problems.append((path, "deeper than \(AdministratorRoots.maximumFolderDepth) folders: not read"))
                    return
                }
                for entry in FileSystem.directoryEntries(path) ?? [] where !entry.hasPrefix(".") {
                    visit(path + "/" + entry, depth: depth + 1, blocked: blocked)
                }
                return
            }
            guard filesRead < AdministratorRoots.maximumFileCount else {
                if filesRead == AdministratorRoots.maximumFileCount {
                    problems.append((path, "more than \(AdministratorRoots.maximumFileCount) files: the rest not read"))
                    filesRead += 1
                }
                return
            }
            filesRead += 1
            guard let bytes = FileSystem.read(path) else {
                problems.append((path, "cannot read"))
                return
            }
            for certificate in certificates(in: bytes, file: path) {
                let constraints: [TrustSettingsConstraint]
                if blocked {
                    constraints = [TrustSettingsConstraint(result: .deny)]
                } else {
                    // Checked once: Apple's self-signed test verifies the signature.
                    let isSelfSigned = SelfSignature.isSelfSigned(certificate.certificate)
                    constraints = certificate.auxiliary.flatMap { OpenSSLTrustMetadata.constraints($0, isSelfSigned: isSelfSigned) }
                        ?? (isSelfSigned ? [] : [TrustSettingsConstraint(result: .trustAsRoot)])
                }
                additions.append(Addition(certificate: certificate.certificate, file: path, constraints: constraints, isBlocked: blocked))
            }
        }

        /// The certificates of a PEM file, or of a file that is one DER certificate (p11-kit
        /// sources take both); a file that is neither (a README, a `.p11-kit` file) is skipped
        /// quietly, as `update-ca-trust` skips what it cannot use.
        mutating func certificates(in bytes: [UInt8], file: String) -> [TrustedCertificate] {
            if let blocks = try? PEM.blocks(in: bytes[...]), !blocks.isEmpty {
                var found: [TrustedCertificate] = []
                for block in blocks where PEM.certificateLabels.contains(block.label) {
                    guard let certificate = try? TrustedCertificate(block: block.der[...], label: block.label) else {
                        problems.append((file, "a certificate does not parse"))
                        continue
                    }
                    found.append(certificate)
                }
                return found
            }
            guard bytes.first == 0x30, let certificate = try? Certificate(derEncoded: bytes) else { return [] }
            return [TrustedCertificate(certificate: certificate, auxiliary: nil)]
        }
    }
}

extension String {
    /// Whether a path names a blocklist folder or a file in one.
    fileprivate var isBlocklistPath: Bool {
        split(separator: "/").contains { $0 == "blocklist" || $0 == "blacklist" }
    }
}
