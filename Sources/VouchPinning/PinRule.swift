import VouchDER

/// One entry of a ``PinSet``: the hosts it covers and what it asks of them (AFSECURITYPOLICY.md §4).
public struct PinRule: Sendable, Hashable {
    /// The hosts covered.
    public var pattern: HostPattern
    /// The accepted keys: some certificate of the validated chain must carry one.
    public var pins: Set<SPKIPin>
    /// After this moment the rule is not enforced (the host counts as not pinned).
    public var expiration: DERTime?
    /// Evaluate and report, but do not block on a pin mismatch (TrustKit's `enforcePinning: NO`).
    /// A chain that does not validate is refused all the same.
    public var isReportOnly: Bool
    /// Takes the covered hosts out of a broader rule (TrustKit's `excludeSubdomainFromParentPolicy`):
    /// they count as not pinned, and ``pins`` is ignored.
    public var isExclusion: Bool

    /// A rule enforcing `pins` on the hosts of `pattern`.
    public init(_ pattern: HostPattern, pins: Set<SPKIPin>, expiration: DERTime? = nil, isReportOnly: Bool = false) {
        self.pattern = pattern
        self.pins = pins
        self.expiration = expiration
        self.isReportOnly = isReportOnly
        self.isExclusion = false
    }

    /// A rule that takes the hosts of `pattern` out of a broader rule.
    public static func exclusion(_ pattern: HostPattern) -> PinRule {
        var rule = PinRule(pattern, pins: [])
        rule.isExclusion = true
        return rule
    }

    /// Whether the rule has expired at `now` (seconds since 1970).
    public func isExpired(at now: Int64) -> Bool {
        guard let expiration else { return false }
        return now > expiration.secondsSince1970
    }
}
