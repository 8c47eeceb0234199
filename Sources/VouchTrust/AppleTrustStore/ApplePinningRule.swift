import VouchPropertyList

extension ApplePinningDatabase {
    /// One rules dictionary of the database: policy options trustd adds to a fresh
    /// `SecPolicyCreateSSL(true, hostname)` (`SecPathBuilderAddPinningPolicies`, SecTrustServer.c:
    /// `addOptionsToPolicy` adds a key only where the policy has none; none of the keys below is
    /// one an SSL policy sets).
    ///
    /// ``options`` is the dictionary as written. The keys that occur at 55349.0.11 are read into
    /// typed properties, each a `kSecPolicyCheck…` option of `SecPolicyChecks.list` (trustd's
    /// SecPolicyServer.c registers the five `Check…` spellings as aliases of `LeafMarkerOid`,
    /// `LeafMarkersProdAndQA`, `IntermediateMarkerOid`, `IntermediateCountry` and
    /// `IntermediateOrganization`, rdar://34537018). A key outside that list, or one whose value has
    /// a form the typed property cannot hold, stays in ``options``, is named in
    /// ``unrecognizedKeys`` and reported in ``ApplePinningDatabase/problems``; trustd skips an
    /// option it has no check for (`SecPVCValidateKey`: "unknown policy key, skipping").
    public struct Rule: Sendable, Equatable {
        /// The keys read into typed properties: those that occur at 55349.0.11.
        public static let knownKeys: [String] = [
            "AnchorApple", "AnchorSHA256", "CertificatePolicy", "ChainLength", "CheckIntermediateCountry",
            "CheckIntermediateMarkerOid", "CheckIntermediateOrganization", "CheckLeafMarkerOid",
            "CheckLeafMarkersProdAndQA", "Revocation", "SubjectOrganization",
        ]

        /// The dictionary as the database writes it, every key kept.
        public let options: [String: PropertyList]
        /// `AnchorApple`: the anchor must be one of Apple's roots. Its dictionary is kept as
        /// written (empty in all 52 rules that carry it; trustd reads nothing of it).
        public let anchorApple: [String: PropertyList]?
        /// `AnchorSHA256`: the anchor's SHA-256 must be one of these (an array of data, or one
        /// datum).
        public let anchorSHA256: [[UInt8]]?
        /// `CertificatePolicy`: a policy OID (dotted) the leaf must assert (`2.23.140.1.1`, EV, in
        /// 7 rules).
        public let certificatePolicy: String?
        /// `ChainLength`: the number of certificates the path must have (3 in 72 rules).
        public let chainLength: Int?
        /// `CheckIntermediateCountry`: the only subject country every intermediate must have.
        public let intermediateCountry: String?
        /// `CheckIntermediateMarkerOid`: an extension some intermediate must carry.
        public let intermediateMarker: MarkerRequirement?
        /// `CheckIntermediateOrganization`: the organization every intermediate's subject must
        /// name.
        public let intermediateOrganization: String?
        /// `CheckLeafMarkerOid`: what the leaf must carry.
        public let leafMarker: MarkerRequirement?
        /// `CheckLeafMarkersProdAndQA`: the leaf's production and QA markers.
        public let leafMarkersProdAndQA: LeafMarkers?
        /// `Revocation`: the revocation method the path builder is set to (`AnyRevocationMethod`
        /// in 72 rules).
        public let revocation: RevocationMethod?
        /// `SubjectOrganization`: the organization the leaf's subject must name.
        public let subjectOrganization: String?
        /// Keys of ``options`` not read into a typed property (sorted): unknown keys, and known ones
        /// with a value of another form.
        public let unrecognizedKeys: [String]

