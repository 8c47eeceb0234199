import Foundation
import Testing
import VouchCrypto
import VouchDER
import VouchJSON
import VouchX509

@testable import VouchTrust

/// Every refusal of ``CompactJWS`` on texts made here, with the offset it names, and every
/// limit of ``JWSLimits`` at N (accepted, or refused for another reason) and N + 1 (refused).
@Suite struct CompactJWSErrorTests {
    static func part(_ text: String) -> String { Base64URL.encode(Array(text.utf8)) }

    /// A JWS whose header is `header` (as written), payload `{}` and signature 64 bytes of 1.
    static func jws(header: String, payload: String = "{}", signature: [UInt8] = Array(repeating: 1, count: 64)) -> String {
        part(header) + "." + part(payload) + "." + Base64URL.encode(signature)
    }

    static func error(_ text: String, understood: Set<String> = []) -> JWSError? {
        do {
            _ = try CompactJWS(text, understoodCriticalParameters: understood)
            return nil
        } catch { return error }
    }

    @Test("not three parts: the count, at the third dot or the end")
    func parts() {
        #expect(Self.error("abc") == JWSError(.wrongNumberOfParts(found: 1), at: 3))
        #expect(Self.error("ab.cd") == JWSError(.wrongNumberOfParts(found: 2), at: 5))
        #expect(Self.error("a.b.c.d.e") == JWSError(.wrongNumberOfParts(found: 5), at: 5))
        #expect(Self.error("") == JWSError(.wrongNumberOfParts(found: 1), at: 0))
    }

