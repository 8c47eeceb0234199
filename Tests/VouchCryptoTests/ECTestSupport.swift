import VouchCrypto

/// Small helpers the EC tests share.
enum ECTestSupport {
    /// Lower-case hex of `bytes`.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

extension ECTestSupport {
    /// A DER length.
    static func derLength(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        if count < 0x100 { return [0x81, UInt8(count)] }
        return [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
    }

    /// A minimal DER INTEGER for the unsigned big-endian `magnitude`.
    static func derInteger(_ magnitude: [UInt8]) -> [UInt8] {
        var content = Array(magnitude.drop { $0 == 0 })
        if content.isEmpty || content[0] & 0x80 != 0 { content.insert(0, at: 0) }
        return [0x02] + derLength(content.count) + content
    }

    /// `SEQUENCE { r, s }` from unsigned magnitudes: the DER ECDSA-Sig-Value.
    static func derSignature(r: [UInt8], s: [UInt8]) -> [UInt8] {
        let content = derInteger(r) + derInteger(s)
        return [0x30] + derLength(content.count) + content
    }

    /// The curve for a Wycheproof or NIST name (`secp256r1`, `P-256`), if it is one of ours.
    static func curve(named name: String) -> ECCurve? {
        ECCurve.allCases.first { $0.description == name || "P-\($0.fieldBits)" == name }
    }

    /// The hash for a Wycheproof or NIST name (`SHA-256`, `SHA-1`).
    static func hash(named name: String) -> HashAlgorithm? {
        switch name {
        case "SHA-1": return .sha1
        case "SHA-224": return .sha224
        case "SHA-256": return .sha256
        case "SHA-384": return .sha384
        case "SHA-512": return .sha512
        default: return nil
        }
    }
}
