import Testing

@testable import VouchJSON

/// VouchJSON's one named limit at N and N + 1 (issue 38 item 2): linearDuplicateSearchLimit, the
/// size up to which a duplicate member name is searched linearly and past which a set is used.
/// Both ways must find the same duplicates; the reader's depth and size limits are
/// JSONReaderLimitTests.
@Suite struct LimitTests {
    @Test("the limit is the documented one")
    func value() {
        #expect(JSONParser.linearDuplicateSearchLimit == 16)
    }

    @Test("a duplicate is found as the 16th name (compared with the 15 before it) and as the 17th (looked up in a set)")
    func duplicateAtTheThreshold() throws {
        let limit = JSONParser.linearDuplicateSearchLimit
        for count in [limit - 1, limit] {  // members before the duplicate
            let members = (0..<count).map { "\"m\($0)\": \($0)" }.joined(separator: ", ")
            let unique = "{" + members + "}"
            #expect(try JSONReader.parse(Array(unique.utf8)).members?.count == count)
            let prefix = "{" + members + ", "
            let duplicate = prefix + "\"m\(count - 1)\": 0}"
            #expect(throws: JSONError(message: "duplicate member \"m\(count - 1)\"", offset: prefix.utf8.count)) {
                try JSONReader.parse(Array(duplicate.utf8))
            }
        }
    }
}