    @Test("base64url: each fault at its character")
    func base64url() throws {
        let good = Self.jws(header: #"{"alg":"ES256"}"#)
        let dots = good.utf8.indices.filter { good.utf8[$0] == UInt8(ascii: ".") }.map { good.utf8.distance(from: good.utf8.startIndex, to: $0) }
        let payloadStart = dots[0] + 1, signatureStart = dots[1] + 1
        #expect(Self.error(good) == nil)
        #expect(Self.error(" " + good) == JWSError(.invalidBase64URL(.header, .invalidCharacter), at: 0))
        #expect(Self.error(good + "\n") == JWSError(.invalidBase64URL(.signature, .invalidCharacter), at: good.utf8.count))
        // `{}>` in base64 is e30+: standard base64's '+' is refused.
        #expect(Self.error(Self.part(#"{"alg":"ES256"}"#) + ".e30+." + String(good.split(separator: ".")[2]))
            == JWSError(.invalidBase64URL(.payload, .invalidCharacter), at: payloadStart + 3))
        // Padding: `{}` is e30 in three characters; with '=' it is refused at the '='.
        #expect(Self.error(Self.part(#"{"alg":"ES256"}"#) + ".e30=." + String(good.split(separator: ".")[2]))
            == JWSError(.invalidBase64URL(.payload, .padding), at: payloadStart + 3))
        // 4n+1 characters.
        #expect(Self.error(Self.part(#"{"alg":"ES256"}"#) + ".e30.A")
            == JWSError(.invalidBase64URL(.signature, .invalidLength), at: signatureStart))
        // e31 decodes to the same bytes as e30 but for a set unused bit.
        #expect(Self.error(Self.part(#"{"alg":"ES256"}"#) + ".e31." + String(good.split(separator: ".")[2]))
            == JWSError(.invalidBase64URL(.payload, .nonZeroTrailingBits), at: payloadStart + 2))
        // Non-ASCII (UTF-8 é) at its first byte.
        #expect(Self.error(Self.part(#"{"alg":"ES256"}"#) + ".é.") == JWSError(.invalidBase64URL(.payload, .invalidCharacter), at: payloadStart))
    }

    @Test("base64url decoding is the inverse of encoding, and one-to-one, for every length up to 67")
    func base64urlRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        for length in 0...67 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Base64URL.encode(bytes)
            #expect(try Base64URL.decode(Array(text.utf8)[...]) == bytes)
            #expect(text.count % 4 != 1 && !text.contains("="))
        }
        // Of the 64 last characters after "AA" (one byte), only the 4 with zero low bits decode.
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        let accepted = alphabet.filter { (try? Base64URL.decode([UInt8(ascii: "A"), $0][...])) != nil }
        #expect(accepted == Array("AQgw".utf8))
    }

    @Test("the header: JSON, an object, no repeated name; JSON faults point into the text")
    func header() {
        #expect(Self.error(Self.jws(header: "[]")) == JWSError(.headerNotObject, at: 0))
        let duplicate = Self.error(Self.jws(header: #"{"alg":"ES256","alg":"none"}"#))
        #expect(duplicate?.kind == .headerNotJSON(JSONError(message: #"duplicate member "alg""#, offset: 15)))
        #expect(duplicate?.offset == CompactJWS.textOffset(ofHeaderByte: 15))
        #expect(CompactJWS.textOffset(ofHeaderByte: 15) == 20)
        // Header byte 7 ('x') sits in characters 9 and 10 (bits 56–63): the error names 9.
        let notJSON = Self.error(Self.jws(header: #"{"alg":x}"#))
        #expect(notJSON?.offset == 9)
        #expect(Self.part(#"{"alg":x}"#).utf8.count > 10)
        #expect(Self.error(Self.jws(header: "{\"alg\":\"ES256\",\"typ\":\"\u{FFFF}\"}")) == nil)
        // Invalid UTF-8 in the header.
        let invalid = Base64URL.encode([UInt8](#"{"alg":""#.utf8) + [0xC3, 0x28] + [UInt8](#""}"#.utf8)) + ".e30." + Base64URL.encode([1])
        if case .headerNotJSON = Self.error(invalid)?.kind {} else { Issue.record("invalid UTF-8 accepted") }
    }

    @Test("alg: required, a string, refused (none, HS*) or unknown, at its value")
    func algorithm() {
        #expect(Self.error(Self.jws(header: #"{"typ":"JWT"}"#)) == JWSError(.missingHeaderParameter("alg"), at: 0))
        #expect(Self.error(Self.jws(header: #"{"alg":256}"#))?.kind == .wrongHeaderParameterType("alg", expected: "a string"))
        for name in ["none", "HS256", "HS384", "HS512"] {
            let error = Self.error(Self.jws(header: #"{"alg":"\#(name)"}"#))
            #expect(error == JWSError(.refusedAlgorithm(name), at: CompactJWS.textOffset(ofHeaderByte: 7)))
        }
        #expect(Self.error(Self.jws(header: #"{"alg":"ES256K"}"#))?.kind == .unsupportedAlgorithm("ES256K"))
        #expect(Self.error(Self.jws(header: #"{"alg":"es256"}"#))?.kind == .unsupportedAlgorithm("es256"))  // case matters
        for algorithm in JWSAlgorithm.allCases {
            #expect((try? CompactJWS(Self.jws(header: #"{"alg":"\#(algorithm.rawValue)"}"#)))?.algorithm == algorithm)
        }
    }

    @Test("typ, kid and cty must be strings")
    func optionalStrings() throws {
        for name in ["typ", "kid", "cty"] {
            #expect(Self.error(Self.jws(header: #"{"alg":"ES256","\#(name)":1}"#))?.kind
                == .wrongHeaderParameterType(name, expected: "a string"))
        }
        let jws = try CompactJWS(Self.jws(header: #"{"alg":"ES256","typ":"JWT","kid":"Apple_Xcode_Key","cty":"x"}"#))
        #expect(jws.type == "JWT" && jws.keyID == "Apple_Xcode_Key")
    }

    static let leafBase64 = (try? CompactJWSTests.bytes("leaf.der")).map { Base64.encode($0) } ?? ""

    @Test("x5c: an array of standard base64 certificates, not empty, at most 16")
    func x5c() {
        func header(_ x5c: String) -> String { Self.jws(header: #"{"alg":"ES256","x5c":\#(x5c)}"#) }
        #expect(Self.error(header(#""abc""#))?.kind == .wrongHeaderParameterType("x5c", expected: "an array of strings"))
        #expect(Self.error(header("[]"))?.kind == .emptyCertificateChain)
        #expect(Self.error(header("[1]"))?.kind == .wrongHeaderParameterType("x5c", expected: "an array of strings"))
        let leaf = Self.leafBase64
        #expect(!leaf.isEmpty)
        // Base64 cut short, or with a line break (PEM style): refused with the index.
        let short = "\"\(leaf)\",\"\(leaf.dropLast())\""
        if case .invalidCertificateBase64(1, let error)? = Self.error(header("[\(short)]"))?.kind {
            #expect(error.kind == .invalidLength)
        } else { Issue.record("base64 of 4n-1 characters accepted in x5c") }
        let broken = "\"\(leaf.prefix(64))\\n\(leaf.dropFirst(64))\""
        if case .invalidCertificateBase64(0, let error)? = Self.error(header("[\(broken)]"))?.kind {
            #expect(error.kind == .invalidCharacter && error.offset == 64)
        } else { Issue.record("a line break accepted in x5c") }
        // Not a certificate: the X.509 error is carried, with the index.
        if case .invalidCertificate(2, let error)? = Self.error(header(#"["\#(leaf)","\#(leaf)","MAA="]"#))?.kind {
            #expect(error.offset >= 0)
        } else { Issue.record("an empty SEQUENCE accepted as a certificate") }
        // The limit at N and N + 1.
        let sixteen = "[" + Array(repeating: "\"\(leaf)\"", count: JWSLimits.maximumCertificateCount).joined(separator: ",") + "]"
        #expect((try? CompactJWS(header(sixteen)))?.certificates.count == 16)
        let seventeen = "[" + Array(repeating: "\"\(leaf)\"", count: JWSLimits.maximumCertificateCount + 1).joined(separator: ",") + "]"
        #expect(Self.error(header(seventeen))?.kind == .tooLarge("x5c", limit: 16))
        // JSON's escaped solidus is still base64's '/'.
        let escaped = leaf.replacingOccurrences(of: "/", with: "\\/")
        #expect((try? CompactJWS(header(#"["\#(escaped)"]"#)))?.certificates.count == 1)
    }

    @Test("crit (RFC 7515 §4.1.11): each malformed form, an unknown name, and an understood one")
    func critical() throws {
        func crit(_ list: String, extra: String = #","exp":1"#) -> String {
            Self.jws(header: #"{"alg":"ES256","crit":\#(list)\#(extra)}"#)
        }
        #expect(Self.error(crit(#""exp""#))?.kind == .wrongHeaderParameterType("crit", expected: "an array of strings"))
        #expect(Self.error(crit("[]"))?.kind == .invalidCriticalParameters("an empty list"))
        #expect(Self.error(crit("[1]"))?.kind == .wrongHeaderParameterType("crit", expected: "an array of strings"))
        #expect(Self.error(crit(#"["exp","exp"]"#))?.kind == .invalidCriticalParameters(#""exp" listed twice"#))
        #expect(Self.error(crit(#"["alg"]"#))?.kind == .invalidCriticalParameters(#""alg" is defined by RFC 7515"#))
        #expect(Self.error(crit(#"["nbf"]"#))?.kind == .invalidCriticalParameters(#""nbf" is not in the header"#))
        #expect(Self.error(crit(#"["exp"]"#))?.kind == .unsupportedCriticalParameter("exp"))
        #expect(Self.error(crit(#"["exp"]"#), understood: ["exp"]) == nil)
        #expect(try CompactJWS(crit(#"["exp"]"#), understoodCriticalParameters: ["exp"]).criticalParameters == ["exp"])
        // RFC 7797's b64 changes the signing input, which CompactJWS does not: refused even if "understood".
        #expect(Self.error(crit(#"["b64"]"#, extra: #","b64":false"#), understood: ["b64"])?.kind
            == .unsupportedCriticalParameter("b64"))
        let names = (0...JWSLimits.maximumCriticalParameterCount).map { "e\($0)" }
        let members = names.map { #","\#($0)":1"# }.joined()
        let understood = Set(names)
        let atLimit = crit("[" + names.dropLast().map { "\"\($0)\"" }.joined(separator: ",") + "]", extra: members)
        #expect(Self.error(atLimit, understood: understood) == nil)
        let overLimit = crit("[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]", extra: members)
        #expect(Self.error(overLimit, understood: understood)?.kind == .tooLarge("crit", limit: 16))
    }

    @Test("the text and header limits at N and N + 1, the header depth at 8 and 9")
    func limits() {
        // Text: N bytes are read (and refused for what they hold), N + 1 are not.
        let atLimit = String(repeating: "A", count: JWSLimits.maximumTextSize)
        #expect(Self.error(atLimit) == JWSError(.wrongNumberOfParts(found: 1), at: JWSLimits.maximumTextSize))
        let over = String(repeating: "A", count: JWSLimits.maximumTextSize + 1)
        #expect(Self.error(over) == JWSError(.tooLarge("the compact text", limit: JWSLimits.maximumTextSize), at: JWSLimits.maximumTextSize))
        // Decoded header: N bytes parse, N + 1 are refused.
        func padded(_ size: Int) -> String {
            let prefix = #"{"alg":"ES256","pad":""#, suffix = #""}"#
            return prefix + String(repeating: "x", count: size - prefix.utf8.count - suffix.utf8.count) + suffix
        }
        #expect(Self.error(Self.jws(header: padded(JWSLimits.maximumHeaderSize))) == nil)
        #expect(Self.error(Self.jws(header: padded(JWSLimits.maximumHeaderSize + 1)))?.kind
            == .tooLarge("the decoded header", limit: JWSLimits.maximumHeaderSize))
        // Depth: the header object is level 1; "x" nests 7 more arrays (8 levels), or 8 (9).
        func nested(_ depth: Int) -> String {
            #"{"alg":"ES256","x":"# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
        }
        #expect(Self.error(Self.jws(header: nested(JWSLimits.maximumHeaderDepth))) == nil)
        if case .headerNotJSON(let error)? = Self.error(Self.jws(header: nested(JWSLimits.maximumHeaderDepth + 1)))?.kind {
            #expect(error.message.contains("nested deeper"))
        } else { Issue.record("a header nested 9 deep accepted") }
    }

    @Test("every truncation of es256.jws and 1000 random byte changes: an answer, never a trap")
    func hostileBytes() throws {
        let text = try CompactJWSTests.bytes("es256.jws")
        for length in 0..<text.count {
            #expect(JWSOutcome.of(Array(text[..<length])) != "valid")
        }
        var generator = SystemRandomNumberGenerator()
        var valid = 0
        for _ in 0..<1000 {
            var changed = text
            changed[Int.random(in: 0..<text.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            if JWSOutcome.of(changed) == "valid" { valid += 1 }
        }
        #expect(valid < 20)  // only a byte rewritten to itself keeps it valid (1 in 256)
    }
}
