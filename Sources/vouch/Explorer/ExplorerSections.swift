import VouchDER

/// The sections the explorer cites: where RFC 5280 defines each extension, and where X.690 says
/// how each universal type is encoded (with DER's extra rules, X.690 §10–11).
enum ExplorerSections {
    /// The section that defines the extension `type`, if the explorer knows it.
    static func extensionSection(_ type: OID) -> String? {
        extensions[type.dotted]
    }

    private static let extensions: [String: String] = [
        "2.5.29.35": "RFC 5280 §4.2.1.1", "2.5.29.14": "RFC 5280 §4.2.1.2", "2.5.29.15": "RFC 5280 §4.2.1.3",
        "2.5.29.32": "RFC 5280 §4.2.1.4", "2.5.29.33": "RFC 5280 §4.2.1.5", "2.5.29.17": "RFC 5280 §4.2.1.6",
        "2.5.29.18": "RFC 5280 §4.2.1.7", "2.5.29.9": "RFC 5280 §4.2.1.8", "2.5.29.19": "RFC 5280 §4.2.1.9",
        "2.5.29.30": "RFC 5280 §4.2.1.10", "2.5.29.36": "RFC 5280 §4.2.1.11", "2.5.29.37": "RFC 5280 §4.2.1.12",
        "2.5.29.31": "RFC 5280 §4.2.1.13", "2.5.29.54": "RFC 5280 §4.2.1.14", "2.5.29.46": "RFC 5280 §4.2.1.15",
        "1.3.6.1.5.5.7.1.1": "RFC 5280 §4.2.2.1", "1.3.6.1.5.5.7.1.11": "RFC 5280 §4.2.2.2",
        "1.3.6.1.4.1.11129.2.4.2": "RFC 6962 §3.3", "1.3.6.1.5.5.7.1.24": "RFC 7633 §4",
    ]

    /// The X.690 sections for the encoding of `tag`: the identifier and length octets, then
    /// the content rules of the type.
    static func encoding(_ tag: DERTag) -> String {
        let header = "X.690 §8.1.2 (identifier), §8.1.3 and §10.1 (length)"
        guard tag.tagClass == .universal else {
            return header + (tag.isConstructed ? "; §8.14 (explicit tag: the content is one element)"
                                                : "; §8.14 (implicit tag: the content is the underlying type's)")
        }
        return header + "; " + (universal[tag.number] ?? "§8.23 (restricted character string)")
    }

    private static let universal: [UInt32: String] = [
        1: "§8.2, §11.1 (BOOLEAN: FF is true)", 2: "§8.3 (INTEGER: two's complement, minimal)",
        3: "§8.6, §11.2 (BIT STRING: unused-bits octet first)", 4: "§8.7 (OCTET STRING)", 5: "§8.8 (NULL: empty)",
        6: "§8.19 (OBJECT IDENTIFIER: base-128 arcs)", 10: "§8.4 (ENUMERATED)", 12: "§8.23 (UTF8String)",
        16: "§8.9 (SEQUENCE: the elements in order)", 17: "§8.11, §11.6 (SET OF: sorted encodings)",
        23: "§11.8 (UTCTime: YYMMDDhhmmssZ)", 24: "§11.7 (GeneralizedTime: YYYYMMDDhhmmssZ)",
    ]
}
