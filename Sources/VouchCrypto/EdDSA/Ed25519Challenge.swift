// The challenge k = SHA-512(dom2(F, C) ‖ R ‖ A ‖ M) mod L of RFC 8032 §5.1.7 step 2; for pure Ed25519
// dom2 is empty. SHA-512 is VouchCrypto's (Hash/SHA512.swift).

extension Scalar25519 {
    /// SHA-512(R ‖ A ‖ M) interpreted little-endian and reduced mod L.
    static func challenge<R: Collection, M: Collection>(
        r: R, publicKey: [UInt8], message: M
    ) -> Scalar25519 where R.Element == UInt8, M.Element == UInt8 {
        var hasher = SHA512()
        hasher.update(r)
        hasher.update(publicKey)
        hasher.update(message)
        let digest = hasher.finalize()
        var words: InlineArray<8, UInt64> = InlineArray(repeating: 0)
        for (offset, byte) in digest.prefix(SHA512.digestLength).enumerated() {
            words[offset >> 3] |= UInt64(byte) << UInt64((offset & 7) * 8)
        }
        return reducing(wide: (words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7]))
    }
}
