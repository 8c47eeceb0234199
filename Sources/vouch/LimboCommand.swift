#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import VouchDER
import VouchJSON
import VouchTrust
import VouchX509

/// `vouch limbo [FILE]`: the x509-limbo harness (docs/CLI.md). Each testcase becomes a ``Trust`` made as
/// `vouch verify` would make it; what SecTrust cannot express is checked after the evaluation.
struct LimboCommand: Subcommand {
    static let spec = CommandSpec(
        name: "limbo",
        abstract: "Run an x509-limbo suite through the SecTrust engine and print limbo's results JSON.",
        discussion: """
            Each testcase is one trust: the peer certificate then untrusted_intermediates as the \
            certificate array; SERVER as SecPolicyCreateSSL(true, expected_peer_name), CLIENT as \
            SecPolicyCreateSSL(false, nil); trusted_certs as the only anchors; validation_time as \
            the verify date (null: now); no system roots (limbo is self-contained).

            Checked by the harness after the evaluation, because SecTrust has no such setting \
            (each failure is named in `context` with "(harness)"):
              MaxChainDepth      max_chain_depth: the built chain's logical intermediates: leaf, anchor \
            and self-issued intermediates (a CA's key rollover, RFC 5280 §6.1.4 (l)) not counted
              ExtendedKeyUsage   extended_key_usage beyond the policy's own purpose (serverAuth for \
            SERVER, clientAuth for CLIENT): the leaf's EKU, when present, must list it or anyEKU
              KeyUsage           key_usage: the leaf's keyUsage, when present, must have each bit
              PeerName           expected_peer_names: RFC822 names among the leaf's SAN rfc822Names \
            (domain part case-insensitive); DNS and IP names as the SSL hostname check matches them

            crls are given to the trust (SecTrust never fetches any here); nothing is SKIPPED. A \
            peer certificate that does not parse is a FAILURE (Apple's SecCertificateCreateWithData gives nil); an \
            intermediate or anchor that does not parse is left out, as the caller could not make it.

            Standard error gets one summary line and the slowest pathological:: testcase (each \
            should be decided in under 100 ms; time with --jobs 1, the default). Exit 0 when the suite ran, 2 for an unreadable or \
            malformed suite.
            """,
        arguments: [ArgumentSpec(name: "file", arity: .optional, help: "The limbo JSON suite, or '-' (the default) for standard input.")],
        options: [
            .value("jobs", "count", "Evaluate on this many threads (results keep the suite's order)."),
            .value("profile", "profile", TrustOptions.profileHelp),
        ]
    )

    /// The most threads `--jobs` starts: far more than the machines this runs on have cores.
    static let maximumJobs = 64

    let file: String
    let jobs: Int
    let profile: ValidationProfile

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = arguments.positional(0) ?? "-"
        jobs = try arguments.value("jobs", expected: "a number of threads", Int.init) ?? 1
        profile = try TrustOptions.profile(arguments)
        guard (1...Self.maximumJobs).contains(jobs) else { throw UsageError("--jobs must be in 1...\(Self.maximumJobs)") }
    }

    func run() throws {
        let testcases: [LimboTestcase]
        do {
            let input = try InputFile.read(file)
            testcases = try LimboTestcase.suite(from: input)
        } catch {
            printError(error.line)
            throw ExitStatus.badInput
        }
        let outcomes = LimboHarness.runAll(testcases, jobs: jobs, profile: profile)
        var counts: [LimboOutcome.Result: Int] = [:]
        for outcome in outcomes { counts[outcome.result, default: 0] += 1 }
        let results: [JSONValue] = zip(testcases, outcomes).map { testcase, outcome in
            .object([
                ("id", .string(testcase.id)), ("actual_result", .string(outcome.result.rawValue)),
                ("context", .string(outcome.context)),
            ])
        }
        print(JSONValue.object([("version", .int(1)), ("harness", .string("vouch")), ("results", .array(results))]).serialized)
        var summary = "vouch limbo: \(testcases.count) testcases: \(counts[.success] ?? 0) SUCCESS, "
            + "\(counts[.failure] ?? 0) FAILURE, \(counts[.skipped] ?? 0) SKIPPED"
        let pathological = zip(testcases, outcomes).filter { $0.0.id.hasPrefix("pathological::") }
        if let slowest = pathological.max(by: { $0.1.milliseconds < $1.1.milliseconds }) {
            let over = slowest.1.milliseconds >= LimboHarness.pathologicalMilliseconds ? " OVER THE 100 ms LIMIT" : ""
            summary += "; slowest pathological: \(slowest.0.id) \(Self.twoDecimals(slowest.1.milliseconds)) ms\(over)"
        }
        printError(summary)
    }

    /// `value` with two decimals (`12.34`), as `%.2f` prints it, without Foundation.
    static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// One limbo testcase, with what the harness uses (docs/CLI.md; ../shared/vectors/README.md): null
