/// One PEM block: its label and its decoded DER.
public struct PEMBlock: Sendable {
    /// The label between `-----BEGIN ` and `-----`, e.g. `CERTIFICATE`.
    public let label: String
    /// The decoded bytes.
    public let der: [UInt8]
    /// The absolute offset of the `-----BEGIN` line in the text.
    public let offset: Int
}

/// Why a PEM text was rejected, and where (an absolute offset in the text).
public struct PEMError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Equatable, Sendable {
        /// A `-----BEGIN` line with no matching `-----END` line.
        case missingEnd
        /// The `-----END` label differs from the `-----BEGIN` label.
        case mismatchedEndLabel
        /// A label that is empty or uses characters RFC 7468 §3 does not allow.
        case invalidLabel
        /// RFC 1421 headers (`Proc-Type: …`): RFC 7468 textual encoding has none.
        case headersNotAllowed
        /// A body line of another length than the lines before it, an empty line, or a line over 76.
        case invalidLineLength
        /// A character outside the base64 alphabet (spaces included).
        case invalidBase64Character
        /// Padding in the wrong place, non-zero padding bits, or a body not a multiple of 4 long.
        case invalidBase64Padding
        /// A block with no content.
        case emptyBody
    }
    /// What was wrong.
    public let kind: Kind
    /// The absolute offset in the text of the line or character at fault.
    public let offset: Int

    /// `offset N: reason`.
    public var description: String {
        let reason: String
        switch kind {
        case .missingEnd: reason = "PEM block has no matching -----END line"
        case .mismatchedEndLabel: reason = "PEM END label does not match its BEGIN label"
        case .invalidLabel: reason = "PEM label not allowed by RFC 7468 §3"
        case .headersNotAllowed: reason = "PEM headers are not part of RFC 7468 textual encoding"
        case .invalidLineLength: reason = "PEM body lines must share one length (at most 76), the last no longer"
        case .invalidBase64Character: reason = "character outside the base64 alphabet in a PEM body"
        case .invalidBase64Padding: reason = "base64 padding or length invalid in a PEM body"
        case .emptyBody: reason = "PEM block is empty"
        }
        return "offset \(offset): \(reason)"
    }
}

/// PEM (RFC 7468): tolerant of any text around blocks, strict inside them.
///
/// A block starts at a line that begins with `-----BEGIN LABEL-----` and ends at the line
/// `-----END LABEL-----`. Between them: base64 lines only, all of one length (at most 76: 64 is
/// what RFC 7468 writes, 76 what MIME writes) except a shorter last line, with LF or CRLF endings;
/// no headers, no blank lines, no spaces. Text outside blocks is ignored.
public enum PEM {
    /// The longest base64 line accepted (MIME's 76; RFC 7468 writes 64).
    public static let maximumLineLength = 76

    /// Every block of `text`, in order.
    ///
    /// - Throws: ``PEMError`` for the first malformed block.
    public static func blocks(in text: ArraySlice<UInt8>) throws(PEMError) -> [PEMBlock] {
        var lines = LineCursor(text)
        var blocks: [PEMBlock] = []
        while let line = lines.next() {
            guard let label = try beginLabel(line) else { continue }
            blocks.append(try readBody(label: label, begin: line, lines: &lines))
        }
        return blocks
    }

    /// Labels of blocks that hold a certificate: RFC 7468's `CERTIFICATE`, the legacy
    /// `X509 CERTIFICATE`, and OpenSSL's `TRUSTED CERTIFICATE` (whose trailing trust data a
    /// certificate parser ignores).
    public static let certificateLabels: Set<String> = ["CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE"]

    /// The DER of every certificate block of `text` (see ``certificateLabels``), in order.
    public static func certificates(in text: ArraySlice<UInt8>) throws(PEMError) -> [[UInt8]] {
        try blocks(in: text).filter { certificateLabels.contains($0.label) }.map(\.der)
    }

    /// `der` as a PEM block with `label`, 64 characters a line, ending in a newline.
    public static func encode(_ der: [UInt8], label: String = "CERTIFICATE") -> String {
        let body = Array(Base64.encode(der).utf8)
        var text = "-----BEGIN \(label)-----\n"
        var start = 0
        while start < body.count {
            let end = min(start + 64, body.count)
            text += String(decoding: body[start..<end], as: UTF8.self) + "\n"
            start = end
        }
        return text + "-----END \(label)-----\n"
    }

