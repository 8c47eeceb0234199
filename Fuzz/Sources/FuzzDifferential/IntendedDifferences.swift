import VouchDER
import VouchX509

/// The table of intended differences: where Vouch and swift-certificates 1.21.1 disagree on
/// purpose, each with the rule that justifies Vouch. FuzzDifferential skips a divergence one row
/// explains; any other aborts the run. Fuzz/README.md ("Differential fuzzing") has the same table
/// in prose. SECTRUST.md is `../shared/spec/SECTRUST.md`, what Apple's `SecCertificateCreateWithData`
/// and `SecTrust` do, which Vouch reproduces.
struct IntendedDifference: Sendable {
    /// A short name, counted in the run's log.
    let id: String
    /// What differs, and the rule that makes Vouch's answer the right one.
    let rule: String
    /// Whether this row explains `divergence`.
    let explains: @Sendable (Divergence) -> Bool

    static func explaining(_ divergence: Divergence) -> IntendedDifference? {
        table.first { $0.explains(divergence) }
    }

    static let table: [IntendedDifference] = [
        // Vouch rejects, swift-certificates accepts: Apple's parser is stricter there.
        IntendedDifference(id: "serial-length", rule: "Apple rejects a serial number of 0 or more than 37 octets (SECTRUST.md §10)") {
            vouchError($0)?.kind == .invalidSerialNumberLength
        },
        IntendedDifference(id: "empty-extensions", rule: "extensions present but empty: RFC 5280 §4.1 `SEQUENCE SIZE (1..MAX)`; Apple rejects (SECTRUST.md §10)") {
            vouchError($0)?.kind == .emptyExtensions
        },
        IntendedDifference(id: "too-many-extensions", rule: "Apple rejects 10,000 extensions or more (SECTRUST.md §10)") {
            vouchError($0)?.kind == .tooManyExtensions
        },
        IntendedDifference(id: "wrong-construction", rule: "a universal type in the form X.690 forbids (a primitive SEQUENCE, SET or EXTERNAL, §8.9.1, §8.11.1, §8.18.1; a constructed NULL, §8.8.1; a constructed string, §10.2), here inside an ANY value: Vouch's reader checks the form of every element it reads; swift-asn1 does not. In a critical extension or the TBS Vouch rejects the certificate; in a non-critical subjectAltName (a directoryName's attribute value) both accept and Vouch's accessor gives no value") {
            if case .malformed(.wrongConstruction) = vouchError($0)?.kind { return true }
            guard case .field(.subjectAlternativeNames, "error", _) = $0.kind,
                let found = $0.vouch?.extensions[VouchDER.OID.subjectAltName]
            else { return false }
            do throws(DERError) {
                _ = try found.decode(as: SubjectAlternativeNames.self)
                return false
            } catch {
                if case .wrongConstruction = error.kind { return true }
                return false
            }
        },
        IntendedDifference(id: "high-tag-number", rule: "an element with a tag number of 31 or more (X.690 §8.1.2.4), here inside an ANY value: no type of RFC 5280's modules has one, and VouchDER reads that form only when asked (`allowHighTagNumbers`), as webpki refuses it; swift-asn1 reads it (Apple's handling is not established)") {
            if case .malformed(.highTagNumber) = vouchError($0)?.kind { return true }
            return false
        },
        IntendedDifference(id: "second-61", rule: "a time whose seconds are 61: Apple allows 00 to 60 (SECTRUST.md §6, a leap second), as ISO 8601 does; swift-asn1 allows 61") {
            guard vouchError($0)?.field == .validity, let validity = Localize.tbsField(certificate: $0.bytes, index: 3) else { return false }
            return Localize.times(validity).contains { time in
                let text = Array(time.content)
                let secondsAt = time.tag == .utcTime ? 10 : 12
                return text.count >= secondsAt + 2 && text[secondsAt] == UInt8(ascii: "6") && text[secondsAt + 1] == UInt8(ascii: "1")
            }
        },
        IntendedDifference(id: "critical-extension-unparseable", rule: "a critical known extension that does not parse: Apple rejects the certificate (SECTRUST.md §10); swift-certificates decodes extensions only when asked") {
            if case .unparseableCriticalExtension = vouchError($0)?.kind { return true }
            return false
        },
        IntendedDifference(id: "fractional-seconds", rule: "a GeneralizedTime with fractional seconds: RFC 5280 §4.1.2.5.2 (MUST NOT) and Apple (SECTRUST.md §6) reject it; swift-certificates accepts") {
            guard vouchError($0)?.field == .validity, let validity = Localize.tbsField(certificate: $0.bytes, index: 3) else { return false }
            return Localize.times(validity).contains { $0.tag == .generalizedTime && $0.content.contains(UInt8(ascii: ".")) }
        },
        // Both accept, a field differs.
        IntendedDifference(id: "utctime-50-69", rule: "a UTCTime with year 50 to 69: Apple reads it as 2001-01-01T00:00:00Z (SECTRUST.md §6, a quirk Vouch keeps); RFC 5280 §4.1.2.5.1 and swift-certificates read 1950 to 1969") {
            guard case .field(let field, _, _) = $0.kind, let validity = $0.vouch?.validity else { return false }
            return (field == .notBefore && validity.notBefore.isTwoDigitYearQuirk)
                || (field == .notAfter && validity.notAfter.isTwoDigitYearQuirk)
        },
        IntendedDifference(id: "key-usage-encoding", rule: "a KeyUsage BIT STRING with trailing zero bits (not the minimal form of X.690 §11.2.2) or bits past decipherOnly: Apple reads 1 or 2 data octets (SECTRUST.md §10); swift-certificates wants the last bit set and at most 9 bits") {
            guard case .field(.keyUsage, _, "error") = $0.kind, let usage = $0.vouch?.keyUsage else { return false }
            let count = usage.bits.bitCount
            return (count > 0 && !usage.bits.isSet(count - 1)) || count > 9
        },
        IntendedDifference(id: "key-usage-empty", rule: "a KeyUsage BIT STRING with no bits: RFC 5280 §4.2.1.3 wants at least one bit set, and Apple reads 1 or 2 data octets (SECTRUST.md §10), so Vouch does not decode it; swift-certificates reads it as no usage") {
            guard case .field(.keyUsage, "error", _) = $0.kind,
                let found = $0.vouch?.extensions[VouchDER.OID.keyUsage]
            else { return false }
            return found.value.elementsEqual([0x03, 0x01, 0x00])
        },
        IntendedDifference(id: "invalid-utf8-in-name", rule: "a UTF8String in a name that is not UTF-8: Vouch keeps a name's octets as encoded (Apple compares names by their bytes); swift-certificates decodes it into a Swift String, which replaces the bad sequences, so the DER it gives back is not the certificate's") {
            guard case .field(let field, _, _) = $0.kind, let certificate = $0.vouch else { return false }
            switch field {
            case .issuer: return hasInvalidUTF8(certificate.issuer)
            case .subject: return hasInvalidUTF8(certificate.subject)
            case .subjectAlternativeNames:
                return certificate.subjectAlternativeNames?.names.contains {
                    if case .directoryName(let name) = $0 { return hasInvalidUTF8(name) }
                    return false
                } ?? false
            default: return false
            }
        },
        IntendedDifference(id: "ia5-octets", rule: "an rfc822Name, dNSName or URI with octets above 0x7F: Vouch keeps the octets (Apple decodes dNSName as UTF-8 and judges it when matching, SECTRUST.md §5); swift-certificates rejects the extension, as IA5String allows 0x00-0x7F only") {
            guard case .field(.subjectAlternativeNames, _, "error") = $0.kind, let names = $0.vouch?.subjectAlternativeNames else { return false }
            return names.names.contains {
                switch $0 {
                case .rfc822Name(let octets), .dnsName(let octets), .uniformResourceIdentifier(let octets): return octets.contains { $0 > 0x7F }
                default: return false
                }
            }
        },
        IntendedDifference(id: "general-name-form", rule: "a GeneralName in the wrong form: under IMPLICIT TAGS a tag keeps the form of its type (X.690 §8.14.3), so otherName [0], x400Address [3], directoryName [4] and ediPartyName [5] are constructed and the others primitive (RFC 5280 §4.2.1.6); Vouch rejects the extension, swift-certificates reads a primitive [3] or [5] as an opaque value") {
            guard case .field(.subjectAlternativeNames, "error", _) = $0.kind, let certificate = $0.vouch,
                let found = certificate.extensions[VouchDER.OID.subjectAltName]
            else { return false }
            var reader = DERReader(found.value)
            guard let sequence = try? reader.readElement(), var names = try? reader.reader(overContentOf: sequence) else { return false }
            while !names.isAtEnd, let name = try? names.readElement() {
                let mustBeConstructed = [UInt32(0), 3, 4, 5].contains(name.tag.number)
                if name.tag.isConstructed != mustBeConstructed { return true }
            }
            return false
        },
        IntendedDifference(id: "oid-first-arcs", rule: "an OID whose first subidentifier is 120 or more: X.690 §8.19.4 reads it as 2.(n - 80); swift-asn1 1.7.4 divides by 40 and prints a first arc of 3 or more") {
            guard case .field(let field, _, _) = $0.kind, let certificate = $0.vouch else { return false }
            let isLarge: (VouchDER.OID) -> Bool = { $0.arcs.count >= 2 && $0.arcs[0] == 2 && $0.arcs[1] >= 40 }
            switch field {
            case .extendedKeyUsage: return certificate.extendedKeyUsage?.purposes.contains(where: isLarge) ?? false
            case .subjectAlternativeNames:
                return certificate.subjectAlternativeNames?.names.contains {
                    switch $0 {
                    case .otherName(let typeID, _): return isLarge(typeID)
                    case .registeredID(let oid): return isLarge(oid)
                    default: return false
                    }
                } ?? false
            default: return false
            }
        },
        IntendedDifference(id: "san-read-as-apple", rule: "a subjectAltName entry whose content is not a GeneralName of its form (an otherName without its value, a directoryName that is not a Name, a registeredID that is not an OID), or a constructed [6] holding an IA5String: Apple's parser reads only the tags (SecCEPSubjectAltName, SecCertificateParseGeneralNameContentProperty), so Vouch keeps the entry undecoded (or reads the URI) and the extension decodes; swift-certificates rejects the extension") {
            guard case .field(.subjectAlternativeNames, _, "error") = $0.kind, let names = $0.vouch?.subjectAlternativeNames,
                let found = $0.vouch?.extensions[VouchDER.OID.subjectAltName]
            else { return false }
            if !names.undecodedNames.isEmpty { return true }
            var reader = DERReader(found.value)
            guard let sequence = try? reader.readElement(), var entries = try? reader.reader(overContentOf: sequence) else { return false }
            while !entries.isAtEnd, let entry = try? entries.readElement() {
                if entry.tag.tagClass == .contextSpecific && entry.tag.number == 6 && entry.tag.isConstructed { return true }
            }
            return false
        },
        IntendedDifference(id: "other-name-without-value", rule: "a subjectAltName otherName that holds its type-id and no `[0] EXPLICIT` value, which RFC 5280 §4.2.1.6 requires: Vouch keeps it undecoded, as it keeps every entry that is not a GeneralName of its form (san-read-as-apple); swift-certificates reads it as an otherName with no value") {
            guard case .field(.subjectAlternativeNames, _, let other) = $0.kind, other != "error",
                let names = $0.vouch?.subjectAlternativeNames
            else { return false }
            return names.undecodedNames.contains { name in
                var entry = DERReader(name.encoded)
                guard name.form == 0, let element = try? entry.readElement(), var content = try? entry.reader(overContentOf: element),
                    (try? content.readOID()) != nil
                else { return false }
                return content.isAtEnd
            }
        },
        IntendedDifference(id: "eku-duplicate-purpose", rule: "an extendedKeyUsage that lists a key purpose twice: RFC 5280 §4.2.1.12 does not forbid it and Apple's parser (SecCEPExtendedKeyUsage) only counts the OIDs, so Vouch reads the list; swift-certificates rejects the extension") {
            guard case .field(.extendedKeyUsage, _, "error") = $0.kind, let purposes = $0.vouch?.extendedKeyUsage?.purposes else { return false }
            return Set(purposes).count < purposes.count
        },
        // Vouch accepts, swift-certificates rejects: swift-certificates is stricter, or parses more at once.
        IntendedDifference(id: "serial-encoding", rule: "a serial number INTEGER not in minimal form (X.690 §8.3.2) or negative: Apple checks only its length (SECTRUST.md §10), and RFC 5280 §4.1.2.2 asks certificate users to handle negative serials gracefully; swift-certificates rejects both") {
            otherPart($0) == .serialNumber
        },
        IntendedDifference(id: "opaque-value-contents", rule: "a constructed value that Vouch keeps opaque (a name's attribute value, ANY; a GeneralName's x400Address, ediPartyName or otherName value) whose contents are not well-formed DER: Vouch, like Apple's parser, reads only its header (names are compared byte for byte); swift-asn1 parses every constructed node to its leaves") {
            guard let certificate = $0.vouch else { return false }
            switch $0.kind {
            case .otherRejects(.issuer?, _): return hasMalformedConstructedValue(certificate.issuer)
            case .otherRejects(.subject?, _): return hasMalformedConstructedValue(certificate.subject)
            case .field(.subjectAlternativeNames, _, "error"):
                return certificate.subjectAlternativeNames?.names.contains {
                    switch $0 {
                    case .x400Address(let content), .ediPartyName(let content), .otherName(_, let content):
                        return (try? DERNode.parse(content)) == nil
                    case .directoryName(let name): return hasMalformedConstructedValue(name)
                    default: return false
                    }
                } ?? false
            default: return false
            }
        },
        IntendedDifference(id: "explicit-false-critical", rule: "`critical` encoded as an explicit FALSE: DER omits a DEFAULT value (X.690 §11.5), but Apple accepts it and real CAs issue it (Extension.swift); swift-asn1 rejects it") {
            guard case .extension(_, let offset)? = otherPart($0), let certificate = $0.vouch else { return false }
            var reader = DERReader(certificate.derEncoded[offset...])
            guard let element = try? reader.readElement(), var inner = try? reader.reader(overContentOf: element),
                (try? inner.readOID()) != nil, let critical = try? inner.readOptionalElement(.boolean)
            else { return false }
            return critical.content.elementsEqual([0x00])
        },
        IntendedDifference(id: "explicit-false-ca", rule: "basicConstraints with `cA` encoded as an explicit FALSE: DER omits a DEFAULT value (X.690 §11.5), but Apple accepts it (BasicConstraints.swift); swift-asn1 rejects the extension") {
            guard case .field(.basicConstraints, _, "error") = $0.kind, let certificate = $0.vouch,
                let found = certificate.extensions[VouchDER.OID.basicConstraints]
            else { return false }
            var reader = DERReader(found.value)
            guard let sequence = try? reader.readElement(), var inner = try? reader.reader(overContentOf: sequence),
                let ca = try? inner.readOptionalElement(.boolean)
            else { return false }
            return ca.content.elementsEqual([0x00])
        },
        IntendedDifference(id: "path-length-without-ca", rule: "basicConstraints with a pathLenConstraint but cA FALSE: RFC 5280 §4.2.1.9 forbids CAs to issue it, a rule for issuers; the value is well-formed DER and Vouch reads it as not a CA (the length is then meaningless), while swift-certificates rejects the extension") {
            guard case .field(.basicConstraints, _, "error") = $0.kind, let constraints = $0.vouch?.basicConstraints else { return false }
            return !constraints.isCertificateAuthority && constraints.pathLengthConstraint != nil
        },
        IntendedDifference(id: "public-key-unusable", rule: "swift-certificates builds a usable key at parse (P-256/384/521 points on the curve, RSA keys swift-crypto takes, Ed25519); Apple parses any SubjectPublicKeyInfo and judges the key at evaluation (SECTRUST.md §7, §10: WeakKeySize)") {
            otherPart($0) == .subjectPublicKeyInfo
        },
        IntendedDifference(id: "unique-identifiers", rule: "issuerUniqueID and subjectUniqueID are `[1] IMPLICIT` and `[2] IMPLICIT` (RFC 5280 §4.1, the module's IMPLICIT TAGS); swift-certificates 1.21.1 reads them as EXPLICIT and so rejects every certificate that has one") {
            otherPart($0) == .issuerUniqueID || otherPart($0) == .subjectUniqueID
        },
        IntendedDifference(id: "duplicate-extensions", rule: "two extensions with one OID: Apple accepts the certificate and flags it at evaluation (SECTRUST.md §10: DuplicateExtension)") {
            otherPart($0) == .duplicateExtension
        },
        IntendedDifference(id: "signature-algorithm-unsupported", rule: "swift-certificates parses only the 8 signature algorithms it can verify; Apple parses any AlgorithmIdentifier and fails the signature at evaluation (SECTRUST.md §10)") {
            otherPart($0) == .signatureAlgorithm
        },
        IntendedDifference(id: "signature-value-unparsed", rule: "swift-certificates decodes the signature value (ECDSA Sig-Value, Ed25519 padding) at parse; Apple only when verifying, where a malformed one fails the signature") {
            otherPart($0) == .signatureValue
        },
    ]

    /// Whether a name has a constructed attribute value whose contents do not parse as DER.
    static func hasMalformedConstructedValue(_ name: DistinguishedName) -> Bool {
        name.attributes.contains { $0.value.tag.isConstructed && (try? DERNode.parse($0.value.content)) == nil }
    }

    /// Whether a name has a UTF8String attribute whose octets are not UTF-8.
    static func hasInvalidUTF8(_ name: DistinguishedName) -> Bool {
        name.attributes.contains { $0.value.tag == .utf8String && String(validating: $0.value.content, as: UTF8.self) == nil }
    }

    static func vouchError(_ divergence: Divergence) -> X509Error? {
        if case .vouchRejects(let error) = divergence.kind { return error }
        return nil
    }

    static func otherPart(_ divergence: Divergence) -> Divergence.Part? {
        if case .otherRejects(let part, _) = divergence.kind { return part }
        return nil
    }
}
