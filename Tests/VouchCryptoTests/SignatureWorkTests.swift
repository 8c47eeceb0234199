import Testing

@testable import VouchCrypto

/// The prices of ``SignatureWork``: what the evaluation budget charges per verification. Each
/// figure is pinned, so that a change of price is a visible change of this file.
@Suite struct SignatureWorkTests {
    @Test("RSA: quadratic in the modulus, linear in the exponent's steps (RSA-2048, e = 65537: 4 units)", arguments: [
        (2_048, [0x01, 0x00, 0x01] as [UInt8], 4),
        (3_072, [0x01, 0x00, 0x01], 9),
        (4_096, [0x01, 0x00, 0x01], 16),
        (8_192, [0x01, 0x00, 0x01], 64),
        (16_384, [0x01, 0x00, 0x01], 256),
        (16_384, [0x01, 0x00, 0x00, 0x00, 0x01], 497),   // e = 2³² + 1: 32 squarings, 1 multiplication
        (16_384, [0x01, 0xFF, 0xFF, 0xFF, 0xFF], 964),   // the largest exponent RSALimits allows, all ones
        (2_048, [0x03], 1),
        (512, [0x03], 1),
    ])
    func rsa(_ bits: Int, _ exponent: [UInt8], _ units: Int) {
        #expect(SignatureWork.rsaUnits(modulusBits: bits, exponent: exponent) == units)
    }

    @Test("hashing: one unit per KiB begun, at least one")
    func hashing() {
        #expect(SignatureWork.hashing(byteCount: 0) == 1)
        #expect(SignatureWork.hashing(byteCount: 1_024) == 1)
        #expect(SignatureWork.hashing(byteCount: 1_025) == 2)
        #expect(SignatureWork.hashing(byteCount: 16 << 20) == 16_384)
    }
}
