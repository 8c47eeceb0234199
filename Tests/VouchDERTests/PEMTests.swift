import Testing
@testable import VouchDER

/// The base64 of the 120 octets 0x00…0x77; its first `4·n` characters encode the octets 0…3·n − 1.
private let countingBody =
    "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0+P0BBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWltcXV5fYGFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3"

/// The base64 of the octets 0…count − 1 (`count` a multiple of 3), cut into lines of the given widths;
/// the last width repeats.
private func countingLines(octets count: Int, widths: [Int]) -> [String] {
    var rest = Substring(countingBody.prefix(count / 3 * 4))
    var lines: [String] = []
    var index = 0
    while !rest.isEmpty {
        let width = widths[min(index, widths.count - 1)]
        lines.append(String(rest.prefix(width)))
        rest = rest.dropFirst(width)
        index += 1
    }
    return lines
}

/// `lines` joined with `newline` (and one after the last), and the offset where each line starts.
private func text(_ lines: [String], newline: String = "\n") -> (bytes: [UInt8], lineOffsets: [Int]) {
    var bytes: [UInt8] = []
    var offsets: [Int] = []
    for line in lines {
        offsets.append(bytes.count)
        bytes += Array((line + newline).utf8)
    }
    return (bytes, offsets)
}

private func certificateBlock(_ body: [String], label: String = "CERTIFICATE") -> [String] {
    ["-----BEGIN \(label)-----"] + body + ["-----END \(label)-----"]
}

private let smallDER: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x05]  // base64 MAMCAQU=

@Suite struct PEMTests {
    @Test(arguments: ["\n", "\r\n"])
    func oneBlockWithTextAround(newline: String) throws {
        let (bytes, offsets) = text(
            ["Subject: example", " -----BEGIN CERTIFICATE-----"] + certificateBlock(["MAMCAQU="]) + ["trailing text"],
            newline: newline)
        let blocks = try PEM.blocks(in: bytes[...])
        #expect(blocks.count == 1)
        #expect(blocks.first?.label == "CERTIFICATE")
        #expect(blocks.first?.der == smallDER)
        #expect(blocks.first?.offset == offsets[2])
    }

    @Test func severalBlocks() throws {
        let (bytes, offsets) = text(
            ["first:"] + certificateBlock(["MAMCAQU="]) + ["key:"] + certificateBlock(["BAH/"], label: "PRIVATE KEY")
                + certificateBlock(countingLines(octets: 102, widths: [64])) + ["end"])
        let blocks = try PEM.blocks(in: bytes[...])
        #expect(blocks.map(\.label) == ["CERTIFICATE", "PRIVATE KEY", "CERTIFICATE"])
        #expect(blocks.map(\.offset) == [offsets[1], offsets[5], offsets[8]])
        #expect(blocks.map(\.der) == [smallDER, [0x04, 0x01, 0xFF], (0..<102).map(UInt8.init)])
        #expect(try PEM.certificates(in: bytes[...]) == [smallDER, (0..<102).map(UInt8.init)])
    }

    @Test func mixedLineEndings() throws {
        let bytes = Array("-----BEGIN CERTIFICATE-----\r\nMAMC\nAQU=\r\n-----END CERTIFICATE-----".utf8)
        #expect(try PEM.certificates(in: bytes[...]) == [smallDER])
    }

    @Test(arguments: ["X509 CRL", "PRIVATE KEY", "EC PARAMETERS", "NEW CERTIFICATE REQUEST", "PKCS7", "A", "x.y_z!"])
    func otherLabels(label: String) throws {
        let (bytes, _) = text(certificateBlock(["MAMCAQU="], label: label))
        let blocks = try PEM.blocks(in: bytes[...])
        #expect(blocks.map(\.label) == [label])
        #expect(try PEM.certificates(in: bytes[...]).isEmpty)
    }

    @Test(arguments: [
        "-----BEGIN -----", "-----BEGIN  CERTIFICATE-----", "-----BEGIN CERTIFICATE -----", "-----BEGIN X509  CRL-----",
        "-----BEGIN RSA-KEY-----", "-----BEGIN CERTIFICATE------", "-----BEGIN CERTIFICATE----", "-----BEGIN CERTIFICATE",
        "-----BEGIN CERT\tX-----", "-----BEGIN CÉRT-----", "-----BEGIN CERTIFICATE----- ",
    ])
    func invalidLabels(beginLine: String) {
        let (bytes, offsets) = text(["text", beginLine, "MAMCAQU=", "-----END CERTIFICATE-----"])
        #expect(throws: PEMError(kind: .invalidLabel, offset: offsets[1])) { try PEM.blocks(in: bytes[...]) }
    }

    @Test(arguments: [
        (102, [64]),  // RFC 7468's 64
        (120, [76]),  // MIME's 76
        (99, [66]),  // groups straddling lines, as in RFC 8410's example
        (57, [76]),  // a single line of the longest length
        (60, [4]),  // many short lines
        (117, [64]),  // 64, 64 and a last line of 28
    ])
    func lineLengthsAccepted(octets: Int, widths: [Int]) throws {
        let (bytes, _) = text(certificateBlock(countingLines(octets: octets, widths: widths)))
        #expect(try PEM.certificates(in: bytes[...]) == [(0..<octets).map(UInt8.init)])
    }

