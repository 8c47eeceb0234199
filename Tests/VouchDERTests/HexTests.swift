import Testing
import VouchDER

/// The package's one hex encoder and decoder.
@Suite("Hex")
struct HexTests {
    @Test("every octet encodes as two lower-case digits and decodes back, in either case")
    func roundTrip() throws {
        let all = (0...255).map { UInt8($0) }
        let text = Hex.encode(all)
        #expect(text.count == 512)
        #expect(text.hasPrefix("000102") && text.hasSuffix("fdfeff"))
        #expect(Hex.decode(text) == all)
        #expect(Hex.decode(text.uppercased()) == all)
        #expect(Hex.encode([]) == "" && Hex.decode("") == [])
    }

    @Test("odd lengths, separators and non-digits are refused", arguments: ["0", "abc", "0g", "00 11", "0x00", "+1", "é0"])
    func refused(_ text: String) {
        #expect(Hex.decode(text) == nil)
    }

    @Test("digit values")
    func values() {
        #expect(Hex.value(of: UInt8(ascii: "0")) == 0 && Hex.value(of: UInt8(ascii: "9")) == 9)
        #expect(Hex.value(of: UInt8(ascii: "a")) == 10 && Hex.value(of: UInt8(ascii: "F")) == 15)
        #expect(Hex.value(of: UInt8(ascii: "g")) == nil && Hex.value(of: UInt8(ascii: "/")) == nil)
    }
}
