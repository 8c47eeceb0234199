import Foundation
@testable import VouchCrypto

/// The Wycheproof RSA signature files and the group types of their schemas.
enum RSAWycheproofVectors {
    /// `rsassa_pkcs1_verify_schema_v1.json`: a public key (PKCS #1 DER) and a hash per group.
    struct PKCS1VerifyGroup: Decodable {
        let publicKeyAsn: String
        let sha: String
        let tests: [WycheproofSignatureTest]
    }

    /// `rsassa_pkcs1_generate_schema_v1.json`: as above, with the key under `keyAsn`.
    struct PKCS1GenerateGroup: Decodable {
        let keyAsn: String
        let sha: String
        let tests: [WycheproofSignatureTest]
    }

    /// `rsassa_pss_verify_schema_v1.json` and `rsassa_pss_with_parameters_verify_schema.json`:
    /// the PSS parameters as fields, and for the latter also inside `publicKeyDer`'s AlgorithmIdentifier.
    struct PSSVerifyGroup: Decodable {
        let publicKeyAsn: String
        let publicKeyDer: String
        let sha: String
        let mgf: String
        let mgfSha: String
        let sLen: Int
        let tests: [WycheproofSignatureTest]
    }

    /// The names of the files in the Wycheproof directory that start with `prefix`, sorted.
    static func files(_ prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: CryptoTestData.wycheproof)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static func path(_ name: String) -> String { CryptoTestData.wycheproof + "/" + name }

    /// `SHA-256` → `.sha256`.
    static func hash(_ name: String) -> HashAlgorithm? {
        switch name {
        case "SHA-1": return .sha1
        case "SHA-224": return .sha224
        case "SHA-256": return .sha256
        case "SHA-384": return .sha384
        case "SHA-512": return .sha512
        default: return nil
        }
    }

    /// What Vouch answers for an `acceptable` case, by flag, and why.
    static let acceptableAnswers: [String: Bool] = [
        // The DigestInfo without the NULL parameters: a legacy encoding RFC 8017 does not allow.
        // Vouch compares the whole encoding with the one it builds (with NULL), so it rejects it.
        "MissingNull": false,
        // Weak parameters (modulus below 2048 bits, e = 3, SHA-1): the signature is mathematically
        // valid and VouchCrypto verifies it; judging weakness is the trust policy's job (SECTRUST §7).
        "SmallModulus": true,
        "SmallPublicKey": true,
        "WeakHash": true,
    ]

    /// The answer expected for `test`: true for valid, false for invalid, the flag table for acceptable
    /// (nil if an acceptable case carries no flag the table knows).
    static func expectedAnswer(_ test: WycheproofSignatureTest) -> Bool? {
        switch test.result {
        case "valid": return true
        case "invalid": return false
        default:
            let answers = Set(test.flags.compactMap { acceptableAnswers[$0] })
            return answers.count == 1 ? answers.first : nil
        }
    }

    /// Counts of a file's cases by result, for the summary line each test prints.
    struct Tally: CustomStringConvertible {
        var valid = 0, invalid = 0, acceptableAccepted = 0, acceptableRejected = 0
        mutating func add(_ test: WycheproofSignatureTest, accepted: Bool) {
            switch test.result {
            case "valid": valid += 1
            case "invalid": invalid += 1
            default: if accepted { acceptableAccepted += 1 } else { acceptableRejected += 1 }
            }
        }
        var total: Int { valid + invalid + acceptableAccepted + acceptableRejected }
        var description: String {
            "\(valid) valid, \(invalid) invalid, acceptable \(acceptableAccepted) accepted / \(acceptableRejected) rejected"
        }
    }
}
