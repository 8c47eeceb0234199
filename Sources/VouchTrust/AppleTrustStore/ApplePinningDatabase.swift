import VouchPropertyList
internal import VouchTrustData

/// Apple's certificate pinning database (Pinning/CertificatePinning.plist of
/// security_certificates; SECTRUST.md §17.5) and trustd's two lookups of it (SecPinningDb.m):
/// which rules apply to a policy name, and which to a hostname.
///
/// ``embedded`` is the list compiled into Vouch (content version 114 at
/// security_certificates-55349.0.11: 51 entries, 79 rules dictionaries, 114 domains). SSL
/// evaluations under ``SystemTrustStore/apple`` apply it (``Trust/setPinningPolicyName(_:)``).
///
/// trustd copies the list into an SQLite table of one row per domain of each entry
/// (`populateDbFromBundle:`, `UNIQUE(policyName, domainSuffix, labelRegex)`, `INSERT OR
/// REPLACE`) and reads rows in insertion order; ``rules(forPolicyName:)`` and
/// ``rules(forHostname:)`` read the same rows the same way.
///
/// Patterns are read as the subset of ICU's syntax the list uses (literals of letters, digits,
/// `-` and `_`; `.`; sets of those with ranges; `^`, `$`; groups and `|`; `*`, `+`, `?`,
/// `{m,n}`; a negative lookahead `(?!…)`) and matched anywhere in the label, case-insensitively,
/// in time linear in its length.
///
/// Differences from trustd, each reported rather than silent: a malformed entry or domain is
/// left out and named in ``problems`` (trustd refuses the whole list and keeps its previous
/// one); a `labelRegex` outside the subset is named in ``problems`` and its domain never
/// matches a hostname (trustd skips a row whose pattern ICU refuses, and matches one ICU reads).
/// Case-insensitive matching folds ASCII letters and the two other characters whose folding is
/// ASCII (U+212A, U+017F); ICU folds the rest of Unicode too (`ß` as `ss`), which matters only
/// for a non-ASCII label. The internal-build "no pinning" defaults trustd reads
/// (`AppleServerAuthenticationNoPinning…`) do not exist here.
public struct ApplePinningDatabase: Sendable {
    /// The database compiled into Vouch, decoded on first use (once, thread-safely: a Swift
    /// global), apart from the rest of ``AppleTrustStoreSnapshot``.
    public static let embedded = ApplePinningDatabase(
        propertyList: AppleTrustStore.pinningPropertyList.withUTF8Buffer { Array($0) })

    /// One entry of the list: a policy name, the hostnames it covers and its rules.
    public struct Entry: Sendable {
        /// `policyName`: the name trustd gives the policies it makes (`SecPolicySetName`).
        public let policyName: String
        /// `domains`, in order.
        public let domains: [Domain]
        /// `rules`: alternatives; a path passes pinning when it passes any one (trustd makes one
        /// policy of each, the first replacing the caller's, the others in policy sets of their own).
        public let rules: [Rule]
        /// `transparentConnection` (absent: false): MDM Transparent Connection pins may be added
        /// on a device that has them (`addTransparentConnectionsRules`, not modelled).
        public let transparentConnection: Bool
        /// Keys of the entry other than these four, kept as written (none at 55349.0.11; each
        /// reported in ``ApplePinningDatabase/problems``).
        public let unknownKeys: [String: PropertyList]
    }

    /// One domain of an entry: hostnames `label.suffix` whose label the pattern matches.
    public struct Domain: Sendable {
        /// `suffix`: compared byte for byte with what follows a hostname's first dot.
        public let suffix: String
        /// `labelRegex`: the pattern, as written.
        public let labelRegex: String
        /// `comment`, if any (a Radar number in 12 domains at 55349.0.11; trustd ignores it).
        public let comment: String?
        /// Keys other than these three, kept as written (none at 55349.0.11; reported).
        public let unknownKeys: [String: PropertyList]
        /// The pattern read, or `nil` if it is outside the subset (the domain then never matches).
        let pattern: PinningLabelPattern?

        /// Whether hostname lookups can match this domain: its pattern is in the subset Vouch
        /// reads.
        public var isMatchable: Bool { pattern != nil }
    }

    /// What a lookup found, as `SecPinningDbCopyMatching` answers it.
    public struct Match: Sendable, Equatable {
        /// The name trustd gives each policy it makes of ``rules``.
        public let policyName: String
        /// The rules dictionaries, in the order trustd returns them.
        public let rules: [Rule]
        /// Whether the (last) matching row is a Transparent Connection entry.
        public let transparentConnection: Bool
    }

