import VouchDER

/// Base64url without padding, as a JWS writes each of its three parts (RFC 7515 §2, Appendix C;
/// RFC 4648 §5), decoded strictly: the 64 characters `A–Z a–z 0–9 - _` only, no `=` padding, no
/// white space or line breaks, a length that is not 1 modulo 4 (no group of six bits makes a
/// byte), and zero bits after the last byte (RFC 4648 §3.5 lets a decoder refuse them).
///
/// The last rule makes the decoding one-to-one: each byte string has one text. Without it
/// `…Ag` and `…Ah` would decode to the same signature, so one signed JWS would have several
/// texts that all verify, and a replay cache or a log keyed by the text would count one token as
/// several (the malleability RFC 7515 §10.13 and RFC 8725 §3.11 warn about).
enum Base64URL {
    /// Why a part was refused, with the absolute offset of the offending character.
    struct Failure: Error, Equatable {
        let problem: JWSError.Base64Problem
        let offset: Int
    }

    /// RFC 4648 §5's alphabet.
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    /// Each octet's 6-bit value, 0xFF for every octet outside the base64url alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        return table
    }()

    /// The bytes of the unpadded base64url `text`; offsets in a failure are `text`'s indices.
    static func decode(_ text: ArraySlice<UInt8>) throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3 + 2)
        var group: UInt32 = 0
        var count = 0
        for index in text.indices {
            let character = text[index]
            let value = values[Int(character)]
            guard value != 0xFF else {
                throw Failure(problem: character == UInt8(ascii: "=") ? .padding : .invalidCharacter, offset: index)
            }
            group = group << 6 | UInt32(value)
            count += 1
            if count == 4 {
                output.append(UInt8(truncatingIfNeeded: group >> 16))
                output.append(UInt8(truncatingIfNeeded: group >> 8))
                output.append(UInt8(truncatingIfNeeded: group))
                group = 0
                count = 0
            }
        }
        // The characters of an unfinished group: 2 carry one byte (4 bits left over), 3 carry two
        // (2 bits left over), 1 carries none.
        switch count {
        case 0:
            break
        case 2:
            guard group & 0xF == 0 else { throw Failure(problem: .nonZeroTrailingBits, offset: text.endIndex - 1) }
            output.append(UInt8(truncatingIfNeeded: group >> 4))
        case 3:
            guard group & 0x3 == 0 else { throw Failure(problem: .nonZeroTrailingBits, offset: text.endIndex - 1) }
            output.append(UInt8(truncatingIfNeeded: group >> 10))
            output.append(UInt8(truncatingIfNeeded: group >> 2))
        default:
            throw Failure(problem: .invalidLength, offset: text.endIndex - 1)
        }
        return output
    }

    /// The unpadded base64url text of `bytes` (for tests and for writing a JWS).
    static func encode(_ bytes: some Collection<UInt8>) -> String {
        Base64.encode(bytes, alphabet: alphabet, padded: false)
    }
}
