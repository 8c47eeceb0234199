import VouchDER
import VouchJSON
import VouchTrust

/// `verify --exceptions FILE` and the `exceptions` key of `verify --json` (docs/CLI.md;
/// SECTRUST.md §15.4.1): one object per chain index, `{"sha1": "<hex>", "<Check>": false, …}`,
/// `{}` for a clean index.
enum ExceptionsFile {
    static func json(_ exceptions: TrustExceptions) -> JSONValue {
        .array(exceptions.entries.map { entry in
            var members: [(String, JSONValue)] = []
            if let sha1 = entry.sha1 { members.append(("sha1", .string(ASN1Rendering.hex(sha1)))) }
            for check in entry.checks.sorted() { members.append((check, .bool(false))) }
            if let count = entry.resetCount { members.append(("ExceptionResetCount", .int(count))) }
            return .object(members)
        })
    }

    static func load(_ path: String) throws(InputError) -> TrustExceptions {
        let input = try InputFile.read(path)
        func bad(_ message: String) -> InputError { InputError(file: input.name, message: message) }
        let node: JSONNode
        do { node = try JSONReader.parse(input.bytes) } catch { throw bad("\(error)") }
        guard case .array(let elements) = node.value else { throw bad("offset \(node.offset): expected an array of objects") }
        var entries: [TrustExceptions.Entry] = []
        for element in elements {
            guard case .object(let members) = element.value else { throw bad("offset \(element.offset): expected an object") }
            var entry = TrustExceptions.Entry()
            for member in members {
                switch (member.name, member.node.value) {
                case ("sha1", .string(let text)):
                    guard let bytes = hexBytes(text), bytes.count == 20 else { throw bad("offset \(member.node.offset): sha1 is not 40 hex digits") }
                    entry.sha1 = bytes
                case ("ExceptionResetCount", .number(let text)):
                    guard let count = Int64(text) else { throw bad("offset \(member.node.offset): not an integer") }
                    entry.resetCount = count
                case (let name, .bool(false)):
                    entry.checks.insert(name)
                default:
                    throw bad("offset \(member.node.offset): \(member.name): expected false (a failed check), or sha1 as hex")
                }
            }
            entries.append(entry)
        }
        return TrustExceptions(entries: entries)
    }

    static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
