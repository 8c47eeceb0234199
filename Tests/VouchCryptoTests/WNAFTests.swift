import Testing
@testable import VouchCrypto

/// ``WNAF/withDigits(_:width:_:)`` against its definition: the digits add up to the scalar, each non-zero
/// digit is odd and below 2^(w−1) in magnitude, and any two non-zero digits are at least w apart;
/// for random scalars, the group order minus one, and the edge values 0, 1 and all ones, at every
/// width the curves use and the widest (16: digits up to ±2^15).
@Suite("wNAF recoding")
struct WNAFTests {
    /// Σ dᵢ·2^i as (positive part, negative part), each as little-endian words.
    static func value(_ digits: [Int16], words: Int) -> (positive: [UInt64], negative: [UInt64]) {
        var positive = [UInt64](repeating: 0, count: words + 1)
        var negative = [UInt64](repeating: 0, count: words + 1)
        for (position, digit) in digits.enumerated() where digit != 0 {
            // |d|·2^position added word by word.
            let magnitude = UInt64(digit.magnitude)
            let word = position / 64, shift = UInt64(position % 64)
            var addend = [UInt64](repeating: 0, count: words + 1)
            addend[word] = magnitude << shift
            if shift != 0, word + 1 <= words { addend[word + 1] = magnitude >> (64 - shift) }
            if digit > 0 {
                positive = Array(WordArithmetic.add(positive, addend).prefix(words + 1))
            } else {
                negative = Array(WordArithmetic.add(negative, addend).prefix(words + 1))
            }
        }
        return (positive, negative)
    }

    @Test("digits sum to the scalar and have the wNAF shape")
    func recoding() {
        var random = ECPointArithmeticTests.Random(state: 0x5eed_0f_7a_f0)
        let order = WordArithmetic.words(hex: CurveParameters.p256.order)
        var scalars: [[UInt64]] = [[0, 0, 0, 0], [1, 0, 0, 0], [UInt64.max, UInt64.max, UInt64.max, UInt64.max],
                                   WordArithmetic.subtracting(1, from: order)]
        for _ in 0..<40 { scalars.append((0..<4).map { _ in random.next() }) }
        for _ in 0..<5 { scalars.append((0..<6).map { _ in random.next() }) }
        for scalar in scalars {
            for width in [2, 4, 5, 6, 8, 9, 10, 16] {
                let digits = WNAF.withDigits(scalar, width: width) { Array($0) }
                #expect(digits.count == 64 * scalar.count + 1)
                let (positive, negative) = Self.value(digits, words: scalar.count)
                // scalar + negative == positive
                let sum = Array(WordArithmetic.add(scalar + [0], negative).prefix(scalar.count + 1))
                #expect(sum == positive, "width \(width), scalar \(scalar)")
                var last = -width
                for (position, digit) in digits.enumerated() where digit != 0 {
                    #expect(digit & 1 == 1 || digit & 1 == -1)
                    #expect(Int(digit.magnitude) < 1 << (width - 1))
                    #expect(position - last >= width, "width \(width): digits at \(last) and \(position)")
                    last = position
                }
            }
        }
    }
}
