import VouchCrypto
import VouchDER
import VouchHTTP
import VouchJSON
import VouchPinning
import VouchTrust
import VouchX509

/// `vouch verify CHAIN...`: SecTrust evaluation of the certificates given (docs/CLI.md).
struct VerifyCommand: Subcommand {
    static let spec = CommandSpec(
        name: "verify",
        abstract: "Evaluate a chain as Apple's SecTrust does (index 0 is the leaf).",
        discussion: """
            The certificates of all files, in order, form the trust's certificate array. Without \
            --anchors the system trust store is the anchor set. Exit 0 when trusted, 1 when not.

            --json prints one object:
              trusted     true or false
              result      SecTrustResultType: unspecified, proceed, deny, recoverableTrustFailure,
                          fatalTrustFailure, invalid or otherError
              status      what SecTrustEvaluateWithError reports (an OSStatus); 0 when trusted
              error       the errSec... name of status; null when trusted
              chain       the built chain: [{"sha256", "subject", "public_key", "spki_sha256", "anchor"}]
                          (public_key: hex of SecKeyCopyExternalRepresentation, null if unsupported)
              failures    every failed check: [{"index", "check", "status"}] by chain index; a
                          UsageConstraints (Deny) failure adds "trust_setting": {"domain", "constraint"};
                          a Revocation only a --crl file found adds "extension": "crl" (trustd reads
                          no CRLs)
              trust_decisions  what trust settings and exceptions did: [{"kind", "index", "domain",
                          "constraint", "check"}] (anchored, proceed, denied, allowedError, excepted)
              exceptions  SecTrustCopyExceptions: [{"sha1", "<Check>": false, ...}, {}], for --exceptions
              ocsp_responses  with --ocsp-response: [{"file", "error"}] (error: why it does not parse, or null)
              ocsp_answers    [{"index", "response", "status"}]: the response that counted per certificate
              certificate_transparency  with a log list (Apple's by default) or --sct:
                          kSecTrustCertificateTransparency, true when trusted and CT-qualified;
                          null when not judged; certificate_transparency_details: {"log_list",
                          "system_log_list": null for a list you gave, else {"source", "date",
                          "current"},
                          "qualified", "required", "current_logs", "qualified_embedded_logs",
                          "required_embedded_logs", "scts": [{"source", "log_id", "timestamp",
                          "algorithm", "log", "verdict"}]}
              extended_validation  kSecTrustExtendedValidation: true when trusted and EV as trustd
                          decides it (Apple's system store only; the leaf needs a good --ocsp-response)
              revocation  SecTrustCopyResult's kSecTrustRevocationChecked, ValidUntilDate and Reason:
                          {"checked", "valid_until": RFC 3339, "reason": CRLReason code, -1 when
                          none given}, each null when Apple leaves it out; null when all are
              fetches     what was fetched (SECTRUST.md §16): [{"url", "purpose": "caIssuers" or "ocsp",
                          "outcome": "ok", "cache", "failed" or "skipped", "detail", "ms"}]
              explanation with --explain: the lines of the trace

            Like a Mac, an SSL evaluation fetches what it lacks: a missing intermediate from the \
            certificate's caIssuers URL, and OCSP answers when --revocation asks for them (basic \
            does not fetch unless --network). Only http URLs are fetched, never from link-local or \
            cloud-metadata addresses, and from loopback only with --allow-loopback. Fetched \
            issuers and OCSP responses are kept in the cache (--cache, default the user's cache \
            directory) with Apple's lifetimes.
            """,
        arguments: [ArgumentSpec(name: "chain", arity: .zeroOrMore, help: "DER or PEM files, or '-' for standard input (none with --jws: its x5c is the chain).")],
        options: TrustOptions.specs + [
            .value("policy", "policy", "basic, ssl-server (default), ssl-client, or one of Apple's other policies: smime, code-signing, timestamping, eap, eap-client, ipsec, ocsp-signer, app-store-receipt, apple-pay-issuer-encryption, apple-pay-token, passbook, apple-id."),
            .value("host", "name", "The SSL or IPsec policy's hostname (absent: no hostname check)."),
            .value("email", "address", "S/MIME: the address the leaf must carry."),
            .value("key-usage", "names", "S/MIME: the usages, comma-separated (digitalSignature, keyEncipherment, dataEncipherment, keyAgreement; default all); SSL: SecPolicyCreateSSLWithKeyUsage's usages, which a leaf keyUsage must hold (or be absent)."),
            .repeatable("name", "name", "EAP: a trusted server name (wildcards allowed); Passbook: the card issuer."),
            .value("team-id", "id", "Passbook: the team identifier the leaf's organizational unit must be."),
            .repeatable("sha256-pin", "leaf:pin|ca:pin", "SecPolicySetSHA256Pins: the leaf's, or some CA's, SPKI SHA-256 (base64, as 'vouch pin' prints it without sha256/); 'leaf:' or 'ca:' alone sets that list empty."),
            .repeatable("policy-option", "name[=bool]", "SecPolicySetOptionsValue on every policy: PinningRequired, CTRequired, NonTlsCTRequired (judged with --ct-logs only; true when no value is given)."),
            .value("jws", "file", "A JWS in compact serialization (StoreKit 2, App Store Server API signed data): its x5c certificates are the certificate array (CHAIN files follow them), judged under app-store-receipt unless --policy says otherwise; then the JWS signature is checked with the leaf's key. Exit 0 only when both hold."),
            .repeatable("apple-anchors", "file", "Vouch's own: count these roots as Apple's for AnchorApple (Apple's kSecPolicyAppleAnchorIncludeTestRoots), for test and private chains; they must still be anchors to be trusted."),
            .value("ct-exceptions", "file", "SecTrustStoreSetCTExceptions: JSON {\"domains\": [...], \"certificates\": [\"<base64 SPKI SHA-256>\", ...]}: exempt from the CT requirement of system-rooted SSL server chains."),
            .value("pinning-policy-name", "name", "SecTrustSetPinningPolicyName: ask Apple's pinning database for this policy name's rules before the hostname's (applied under --system-roots apple)."),
            .repeatable("crl", "file", "Check revocation against the CRLs of this file, DER or PEM 'X509 CRL' blocks (never fetched)."),
            .flag("require-revocation-response", "Fail the leaf when no CRL or OCSP response determines its status, as adding require-positive-response to --revocation (kSecRevocationRequirePositiveResponse; trustd asks it of the leaf alone; --profile strict of every certificate)."),
            .repeatable("ocsp-response", "file", "SecTrustSetOCSPResponse: a DER OCSPResponse (RFC 6960), stapled or fetched by you. A revoked answer fails the certificate; a fresh good one is a positive response; one that does not apply is ignored (--explain says why)."),
            .value("now", "time", "The current time OCSP freshness is judged at, as Apple reads the clock rather than the verify date: RFC 3339 or @UNIXSECONDS (default: the clock)."),
            .repeatable("sct", "file", "SecTrustSetSignedCertificateTimestamps: the TLS extension's SignedCertificateTimestampList (RFC 6962 §3.3), raw bytes."),
            .value("ct-logs", "file|apple|none", "SecTrustSetTrustedLogs: Apple's trusted-logs property list or a v3 log_list.json, with which Certificate Transparency is judged and required of system-rooted SSL server chains; 'apple': Apple's embedded list, set as a caller's list (required whatever its age); 'none': CT not judged. Default: under --system-roots apple, Apple's embedded list, which requires CT while the verify date is less than 60 days from the store's date ('vouch roots'), as a Mac stops requiring it 60 days after its last trust-store update; under linux, none."),
            .value("exceptions", "file", "SecTrustSetExceptions: the JSON array a previous --json printed under \"exceptions\"."),
            .flag("network", "SecTrustSetNetworkFetchAllowed(true): fetch missing issuers and OCSP answers whatever the policies say."),
            .flag("no-network", "SecTrustSetNetworkFetchAllowed(false): fetch nothing (the cache is still read)."),
            .flag("allow-loopback", "A fetch may go to a loopback address (never to link-local or metadata addresses)."),
            .repeatable("resolve", "host:port:address", "As curl's: a fetch for HOST:PORT connects to ADDRESS instead of resolving HOST."),
            .repeatable("connect-to", "host:port:address:port2", "As curl's: a fetch for HOST:PORT connects to ADDRESS:PORT2 (the request still names HOST:PORT)."),
            .value("revocation", "flags", "Add SecPolicyCreateRevocation with Apple's flags, comma-separated: ocsp, crl, any, prefer-crl, require-positive-response, network-access-disabled, check-if-trusted, online-check (every method means OCSP)."),
            .value("cache", "dir", "Keep fetched issuers and OCSP responses here (default: $XDG_CACHE_HOME/vouch, else ~/.cache/vouch); an unusable directory means no cache."),
            .flag("no-cache", "Neither read nor write a cache."),
            .flag("json", "Print one JSON object."),
            .flag("explain", "Tell how the chain was built: each candidate issuer, parked path, judged path and score."),
            .flag("html", "Print one self-contained HTML page: the verdict, every check on every certificate of the built chain, how the path was built, and each certificate's bytes beside its ASN.1 tree."),
        ]
    )

