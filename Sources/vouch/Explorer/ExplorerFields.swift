import VouchDER

/// Names the nodes of a DER tree by the ASN.1 module of RFC 5280 §4.1, so that the explorer can
/// say "tbsCertificate.validity.notAfter" instead of "SEQUENCE > SEQUENCE > UTCTime".
///
/// The walk is positional and forgiving: it only reads the tree ``DERNode/parse(_:options:)``
/// already decoded, and a child that does not fit the expected shape is named by its index
/// (`[3]`), never refused: the parser, not the explorer, judges well-formedness.
enum ExplorerFields {
    /// What a node is expected to be, which decides how its children are named.
    enum Shape {
        case certificate, tbsCertificate, version, algorithmIdentifier, name, relativeName, attribute
        case validity, subjectPublicKeyInfo, subjectPublicKey, rsaPublicKey
        case extensions, extensionList, extensionEntry(OID?), extensionValue(OID?)
        case generalNames, basicConstraints, authorityKeyIdentifier, keyPurposes
        /// No schema: children are named by index.
        case unknown
    }

    /// How one node is named: its component of the dotted path (empty: not part of the path),
    /// what the tree shows, the section that defines it and the shape of its children.
    struct Field {
        var name: String
        var label: String
        var section: String?
        var shape: Shape

        init(_ name: String, label: String? = nil, _ section: String? = nil, _ shape: Shape = .unknown) {
            self.name = name
            self.label = label ?? name
            self.section = section
            self.shape = shape
        }
    }

    /// The fields of the children of `node`, which has the shape `shape`, one per child.
    static func children(of node: DERNode, shape: Shape) -> [Field] {
        let tags = node.children.map(\.element.tag)
        switch shape {
        case .certificate:
            return positional(tags.count, [
                Field("tbsCertificate", "RFC 5280 §4.1.1.1", .tbsCertificate),
                Field("signatureAlgorithm", "RFC 5280 §4.1.1.2", .algorithmIdentifier),
                Field("signatureValue", "RFC 5280 §4.1.1.3"),
            ])
        case .tbsCertificate:
            return tbsCertificate(tags)
        case .version:
            return positional(tags.count, [Field("version", "RFC 5280 §4.1.2.1")])
        case .algorithmIdentifier:
            return positional(tags.count, [Field("algorithm"), Field("parameters")])
        case .name:
            return tags.indices.map { Field("[\($0)]", label: "RelativeDistinguishedName [\($0)]", nil, .relativeName) }
        case .relativeName:
            return node.children.map { child in
                let type = child.children.first.flatMap(oid)
                return Field(type.map(attributeName) ?? "attribute", label: nil, nil, .attribute)
            }
        case .attribute:
            return positional(tags.count, [Field("type"), Field("value")])
        case .validity:
            return positional(tags.count, [Field("notBefore"), Field("notAfter")])
        case .subjectPublicKeyInfo:
            return positional(tags.count, [
                Field("algorithm", "RFC 5280 §4.1.2.7", .algorithmIdentifier),
                Field("subjectPublicKey", "RFC 5280 §4.1.2.7", .subjectPublicKey),
            ])
        case .rsaPublicKey:
            return positional(tags.count, [Field("modulus"), Field("publicExponent")])
        case .extensions:
            return positional(tags.count, [Field("", label: "Extensions", nil, .extensionList)])
        case .extensionList:
            return node.children.map { child in
                let type = child.children.first.flatMap(oid)
                return Field(type.flatMap(\.name) ?? type?.dotted ?? "extension", label: nil,
                             type.flatMap(ExplorerSections.extensionSection), .extensionEntry(type))
            }
        case .extensionEntry(let type):
            return tags.map { tag in
                switch tag {
                case .objectIdentifier: return Field("extnID")
                case .boolean: return Field("critical")
                default: return Field("extnValue", label: nil, nil, .extensionValue(type))
                }
            }
        case .generalNames:
            return tags.map { Field(generalNameChoices[$0.tagClass == .contextSpecific ? Int($0.number) : -1] ?? "name") }
        case .basicConstraints:
            return tags.map { Field($0 == .boolean ? "cA" : "pathLenConstraint") }
        case .authorityKeyIdentifier:
            let names = ["keyIdentifier", "authorityCertIssuer", "authorityCertSerialNumber"]
            return tags.map { Field(names.indices.contains(Int($0.number)) ? names[Int($0.number)] : "field") }
        case .keyPurposes:
            return tags.indices.map { Field("[\($0)]", label: "KeyPurposeId [\($0)]") }
        case .subjectPublicKey, .extensionValue, .unknown:
            return tags.indices.map { Field("[\($0)]") }
        }
    }

