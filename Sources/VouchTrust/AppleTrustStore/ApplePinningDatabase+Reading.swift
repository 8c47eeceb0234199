import VouchPropertyList

/// How the pinning database is read from its property list, as trustd's `populateDbFromBundle:`
/// reads it (SecPinningDb.m): an array whose first element is the content version and each
/// further one a dictionary `{policyName, domains: [{suffix, labelRegex}], rules: [{…}],
/// transparentConnection?}`. Every `labelRegex` is compiled once, here.
extension ApplePinningDatabase {
    /// Reads a pinning list in CertificatePinning.plist's format. Never fails: what does not
    /// decode is left out and named in ``problems`` (a document that is not a property list, or
    /// not an array, gives an empty database with one problem).
    public init(propertyList bytes: [UInt8]) {
        var problems: [String] = []
        var entries: [Entry] = []
        var version: Int?
        do {
            let root = try PropertyListReader.parse(bytes)
            if let list = root.arrayValue, let first = list.first {
                version = first.integerValue.flatMap { Int(exactly: $0) }
                if version == nil { problems.append("content version: expected an integer, found \(first.typeName)") }
                for (index, element) in list.enumerated().dropFirst() {
                    if let entry = Self.readEntry(element, number: index, &problems) { entries.append(entry) }
                }
            } else {
                problems.append("expected a non-empty array, found \(root.typeName)")
            }
        } catch {
            problems.append("not a property list: \(error)")
        }
        self.init(contentVersion: version, entries: entries, problems: problems)
    }

    /// Lays out trustd's table: a row per (entry, domain) in list order, a later row with the
    /// same policy name, suffix and pattern replacing the earlier (`INSERT OR REPLACE`: the
    /// replacement is a new row, at the end).
    init(contentVersion: Int?, entries: [Entry], problems: [String]) {
        var rows: [Row] = []
        var keys: [RowKey] = []
        for (entryIndex, entry) in entries.enumerated() {
            for (domainIndex, domain) in entry.domains.enumerated() {
                let key = RowKey(policyName: Array(entry.policyName.utf8), suffix: Array(domain.suffix.utf8),
                                 labelRegex: Array(domain.labelRegex.utf8))
                if let replaced = keys.firstIndex(of: key) {
                    keys.remove(at: replaced)
                    rows.remove(at: replaced)
                }
                keys.append(key)
                rows.append(Row(entry: entryIndex, domain: domainIndex))
            }
        }
        var rowsBySuffix: [[UInt8]: [Int]] = [:]
        for (index, key) in keys.enumerated() { rowsBySuffix[key.suffix, default: []].append(index) }
        self.contentVersion = contentVersion
        self.entries = entries
        self.problems = problems
        self.rows = rows
        self.rowsBySuffix = rowsBySuffix
    }

    /// The table's unique key, compared as SQLite compares TEXT (bytes).
    private struct RowKey: Equatable {
        let policyName: [UInt8]
        let suffix: [UInt8]
        let labelRegex: [UInt8]
    }

    private static let entryKeys: Set<String> = ["policyName", "domains", "rules", "transparentConnection"]
    private static let domainKeys: Set<String> = ["suffix", "labelRegex", "comment"]

    private static func readEntry(_ element: PropertyList, number: Int, _ problems: inout [String]) -> Entry? {
        guard let fields = element.dictionaryValue else {
            problems.append("entry \(number): expected a dictionary, found \(element.typeName)")
            return nil
        }
        guard let policyName = fields["policyName"]?.stringValue, let domainList = fields["domains"]?.arrayValue,
              let ruleList = fields["rules"]?.arrayValue
        else {
            problems.append("entry \(number): policyName (a string), domains and rules (arrays) are required")
            return nil
        }
        let place = "entry \(number) (\(policyName))"
        var transparentConnection = false
        switch fields["transparentConnection"] {
        case nil: break
        case .boolean(let value)?: transparentConnection = value
        // trustd reads `[transparentConnection intValue] > 0` (the int's low 32 bits).
        case .integer(let value)?: transparentConnection = Int32(truncatingIfNeeded: value) > 0
        case let other?:
            problems.append("\(place): transparentConnection: expected a boolean, found \(other.typeName)")
            return nil
        }
        if !policyName.unicodeScalars.allSatisfy(\.isASCII) {
            problems.append("\(place): a non-ASCII policyName (trustd binds its UTF-16 length as the byte count)")
        }
        let unknownKeys = fields.filter { !entryKeys.contains($0.key) }
        for key in unknownKeys.keys.sorted() { problems.append("\(place): unknown key '\(key)' kept") }
        var domains: [Domain] = []
        for (index, element) in domainList.enumerated() {
            if let domain = readDomain(element, place: "\(place) domain \(index + 1)", &problems) { domains.append(domain) }
        }
        var rules: [Rule] = []
        for (index, element) in ruleList.enumerated() {
            guard let options = element.dictionaryValue else {
                problems.append("\(place) rule \(index + 1): expected a dictionary, found \(element.typeName) (trustd skips it)")
                continue
            }
            let rule = Rule(options: options)
            for key in rule.unrecognizedKeys {
                problems.append("\(place) rule \(index + 1): option '\(key)' kept but not understood")
            }
            rules.append(rule)
        }
        return Entry(policyName: policyName, domains: domains, rules: rules, transparentConnection: transparentConnection,
                     unknownKeys: unknownKeys)
    }

    private static func readDomain(_ element: PropertyList, place: String, _ problems: inout [String]) -> Domain? {
        guard let fields = element.dictionaryValue, let suffix = fields["suffix"]?.stringValue,
              let labelRegex = fields["labelRegex"]?.stringValue
        else {
            problems.append("\(place): expected a dictionary with suffix and labelRegex strings")
            return nil
        }
        let comment = fields["comment"]?.stringValue
        if fields["comment"] != nil, comment == nil { problems.append("\(place): comment is not a string; kept as an unknown key") }
        if !suffix.unicodeScalars.allSatisfy(\.isASCII) {
            problems.append("\(place): a non-ASCII suffix (trustd binds its UTF-16 length as the byte count)")
        }
        let unknownKeys = fields.filter { !domainKeys.contains($0.key) || ($0.key == "comment" && comment == nil) }
        for key in unknownKeys.keys.sorted() where key != "comment" { problems.append("\(place): unknown key '\(key)' kept") }
        var pattern: PinningLabelPattern?
        do {
            pattern = try PinningLabelPattern.parse(labelRegex)
        } catch {
            problems.append("\(place): labelRegex '\(labelRegex)' outside the subset Vouch reads (\(error)); it matches no hostname")
        }
        return Domain(suffix: suffix, labelRegex: labelRegex, comment: comment, unknownKeys: unknownKeys, pattern: pattern)
    }
}
