import VouchJSON
import VouchX509

/// A JWS in compact serialization (RFC 7515 §7.1), `BASE64URL(header).BASE64URL(payload).
/// BASE64URL(signature)`, read strictly: what Apple's App Store Server API and StoreKit 2 sign
/// (`signedTransactionInfo`, `signedRenewalInfo`, a notification's `signedPayload`, an
/// `AppTransaction`), each with its signing chain in the `x5c` header.
///
/// Reading checks the form, not the signature: three parts of unpadded base64url with zero
/// trailing bits, a header that is a JSON object without repeated names, an `alg` Vouch verifies
/// (``JWSAlgorithm``; `none` and HMACs are refused), every `x5c` entry a certificate, and `crit`
/// as RFC 7515 §4.1.11 has it. ``verifySignature(with:)`` then checks the signature with a key;
/// ``verifySignatureWithCertificateKey()`` with `x5c[0]`'s. Whether that certificate deserves
/// trust is the trust policy's question, not this type's.
///
/// White space is refused like any character outside the alphabet; a caller reading a file
/// strips its final line break first.
public struct CompactJWS: Sendable {
    /// The compact text, as bytes.
    public let text: [UInt8]
    /// The protected header as JSON. Offsets in its nodes count decoded header bytes.
    public let header: JSONNode
    /// `alg`: the signature algorithm.
    public let algorithm: JWSAlgorithm
    /// `typ` (RFC 7515 §4.1.9), when present: Apple writes `JWT` or none.
    public let type: String?
    /// `kid` (RFC 7515 §4.1.4), when present: Apple's Xcode-signed data says `Apple_Xcode_Key`.
    public let keyID: String?
    /// `x5c` (RFC 7515 §4.1.6): the certificate holding the key first, each one it chains to
    /// after it; empty when the header has no `x5c`.
    public let certificates: [Certificate]
    /// `crit` (RFC 7515 §4.1.11): the extension parameters the signer marked critical, each one
    /// the caller said it understands; empty when absent.
    public let criticalParameters: [String]
    /// The payload's bytes (for Apple, a JSON document: the transaction, renewal or notification).
    public let payload: [UInt8]
    /// The signature's bytes: R ‖ S for ECDSA (RFC 7518 §3.4), not DER.
    public let signature: [UInt8]
    /// Where the payload and signature parts start in ``text`` (after the first and second `.`).
    let payloadStart: Int, signatureStart: Int

    /// The bytes the signature covers: `ASCII(BASE64URL(header) || '.' || BASE64URL(payload))`
    /// (RFC 7515 §5.1 step 6), a view of ``text``.
    public var signingInput: ArraySlice<UInt8> { text[..<(signatureStart - 1)] }

    /// Reads the compact JWS `text`.
    ///
    /// - Parameters:
    ///   - text: the compact serialization, with no white space around it.
    ///   - understoodCriticalParameters: the extension header parameters the caller
    ///   processes; a `crit` listing any other makes the JWS invalid (RFC 7515 §4.1.11). None
    ///   by default: Apple's JWSs have no `crit`. RFC 7797's `b64` is refused even when listed
    ///   here, since it changes the signing input this type computes.
    /// - Throws: ``JWSError`` with the offset of the offending byte of `text`: a text, header or
    ///   list too large (``JWSLimits``), not three parts, a part that is not strict base64url,
    ///   a header that is not a JSON object or repeats a name, `alg` absent, not a string,
    ///   refused or unknown, `typ`/`kid`/`cty` not strings, `x5c` not an array of base64
    ///   certificates (with the index and the certificate's parse error), `crit` malformed or
    ///   naming an extension not understood.
    public init(_ text: some StringProtocol, understoodCriticalParameters: Set<String> = []) throws(JWSError) {
        try self.init(bytes: Array(text.utf8), understoodCriticalParameters: understoodCriticalParameters)
    }

    /// Reads the compact JWS in `bytes` (its ASCII text); see ``init(_:understoodCriticalParameters:)``.
    public init(bytes: [UInt8], understoodCriticalParameters: Set<String> = []) throws(JWSError) {
        guard bytes.count <= JWSLimits.maximumTextSize else {
            throw JWSError(.tooLarge("the compact text", limit: JWSLimits.maximumTextSize), at: JWSLimits.maximumTextSize)
        }
        let (firstDot, secondDot) = try Self.dots(in: bytes)
        text = bytes
        payloadStart = firstDot + 1
        signatureStart = secondDot + 1
        let headerBytes = try Self.decode(bytes[..<firstDot], part: .header)
        guard headerBytes.count <= JWSLimits.maximumHeaderSize else {
            throw JWSError(
                .tooLarge("the decoded header", limit: JWSLimits.maximumHeaderSize),
                at: Self.textOffset(ofHeaderByte: JWSLimits.maximumHeaderSize))
        }
        let limits = JSONReader.Limits(maximumDepth: JWSLimits.maximumHeaderDepth, maximumSize: JWSLimits.maximumHeaderSize)
        do {
            header = try JSONReader.parse(headerBytes, limits: limits)
        } catch {
            throw JWSError(.headerNotJSON(error), at: Self.textOffset(ofHeaderByte: error.offset))
        }
        let fields = try JWSHeaderFields(header, understoodCriticalParameters: understoodCriticalParameters)
        algorithm = fields.algorithm
        type = fields.type
        keyID = fields.keyID
        certificates = fields.certificates
        criticalParameters = fields.criticalParameters
        payload = try Self.decode(bytes[payloadStart..<secondDot], part: .payload)
        signature = try Self.decode(bytes[signatureStart...], part: .signature)
    }

    /// The offsets of the two dots; any other number of dots is refused.
    private static func dots(in bytes: [UInt8]) throws(JWSError) -> (Int, Int) {
        var found: [Int] = []
        for index in bytes.indices where bytes[index] == UInt8(ascii: ".") {
            guard found.count < 2 else {
                let parts = bytes[index...].lazy.filter { $0 == UInt8(ascii: ".") }.count + 3
                throw JWSError(.wrongNumberOfParts(found: parts), at: index)
            }
            found.append(index)
        }
        guard found.count == 2 else { throw JWSError(.wrongNumberOfParts(found: found.count + 1), at: bytes.count) }
        return (found[0], found[1])
    }

    private static func decode(_ part: ArraySlice<UInt8>, part name: JWSError.Part) throws(JWSError) -> [UInt8] {
        do {
            return try Base64URL.decode(part)
        } catch {
            throw JWSError(.invalidBase64URL(name, error.problem), at: error.offset)
        }
    }

    /// The offset in the text of the base64url character holding the first bit of decoded
    /// header byte `offset` (bit 8·offset is in character ⌊8·offset / 6⌋); the header starts at 0.
    static func textOffset(ofHeaderByte offset: Int) -> Int {
        offset / 3 * 4 + offset % 3 * 4 / 3
    }
}
