import VouchDER

extension TrustSettingsConstraint {
    /// A value of a usage-constraint dictionary, as Apple's API (Core Foundation types) and the
    /// property lists `security trust-settings-export` writes carry it.
    public enum Value: Hashable, Sendable {
        /// A string (`CFString`, `<string>`).
        case string(String)
        /// A number (`CFNumber`, `<integer>`).
        case integer(Int64)
        /// Bytes (`CFData`, `<data>`): a policy OID's content octets in macOS property lists.
        case data([UInt8])
        /// A `SecPolicyRef`, as its compatibility OID and name.
        case policy(OID, name: String)
        /// A dictionary (`kSecTrustSettingsPolicyOptions`), its contents not read.
        case dictionary
        /// Any other type, by its name for messages (`a boolean`, `an array`…).
        case other(String)
    }

    /// A key of a usage-constraint dictionary that does not hold what Apple takes there.
    public struct ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The key, e.g. `kSecTrustSettingsResult`.
        public let key: String
        /// What is wrong with its value.
        public let problem: String

        /// `key: problem`.
        public var description: String { "\(key): \(problem)" }
    }

    /// Reads one usage-constraint dictionary, checking each known key's type as Apple's setting
    /// API does (`validateConstraint` in SecTrustStore.c, `TrustSettings::validateApiTrustSettings`;
    /// SECTRUST.md §15.2 rule 5): a policy as a `SecPolicyRef`, a dotted OID or an OID's content
    /// octets; a result within 1–4; an allowed error that fits a CSSM_RETURN (read as SInt32, so
    /// 0x80012400 and −2147408896 are one code). Unknown keys are ignored. Which result a
    /// certificate may carry (rules 1–3) is ``TrustSettings/setConstraints(_:for:in:)``'s.
    ///
    /// - Throws: ``ReadError`` naming the first key that is wrong.
    public init(reading keys: [String: Value]) throws(ReadError) {
        self.init()
        func fail(_ key: String, _ problem: String) -> ReadError { ReadError(key: key, problem: problem) }
        func string(_ key: String) throws(ReadError) -> String? {
            switch keys[key] {
            case nil: return nil
            case .string(let text)?: return text
            case let value?: throw fail(key, "expected a string, found \(value.typeName)")
            }
        }
        func integer(_ key: String) throws(ReadError) -> Int64? {
            switch keys[key] {
            case nil: return nil
            case .integer(let number)?: return number
            case let value?: throw fail(key, "expected a number, found \(value.typeName)")
            }
        }
        policyName = try string(Key.policyName)
        switch keys[Key.policy] {
        case nil: break
        case .policy(let oid, let name)?:
            policy = oid
            policyName = name
        case .string(let dotted)?:
            guard let oid = OID(dotted: dotted) else { throw fail(Key.policy, "\(dotted) is not a dotted OID") }
            policy = oid
        case .data(let octets)?:
            guard let dotted = Self.dotted(contentOctets: octets), let oid = OID(dotted: dotted) else {
                throw fail(Key.policy, "the data is not an OID's content octets")
            }
            policy = oid
        case let value?: throw fail(Key.policy, "expected a policy, a dotted OID or an OID's octets, found \(value.typeName)")
        }
        policyString = try string(Key.policyString)
        keyUsage = try integer(Key.keyUsage)
        if let code = try integer(Key.allowedError) {
            guard code >= Int64(Int32.min) && code <= Int64(UInt32.max) else { throw fail(Key.allowedError, "\(code) is not a CSSM_RETURN") }
            allowedError = Int32(truncatingIfNeeded: code)
        }
        if let number = try integer(Key.result) {
            guard (1...4).contains(number), let value = TrustSettingsResult(rawValue: Int32(number)) else {
                throw fail(Key.result, "\(number) is outside 1–4")
            }
            result = value
        }
        namesApplication = keys[Key.application] != nil
        switch keys[Key.policyOptions] {
        case nil: break
        case .dictionary?: hasPolicyOptions = true
        case let value?: throw fail(Key.policyOptions, "expected a dictionary, found \(value.typeName)")
        }
    }

    /// The keys of a usage-constraint dictionary, as Apple spells them.
    public enum Key {
        /// `kSecTrustSettingsPolicy`.
        public static let policy = "kSecTrustSettingsPolicy"
        /// `kSecTrustSettingsPolicyName`.
        public static let policyName = "kSecTrustSettingsPolicyName"
        /// `kSecTrustSettingsPolicyString`.
        public static let policyString = "kSecTrustSettingsPolicyString"
        /// `kSecTrustSettingsKeyUsage`.
        public static let keyUsage = "kSecTrustSettingsKeyUsage"
        /// `kSecTrustSettingsAllowedError`.
        public static let allowedError = "kSecTrustSettingsAllowedError"
        /// `kSecTrustSettingsResult`.
        public static let result = "kSecTrustSettingsResult"
        /// `kSecTrustSettingsApplication`.
        public static let application = "kSecTrustSettingsApplication"
        /// `kSecTrustSettingsPolicyOptions` (Apple's private key).
        public static let policyOptions = "kSecTrustSettingsPolicyOptions"
    }

    /// The dotted form of an OID's content octets (base-128 arcs, the first holding two), or
    /// `nil` when they are not well formed.
    static func dotted(contentOctets octets: [UInt8]) -> String? {
        var arcs: [UInt64] = []
        var value: UInt64 = 0
        for octet in octets {
            guard value >> 56 == 0 else { return nil }
            value = value << 7 | UInt64(octet & 0x7F)
            guard octet & 0x80 == 0 else { continue }
            if arcs.isEmpty {
                arcs = value < 80 ? [value / 40, value % 40] : [2, value - 80]
            } else {
                arcs.append(value)
            }
            value = 0
        }
        guard !arcs.isEmpty, octets.last.map({ $0 & 0x80 == 0 }) == true else { return nil }
        return arcs.map(String.init).joined(separator: ".")
    }
}

extension TrustSettingsConstraint.Value {
    /// `a string`, `a number`…, for messages.
    var typeName: String {
        switch self {
        case .string: return "a string"
        case .integer: return "a number"
        case .data: return "data"
        case .policy: return "a policy"
        case .dictionary: return "a dictionary"
        case .other(let name): return name
        }
    }
}
