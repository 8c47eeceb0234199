import Testing
import VouchCrypto

/// Single-bit mutations of a valid signature (RFC 8032 TEST 3), of its message and of its key, and the
/// strict decoding of public keys.
@Suite("Ed25519 mutations and key decoding")
struct Ed25519MutationTests {
    static let publicKey = CryptoTestData.hex("fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025") ?? []
    static let message: [UInt8] = [0xaf, 0x82]
    static let signature = CryptoTestData.hex(
        "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
            + "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a") ?? []

    static func flipping(_ bytes: [UInt8], bit: Int) -> [UInt8] {
        var copy = bytes
        copy[bit / 8] ^= UInt8(1) << UInt8(bit % 8)
        return copy
    }

    @Test("the unmutated signature verifies, also from non-zero-based slices")
    func baseline() throws {
        let key = try Ed25519PublicKey(rawRepresentation: Self.publicKey)
        #expect(key.isValidSignature(Self.signature, message: Self.message))
        let paddedSignature = [0xAA] + Self.signature + [0xBB]
        let paddedMessage: [UInt8] = [1, 2] + Self.message
        #expect(key.isValidSignature(paddedSignature[1..<65], message: paddedMessage[2...]))
    }

    @Test("every single-bit flip of R or S is rejected", arguments: 0..<512)
    func signatureBitFlip(bit: Int) throws {
        let key = try Ed25519PublicKey(rawRepresentation: Self.publicKey)
        #expect(!key.isValidSignature(Self.flipping(Self.signature, bit: bit), message: Self.message))
    }

    @Test("every single-bit flip of the message is rejected")
    func messageBitFlip() throws {
        let key = try Ed25519PublicKey(rawRepresentation: Self.publicKey)
        for bit in 0..<(8 * Self.message.count) {
            #expect(!key.isValidSignature(Self.signature, message: Self.flipping(Self.message, bit: bit)), "bit \(bit)")
        }
        #expect(!key.isValidSignature(Self.signature, message: Self.message + [0]))
        #expect(!key.isValidSignature(Self.signature, message: Self.message.dropLast()))
    }

    @Test("every single-bit flip of the key either fails to decode or rejects the signature")
    func keyBitFlip() {
        var decodable = 0
        for bit in 0..<256 {
            guard let key = try? Ed25519PublicKey(rawRepresentation: Self.flipping(Self.publicKey, bit: bit)) else {
                continue
            }
            decodable += 1
            #expect(!key.isValidSignature(Self.signature, message: Self.message), "bit \(bit)")
        }
        #expect(decodable > 0)
    }

    @Test("signatures of the wrong length are rejected")
    func signatureLength() throws {
        let key = try Ed25519PublicKey(rawRepresentation: Self.publicKey)
        for length in [0, 1, 32, 63, 65, 96, 128] {
            let bytes = Array((Self.signature + Self.signature).prefix(length))
            #expect(!key.isValidSignature(bytes, message: Self.message), "\(length) bytes")
        }
    }

    @Test("public keys: wrong length, y ≥ p, x = 0 with the sign bit, y off the curve")
    func keyDecoding() throws {
        #expect(throws: Ed25519Error.wrongLength(31)) { try Ed25519PublicKey(rawRepresentation: Self.publicKey.dropLast()) }
        #expect(throws: Ed25519Error.wrongLength(33)) { try Ed25519PublicKey(rawRepresentation: Self.publicKey + [0]) }
        #expect(throws: Ed25519Error.wrongLength(0)) { try Ed25519PublicKey(rawRepresentation: [UInt8]()) }
        // y = p + 1 (non-canonical for y = 1, the identity), y = 2^255 − 1; with and without the sign bit.
        let pPlusOne = [0xEE] + [UInt8](repeating: 0xFF, count: 30) + [0x7F]
        let allOnes = [UInt8](repeating: 0xFF, count: 31) + [0x7F]
        for encoding in [pPlusOne, allOnes] {
            #expect(throws: Ed25519Error.nonCanonicalEncoding) { try Ed25519PublicKey(rawRepresentation: encoding) }
            let signed = encoding.dropLast() + [0xFF]
            #expect(throws: Ed25519Error.nonCanonicalEncoding) { try Ed25519PublicKey(rawRepresentation: signed) }
        }
        // y = 1 (the identity, x = 0) decodes; with the sign bit set it must not (RFC 8032 §5.1.3 step 4).
        let identity = [UInt8(1)] + [UInt8](repeating: 0, count: 31)
        #expect(try Ed25519PublicKey(rawRepresentation: identity).rawRepresentation == identity)
        let negativeIdentity = [UInt8(1)] + [UInt8](repeating: 0, count: 30) + [0x80]
        #expect(throws: Ed25519Error.negativeZero) { try Ed25519PublicKey(rawRepresentation: negativeIdentity) }
        // y = p − 1 (the point (0, −1) of order 2) decodes; y = 2 has no x on the curve.
        let minusOne = [0xEC] + [UInt8](repeating: 0xFF, count: 30) + [0x7F]
        #expect(try Ed25519PublicKey(rawRepresentation: minusOne).rawRepresentation == minusOne)
        let two = [UInt8(2)] + [UInt8](repeating: 0, count: 31)
        #expect(throws: Ed25519Error.notOnCurve) { try Ed25519PublicKey(rawRepresentation: two) }
    }
}
