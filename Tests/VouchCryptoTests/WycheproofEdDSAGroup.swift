/// A test group of Wycheproof's EdDSA verify schema (`eddsa_verify_schema_v1.json`): one public key,
/// given raw in `publicKey.pk`, and the signature cases made under it.
struct WycheproofEdDSAGroup: Decodable {
    /// The raw public key of the group.
    struct PublicKey: Decodable {
        let curve: String
        /// The 32-byte encoding, hex.
        let pk: String
    }

    let publicKey: PublicKey
    let tests: [WycheproofSignatureTest]
}