    let chain: [String]
    let trustOptions: TrustOptions
    let policyArguments: PolicyArguments
    let ctExceptions: String?
    let jws: String?
    let appleAnchors: [String]
    let pinningPolicyName: String?
    let crl: [String]
    let requireRevocationResponse: Bool
    let ocspResponses: [String]
    let now: String?
    let sct: [String]
    let ctLogs: String?
    let exceptions: String?
    let json: Bool
    let explain: Bool
    let html: Bool
    /// `--network` (true) or `--no-network` (false); `nil`: the policies' defaults.
    let network: Bool?
    let allowLoopback: Bool
    let overrides: [HostOverride]
    let revocation: RevocationFlags?
    /// The cache directory, `nil` for none.
    let cacheDirectory: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        chain = arguments.positionals
        trustOptions = try TrustOptions(arguments)
        policyArguments = try PolicyArguments(arguments)
        ctExceptions = arguments.value("ct-exceptions")
        jws = arguments.value("jws")
        appleAnchors = arguments.values("apple-anchors")
        if chain.isEmpty && jws == nil { throw UsageError("give at least one CHAIN file, or --jws FILE") }
        pinningPolicyName = arguments.value("pinning-policy-name")
        crl = arguments.values("crl")
        requireRevocationResponse = arguments.flag("require-revocation-response")
        ocspResponses = arguments.values("ocsp-response")
        now = arguments.value("now")
        if let now, DERTime(rfc3339: now) == nil { throw UsageError("--now: not RFC 3339 or @UNIXSECONDS: \(now)") }
        sct = arguments.values("sct")
        ctLogs = arguments.value("ct-logs")
        exceptions = arguments.value("exceptions")
        json = arguments.flag("json")
        explain = arguments.flag("explain")
        html = arguments.flag("html")
        if json && html { throw UsageError("--json and --html exclude each other") }
        if arguments.flag("network") && arguments.flag("no-network") { throw UsageError("--network and --no-network exclude each other") }
        network = arguments.flag("network") ? true : arguments.flag("no-network") ? false : nil
        allowLoopback = arguments.flag("allow-loopback")
        var overrides: [HostOverride] = []
        do {
            for text in arguments.values("resolve") { overrides.append(try HostOverride.resolve(text)) }
            for text in arguments.values("connect-to") { overrides.append(try HostOverride.connectTo(text)) }
        } catch {
            throw UsageError("--resolve/--connect-to: \(error)")
        }
        self.overrides = overrides
        revocation = try arguments.value("revocation").map { text throws(UsageError) in try Self.revocationFlags(text) }
        if arguments.flag("no-cache") && arguments.value("cache") != nil { throw UsageError("--cache and --no-cache exclude each other") }
        cacheDirectory = arguments.flag("no-cache") ? nil : arguments.value("cache") ?? FetchCache.defaultDirectory
    }

    /// Apple's revocation flags by name, comma-separated.
    static func revocationFlags(_ text: String) throws(UsageError) -> RevocationFlags {
        var flags: RevocationFlags = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let named = RevocationFlags.names.first(where: { $0.name == name }) else {
                throw UsageError("--revocation: unknown flag '\(name)' (expected \(RevocationFlags.names.map(\.name).joined(separator: ", ")))")
            }
            flags.formUnion(named.flags)
        }
        return flags
    }

    func run() throws {
        let trustPolicy = try policyArguments.trustPolicy()
        var trust: Trust
        var signedData: CompactJWS? = nil
        var ocspFiles: [InputFile] = []
        var sctNotes: [String] = []
        do {
            if let jws { signedData = try JWSRendering.load(jws) }
            let certificates = (signedData?.certificates ?? []) + (chain.isEmpty ? [] : try CertificateLoader.load(chain).map(\.certificate))
            var policies = [trustPolicy] + (revocation.map { [TrustPolicy.revocation($0)] } ?? [])
            policyArguments.applyOptions(to: &policies)
            trust = try Trust(certificates: certificates, policies: policies, systemStore: trustOptions.systemStore)
            if let network { trust.setNetworkFetchAllowed(network) }
            try trustOptions.apply(to: &trust)
            if let pinningPolicyName { trust.setPinningPolicyName(pinningPolicyName) }
            if !appleAnchors.isEmpty { trust.setAppleAnchors(try CertificateLoader.load(appleAnchors).map(\.certificate)) }
            if let ctExceptions {
                let input = try InputFile.read(ctExceptions)
                do {
                    trust.setCertificateTransparencyExceptions(try CertificateTransparencyExceptionsFile.read(input.bytes))
                } catch {
                    throw InputError(file: input.name, message: error.message)
                }
            }
            if !crl.isEmpty { trust.setCRLs(try CRLLoader.load(crl)) }
            if requireRevocationResponse { trust.setRevocationResponseRequired(true) }
            if !ocspResponses.isEmpty {
                ocspFiles = try OCSPRendering.load(ocspResponses)
                trust.setOCSPResponses(ocspFiles.map(\.bytes))
            }
            if let now, let time = DERTime(rfc3339: now) { trust.setCurrentTime(time) }
            if !sct.isEmpty {
                let loaded = try TransparencyRendering.loadTimestamps(sct)
                trust.setSignedCertificateTimestamps(loaded.timestamps)
                sctNotes = loaded.notes
            }
            switch ctLogs {
            case nil: break
            case "none"?: trust.setUsesSystemTrustedLogs(false)
            case "apple"?: trust.setTrustedLogs(AppleTrustStoreSnapshot.embedded.certificateTransparencyLogs)
            case let file?: trust.setTrustedLogs(try TransparencyRendering.loadLogs(file))
            }
            if let exceptions, !trust.setExceptions(try ExceptionsFile.load(exceptions)) {
                // SecTrustSetExceptions returns false and evaluates as if none were set: say so.
                printError("\(exceptions): ignored: the first entry's sha1 is not this leaf's (SecTrustSetExceptions returns false)")
            }
        } catch let error as InputError {
            if html { try printUnevaluatedPage(error) }
            printError(error.line)
            throw ExitStatus.badInput
        }
        let fetcher = TrustFetcher(
            transport: HTTPClient(
                addressPolicy: AddressPolicy(allowsLoopback: allowLoopback), userAgent: "vouch/\(Vouch.version)", overrides: overrides),
            cache: cacheDirectory.map(FetchCache.init(directory:)))
        if trust.canAccessNetwork || cacheDirectory != nil { _ = fetcher.evaluate(&trust) }
        if html { return try printPage(&trust, policy: trustPolicy) }
        let (evaluation, events) = explain ? trust.evaluateExplaining() : (trust.evaluate(), [])
        let fetchLines = fetcher.log.map(Self.line)
        let signature = signedData.map(JWSRendering.signatureVerdict)
        if explain && !json {
            for line in fetchLines { print("· \(line)") }
            for event in events { print("· \(event)") }
            // The SCTs; the verdict line follows with the chain.
            for line in (evaluation.certificateTransparency.map(TransparencyRendering.lines) ?? []).dropLast() { print("· \(line)") }
            if let note = TransparencyRendering.unjudgedNote(evaluation) { print("· \(note)") }
            if !ocspFiles.isEmpty { for line in OCSPRendering.explanation(&trust, files: ocspFiles) { print("· \(line)") } }
            for note in sctNotes { print("· \(note)") }
            for note in SystemRootsRendering.notes(evaluation, store: trust.systemStore) { print("· \(note)") }
            for line in TrustRendering.revocationLines(evaluation) { print("· \(line)") }
        }
        if json {
            var object = TrustRendering.json(evaluation)
            if case .object(var members) = object {
                members.append(("exceptions", TrustExceptionsFile.json(trust.copyExceptions())))
                members += TransparencyRendering.jsonMembers(evaluation)
                members.append(("extended_validation", .bool(evaluation.isExtendedValidation)))
                if !ocspFiles.isEmpty { members += OCSPRendering.jsonMembers(&trust, files: ocspFiles) }
                members.append(("fetches", .array(fetcher.log.map(Self.json))))
                if let signedData, let signature { members.append(("jws", JWSRendering.json(signedData, verdict: signature))) }
                if explain {
                    var lines = fetchLines + events.map(\.description)
                    lines += evaluation.certificateTransparency.map(TransparencyRendering.lines) ?? []
                    if let note = TransparencyRendering.unjudgedNote(evaluation) { lines.append(note) }
                    if !ocspFiles.isEmpty { lines += OCSPRendering.explanation(&trust, files: ocspFiles) }
                    lines += sctNotes
                    lines += SystemRootsRendering.notes(evaluation, store: trust.systemStore)
                    lines += TrustRendering.revocationLines(evaluation)
                    members.append(("explanation", .array(lines.map { .string($0) })))
                }
                object = .object(members)
            }
            print(object.serialized)
        } else {
            TrustRendering.printText(evaluation)
            if let signedData, let signature { print(JWSRendering.line(signedData, verdict: signature)) }
        }
        if !evaluation.isTrusted || signature?.valid == false { throw ExitStatus.notTrusted }
    }

    /// A fetch as `--explain` prints it.
    static func line(_ record: TrustFetcher.FetchRecord) -> String {
        let time = record.outcome == .ok || record.outcome == .failed ? " (\(record.milliseconds) ms)" : ""
        return "fetch \(record.purpose.rawValue) \(record.url): \(record.outcome.rawValue), \(record.detail)\(time)"
    }

    /// A `fetches` entry of `--json` (docs/CLI.md).
    static func json(_ record: TrustFetcher.FetchRecord) -> JSONValue {
        .object([
            ("url", .string(record.url)), ("purpose", .string(record.purpose.rawValue)), ("outcome", .string(record.outcome.rawValue)),
            ("detail", .string(record.detail)), ("ms", .int(Int64(record.milliseconds))),
        ])
    }
}

