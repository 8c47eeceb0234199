import VouchJSON
import VouchDER
import VouchPinning
import VouchTrust
import VouchX509

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `vouch pin FILE...`: the `sha256/` SPKI pin of every certificate (docs/CLI.md).
struct PinCommand: Subcommand {
    static let spec = CommandSpec(
        name: "pin",
        abstract: "Print the sha256/ public-key pin of every certificate in the files.",
        discussion: """
            One line per certificate: sha256/<base64 of SHA-256(SubjectPublicKeyInfo DER)>, the \
            base64 byte-identical to `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der \
            | openssl dgst -sha256 -binary | base64`.

            With --pin-set PINS.json and --host NAME, judges the files as a server chain (index 0 \
            the leaf) against the pin set instead: the rule for the host, the pins expected and \
            presented, the verdict. Exit 0 when allowed (or not pinned and the chain is trusted), \
            1 when blocked (or not pinned and not trusted), 2 for a bad file.
            """,
        arguments: [ArgumentSpec(name: "files", arity: .oneOrMore, help: "DER or PEM files, or '-' for standard input.")],
        options: [
            .flag("json", "Print one JSON array: [{\"file\", \"subject\", \"pin\"}, ...] (with --pin-set: one object)."),
            .value("pin-set", "file", "Judge the files as a server chain against this pin-set file (JSON; see the README)."),
            .value("host", "name", "With --pin-set: the server's host name."),
        ] + TrustOptions.specs
    )

    let files: [String]
    let json: Bool
    let pinSet: String?
    let host: String?
    let trustOptions: TrustOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        files = arguments.positionals
        json = arguments.flag("json")
        pinSet = arguments.value("pin-set")
        host = arguments.value("host")
        trustOptions = try TrustOptions(arguments)
        if (pinSet == nil) != (host == nil) { throw UsageError("--pin-set and --host go together") }
        if pinSet == nil && (!trustOptions.anchors.isEmpty || trustOptions.noAnchors || trustOptions.at != nil || !trustOptions.profile.isApple
            || !trustOptions.trustSettings.isEmpty)
        {
            throw UsageError("--anchors, --no-anchors, --at, --profile and --trust-settings go with --pin-set")
        }
    }

    func run() throws {
        if let pinSet, let host { return try judge(pinSetFile: pinSet, host: host) }
        let certificates: [(location: String, certificate: Certificate)]
        do {
            certificates = try CertificateLoader.load(files)
        } catch {
            printError(error.line)
            throw ExitStatus.badInput
        }
        if json {
            print(JSONValue.array(certificates.map { entry in
                .object([("file", .string(entry.location)), ("subject", .string(entry.certificate.subject.rfc4514)),
                         ("pin", .string(SPKIPin(entry.certificate).description))])
            }).serialized)
        } else {
            for entry in certificates { print(SPKIPin(entry.certificate).description) }
        }
    }
}

extension PinCommand {
    /// `--pin-set`: the pin set's decision on the chain for `host`. The rule's expiry is compared
    /// with `--at` when given (so that scripts get reproducible answers), else with the clock.
    func judge(pinSetFile: String, host: String) throws {
        let set: PinSet
        var trust: Trust
        do {
            set = try PinSet(contentsOfFile: pinSetFile)
            trust = try Trust(certificates: try CertificateLoader.load(files).map(\.certificate),
                              policies: [.ssl(server: true, hostname: host)], systemStore: trustOptions.systemStore)
            try trustOptions.apply(to: &trust)
        } catch let error as PinSetFileError {
            printError("\(pinSetFile): \(error)")
            throw ExitStatus.badInput
        } catch let error as InputError {
            printError(error.line)
            throw ExitStatus.badInput
        }
        let now = trust.verifyDate?.secondsSince1970 ?? Int64(time(nil))
        let decision = set.evaluate(&trust, host: host, now: now)
        let evaluation = trust.evaluate()
        let allowed: Bool
        switch decision.verdict {
        case .allow: allowed = true
        case .block: allowed = false
        case .notPinned: allowed = evaluation.isTrusted
        }
        let lacksBackup = decision.rule.map { $0.lacksBackupPin(for: evaluation.chain) } ?? false
        if json {
            print(JSONValue.object([
                ("verdict", .string(decision.verdict == .notPinned ? "not-pinned" : decision.verdict.rawValue)),
                ("allowed", .bool(allowed)),
                ("rule", .string(decision.rule.map { "\($0.pattern)" })),
                ("verification", .string(decision.verification?.rawValue)),
                ("report", .bool(decision.shouldReport)),
                ("expected", .array((decision.rule?.pins.map(\.description).sorted() ?? []).map(JSONValue.string))),
                ("presented", .array(decision.presentedPins.map { .string($0.description) })),
                ("backup_pin_missing", .bool(lacksBackup)),
                ("message", .string(decision.failureMessage)),
                ("trust", TrustRendering.json(evaluation)),
            ]).serialized)
        } else {
            if let rule = decision.rule {
                let expiry = rule.expiration.map { ", until \($0.rfc3339)" } ?? ""
                print("rule \(rule.pattern) (\(rule.isReportOnly ? "report only" : "enforced")\(expiry)), \(rule.pins.count) pin(s)")
            } else {
                print("\(host) is not pinned: the chain is judged as usual")
            }
            for (index, certificate) in evaluation.chain.enumerated() {
                print("chain[\(index)] \(SPKIPin(certificate)) \(certificate.subject.rfc4514)")
            }
            if let message = decision.failureMessage { print(message) }
            if let verification = decision.verification { print("pin check: \(verification.rawValue)") }
            if lacksBackup { print("warning: every pin of the rule is a key of this chain: add a backup pin") }
            if decision.verdict == .notPinned { TrustRendering.printText(evaluation) }
            print(allowed ? "allowed" : "blocked")
        }
        if !allowed { throw ExitStatus.notTrusted }
    }
}
