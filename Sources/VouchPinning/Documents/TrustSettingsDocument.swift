import VouchCrypto
import VouchDER
import VouchJSON
import VouchPropertyList
import VouchTrust
import VouchX509

/// A trust-settings document, read as `vouch verify --trust-settings` reads it: the XML property
/// list `security trust-settings-export` writes on a Mac, or the same document as JSON
/// (SECTRUST.md §15.1).
///
/// Each entry of `trustList` is keyed by the certificate's upper-case SHA-1; its certificate is the
/// entry's `certificate` (base64 DER or PEM text; data in a property list) or one of the
/// certificates the caller knows with that SHA-1. Its `trustSettings` array holds the usage
/// constraints, each read as Apple's setting API reads it (`TrustSettingsConstraint` of VouchTrust).
/// A setting Apple refuses (§15.2) makes the document bad. An entry whose certificate is nowhere to
/// be found is skipped with a warning: an export from a Mac names every certificate of the
/// keychain's settings, and one the evaluation never meets cannot change it.
public enum TrustSettingsDocument {
    /// Reads a document into trust settings.
    ///
    /// - Parameters:
    ///   - bytes: the document: an XML property list, or JSON (its first non-blank character `{`).
    ///   - settings: where its entries go.
    ///   - domain: the domain they go in: `.user` (the default) or `.admin`.
    ///   - known: certificates an entry without its own certificate may name by SHA-1; searched first.
    ///   - system: the system store's certificates, asked for only when `known` lacks one (loading
    ///     the store is not free).
    /// - Returns: one warning per entry skipped because its certificate was found nowhere.
    /// - Throws: ``TrustSettingsDocumentError`` naming what is wrong and where.
    public static func read(
        _ bytes: [UInt8], into settings: inout TrustSettings, domain: TrustSettingsDomain = .user,
        known: [Certificate] = [], system: () -> [Certificate] = { [] }
    ) throws(TrustSettingsDocumentError) -> [String] {
        let document: PropertyList
        if DocumentForm.of(bytes).form == .json {
            let node: JSONNode
            do { node = try JSONReader.parse(bytes) } catch { throw TrustSettingsDocumentError("\(error)") }
            do { document = try DocumentForm.propertyList(node) } catch { throw TrustSettingsDocumentError(error.message) }
        } else {
            do { document = try PropertyListReader.parse(bytes) } catch { throw TrustSettingsDocumentError("\(error)") }
        }
        guard let list = document[key: "trustList"]?.dictionaryValue else { throw TrustSettingsDocumentError("no trustList dictionary") }
        // Hashed only when an entry does not carry its certificate: the given ones first, the
        // system store (hundreds of roots, and loading it) only when they do not have it.
        var given: [String: Certificate]? = nil, stored: [String: Certificate]? = nil
        func indexed(_ certificates: [Certificate]) -> [String: Certificate] {
            Dictionary(certificates.map { (sha1Key($0), $0) }, uniquingKeysWith: { first, _ in first })
        }
        func find(_ key: String) -> Certificate? {
            if given == nil { given = indexed(known) }
            if let found = given?[key] { return found }
            if stored == nil { stored = indexed(system()) }
            return stored?[key]
        }
        var warnings: [String] = []
        for key in list.keys.sorted() {
            guard let entry = list[key]?.dictionaryValue else { throw TrustSettingsDocumentError("trustList \(key): not a dictionary") }
            let certificate: Certificate
            if let carried = entry["certificate"] {
                certificate = try carriedCertificate(carried, key: key)
            } else if let found = find(key.uppercased()) {
                certificate = found
            } else {
                warnings.append("trustList \(key): skipped: no certificate with this SHA-1 among those given or in the system store (add it under \"certificate\")")
                continue
            }
            var constraints: [TrustSettingsConstraint]? = nil
            if let raw = entry["trustSettings"] {
                guard let array = raw.arrayValue else { throw TrustSettingsDocumentError("trustList \(key): trustSettings is not an array") }
                constraints = try array.enumerated().map { index, element throws(TrustSettingsDocumentError) in
                    let place = "trustList \(key): constraint \(index)"
                    guard let dictionary = element.dictionaryValue else { throw TrustSettingsDocumentError("\(place) is not a dictionary") }
                    do { return try TrustSettingsConstraint(reading: dictionary.mapValues(TrustSettingsConstraint.Value.init)) } catch {
                        throw TrustSettingsDocumentError("\(place): \(error)")
                    }
                }
            }
            do { try settings.setConstraints(constraints, for: certificate, in: domain) } catch {
                throw TrustSettingsDocumentError("trustList \(key): \(error)")
            }
        }
        return warnings
    }

    /// The key a document files `certificate` under: the upper-case hex of its SHA-1.
    public static func sha1Key(_ certificate: Certificate) -> String {
        Hex.encode(HashAlgorithm.sha1.digest(certificate.derEncoded)).uppercased()
    }

    private static func carriedCertificate(_ value: PropertyList, key: String) throws(TrustSettingsDocumentError) -> Certificate {
        var der: [UInt8]? = value.dataValue
        if der == nil, let text = value.stringValue {
            let bytes = Array(text.utf8)
            if let blocks = try? PEM.certificates(in: bytes[...]), let first = blocks.first { der = first } else { der = Base64.decode(text) }
        }
        guard let der, let certificate = try? Certificate(derEncoded: der) else {
            throw TrustSettingsDocumentError("trustList \(key): certificate is not base64 DER or PEM of a certificate")
        }
        guard sha1Key(certificate) == key.uppercased() else {
            throw TrustSettingsDocumentError("trustList \(key): the certificate's SHA-1 is not its key")
        }
        return certificate
    }
}

/// Why a trust-settings document was refused: one line naming the entry (or the offset) and what is
/// wrong with it.
public struct TrustSettingsDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, and where.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

extension TrustSettingsConstraint.Value {
    /// A usage-constraint value as a property list holds it: a string, a number, data, a
    /// dictionary, or another type, named for the message that refuses it.
    init(_ value: PropertyList) {
        switch value {
        case .string(let text): self = .string(text)
        case .integer(let number): self = .integer(number)
        case .data(let octets): self = .data(octets)
        case .dictionary: self = .dictionary
        default: self = .other(value.typeName)
        }
    }
}
