internal import VouchTrustData

/// The ICANN section of the Public Suffix List (https://publicsuffix.org/list/): what keeps a
/// wildcard certificate for `*.co.uk` from matching every name under `co.uk` (SECTRUST.md §5.4).
///
/// Apple asks CFNetwork whether the name after `*.` is a top-level domain, and lets the wildcard
/// through (fails open) when that test is unavailable. Vouch embeds a snapshot of the list
/// (``embedded``: Debian's `publicsuffix` package, version in ``embeddedSource``, made into a
/// table by `scripts/generate-public-suffix-table`), so the answer is the same on every machine,
/// a scratch container without `/usr/share/publicsuffix` included. The environment variable
/// ``overrideVariable`` may name a newer list file; ``current`` is that list, or the embedded
/// one. Rules of the private section (`github.io`, `s3.amazonaws.com`, …) are used only by
/// ``includingPrivateDomains`` (the strict profile, ``ValidationProfile/usesPrivatePublicSuffixes``).
///
/// Rules are kept in lower case, in the list's Unicode form and in the `xn--` form certificates
/// carry; lookups are ASCII case-insensitive.
public struct PublicSuffixList: Sendable {
    /// Rules read from a file, or the table compiled in.
    private enum Storage: Sendable {
        case embedded
        case parsed(ParsedRules)
    }

    /// The rules of a list read at run time.
    fileprivate struct ParsedRules: Sendable {
        /// Plain rules (`co.uk`).
        var rules: Set<String> = []
        /// The parents of wildcard rules (`ck` for `*.ck`): every direct child is a suffix.
        var wildcardParents: Set<String> = []
        /// Exception rules without their `!` (`www.ck`): not a suffix, whatever else says so.
        var exceptions: Set<String> = []
    }

    private var storage: Storage
    /// Also the private section's rules (the parsed ones live in `privateRules`).
    public private(set) var includesPrivateDomains = false
    /// A list file's private section, when it has one.
    private var privateRules: ParsedRules?

    /// The same list with the rules of its private section too (`s3.amazonaws.com`,
    /// `github.io`, …): a list read from a file without that section has none to add.
    public var includingPrivateDomains: PublicSuffixList {
        var list = self
        list.includesPrivateDomains = true
        return list
    }

    /// The snapshot compiled into Vouch: always there, nothing read or parsed at run time.
    public static let embedded = PublicSuffixList(storage: .embedded)

    /// Where ``embedded`` came from: the Debian package version and file name.
    public static let embeddedSource = PublicSuffixTable.source

    /// The environment variable that may name a newer list file (the Public Suffix List format)
    /// to use instead of ``embedded``.
    public static let overrideVariable = "VOUCH_PUBLIC_SUFFIX_LIST"

    /// The list hostname matching uses by default: the file named by ``overrideVariable`` when it
    /// is set and usable, otherwise ``embedded``. Decided once, on first use.
    public static var current: PublicSuffixList { resolvedCurrent.list }

    /// Why the file named by ``overrideVariable`` is not used (``embedded`` is, never a missing
    /// list), or `nil` when the variable is unset or the file was read.
    public static var overrideProblem: String? { resolvedCurrent.problem }

    private static let resolvedCurrent = resolve(overridePath: FileSystem.environment(overrideVariable))

    /// The list for an override path (the value of ``overrideVariable``, `nil` when unset): the
    /// file's when it is readable, at most 4 MiB long and holds an ICANN section; otherwise the
    /// embedded list, with the reason.
    public static func resolve(overridePath: String?) -> (list: PublicSuffixList, problem: String?) {
        guard let path = overridePath else { return (embedded, nil) }
        guard let contents = try? FileSystem.contents(of: path, limit: maximumFileSize).get() else {
            return (embedded, "\(overrideVariable)=\(path): cannot be read or is larger than \(maximumFileSize) bytes; using the embedded list")
        }
        guard let list = PublicSuffixList(parsing: contents) else {
            return (embedded, "\(overrideVariable)=\(path): no complete ICANN section; using the embedded list")
        }
        return (list, nil)
    }

    /// Where Debian's `publicsuffix` package installs the list (the second name is the package's
    /// older alias of the same file). Vouch does not need them; ``system`` reads them for those
    /// who want to compare the machine's copy with ``embedded``.
    public static let systemPaths = [
        "/usr/share/publicsuffix/public_suffix_list.dat",
        "/usr/share/publicsuffix/effective_tld_names.dat",
    ]

    /// The largest list file read, in octets: the list was about 250 KB in 2023; sixteen times
    /// that leaves room for growth and bounds memory if the path holds something else.
    static let maximumFileSize = 4 << 20

    /// The machine's copy of the list (``systemPaths``), read once on first use; `nil` when no
    /// such file is readable, at most 4 MiB long and holds an ICANN section. Hostname matching
    /// does not use it (see ``current``).
    public static let system: PublicSuffixList? = load(fromPaths: systemPaths)

    private init(storage: Storage) {
        self.storage = storage
    }

    /// Reads the first usable list among `paths`.
    ///
    /// - Returns: `nil` when none is readable, at most 4 MiB long and holds an ICANN section.
    public static func load(fromPaths paths: [String]) -> PublicSuffixList? {
        for path in paths {
            if let contents = try? FileSystem.contents(of: path, limit: maximumFileSize).get(),
                let list = PublicSuffixList(parsing: contents)
            {
                return list
            }
        }
        return nil
    }