    /// The list's first element (`PinningDbContentVersion`: 114 at 55349.0.11), or `nil` if it
    /// is not an integer.
    public let contentVersion: Int?
    /// The entries (the list after its version), in order; malformed ones left out.
    public let entries: [Entry]
    /// What did not decode or is not fully understood, one line each (none at 55349.0.11; the
    /// tests hold it to that).
    public let problems: [String]
    /// trustd's table: one row per (entry, domain), in insertion order.
    let rows: [Row]
    /// Row indices (ascending) by suffix bytes.
    let rowsBySuffix: [[UInt8]: [Int]]

    /// A row of trustd's `rules` table.
    struct Row: Sendable {
        let entry: Int
        let domain: Int
    }

    /// The number of rules dictionaries of all entries (79 at 55349.0.11).
    public var ruleCount: Int { entries.reduce(0) { $0 + $1.rules.count } }
    /// The number of domains of all entries (114 at 55349.0.11).
    public var domainCount: Int { entries.reduce(0) { $0 + $1.domains.count } }

    /// trustd's query for one SSL policy (`SecPinningDbCopyMatching`, asked by
    /// `SecPathBuilderAddPinningPolicies` for each policy that has an `SSLHostname`): the rules
    /// for the policy's name if any, else those for the hostname.
    public func match(policyName: String?, hostname: String) -> Match? {
        if let policyName, let match = rules(forPolicyName: policyName) { return match }
        return rules(forHostname: hostname)
    }

    /// The rules for a policy name (`queryForPolicyName:`): every row of that name, compared
    /// exactly; rows with the same rules and `transparentConnection` counted once (`SELECT
    /// DISTINCT`), so an entry's rules are not repeated per domain. `nil` for `sslServer` (the
    /// default name of an SSL server policy: "not a pinning policy"), for a name no row has, or
    /// when the rows have no rules. The match carries `policyName` itself.
    public func rules(forPolicyName policyName: String) -> Match? {
        guard policyName != "sslServer" else { return nil }
        var seen: [Int] = []
        var rules: [Rule] = []
        var transparentConnection = false
        for row in rows where entries[row.entry].policyName.utf8.elementsEqual(policyName.utf8) {
            let entry = entries[row.entry]
            guard !seen.contains(where: {
                entries[$0].rules == entry.rules && entries[$0].transparentConnection == entry.transparentConnection
            }) else { continue }
            seen.append(row.entry)
            rules += entry.rules
            transparentConnection = entry.transparentConnection
        }
        return rules.isEmpty ? nil : Match(policyName: policyName, rules: rules, transparentConnection: transparentConnection)
    }

    /// The rules for a hostname (`queryForDomain:`). The hostname is split at its first `.`
    /// into a label and a suffix (no `.`: `nil`), one trailing `.` is dropped from the suffix,
    /// and the rows whose suffix is that suffix byte for byte (so case matters there) are read in
    /// order; each whose pattern matches anywhere in the label, case-insensitively, adds its
    /// entry's rules. The name and `transparentConnection` are the last matching row's. `nil`
    /// when no rules were found.
    public func rules(forHostname hostname: String) -> Match? {
        let bytes = Array(hostname.utf8)
        guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        var suffix = bytes[(dot + 1)...]
        if suffix.last == UInt8(ascii: ".") { suffix = suffix.dropLast() }
        guard let candidates = rowsBySuffix[Array(suffix)] else { return nil }
        let label = String(decoding: bytes[..<dot], as: UTF8.self).unicodeScalars.map(\.value)
        var rules: [Rule] = []
        var last: Entry?
        for index in candidates {
            let row = rows[index]
            let entry = entries[row.entry]
            guard entry.domains[row.domain].pattern?.matches(scalars: label) == true else { continue }
            rules += entry.rules
            last = entry
        }
        guard let last, !rules.isEmpty else { return nil }
        return Match(policyName: last.policyName, rules: rules, transparentConnection: last.transparentConnection)
    }
}

extension AppleTrustStoreSnapshot {
    /// Apple's pinning database of this snapshot: ``ApplePinningDatabase/embedded``, decoded on
    /// first use of this property, not with the snapshot.
    public var pinningDatabase: ApplePinningDatabase { ApplePinningDatabase.embedded }
}
