import Testing
@testable import VouchCrypto

/// Field, scalar and point arithmetic of Ed25519 against values computed with Python integers
/// (affine Edwards formulas, `pow`, `%`): random operands drawn with `random.seed(7)`.
@Suite("Ed25519 arithmetic")
struct Ed25519ArithmeticTests {
    static func words(_ hex: String) throws -> Words256 {
        let bytes = try #require(CryptoTestData.hex(hex))
        return try #require(Words256(bytes))
    }

    static func element(_ hex: String) throws -> FieldElement25519 {
        FieldElement25519(lowBitsOf: try words(hex))
    }

    /// a, b, a·b, a − b, a⁻¹ (little-endian hex, all < p).
    static let fieldCases: [(String, String, String, String, String)] = [
        ("38b4e652e44da7f2370d9e260e27136550a4a3a6d07f5c0c332f8b1212841f69",
         "2b902f8911e81818f8c99d5d5d9831957504d90e945de2e8f54ee781e63a7b1b",
         "1dd55beefc5da817fc4ba68639834f2f3e133c3058b7aaa8988665d89aebe60f",
         "0d24b7c9d2658eda3f4300c9b08ee1cfda9fca973c227a233de0a3902b49a44d",
         "80b59f83ce3d2630be7bcd6a8e60032a7fcfd54e42ee64fb45885a7295ba5b23"),
        ("d85099095aa300165a67036f9b540d6b8f0be21124179c3dd9f7381767b78846",
         "264aad6cb6dd210faf94acd3cf92c190237cb11f5d108cf2593026399c59b850",
         "99d8eee4ca6c1795a4537b9b9d45feeed00d5a33e66778aeab9b4bffabfc5b71",
         "9f06ec9ca3c5de06abd2569bcbc14bda6b8f30f2c606104b7fc712deca5dd075",
         "e1be68650ba79e6d4de2c3f88bb5775400b16ceeff1ed166b57f7b0f57096f17"),
        ("b5769fa0f1483f95a90d9df2f130d60fcf04bd93f50ae69514da8c654ef15806",
         "ccdaebf990d19838b0d7ec0b3e97818ecb96c4dbadbe172296d5234a2159a635",
         "2f962d01578ec38da346911d3ab38233accc035303ba3f3dda27f1f59560d91d",
         "d69bb3a66077a65cf935b0e6b3995481036ef8b7474cce737e04691b2d98b250",
         "656377a70f9e16eac82ffa671d44a5580603584bea188bfa825ff6696a7f1f7a"),
        ("a4e6ed24ec636a8ac0a1271e5866279238aaf84e58056d8f2fa8edd04add4b57",
         "8b15442ee2db611a91bfe39469733a9247d58fa3c55018300372555fe99a780c",
         "6ba862a5817e083e420f2d5cd88c82ce958647ab78c2bce488ad4ed35952835c",
         "19d1a9f6098808702fe24389eef2ecfff0d468ab92b4545f2c3698716142d34a",
         "47f903e3d4f521f29948a425660a2197e90bda5aff2805e0917b4b2fbdd0527e"),
    ]

    @Test("multiplication, squaring, subtraction and inversion mod p")
    func fieldOperations() throws {
        for (a, b, product, difference, inverse) in Self.fieldCases {
            let x = try Self.element(a), y = try Self.element(b)
            #expect(x.multiplied(by: y).canonicalWords == (try Self.words(product)))
            #expect(x.subtracting(y).canonicalWords == (try Self.words(difference)))
            #expect(x.inverted().canonicalWords == (try Self.words(inverse)))
            #expect(x.squared().isEqual(to: x.multiplied(by: x)))
            #expect(x.adding(y).subtracting(y).canonicalWords == (try Self.words(a)))
            #expect(x.squaredDoubled().isEqual(to: x.squared().adding(x.squared())))
        }
    }

