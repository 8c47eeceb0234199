import Testing
@testable import VouchCrypto

/// ``BigNum`` against values computed with Python's integers (`pow(a, e, n)`, `pow(b, -1, n)`, …,
/// `random.seed(4)`: n is a 1024-bit odd number, a 1100 bits, b 900 bits) and hand-checked edges.
@Suite("BigNum")
struct BigNumTests {
    static let n = "86905269ed6f0b09f165c8ce36e2f24b43000de01b2ed40ed3addccb2c33be0ac79d679346d4ac7a5c3902b38963dc6e8534f45738d048ec0f1099c6c3e1b258fd724452ccea71ff4a14876aeaff1a098ca5996666ceab360512bd13110722311710cf5327ac435a7a97c643656412a9b8a1abcd1a6916c74da4f9fc3c6da5d7"
    static let a = "dd9d160c5d0ef412ed6f1cfd99216df648647adec26793d0e453f5082492d83a8233fb62d2c81862fc9634f806fabf4a07c566002249b191bf4d8441b5616332aca5f552773e14b0190d93936e1daca3c06f5ff0c03bb5d7385de08caa1a08179104a25e4664f5253a02a3187853184ff27459142deccea264542a00403ce80c4b0a4042bb3d4341aad"
    static let b = "10b11ad28cc21ce88d0060cc54278c2614e1bcb383bb4a570294c4ea3738d243a6e58d5ca49c7b59b995253fd6c79a3de69f85e3131f3b9238224b122c3e4a892d9196ada4fcfa583e1df8af9b474c7e89286a1754abcb06ae8abb93f01d89a024cdce7a6d7288ff68c320f89f1347e0c"
    static let powm = "72a78b1089c94a0edd87da232e918b77702b7aecf02ff31450f1dfd5c710d77cfe71b24ed8357e2cdb6648f5b92355bb4e5b0dec94bda86018c67bf57bdc94656d8745dfef30bde1fa01b7e3ac9f4ed3130605a9a3b74e27aec748657bbbeb9517cf7bf927c7dd0d5f0eb62616b087eae2398e6c907477a0aed8ea5c988b7d1"
    static let powmBig = "6d4b62b197f72e9902eccf267c1734726dc630bdad1c2d2e92a07f976238831e53715bd3c51446da6c4531ef45bd614e9b0ac2a04a64af7e34afe56aff7e2e17c1f6cdfef9e0d90ba45a4e9a774f906eb1f543b1be5bbb2c284ea0c70681d4ea4b0c18b32bf7e96bc39df8f7e75e3f05a9235cc39d52006b9e47e9b154a1927f"
    static let inverse = "20f244e3efdd3d60c7f935eec6d14f4d8eda49eedd4fe4018a544a3d77d8ec7a88de2c815097f1eba81ab3c35168908c7b0241809ac0097da69770eae5129314a6a775f59505931eeccb332c6880e1ea0202c0aad7e478c4b95b8a723d625ba6361e62efc19bc69c2994c0147557ed9db40181930a2636bfec7c37db837f6a0"
    static let sum = "5e53edab1f770a2a08fc40fce0c5ea235052cf48fdd939baf1037ad208ad687938d44ab8d5741b496c3c95898a04d7caf8ffc3ff3fa478044835c6a3555da105ce68c6f45300eddc2e35c5c491f53993b608a8aa7fabe5dc87f525fbef5525816402d8c9771fb8a5fd01c3b15fef9a57e6f8d1f484872e66ea8ad53e6cfc5979"
    static let difference = "283c64becdf800dfe86987d1561d082a08d098e8b599376582b67b83a877da542b00b34ae8c9dc1142950a70e6794d1868e6dbec8cbb3c1ef97f7b1e4777591002fa39c0ddd0f66a202823ebe0d3319b88cfc67086c2106140dcad0a8a9b8c80d81b39744605eb8a4eed75100925ac566b62a9264433084d7b7e43d1b1da4876"
    static let product = "590bb5cb4a36ea23ddd4ae89d84d766adeab48333c2ddc26fd863f3a732b755ed9a6e1a3b7489420e8ce940afe9743f4c5bba7683519d0f2e53310e74eeb5dd3af7d99de33e7e186d4b6accd94761d1da868da295579fb2253199fbd8b041b2f09bcffb9aa86566425578bb0d1ecefcc403b2c70a46e1493f67027c25f74d662"
    static let reduced = "5e53edab1f770a2a08fc40fce0c5ea224541222031b76b3220fd6e0cc634a617eab87f8099bf75d942f046e61677b3908aa6ee34f5dcc268aee372a5e8e3fd27647068c3210d34b8ac1114a1ce109100dcef3dd02fdc4058a6159b023ae05d98d17c37542c63083b14560a725e1700559a1bea4dad5e9e705e58c5b47bc7db6d"

