import Testing
@testable import VouchHTTP

/// The DNS answer reader on hostile messages: it must answer `nil` (not that reply) or a bounded
/// result, never trap or loop.
@Suite struct DNSMessageTests {
    static let name: [[UInt8]] = [Array("a".utf8), Array("test".utf8)]
    static let question: [UInt8] = [1, 0x61, 4, 0x74, 0x65, 0x73, 0x74, 0, 0, 1, 0, 1]

    static func reply(id: UInt16 = 7, flags: UInt16 = 0x8180, answers: UInt16, records: [UInt8]) -> [UInt8] {
        [UInt8(id >> 8), UInt8(id & 0xFF), UInt8(flags >> 8), UInt8(flags & 0xFF), 0, 1, UInt8(answers >> 8), UInt8(answers & 0xFF), 0, 0, 0, 0]
            + question + records
    }

    /// An A record for the question's name (a pointer to offset 12) with `address`.
    static func record(_ address: [UInt8]) -> [UInt8] { [0xC0, 12, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4] + address }

    @Test("the query is RFC 1035's: id, RD, one question")
    func query() {
        #expect(DNSMessage.query(id: 7, name: Self.name, type: .a) == [0, 7, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0] + Self.question)
    }

    @Test("a plain answer, a wrong id, a query echoed back, NXDOMAIN, SERVFAIL, TC")
    func answers() {
        let good = Self.reply(answers: 2, records: Self.record([192, 0, 2, 1]) + Self.record([192, 0, 2, 2]))
        #expect(DNSMessage.parse(good, id: 7, name: Self.name, type: .a) == .addresses([IPAddress("192.0.2.1"), IPAddress("192.0.2.2")].compactMap { $0 }))
        #expect(DNSMessage.parse(good, id: 8, name: Self.name, type: .a) == nil)
        #expect(DNSMessage.parse(good, id: 7, name: Self.name, type: .aaaa) == nil)
        #expect(DNSMessage.parse(Self.reply(flags: 0x0100, answers: 0, records: []), id: 7, name: Self.name, type: .a) == nil)
        #expect(DNSMessage.parse(Self.reply(flags: 0x8183, answers: 0, records: []), id: 7, name: Self.name, type: .a) == .nameError)
        #expect(DNSMessage.parse(Self.reply(flags: 0x8182, answers: 0, records: []), id: 7, name: Self.name, type: .a) == .serverFailure(code: 2))
        #expect(DNSMessage.parse(Self.reply(flags: 0x8380, answers: 0, records: []), id: 7, name: Self.name, type: .a) == .truncated)
    }

    @Test("hostile answers: pointer loops, counts beyond the records, wrong lengths, other owners")
    func hostile() {
        // A record whose owner is a pointer to itself.
        let loop = Self.reply(answers: 1, records: [0xC0, 24, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 1, 2, 3, 4])
        #expect(DNSMessage.parse(loop, id: 7, name: Self.name, type: .a) == .addresses([]))
        // 65535 answers announced, one present.
        let short = Self.reply(answers: 0xFFFF, records: Self.record([192, 0, 2, 1]))
        #expect(DNSMessage.parse(short, id: 7, name: Self.name, type: .a) == .addresses([IPAddress("192.0.2.1")].compactMap { $0 }))
        // An A record of 16 bytes is not an IPv4 address.
        let long = Self.reply(answers: 1, records: [0xC0, 12, 0, 1, 0, 1, 0, 0, 0, 60, 0, 16] + [UInt8](repeating: 1, count: 16))
        #expect(DNSMessage.parse(long, id: 7, name: Self.name, type: .a) == .addresses([]))
        // A record for another name (no CNAME leads there) is not taken.
        let other = Self.reply(answers: 1, records: [1, 0x62, 0, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 6, 6, 6, 6])
        #expect(DNSMessage.parse(other, id: 7, name: Self.name, type: .a) == .addresses([]))
        // Truncated in the header, in the question, in a record.
        for cut in [0, 5, 12, 15, 30, 35] {
            let bytes = Array(Self.reply(answers: 1, records: Self.record([1, 2, 3, 4])).prefix(cut))
            _ = DNSMessage.parse(bytes, id: 7, name: Self.name, type: .a)
        }
        // More answers than maximumDNSAnswerRecords: only that many are read.
        let many = Self.reply(answers: 200, records: (0..<200).flatMap { Self.record([10, 0, 0, UInt8($0)]) })
        guard case .addresses(let found)? = DNSMessage.parse(many, id: 7, name: Self.name, type: .a) else {
            Issue.record("no addresses")
            return
        }
        #expect(found.count == HTTPLimits.maximumAddresses)
    }
}
