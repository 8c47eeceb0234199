/// The DNS wire format, as far as an A or AAAA lookup needs it (RFC 1035 §4): a query with one
/// question, and a bounded reader of the answer. Every read checks its bounds; names follow at
/// most ``HTTPLimits/maximumDNSPointerHops`` compression pointers; at most
/// ``HTTPLimits/maximumDNSAnswerRecords`` answer records are read.
enum DNSMessage {
    /// Record types asked for.
    enum RecordType: UInt16 {
        case a = 1
        case aaaa = 28
        case cname = 5
    }

    /// What an answer said.
    enum Answer: Equatable {
        /// The addresses of the queried name (possibly through CNAMEs), maybe none.
        case addresses([IPAddress])
        /// NXDOMAIN: the name does not exist.
        case nameError
        /// Another RCODE (SERVFAIL, REFUSED, …): ask the next server.
        case serverFailure(code: UInt8)
        /// The answer was cut (TC) and held no address: TCP would be needed.
        case truncated
    }

    /// A recursive query for `name` (labels already checked) of `type`.
    static func query(id: UInt16, name: [[UInt8]], type: RecordType) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(id >> 8), UInt8(id & 0xFF), 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]
        for label in name {
            bytes.append(UInt8(label.count))
            bytes.append(contentsOf: label)
        }
        bytes += [0, UInt8(type.rawValue >> 8), UInt8(type.rawValue & 0xFF), 0, 1]
        return bytes
    }

    /// A DNS name's labels from its text (one trailing dot allowed); `nil` unless every label is 1–63 bytes.
    static func labels(_ name: String) -> [[UInt8]]? {
        var text = Array(name.utf8)[...]
        if text.last == UInt8(ascii: ".") { text = text.dropLast() }
        guard !text.isEmpty, text.count <= HTTPLimits.maximumDNSNameBytes else { return nil }
        let labels = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map { Array($0) }
        guard labels.allSatisfy({ (1...63).contains($0.count) && $0.allSatisfy(HTTPURL.isHostByte) }) else { return nil }
        return labels
    }

    /// Reads a reply to the query `id`/`name`/`type`; `nil` when it is not that reply (another id,
    /// not a response, another question) or is malformed, so the caller keeps waiting or moves on.
    static func parse(_ message: [UInt8], id: UInt16, name: [[UInt8]], type: RecordType) -> Answer? {
        var reader = Reader(bytes: message)
        guard let replyID = reader.u16(), replyID == id, let flags = reader.u16(), flags & 0x8000 != 0,
            (flags >> 11) & 0xF == 0, let questions = reader.u16(), questions == 1, let answers = reader.u16(),
            reader.u16() != nil, reader.u16() != nil
        else { return nil }
        guard let questionName = reader.name(), equal(questionName, name), let questionType = reader.u16(),
            questionType == type.rawValue, let questionClass = reader.u16(), questionClass == 1
        else { return nil }
        let code = UInt8(flags & 0xF)
        if code == 3 { return .nameError }
        if code != 0 { return .serverFailure(code: code) }
        // Follow the CNAME chain from the queried name; keep the addresses of the names on it.
        var owners = [name]
        var addresses: [IPAddress] = []
        for _ in 0..<min(Int(answers), HTTPLimits.maximumDNSAnswerRecords) {
            guard let owner = reader.name(), let recordType = reader.u16(), let recordClass = reader.u16(),
                reader.u16() != nil, reader.u16() != nil, let length = reader.u16(), let data = reader.bytes(Int(length))
            else { break }
            guard recordClass == 1, owners.contains(where: { equal($0, owner) }) else { continue }
            if recordType == RecordType.cname.rawValue, owners.count <= HTTPLimits.maximumCNAMELinks {
                var inner = Reader(bytes: message, position: data.startIndex)
                if let target = inner.name() { owners.append(target) }
            } else if recordType == type.rawValue, let address = IPAddress(bytes: Array(data)),
                address.isIPv4 == (type == .a), addresses.count < HTTPLimits.maximumAddresses
            {
                addresses.append(address)
            }
        }
        if addresses.isEmpty, flags & 0x0200 != 0 { return .truncated }
        return .addresses(addresses)
    }

    /// Names compare case-insensitively (ASCII), label by label.
    static func equal(_ left: [[UInt8]], _ right: [[UInt8]]) -> Bool {
        left.count == right.count && zip(left, right).allSatisfy { a, b in a.count == b.count && zip(a, b).allSatisfy { lower($0) == lower($1) } }
    }

    static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }

    /// A bounds-checked cursor over one message.
    struct Reader {
        let bytes: [UInt8]
        var position = 0

        mutating func u16() -> UInt16? {
            guard position >= 0, bytes.count - position >= 2 else { return nil }
            defer { position += 2 }
            return UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
        }

        mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
            guard position >= 0, count >= 0, bytes.count - position >= count else { return nil }
            defer { position += count }
            return bytes[position..<(position + count)]
        }

        /// A possibly compressed name; the cursor ends after its first pointer or its root label.
        mutating func name() -> [[UInt8]]? {
            var labels: [[UInt8]] = []
            var total = 0
            var at = position
            var hops = 0
            var end: Int?
            while true {
                guard at >= 0, at < bytes.count else { return nil }
                let length = Int(bytes[at])
                if length == 0 {
                    position = end ?? at + 1
                    return labels
                }
                if length & 0xC0 == 0xC0 {
                    guard at + 1 < bytes.count, hops < HTTPLimits.maximumDNSPointerHops else { return nil }
                    hops += 1
                    if end == nil { end = at + 2 }
                    at = (length & 0x3F) << 8 | Int(bytes[at + 1])
                    continue
                }
                guard length <= 63, bytes.count - (at + 1) >= length else { return nil }
                total += length + 1
                guard total <= HTTPLimits.maximumDNSNameBytes + 1 else { return nil }
                labels.append(Array(bytes[(at + 1)..<(at + 1 + length)]))
                at += 1 + length
            }
        }
    }
}
