import Testing
import VouchCrypto

/// Adversarial cases around the cofactor and non-canonical encodings, where Ed25519 verifiers are
/// known to disagree ("Taming the many EdDSAs", Chalkias, Garillot, Nikolaenko, SSR 2020). The
/// answers are those of RFC 8032 §5.1.7 read strictly and cofactorless — the same rules Wycheproof
/// expects — computed by an independent Python model (affine Edwards formulas on plain integers,
/// hashlib SHA-512) with a key pair and nonces drawn from `random.seed(2032)`:
///
/// * R = rB + T with T of small order: the cofactored equation would accept; cofactorless rejects.
/// * A = aB + T8 (mixed order): valid exactly when 8 divides k, since [S]B − [k]A = R − [k]T8.
/// * Small-order A with S = 0: [0]B − [k]A = −[k]A, accepted when that equals R.
/// * y ≥ p in the key: the key is rejected (`Ed25519Error.nonCanonicalEncoding`); in R: rejected.
///
/// pyca/cryptography on OpenSSL 3.0 gives the same answers except where a line says otherwise: it
/// accepts a public key whose y is ≥ p (it reduces y mod p) and then judges the signature, where
/// Vouch rejects the key (RFC 8032 §5.1.3 step 1: “If the resulting value is >= p, decoding fails”).
@Suite("Ed25519 cofactor and encoding edge cases")
struct Ed25519EdgeCaseTests {
    enum Expected: Sendable { case valid, invalid, keyRejected }

    struct EdgeCase: Sendable {
        let name: String
        let key: String
        let message: String
        let signature: String
        let expected: Expected

        init(_ name: String, key: String, message: String, signature: String, expected: Expected) {
            self.name = name
            self.key = key
            self.message = message
            self.signature = signature
            self.expected = expected
        }
    }

