/// The SHA-512 compression function (FIPS 180-4 §6.4.2), shared by SHA-512 and SHA-384.
///
/// Same structure as ``SHA256Compression``: 80 rounds written out with renamed variables and
/// immediate round constants, a rolling sixteen-word schedule window in locals, wrapping
/// arithmetic on `UInt64`.
struct SHA512Compression: BlockCompressor {
    static let blockLength = 128
    static let lengthFieldLength = 16
    static let isLengthLittleEndian = false

    private var h0, h1, h2, h3, h4, h5, h6, h7: UInt64

    /// A state with the eight initial hash values (§5.3.5 for SHA-512, §5.3.4 for SHA-384).
    init(_ h0: UInt64, _ h1: UInt64, _ h2: UInt64, _ h3: UInt64,
         _ h4: UInt64, _ h5: UInt64, _ h6: UInt64, _ h7: UInt64) {
        (self.h0, self.h1, self.h2, self.h3) = (h0, h1, h2, h3)
        (self.h4, self.h5, self.h6, self.h7) = (h4, h5, h6, h7)
    }

    func stateBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        bytes.appendBigEndian(h0, h1, h2, h3, h4, h5, h6, h7)
        return bytes
    }

    /// Out of line: the streaming and one-shot hashers each inlined their own 14 KB copy.
    @inline(never)
    mutating func compress(_ blocks: UnsafeRawBufferPointer) {
        var offset = 0
        while blocks.count - offset >= Self.blockLength {
            compressBlock(blocks, at: offset)
            offset += Self.blockLength
        }
    }

    @inline(__always)
    private mutating func compressBlock(_ block: UnsafeRawBufferPointer, at o: Int) {
        var w0 = block.bigEndianWord64(at: o), w1 = block.bigEndianWord64(at: o + 8)
        var w2 = block.bigEndianWord64(at: o + 16), w3 = block.bigEndianWord64(at: o + 24)
        var w4 = block.bigEndianWord64(at: o + 32), w5 = block.bigEndianWord64(at: o + 40)
        var w6 = block.bigEndianWord64(at: o + 48), w7 = block.bigEndianWord64(at: o + 56)
        var w8 = block.bigEndianWord64(at: o + 64), w9 = block.bigEndianWord64(at: o + 72)
        var w10 = block.bigEndianWord64(at: o + 80), w11 = block.bigEndianWord64(at: o + 88)
        var w12 = block.bigEndianWord64(at: o + 96), w13 = block.bigEndianWord64(at: o + 104)
        var w14 = block.bigEndianWord64(at: o + 112), w15 = block.bigEndianWord64(at: o + 120)
        var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)

        // Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and this round's b ^ c is the last round's a ^ b.
        var bc = b ^ c
        // All 80 rounds written out, each K (§4.2.3, the cube roots of the first 80 primes) an
        // immediate; from round 16 on, W[t] = σ1(W[t−2]) + W[t−7] + σ0(W[t−15]) + W[t−16]
        // replaces W[t−16] in the window. (About 15 % faster than a loop reading K from a table.)
        round(a, b, c, &d, e, f, g, &h, &bc, 0x428a2f98d728ae22 &+ w0)
        round(h, a, b, &c, d, e, f, &g, &bc, 0x7137449123ef65cd &+ w1)
        round(g, h, a, &b, c, d, e, &f, &bc, 0xb5c0fbcfec4d3b2f &+ w2)
        round(f, g, h, &a, b, c, d, &e, &bc, 0xe9b5dba58189dbbc &+ w3)
        round(e, f, g, &h, a, b, c, &d, &bc, 0x3956c25bf348b538 &+ w4)
        round(d, e, f, &g, h, a, b, &c, &bc, 0x59f111f1b605d019 &+ w5)
        round(c, d, e, &f, g, h, a, &b, &bc, 0x923f82a4af194f9b &+ w6)
        round(b, c, d, &e, f, g, h, &a, &bc, 0xab1c5ed5da6d8118 &+ w7)
        round(a, b, c, &d, e, f, g, &h, &bc, 0xd807aa98a3030242 &+ w8)
        round(h, a, b, &c, d, e, f, &g, &bc, 0x12835b0145706fbe &+ w9)
        round(g, h, a, &b, c, d, e, &f, &bc, 0x243185be4ee4b28c &+ w10)
        round(f, g, h, &a, b, c, d, &e, &bc, 0x550c7dc3d5ffb4e2 &+ w11)
        round(e, f, g, &h, a, b, c, &d, &bc, 0x72be5d74f27b896f &+ w12)
        round(d, e, f, &g, h, a, b, &c, &bc, 0x80deb1fe3b1696b1 &+ w13)
        round(c, d, e, &f, g, h, a, &b, &bc, 0x9bdc06a725c71235 &+ w14)
        round(b, c, d, &e, f, g, h, &a, &bc, 0xc19bf174cf692694 &+ w15)
        schedule(&w0, w14, w9, w1)
        round(a, b, c, &d, e, f, g, &h, &bc, 0xe49b69c19ef14ad2 &+ w0)
        schedule(&w1, w15, w10, w2)
        round(h, a, b, &c, d, e, f, &g, &bc, 0xefbe4786384f25e3 &+ w1)
        schedule(&w2, w0, w11, w3)
        round(g, h, a, &b, c, d, e, &f, &bc, 0x0fc19dc68b8cd5b5 &+ w2)
        schedule(&w3, w1, w12, w4)
        round(f, g, h, &a, b, c, d, &e, &bc, 0x240ca1cc77ac9c65 &+ w3)
        schedule(&w4, w2, w13, w5)
        round(e, f, g, &h, a, b, c, &d, &bc, 0x2de92c6f592b0275 &+ w4)
        schedule(&w5, w3, w14, w6)
        round(d, e, f, &g, h, a, b, &c, &bc, 0x4a7484aa6ea6e483 &+ w5)
        schedule(&w6, w4, w15, w7)
        round(c, d, e, &f, g, h, a, &b, &bc, 0x5cb0a9dcbd41fbd4 &+ w6)
        schedule(&w7, w5, w0, w8)
        round(b, c, d, &e, f, g, h, &a, &bc, 0x76f988da831153b5 &+ w7)
        schedule(&w8, w6, w1, w9)
        round(a, b, c, &d, e, f, g, &h, &bc, 0x983e5152ee66dfab &+ w8)
        schedule(&w9, w7, w2, w10)
        round(h, a, b, &c, d, e, f, &g, &bc, 0xa831c66d2db43210 &+ w9)
        schedule(&w10, w8, w3, w11)
        round(g, h, a, &b, c, d, e, &f, &bc, 0xb00327c898fb213f &+ w10)
        schedule(&w11, w9, w4, w12)
        round(f, g, h, &a, b, c, d, &e, &bc, 0xbf597fc7beef0ee4 &+ w11)
        schedule(&w12, w10, w5, w13)
        round(e, f, g, &h, a, b, c, &d, &bc, 0xc6e00bf33da88fc2 &+ w12)
        schedule(&w13, w11, w6, w14)
        round(d, e, f, &g, h, a, b, &c, &bc, 0xd5a79147930aa725 &+ w13)
        schedule(&w14, w12, w7, w15)
        round(c, d, e, &f, g, h, a, &b, &bc, 0x06ca6351e003826f &+ w14)
        schedule(&w15, w13, w8, w0)
        round(b, c, d, &e, f, g, h, &a, &bc, 0x142929670a0e6e70 &+ w15)
        schedule(&w0, w14, w9, w1)
        round(a, b, c, &d, e, f, g, &h, &bc, 0x27b70a8546d22ffc &+ w0)
        schedule(&w1, w15, w10, w2)
        round(h, a, b, &c, d, e, f, &g, &bc, 0x2e1b21385c26c926 &+ w1)
        schedule(&w2, w0, w11, w3)
        round(g, h, a, &b, c, d, e, &f, &bc, 0x4d2c6dfc5ac42aed &+ w2)
        schedule(&w3, w1, w12, w4)
        round(f, g, h, &a, b, c, d, &e, &bc, 0x53380d139d95b3df &+ w3)
        schedule(&w4, w2, w13, w5)
        round(e, f, g, &h, a, b, c, &d, &bc, 0x650a73548baf63de &+ w4)
        schedule(&w5, w3, w14, w6)
        round(d, e, f, &g, h, a, b, &c, &bc, 0x766a0abb3c77b2a8 &+ w5)
        schedule(&w6, w4, w15, w7)
        round(c, d, e, &f, g, h, a, &b, &bc, 0x81c2c92e47edaee6 &+ w6)
        schedule(&w7, w5, w0, w8)
        round(b, c, d, &e, f, g, h, &a, &bc, 0x92722c851482353b &+ w7)
        schedule(&w8, w6, w1, w9)
        round(a, b, c, &d, e, f, g, &h, &bc, 0xa2bfe8a14cf10364 &+ w8)
        schedule(&w9, w7, w2, w10)
        round(h, a, b, &c, d, e, f, &g, &bc, 0xa81a664bbc423001 &+ w9)
        schedule(&w10, w8, w3, w11)
        round(g, h, a, &b, c, d, e, &f, &bc, 0xc24b8b70d0f89791 &+ w10)
        schedule(&w11, w9, w4, w12)
        round(f, g, h, &a, b, c, d, &e, &bc, 0xc76c51a30654be30 &+ w11)
        schedule(&w12, w10, w5, w13)
        round(e, f, g, &h, a, b, c, &d, &bc, 0xd192e819d6ef5218 &+ w12)
        schedule(&w13, w11, w6, w14)
        round(d, e, f, &g, h, a, b, &c, &bc, 0xd69906245565a910 &+ w13)
        schedule(&w14, w12, w7, w15)
        round(c, d, e, &f, g, h, a, &b, &bc, 0xf40e35855771202a &+ w14)
        schedule(&w15, w13, w8, w0)
        round(b, c, d, &e, f, g, h, &a, &bc, 0x106aa07032bbd1b8 &+ w15)
        schedule(&w0, w14, w9, w1)
        round(a, b, c, &d, e, f, g, &h, &bc, 0x19a4c116b8d2d0c8 &+ w0)
        schedule(&w1, w15, w10, w2)
        round(h, a, b, &c, d, e, f, &g, &bc, 0x1e376c085141ab53 &+ w1)
        schedule(&w2, w0, w11, w3)
        round(g, h, a, &b, c, d, e, &f, &bc, 0x2748774cdf8eeb99 &+ w2)
        schedule(&w3, w1, w12, w4)
        round(f, g, h, &a, b, c, d, &e, &bc, 0x34b0bcb5e19b48a8 &+ w3)
        schedule(&w4, w2, w13, w5)
        round(e, f, g, &h, a, b, c, &d, &bc, 0x391c0cb3c5c95a63 &+ w4)
        schedule(&w5, w3, w14, w6)
        round(d, e, f, &g, h, a, b, &c, &bc, 0x4ed8aa4ae3418acb &+ w5)
        schedule(&w6, w4, w15, w7)
        round(c, d, e, &f, g, h, a, &b, &bc, 0x5b9cca4f7763e373 &+ w6)
        schedule(&w7, w5, w0, w8)
        round(b, c, d, &e, f, g, h, &a, &bc, 0x682e6ff3d6b2b8a3 &+ w7)
        schedule(&w8, w6, w1, w9)
        round(a, b, c, &d, e, f, g, &h, &bc, 0x748f82ee5defb2fc &+ w8)
        schedule(&w9, w7, w2, w10)
        round(h, a, b, &c, d, e, f, &g, &bc, 0x78a5636f43172f60 &+ w9)
        schedule(&w10, w8, w3, w11)
        round(g, h, a, &b, c, d, e, &f, &bc, 0x84c87814a1f0ab72 &+ w10)
        schedule(&w11, w9, w4, w12)
        round(f, g, h, &a, b, c, d, &e, &bc, 0x8cc702081a6439ec &+ w11)
        schedule(&w12, w10, w5, w13)
        round(e, f, g, &h, a, b, c, &d, &bc, 0x90befffa23631e28 &+ w12)
        schedule(&w13, w11, w6, w14)
        round(d, e, f, &g, h, a, b, &c, &bc, 0xa4506cebde82bde9 &+ w13)
        schedule(&w14, w12, w7, w15)
        round(c, d, e, &f, g, h, a, &b, &bc, 0xbef9a3f7b2c67915 &+ w14)
        schedule(&w15, w13, w8, w0)
        round(b, c, d, &e, f, g, h, &a, &bc, 0xc67178f2e372532b &+ w15)
        schedule(&w0, w14, w9, w1)
        round(a, b, c, &d, e, f, g, &h, &bc, 0xca273eceea26619c &+ w0)
        schedule(&w1, w15, w10, w2)
        round(h, a, b, &c, d, e, f, &g, &bc, 0xd186b8c721c0c207 &+ w1)
        schedule(&w2, w0, w11, w3)
        round(g, h, a, &b, c, d, e, &f, &bc, 0xeada7dd6cde0eb1e &+ w2)
        schedule(&w3, w1, w12, w4)
        round(f, g, h, &a, b, c, d, &e, &bc, 0xf57d4f7fee6ed178 &+ w3)
        schedule(&w4, w2, w13, w5)
        round(e, f, g, &h, a, b, c, &d, &bc, 0x06f067aa72176fba &+ w4)
        schedule(&w5, w3, w14, w6)
        round(d, e, f, &g, h, a, b, &c, &bc, 0x0a637dc5a2c898a6 &+ w5)
        schedule(&w6, w4, w15, w7)
        round(c, d, e, &f, g, h, a, &b, &bc, 0x113f9804bef90dae &+ w6)
        schedule(&w7, w5, w0, w8)
        round(b, c, d, &e, f, g, h, &a, &bc, 0x1b710b35131c471b &+ w7)
        schedule(&w8, w6, w1, w9)
        round(a, b, c, &d, e, f, g, &h, &bc, 0x28db77f523047d84 &+ w8)
        schedule(&w9, w7, w2, w10)
        round(h, a, b, &c, d, e, f, &g, &bc, 0x32caab7b40c72493 &+ w9)
        schedule(&w10, w8, w3, w11)
        round(g, h, a, &b, c, d, e, &f, &bc, 0x3c9ebe0a15c9bebc &+ w10)
        schedule(&w11, w9, w4, w12)
        round(f, g, h, &a, b, c, d, &e, &bc, 0x431d67c49c100d4c &+ w11)
        schedule(&w12, w10, w5, w13)
        round(e, f, g, &h, a, b, c, &d, &bc, 0x4cc5d4becb3e42b6 &+ w12)
        schedule(&w13, w11, w6, w14)
        round(d, e, f, &g, h, a, b, &c, &bc, 0x597f299cfc657e2a &+ w13)
        schedule(&w14, w12, w7, w15)
        round(c, d, e, &f, g, h, a, &b, &bc, 0x5fcb6fab3ad6faec &+ w14)
        schedule(&w15, w13, w8, w0)
        round(b, c, d, &e, f, g, h, &a, &bc, 0x6c44198c4a475817 &+ w15)
        h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
        h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
    }

    /// One round (§6.4.2 step 3) with the variables renamed: adds T1 to `d` and sets `h` to T1 + T2.
    ///
    /// Σ is computed as nested rotations of one register (Σ1(e) = ((e ⋙ 23 ^ e) ⋙ 4 ^ e) ⋙ 14),
    /// which needs fewer register copies than three independent rotations on x86 without BMI2;
    /// `bc` carries b ^ c in and this round's a ^ b out, for the cheaper Maj.
    @inline(__always)
    private func round(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: inout UInt64,
                       _ e: UInt64, _ f: UInt64, _ g: UInt64, _ h: inout UInt64, _ bc: inout UInt64, _ kw: UInt64) {
        let sigma1 = rotate(rotate(rotate(e, 23) ^ e, 4) ^ e, 14)
        let choose = ((f ^ g) & e) ^ g
        let t1 = h &+ sigma1 &+ choose &+ kw
        let sigma0 = rotate(rotate(rotate(a, 5) ^ a, 6) ^ a, 28)
        let ab = a ^ b
        let majority = b ^ (ab & bc)
        bc = ab
        d &+= t1
        h = t1 &+ sigma0 &+ majority
    }

    /// One message-schedule step (§6.4.2 step 1): `w` is W[t−16] and becomes W[t].
    @inline(__always)
    private func schedule(_ w: inout UInt64, _ wMinus2: UInt64, _ wMinus7: UInt64, _ wMinus15: UInt64) {
        let s0 = rotate(wMinus15, 1) ^ rotate(wMinus15, 8) ^ (wMinus15 &>> 7)
        let s1 = rotate(wMinus2, 19) ^ rotate(wMinus2, 61) ^ (wMinus2 &>> 6)
        w = w &+ s0 &+ wMinus7 &+ s1
    }

    @inline(__always)
    private func rotate(_ x: UInt64, _ n: UInt64) -> UInt64 { (x &>> n) | (x &<< (64 &- n)) }
}
