import Testing
import VouchJSON

/// The reader's bounds, each on both sides: depth, size, and duplicate names in large objects.
@Suite struct JSONReaderLimitTests {
    /// `levels` values nested in arrays: 1 is `0`, 2 is `[0]`, 3 is `[[0]]`.
    static func nested(_ levels: Int) -> String {
        String(repeating: "[", count: levels - 1) + "0" + String(repeating: "]", count: levels - 1)
    }

    /// `levels` values nested in objects: 1 is `0`, 2 is `{"a":0}`.
    static func nestedObjects(_ levels: Int) -> String {
        String(repeating: #"{"a":"#, count: levels - 1) + "0" + String(repeating: "}", count: levels - 1)
    }

    @Test("the depth limit holds at N levels and refuses N + 1 at the value too deep")
    func depthLimit() throws {
        let limits = JSONReader.Limits(maximumDepth: 4, maximumSize: 1 << 20)
        #expect(try parse(Self.nested(4), limits: limits).arrayValue != nil)
        #expect(try parse("[[[[]]]]", limits: limits).arrayValue != nil)
        #expect(throws: JSONError(message: "nested deeper than 4 levels", offset: 4)) { try parse(Self.nested(5), limits: limits) }
        #expect(throws: JSONError(message: "nested deeper than 4 levels", offset: 4)) { try parse("[[[[[]]]]]", limits: limits) }
        #expect(try parse(Self.nestedObjects(4), limits: limits).members != nil)
        #expect(throws: JSONError(message: "nested deeper than 4 levels", offset: 20)) { try parse(Self.nestedObjects(5), limits: limits) }
    }

    @Test("the default depth limit: 64 levels read, 65 refused, and no stack overflow far beyond")
    func defaultDepthLimit() throws {
        #expect(JSONReader.Limits.default.maximumDepth == JSONReader.defaultMaximumDepth)
        let depth = JSONReader.defaultMaximumDepth
        #expect(try parse(Self.nested(depth)).arrayValue != nil)
        #expect(throws: JSONError(message: "nested deeper than \(depth) levels", offset: depth)) { try parse(Self.nested(depth + 1)) }
        #expect(throws: JSONError(message: "nested deeper than \(depth) levels", offset: depth)) {
            try parse(String(repeating: "[", count: 1_000_000))
        }
    }

    @Test("the size limit holds at N bytes and refuses N + 1 before reading")
    func sizeLimit() throws {
        let limits = JSONReader.Limits(maximumDepth: 8, maximumSize: 5)
        #expect(try parse("[1,2]", limits: limits).arrayValue?.count == 2)
        #expect(throws: JSONError(message: "larger than 5 bytes", offset: 5)) { try parse("[1,23]", limits: limits) }
        // Refused for its size even though it is not JSON at all: nothing is read.
        #expect(throws: JSONError(message: "larger than 5 bytes", offset: 5)) { try parse("xxxxxx", limits: limits) }
    }

    @Test("the default size limit admits x509-limbo's 24.8 MB suite: 64 MiB read, one byte more refused")
    func defaultSizeLimit() throws {
        let size = JSONReader.defaultMaximumSize
        #expect(size == 64 << 20)
        #expect(JSONReader.Limits.default.maximumSize == size)
        #expect(size > 24_779_020)
        // A string that fills the limit exactly, then one byte more.
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: size)
        bytes[0] = UInt8(ascii: "\"")
        bytes[size - 1] = UInt8(ascii: "\"")
        #expect(try JSONReader.parse(bytes).stringValue?.utf8.count == size - 2)
        bytes.append(0x20)
        #expect(throws: JSONError(message: "larger than \(size) bytes", offset: size)) { try JSONReader.parse(bytes) }
    }

    @Test("duplicate names are found in small objects and in large ones", arguments: [2, 15, 16, 17, 40, 5_000])
    func duplicateNames(memberCount: Int) throws {
        let members = (0..<memberCount).map { #""m\#($0)": \#($0)"# }
        let unique = "{" + members.joined(separator: ", ") + "}"
        #expect(try parse(unique).members?.count == memberCount)
        // The last name repeats the first: the error names the repeated name and points at it.
        let repeated = "{" + members.joined(separator: ", ") + #", "m0": 0}"#
        let offset = repeated.utf8.count - #""m0": 0}"#.utf8.count
        #expect(throws: JSONError(message: #"duplicate member "m0""#, offset: offset)) { try parse(repeated) }
        // A repeat in the middle, once the names are hashed.
        if memberCount > 3 {
            let middle = "{" + members.prefix(memberCount - 1).joined(separator: ", ") + #", "m3": 3}"#
            let middleOffset = middle.utf8.count - #""m3": 3}"#.utf8.count
            #expect(throws: JSONError(message: #"duplicate member "m3""#, offset: middleOffset)) { try parse(middle) }
        }
    }

    @Test("an object with 200,000 members reads in linear time")
    func largeObject() throws {
        let text = "{" + (0..<200_000).map { #""\#($0)":\#($0)"# }.joined(separator: ",") + "}"
        let clock = ContinuousClock()
        let start = clock.now
        let node = try parse(text)
        #expect(node.members?.count == 200_000)
        #expect(clock.now - start < .seconds(20), "quadratic duplicate search?")
    }
}
