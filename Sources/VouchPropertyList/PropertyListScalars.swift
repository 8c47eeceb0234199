import VouchDER

/// The text of `<integer>`, `<real>`, `<date>` and `<data>` made into values. Each takes the
/// element's decoded content and where it came from (``PropertyListParser/TextContent``), so that
/// an error names the input offset of the wrong byte when the content was verbatim, else the
/// content's start.
enum PropertyListScalars {
    /// `<integer>`: optional XML white space around an optional sign and decimal digits, or `0x`
    /// (`0X`) and hexadecimal digits, as CFPropertyList reads them; the value must fit in `Int64`.
    static func integer(_ text: [UInt8], _ content: PropertyListParser.TextContent) throws(PropertyListError) -> Int64 {
        var (index, end) = trimmed(text)
        guard index < end else { throw PropertyListError(message: "empty <integer>", offset: content.start) }
        let isNegative = text[index] == UInt8(ascii: "-")
        if isNegative || text[index] == UInt8(ascii: "+") { index += 1 }
        var radix: UInt32 = 10
        if end - index >= 2, text[index] == UInt8(ascii: "0"), text[index + 1] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            index += 2
        }
        guard index < end else { throw PropertyListError(message: "malformed <integer>", offset: content.offset(of: index)) }
        let outOfRange = PropertyListError(message: "<integer> beyond the 64-bit signed range", offset: content.start)
        var magnitude: UInt64 = 0
        for position in index..<end {
            guard let digit = PropertyListParser.digitValue(text[position], radix: radix) else {
                throw PropertyListError(message: "malformed <integer>", offset: content.offset(of: position))
            }
            let (product, productOverflows) = magnitude.multipliedReportingOverflow(by: UInt64(radix))
            let (sum, sumOverflows) = product.addingReportingOverflow(UInt64(digit))
            guard !productOverflows, !sumOverflows else { throw outOfRange }
            magnitude = sum
        }
        if isNegative, magnitude == Int64.min.magnitude { return Int64.min }
        guard let value = Int64(exactly: magnitude) else { throw outOfRange }
        return isNegative ? -value : value
    }

    /// `<real>`: optional XML white space around an optional sign and a decimal number
    /// (`1`, `1.5`, `.5`, `1.`, each with an optional exponent), or `nan`, `inf`, `infinity` in
    /// any case. No hexadecimal floating point. Rounded to the nearest `Double`.
    static func real(_ text: [UInt8], _ content: PropertyListParser.TextContent) throws(PropertyListError) -> Double {
        let (start, end) = trimmed(text)
        let malformed = PropertyListError(message: "malformed <real>", offset: content.offset(of: start))
        guard start < end else { throw PropertyListError(message: "empty <real>", offset: content.start) }
        var index = start
        let isNegative = text[index] == UInt8(ascii: "-")
        if isNegative || text[index] == UInt8(ascii: "+") { index += 1 }
        let word = String(decoding: text[index..<end].prefix(9), as: UTF8.self).lowercased()
        if end - index <= 8, word == "nan" { return .nan }
        if end - index <= 8, word == "inf" || word == "infinity" { return isNegative ? -.infinity : .infinity }
        func skipDigits() -> Int {
            let digitsStart = index
            while index < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) { index += 1 }
            return index - digitsStart
        }
        var digits = skipDigits()
        if index < end, text[index] == UInt8(ascii: ".") {
            index += 1
            digits += skipDigits()
        }
        guard digits > 0 else { throw malformed }
        if index < end, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < end, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw malformed }
        }
        guard index == end else { throw PropertyListError(message: "malformed <real>", offset: content.offset(of: index)) }
        // The syntax is checked, so the standard library's conversion (correctly rounded) succeeds.
        guard let value = Double(String(decoding: text[start..<end], as: UTF8.self)) else { throw malformed }
        return value
    }

    /// `<date>`: exactly `YYYY-MM-DDTHH:MM:SSZ` (what Apple writes: UTC, no fraction, no white
    /// space), a real day of the proleptic Gregorian calendar and a time up to 23:59:59; seconds
    /// since 1970-01-01T00:00:00Z.
    static func date(_ text: [UInt8], _ content: PropertyListParser.TextContent) throws(PropertyListError) -> Int64 {
        let malformed = PropertyListError(message: "malformed <date> (not YYYY-MM-DDTHH:MM:SSZ)", offset: content.start)
        let pattern = Array("0000-00-00T00:00:00Z".utf8)
        guard text.count == pattern.count else { throw malformed }
        for (index, expected) in pattern.enumerated() {
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index])
            guard expected == UInt8(ascii: "0") ? isDigit : text[index] == expected else {
                throw PropertyListError(message: "malformed <date> (not YYYY-MM-DDTHH:MM:SSZ)", offset: content.offset(of: index))
            }
        }
        func number(_ from: Int, _ count: Int) -> Int64 {
            text[from..<(from + count)].reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
        }
        let (year, month, day) = (number(0, 4), number(5, 2), number(8, 2))
        let (hour, minute, second) = (number(11, 2), number(14, 2), number(17, 2))
        guard (1...12).contains(month), (1...DERTime.daysIn(month: month, year: year)).contains(day) else {
            throw PropertyListError(message: "<date> names no day of the calendar", offset: content.offset(of: 5))
        }
        guard hour < 24, minute < 60, second < 60 else {
            throw PropertyListError(message: "<date> names no time of day", offset: content.offset(of: 11))
        }
        return DERTime.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// `<data>`: Base64 (RFC 4648 §4) with XML white space anywhere, padded with `=` to a multiple
    /// of four symbols, the bits the padding leaves over zero. VouchDER's decoder judges each
    /// symbol; its state before the symbol says which rule a refusal broke.
    static func data(_ text: [UInt8], _ content: PropertyListParser.TextContent) throws(PropertyListError) -> [UInt8] {
        var decoder = Base64.Decoder()
        for (index, byte) in text.enumerated() where !PropertyListParser.isWhitespace(byte) {
            // The state before the symbol, read as scalars: keeping a copy of the decoder would
            // copy its output at every append.
            let (wasFinished, count, padding) = (decoder.finished, decoder.count, decoder.padding)
            do { try decoder.append(byte, at: index) } catch {
                let message: String
                if wasFinished {
                    message = "<data> goes on after Base64 padding"
                } else if byte == UInt8(ascii: "=") && count < 2 {
                    message = "misplaced '=' in <data>"
                } else if error.kind == .invalidCharacter || (byte != UInt8(ascii: "=") && padding > 0) {
                    message = "invalid Base64 in <data>"
                } else {
                    message = "Base64 padding bits not zero in <data>"
                }
                throw PropertyListError(message: message, offset: content.offset(of: index))
            }
        }
        do { try decoder.finish(at: text.count) } catch {
            throw PropertyListError(message: "<data> is not a whole number of Base64 groups", offset: content.offset(of: text.count))
        }
        return decoder.output
    }

    /// The range of `text` without XML white space at either end.
    private static func trimmed(_ text: [UInt8]) -> (start: Int, end: Int) {
        var start = 0
        var end = text.count
        while start < end, PropertyListParser.isWhitespace(text[start]) { start += 1 }
        while end > start, PropertyListParser.isWhitespace(text[end - 1]) { end -= 1 }
        return (start, end)
    }
}
