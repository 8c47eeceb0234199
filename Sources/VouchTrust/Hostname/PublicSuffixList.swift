/// The ICANN section of the Public Suffix List (https://publicsuffix.org/list/): what keeps a
/// wildcard certificate for `*.co.uk` from matching every name under `co.uk` (SECTRUST.md §5.4).
///
/// Apple asks CFNetwork whether the name after `*.` is a top-level domain, and lets the wildcard
/// through (fails open) when that test is unavailable. Vouch reads the ICANN section of the
/// system's list — Debian's `publicsuffix` package, see ``systemPaths`` — and, like Apple, fails
/// open when the list is absent: ``system`` is then `nil` and every wildcard may match. Rules of
/// the private section (`github.io`, …) are not used.
///
/// Rules are kept in lower case, in the list's Unicode form and in the `xn--` form certificates
/// carry; lookups are ASCII case-insensitive.
public struct PublicSuffixList: Sendable {
    /// Plain rules (`co.uk`).
    private var rules: Set<String> = []
    /// The parents of wildcard rules (`ck` for `*.ck`): every direct child is a suffix.
    private var wildcardParents: Set<String> = []
    /// Exception rules without their `!` (`www.ck`): not a suffix, whatever else says so.
    private var exceptions: Set<String> = []

    /// Where Debian's `publicsuffix` package installs the list (the second name is the package's
    /// older alias of the same file); the first readable one with an ICANN section is used.
    public static let systemPaths = [
        "/usr/share/publicsuffix/public_suffix_list.dat",
        "/usr/share/publicsuffix/effective_tld_names.dat",
    ]

    /// The largest list file read, in octets: the list was about 250 KB in 2023; sixteen times
    /// that leaves room for growth and bounds memory if the path holds something else.
    static let maximumFileSize = 4 << 20

    /// The system's list, read once on first use; `nil` when no file of ``systemPaths`` is
    /// readable, at most 4 MiB long and holds an ICANN section.
    public static let system: PublicSuffixList? = load(fromPaths: systemPaths)

    /// Reads the first usable list among `paths`.
    ///
    /// - Returns: `nil` when none is readable, at most 4 MiB long and holds an ICANN section.
    public static func load(fromPaths paths: [String]) -> PublicSuffixList? {
        for path in paths {
            if let contents = PublicSuffixListFile.read(path, maximumSize: maximumFileSize),
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
        var isInSection = false
        var sawEnd = false
        for line in contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let trimmed = Self.trimmingWhitespace(line)
            if !isInSection {
                isInSection = trimmed.elementsEqual(Self.beginMarker.utf8)
                continue
            }
            if trimmed.elementsEqual(Self.endMarker.utf8) {
                sawEnd = true
                break
            }
            guard !trimmed.starts(with: "//".utf8) else { continue }
            let rule = trimmed.prefix { !Self.isWhitespace($0) }
            guard !rule.isEmpty else { continue }
            add(String(decoding: rule, as: UTF8.self))
        }
        guard sawEnd else { return nil }
    }

    private static let beginMarker = "// ===BEGIN ICANN DOMAINS==="
    private static let endMarker = "// ===END ICANN DOMAINS==="

    /// Adds one rule in its Unicode and `xn--` forms.
    private mutating func add(_ rule: String) {
        let rule = Self.lowercased(rule)
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
        for start in labels.indices where exceptions.contains(labels[start...].joined(separator: ".")) {
            return false
        }
        if rules.contains(name) { return true }
        if labels.count == 1 { return true }
        return wildcardParents.contains(labels.dropFirst().joined(separator: "."))
    }

    /// The number of rules read (plain, wildcard and exception, counting both forms of a rule
    /// with Unicode labels).
    var ruleCount: Int { rules.count + wildcardParents.count + exceptions.count }

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
