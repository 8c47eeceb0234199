import VouchDER

extension BigNum: CustomStringConvertible {
    /// Hexadecimal, lower case, without prefix (`0` for zero), for test failures and debugging.
    var description: String {
        let bytes = bigEndianBytes
        guard !bytes.isEmpty else { return "0" }
        let text = Hex.encode(bytes)
        return text.hasPrefix("0") ? String(text.dropFirst()) : text
    }
}

