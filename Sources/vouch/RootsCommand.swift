import VouchJSON
import VouchTrust

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `vouch roots`: where the system trust store was found and what it holds (docs/CLI.md).
struct RootsCommand: Subcommand {
    static let spec = CommandSpec(
        name: "roots",
        abstract: "Show where the system trust store was found, how many anchors it holds, and its problems.",
        discussion: """
            The store is searched as `vouch verify` searches it: $SSL_CERT_FILE if set, else the \
            first readable of the well-known bundle files; then every file of $SSL_CERT_DIR \
            (colon-separated) if set, else of the well-known certificate directories. \
            Certificates are counted once however many files hold them.

            --json prints one object:
              ssl_cert_file, ssl_cert_dir  the environment variables' values, or null when unset or empty
              sources                      the files anchors were read from, in search order
              anchors                      how many distinct anchors the store holds
              with_trust_metadata          how many carry OpenSSL trust metadata (TRUSTED CERTIFICATE \
            trust or reject purposes), read as system-domain trust settings (SECTRUST.md §15.6)
              distrusted                   how many of those reject a purpose (Deny for its policy)
              problems                     [{"file", "reason"}]: files that could not be read or held \
            malformed PEM or a certificate that does not parse

            Exit 0 when the store holds at least one anchor, 1 when it is empty (nothing would be \
            trusted without --anchors).
            """,
        options: [.flag("json", "Print one JSON object.")]
    )

    let json: Bool

    init(_ arguments: ParsedArguments) {
        json = arguments.flag("json")
    }

    func run() throws {
        let store = SystemTrustStore.shared
        let metadata = store.trustSettings.entries(in: .system)
        let distrusted = metadata.count { $0.constraints.contains { $0.result == .deny } }
        let fileVariable = Self.environment("SSL_CERT_FILE"), directoryVariable = Self.environment("SSL_CERT_DIR")
        if json {
            let problems: [JSONValue] = store.problems.map {
                .object([("file", .string($0.file)), ("reason", .string($0.reason))])
            }
            print(JSONValue.object([
                ("ssl_cert_file", .string(fileVariable)), ("ssl_cert_dir", .string(directoryVariable)),
                ("sources", .array(store.sources.map(JSONValue.string))),
                ("anchors", .int(Int64(store.certificates.count))),
                ("with_trust_metadata", .int(Int64(metadata.count))), ("distrusted", .int(Int64(distrusted))),
                ("problems", .array(problems)),
            ]).serialized)
        } else {
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
        if store.certificates.isEmpty { throw ExitStatus.notTrusted }
    }

    /// The value of an environment variable, or `nil` when unset or empty (the store ignores both).
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
