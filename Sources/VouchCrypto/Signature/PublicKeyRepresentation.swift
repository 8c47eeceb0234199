import VouchDER
import VouchX509

extension SubjectPublicKeyInfo {
    /// What Apple's `SecKeyCopyExternalRepresentation` returns for this key (SECTRUST.md §8):
    /// RSA as a canonical PKCS #1 RSAPublicKey DER (not the SPKI), EC as X9.63 uncompressed
    /// `04‖X‖Y`, Ed25519 as its 32 raw bytes; `nil` for keys Apple has none for (DSA, RSA-PSS
    /// SPKI, explicit curves, unknown algorithms) and for key bits that do not parse.
    public var externalRepresentation: [UInt8]? { PublicKey(self)?.externalRepresentation }
}