    private static let begin = Array("-----BEGIN ".utf8)
    private static let end = Array("-----END ".utf8)
    private static let dashes = Array("-----".utf8)

    /// The label if `line` is a BEGIN line, `nil` if it is other text.
    private static func beginLabel(_ line: ArraySlice<UInt8>) throws(PEMError) -> ArraySlice<UInt8>? {
        guard line.starts(with: begin) else { return nil }
        guard let label = markerLabel(line, after: begin) else {
            throw PEMError(kind: .invalidLabel, offset: line.startIndex)
        }
        return label
    }

    /// The label of `-----PREFIXlabel-----`, or `nil` if the line is not of that form.
    private static func markerLabel(_ line: ArraySlice<UInt8>, after prefix: [UInt8]) -> ArraySlice<UInt8>? {
        guard line.count >= prefix.count + dashes.count, line.starts(with: prefix),
            line.suffix(dashes.count).elementsEqual(dashes)
        else { return nil }
        let label = line.dropFirst(prefix.count).dropLast(dashes.count)
        // RFC 7468 §3: printable characters except '-', single spaces between words. 
        var previousWasSpace = true
        for octet in label {
            let isSpace = octet == 0x20
            guard (isSpace && !previousWasSpace) || (octet > 0x20 && octet < 0x7F && octet != 0x2D) else {
                return nil
            }
            previousWasSpace = isSpace
        }
        return label.isEmpty || previousWasSpace ? nil : label
    }

    private static func readBody(
        label: ArraySlice<UInt8>, begin: ArraySlice<UInt8>, lines: inout LineCursor
    ) throws(PEMError) -> PEMBlock {
        var decoder = Base64.Decoder()
        var lineLength: Int? = nil     // the length every full line must have
        var sawShortLine = false
        while let line = lines.next() {
            if line.starts(with: end) {
                guard let endLabel = markerLabel(line, after: end), endLabel.elementsEqual(label) else {
                    throw PEMError(kind: .mismatchedEndLabel, offset: line.startIndex)
                }
                do { try decoder.finish(at: line.startIndex) } catch {
                    throw PEMError(kind: .invalidBase64Padding, offset: error.offset)
                }
                guard !decoder.output.isEmpty else { throw PEMError(kind: .emptyBody, offset: begin.startIndex) }
                return PEMBlock(label: String(decoding: label, as: UTF8.self), der: decoder.output, offset: begin.startIndex)
            }
            if line.contains(UInt8(ascii: ":")) {
                throw PEMError(kind: .headersNotAllowed, offset: line.startIndex)
            }
            // Every line before the last has one length; the last may be shorter.
            // Base64 groups may straddle lines (RFC 8410's own example uses 66-character lines).
            let expected = lineLength ?? line.count
            guard !line.isEmpty, !sawShortLine, line.count <= expected, expected <= maximumLineLength else {
                throw PEMError(kind: .invalidLineLength, offset: line.startIndex)
            }
            if lineLength == nil {
                lineLength = line.count
            } else if line.count < expected {
                sawShortLine = true
            }
            do { try decoder.append(contentsOf: line) } catch {
                throw PEMError(kind: error.kind == .invalidCharacter ? .invalidBase64Character : .invalidBase64Padding,
                               offset: error.offset)
            }
        }
        throw PEMError(kind: .missingEnd, offset: begin.startIndex)
    }
}

/// Splits text into lines at LF, dropping one CR before it; the views keep absolute offsets.
private struct LineCursor {
    private var rest: ArraySlice<UInt8>
    init(_ text: ArraySlice<UInt8>) { rest = text }

    mutating func next() -> ArraySlice<UInt8>? {
        guard !rest.isEmpty else { return nil }
        let newline = rest.firstIndex(of: 0x0A) ?? rest.endIndex
        var line = rest[rest.startIndex..<newline]
        rest = newline < rest.endIndex ? rest[(newline + 1)...] : rest[rest.endIndex...]
        if line.last == 0x0D { line = line.dropLast() }
        return line
    }
}