    /// The field of the one element an OCTET or BIT STRING encapsulates, given the string's shape.
    static func encapsulated(in shape: Shape) -> Field {
        switch shape {
        case .subjectPublicKey: return Field("RSAPublicKey", "RFC 8017 §A.1.1", .rsaPublicKey)
        case .extensionValue(let type):
            switch type?.dotted {
            case "2.5.29.17", "2.5.29.18": return Field("GeneralNames", nil, .generalNames)
            case "2.5.29.19": return Field("BasicConstraints", nil, .basicConstraints)
            case "2.5.29.35": return Field("AuthorityKeyIdentifier", nil, .authorityKeyIdentifier)
            case "2.5.29.37": return Field("ExtKeyUsageSyntax", nil, .keyPurposes)
            case "2.5.29.14": return Field("SubjectKeyIdentifier")
            case "2.5.29.15": return Field("KeyUsage")
            default: return Field("value")
            }
        default: return Field("encapsulated")
        }
    }

    /// The shape of the root of a document: a certificate's when it parsed as one.
    static func root(isCertificate: Bool) -> Field {
        isCertificate ? Field("", label: "Certificate", "RFC 5280 §4.1", .certificate) : Field("", label: "element")
    }

    /// TBSCertificate: an optional [0] version, six fields in order, then [1], [2] and [3] by tag.
    private static func tbsCertificate(_ tags: [DERTag]) -> [Field] {
        var positionalFields = [
            Field("serialNumber", "RFC 5280 §4.1.2.2"),
            Field("signature", "RFC 5280 §4.1.2.3", .algorithmIdentifier),
            Field("issuer", "RFC 5280 §4.1.2.4", .name),
            Field("validity", "RFC 5280 §4.1.2.5", .validity),
            Field("subject", "RFC 5280 §4.1.2.6", .name),
            Field("subjectPublicKeyInfo", "RFC 5280 §4.1.2.7", .subjectPublicKeyInfo),
        ][...]
        return tags.enumerated().map { index, tag in
            if tag.tagClass == .contextSpecific {
                switch tag.number {
                case 0 where index == 0: return Field("version", label: "[0] version", "RFC 5280 §4.1.2.1", .version)
                case 1: return Field("issuerUniqueID", "RFC 5280 §4.1.2.8")
                case 2: return Field("subjectUniqueID", "RFC 5280 §4.1.2.8")
                case 3: return Field("extensions", label: "[3] extensions", "RFC 5280 §4.1.2.9", .extensions)
                default: break
                }
            }
            return positionalFields.popFirst() ?? Field("[\(index)]")
        }
    }

    /// `count` fields from `expected`, by position; children past the expected ones by index.
    private static func positional(_ count: Int, _ expected: [Field]) -> [Field] {
        (0..<count).map { $0 < expected.count ? expected[$0] : Field("[\($0)]") }
    }

    private static func oid(_ node: DERNode) -> OID? {
        if case .objectIdentifier(let oid) = node.value { return oid }
        return nil
    }

    /// The attribute's name in paths: RFC 4514's short names where they exist (CN, O, C, ...).
    private static func attributeName(_ type: OID) -> String {
        type.name ?? type.dotted
    }

    /// GeneralName's CHOICE (RFC 5280 §4.2.1.6) by context-specific tag number.
    private static let generalNameChoices: [Int: String] = [
        0: "otherName", 1: "rfc822Name", 2: "dNSName", 3: "x400Address", 4: "directoryName",
        5: "ediPartyName", 6: "uniformResourceIdentifier", 7: "iPAddress", 8: "registeredID",
    ]
}
