import Testing
import VouchCrypto

/// The DER rules for ECDSA-Sig-Value and the one opt-in relaxation, `allowingMissingZeroPadding`
/// (Apple's repair of r or s INTEGERs missing their 0x00 sign octet, SECTRUST.md §7).
@Suite("ECDSA signature encoding")
struct ECDSASignatureEncodingTests {
    // A P-256 signature made with pyca/cryptography over a SHA-1-length digest; r has its top bit
    // set, so DER needs a 0x00 before it.
    static let p256Key = "043e0ee5d327217e4736a3d85908c93350abd93f2cc29feea54e7cea468dda407b16c0f9a7404144f234af5f4705033287e8805a3dfe6dd68d876d9a6a32ea2515"
    static let p256Digest = "9dab1c57943e2d2c9ed454e63eb18d01f584599f"
    static let p256R = "f5a134af39aeb6686a6030cee240a1f6c604a618d3c5aa4ba30dc04c671f75f8"
    static let p256S = "65c1efebf85d7ca4188a438ea313f6c1ae5f69f7dc8f461dd13e51b60958c954"

    static func bytes(_ hex: String) -> [UInt8] { CryptoTestData.hex(hex) ?? [] }

    static func integer(_ content: [UInt8]) -> [UInt8] { [0x02] + ECTestSupport.derLength(content.count) + content }

    static func sequence(_ content: [UInt8]) -> [UInt8] { [0x30] + ECTestSupport.derLength(content.count) + content }

    /// (what, DER, accepted by default, accepted with the repair)
    static var p256Cases: [(String, [UInt8], Bool, Bool)] {
        let r = bytes(p256R), s = bytes(p256S)
        let good = sequence(integer([0] + r) + integer(s))
        return [
            ("strict DER", good, true, true),
            ("r missing its 0x00", sequence(integer(r) + integer(s)), false, true),
            ("r with 0xFF instead of 0x00", sequence(integer([0xFF] + r) + integer(s)), false, false),
            ("r with two 0x00", sequence(integer([0, 0] + r) + integer(s)), false, false),
            ("s with a redundant 0x00", sequence(integer([0] + r) + integer([0] + s)), false, false),
            ("r missing 0x00, s with a redundant one", sequence(integer(r) + integer([0] + s)), false, false),
            ("long-form length", [0x30, 0x81, UInt8(good.count - 2)] + good.dropFirst(2), false, false),
            ("trailing byte", good + [0], false, false),
            ("third INTEGER", sequence(integer([0] + r) + integer(s) + integer([1])), false, false),
            ("only r", sequence(integer([0] + r)), false, false),
            ("r and s swapped", sequence(integer(s) + integer([0] + r)), false, false),
            ("empty INTEGER", sequence(integer([]) + integer(s)), false, false),
            ("SET instead of SEQUENCE", [0x31] + good.dropFirst(), false, false),
            ("r + 2^256: longer than n", sequence(integer([0x01] + r) + integer(s)), false, false),
            ("empty", [], false, false),
        ]
    }

    @Test("P-256: strict by default; the repair adds exactly the missing 0x00 case")
    func p256() throws {
        let key = try ECPublicKey(curve: .p256, x962Representation: Self.bytes(Self.p256Key))
        let digest = Self.bytes(Self.p256Digest)
        for (what, der, strict, repaired) in Self.p256Cases {
            #expect(key.isValidSignature(derSignature: der[...], digest: digest) == strict, "\(what)")
            #expect(
                key.isValidSignature(derSignature: der[...], digest: digest, allowingMissingZeroPadding: true)
                    == repaired, "\(what), repair on")
        }
    }

    @Test("P-224 is repaired like P-256 (order ≤ 256 bits); P-384 never is")
    func otherCurves() throws {
        let p224 = try ECPublicKey(curve: .p224, x962Representation: Self.bytes(
            "04aca9f0821a173ceb53b7994dc2b4e1ed8feb006d5ba8cd02024827b2eb041f177f15d77a57f5500442e0ad0b759069ecfcd0b1e773395507"))
        let p224Digest = Self.bytes("620594506245ac123177cc89767a1a5a346ba24be62a7fe3efa865b526ab95cd83b6141ae88cd7643e46a18d2adf8eb50a309a72083a802944599e8a97993c5a")
        let p224Signature = Self.sequence(
            Self.integer(Self.bytes("8c27bcba53290f5fd6a4ba156eef6c1eb2d106e015e226e237fd991d"))
                + Self.integer(Self.bytes("00b59528d60500c8edf1140a60b743fc9f483648ca45cc1bbd80c7b898")))
        #expect(!p224.isValidSignature(derSignature: p224Signature[...], digest: p224Digest))
        #expect(p224.isValidSignature(derSignature: p224Signature[...], digest: p224Digest, allowingMissingZeroPadding: true))

        let p384 = try ECPublicKey(curve: .p384, x962Representation: Self.bytes(
            "049483575037d9edc7d81530cc5faf5029bac374e1cbe8f2fc049a7a3b34edc5568e58c76eec1180225663d3490f4928d177eb3fa4f77069618de586a45c7420dbbfe6bb147d866e964e9976b1b43a987cd8cfdc479ec8a311b5c656904323f28a"))
        let p384Digest = Self.bytes("6b31733cfdca663bcc194d073f70aaaf9498c2f5")
        let r = Self.bytes("238ad8b0143f502f8d89e598fee4150220f69674c5ee5b94b33304cee86bad80283d57355c730e580d38c2e3f14ec0a9")
        let s = Self.bytes("c762ed056c57f978b44a056a73ca87ffd42827e84e36399831e676fe22d8a029fb0da94a8561416026cd70a9f6f449da")
        let strict = Self.sequence(Self.integer(r) + Self.integer([0] + s))
        let missingZero = Self.sequence(Self.integer(r) + Self.integer(s))
        #expect(p384.isValidSignature(derSignature: strict[...], digest: p384Digest))
        #expect(!p384.isValidSignature(derSignature: missingZero[...], digest: p384Digest, allowingMissingZeroPadding: true))
    }
}