    /// A number from hex of any length (odd lengths get a leading zero).
    static func number(_ hex: String) throws -> BigNum {
        let bytes = try #require(CryptoTestData.hex(hex.count % 2 == 0 ? hex : "0" + hex), "hex \(hex)")
        return BigNum(bigEndian: bytes)
    }

    static func modulus(_ hex: String) throws -> BigNum.Modulus {
        try #require(BigNum.Modulus(number(hex)))
    }

    @Test("modular arithmetic matches Python")
    func arithmetic() throws {
        let (n, a, b) = (try Self.modulus(Self.n), try Self.number(Self.a), try Self.number(Self.b))
        #expect(a.power(BigNum(65537), modulo: n) == (try Self.number(Self.powm)))
        #expect(b.power(a, modulo: n) == (try Self.number(Self.powmBig)))
        #expect(b.inverse(modulo: n) == (try Self.number(Self.inverse)))
        #expect(a.adding(b, modulo: n) == (try Self.number(Self.sum)))
        #expect(b.subtracting(a, modulo: n) == (try Self.number(Self.difference)))
        #expect(a.multiplying(b, modulo: n) == (try Self.number(Self.product)))
        #expect(a.reduced(modulo: n) == (try Self.number(Self.reduced)))
        #expect(b.multiplying(try #require(b.inverse(modulo: n)), modulo: n) == BigNum(1))
        #expect(a.description == Self.a)
    }

    @Test("subtraction wraps into 0 ..< n")
    func subtractionWraps() throws {
        let seven = try #require(BigNum.Modulus(BigNum(7)))
        #expect(BigNum(2).subtracting(BigNum(5), modulo: seven) == BigNum(4))
        #expect(BigNum(5).subtracting(BigNum(5), modulo: seven).isZero)
        #expect(BigNum(3).subtracting(BigNum(100), modulo: seven) == BigNum(1))  // 3 − 100 = −97 ≡ 1
    }

    @Test("no inverse when the gcd is not 1; no zero modulus")
    func inverseAndModulus() throws {
        let twelve = try #require(BigNum.Modulus(BigNum(12)))
        #expect(BigNum(8).inverse(modulo: twelve) == nil)
        #expect(BigNum(0).inverse(modulo: twelve) == nil)
        #expect(BigNum(5).inverse(modulo: twelve) == BigNum(5))  // 25 = 2·12 + 1
        #expect(BigNum.Modulus(BigNum(0)) == nil)
        #expect(BigNum.Modulus(BigNum(bigEndian: [0, 0, 0])) == nil)
    }

    @Test("bytes in and out")
    func bytes() throws {
        #expect(BigNum(bigEndian: [UInt8]()).isZero)
        #expect(BigNum(bigEndian: [0, 0]).isZero)
        #expect(BigNum(bigEndian: [0, 0]).bitLength == 0)
        #expect(BigNum(bigEndian: [0, 0]).bigEndianBytes == [])
        #expect(BigNum(0).bigEndianBytes(length: 3) == [0, 0, 0])
        #expect(BigNum(0).bigEndianBytes(length: 0) == [])
        let value = BigNum(bigEndian: [0x00, 0x01, 0x02, 0x03])
        #expect(!value.isZero)
        #expect(value.bitLength == 17)
        #expect(value.byteLength == 3)
        #expect(value.bigEndianBytes == [0x01, 0x02, 0x03])
        #expect(value.bigEndianBytes(length: 5) == [0, 0, 0x01, 0x02, 0x03])
        #expect(value.bigEndianBytes(length: 2) == nil)
        #expect(value.bigEndianBytes(length: -1) == nil)
        #expect(BigNum(bigEndian: [0x80] + [UInt8](repeating: 0, count: 31)).bitLength == 256)
        #expect(BigNum(bigEndian: [UInt8](repeating: 0xFF, count: 32)).bitLength == 256)
        #expect(BigNum(1).bitLength == 1)
        // A slice not starting at index 0, and a non-contiguous collection.
        let buffer: [UInt8] = [9, 9, 0x01, 0x02, 0x03, 9]
        #expect(BigNum(bigEndian: buffer[2..<5]) == value)
        #expect(BigNum(bigEndian: buffer[2..<5].lazy.map { $0 }) == value)
        let n = try Self.number(Self.n)
        #expect(n.bitLength == 1024)
        #expect(n.bigEndianBytes.count == 128)
        #expect(BigNum(bigEndian: n.bigEndianBytes) == n)
    }

    @Test("comparison")
    func comparison() throws {
        let (a, b) = (try Self.number(Self.a), try Self.number(Self.b))
        #expect(b < a)
        #expect(!(a < b))
        #expect(a == (try Self.number("00" + Self.a)))
        #expect(BigNum(0) < BigNum(1))
        #expect(BigNum(bigEndian: [0x01, 0x00]) > BigNum(bigEndian: [0xFF]))
    }
}
