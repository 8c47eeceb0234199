import ArgumentParser
import VouchPinning
import VouchTrust
import VouchX509

/// `vouch policy CHAIN...`: AFNetworking's `evaluateServerTrust:forDomain:` on a server trust made
/// as a URL session hands it over (CLI.md, AFSECURITYPOLICY.md §2).
struct PolicyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy",
        abstract: "Judge a server chain as AFNetworking's AFSecurityPolicy does (index 0 is the leaf).",
        discussion: """
            The server trust holds the certificates of all files in order, the BasicX509 policy and \
            the system anchors (or --anchors / --no-anchors), with the date of --at. Exit 0 when \
            allowed, 1 when not.
            """
    )

    enum Pinning: String, ExpressibleByArgument, CaseIterable {
        case none, publicKey = "public-key", certificate

        var mode: PinningMode {
            switch self {
            case .none: return .none
            case .publicKey: return .publicKey
            case .certificate: return .certificate
            }
        }
    }

    @Argument(help: "DER or PEM files, or '-' for standard input.")
    var chain: [String]

    @Option(help: "none (default), public-key or certificate: SSLPinningMode.")
    var pinning: Pinning = .none

    @Option(help: "Pin every certificate of this file (repeatable): pinnedCertificates.")
    var pinned: [String] = []

    @Flag(help: "allowInvalidCertificates = YES.")
    var allowInvalidCertificates = false

    @Flag(help: "validatesDomainName = NO (BasicX509 instead of the SSL policy).")
    var noValidatesDomainName = false

    @Option(help: "The domain argument (absent: nil).")
    var domain: String?

    @OptionGroup var trustOptions: TrustOptions

    @Flag(help: "Print one JSON object: {\"allowed\", \"steps\", \"trust\"}.")
    var json = false

    func run() throws {
        var policy = SecurityPolicy(pinningMode: pinning.mode)
        var trust: Trust
        do {
            trust = try Trust(certificates: try CertificateLoader.load(chain).map(\.certificate), policies: [.basicX509])
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