/// lists read as empty, unknown keys are ignored.
struct LimboTestcase: Sendable {
    enum Kind: String { case server = "SERVER", client = "CLIENT" }

    let id: String
    let kind: Kind
    let trustedCertificates: [String]
    let untrustedIntermediates: [String]
    let peerCertificate: String
    let validationTime: DERTime?
    /// `expected_peer_name`: kind (DNS, IP, RFC822) and value.
    let peerName: (kind: String, value: String)?
    let peerNames: [(kind: String, value: String)]
    let keyUsage: [String]
    let extendedKeyUsage: [String]
    let maxChainDepth: Int?
    let crls: [String]

    /// Reads `{"version": 1, "testcases": [...]}`.
    ///
    /// - Throws: ``InputError`` naming the file and, for a bad testcase, its position, key and
    ///   byte offset.
    static func suite(from input: InputFile) throws(InputError) -> [LimboTestcase] {
        let root: JSONNode
        do { root = try JSONReader.parse(input.bytes) } catch {
            throw InputError(file: input.name, message: "not JSON: \(error)")
        }
        guard let testcases = root[member: "testcases"]?.arrayValue else {
            throw InputError(file: input.name, message: "not a limbo suite: no \"testcases\" list")
        }
        var result: [LimboTestcase] = []
        result.reserveCapacity(testcases.count)
        for (index, item) in testcases.enumerated() {
            guard item.members != nil else {
                throw InputError(file: input.name, message: "testcase \(index) (offset \(item.offset)): not an object")
            }
            do { result.append(try LimboTestcase(item)) } catch {
                let id = item[member: "id"]?.stringValue ?? "no id"
                throw InputError(file: input.name, message: "testcase \(index) (\(id)): \(error.message)")
            }
        }
        return result
    }

    struct FieldError: Error { let message: String }

    init(_ object: JSONNode) throws(FieldError) {
        func field(_ key: String) throws(FieldError) -> String {
            guard let value = object[member: key]?.stringValue else { throw FieldError(message: "\"\(key)\" missing or not a string") }
            return value
        }
        /// A list of strings; absent or null reads as empty.
        func list(_ key: String) throws(FieldError) -> [String] {
            guard let value = object[member: key], !value.isNull else { return [] }
            guard let items = value.arrayValue else { throw FieldError(message: "\"\(key)\" at offset \(value.offset) is not a list") }
            var strings: [String] = []
            for item in items {
                guard let string = item.stringValue else { throw FieldError(message: "\"\(key)\" at offset \(item.offset): not a string") }
                strings.append(string)
            }
            return strings
        }
        func name(_ value: JSONNode) throws(FieldError) -> (kind: String, value: String) {
            guard let kind = value[member: "kind"]?.stringValue, let text = value[member: "value"]?.stringValue else {
                throw FieldError(message: "the peer name at offset \(value.offset) is not {\"kind\", \"value\"}")
            }
            return (kind, text)
        }
        id = try field("id")
        guard let kind = Kind(rawValue: try field("validation_kind")) else {
            throw FieldError(message: "\"validation_kind\" is neither SERVER nor CLIENT")
        }
        self.kind = kind
        trustedCertificates = try list("trusted_certs")
        untrustedIntermediates = try list("untrusted_intermediates")
        peerCertificate = try field("peer_certificate")
        if let time = object[member: "validation_time"]?.stringValue {
            guard let date = DERTime(rfc3339: time) else { throw FieldError(message: "\"validation_time\" is not RFC 3339: \(time)") }
            validationTime = date
        } else {
            validationTime = nil
        }
        if let value = object[member: "expected_peer_name"], !value.isNull { peerName = try name(value) } else { peerName = nil }
        var names: [(kind: String, value: String)] = []
        if let value = object[member: "expected_peer_names"], !value.isNull {
            guard let items = value.arrayValue else { throw FieldError(message: "\"expected_peer_names\" is not a list") }
            for item in items { names.append(try name(item)) }
        }
        peerNames = names
        keyUsage = try list("key_usage")
        extendedKeyUsage = try list("extended_key_usage")
        maxChainDepth = object[member: "max_chain_depth"]?.int64Value.flatMap { Int(exactly: $0) }
        crls = try list("crls")
    }
}

