/// The hosts a pin rule covers (AFSECURITYPOLICY.md §4): `example.com` exactly, `*.example.com`
/// exactly one more label, `**.example.com` any number of labels including none.
///
/// Matching ignores ASCII case and one trailing dot; labels are compared whole, so `*.example.com`
/// never matches `badexample.com`. Internationalised names must be given in their `xn--` form.
public struct HostPattern: Hashable, Sendable, CustomStringConvertible {
    /// How many labels a pattern adds in front of its base domain.
    public enum Wildcard: Sendable, Hashable {
        /// None: the base domain only.
        case none
        /// `*.`: exactly one.
        case oneLabel
        /// `**.`: zero or more.
        case anyLabels
    }

    /// The lowercased labels of the base domain.
    public let labels: [Substring]
    /// The wildcard in front of it.
    public let wildcard: Wildcard

    /// Parses a pattern; `nil` for an empty base domain, an empty label or a wildcard elsewhere
    /// than as the whole first label.
    public init?(_ text: String) {
        var base = Self.normalised(text)
        if base.hasPrefix("**.") {
            wildcard = .anyLabels
            base.removeFirst(3)
        } else if base.hasPrefix("*.") {
            wildcard = .oneLabel
            base.removeFirst(2)
        } else {
            wildcard = .none
        }
        let labels = base.split(separator: ".", omittingEmptySubsequences: false)
        guard !base.isEmpty, labels.allSatisfy({ !$0.isEmpty && !$0.contains("*") }) else { return nil }
        self.labels = labels
    }

    /// Whether `host` is covered.
    public func matches(_ host: String) -> Bool {
        let hostLabels = Self.normalised(host).split(separator: ".", omittingEmptySubsequences: false)
        guard hostLabels.count >= labels.count, hostLabels.suffix(labels.count).elementsEqual(labels) else { return false }
        let extra = hostLabels.count - labels.count
        switch wildcard {
        case .none: return extra == 0
        case .oneLabel: return extra == 1 && !hostLabels[0].isEmpty
        case .anyLabels: return hostLabels.prefix(extra).allSatisfy { !$0.isEmpty }
        }
    }

    /// How specific the pattern is, for choosing among several that match: more base labels win,
    /// and for the same base, exact beats `*.` beats `**.`.
    var specificity: (Int, Int) {
        switch wildcard {
        case .none: return (labels.count, 2)
        case .oneLabel: return (labels.count, 1)
        case .anyLabels: return (labels.count, 0)
        }
    }

    /// The pattern as text.
    public var description: String {
        let prefix: String
        switch wildcard {
        case .none: prefix = ""
        case .oneLabel: prefix = "*."
        case .anyLabels: prefix = "**."
        }
        return prefix + labels.joined(separator: ".")
    }

    private static func normalised(_ text: String) -> String {
        var lowered = text.asciiLowercased
        if lowered.hasSuffix(".") { lowered.removeLast() }
        return lowered
    }
}
