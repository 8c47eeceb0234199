import ArgumentParser
import NIOCore
import NIOPosix
import NIOSSL
import VouchNIO
import VouchPinning
import VouchTrust
import VouchX509

/// `vouch-connect HOST:PORT`: a TLS handshake in which Vouch decides whether to trust the server,
/// the decision, and the chain the server sent (optionally saved as DER files to pin).
@main
struct VouchConnect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vouch-connect",
        abstract: "Connect with TLS, let Vouch judge the server (AFSecurityPolicy or sha256/ pins), show its chain.",
        discussion: """
            The server's chain is judged for --servername (default: HOST) as a session's server-trust \
            challenge: AFNetworking's evaluateServerTrust:forDomain: with --pinning/--pinned, or a \
            sha256/ pin set with --pin. NIO SSL's own hostname check is off: Vouch alone decides. \
            --save-chain DIR writes what the server sent as DIR/chain-0.der (the leaf), chain-1.der… \
            Exit codes: 0 allowed, 1 not allowed, 2 bad input (unreadable or malformed file, cannot \
            write --save-chain), 3 no decision: the connection or the handshake failed for another \
            reason than Vouch's answer, 64 usage error.
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

    /// Who verifies, for --repeat measurements (hidden).
    enum Verification: String, ExpressibleByArgument, CaseIterable {
        case vouch, nioSSL = "nio-ssl"
    }

    @Argument(help: "HOST:PORT ([IPv6]:PORT for IPv6 addresses).")
    var address: String

    @Option(help: "The name judged and sent as SNI (default: HOST).")
    var servername: String?

    @Option(help: "none (default), public-key or certificate: SSLPinningMode.")
    var pinning: Pinning = .none

    @Option(help: "Pin every certificate of this file (repeatable): pinnedCertificates.")
    var pinned: [String] = []

    @Option(help: "A sha256/ SPKI pin for the server name (repeatable): a pin set rule instead of AFSecurityPolicy.")
    var pin: [String] = []

    @Option(help: "Trust only the certificates of this file (repeatable): SecTrustSetAnchorCertificates.")
    var anchors: [String] = []

    @Flag(help: "allowInvalidCertificates = YES.")
    var allowInvalidCertificates = false

    @Flag(help: "validatesDomainName = NO (BasicX509 instead of the SSL policy).")
    var noValidatesDomainName = false

    @Option(help: "Write the certificates the server sent to this directory as chain-0.der (leaf), chain-1.der…")
    var saveChain: String?

    @Flag(help: "Print one JSON object: {\"allowed\", \"steps\", \"trust\", \"sent\", …}.")
    var json = false

    @Option(help: .hidden)
    var `repeat`: Int = 1

    @Option(help: .hidden)
    var verification: Verification = .vouch

    /// Measurement only: an empty system store, to see what the machine's roots cost per decision
    /// (VouchTrust adds every system root to the candidate pool of each evaluation).
    @Flag(help: .hidden)
    var emptySystemStore = false

    var target: (host: String, port: Int) {
        get throws {
            guard let colon = address.lastIndex(of: ":") else { throw ValidationError("expected HOST:PORT, got \(address)") }
            var host = String(address[..<colon])
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            guard !host.isEmpty, let port = Int(address[address.index(after: colon)...]), (1...65535).contains(port) else {
                throw ValidationError("expected HOST:PORT with a port from 1 to 65535, got \(address)")
            }
            return (host, port)
        }
    }

    func validate() throws {
        _ = try target
        if !pin.isEmpty {
            if pinning != .none || !pinned.isEmpty || allowInvalidCertificates || noValidatesDomainName {
                throw ValidationError("--pin (a pin set) excludes --pinning, --pinned, --allow-invalid-certificates and --no-validates-domain-name")
            }
            for text in pin where SPKIPin(text) == nil {
                throw ValidationError("--pin: not a sha256/ pin (sha256/ and the Base64 of 32 bytes): \(text)")
            }
            guard HostPattern(try servername ?? target.host) != nil else {
                throw ValidationError("--pin: the server name cannot be a pin set pattern")
            }
        }
        guard (1...100_000).contains(`repeat`) else { throw ValidationError("--repeat: from 1 to 100000") }
    }

    func run() throws {
        let (host, port) = try target
        let name = servername ?? host
        let verifier: VouchVerifier
        let anchorCertificates: [Certificate]
        do {
            anchorCertificates = try CertificateFiles.load(anchors)
            verifier = try makeVerifier(name: name, anchors: anchors.isEmpty ? nil : anchorCertificates)
        } catch {
            printError(error.line)
            throw ExitCode(2)
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        if `repeat` > 1 || verification == .nioSSL {
            return try measure(host: host, port: port, name: name, verifier: verifier, anchors: anchorCertificates, group: group)
        }
        let outcome = try TLSProbe.handshake(host: host, port: port, serverName: name, verifier: verifier,
                                             configuration: VouchVerifier.tlsConfiguration(), group: group).wait()
        var saved: [String] = []
        if let saveChain, let decision = outcome.decision {
            do {
                saved = try ChainFiles.save(decision.presentedCertificates, to: saveChain)
            } catch {
                printError(error.line)
                throw ExitCode(2)
            }
        }
        let report = ConnectReport(host: host, port: port, serverName: name, outcome: outcome, saved: saved)
        if json { print(report.json.serialized) } else { report.printText() }
        guard let decision = outcome.decision else {
            printError("\(address): no decision: \(outcome.handshakeError ?? "the handshake ended early")")
            throw ExitCode(3)
        }
        guard decision.isAllowed else { throw ExitCode(1) }
        if let error = outcome.handshakeError {
            printError("\(address): allowed, but the handshake failed: \(error)")
            throw ExitCode(3)
        }
    }

    func makeVerifier(name: String, anchors: [Certificate]?) throws(InputError) -> VouchVerifier {
        if !pin.isEmpty, let pattern = HostPattern(name) {
            let rule = PinRule(pattern, pins: Set(pin.compactMap { SPKIPin($0) }))
            return VouchVerifier(pinSet: PinSet([rule]), anchors: anchors, systemStore: systemStore)
        }
        var policy = SecurityPolicy(pinningMode: pinning.mode)
        policy.pinnedCertificates = Set(try CertificateFiles.load(pinned).map { Array($0.derEncoded) })
        policy.allowInvalidCertificates = allowInvalidCertificates
        policy.validatesDomainName = !noValidatesDomainName
        return VouchVerifier(policy: policy, anchors: anchors, systemStore: systemStore)
    }

    var systemStore: SystemTrustStore { emptySystemStore ? SystemTrustStore(certificates: []) : .shared }
}
