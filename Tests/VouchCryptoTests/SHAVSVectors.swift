import Foundation

/// Loads NIST SHAVS response files (`*ShortMsg.rsp`, `*LongMsg.rsp`, `*Monte.rsp`) and the RFC 1321
/// MD5 list, which uses the same `Len` / `Msg` / `MD` records.
enum SHAVSVectors {
    /// One message test: `Len` bits of `Msg` (byte-oriented files: `Len` is a multiple of 8) and its `MD`.
    struct MessageCase: Sendable, CustomStringConvertible {
        let bitLength: Int
        let message: [UInt8]
        let digest: [UInt8]
        var description: String { "Len = \(bitLength)" }
    }

    /// A Monte Carlo file: the seed and the 100 checkpoint digests (COUNT 0…99).
    struct MonteCase: Sendable {
        let seed: [UInt8]
        let checkpoints: [[UInt8]]
    }

    /// The `name = value` pairs of a file, in order, comments and section headers dropped.
    static func fields(_ path: String) throws -> [(key: String, value: String)] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), !trimmed.hasPrefix("["),
                  let equals = trimmed.firstIndex(of: "=") else { return nil }
            return (trimmed[..<equals].trimmingCharacters(in: .whitespaces),
                    trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces))
        }
    }

    /// The message cases of a ShortMsg/LongMsg file (`Msg = 00` with `Len = 0` is the empty message).
    static func messages(_ path: String) throws -> [MessageCase] {
        var cases: [MessageCase] = []
        var bitLength: Int?
        var message: [UInt8]?
        for (key, value) in try fields(path) {
            switch key {
            case "Len": bitLength = Int(value)
            case "Msg": message = CryptoTestData.hex(value)
            case "MD":
                guard let length = bitLength, let bytes = message, let digest = CryptoTestData.hex(value) else {
                    throw LoadError.malformed(path)
                }
                cases.append(MessageCase(bitLength: length, message: Array(bytes.prefix(length / 8)), digest: digest))
                (bitLength, message) = (nil, nil)
            default: break
            }
        }
        return cases
    }

    /// The seed and checkpoints of a Monte file.
    static func monte(_ path: String) throws -> MonteCase {
        var seed: [UInt8]?
        var checkpoints: [[UInt8]] = []
        for (key, value) in try fields(path) {
            if key == "Seed" { seed = CryptoTestData.hex(value) }
            if key == "MD", let digest = CryptoTestData.hex(value) { checkpoints.append(digest) }
        }
        guard let seed else { throw LoadError.malformed(path) }
        return MonteCase(seed: seed, checkpoints: checkpoints)
    }

    enum LoadError: Error { case malformed(String) }
}
