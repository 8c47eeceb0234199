// The constants of edwards25519 (RFC 8032 §5.1), in the 51-bit limbs of `FieldElement25519`. Computed
// with Python integers; the tests recompute d, 2d and √−1 from their definitions.

/// Curve constants for Ed25519.
enum Ed25519Constants {
    /// d = −121665/121666 mod p.
    static let d = FieldElement25519(
        0x34dca135978a3, 0x1a8283b156ebd, 0x5e7a26001c029, 0x739c663a03cbb, 0x52036cee2b6ff)

    /// 2·d mod p (the addition formulas use 2d·T).
    static let doubleD = FieldElement25519(
        0x69b9426b2f159, 0x35050762add7a, 0x3cf44c0038052, 0x6738cc7407977, 0x2406d9dc56dff)

    /// √−1 = 2^((p−1)/4) mod p.
    static let sqrtMinusOne = FieldElement25519(
        0x61b274a0ea0b0, 0xd5a5fc8f189d, 0x7ef5e9cbd0c60, 0x78595a6804c9e, 0x2b8324804fc1d)

    /// The base point B: y = 4/5, x even (RFC 8032 §5.1), with T = x·y.
    static let basePoint = EdwardsPoint(
        x: FieldElement25519(
            0x62d608f25d51a, 0x412a4b4f6592a, 0x75b7171a4b31d, 0x1ff60527118fe, 0x216936d3cd6e5),
        y: FieldElement25519(
            0x6666666666658, 0x4cccccccccccc, 0x1999999999999, 0x3333333333333, 0x6666666666666),
        z: .one,
        t: FieldElement25519(
            0x68ab3a5b7dda3, 0xeea2a5eadbb, 0x2af8df483c27e, 0x332b375274732, 0x67875f0fd78b7))
}
