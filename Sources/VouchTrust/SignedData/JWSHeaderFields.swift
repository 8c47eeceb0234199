import VouchDER
import VouchJSON
import VouchX509

/// The registered parameters of a JWS protected header (RFC 7515 §4.1) that Vouch reads, taken
/// from the header's JSON and checked. Errors point into the compact text through
/// ``CompactJWS/textOffset(ofHeaderByte:)`` (the header is the text's first part).
struct JWSHeaderFields {
    let algorithm: JWSAlgorithm
    let type: String?
    let keyID: String?
    let certificates: [Certificate]
    let criticalParameters: [String]

    /// The header parameter names RFC 7515 §4.1 registers; `crit` may not list them (§4.1.11:
    /// "Producers MUST NOT include Header Parameter names defined by this specification or
    /// [JWA] for use with JWS"; JWA defines none for JWS).
    static let registeredNames: Set<String> = ["alg", "jku", "jwk", "kid", "x5u", "x5c", "x5t", "x5t#S256", "typ", "cty", "crit"]

    /// RFC 7797's `b64`: `false` makes the signing input the raw payload, which ``CompactJWS``
    /// does not compute, so no caller can understand it here; listed critical, it is always refused.
    static let unencodedPayload = "b64"

    init(_ header: JSONNode, understoodCriticalParameters: Set<String>) throws(JWSError) {
        guard header.members != nil else { throw JWSError(.headerNotObject, at: 0) }
        guard let alg = header[member: "alg"] else { throw JWSError(.missingHeaderParameter("alg"), at: 0) }
        let name = try Self.string(alg, "alg")
        guard !JWSAlgorithm.refusedNames.contains(name) else { throw JWSError(.refusedAlgorithm(name), at: Self.at(alg)) }
        guard let algorithm = JWSAlgorithm(rawValue: name) else {
            throw JWSError(.unsupportedAlgorithm(name), at: Self.at(alg))
        }
        self.algorithm = algorithm
        type = try header[member: "typ"].map { (node) throws(JWSError) in try Self.string(node, "typ") }
        keyID = try header[member: "kid"].map { (node) throws(JWSError) in try Self.string(node, "kid") }
        if let cty = header[member: "cty"] { _ = try Self.string(cty, "cty") }
        certificates = try header[member: "x5c"].map { (node) throws(JWSError) in try Self.certificates(node) } ?? []
        criticalParameters = try header[member: "crit"].map { (node) throws(JWSError) in
            try Self.critical(node, header: header, understood: understoodCriticalParameters)
        } ?? []
    }

    private static func at(_ node: JSONNode) -> Int { CompactJWS.textOffset(ofHeaderByte: node.offset) }

    private static func string(_ node: JSONNode, _ name: String) throws(JWSError) -> String {
        guard let text = node.stringValue else {
            throw JWSError(.wrongHeaderParameterType(name, expected: "a string"), at: at(node))
        }
        return text
    }

    /// `x5c`: a non-empty array of standard base64 DER certificates (RFC 7515 §4.1.6).
    private static func certificates(_ node: JSONNode) throws(JWSError) -> [Certificate] {
        guard let elements = node.arrayValue else {
            throw JWSError(.wrongHeaderParameterType("x5c", expected: "an array of strings"), at: at(node))
        }
        guard !elements.isEmpty else { throw JWSError(.emptyCertificateChain, at: at(node)) }
        guard elements.count <= JWSLimits.maximumCertificateCount else {
            throw JWSError(.tooLarge("x5c", limit: JWSLimits.maximumCertificateCount), at: at(node))
        }
        var certificates: [Certificate] = []
        certificates.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let text = element.stringValue else {
                throw JWSError(.wrongHeaderParameterType("x5c", expected: "an array of strings"), at: at(element))
            }
            let der: [UInt8]
            do {
                der = try Base64.decode(Array(text.utf8)[...])
            } catch {
                throw JWSError(.invalidCertificateBase64(index: index, error), at: at(element))
            }
            do {
                certificates.append(try Certificate(derEncoded: der))
            } catch {
                throw JWSError(.invalidCertificate(index: index, error), at: at(element))
            }
        }
        return certificates
    }

    /// `crit` (RFC 7515 §4.1.11): a non-empty array of distinct extension names, each present in
    /// the header, none registered, each understood by the caller.
    private static func critical(
        _ node: JSONNode, header: JSONNode, understood: Set<String>
    ) throws(JWSError) -> [String] {
        guard let elements = node.arrayValue else {
            throw JWSError(.wrongHeaderParameterType("crit", expected: "an array of strings"), at: at(node))
        }
        guard !elements.isEmpty else { throw JWSError(.invalidCriticalParameters("an empty list"), at: at(node)) }
        guard elements.count <= JWSLimits.maximumCriticalParameterCount else {
            throw JWSError(.tooLarge("crit", limit: JWSLimits.maximumCriticalParameterCount), at: at(node))
        }
        var names: [String] = []
        for element in elements {
            guard let name = element.stringValue else {
                throw JWSError(.wrongHeaderParameterType("crit", expected: "an array of strings"), at: at(element))
            }
            guard !names.contains(name) else {
                throw JWSError(.invalidCriticalParameters("\"\(name)\" listed twice"), at: at(element))
            }
            guard !registeredNames.contains(name) else {
                throw JWSError(.invalidCriticalParameters("\"\(name)\" is defined by RFC 7515"), at: at(element))
            }
            guard header[member: name] != nil else {
                throw JWSError(.invalidCriticalParameters("\"\(name)\" is not in the header"), at: at(element))
            }
            names.append(name)
        }
        // Only a well-formed list is asked about: its form is the signer's fault, understanding
        // it the recipient's.
        for (name, element) in zip(names, elements) where !understood.contains(name) || name == Self.unencodedPayload {
            throw JWSError(.unsupportedCriticalParameter(name), at: at(element))
        }
        return names
    }
}
