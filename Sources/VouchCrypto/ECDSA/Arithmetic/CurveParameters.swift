/// The domain parameters of a NIST prime curve y² = x³ − 3x + b (FIPS 186-4 §D.1.2, SEC 2 §2),
/// as hexadecimal text; ``ECCurveTests`` checks each against Wycheproof's
/// `ec_prime_order_curves_test.json`.
struct CurveParameters: Sendable {
    /// The field prime p.
    let prime: String
    /// The group order n (the cofactor is 1).
    let order: String
    /// The coefficient b.
    let b: String
    /// The base point's coordinates.
    let generatorX: String
    let generatorY: String

    static let p192 = CurveParameters(
        prime: "fffffffffffffffffffffffffffffffeffffffffffffffff",
        order: "ffffffffffffffffffffffff99def836146bc9b1b4d22831",
        b: "64210519e59c80e70fa7e9ab72243049feb8deecc146b9b1",
        generatorX: "188da80eb03090f67cbf20eb43a18800f4ff0afd82ff1012",
        generatorY: "07192b95ffc8da78631011ed6b24cdd573f977a11e794811")

    static let p224 = CurveParameters(
        prime: "ffffffffffffffffffffffffffffffff000000000000000000000001",
        order: "ffffffffffffffffffffffffffff16a2e0b8f03e13dd29455c5c2a3d",
        b: "b4050a850c04b3abf54132565044b0b7d7bfd8ba270b39432355ffb4",
        generatorX: "b70e0cbd6bb4bf7f321390b94a03c1d356c21122343280d6115c1d21",
        generatorY: "bd376388b5f723fb4c22dfe6cd4375a05a07476444d5819985007e34")

    static let p256 = CurveParameters(
        prime: "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
        order: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
        b: "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
        generatorX: "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
        generatorY: "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")

    static let p384 = CurveParameters(
        prime: "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe"
            + "ffffffff0000000000000000ffffffff",
        order: "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf"
            + "581a0db248b0a77aecec196accc52973",
        b: "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875a"
            + "c656398d8a2ed19d2a85c8edd3ec2aef",
        generatorX: "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a38"
            + "5502f25dbf55296c3a545e3872760ab7",
        generatorY: "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c0"
            + "0a60b1ce1d7e819d7a431d7c90ea0e5f")

    static let p521 = CurveParameters(
        prime: "01ff" + String(repeating: "ff", count: 64),
        order: "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
            + "fa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409",
        b: "0051953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109"
            + "e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b503f00",
        generatorX: "00c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d3d"
            + "baa14b5e77efe75928fe1dc127a2ffa8de3348b3c1856a429bf97e7e31c2e5bd66",
        generatorY: "011839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e66"
            + "2c97ee72995ef42640c550b9013fad0761353c7086a272c24088be94769fd16650")
}
