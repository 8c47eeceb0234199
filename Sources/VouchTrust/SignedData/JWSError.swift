import VouchDER
import VouchJSON
import VouchX509

/// Why a compact JWS was refused, and where.
///
/// ``offset`` is a byte offset in the compact text (0 is its first byte): the offending
/// character for a base64url fault, the `.` or the end of the text for a wrong number of parts,
/// and for a fault inside the decoded header the first base64url character that encodes the
/// offending header byte (so that `cut -c` on the text finds it). Faults found after parsing
/// (a key that does not fit the algorithm, a signature that does not verify) point at the
/// signature part.
public struct JWSError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One of the three dot-separated parts of RFC 7515 §7.1.
    public enum Part: String, Sendable {
        /// `BASE64URL(UTF8(JWS Protected Header))`.
        case header
        /// `BASE64URL(JWS Payload)`.
        case payload
        /// `BASE64URL(JWS Signature)`.
        case signature
    }

    /// What is wrong with a part's base64url (RFC 7515 §2: RFC 4648 §5 without padding).
    public enum Base64Problem: String, Sendable {
        /// A byte outside `A–Z a–z 0–9 - _` (standard base64's `+` and `/`, white space, …).
        case invalidCharacter
        /// An `=`: a JWS omits base64url padding (RFC 7515 §2).
        case padding
        /// A length of 4n + 1 characters, which no byte string encodes to.
        case invalidLength
        /// The last character's unused low bits are not zero, so another text would decode to
        /// the same bytes (RFC 4648 §3.5).
        case nonZeroTrailingBits
    }

    /// What is wrong.
    public enum Kind: Equatable, Sendable {
        /// The text, the decoded header, `x5c` or `crit` is larger than its bound in ``JWSLimits``.
        case tooLarge(String, limit: Int)
        /// Not three parts: `found` dot-separated parts (5 is a JWE, RFC 7516 §7.1).
        case wrongNumberOfParts(found: Int)
        /// A part is not strict unpadded base64url.
        case invalidBase64URL(Part, Base64Problem)
        /// The decoded header is not JSON (VouchJSON's error; its offset counts decoded header
        /// bytes). A repeated member name is refused here: RFC 7515 §4 lets a recipient refuse
        /// or take the last, and Vouch refuses, since two parsers taking different duplicates
        /// would see two different `alg`s.
        case headerNotJSON(JSONError)
        /// The header is JSON but not an object (RFC 7515 §4).
        case headerNotObject
        /// A required header parameter is absent (`alg`, RFC 7515 §4.1.1).
        case missingHeaderParameter(String)
        /// A header parameter has the wrong JSON type: `expected` says what RFC 7515 §4.1 asks for.
        case wrongHeaderParameterType(String, expected: String)
        /// `alg` is `none` or an HMAC (`HS256`, `HS384`, `HS512`): refused whatever the key, since
        /// accepting an unsigned token, or an HMAC keyed with a public key, is the classic JWS
        /// forgery (RFC 8725 §2.1, §3.1).
        case refusedAlgorithm(String)
        /// `alg` names an algorithm Vouch does not verify (RFC 7518's `ES256K`, `RSA-OAEP`, …).
        case unsupportedAlgorithm(String)
        /// `x5c` is an empty array (RFC 7515 §4.1.6: the first certificate holds the key).
        case emptyCertificateChain
        /// `x5c[index]` is not standard padded base64 (RFC 7515 §4.1.6: "base64-encoded
        /// (Section 4 of [RFC4648] -- not base64url-encoded)"), with VouchDER's reason.
        case invalidCertificateBase64(index: Int, Base64.DecodingError)
        /// `x5c[index]` decodes to bytes that are not a certificate, with VouchX509's reason (its
        /// offset counts the certificate's DER bytes).
        case invalidCertificate(index: Int, X509Error)
        /// `crit` breaks RFC 7515 §4.1.11: empty, not strings, a name repeated, a name the JWS or
        /// JWA specifications define, or a name the header does not carry; the string says which.
        case invalidCriticalParameters(String)
        /// `crit` lists an extension the caller did not say it understands (RFC 7515 §4.1.11:
        /// the JWS is then invalid).
        case unsupportedCriticalParameter(String)
        /// The signature is not the length the algorithm makes: 2 × the coordinate size for ECDSA
        /// (RFC 7518 §3.4: R ‖ S, 64, 96 or 132 bytes), 64 for Ed25519, the modulus length for RSA.
        case wrongSignatureLength(expected: Int, found: Int)
        /// The key cannot make this algorithm's signatures: the wrong type, or the wrong curve
        /// (ES256 needs P-256, ES384 P-384, ES512 P-521; RFC 7518 §3.4).
        case keyDoesNotMatchAlgorithm(JWSAlgorithm)
        /// An RSA key shorter than 2048 bits (RFC 7518 §3.3, §3.5: "A key of size 2048 bits or
        /// larger MUST be used").
        case rsaKeyTooSmall(bits: Int)
        /// The JWS carries no `x5c`, so there is no certificate key to verify with.
        case noCertificateChain
        /// `x5c[0]`'s key is one Vouch cannot use (DSA, an RSA-PSS SPKI, an explicit curve…).
        case unsupportedCertificateKey
        /// The signature does not verify with the key.
        case invalidSignature
    }

    /// What is wrong.
    public let kind: Kind
    /// The byte offset in the compact text (see the type's summary).
    public let offset: Int

    /// An error of `kind` at `offset`.
    public init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// `offset N: reason`.
    public var description: String { "offset \(offset): \(reason)" }

    /// The reason in words, with the rule it comes from.
    public var reason: String {
        switch kind {
        case .tooLarge(let what, let limit): return "\(what) larger than \(limit)"
        case .wrongNumberOfParts(let found):
            return "\(found) dot-separated parts, a compact JWS has 3 (RFC 7515 §7.1)"
                + (found == 5 ? "; 5 is a JWE (RFC 7516)" : "")
        case .invalidBase64URL(let part, let problem): return "the \(part.rawValue) is not base64url: \(problem.words)"
        case .headerNotJSON(let error): return "the header is not JSON: \(error.message) at header byte \(error.offset)"
        case .headerNotObject: return "the header is not a JSON object (RFC 7515 §4)"
        case .missingHeaderParameter(let name): return "the header has no \"\(name)\" (RFC 7515 §4.1)"
        case .wrongHeaderParameterType(let name, let expected): return "header \"\(name)\" is not \(expected) (RFC 7515 §4.1)"
        case .refusedAlgorithm(let name):
            return "alg \"\(name)\" refused: an unsigned or HMAC JWS is never verified with a public key (RFC 8725 §2.1)"
        case .unsupportedAlgorithm(let name): return "alg \"\(name)\" is not one Vouch verifies"
        case .emptyCertificateChain: return "x5c is empty (RFC 7515 §4.1.6)"
        case .invalidCertificateBase64(let index, let error):
            return "x5c[\(index)] is not base64 (RFC 7515 §4.1.6): \(error.kind) at character \(error.offset)"
        case .invalidCertificate(let index, let error): return "x5c[\(index)] is not a certificate: \(error)"
        case .invalidCriticalParameters(let why): return "crit: \(why) (RFC 7515 §4.1.11)"
        case .unsupportedCriticalParameter(let name): return "crit lists \"\(name)\", an extension not understood (RFC 7515 §4.1.11)"
        case .wrongSignatureLength(let expected, let found): return "a signature of \(found) bytes, \(expected) expected (RFC 7518 §3)"
        case .keyDoesNotMatchAlgorithm(let algorithm): return "the key cannot verify \(algorithm.rawValue) (RFC 7518 §3)"
        case .rsaKeyTooSmall(let bits): return "an RSA key of \(bits) bits, at least 2048 required (RFC 7518 §3.3)"
        case .noCertificateChain: return "no x5c header: no certificate key to verify with"
        case .unsupportedCertificateKey: return "x5c[0]'s key is not one Vouch verifies with"
        case .invalidSignature: return "the signature does not verify"
        }
    }
}

extension JWSError.Base64Problem {
    var words: String {
        switch self {
        case .invalidCharacter: return "a character outside the base64url alphabet (RFC 4648 §5)"
        case .padding: return "'=' padding, which a JWS omits (RFC 7515 §2)"
        case .invalidLength: return "a length of 4n+1 characters"
        case .nonZeroTrailingBits: return "non-zero bits after the last byte (RFC 4648 §3.5)"
        }
    }
}
