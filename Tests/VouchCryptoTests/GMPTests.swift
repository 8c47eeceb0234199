import Testing
import VouchCrypto

@Suite("libgmp")
struct GMPTests {
    @Test("links against libgmp 6 or later")
    func version() throws {
        let major = try #require(Int(gmpVersion.split(separator: ".").first ?? ""))
        #expect(major >= 6, "libgmp \(gmpVersion)")
    }
}
