import Testing
import VouchPropertyList

/// The reader's bounds, each on both sides: depth and size; and linear time on large documents.
@Suite struct PropertyListLimitTests {
    /// `levels` values nested in arrays inside `<plist>`: 1 is `<true/>`, 2 is `<array><true/></array>`.
    static func nested(_ levels: Int) -> String {
        plist(String(repeating: "<array>", count: levels - 1) + "<true/>" + String(repeating: "</array>", count: levels - 1))
    }

    @Test("the depth limit holds at N levels and refuses N + 1 at the value too deep")
    func depthLimit() throws {
        let limits = PropertyListReader.Limits(maximumDepth: 4, maximumSize: 1 << 20)
        #expect(try parse(Self.nested(4), limits: limits).arrayValue != nil)
        // The fifth level starts after <plist> and four <array>s: 7 + 4 × 7 bytes.
        #expect(throws: PropertyListError(message: "nested deeper than 4 levels", offset: 35)) { try parse(Self.nested(5), limits: limits) }
        let dictionaries = plist(String(repeating: "<dict><key>k</key>", count: 4) + "<true/>" + String(repeating: "</dict>", count: 4))
        #expect(throws: PropertyListError(message: "nested deeper than 4 levels", offset: 7 + 4 * 18)) {
            try parse(dictionaries, limits: limits)
        }
    }

    @Test("the default depth limit: 64 levels read, 65 refused, and no stack overflow far beyond")
    func defaultDepthLimit() throws {
        let depth = PropertyListReader.defaultMaximumDepth
        #expect(depth == 64 && PropertyListReader.Limits().maximumDepth == depth)
        #expect(try parse(Self.nested(depth)).arrayValue != nil)
        let tooDeep = PropertyListError(message: "nested deeper than \(depth) levels", offset: 7 + (depth) * 7)
        #expect(throws: tooDeep) { try parse(Self.nested(depth + 1)) }
        #expect(throws: tooDeep) { try parse("<plist>" + String(repeating: "<array>", count: 1_000_000)) }
    }

    @Test("the size limit holds at N bytes and refuses N + 1 before reading")
    func sizeLimit() throws {
        let text = plist("<true/>")
        let limits = PropertyListReader.Limits(maximumDepth: 8, maximumSize: text.utf8.count)
        #expect(try parse(text, limits: limits) == .boolean(true))
        #expect(throws: PropertyListError(message: "larger than \(text.utf8.count) bytes", offset: text.utf8.count)) {
            try parse(text + " ", limits: limits)
        }
        #expect(PropertyListReader.defaultMaximumSize == 16 << 20)
        #expect(PropertyListReader.Limits().maximumSize == 16 << 20)
    }

    @Test("the default size limit: 16 MiB read, one byte more refused")
    func defaultSizeLimit() throws {
        let size = PropertyListReader.defaultMaximumSize
        let frame = Array(plist("<data></data>").utf8)
        var bytes = Array(frame.prefix(13)) + [UInt8](repeating: UInt8(ascii: "A"), count: size - frame.count) + Array(frame.suffix(15))
        #expect(bytes.count == size)
        #expect(try PropertyListReader.parse(bytes).dataValue?.count == (size - frame.count) / 4 * 3)
        bytes.append(0x20)
        #expect(throws: PropertyListError(message: "larger than \(size) bytes", offset: size)) { try PropertyListReader.parse(bytes) }
    }

    @Test("a dictionary with 100,000 keys and long texts read in linear time")
    func largeDocuments() throws {
        let entries = (0..<100_000).map { "<key>k\($0)</key><integer>\($0)</integer>" }.joined()
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try parse(plist("<dict>" + entries + "</dict>")).dictionaryValue?.count == 100_000)
        let long = String(repeating: "&amp;<![CDATA[x]]><!---->a\r\n", count: 200_000)
        #expect(try parse(plist("<string>" + long + "</string>")).stringValue?.utf8.count == 200_000 * 4)
        let digits = String(repeating: "0", count: 1_000_000)
        #expect(try parse(plist("<real>" + digits + ".5</real>")) == .real(0.5))
        #expect(try parse(plist("<integer>" + digits + "7</integer>")) == .integer(7))
        #expect(clock.now - start < .seconds(10), "quadratic somewhere?")
    }
}
