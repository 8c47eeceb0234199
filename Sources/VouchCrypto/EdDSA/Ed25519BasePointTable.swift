// The odd multiples B, 3B, 5B, …, 127B of the base point, for the width-8 wNAF of S in the
// double-scalar multiplication. Computed once, on first use, from B (Swift initialises a static
// `let` exactly once, thread-safely); 64 entries with Z = 1 cost 64 inversions, under a millisecond.

/// Precomputed multiples of the Ed25519 base point.
enum Ed25519BasePointTable {
    /// The wNAF width used for S: the table holds 2^(width − 2) odd multiples.
    static let width = 8

    /// (2i + 1)·B for i in 0..<64, with Z = 1.
    static let oddMultiples: [AffineCachedPoint] = {
        let base = Ed25519Constants.basePoint
        let twiceBase = base.doubled().extended.cached
        var multiples: [AffineCachedPoint] = []
        let count = 1 << (width - 2)
        multiples.reserveCapacity(count)
        var current = base
        for _ in 0..<count {
            multiples.append(current.affineCached)
            current = current.adding(twiceBase).extended
        }
        return multiples
    }()
}
