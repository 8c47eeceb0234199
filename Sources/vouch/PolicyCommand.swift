import VouchJSON
import VouchPinning
import VouchTrust
import VouchX509

/// `vouch policy CHAIN...`: AFNetworking's `evaluateServerTrust:forDomain:` on a server trust made
/// as a URL session hands it over (docs/CLI.md, AFSECURITYPOLICY.md §2).
struct PolicyCommand: Subcommand {
    static let spec = CommandSpec(
        name: "policy",
        abstract: "Judge a server chain as AFNetworking's AFSecurityPolicy does (index 0 is the leaf).",
        discussion: """
            The server trust holds the certificates of all files in order, the BasicX509 policy and \
            the system anchors (or --anchors / --no-anchors), with the date of --at. Exit 0 when \
            allowed, 1 when not.

            --json prints one object: {"allowed": true|false, "steps": ["..."], "trust": {...}}, \
            where trust is the object `vouch verify --json` prints for the final evaluation.
            """,
        arguments: [ArgumentSpec(name: "chain", arity: .oneOrMore, help: "DER or PEM files, or '-' for standard input.")],
        options: [
            .value("pinning", "pinning", "none (default), public-key or certificate: SSLPinningMode."),
            .repeatable("pinned", "file", "Pin every certificate of this file: pinnedCertificates."),
            .flag("allow-invalid-certificates", "allowInvalidCertificates = YES."),
            .flag("no-validates-domain-name", "validatesDomainName = NO (BasicX509 instead of the SSL policy)."),
            .value("domain", "name", "The domain argument (absent: nil)."),
        ] + TrustOptions.specs + [
            .flag("json", "Print one JSON object: {\"allowed\", \"steps\", \"trust\"}."),
        ]
    )

    enum Pinning: String, CaseIterable {
        case none, publicKey = "public-key", certificate

        var mode: PinningMode {
            switch self {
            case .none: return .none
            case .publicKey: return .publicKey
            case .certificate: return .certificate
            }
        }
    }

    let chain: [String]
    let pinning: Pinning
    let pinned: [String]
    let allowInvalidCertificates: Bool
    let noValidatesDomainName: Bool
    let domain: String?
    let trustOptions: TrustOptions
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        chain = arguments.positionals
        pinning = try arguments.value("pinning", expected: "none, public-key or certificate", Pinning.init(rawValue:)) ?? .none
        pinned = arguments.values("pinned")
        allowInvalidCertificates = arguments.flag("allow-invalid-certificates")
        noValidatesDomainName = arguments.flag("no-validates-domain-name")
        domain = arguments.value("domain")
        trustOptions = try TrustOptions(arguments)
        json = arguments.flag("json")
    }

    func run() throws {
        var policy = SecurityPolicy(pinningMode: pinning.mode)
        var trust: Trust
        do {
            trust = try Trust(certificates: try CertificateLoader.load(chain).map(\.certificate), policies: [.basicX509], systemStore: trustOptions.systemStore)
            try trustOptions.apply(to: &trust)
            policy.pinnedCertificates = Set(try CertificateLoader.loadAllowingNone(pinned).map { Array($0.certificate.derEncoded) })
        } catch let error as InputError {
            printError(error.line)
            throw ExitStatus.badInput
        }
        policy.allowInvalidCertificates = allowInvalidCertificates
        policy.validatesDomainName = !noValidatesDomainName
        let decision = policy.decide(&trust, forDomain: domain)
        // Step 1 can answer before any evaluation: show the trust as it stands then.
        let evaluation = trust.evaluate()
        if json {
            print(JSONValue.object([
                ("allowed", .bool(decision.isAllowed)),
                ("steps", .array(decision.steps.map(JSONValue.string))),
                ("trust", TrustRendering.json(evaluation)),
            ]).serialized)
        } else {
            for step in decision.steps { print(step) }
            TrustRendering.printText(evaluation)
            print(decision.isAllowed ? "allowed" : "not allowed")
        }
        if !decision.isAllowed { throw ExitStatus.notTrusted }
    }
}

extension CertificateLoader {
    /// ``load(_:)``, but no files give no certificates instead of an error.
    static func loadAllowingNone(_ paths: [String]) throws(InputError) -> [(location: String, certificate: Certificate)] {
        paths.isEmpty ? [] : try load(paths)
    }
}