        /// Reads `options`, keeping every key.
        public init(options: [String: PropertyList]) {
            self.options = options
            var unrecognized = Set(options.keys).subtracting(Self.knownKeys)
            func read<Value>(_ key: String, _ decode: (PropertyList) -> Value?) -> Value? {
                guard let value = options[key] else { return nil }
                guard let decoded = decode(value) else {
                    unrecognized.insert(key)
                    return nil
                }
                return decoded
            }
            anchorApple = read("AnchorApple") { $0.dictionaryValue }
            anchorSHA256 = read("AnchorSHA256") { value in
                if let datum = value.dataValue { return [datum] }
                guard let elements = value.arrayValue else { return nil }
                let data = elements.compactMap(\.dataValue)
                return data.count == elements.count ? data : nil
            }
            certificatePolicy = read("CertificatePolicy") { $0.stringValue }
            chainLength = read("ChainLength") { $0.integerValue.flatMap { Int(exactly: $0) } }
            intermediateCountry = read("CheckIntermediateCountry") { $0.stringValue }
            intermediateMarker = read("CheckIntermediateMarkerOid") { MarkerRequirement($0) }
            intermediateOrganization = read("CheckIntermediateOrganization") { $0.stringValue }
            leafMarker = read("CheckLeafMarkerOid") { MarkerRequirement($0) }
            leafMarkersProdAndQA = read("CheckLeafMarkersProdAndQA") { LeafMarkers($0) }
            revocation = read("Revocation") { $0.stringValue.flatMap(RevocationMethod.init(rawValue:)) }
            subjectOrganization = read("SubjectOrganization") { $0.stringValue }
            unrecognizedKeys = unrecognized.sorted()
        }
    }

    /// A revocation method a rule sets (`kSecPolicyCheckRevocation…` of SecPolicy.c).
    public enum RevocationMethod: String, Sendable, Equatable {
        /// `AnyRevocationMethod`: OCSP or CRL.
        case any = "AnyRevocationMethod"
        /// `OCSP`.
        case ocsp = "OCSP"
        /// `CRL`.
        case crl = "CRL"
    }

    /// What a certificate must carry for a marker check (`SecCertificateHasMarkerExtension`,
    /// SecCertificate.c): met when any part is.
    public indirect enum MarkerRequirement: Sendable, Equatable {
        /// A string: an extension with this dotted OID.
        case extensionPresent(oid: String)
        /// Data: an extension with this encoded OID (content octets).
        case encodedExtensionPresent(oid: [UInt8])
        /// A dictionary: an extension whose OID (the key, dotted) has this value (a string, data
        /// or number, compared with the extension's IA5/UTF-8 string, octet string or integer by
        /// `matches_expected`). Any entry suffices.
        case extensionValues([String: PropertyList])
        /// An array: any of these.
        case anyOf([MarkerRequirement])

        /// Reads a marker value; `nil` for a form trustd does not read (it then finds no marker).
        public init?(_ value: PropertyList) {
            switch value {
            case .string(let oid):
                self = .extensionPresent(oid: oid)
            case .data(let oid):
                self = .encodedExtensionPresent(oid: oid)
            case .dictionary(let entries):
                self = .extensionValues(entries)
            case .array(let elements):
                var parts: [MarkerRequirement] = []
                for element in elements {
                    guard let part = MarkerRequirement(element) else { return nil }
                    parts.append(part)
                }
                self = .anyOf(parts)
            default:
                return nil
            }
        }
    }

    /// `CheckLeafMarkersProdAndQA`'s dictionary. trustd checks ``production`` alone
    /// (`SecPolicyCheckCertLeafMarkersProdAndQA`); ``qualityAssurance`` is kept as written (one
    /// rule at 55349.0.11 writes `1.2.840.113635.100.6.27.17 .1`, with a space, there).
    public struct LeafMarkers: Sendable, Equatable {
        /// `ProdMarker`.
        public let production: MarkerRequirement?
        /// `QAMarker`.
        public let qualityAssurance: MarkerRequirement?

        /// Reads the dictionary; `nil` if it is not one, has another key, or a marker of an
        /// unreadable form.
        public init?(_ value: PropertyList) {
            guard let entries = value.dictionaryValue, Set(entries.keys).isSubset(of: ["ProdMarker", "QAMarker"]) else {
                return nil
            }
            let production = entries["ProdMarker"].map { MarkerRequirement($0) }
            let qualityAssurance = entries["QAMarker"].map { MarkerRequirement($0) }
            if production == .some(nil) || qualityAssurance == .some(nil) { return nil }
            self.production = production ?? nil
            self.qualityAssurance = qualityAssurance ?? nil
        }
    }
}
