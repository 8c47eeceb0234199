import ArgumentParser
import VouchCrypto
import VouchDER
import VouchTrust
import VouchX509

/// `vouch verify CHAIN...`: SecTrust evaluation of the certificates given (CLI.md).
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Evaluate a chain as Apple's SecTrust does (index 0 is the leaf).",
        discussion: """
            The certificates of all files, in order, form the trust's certificate array. Without \
            --anchors the system trust store is the anchor set. Exit 0 when trusted, 1 when not.
            """
    )

    enum Policy: String, ExpressibleByArgument, CaseIterable {
        case basic, sslServer = "ssl-server", sslClient = "ssl-client"
    }

    @Argument(help: "DER or PEM files, or '-' for standard input.")
    var chain: [String]

    @OptionGroup var trustOptions: TrustOptions

    @Option(help: "basic, ssl-server (default) or ssl-client.")
    var policy: Policy = .sslServer

    @Option(help: "The SSL policy's hostname (absent: no hostname check).")
    var host: String?

    @Option(help: "Check revocation against the CRLs of this file, DER or PEM 'X509 CRL' blocks (repeatable; never fetched).")
    var crl: [String] = []

    @Flag(help: "Fail certificates whose status no CRL determines (kSecRevocationRequirePositiveResponse).")
    var requireRevocationResponse = false

    @Flag(help: "Print one JSON object.")
    var json = false

    @Flag(help: "Tell how the chain was built: each candidate issuer, parked path, judged path and score.")
    var explain = false

    func run() throws {
        let trustPolicy: TrustPolicy
        switch policy {
        case .basic: trustPolicy = .basicX509
        case .sslServer: trustPolicy = .ssl(server: true, hostname: host)
        case .sslClient: trustPolicy = .ssl(server: false, hostname: host)
        }
        var trust: Trust
        do {
            let certificates = try CertificateLoader.load(chain).map(\.certificate)
            trust = try Trust(certificates: certificates, policies: [trustPolicy])
            try trustOptions.apply(to: &trust)
            if !crl.isEmpty { trust.setCRLs(try CRLLoader.load(crl)) }
            if requireRevocationResponse { trust.setRevocationResponseRequired(true) }
        } catch let error as InputError {
            printError(error.line)
            throw ExitStatus.badInput
        }
        let (evaluation, events) = explain ? trust.evaluateExplaining() : (trust.evaluate(), [])
        if explain && !json {
            for event in events { print("· \(event)") }
        }
        if json {
            var object = TrustRendering.json(evaluation)
            if explain, case .object(var members) = object {
                members.append(("explanation", .array(events.map { .string($0.description) })))
                object = .object(members)
            }
            print(object.serialized)
        } else {
            TrustRendering.printText(evaluation)
        }
        if !evaluation.isTrusted { throw ExitStatus.notTrusted }
    }
}

/// The anchor and date options `verify` and `policy` share.
struct TrustOptions: ParsableArguments {
    @Option(help: "Trust only the certificates of this file (repeatable): SecTrustSetAnchorCertificates.")
    var anchors: [String] = []

    @Flag(help: "With --anchors: trust the system roots too (SecTrustSetAnchorCertificatesOnly(false)).")
    var systemAnchors = false

    @Flag(help: "Trust nothing: SecTrustSetAnchorCertificates([]).")
    var noAnchors = false

    @Option(help: "The verify date: RFC 3339 (2020-06-01T00:00:00Z) or @UNIXSECONDS.")
    var at: String?

    func validate() throws {
        if noAnchors && !anchors.isEmpty { throw ValidationError("--no-anchors and --anchors exclude each other") }
        if systemAnchors && anchors.isEmpty { throw ValidationError("--system-anchors goes with --anchors") }
        if let at, DERTime(rfc3339: at) == nil { throw ValidationError("--at: not RFC 3339 or @UNIXSECONDS: \(at)") }
    }

    /// Applies the options to `trust` in Apple's order (anchors, then anchors-only, then date).
    func apply(to trust: inout Trust) throws(InputError) {
        if noAnchors {
            trust.setAnchorCertificates([])
        } else if !anchors.isEmpty {
            trust.setAnchorCertificates(try CertificateLoader.load(anchors).map(\.certificate))
            if systemAnchors { trust.setAnchorCertificatesOnly(false) }
        }
        if let at, let date = DERTime(rfc3339: at) { trust.setVerifyDate(date) }
    }
}

/// Reads CRL files: a DER CRL, or every `X509 CRL` PEM block of a text file.
enum CRLLoader {
    static func load(_ paths: [String]) throws(InputError) -> [CertificateRevocationList] {
        var crls: [CertificateRevocationList] = []
        for path in paths {
            let file = try InputFile.read(path)
            let documents = try file.documents().filter { $0.label == nil || $0.label == "X509 CRL" }
            guard !documents.isEmpty else { throw InputError(file: file.name, message: "no X509 CRL block") }
            for document in documents {
                do {
                    crls.append(try CertificateRevocationList(derEncoded: document.der))
                } catch {
                    throw InputError(file: document.location(in: file.name), message: "not a CRL: \(error)")
                }
            }
        }
        return crls
    }
}
