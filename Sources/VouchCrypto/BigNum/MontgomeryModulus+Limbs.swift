import CGMP

/// The limb-level helpers of ``MontgomeryModulus``: Knuth's long division, which puts a base into
/// Montgomery form, and the conversions between big-endian bytes and little-endian limbs.
extension MontgomeryModulus {
    /// x ← x mod d by Algorithm D: `x` has `width` > `count` limbs, its top limb zero (D1's extra
    /// digit); `d` has `count` with its top bit set. The remainder is left in x's low `count` limbs,
    /// the others become zero.
    ///
    /// Each step divides the top `count` + 1 limbs of the window by d: the quotient digit is
    /// estimated from the top two limbs and d's top limb, corrected with d's second limb (D3: then
    /// it is exact or one too large), multiplied out and subtracted (`mpn_submul_1`), and d is
    /// added back once if the subtraction went below zero (D6).
    ///
    /// Not constant-time, and it need not be: n is an RSA *public* modulus and the base a public
    /// signature. (`mpn_sec_div_r` costs five times as much for 2048 bits; `mpn_tdiv_qr` would be
    /// as quick but brings libgmp's subquadratic division and multiplication, about 100 KB, into
    /// a static binary.)
    static func remainderInPlace(_ x: UnsafeMutablePointer<UInt>, _ width: Int, dividedBy d: UnsafePointer<UInt>, _ count: Int) {
        let dTop = d[count - 1]
        let dNext: UInt = count > 1 ? d[count - 2] : 0
        var j = width - count - 1
        while j >= 0 {
            let high = x[j + count], low = x[j + count - 1]
            let next: UInt = count > 1 ? x[j + count - 2] : 0
            // high ≤ dTop: the window's top count limbs are below d.
            var quotient: UInt, remainder: UInt
            var remainderOverflowed = false
            if high >= dTop {
                quotient = UInt.max
                (remainder, remainderOverflowed) = low.addingReportingOverflow(high)
            } else {
                (quotient, remainder) = dTop.dividingFullWidth((high: high, low: low))
            }
            while !remainderOverflowed,
                  UInt128(quotient) &* UInt128(dNext) > UInt128(remainder) &<< 64 | UInt128(next) {
                quotient &-= 1
                (remainder, remainderOverflowed) = remainder.addingReportingOverflow(dTop)
            }
            let borrow = __gmpn_submul_1(x + j, d, count, quotient)
            if borrow > high {
                _ = __gmpn_add_n(x + j, x + j, d, count)
            }
            x[j + count] = 0
            j -= 1
        }
    }

    /// `count` little-endian limbs of the big-endian `bytes`; `nil` if the number needs more.
    static func limbs(bigEndian bytes: ArraySlice<UInt8>, count: Int) -> [UInt]? {
        var limbs = [UInt](zeros: count)
        let fits = limbs.withUnsafeMutableBufferPointer { load(bigEndian: bytes, into: $0) }
        return fits ? limbs : nil
    }

    /// Fills `limbs` with the little-endian limbs of the big-endian `bytes` (zeros above the
    /// number); `false` if the number needs more limbs than `limbs` holds.
    ///
    /// Whole limbs are loaded eight bytes at a time from the least significant end (one
    /// unaligned big-endian load each, offsets within the buffer by construction); only the most
    /// significant partial limb goes byte by byte.
    static func load(bigEndian bytes: ArraySlice<UInt8>, into limbs: UnsafeMutableBufferPointer<UInt>) -> Bool {
        limbs.update(repeating: 0)
        let count = limbs.count
        return bytes.withUnsafeBytes { raw in
            var end = raw.count
            var index = 0
            while end > 0 {
                var limb: UInt = 0
                if end >= 8 {
                    limb = UInt(UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self)))
                    end &-= 8
                } else {
                    for position in 0..<end { limb = limb << 8 | UInt(raw[position]) }
                    end = 0
                }
                if index < count {
                    limbs[index] = limb
                } else if limb != 0 {
                    return false
                }
                index += 1
            }
            return true
        }
    }

    /// The big-endian bytes of little-endian `limbs`, exactly `length` long; `nil` if they do not fit.
    ///
    /// A limb with eight bytes of room below it is stored whole (one big-endian store); only
    /// the bytes of the limb that reaches the front go one at a time.
    static func bigEndianBytes(_ limbs: UnsafeBufferPointer<UInt>, length: Int) -> [UInt8]? {
        guard length >= 0 else { return nil }
        var bytes = [UInt8](zeros: length)
        let fits = bytes.withUnsafeMutableBytes { raw -> Bool in
            var end = length  // one past the byte that receives the limb's lowest octet
            for limb in limbs {
                if end >= 8 {
                    end &-= 8
                    raw.storeBytes(of: UInt64(limb).bigEndian, toByteOffset: end, as: UInt64.self)
                    continue
                }
                var rest = limb
                for _ in 0..<8 {
                    if end > 0 {
                        end -= 1
                        raw[end] = UInt8(truncatingIfNeeded: rest)
                    } else if rest & 0xff != 0 {
                        return false
                    }
                    rest >>= 8
                }
            }
            return true
        }
        return fits ? bytes : nil
    }
}