/// What the harness decided for one testcase.
struct LimboOutcome: Sendable {
    enum Result: String, Sendable { case success = "SUCCESS", failure = "FAILURE", skipped = "SKIPPED" }
    let result: Result
    let context: String
    /// Wall time of the decision.
    var milliseconds = 0.0
}

/// Evaluates one testcase (see ``LimboCommand`` for the rules).
enum LimboHarness {
    /// The time within which a pathological testcase should be decided.
    static let pathologicalMilliseconds = 100.0

    /// Every testcase, timed, on `jobs` threads (each takes every `jobs`-th testcase).
    static func runAll(_ testcases: [LimboTestcase], jobs: Int, profile: ValidationProfile = .apple) -> [LimboOutcome] {
        let perJob = WorkerThreads.run(count: jobs) { job in
            var outcomes: [LimboOutcome] = []
            for index in stride(from: job, to: testcases.count, by: jobs) {
                let start = monotonicMilliseconds()
                var outcome = run(testcases[index], profile: profile)
                outcome.milliseconds = monotonicMilliseconds() - start
                outcomes.append(outcome)
            }
            return outcomes
        }
        // Job j decided testcases j, j + jobs, j + 2·jobs, ...: interleave back into suite order.
        var outcomes: [LimboOutcome] = []
        outcomes.reserveCapacity(testcases.count)
        for index in testcases.indices {
            let job = index % jobs, position = index / jobs
            if job < perJob.count, position < perJob[job].count { outcomes.append(perJob[job][position]) }
        }
        return outcomes
    }

    /// Wall time in milliseconds from an arbitrary start (CLOCK_MONOTONIC; not Swift's
    /// ContinuousClock, which would link the concurrency runtime and libdispatch into the static
    /// binary for this one call).
    static func monotonicMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    static func run(_ testcase: LimboTestcase, profile: ValidationProfile = .apple) -> LimboOutcome {
        var notes: [String] = []
        let peer: Certificate
        switch certificate(testcase.peerCertificate) {
        case .success(let certificate): peer = certificate
        case .failure(let error): return LimboOutcome(result: .failure, context: "peer_certificate does not parse: \(error.message)")
        }
        func parsed(_ pems: [String], _ key: String) -> [Certificate] {
            pems.enumerated().compactMap { index, pem in
                switch certificate(pem) {
                case .success(let certificate): return certificate
                case .failure(let error):
                    notes.append("\(key)[\(index)] left out, does not parse: \(error.message)")
                    return nil
                }
            }
        }
        let intermediates = parsed(testcase.untrustedIntermediates, "untrusted_intermediates")
        let anchors = parsed(testcase.trustedCertificates, "trusted_certs")
        let policy: TrustPolicy = testcase.kind == .server
            ? .ssl(server: true, hostname: testcase.peerName?.value) : .ssl(server: false, hostname: nil)
        var trust: Trust
        do {
            trust = try Trust(certificates: [peer] + intermediates, policies: [policy], systemStore: SystemTrustStore(certificates: []))
        } catch {
            return LimboOutcome(result: .failure, context: "harness: \(error)")
        }
        trust.setAnchorCertificates(anchors)
        trust.setValidationProfile(profile)
        if !testcase.crls.isEmpty { trust.setCRLs(crls(testcase.crls, notes: &notes)) }
        if let time = testcase.validationTime { trust.setVerifyDate(time) }
        let evaluation = trust.evaluate()
        var failed = evaluation.failures.map(\.description)
        failed += postChecks(testcase, evaluation).map { "\($0.check) (harness\($0.detail.map { ": " + $0 } ?? ""))" }
        let trusted = failed.isEmpty && evaluation.isTrusted
        if !trusted && failed.isEmpty { failed.append("\(evaluation.result.rawValue) without a failed check") }
        return LimboOutcome(result: trusted ? .success : .failure, context: (failed + notes).joined(separator: ", "))
    }

