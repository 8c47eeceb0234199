extension BigNum: CustomStringConvertible {
    /// Hexadecimal, lower case, without prefix (`0` for zero), for test failures and debugging.
    var description: String {
        let digits = Array("0123456789abcdef".utf8)
        let bytes = bigEndianBytes
        guard !bytes.isEmpty else { return "0" }
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        if text.first == UInt8(ascii: "0") { text.removeFirst() }
        return String(decoding: text, as: UTF8.self)
    }
}