    static let cases: [EdgeCase] = [
        EdgeCase("1: honest signature",
                 key: "20efce089c23ff6d7237c4be46595a4202de97794e2c005b549e2c46d63b0523",
                 message: "766f756368",
                 signature: "255cb6e0b297b5f06a84851612bbe211099cb0f1523e41bcadcd3906f9cab07a"
                     + "5725ef626e141d36449b02d27cf1f4b53ea0e1fbf59415798ef44c4643e89b04",
                 expected: .valid),
        EdgeCase("2: R = rB + T (T of order 2)",
                 key: "20efce089c23ff6d7237c4be46595a4202de97794e2c005b549e2c46d63b0523",
                 message: "766f756368",
                 signature: "3197f6366a0e42824ab6202b09879d3727dd5402aa8935ac7a0d114d98e60066"
                     + "b45061869453e75ca17160309e8cf99555ef00e478b0bf7ed7078d49ab0ab309",
                 expected: .invalid),
        EdgeCase("3: R = rB + T (T of order 8)",
                 key: "20efce089c23ff6d7237c4be46595a4202de97794e2c005b549e2c46d63b0523",
                 message: "766f756368",
                 signature: "15dd728e860ea24056571ec4878b16d06db1390263b12d921e40e070567b4878"
                     + "4ab8643950591b5f8a3c885143c7f1346105d30f9d98a652977e917d062bb002",
                 expected: .invalid),
        EdgeCase("4: R = rB + T (T of order 4)",
                 key: "20efce089c23ff6d7237c4be46595a4202de97794e2c005b549e2c46d63b0523",
                 message: "766f756368",
                 signature: "b4dc09fb858810c8379668f336425ee4fb2bcb1991c5bd33afbc8303442c3b86"
                     + "32cb2b6010d0d101a19276386a92b89eea0e839dbf8376fe71a6bdc99fd0950f",
                 expected: .invalid),
        EdgeCase("5: A = aB + T8, k ≢ 0 mod 8",
                 key: "53e5a7dd5e927638dffcc6ddcac9dccf062327096e8612e087278daf008b8069",
                 message: "6d697865642030",
                 signature: "ff41f3ee8f96fbce4211b8b1832d7bb5cdab99e8138f98792e095f36384baed2"
                     + "5bdf1ca9dd76f42baa66e23293bd0fbafd5e01f54710a891b5bf63d140ad5c0f",
                 expected: .invalid),
        EdgeCase("6: A = aB + T8, k ≡ 0 mod 8",
                 key: "53e5a7dd5e927638dffcc6ddcac9dccf062327096e8612e087278daf008b8069",
                 message: "6d697865642033",
                 signature: "db21da7fa2d2e134b14ec0d74e3db6421c33effb9aae5a3597a78c1cac17724b"
                     + "d9cdc9280c00b5b663a10fd2b2f5491cec15bdf37967be0aab22b7fdf0825109",
                 expected: .valid),
        EdgeCase("7: small-order A (order 1), S = 0, R of order 1",
                 key: "0100000000000000000000000000000000000000000000000000000000000000",
                 message: "766f756368",
                 signature: "0100000000000000000000000000000000000000000000000000000000000000"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .valid),
        EdgeCase("8: small-order A (order 2), S = 0, R of order 1",
                 key: "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
                 message: "766f756368",
                 signature: "0100000000000000000000000000000000000000000000000000000000000000"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .valid),
        EdgeCase("9: small-order A (order 2), S = 0, R of order 2",
                 key: "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
                 message: "766f756368",
                 signature: "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .valid),
        EdgeCase("10: small-order A (order 8), S = 0, R of order 1",
                 key: "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
                 message: "766f756368",
                 signature: "0100000000000000000000000000000000000000000000000000000000000000"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .invalid),
        EdgeCase("11: small-order A (order 8), S = 0, R of order 8",
                 key: "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
                 message: "766f756368",
                 signature: "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .invalid),
        EdgeCase("12: small-order A (order 4), S = 0, R of order 1",
                 key: "0000000000000000000000000000000000000000000000000000000000000000",
                 message: "766f756368",
                 signature: "0100000000000000000000000000000000000000000000000000000000000000"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .invalid),
        EdgeCase("13: small-order A (order 4), S = 0, R of order 4",
                 key: "0000000000000000000000000000000000000000000000000000000000000000",
                 message: "766f756368",
                 signature: "0000000000000000000000000000000000000000000000000000000000000000"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .valid),
        EdgeCase("14: small-order A (order 4), S = 0, R of order 4",
                 key: "0000000000000000000000000000000000000000000000000000000000000080",
                 message: "766f756368",
                 signature: "0000000000000000000000000000000000000000000000000000000000000080"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .invalid),
        EdgeCase("15: non-canonical key y = 0 + p, sign 0",
                 key: "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
                 message: "766f756368",
                 signature: "0100000000000000000000000000000000000000000000000000000000000000"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .keyRejected),  // OpenSSL 3.0: accepts (reduces y mod p)
        EdgeCase("16: non-canonical R y = 0 + p, sign 0, identity key",
                 key: "0100000000000000000000000000000000000000000000000000000000000000",
                 message: "766f756368",
                 signature: "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .invalid),
        EdgeCase("17: non-canonical key y = 0 + p, sign 1",
                 key: "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
                 message: "766f756368",
                 signature: "0100000000000000000000000000000000000000000000000000000000000000"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .keyRejected),  // OpenSSL 3.0: rejects the signature
        EdgeCase("18: non-canonical R y = 0 + p, sign 1, identity key",
                 key: "0100000000000000000000000000000000000000000000000000000000000000",
                 message: "766f756368",
                 signature: "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .invalid),
        EdgeCase("19: non-canonical key y = 1 + p, sign 0",
                 key: "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
                 message: "766f756368",
                 signature: "0100000000000000000000000000000000000000000000000000000000000000"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .keyRejected),  // OpenSSL 3.0: accepts (reduces y mod p)
        EdgeCase("20: non-canonical R y = 1 + p, sign 0, identity key",
                 key: "0100000000000000000000000000000000000000000000000000000000000000",
                 message: "766f756368",
                 signature: "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .invalid),
        EdgeCase("21: non-canonical key y = 1 + p, sign 1",
                 key: "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
                 message: "766f756368",
                 signature: "0100000000000000000000000000000000000000000000000000000000000000"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .keyRejected),  // OpenSSL 3.0: accepts (reduces y mod p, ignores the sign of x = 0)
        EdgeCase("22: non-canonical R y = 1 + p, sign 1, identity key",
                 key: "0100000000000000000000000000000000000000000000000000000000000000",
                 message: "766f756368",
                 signature: "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .invalid),
        EdgeCase("23: non-canonical key y = 3 + p, sign 0",
                 key: "f0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
                 message: "766f756368",
                 signature: "0100000000000000000000000000000000000000000000000000000000000000"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .keyRejected),  // OpenSSL 3.0: rejects the signature
        EdgeCase("24: non-canonical R y = 3 + p, sign 0, identity key",
                 key: "0100000000000000000000000000000000000000000000000000000000000000",
                 message: "766f756368",
                 signature: "f0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .invalid),
        EdgeCase("25: non-canonical key y = 3 + p, sign 1",
                 key: "f0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
                 message: "766f756368",
                 signature: "0100000000000000000000000000000000000000000000000000000000000000"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .keyRejected),  // OpenSSL 3.0: rejects the signature
        EdgeCase("26: non-canonical R y = 3 + p, sign 1, identity key",
                 key: "0100000000000000000000000000000000000000000000000000000000000000",
                 message: "766f756368",
                 signature: "f0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .invalid),
        EdgeCase("27: non-canonical key y = 18 + p, sign 0",
                 key: "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
                 message: "766f756368",
                 signature: "0100000000000000000000000000000000000000000000000000000000000000"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .keyRejected),  // OpenSSL 3.0: rejects the signature
        EdgeCase("28: non-canonical R y = 18 + p, sign 0, identity key",
                 key: "0100000000000000000000000000000000000000000000000000000000000000",
                 message: "766f756368",
                 signature: "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .invalid),
        EdgeCase("29: non-canonical key y = 18 + p, sign 1",
                 key: "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
                 message: "766f756368",
                 signature: "0100000000000000000000000000000000000000000000000000000000000000"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .keyRejected),  // OpenSSL 3.0: rejects the signature
        EdgeCase("30: non-canonical R y = 18 + p, sign 1, identity key",
                 key: "0100000000000000000000000000000000000000000000000000000000000000",
                 message: "766f756368",
                 signature: "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
                     + "0000000000000000000000000000000000000000000000000000000000000000",
                 expected: .invalid),
    ]

    @Test("each edge case gets its strict, cofactorless answer")
    func edgeCases() throws {
        for edgeCase in Self.cases {
            let keyBytes = try #require(CryptoTestData.hex(edgeCase.key))
            let message = try #require(CryptoTestData.hex(edgeCase.message))
            let signature = try #require(CryptoTestData.hex(edgeCase.signature))
            let key: Ed25519PublicKey
            do {
                key = try Ed25519PublicKey(rawRepresentation: keyBytes)
            } catch {
                #expect(edgeCase.expected == .keyRejected, "\(edgeCase.name): key rejected with \(error)")
                #expect(error == .nonCanonicalEncoding, "\(edgeCase.name)")
                continue
            }
            let verified = key.isValidSignature(signature, message: message)
            switch edgeCase.expected {
            case .valid: #expect(verified, "\(edgeCase.name) rejected")
            case .invalid: #expect(!verified, "\(edgeCase.name) accepted")
            case .keyRejected: Issue.record("\(edgeCase.name): key accepted")
            }
        }
    }
}
