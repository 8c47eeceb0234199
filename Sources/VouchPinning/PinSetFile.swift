import VouchDER
import VouchJSON
import VouchTrust

/// Why a pin-set file was refused: what, where (byte offset) and in which rule.
public struct PinSetFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// The byte offset in the file of the value at fault.
    public let offset: Int
    /// The index of the rule at fault in `rules`, when the fault is inside one.
    public let rule: Int?

    /// An error at `offset`.
    public init(_ message: String, offset: Int, rule: Int? = nil) {
        self.message = message
        self.offset = offset
        self.rule = rule
    }

    /// `rule 2 at byte 118: "pins" holds "sha1/…", which is not a sha256/ pin`.
    public var description: String {
        (rule.map { "rule \($0) at " } ?? "at ") + "byte \(offset): \(message)"
    }
}

extension PinSet {
    /// The largest pin-set file read: a few hundred rules take tens of kilobytes, so anything this
    /// big is not a pin set, and refusing it bounds the memory a wrong path can make us use.
    public static let maximumFileSize = 1 << 20

    /// Nesting deeper than 16 levels is refused: a pin-set file needs three (file, rule, pins).
    static let jsonLimits = JSONReader.Limits(maximumDepth: 16, maximumSize: maximumFileSize)

    /// Reads a pin-set file (JSON, UTF-8):
    ///
    /// ```json
    /// {
    ///   "rules": [
    ///     { "host": "**.example.com",
    ///       "pins": ["sha256/r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",
    ///                "sha256/YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg="],
    ///       "expires": "2027-06-01T00:00:00Z",
    ///       "report-only": false },
    ///     { "host": "status.example.com", "exclude": true }
    ///   ]
    /// }
    /// ```
    ///
    /// Each rule has a `host` pattern (``HostPattern``) and either a non-empty `pins` array of
    /// `sha256/` pins, with an optional `expires` (RFC 3339, UTC) and `report-only` (default
    /// `false`), or `"exclude": true` and nothing else. Members are checked strictly: an unknown
    /// or duplicate member, a host given twice or a malformed pin is an error, so a typo never
    /// silently weakens what is pinned.
    ///
    /// - Throws: ``PinSetFileError`` naming the byte offset and the rule.
    public init(jsonFile bytes: [UInt8]) throws(PinSetFileError) {
        guard bytes.count <= Self.maximumFileSize else {
            throw PinSetFileError("the file is larger than \(Self.maximumFileSize) bytes", offset: Self.maximumFileSize)
        }
        let root: JSONNode
        do { root = try JSONReader.parse(bytes, limits: Self.jsonLimits) } catch { throw PinSetFileError(error.message, offset: error.offset) }
        let top = try Self.members(of: root, allowed: ["rules"], rule: nil)
        guard let rulesNode = top["rules"] else { throw PinSetFileError("missing \"rules\"", offset: root.offset) }
        guard case .array(let ruleNodes) = rulesNode.value else {
            throw PinSetFileError("\"rules\" is \(rulesNode.value.typeName), not an array", offset: rulesNode.offset)
        }
        var rules: [PinRule] = []
        var hosts: Set<HostPattern> = []
        for (index, node) in ruleNodes.enumerated() {
            let rule = try Self.rule(node, index: index)
            guard hosts.insert(rule.pattern).inserted else {
                throw PinSetFileError("host \"\(rule.pattern)\" has a rule already", offset: node.offset, rule: index)
            }
            rules.append(rule)
        }
        self.init(rules)
    }

    /// Reads the pin-set file at `path` (see ``init(jsonFile:)``).
    ///
    /// - Throws: ``PinSetFileError`` for an unreadable file (offset 0) or bad content.
    public init(contentsOfFile path: String) throws(PinSetFileError) {
        guard let bytes = FileSystem.read(path) else {
            throw PinSetFileError("cannot read \(path)", offset: 0)
        }
        try self.init(jsonFile: bytes)
    }

    private static func rule(_ node: JSONNode, index: Int) throws(PinSetFileError) -> PinRule {
        let members = try members(of: node, allowed: ["host", "pins", "expires", "report-only", "exclude"], rule: index)
        guard let hostNode = members["host"] else { throw PinSetFileError("missing \"host\"", offset: node.offset, rule: index) }
        let hostText = try string(hostNode, "host", rule: index)
        guard let pattern = HostPattern(hostText) else {
            throw PinSetFileError("\"\(hostText)\" is not a host pattern (example.com, *.example.com or **.example.com)",
                                  offset: hostNode.offset, rule: index)
        }
        if let excludeNode = members["exclude"], try bool(excludeNode, "exclude", rule: index) {
            if let other = members.first(where: { $0.key != "host" && $0.key != "exclude" }) {
                throw PinSetFileError("an excluded host takes no \"\(other.key)\"", offset: other.value.offset, rule: index)
            }
            return .exclusion(pattern)
        }
        guard let pinsNode = members["pins"] else { throw PinSetFileError("missing \"pins\"", offset: node.offset, rule: index) }
        guard case .array(let pinNodes) = pinsNode.value, !pinNodes.isEmpty else {
            throw PinSetFileError("\"pins\" must be a non-empty array of sha256/ pins", offset: pinsNode.offset, rule: index)
        }
        var pins: Set<SPKIPin> = []
        for pinNode in pinNodes {
            let text = try string(pinNode, "pins", rule: index)
            guard text.hasPrefix(SPKIPin.prefix), let pin = SPKIPin(text) else {
                throw PinSetFileError("\"\(text)\" is not a sha256/ pin (sha256/ and the base64 of 32 bytes)",
                                      offset: pinNode.offset, rule: index)
            }
            pins.insert(pin)
        }
        var expiration: DERTime?
        if let expiresNode = members["expires"] {
            let text = try string(expiresNode, "expires", rule: index)
            guard let date = DERTime(rfc3339: text) else {
                throw PinSetFileError("\"\(text)\" is not an RFC 3339 UTC time such as 2027-06-01T00:00:00Z",
                                      offset: expiresNode.offset, rule: index)
            }
            expiration = date
        }
        let reportOnly = try members["report-only"].map { (node) throws(PinSetFileError) in try bool(node, "report-only", rule: index) } ?? false
        return PinRule(pattern, pins: pins, expiration: expiration, isReportOnly: reportOnly)
    }

    private static func members(of node: JSONNode, allowed: Set<String>, rule: Int?) throws(PinSetFileError) -> [String: JSONNode] {
        guard case .object(let list) = node.value else {
            throw PinSetFileError("expected an object, found \(node.value.typeName)", offset: node.offset, rule: rule)
        }
        var members: [String: JSONNode] = [:]
        for (name, value) in list {
            guard allowed.contains(name) else {
                throw PinSetFileError("unknown member \"\(name)\" (known: \(allowed.sorted().joined(separator: ", ")))",
                                      offset: value.offset, rule: rule)
            }
            members[name] = value
        }
        return members
    }

    private static func string(_ node: JSONNode, _ name: String, rule: Int) throws(PinSetFileError) -> String {
        guard case .string(let text) = node.value else {
            throw PinSetFileError("\"\(name)\" holds \(node.value.typeName), not a string", offset: node.offset, rule: rule)
        }
        return text
    }

    private static func bool(_ node: JSONNode, _ name: String, rule: Int) throws(PinSetFileError) -> Bool {
        guard case .bool(let value) = node.value else {
            throw PinSetFileError("\"\(name)\" holds \(node.value.typeName), not true or false", offset: node.offset, rule: rule)
        }
        return value
    }
}
