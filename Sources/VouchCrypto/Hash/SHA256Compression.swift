/// The SHA-256 compression function (FIPS 180-4 §6.2.2), shared by SHA-256 and SHA-224.
///
/// The hot loop of every RSA and ECDSA verification over a large certificate. The message
/// schedule is computed first, four words at a time in `SIMD4<UInt32>` (SSE2) vectors, each
/// group of four with its round constants K (§4.2.2) added, into a 256-byte stack buffer; the 64
/// rounds are then written out with the working variables renamed instead of shuffled, each
/// reading its W[t] + K[t] as a memory operand. All arithmetic is wrapping (`&+`): no overflow
/// checks. (Writing the rounds out measured about 19 % faster than a loop over four groups of
/// sixteen; the vector schedule 2,922 → about 2,500 instructions a block, against a scalar one
/// in a rolling window of sixteen locals.)
struct SHA256Compression: BlockCompressor {
    static let blockLength = 64
    static let lengthFieldLength = 8
    static let isLengthLittleEndian = false

    private var h0, h1, h2, h3, h4, h5, h6, h7: UInt32

    /// Four message words in the lanes of one SSE register.
    private typealias Vector = SIMD4<UInt32>
    /// The bytes of the message schedule: 64 words of W[t] + K[t].
    private static let scheduleBytes = 64 * MemoryLayout<UInt32>.size

    /// A state with the eight initial hash values (§5.3.3 for SHA-256, §5.3.2 for SHA-224).
    init(_ h0: UInt32, _ h1: UInt32, _ h2: UInt32, _ h3: UInt32,
         _ h4: UInt32, _ h5: UInt32, _ h6: UInt32, _ h7: UInt32) {
        (self.h0, self.h1, self.h2, self.h3) = (h0, h1, h2, h3)
        (self.h4, self.h5, self.h6, self.h7) = (h4, h5, h6, h7)
    }

