import Testing
import VouchDER
import VouchX509

/// SubjectPublicKeyInfo.keyType: which keys Apple has (SECTRUST.md §7) and how big they are.
@Suite struct PublicKeyTypeTests {
    /// A positive modulus of exactly `bits` bits, minimally encoded.
    static func modulus(bits: Int) -> [UInt8] {
        let top = UInt8(1) << UInt8((bits - 1) % 8)
        let content = [top] + [UInt8](repeating: 0xA5, count: (bits + 7) / 8 - 1)
        return DER.integer(top & 0x80 != 0 ? [0x00] + content : content)
    }

    static func rsaKey(_ modulus: [UInt8], exponent: [UInt8] = DER.integer([0x01, 0x00, 0x01])) -> [UInt8] {
        DER.sequence(modulus, exponent)
    }

    static func spki(_ algorithm: OID, parameters: [UInt8]? = nil, key: [UInt8], unusedBits: UInt8 = 0) -> [UInt8] {
        DER.sequence(DER.algorithm(algorithm, parameters: parameters), DER.bitString(key, unused: unusedBits))
    }

    static func ec(_ curve: [UInt8]) -> [UInt8] { spki(.ecPublicKey, parameters: curve, key: [0x04] + [UInt8](repeating: 7, count: 64)) }

    static let rsa2048 = rsaKey(modulus(bits: 2048))
    static let secp256k1 = OID(dotted: "1.3.132.0.10") ?? .anyPolicy
    static let unknownAlgorithm = OID(dotted: "1.2.3.4") ?? .anyPolicy

