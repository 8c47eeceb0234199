import VouchCrypto
import VouchDER
import VouchJSON
import VouchTrust

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `vouch roots`: which system domain is in use and what it holds (docs/CLI.md).
struct RootsCommand: Subcommand {
    static let spec = CommandSpec(
        name: "roots",
        abstract: "Show the system domain: Apple's built-in store (its version and counts, and the administrator's additions) or the distribution's (where it was found, how many anchors, its problems).",
        discussion: """
            --system-roots apple (the default) describes Apple's trust store built into vouch: \
            its version and what it holds, and the certificates this machine's administrator \
            added to the distribution's store, which count as admin trust settings (found in \
            /usr/local/share/ca-certificates, the p11-kit anchors and blocklist folders of \
            Fedora, RHEL and Arch, or the folders $VOUCH_ADMIN_ROOTS names; 'none' finds none).

            --system-roots linux describes the distribution's store, searched as `vouch verify \
            --system-roots linux` searches it: $SSL_CERT_FILE if set, else the first readable of \
            the well-known bundle files; then every file of $SSL_CERT_DIR (colon-separated) if \
            set, else of the well-known certificate directories. Certificates are counted once \
            however many files hold them.

            --json prints one object. Both kinds:
              source                       "apple" or "linux"
              anchors                      how many distinct system anchors the store holds
              problems                     [{"file", "reason"}]: what could not be read or parsed
            apple:
              version                      TRUST_STORE_VERSION (SecTrustGetTrustStoreVersionNumber)
              version_date                 the day the store was built (from the version), RFC 3339
              tag, commit                  the security_certificates tag and its commit
              asset_version                PKITrustStoreAssetsVersion
              system_roots                 certificates/roots: anchors for every policy
              platform_roots, custom_anchors  the constrained-anchor table's other records
              constrained_anchors          records constraints.json limits to named policies
              ev_roots, ev_policies        EV roots and their distinct EV policy OIDs
              removed                      certificates Apple removed (kept for --explain)
              ct_logs                      trusted logs of the built-in CT log list
              ct_log_list_current          whether that list requires CT today (60 days)
              pinning_version, pinning_entries, pinning_rules, pinning_domains  Apple's pinning
                                           database: its content version and counts
              administrator_folders        the folders searched for local additions
              administrator_additions      [{"file", "subject", "sha256", "blocked"}]
            linux:
              ssl_cert_file, ssl_cert_dir  the environment variables' values, or null when unset or empty
              sources                      the files anchors were read from, in search order
              with_trust_metadata          how many carry OpenSSL trust metadata (TRUSTED CERTIFICATE \
            trust or reject purposes), read as system-domain trust settings (SECTRUST.md §15.6)
              distrusted                   how many of those reject a purpose (Deny for its policy)

            Exit 0 when the store holds at least one anchor, 1 when it is empty (nothing would be \
            trusted without --anchors).
            """,
        options: [
            .value("system-roots", "store", TrustOptions.systemRootsHelp),
            .flag("json", "Print one JSON object."),
        ]
    )

    let json: Bool
    let store: SystemTrustStore

    init(_ arguments: ParsedArguments) throws(UsageError) {
        json = arguments.flag("json")
        store = try TrustOptions.systemStore(arguments)
    }

    func run() throws {
        if store.kind == .apple { printApple() } else { printLinux() }
        if store.certificates.isEmpty { throw ExitStatus.notTrusted }
    }

