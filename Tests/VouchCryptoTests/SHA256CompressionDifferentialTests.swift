import Testing
@testable import VouchCrypto

/// SHA-256 and SHA-224 (one shared compressor, its message schedule in SIMD vectors) against a
/// textbook implementation of FIPS 180-4 §6.2 (a scalar loop over W[0 ..< 64], K from a table),
/// on pseudo-random messages of every length from 0 to 300 bytes (each padding case, one to six
/// blocks) and a few large ones. The NIST SHAVS vectors are in ``SHATests``.
@Suite("SHA-256 compressor against a textbook one")
struct SHA256CompressionDifferentialTests {
    static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
    static let sha256Initial: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
    static let sha224Initial: [UInt32] = [0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4]

    static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }

    /// FIPS 180-4 §5.1.1 padding, §6.2.2 computation, as written there.
    static func textbook(_ message: [UInt8], initial: [UInt32], digestLength: Int) -> [UInt8] {
        var padded = message + [0x80]
        while padded.count % 64 != 56 { padded.append(0) }
        let bits = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        var h = initial
        for start in stride(from: 0, to: padded.count, by: 64) {
            var w = [UInt32](repeating: 0, count: 64)
            for t in 0..<16 {
                w[t] = padded[start + 4 * t..<start + 4 * t + 4].reduce(0) { $0 << 8 | UInt32($1) }
            }
            for t in 16..<64 {
                let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for t in 0..<64 {
                let t1 = hh &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[t] &+ w[t]
                let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (index, value) in [a, b, c, d, e, f, g, hh].enumerated() { h[index] &+= value }
        }
        return Array(h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }.prefix(digestLength))
    }

    /// Deterministic bytes (64-bit LCG, top byte).
    static func message(_ length: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<length).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    @Test("every length from 0 to 300 bytes, and 1,000 to 65,537")
    func lengths() {
        for length in Array(0...300) + [1000, 4095, 4096, 4097, 65_537] {
            let bytes = Self.message(length, seed: UInt64(length))
            #expect(HashAlgorithm.sha256.digest(bytes) == Self.textbook(bytes, initial: Self.sha256Initial, digestLength: 32),
                    "SHA-256, \(length) bytes")
            #expect(Array(SHA256.digest(bytes)) == Self.textbook(bytes, initial: Self.sha256Initial, digestLength: 32),
                    "SHA256.digest, \(length) bytes")
            #expect(HashAlgorithm.sha224.digest(bytes) == Self.textbook(bytes, initial: Self.sha224Initial, digestLength: 28),
                    "SHA-224, \(length) bytes")
        }
    }
}
