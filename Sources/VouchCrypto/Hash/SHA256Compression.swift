/// The SHA-256 compression function (FIPS 180-4 §6.2.2), shared by SHA-256 and SHA-224.
///
/// The hot loop of every RSA and ECDSA verification over a large certificate: the 64 rounds are
/// unrolled in groups of sixteen with the working variables renamed instead of shuffled, the
/// message schedule lives in a rolling window of sixteen locals, and all arithmetic is wrapping
/// (`&+`), so the optimiser can keep everything in registers with no overflow checks.
struct SHA256Compression: BlockCompressor {
    static let blockLength = 64
    static let lengthFieldLength = 8
    static let isLengthLittleEndian = false

    private var h0, h1, h2, h3, h4, h5, h6, h7: UInt32

    /// A state with the eight initial hash values (§5.3.3 for SHA-256, §5.3.2 for SHA-224).
    init(_ h0: UInt32, _ h1: UInt32, _ h2: UInt32, _ h3: UInt32,
         _ h4: UInt32, _ h5: UInt32, _ h6: UInt32, _ h7: UInt32) {
        (self.h0, self.h1, self.h2, self.h3) = (h0, h1, h2, h3)
        (self.h4, self.h5, self.h6, self.h7) = (h4, h5, h6, h7)
    }

    func stateBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        bytes.appendBigEndian(h0, h1, h2, h3, h4, h5, h6, h7)
        return bytes
    }

    mutating func compress(_ blocks: UnsafeRawBufferPointer) {
        Self.roundConstants.withUnsafeBufferPointer { k in
            var offset = 0
            while blocks.count - offset >= Self.blockLength {
                compressBlock(blocks, at: offset, k)
                offset += Self.blockLength
            }
        }
    }

    @inline(__always)
    private mutating func compressBlock(_ block: UnsafeRawBufferPointer, at o: Int, _ k: UnsafeBufferPointer<UInt32>) {
        var w0 = block.bigEndianWord32(at: o), w1 = block.bigEndianWord32(at: o + 4)
        var w2 = block.bigEndianWord32(at: o + 8), w3 = block.bigEndianWord32(at: o + 12)
        var w4 = block.bigEndianWord32(at: o + 16), w5 = block.bigEndianWord32(at: o + 20)
        var w6 = block.bigEndianWord32(at: o + 24), w7 = block.bigEndianWord32(at: o + 28)
        var w8 = block.bigEndianWord32(at: o + 32), w9 = block.bigEndianWord32(at: o + 36)
        var w10 = block.bigEndianWord32(at: o + 40), w11 = block.bigEndianWord32(at: o + 44)
        var w12 = block.bigEndianWord32(at: o + 48), w13 = block.bigEndianWord32(at: o + 52)
        var w14 = block.bigEndianWord32(at: o + 56), w15 = block.bigEndianWord32(at: o + 60)
        var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)

        // Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and this round's b ^ c is the last round's a ^ b.
        var bc = b ^ c
        var t = 0
        while true {
            round(a, b, c, &d, e, f, g, &h, &bc, k[t] &+ w0)
            round(h, a, b, &c, d, e, f, &g, &bc, k[t + 1] &+ w1)
            round(g, h, a, &b, c, d, e, &f, &bc, k[t + 2] &+ w2)
            round(f, g, h, &a, b, c, d, &e, &bc, k[t + 3] &+ w3)
            round(e, f, g, &h, a, b, c, &d, &bc, k[t + 4] &+ w4)
            round(d, e, f, &g, h, a, b, &c, &bc, k[t + 5] &+ w5)
            round(c, d, e, &f, g, h, a, &b, &bc, k[t + 6] &+ w6)
            round(b, c, d, &e, f, g, h, &a, &bc, k[t + 7] &+ w7)
            round(a, b, c, &d, e, f, g, &h, &bc, k[t + 8] &+ w8)
            round(h, a, b, &c, d, e, f, &g, &bc, k[t + 9] &+ w9)
            round(g, h, a, &b, c, d, e, &f, &bc, k[t + 10] &+ w10)
            round(f, g, h, &a, b, c, d, &e, &bc, k[t + 11] &+ w11)
            round(e, f, g, &h, a, b, c, &d, &bc, k[t + 12] &+ w12)
            round(d, e, f, &g, h, a, b, &c, &bc, k[t + 13] &+ w13)
            round(c, d, e, &f, g, h, a, &b, &bc, k[t + 14] &+ w14)
            round(b, c, d, &e, f, g, h, &a, &bc, k[t + 15] &+ w15)
            t += 16
            guard t < 64 else { break }
            // W[t] = σ1(W[t−2]) + W[t−7] + σ0(W[t−15]) + W[t−16], in place in the window.
            schedule(&w0, w14, w9, w1); schedule(&w1, w15, w10, w2)
            schedule(&w2, w0, w11, w3); schedule(&w3, w1, w12, w4)
            schedule(&w4, w2, w13, w5); schedule(&w5, w3, w14, w6)
            schedule(&w6, w4, w15, w7); schedule(&w7, w5, w0, w8)
            schedule(&w8, w6, w1, w9); schedule(&w9, w7, w2, w10)
            schedule(&w10, w8, w3, w11); schedule(&w11, w9, w4, w12)
            schedule(&w12, w10, w5, w13); schedule(&w13, w11, w6, w14)
            schedule(&w14, w12, w7, w15); schedule(&w15, w13, w8, w0)
        }
        h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
        h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
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

    /// One message-schedule step (§6.2.2 step 1): `w` is W[t−16] and becomes W[t].
    @inline(__always)
    private func schedule(_ w: inout UInt32, _ wMinus2: UInt32, _ wMinus7: UInt32, _ wMinus15: UInt32) {
        let s0 = rotate(wMinus15, 7) ^ rotate(wMinus15, 18) ^ (wMinus15 &>> 3)
        let s1 = rotate(wMinus2, 17) ^ rotate(wMinus2, 19) ^ (wMinus2 &>> 10)
        w = w &+ s0 &+ wMinus7 &+ s1
    }

    @inline(__always)
    private func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }

    /// The 64 round constants K (§4.2.2): the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