    @Test(arguments: [
        (spki(.rsaEncryption, parameters: DER.null, key: rsa2048), PublicKeyType.rsa(modulusBits: 2048), 2048 as Int?),
        // 2041–2048-bit moduli are all "2048" to Apple's byte count; the bit length is kept exact here.
        (spki(.rsaEncryption, parameters: DER.null, key: rsaKey(modulus(bits: 2041))), .rsa(modulusBits: 2041), 2041),
        (spki(.rsaEncryption, parameters: DER.null, key: rsaKey(modulus(bits: 2047))), .rsa(modulusBits: 2047), 2047),
        (spki(.rsaEncryption, parameters: DER.null, key: rsaKey(modulus(bits: 1024))), .rsa(modulusBits: 1024), 1024),
        (spki(.rsaEncryption, parameters: DER.null, key: rsaKey(modulus(bits: 512))), .rsa(modulusBits: 512), 512),
        (spki(.rsaEncryption, parameters: DER.null, key: rsaKey(modulus(bits: 4096))), .rsa(modulusBits: 4096), 4096),
        (spki(.rsaEncryption, parameters: DER.null, key: rsaKey(modulus(bits: 1))), .rsa(modulusBits: 1), 1),
        (spki(.rsaEncryption, key: rsa2048), .rsa(modulusBits: 2048), 2048),
        // Malformed RSA key bits: no key.
        (spki(.rsaEncryption, parameters: DER.null, key: rsa2048 + [0]), .unsupported(.rsaEncryption), nil),
        (spki(.rsaEncryption, parameters: DER.null, key: Array(rsa2048.dropLast()) + [0], unusedBits: 1), .unsupported(.rsaEncryption), nil),
        (spki(.rsaEncryption, parameters: DER.null, key: rsaKey(DER.integer([0x80, 0x01]))), .unsupported(.rsaEncryption), nil),
        (spki(.rsaEncryption, parameters: DER.null, key: rsaKey(DER.integer([0x00]))), .unsupported(.rsaEncryption), nil),
        (spki(.rsaEncryption, parameters: DER.null, key: rsaKey(DER.integer([0x00, 0x01]))), .unsupported(.rsaEncryption), nil),
        (spki(.rsaEncryption, parameters: DER.null, key: DER.sequence(modulus(bits: 2048))), .unsupported(.rsaEncryption), nil),
        (spki(.rsaEncryption, parameters: DER.null, key: modulus(bits: 2048)), .unsupported(.rsaEncryption), nil),
        (spki(.rsaEncryption, parameters: DER.null, key: []), .unsupported(.rsaEncryption), nil),
        // EC: the five named curves, another named curve, explicit parameters, none.
        (ec(DER.oid(.secp192r1)), .ec(.p192), 192),
        (ec(DER.oid(.secp224r1)), .ec(.p224), 224),
        (ec(DER.oid(.secp256r1)), .ec(.p256), 256),
        (ec(DER.oid(.secp384r1)), .ec(.p384), 384),
        (ec(DER.oid(.secp521r1)), .ec(.p521), 521),
        (ec(DER.oid(secp256k1)), .ecUnknownCurve(secp256k1), nil),
        (ec(DER.sequence(DER.integer([1]), DER.sequence(DER.oid("1.2.840.10045.1.1"), DER.integer([0x17])))), .ecExplicitParameters, nil),
        (spki(.ecPublicKey, key: [0x04, 1, 2]), .unsupported(.ecPublicKey), nil),
        // EdDSA keys; DSA and RSA-PSS are recognised but have no Apple key.
        (spki(.ed25519, key: [UInt8](repeating: 1, count: 32)), .ed25519, 256),
        (spki(.ed448, key: [UInt8](repeating: 1, count: 57)), .ed448, 456),
        (spki(.dsa, parameters: DER.sequence(DER.integer([0x17]), DER.integer([0x0B]), DER.integer([0x02])), key: DER.integer([0x05])), .dsa, nil),
        (spki(.rsassaPSS, key: rsa2048), .rsaPSS(modulusBits: 2048), 2048),
        (spki(.rsassaPSS, parameters: DER.sequence(), key: rsaKey(modulus(bits: 3072))), .rsaPSS(modulusBits: 3072), 3072),
        (spki(.rsassaPSS, key: [0x05, 0x00]), .rsaPSS(modulusBits: nil), nil),
        (spki(.x25519, key: [UInt8](repeating: 1, count: 32)), .unsupported(.x25519), nil),
        (spki(unknownAlgorithm, parameters: DER.null, key: [1]), .unsupported(unknownAlgorithm), nil),
    ] as [([UInt8], PublicKeyType, Int?)])
    func keyType(der: [UInt8], type: PublicKeyType, bits: Int?) throws {
        let info = try SubjectPublicKeyInfo(derEncoded: der[...])
        #expect(info.keyType == type)
        #expect(info.keyType.bits == bits)
        #expect(Array(info.encoded) == der)
    }

    @Test(arguments: [
        ("30 00", DERError(.missingElement(expected: .sequence), at: 2)),
        ("30 05 30 03 06 01 00", DERError(.missingElement(expected: .bitString), at: 7)),
        ("30 09 30 03 06 01 00 03 02 00 00 00", DERError(.trailingData, at: 11)),
        ("30 0B 30 03 06 01 00 03 02 00 00 05 00", DERError(.trailingData, at: 11)),
        ("30 07 30 03 06 01 00 03 00", DERError(.invalidBitStringLength, at: 9)),
        ("30 08 30 03 06 01 00 04 01 00", DERError(.unexpectedTag(expected: .bitString, found: .octetString), at: 7)),
        ("30 0D 30 07 06 01 00 05 00 05 00 03 02 00 00", DERError(.trailingData, at: 9)),
    ])
    func malformed(hex: String, error: DERError) {
        #expect(throws: error) { try SubjectPublicKeyInfo(derEncoded: hexBytes(hex)[...]) }
    }

    @Test(arguments: NamedCurve.allCases)
    func namedCurvesRoundTrip(curve: NamedCurve) {
        #expect(NamedCurve(oid: curve.oid) == curve)
        #expect(curve.rawValue == "P-\(curve.fieldBits)")
    }
}
