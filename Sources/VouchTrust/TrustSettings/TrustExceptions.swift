/// What `SecTrustCopyExceptions` returns and `SecTrustSetExceptions` takes (SECTRUST.md §15.4):
/// per index of the built chain, the certificate's SHA-1 and the names of the checks that failed
/// there. A later evaluation of the same leaf excepts exactly those failures of those
/// certificates at those indices, and a pass with exceptions set is **Proceed**.
public struct TrustExceptions: Hashable, Sendable {
    /// One index of the chain: `{}` when ``sha1`` is `nil`.
    public struct Entry: Hashable, Sendable {
        /// `SHA1Digest`: the SHA-1 of the certificate at this index, for the leaf always and for any
        /// index with a failure.
        public var sha1: [UInt8]?
        /// The names of the checks that failed (each `false` in Apple's dictionary), e.g.
        /// `SSLHostname`; names Vouch does not know are kept and never match.
        public var checks: Set<String>
        /// `ExceptionResetCount`, when the exceptions were made under a reset count other than 0.
        public var resetCount: Int64?

        /// An entry; an empty one (`{}`) by default.
        public init(sha1: [UInt8]? = nil, checks: Set<String> = [], resetCount: Int64? = nil) {
            self.sha1 = sha1
            self.checks = checks
            self.resetCount = resetCount
        }
    }

    /// Index 0 is the leaf.
    public var entries: [Entry]

    /// Exceptions with the given entries.
    public init(entries: [Entry]) { self.entries = entries }

    /// Whether the failure of `check` at `index` of a chain whose certificate there has `sha1` is
    /// excepted (`SecPVCIsExceptedError`): the SHA-1 must be recorded at that index and the check
    /// named there.
    func excepts(_ check: TrustCheck, at index: Int, sha1: [UInt8]) -> Bool {
        guard entries.indices.contains(index), let recorded = entries[index].sha1, recorded == sha1 else { return false }
        return entries[index].checks.contains(check.rawValue)
    }

    /// `SecTrustExceptionsValidForThisEpoch` and the leaf test of `SecTrustSetExceptions`: the
    /// first entry must carry the leaf's SHA-1, and the reset count must be 0 or recorded.
    func isValid(forLeafSHA1 sha1: [UInt8], resetCount: Int64) -> Bool {
        guard let first = entries.first, first.sha1 == sha1 else { return false }
        return resetCount == 0 || first.resetCount == resetCount
    }
}