    private func printApple() {
        let snapshot = AppleTrustStoreSnapshot.embedded
        let administrator = store.administratorRoots
        let date = snapshot.versionDate.map { DERTime.rfc3339(secondsSince1970: $0) }
        let now = Int64(time(nil))
        let logs = snapshot.certificateTransparencyLogs
        let pinning = snapshot.pinningDatabase
        let problems = store.problems + administrator.problems
            + pinning.problems.map { (file: "embedded pinning database", reason: $0) }
        let counts: [(String, Int)] = [
            ("system_roots", snapshot.systemRoots.count), ("platform_roots", snapshot.anchorRecords(of: .platform).count),
            ("custom_anchors", snapshot.anchorRecords(of: .custom).count),
            ("constrained_anchors", snapshot.constrainedAnchorRecords.count), ("ev_roots", snapshot.evRoots.count),
            ("ev_policies", snapshot.evPolicies.count), ("removed", snapshot.removedCertificates.count),
            ("ct_logs", logs.logs.count), ("pinning_entries", pinning.entries.count), ("pinning_rules", pinning.ruleCount),
            ("pinning_domains", pinning.domainCount),
        ]
        if json {
            var members: [(String, JSONValue)] = [
                ("source", .string("apple")), ("anchors", .int(Int64(store.certificates.count))),
                ("version", .int(Int64(snapshot.versionNumber))), ("version_date", .string(date)),
                ("tag", .string(snapshot.tag)), ("commit", .string(snapshot.commit)), ("asset_version", .string(snapshot.assetsVersion)),
            ]
            members += counts.map { ($0.0, .int(Int64($0.1))) }
            members += [
                ("ct_log_list_current", .bool(snapshot.isCertificateTransparencyLogListCurrent(at: now))),
                ("pinning_version", pinning.contentVersion.map { .int(Int64($0)) } ?? .null),
                ("administrator_folders", .array(administrator.folders.map(JSONValue.string))),
                ("administrator_additions", .array(administrator.additions.map { addition in
                    .object([
                        ("file", .string(addition.file)), ("subject", .string(addition.certificate.subject.description)),
                        ("sha256", .string(Hex.encode(SHA256.digest(addition.certificate.derEncoded)))),
                        ("blocked", .bool(addition.isBlocked)),
                    ])
                })),
                ("problems", .array(problems.map { .object([("file", .string($0.file)), ("reason", .string($0.reason))]) })),
            ]
            print(JSONValue.object(members).serialized)
            return
        }
        print("system roots: Apple's trust store, built in: version \(snapshot.versionNumber) (\(date?.prefix(10) ?? "?")), \(snapshot.tag)")
        for (name, count) in counts { print("  \(name.replacingUnderscores): \(count)") }
        print("  certificate transparency: the built-in list " + (snapshot.isCertificateTransparencyLogListCurrent(at: now)
            ? "is current: CT is required of system-rooted SSL server chains"
            : "is not current today (60 days or more from the store's date): CT is judged, not required (--ct-logs apple requires it)"))
        print("administrator additions (admin trust settings): \(administrator.additions.count)")
        for addition in administrator.additions {
            print("  \(addition.file): \(addition.certificate.subject)\(addition.isBlocked ? " (blocked: Deny)" : "")")
        }
        if !problems.isEmpty {
            print("problems: \(problems.count)")
            for problem in problems { print("  \(problem.file): \(problem.reason)") }
        }
    }

    private func printLinux() {
        let metadata = store.trustSettings.entries(in: .system)
        let distrusted = metadata.count { $0.constraints.contains { $0.result == .deny } }
        let fileVariable = Self.environment("SSL_CERT_FILE"), directoryVariable = Self.environment("SSL_CERT_DIR")
        if json {
            let problems: [JSONValue] = store.problems.map {
                .object([("file", .string($0.file)), ("reason", .string($0.reason))])
            }
            print(JSONValue.object([
                ("source", .string("linux")),
                ("ssl_cert_file", .string(fileVariable)), ("ssl_cert_dir", .string(directoryVariable)),
                ("sources", .array(store.sources.map(JSONValue.string))),
                ("anchors", .int(Int64(store.certificates.count))),
                ("with_trust_metadata", .int(Int64(metadata.count))), ("distrusted", .int(Int64(distrusted))),
                ("problems", .array(problems)),
            ]).serialized)
        } else {
            print("system roots: the distribution's store")
            print("SSL_CERT_FILE: \(fileVariable ?? "(unset)")")
            print("SSL_CERT_DIR: \(directoryVariable ?? "(unset)")")
            print("anchors: \(store.certificates.count) from \(store.sources.count) file(s)")
            if !metadata.isEmpty { print("trust metadata: \(metadata.count) certificate(s), \(distrusted) distrusted") }
            for source in store.sources { print("  \(source)") }
            if !store.problems.isEmpty {
                print("problems: \(store.problems.count)")
                for problem in store.problems { print("  \(problem.file): \(problem.reason)") }
            }
        }
    }

    /// The value of an environment variable, or `nil` when unset or empty (the store ignores both).
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}

extension String {
    /// `system_roots` as `system roots`.
    fileprivate var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
}