    /// Parses the ICANN section of a list in the Public Suffix List format: the lines between
    /// `// ===BEGIN ICANN DOMAINS===` and `// ===END ICANN DOMAINS===`; each line is read up to
    /// its first white space; `//` starts a comment line; `*.` and `!` mark wildcard and exception
    /// rules.
    ///
    /// - Returns: `nil` when the text has no complete ICANN section.
    public init?(parsing text: String) {
        self.init(parsing: Array(text.utf8))
    }

    init?(parsing contents: [UInt8]) {
        guard let parsed = Self.section(of: contents, begin: Self.icannMarkers.begin, end: Self.icannMarkers.end) else { return nil }
        storage = .parsed(parsed)
        privateRules = Self.section(of: contents, begin: Self.privateMarkers.begin, end: Self.privateMarkers.end)
    }

    /// The rules between the lines `begin` and `end`, or `nil` without both.
    private static func section(of contents: [UInt8], begin: String, end: String) -> ParsedRules? {
        var parsed = ParsedRules()
        var isInSection = false
        for line in contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let trimmed = trimmingWhitespace(line)
            if !isInSection {
                isInSection = trimmed.elementsEqual(begin.utf8)
                continue
            }
            if trimmed.elementsEqual(end.utf8) { return parsed }
            guard !trimmed.starts(with: "//".utf8) else { continue }
            let rule = trimmed.prefix { !isWhitespace($0) }
            guard !rule.isEmpty else { continue }
            parsed.add(String(decoding: rule, as: UTF8.self))
        }
        return nil
    }

    private static let icannMarkers = (begin: "// ===BEGIN ICANN DOMAINS===", end: "// ===END ICANN DOMAINS===")
    private static let privateMarkers = (begin: "// ===BEGIN PRIVATE DOMAINS===", end: "// ===END PRIVATE DOMAINS===")

    /// Whether `domain` is a public suffix: the Public Suffix List algorithm's public suffix of
    /// `domain` is `domain` itself. A single label not in the list is one (the implicit `*` rule).
    ///
    /// `domain` is compared ASCII case-insensitively, in `xn--` form or in the list's Unicode
    /// form, without a trailing dot.
    public func isPublicSuffix(_ domain: String) -> Bool {
        let name = Self.lowercased(domain)
        guard !name.isEmpty else { return false }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        // An exception rule matching the domain, or any domain above it, prevails and leaves a
        // public suffix shorter than the domain.
        for start in labels.indices where has(PublicSuffixTable.exception, labels[start...].joined(separator: ".")) {
            return false
        }
        if has(PublicSuffixTable.rule, name) { return true }
        if labels.count == 1 { return true }
        return has(PublicSuffixTable.wildcardParent, labels.dropFirst().joined(separator: "."))
    }

    /// Whether `name` carries `flag` (a ``PublicSuffixTable`` flag) in the ICANN section, or in
    /// the private section when ``includesPrivateDomains``.
    private func has(_ flag: UInt8, _ name: String) -> Bool {
        switch storage {
        case .embedded:
            let mask = includesPrivateDomains ? flag | flag << PublicSuffixTable.privateShift : flag
            return PublicSuffixTable.flags(of: name.utf8) & mask != 0
        case .parsed(let parsed):
            if parsed.has(flag, name) { return true }
            return includesPrivateDomains && privateRules?.has(flag, name) == true
        }
    }

    /// The number of rules of both sections (plain, wildcard and exception, counting both forms of
    /// a rule with Unicode labels); for the embedded table, the names it lists.
    var ruleCount: Int {
        switch storage {
        case .embedded: return PublicSuffixTable.entryCount
        case .parsed(let parsed): return parsed.count + (privateRules?.count ?? 0)
        }
    }

    private static func lowercased(_ text: String) -> String {
        String(decoding: text.utf8.map(DNSNameMatch.asciiLowercased), as: UTF8.self)
    }

    private static func isWhitespace(_ octet: UInt8) -> Bool {
        octet == UInt8(ascii: " ") || octet == UInt8(ascii: "\t") || octet == UInt8(ascii: "\r")
    }

    private static func trimmingWhitespace(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var line = line
        while let first = line.first, isWhitespace(first) { line = line.dropFirst() }
        while let last = line.last, isWhitespace(last) { line = line.dropLast() }
        return line
    }
}

extension PublicSuffixList.ParsedRules {
    /// The number of rules (each form, each kind).
    fileprivate var count: Int { rules.count + wildcardParents.count + exceptions.count }

    /// Whether `name` carries `flag` (a ``PublicSuffixTable`` flag) here.
    fileprivate func has(_ flag: UInt8, _ name: String) -> Bool {
        switch flag {
        case PublicSuffixTable.rule: return rules.contains(name)
        case PublicSuffixTable.wildcardParent: return wildcardParents.contains(name)
        default: return exceptions.contains(name)
        }
    }

    /// Adds one rule in its Unicode and `xn--` forms.
    fileprivate mutating func add(_ rule: String) {
        let rule = String(decoding: rule.utf8.map(DNSNameMatch.asciiLowercased), as: UTF8.self)
        let isException = rule.hasPrefix("!")
        let isWildcard = rule.hasPrefix("*.")
        let body = String(rule.dropFirst(isException ? 1 : isWildcard ? 2 : 0))
        var forms = [body]
        let aLabels = body.split(separator: ".", omittingEmptySubsequences: false).map(Punycode.aLabel)
        if aLabels.allSatisfy({ $0 != nil }) {
            let ascii = aLabels.compactMap { $0 }.joined(separator: ".")
            if ascii != body { forms.append(ascii) }
        }
        for form in forms {
            if isException {
                exceptions.insert(form)
            } else if isWildcard {
                wildcardParents.insert(form)
            } else {
                rules.insert(form)
            }
        }
    }
}
