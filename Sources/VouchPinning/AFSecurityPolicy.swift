/// AFNetworking's names for ``SecurityPolicy``, so code written against `AFSecurityPolicy` reads the
/// same on Linux (AFSECURITYPOLICY.md §1).
public typealias AFSecurityPolicy = SecurityPolicy

/// AFNetworking's name for ``PinningMode``.
public typealias AFSSLPinningMode = PinningMode

extension SecurityPolicy {
    /// `+defaultPolicy`.
    public static func defaultPolicy() -> SecurityPolicy { .default }

    /// `+policyWithPinningMode:` (nothing pinned on Linux: see ``init(pinningMode:)``).
    public static func policy(withPinningMode mode: PinningMode) -> SecurityPolicy {
        SecurityPolicy(pinningMode: mode)
    }

    /// `+policyWithPinningMode:withPinnedCertificates:`.
    public static func policy(withPinningMode mode: PinningMode, withPinnedCertificates certificates: Set<[UInt8]>) -> SecurityPolicy {
        SecurityPolicy(pinningMode: mode, pinnedCertificates: certificates)
    }

    /// `+certificatesInBundle:`, the bundle being a directory (see ``certificates(inDirectory:)``).
    public static func certificates(inBundle directory: String) -> Set<[UInt8]> {
        certificates(inDirectory: directory)
    }

    /// `SSLPinningMode`.
    public var sslPinningMode: PinningMode {
        get { pinningMode }
        set { pinningMode = newValue }
    }
}

extension SecurityPolicy: Equatable, Codable {
    /// Equal when all four settings are (`-copyWithZone:` gives an equal, independent value).
    public static func == (lhs: SecurityPolicy, rhs: SecurityPolicy) -> Bool {
        lhs.pinningMode == rhs.pinningMode && lhs.pinnedCertificates == rhs.pinnedCertificates
            && lhs.allowInvalidCertificates == rhs.allowInvalidCertificates && lhs.validatesDomainName == rhs.validatesDomainName
    }

    /// The keys of AFNetworking's `NSSecureCoding` archive.
    enum CodingKeys: String, CodingKey {
        case pinningMode = "SSLPinningMode", allowInvalidCertificates, validatesDomainName, pinnedCertificates
    }

    /// Decodes the four settings; the pinned public keys are derived again.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let mode = try container.decode(Int.self, forKey: .pinningMode)
        guard PinningMode.allCases.indices.contains(mode) else {
            throw DecodingError.dataCorruptedError(forKey: .pinningMode, in: container, debugDescription: "no pinning mode \(mode)")
        }
        self.init(pinningMode: PinningMode.allCases[mode],
                  pinnedCertificates: try container.decode(Set<[UInt8]>.self, forKey: .pinnedCertificates))
        allowInvalidCertificates = try container.decode(Bool.self, forKey: .allowInvalidCertificates)
        validatesDomainName = try container.decode(Bool.self, forKey: .validatesDomainName)
    }

    /// Encodes the four settings, the mode as AFNetworking's number (None 0, PublicKey 1, Certificate 2).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(PinningMode.allCases.firstIndex(of: pinningMode) ?? 0, forKey: .pinningMode)
        try container.encode(allowInvalidCertificates, forKey: .allowInvalidCertificates)
        try container.encode(validatesDomainName, forKey: .validatesDomainName)
        try container.encode(pinnedCertificates.sorted { $0.lexicographicallyPrecedes($1) }, forKey: .pinnedCertificates)
    }
}
