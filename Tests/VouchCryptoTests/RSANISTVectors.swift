import Foundation
@testable import VouchCrypto

/// Loads the RSA signature vectors of cryptography-vectors `asymmetric/RSA/`: NIST CAVS response
/// files (`FIPS_186-2/SigVer*.rsp`, `SigGen*.rsp`, `SigVer15EMTest.txt`) and the RSA Laboratories
/// example files (`pkcs-1v2-1d2-vec/pss-vect.txt`, `pkcs1v15sign-vectors.txt`).
enum RSANISTVectors {
    /// One signature to verify, with the answer the file expects.
    struct SignatureCase: Sendable {
        let label: String
        let modulus: [UInt8]
        let exponent: [UInt8]
        let hash: HashAlgorithm
        let message: [UInt8]
        let signature: [UInt8]
        /// For PSS files: the salt length in bytes.
        let saltLength: Int?
        let isValid: Bool
    }

    static let directory = CryptoTestData.cryptographyVectors + "/asymmetric/RSA/"

    /// Hex of any length (an odd count gets a leading zero, as CAVS writes `e = 1001` style values).
    static func hex(_ text: String) throws -> [UInt8] {
        guard let bytes = CryptoTestData.hex(text.count % 2 == 0 ? text : "0" + text) else {
            throw LoadError.malformed("hex \(text.prefix(20))")
        }
        return bytes
    }

    /// The cases of a CAVS file. SigVer files have a `Result = P/F` per case and `e` per case;
    /// SigGen files have `n` and `e` per `[mod]` section and every signature is valid. PSS salt
    /// lengths come from the `# Salt len: N` header.
    static func cavs(_ name: String) throws -> [SignatureCase] {
        let path = directory + name
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let saltLength = text.range(of: "# Salt len: ").flatMap { range in
            Int(text[range.upperBound...].prefix { $0.isNumber })
        }
        let hasResults = text.contains("Result = ")
        var fields: [String: String] = [:]
        var cases: [SignatureCase] = []
        func emit(isValid: Bool) throws {
            guard let n = fields["n"], let e = fields["e"], let sha = fields["SHAAlg"], let msg = fields["Msg"],
                  let s = fields["S"], let hash = hashAlgorithm(sha) else { throw LoadError.malformed(name) }
            cases.append(SignatureCase(
                label: "\(name) #\(cases.count) \(sha)", modulus: try hex(n), exponent: try hex(e), hash: hash,
                message: try hex(msg), signature: try hex(s), saltLength: saltLength, isValid: isValid))
        }
        for (key, value) in try SHAVSVectors.fields(path) {
            fields[key] = value
            if key == "Result" {
                guard let verdict = value.first, verdict == "P" || verdict == "F" else { throw LoadError.malformed(name) }
                try emit(isValid: verdict == "P")
            } else if key == "S" && !hasResults {
                try emit(isValid: true)
            }
        }
        return cases
    }

    /// The cases of an RSA Laboratories example file: `# Public key` then `# Modulus:` and
    /// `# Exponent:` blocks of spaced hex, then per example `# Message to be signed:`, optionally
    /// `# Salt:`, and `# Signature:`. All signatures are valid; the hash is SHA-1.
    static func rsaLaboratories(_ name: String) throws -> [SignatureCase] {
        let text = try String(contentsOfFile: directory + name, encoding: .utf8)
        var blocks: [(label: String, hex: String)] = []
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("# ") {
                blocks.append((String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces), ""))
            } else if !blocks.isEmpty, line.allSatisfy({ $0.isHexDigit || $0 == " " }) {
                blocks[blocks.count - 1].hex += line.filter { $0 != " " }
            }
        }
        var inPublicKey = false
        var (modulus, exponent, message, salt): ([UInt8], [UInt8], [UInt8], [UInt8]?) = ([], [], [], nil)
        var cases: [SignatureCase] = []
        for block in blocks {
            switch block.label {
            case "Public key": inPublicKey = true
            case "Private key": inPublicKey = false
            case "Modulus:" where inPublicKey: modulus = try hex(block.hex)
            case "Exponent:" where inPublicKey: exponent = try hex(block.hex)
            case "Message to be signed:": message = try hex(block.hex)
            case "Salt:": salt = try hex(block.hex)
            case "Signature:":
                cases.append(SignatureCase(
                    label: "\(name) #\(cases.count)", modulus: modulus, exponent: exponent, hash: .sha1,
                    message: message, signature: try hex(block.hex), saltLength: salt?.count, isValid: true))
                salt = nil
            default: break
            }
        }
        return cases
    }

    static func hashAlgorithm(_ name: String) -> HashAlgorithm? {
        switch name {
        case "SHA1": return .sha1
        case "SHA224": return .sha224
        case "SHA256": return .sha256
        case "SHA384": return .sha384
        case "SHA512": return .sha512
        default: return nil
        }
    }

    enum LoadError: Error { case malformed(String) }
}