/// The anchor and date options `verify` and `policy` share.
struct TrustOptions {
    /// The options' declarations, shared by the commands that take them.
    static let specs: [OptionSpec] = [
        .repeatable("anchors", "file", "Trust only the certificates of this file: SecTrustSetAnchorCertificates."),
        .flag("system-anchors", "With --anchors: trust the system roots too (SecTrustSetAnchorCertificatesOnly(false))."),
        .flag("no-anchors", "Trust nothing: SecTrustSetAnchorCertificates([])."),
        .value("at", "time", "The verify date: RFC 3339 (2020-06-01T00:00:00Z) or @UNIXSECONDS."),
        .value("profile", "profile", profileHelp),
        .value("system-roots", "store", systemRootsHelp),
        .repeatable("trust-settings", "[user:|admin:]file", "User (default) or admin trust settings: the property list 'security trust-settings-export' writes, or the same as JSON (consulted when the system store is in the anchor set)."),
    ]

    static let systemRootsHelp = "apple (the default: Apple's trust store built in, at the version 'vouch roots' prints, with what this machine's administrator added to the distribution's store as admin trust settings) or linux (the distribution's store: SSL_CERT_FILE, SSL_CERT_DIR, the well-known files)."

    /// Reads `--system-roots`.
    static func systemStore(_ arguments: ParsedArguments) throws(UsageError) -> SystemTrustStore {
        let kind = try arguments.value("system-roots", expected: "apple or linux") { name -> SystemTrustStore.Kind? in
            name == "given" ? nil : SystemTrustStore.Kind(rawValue: name)
        }
        return kind == .linux ? .linux : .apple
    }