    /// The testcase's requirements SecTrust cannot be told, checked on the built chain.
    static func postChecks(_ testcase: LimboTestcase, _ evaluation: TrustEvaluation) -> [(check: String, detail: String?)] {
        var failed: [(check: String, detail: String?)] = []
        let chain = evaluation.chain
        guard let leaf = chain.first else { return [("EmptyChain", nil)] }
        if let depth = testcase.maxChainDepth {
            // Logical intermediates: below the anchor, above the leaf, not self-issued.
            let top = evaluation.isAnchored && chain.count > 1 ? chain.count - 1 : chain.count
            let intermediates = chain[1..<max(top, 1)].filter { !$0.isSelfIssued }.count
            if intermediates > depth { failed.append(("MaxChainDepth@\(chain.count - 1)", "\(intermediates) intermediates, at most \(depth)")) }
        }
        let ownPurpose: OID = testcase.kind == .server ? .serverAuth : .clientAuth
        for name in testcase.extendedKeyUsage {
            guard let purpose = extendedKeyUsages[name] else {
                failed.append(("ExtendedKeyUsage@0", "unknown purpose \(name)"))
                continue
            }
            guard purpose != ownPurpose, let usage = leaf.extendedKeyUsage else { continue }
            if !usage.contains(purpose) && !usage.contains(.anyExtendedKeyUsage) { failed.append(("ExtendedKeyUsage@0", name)) }
        }
        for name in testcase.keyUsage {
            guard let bit = KeyUsage.Usage.allCases.first(where: { $0.name == name }) else {
                failed.append(("KeyUsage@0", "unknown usage \(name)"))
                continue
            }
            if let usage = leaf.keyUsage, !usage.contains(bit) { failed.append(("KeyUsage@0", name)) }
        }
        for name in testcase.peerNames where !matches(leaf, name) { failed.append(("PeerName@0", "\(name.kind) \(name.value)")) }
        return failed
    }

    /// Whether `leaf` names `name`: RFC822 among its SAN rfc822Names, DNS and IP as SSLHostname.
    static func matches(_ leaf: Certificate, _ name: (kind: String, value: String)) -> Bool {
        switch name.kind {
        case "RFC822":
            let wanted = mailbox(name.value)
            return (leaf.subjectAlternativeNames?.emailAddresses ?? []).contains { mailbox($0) == wanted }
        case "DNS", "IP": return HostnameMatching.matches(name.value, certificate: leaf)
        default: return false
        }
    }

    /// A mailbox with its domain part lower-cased (RFC 5280 §7.5: the local part is exact).
    static func mailbox(_ address: String) -> String {
        guard let at = address.lastIndex(of: "@") else { return address }
        return String(address[..<at]) + address[at...].lowercased()
    }

    /// limbo's `KnownEKUs` names.
    static let extendedKeyUsages: [String: OID] = [
        "anyExtendedKeyUsage": .anyExtendedKeyUsage, "serverAuth": .serverAuth, "clientAuth": .clientAuth,
        "codeSigning": .codeSigning, "emailProtection": .emailProtection, "timeStamping": .timeStamping,
        "OCSPSigning": .ocspSigning,
    ]

    /// The CRLs of the testcase's PEM texts; one that does not parse is left out with a note.
    static func crls(_ pems: [String], notes: inout [String]) -> [CertificateRevocationList] {
        var crls: [CertificateRevocationList] = []
        for (index, pem) in pems.enumerated() {
            do {
                for block in try PEM.blocks(in: Array(pem.utf8)[...]) where block.label == "X509 CRL" {
                    crls.append(try CertificateRevocationList(derEncoded: block.der))
                }
            } catch {
                notes.append("crls[\(index)] left out, does not parse: \(error)")
            }
        }
        return crls
    }

    /// One certificate from a PEM text (exactly one CERTIFICATE block).
    static func certificate(_ pem: String) -> Result<Certificate, LimboTestcase.FieldError> {
        let blocks: [[UInt8]]
        do { blocks = try PEM.certificates(in: Array(pem.utf8)[...]) } catch {
            return .failure(.init(message: "PEM: \(error)"))
        }
        guard blocks.count == 1, let der = blocks.first else { return .failure(.init(message: "\(blocks.count) PEM blocks, not 1")) }
        do { return .success(try Certificate(derEncoded: der)) } catch { return .failure(.init(message: error.description)) }
    }
}
