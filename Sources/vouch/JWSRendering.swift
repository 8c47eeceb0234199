import VouchJSON
import VouchTrust

/// `verify --jws`: reading the file, and what is printed of the JWS (docs/CLI.md).
enum JWSRendering {
    /// The signature check's outcome: valid, or the error that says why not.
    struct Verdict {
        let valid: Bool
        let error: String?
    }

    /// Reads `path` as a compact JWS; trailing white space (a file's final newline) is dropped,
    /// as the JWS itself allows none.
    static func load(_ path: String) throws(InputError) -> CompactJWS {
        let input = try InputFile.read(path)
        var bytes = input.bytes
        while let last = bytes.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 { bytes.removeLast() }
        do { return try CompactJWS(bytes: bytes) } catch { throw InputError(file: input.name, message: "not a JWS: \(error)") }
    }

    /// The JWS signature checked with `x5c[0]`'s key.
    static func signatureVerdict(_ jws: CompactJWS) -> Verdict {
        do {
            try jws.verifySignatureWithCertificateKey()
            return Verdict(valid: true, error: nil)
        } catch {
            return Verdict(valid: false, error: "\(error)")
        }
    }

    /// `jws: {"header", "payload", "signature_valid", "signature_error"}`: the payload as JSON when
    /// it is JSON, else as text (or null when it is not UTF-8).
    static func json(_ jws: CompactJWS, verdict: Verdict) -> JSONValue {
        let payload: JSONValue
        if let node = try? JSONReader.parse(jws.payload) {
            payload = node.plainValue
        } else {
            payload = String(validating: jws.payload, as: UTF8.self).map(JSONValue.string) ?? .null
        }
        return .object([
            ("header", jws.header.plainValue), ("payload", payload), ("signature_valid", .bool(verdict.valid)),
            ("signature_error", verdict.error.map(JSONValue.string) ?? .null),
        ])
    }

    /// The human line.
    static func line(_ jws: CompactJWS, verdict: Verdict) -> String {
        "JWS signature (\(jws.algorithm.rawValue), leaf key): " + (verdict.valid ? "valid" : "INVALID: \(verdict.error ?? "")")
    }
}