    static let profileHelp = "apple (the default: SecTrust's rules, quirks included) or strict (RFC 5280 and the CA/B Forum profile as x509-limbo encodes them)."

    /// Reads `--profile`.
    static func profile(_ arguments: ParsedArguments) throws(UsageError) -> ValidationProfile {
        try arguments.value("profile", expected: "apple or strict", ValidationProfile.init(named:)) ?? .apple
    }

    let anchors: [String]
    let systemAnchors: Bool
    let noAnchors: Bool
    let at: String?
    let profile: ValidationProfile
    let trustSettings: [String]
    /// The system domain `--system-roots` chose.
    let systemStore: SystemTrustStore

    init(_ arguments: ParsedArguments) throws(UsageError) {
        profile = try Self.profile(arguments)
        systemStore = try Self.systemStore(arguments)
        trustSettings = arguments.values("trust-settings")
        anchors = arguments.values("anchors")
        systemAnchors = arguments.flag("system-anchors")
        noAnchors = arguments.flag("no-anchors")
        at = arguments.value("at")
        if noAnchors && !anchors.isEmpty { throw UsageError("--no-anchors and --anchors exclude each other") }
        if systemAnchors && anchors.isEmpty { throw UsageError("--system-anchors goes with --anchors") }
        if let at, DERTime(rfc3339: at) == nil { throw UsageError("--at: not RFC 3339 or @UNIXSECONDS: \(at)") }
    }

