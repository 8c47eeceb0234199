import VouchCrypto
import VouchDER
import VouchJSON
import VouchPropertyList
import VouchTrust
import VouchX509

/// `--trust-settings [user:|admin:]FILE`: the XML property list `security trust-settings-export`
/// writes, or the same document as JSON (docs/CLI.md; SECTRUST.md §15.1). Each entry of
/// `trustList` is keyed by the certificate's upper-case SHA-1; its certificate is the entry's
/// `certificate` (base64 DER or PEM text; data in a property list) or one of `known` with that
/// SHA-1. A setting Apple refuses (§15.2) makes the file bad input. An entry whose certificate is
/// nowhere to be found is skipped with a line in `warnings`: an export from a Mac names every
/// certificate of the keychain's settings, and one this evaluation never meets cannot change it
/// (unless it is a root nobody gave: then add it under `certificate`).
enum TrustSettingsDocument {
    static func load(
        _ argument: String, known: [Certificate], system: () -> [Certificate], into settings: inout TrustSettings,
        warnings: inout [String]
    ) throws(InputError) {
        var domain = TrustSettingsDomain.user
        var path = argument
        if argument.hasPrefix("user:") { path = String(argument.dropFirst(5)) }
        if argument.hasPrefix("admin:") { domain = .admin; path = String(argument.dropFirst(6)) }
        let input = try InputFile.read(path)
        func bad(_ message: String) -> InputError { InputError(file: input.name, message: message) }
        let document: PropertyList
        let start = input.bytes.firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        if let start, input.bytes[start] == UInt8(ascii: "{") {
            let node: JSONNode
            do { node = try JSONReader.parse(input.bytes) } catch { throw bad("\(error)") }
            do { document = try propertyList(node) } catch { throw bad(error.message) }
        } else {
            do { document = try PropertyListReader.parse(input.bytes) } catch { throw bad("\(error)") }
        }
        guard let list = document[key: "trustList"]?.dictionaryValue else { throw bad("no trustList dictionary") }
        // Hashed only when an entry does not carry its certificate: the given ones first, the
        // system store (hundreds of roots, and loading it) only when they do not have it.
        var given: [String: Certificate]? = nil, stored: [String: Certificate]? = nil
        func indexed(_ certificates: [Certificate]) -> [String: Certificate] {
            Dictionary(certificates.map { (hex(HashAlgorithm.sha1.digest($0.derEncoded)), $0) }, uniquingKeysWith: { first, _ in first })
        }
        func find(_ key: String) -> Certificate? {
            if given == nil { given = indexed(known) }
            if let found = given?[key] { return found }
            if stored == nil { stored = indexed(system()) }
            return stored?[key]
        }
        for key in list.keys.sorted() {
            guard let entry = list[key]?.dictionaryValue else { throw bad("trustList \(key): not a dictionary") }
            let certificate: Certificate
            if let carried = entry["certificate"] {
                certificate = try carriedCertificate(carried, key: key, bad: bad)
            } else if let found = find(key.uppercased()) {
                certificate = found
            } else {
                warnings.append("\(input.name): trustList \(key): skipped: no certificate with this SHA-1 among those given or in the system store (add it under \"certificate\")")
                continue
            }
            var constraints: [TrustSettingsConstraint]? = nil
            if let raw = entry["trustSettings"] {
                guard let array = raw.arrayValue else { throw bad("trustList \(key): trustSettings is not an array") }
                constraints = try array.enumerated().map { index, element throws(InputError) in
                    guard let dictionary = element.dictionaryValue else { throw bad("trustList \(key): constraint \(index) is not a dictionary") }
                    return try constraint(dictionary, where: "trustList \(key): constraint \(index)", bad: bad)
                }
            }
            do { try settings.setConstraints(constraints, for: certificate, in: domain) } catch { throw bad("trustList \(key): \(error)") }
        }
    }

    /// Upper-case hex, as the export keys its entries.
    static func hex(_ bytes: [UInt8]) -> String { ASN1Rendering.hex(bytes).uppercased() }

    private static func carriedCertificate(_ value: PropertyList, key: String, bad: (String) -> InputError) throws(InputError) -> Certificate {
        var der: [UInt8]? = value.dataValue
        if der == nil, let text = value.stringValue {
            let bytes = Array(text.utf8)
            if let blocks = try? PEM.certificates(in: bytes[...]), let first = blocks.first { der = first } else { der = Base64.decode(text) }
        }
        guard let der, let certificate = try? Certificate(derEncoded: der) else {
            throw bad("trustList \(key): certificate is not base64 DER or PEM of a certificate")
        }
        guard hex(HashAlgorithm.sha1.digest(certificate.derEncoded)) == key.uppercased() else {
            throw bad("trustList \(key): the certificate's SHA-1 is not its key")
        }
        return certificate
    }

    /// One constraint dictionary, read by VouchTrust as Apple's setting API reads it.
    private static func constraint(_ dictionary: [String: PropertyList], where place: String, bad: (String) -> InputError) throws(InputError) -> TrustSettingsConstraint {
        var keys: [String: TrustSettingsConstraint.Value] = [:]
        for (key, value) in dictionary {
            switch value {
            case .string(let text): keys[key] = .string(text)
            case .integer(let number): keys[key] = .integer(number)
            case .data(let octets): keys[key] = .data(octets)
            case .dictionary: keys[key] = .dictionary
            default: keys[key] = .other(value.typeName)
            }
        }
        do { return try TrustSettingsConstraint(reading: keys) } catch { throw bad("\(place): \(error)") }
    }

    /// The JSON form as a property list: objects, arrays, strings, integers, booleans.
    static func propertyList(_ node: JSONNode) throws(InputError) -> PropertyList {
        switch node.value {
        case .object(let members):
            var dictionary: [String: PropertyList] = [:]
            for member in members { dictionary[member.name] = try propertyList(member.node) }
            return .dictionary(dictionary)
        case .array(let elements):
            var array: [PropertyList] = []
            for element in elements { array.append(try propertyList(element)) }
            return .array(array)
        case .string(let text): return .string(text)
        case .bool(let value): return .boolean(value)
        case .number(let text):
            guard let value = Int64(text) else { throw InputError(file: "", message: "offset \(node.offset): \(text) is not an integer") }
            return .integer(value)
        case .null: throw InputError(file: "", message: "offset \(node.offset): null has no property-list form")
        }
    }
}