    @Test("canonical encoding: p encodes as 0, p − 1 stays, values ≥ p are non-canonical")
    func canonicalEncoding() throws {
        let p = try Self.words("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
        let pMinusOne = try Self.words("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
        let twoToThe255MinusOne = try Self.words("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
        #expect(!FieldElement25519.isCanonicalEncoding(p))
        #expect(!FieldElement25519.isCanonicalEncoding(twoToThe255MinusOne))
        #expect(FieldElement25519.isCanonicalEncoding(pMinusOne))
        #expect(FieldElement25519(lowBitsOf: p).isZero)
        #expect(FieldElement25519(lowBitsOf: pMinusOne).canonicalWords == pMinusOne)
        #expect(FieldElement25519(lowBitsOf: twoToThe255MinusOne).canonicalWords == Words256(18, 0, 0, 0))
        // Limbs at the top of their allowed range still reduce exactly: (2^54 − 1)·Σ 2^(51i) mod p.
        let large = FieldElement25519(1 << 54 - 1, 1 << 54 - 1, 1 << 54 - 1, 1 << 54 - 1, 1 << 54 - 1)
        #expect(large.multiplied(by: .one).isEqual(to: large.subtracting(.zero)))
    }

    @Test("the curve constants satisfy their definitions")
    func constants() {
        let d = Ed25519Constants.d
        let minus121665 = FieldElement25519(121_665, 0, 0, 0, 0).negated()
        #expect(d.multiplied(by: FieldElement25519(121_666, 0, 0, 0, 0)).isEqual(to: minus121665))
        #expect(Ed25519Constants.doubleD.isEqual(to: d.adding(d)))
        #expect(Ed25519Constants.sqrtMinusOne.squared().isEqual(to: FieldElement25519.one.negated()))
        let base = Ed25519Constants.basePoint
        // −x² + y² = 1 + d·x²·y²
        let xx = base.x.squared(), yy = base.y.squared()
        #expect(yy.subtracting(xx).isEqual(to: d.multiplied(by: xx).multiplied(by: yy).adding(.one)))
        #expect(base.t.isEqual(to: base.x.multiplied(by: base.y)))
    }

    /// 512-bit input, input mod L (little-endian hex).
    static let reductionCases: [(String, String)] = [
        (String(repeating: "ff", count: 64), "000f9c44e31106a447938568a71b0ed065bef517d273ecce3d9a307c1b419903"),
        ("58a9905cad87bd4c77e2983f27745ccb9a31052e944cf1b220eaa2c7fb1b7d3e"
            + "3f73f414af6e0d935520dd4c2147738606f2bf7ec70209e0cd05ee5720edbcba",
         "b7b31b26cda8682ff49035da39da671909d875959d115fed90142a2056614500"),
        ("86efde139eeabac37a0dde8ef2d3b1925e1302ca57501fe0ca9a7fd1ccc15150"
            + "424212578fe0feb17b4aa559cd9f28984b14267f1b037494dd1c01cc6adfc974",
         "32eeb3fa59206f71298b5a656d8826c146578e1a6f6c90ba533f4c4c3fa4dd0e"),
        ("70831572af40db4852eb74b74f3ac362881215e31ed32cab3d56d55807afc605"
            + "3558cef092a9317629b2ff5ae637052b3839659c78fdf91d0aaa627e00a3170f",
         "6f05ffeed13983911884328bb90e93027a6efa8ec37319eece10caa50ce3500c"),
        // L itself, L − 1 and 0.
        ("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010" + String(repeating: "00", count: 32),
         String(repeating: "00", count: 32)),
        ("ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010" + String(repeating: "00", count: 32),
         "ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"),
        (String(repeating: "00", count: 64), String(repeating: "00", count: 32)),
    ]

    @Test("reduction of 512-bit values mod L")
    func scalarReduction() throws {
        for (input, expected) in Self.reductionCases {
            let bytes = try #require(CryptoTestData.hex(input))
            let low = try #require(Words256(bytes[0..<32])), high = try #require(Words256(bytes[32..<64]))
            let reduced = Scalar25519.reducing(wide: (low.w0, low.w1, low.w2, low.w3, high.w0, high.w1, high.w2, high.w3))
            #expect(reduced.words == (try Self.words(expected)), "\(input)")
        }
    }

    @Test("S < L: L − 1 passes, L and above fail")
    func scalarRange() throws {
        #expect(Scalar25519.isCanonical(try Self.words("ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")))
        #expect(!Scalar25519.isCanonical(try Self.words("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")))
        #expect(!Scalar25519.isCanonical(try Self.words("eed3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")))
        #expect(!Scalar25519.isCanonical(try Self.words(String(repeating: "ff", count: 32))))
        #expect(Scalar25519.isCanonical(Words256(0, 0, 0, 0)))
    }

    /// s, k, encoding of A, encoding of [s]B − [k]A.
    static let doubleScalarCases: [(String, String, String, String)] = [
        ("b08215df3c101b7fe7f9a0141afb962a02f2fd727628d2661118a88ce30ee408",
         "4ddf506a4a1b89fc406dd85b24f0c6ae05765ae2c99964615ddf2df5ff506207",
         "8695944001c5bc68c59a62bf9cdb7844931853c7eb7395b90bf1f3e8ce91cda7",
         "46ed6fe5b0d4763ba2170495934f23cd6469e899c62f5860d99d9db5148af27e"),
        ("7f84267c2e8cc2d45fccd096cf05ae2ec55c4343bc9c2c4859470c018961a904",
         "ef13406b01f4da88ed66875ef7aa1c9c11bdfb90f5889051c039fef3c4060404",
         "a0caeac00fafb4ccc6a8fc4bc9b8a5e557d80f9732d6fbe2c69d6512ffcaf3b4",
         "fc8be223a7edd4f503a53c338f74007b7d3c2fcb8eb37bbbaa07ea30f6d95f16"),
        ("0bcd60a2866883662879ef0f7dc9cb307db13d110d2d13fc0a817135869d190e",
         "7f4cb926b3d75f899c91f919454eeef22f8a155da0e21d9dfa39870673064002",
         "2ba37d3f579fc5f4784a2b6fa708dca6e77f98d47d1090c22758b2f7b3180030",
         "e6189570ce468208b4afcf3a0cd8601b4a2b172c43d935bfbf9f411ef68345ad"),
    ]

    @Test("[s]B − [k]A, point decoding and encoding")
    func doubleScalarMultiplication() throws {
        #expect(Ed25519Constants.basePoint.encoded == (try Self.words("58" + String(repeating: "66", count: 31))))
        for (s, k, a, expected) in Self.doubleScalarCases {
            let point = try EdwardsPoint(decoding: try Self.words(a))
            #expect(point.encoded == (try Self.words(a)))
            let result = EdwardsPoint.doubleScalarMultiplication(s: try Self.words(s), k: try Self.words(k), a: point)
            #expect(result.encoded == (try Self.words(expected)))
        }
        // [1]B − [0]A = B and [0]B − [1]B = −B: x flips sign, bit 255 set.
        let one = Words256(1, 0, 0, 0), zero = Words256(0, 0, 0, 0)
        let base = Ed25519Constants.basePoint
        #expect(EdwardsPoint.doubleScalarMultiplication(s: one, k: zero, a: base).isEqual(to: base))
        let minusBase = EdwardsPoint.doubleScalarMultiplication(s: zero, k: one, a: base).encoded
        #expect(minusBase == Words256(base.encoded.w0, base.encoded.w1, base.encoded.w2, base.encoded.w3 | 1 << 63))
        #expect(EdwardsPoint.doubleScalarMultiplication(s: zero, k: zero, a: base).encoded == Words256(1, 0, 0, 0))
    }
}