    /// A malformed body: the kind, and where: the line (−1 is the BEGIN line, `body.count` the END
    /// line) and the column in it.
    @Test(arguments: [
        (countingLines(octets: 60, widths: [80]), PEMError.Kind.invalidLineLength, 0, 0),  // a single line over 76
        (countingLines(octets: 120, widths: [80]), .invalidLineLength, 0, 0),
        (countingLines(octets: 102, widths: [64, 76]), .invalidLineLength, 1, 0),  // longer than the one before
        (countingLines(octets: 102, widths: [64, 8, 64]), .invalidLineLength, 2, 0),  // a line after a short one
        (countingLines(octets: 102, widths: [4, 4, 2, 4]), .invalidLineLength, 3, 0),
        (["MAMC", "", "AQU="], .invalidLineLength, 1, 0),  // blank line
        (["Proc-Type: 4,ENCRYPTED", "DEK-Info: DES-CBC,0123456789ABCDEF", "", "MAMCAQU="], .headersNotAllowed, 0, 0),
        (["MAMC AQU="], .invalidBase64Character, 0, 4),
        ([" MAMCAQU="], .invalidBase64Character, 0, 0),
        (["MAMC\tAQU="], .invalidBase64Character, 0, 4),
        (["-----BEGIN CERTIFICATE-----"], .invalidBase64Character, 0, 0),
        (["MAMC=AQU"], .invalidBase64Padding, 0, 4),
        (["MAMCAQV="], .invalidBase64Padding, 0, 7),  // non-zero padding bits
        (["MAMCAQU"], .invalidBase64Padding, 1, 0),  // length not a multiple of four: at the END line
        ([], .emptyBody, -1, 0),
    ] as [([String], PEMError.Kind, Int, Int)])
    func malformedBodies(body: [String], kind: PEMError.Kind, line: Int, column: Int) {
        let (bytes, offsets) = text(["before"] + certificateBlock(body))
        let lineOffset = offsets[2 + line]  // offsets[1] is the BEGIN line
        #expect(throws: PEMError(kind: kind, offset: lineOffset + column)) { try PEM.blocks(in: bytes[...]) }
    }

    @Test(arguments: [
        "-----END PRIVATE KEY-----", "-----END certificate-----", "-----END CERTIFICATE", "-----END CERTIFICATE----- ",
        "-----END  CERTIFICATE-----", "-----END CERTIFICATES-----",
    ])
    func mismatchedEndLabel(endLine: String) {
        let (bytes, offsets) = text(["-----BEGIN CERTIFICATE-----", "MAMCAQU=", endLine])
        #expect(throws: PEMError(kind: .mismatchedEndLabel, offset: offsets[2])) { try PEM.blocks(in: bytes[...]) }
    }

    @Test func missingEnd() {
        let (bytes, offsets) = text(["ok:"] + certificateBlock(["MAMCAQU="]) + ["-----BEGIN CERTIFICATE-----", "MAMCAQU="])
        #expect(throws: PEMError(kind: .missingEnd, offset: offsets[4])) { try PEM.blocks(in: bytes[...]) }
        let (alone, _) = text(["-----BEGIN CERTIFICATE-----"])
        #expect(throws: PEMError(kind: .missingEnd, offset: 0)) { try PEM.blocks(in: alone[...]) }
    }

    @Test func textWithoutBlocks() throws {
        #expect(try PEM.blocks(in: Array("no blocks here\n-----BEGINCERT-----\n".utf8)[...]).isEmpty)
        #expect(try PEM.blocks(in: [][...]).isEmpty)
    }

    @Test func offsetsAreAbsoluteOnASlice() throws {
        let (bytes, offsets) = text(["xxxx"] + certificateBlock(["MAMC AQU="]))
        #expect(throws: PEMError(kind: .invalidBase64Character, offset: offsets[2] + 4)) { try PEM.blocks(in: bytes[5...]) }
        let (good, goodOffsets) = text(["xxxx"] + certificateBlock(["MAMCAQU="]))
        #expect(try PEM.blocks(in: good[5...]).first?.offset == goodOffsets[1])
    }

    @Test func encodeWritesRFC7468Text() {
        #expect(PEM.encode(smallDER) == "-----BEGIN CERTIFICATE-----\nMAMCAQU=\n-----END CERTIFICATE-----\n")
        #expect(PEM.encode([0x04, 0x01, 0xFF], label: "PRIVATE KEY") == "-----BEGIN PRIVATE KEY-----\nBAH/\n-----END PRIVATE KEY-----\n")
        let lines = PEM.encode((0..<102).map(UInt8.init)).split(separator: "\n").map(\.count)
        #expect(lines == [27, 64, 64, 8, 25])
    }

    @Test(arguments: [1, 2, 3, 47, 48, 49, 95, 96, 1000])
    func encodeDecodeRoundTrip(count: Int) throws {
        let der = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
        for label in ["CERTIFICATE", "X509 CRL"] {
            let blocks = try PEM.blocks(in: Array(PEM.encode(der, label: label).utf8)[...])
            #expect(blocks.map(\.label) == [label])
            #expect(blocks.map(\.der) == [der])
        }
    }
}