    /// Applies the options to `trust` in Apple's order (anchors, then anchors-only, then date).
    func apply(to trust: inout Trust) throws(InputError) {
        if noAnchors {
            trust.setAnchorCertificates([])
        } else if !anchors.isEmpty {
            let loaded = try CertificateLoader.load(anchors, readingTrustData: true)
            trust.setAnchorCertificates(loaded.map(\.certificate))
            // What their TRUSTED CERTIFICATE blocks say (SECTRUST.md §15.6).
            var metadata = TrustSettings()
            for anchor in loaded { if let auxiliary = anchor.auxiliary { metadata.setSystemConstraints(from: auxiliary, for: anchor.certificate) } }
            if !metadata.isEmpty { trust.setAnchorTrustMetadata(metadata) }
            if systemAnchors { trust.setAnchorCertificatesOnly(false) }
        }
        if let at, let date = DERTime(rfc3339: at) { trust.setVerifyDate(date) }
        trust.setValidationProfile(profile)
        if !trustSettings.isEmpty {
            let known = trust.certificates + (trust.anchors ?? []), store = trust.systemStore
            var settings = TrustSettings()
            var warnings: [String] = []
            for argument in trustSettings {
                try TrustSettingsArgument.load(argument, known: known, system: { store.certificates }, into: &settings, warnings: &warnings)
            }
            for warning in warnings { printError(warning) }
            trust.setTrustSettings(settings)
        }
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