    /// The state as the digest's eight big-endian words, laid out in memory as its 32 octets.
    var bigEndianState: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) {
        (h0.bigEndian, h1.bigEndian, h2.bigEndian, h3.bigEndian, h4.bigEndian, h5.bigEndian, h6.bigEndian, h7.bigEndian)
    }

    func stateBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        bytes.appendBigEndian(h0, h1, h2, h3, h4, h5, h6, h7)
        return bytes
    }

    mutating func compress(_ blocks: UnsafeRawBufferPointer) {
        var offset = 0
        while blocks.count - offset >= Self.blockLength {
            compressBlock(blocks, at: offset)
            offset += Self.blockLength
        }
    }

    @inline(__always)
    private mutating func compressBlock(_ block: UnsafeRawBufferPointer, at o: Int) {
        withUnsafeTemporaryAllocation(byteCount: Self.scheduleBytes, alignment: MemoryLayout<Vector>.alignment) { wk in
            Self.expand(block, at: o, into: wk)
            /// W[t] + K[t].
            @inline(__always) func w(_ t: Int) -> UInt32 { wk.load(fromByteOffset: 4 * t, as: UInt32.self) }
            var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
            // Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and this round's b ^ c is the last round's a ^ b.
            var bc = b ^ c
            round(a, b, c, &d, e, f, g, &h, &bc, w(0))
            round(h, a, b, &c, d, e, f, &g, &bc, w(1))
            round(g, h, a, &b, c, d, e, &f, &bc, w(2))
            round(f, g, h, &a, b, c, d, &e, &bc, w(3))
            round(e, f, g, &h, a, b, c, &d, &bc, w(4))
            round(d, e, f, &g, h, a, b, &c, &bc, w(5))
            round(c, d, e, &f, g, h, a, &b, &bc, w(6))
            round(b, c, d, &e, f, g, h, &a, &bc, w(7))
            round(a, b, c, &d, e, f, g, &h, &bc, w(8))
            round(h, a, b, &c, d, e, f, &g, &bc, w(9))
            round(g, h, a, &b, c, d, e, &f, &bc, w(10))
            round(f, g, h, &a, b, c, d, &e, &bc, w(11))
            round(e, f, g, &h, a, b, c, &d, &bc, w(12))
            round(d, e, f, &g, h, a, b, &c, &bc, w(13))
            round(c, d, e, &f, g, h, a, &b, &bc, w(14))
            round(b, c, d, &e, f, g, h, &a, &bc, w(15))
            round(a, b, c, &d, e, f, g, &h, &bc, w(16))
            round(h, a, b, &c, d, e, f, &g, &bc, w(17))
            round(g, h, a, &b, c, d, e, &f, &bc, w(18))
            round(f, g, h, &a, b, c, d, &e, &bc, w(19))
            round(e, f, g, &h, a, b, c, &d, &bc, w(20))
            round(d, e, f, &g, h, a, b, &c, &bc, w(21))
            round(c, d, e, &f, g, h, a, &b, &bc, w(22))
            round(b, c, d, &e, f, g, h, &a, &bc, w(23))
            round(a, b, c, &d, e, f, g, &h, &bc, w(24))
            round(h, a, b, &c, d, e, f, &g, &bc, w(25))
            round(g, h, a, &b, c, d, e, &f, &bc, w(26))
            round(f, g, h, &a, b, c, d, &e, &bc, w(27))
            round(e, f, g, &h, a, b, c, &d, &bc, w(28))
            round(d, e, f, &g, h, a, b, &c, &bc, w(29))
            round(c, d, e, &f, g, h, a, &b, &bc, w(30))
            round(b, c, d, &e, f, g, h, &a, &bc, w(31))
            round(a, b, c, &d, e, f, g, &h, &bc, w(32))
            round(h, a, b, &c, d, e, f, &g, &bc, w(33))
            round(g, h, a, &b, c, d, e, &f, &bc, w(34))
            round(f, g, h, &a, b, c, d, &e, &bc, w(35))
            round(e, f, g, &h, a, b, c, &d, &bc, w(36))
            round(d, e, f, &g, h, a, b, &c, &bc, w(37))
            round(c, d, e, &f, g, h, a, &b, &bc, w(38))
            round(b, c, d, &e, f, g, h, &a, &bc, w(39))
            round(a, b, c, &d, e, f, g, &h, &bc, w(40))
            round(h, a, b, &c, d, e, f, &g, &bc, w(41))
            round(g, h, a, &b, c, d, e, &f, &bc, w(42))
            round(f, g, h, &a, b, c, d, &e, &bc, w(43))
            round(e, f, g, &h, a, b, c, &d, &bc, w(44))
            round(d, e, f, &g, h, a, b, &c, &bc, w(45))
            round(c, d, e, &f, g, h, a, &b, &bc, w(46))
            round(b, c, d, &e, f, g, h, &a, &bc, w(47))
            round(a, b, c, &d, e, f, g, &h, &bc, w(48))
            round(h, a, b, &c, d, e, f, &g, &bc, w(49))
            round(g, h, a, &b, c, d, e, &f, &bc, w(50))
            round(f, g, h, &a, b, c, d, &e, &bc, w(51))
            round(e, f, g, &h, a, b, c, &d, &bc, w(52))
            round(d, e, f, &g, h, a, b, &c, &bc, w(53))
            round(c, d, e, &f, g, h, a, &b, &bc, w(54))
            round(b, c, d, &e, f, g, h, &a, &bc, w(55))
            round(a, b, c, &d, e, f, g, &h, &bc, w(56))
            round(h, a, b, &c, d, e, f, &g, &bc, w(57))
            round(g, h, a, &b, c, d, e, &f, &bc, w(58))
            round(f, g, h, &a, b, c, d, &e, &bc, w(59))
            round(e, f, g, &h, a, b, c, &d, &bc, w(60))
            round(d, e, f, &g, h, a, b, &c, &bc, w(61))
            round(c, d, e, &f, g, h, a, &b, &bc, w(62))
            round(b, c, d, &e, f, g, h, &a, &bc, w(63))
            h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
            h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
        }
    }

    /// The message schedule (§6.2.2 step 1) of the block at `o`, as W[t] + K[t] for the 64 rounds,
    /// into `wk`, four words to a vector. Out of line on purpose: inlined, LLVM moves each word
    /// from its vector register to the round that adds it (two instructions a word), where from
    /// memory it is an operand of that addition.
    @inline(never)
    private static func expand(_ block: UnsafeRawBufferPointer, at o: Int, into wk: UnsafeMutableRawBufferPointer) {
        /// Stores x + k as words 4·index ..< 4·index + 4.
        @inline(__always) func store(_ x: Vector, _ k: Vector, _ index: Int) {
            wk.storeBytes(of: x &+ k, toByteOffset: index * MemoryLayout<Vector>.size, as: Vector.self)
        }
        @inline(__always) func words(_ at: Int) -> Vector {
            Vector(block.bigEndianWord32(at: at), block.bigEndianWord32(at: at + 4),
                   block.bigEndianWord32(at: at + 8), block.bigEndianWord32(at: at + 12))
        }
        // W[0 ..< 16] is the block; each later group of four replaces the oldest of the window
        // x0…x3 (W[t−16 ..< t]), which rotates by renaming.
        var x0 = words(o), x1 = words(o + 16), x2 = words(o + 32), x3 = words(o + 48)
        store(x0, Vector(0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5), 0)
        store(x1, Vector(0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5), 1)
        store(x2, Vector(0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3), 2)
        store(x3, Vector(0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174), 3)
        Self.schedule(&x0, x1, x2, x3); store(x0, Vector(0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc), 4)
        Self.schedule(&x1, x2, x3, x0); store(x1, Vector(0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da), 5)
        Self.schedule(&x2, x3, x0, x1); store(x2, Vector(0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7), 6)
        Self.schedule(&x3, x0, x1, x2); store(x3, Vector(0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967), 7)
        Self.schedule(&x0, x1, x2, x3); store(x0, Vector(0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13), 8)
        Self.schedule(&x1, x2, x3, x0); store(x1, Vector(0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85), 9)
        Self.schedule(&x2, x3, x0, x1); store(x2, Vector(0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3), 10)
        Self.schedule(&x3, x0, x1, x2); store(x3, Vector(0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070), 11)
        Self.schedule(&x0, x1, x2, x3); store(x0, Vector(0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5), 12)
        Self.schedule(&x1, x2, x3, x0); store(x1, Vector(0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3), 13)
        Self.schedule(&x2, x3, x0, x1); store(x2, Vector(0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208), 14)
        Self.schedule(&x3, x0, x1, x2); store(x3, Vector(0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2), 15)
    }

    /// One round (§6.2.2 step 3) with the variables renamed: adds T1 to `d` and sets `h` to T1 + T2.
    ///
    /// Σ is computed as nested rotations of one register (Σ1(e) = ((e ⋙ 14 ^ e) ⋙ 5 ^ e) ⋙ 6),
    /// which needs fewer register copies than three independent rotations on x86 without BMI2;
    /// `bc` carries b ^ c in and this round's a ^ b out, for the cheaper Maj.
    @inline(__always)
    private func round(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
                       _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ bc: inout UInt32, _ kw: UInt32) {
        let sigma1 = rotate(rotate(rotate(e, 14) ^ e, 5) ^ e, 6)
        let choose = ((f ^ g) & e) ^ g
        let t1 = h &+ sigma1 &+ choose &+ kw
        let sigma0 = rotate(rotate(rotate(a, 9) ^ a, 11) ^ a, 2)
        let ab = a ^ b
        let majority = b ^ (ab & bc)
        bc = ab
        d &+= t1
        h = t1 &+ sigma0 &+ majority
    }

    /// Four message-schedule steps at once (§6.2.2 step 1): with x0…x3 = W[t−16 ..< t], x0
    /// becomes W[t ..< t+4] = σ1(W[t−2 ..< t+2]) + W[t−7 ..< t−3] + σ0(W[t−15 ..< t−11]) + W[t−16 ..< t−12].
    /// σ1's inputs W[t] and W[t+1] are the first two results, so it runs in two halves.
    @inline(__always)
    private static func schedule(_ x0: inout Vector, _ x1: Vector, _ x2: Vector, _ x3: Vector) {
        let w15 = Vector(x0[1], x0[2], x0[3], x1[0])
        let w7 = Vector(x2[1], x2[2], x2[3], x3[0])
        var w = x0 &+ w7 &+ sigma0(w15)
        w &+= Vector(lowHalf: sigma1(x3.highHalf), highHalf: .zero)
        w &+= Vector(lowHalf: .zero, highHalf: sigma1(w.lowHalf))
        x0 = w
    }

    /// σ0 on four lanes: x ⋙ 7 ^ x ⋙ 18 ^ x ≫ 3, with the rotations as separate shifts (SSE2
    /// has no vector rotation; written as one, LLVM moves each lane out to rotate it).
    @inline(__always)
    private static func sigma0(_ x: Vector) -> Vector {
        ((x &>> 7) ^ (x &>> 18) ^ (x &>> 3)) ^ ((x &<< 25) ^ (x &<< 14))
    }

    /// σ1 of two words: x ⋙ 17 ^ x ⋙ 19 ^ x ≫ 10. Each word is doubled into a 64-bit lane, where
    /// a 64-bit shift right leaves the 32-bit rotation in the lane's low half.
    @inline(__always)
    private static func sigma1(_ x: SIMD2<UInt32>) -> SIMD2<UInt32> {
        let doubled = Vector(x[0], x[0], x[1], x[1])
        let wide = unsafeBitCast(doubled, to: SIMD2<UInt64>.self)
        let sum = unsafeBitCast(wide &>> 17, to: Vector.self) ^ unsafeBitCast(wide &>> 19, to: Vector.self) ^ (doubled &>> 10)
        return SIMD2(sum[0], sum[2])
    }

    @inline(__always)
    private static func rotate(_ x: Vector, _ n: UInt32) -> Vector { (x &>> n) | (x &<< (32 &- n)) }

    @inline(__always)
    private func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }
}
