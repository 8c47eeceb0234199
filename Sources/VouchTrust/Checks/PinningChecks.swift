import VouchCrypto
import VouchDER
import VouchPropertyList
import VouchX509

/// The checks a pinning rule's options add to an SSL policy (SECTRUST.md §17.5), each as
/// trustd's callback in trust/trustd/SecPolicyServer.c decides it, at the chain index it reports
/// (SecPolicyChecks.list: all recoverable, subtype pinning).
///
/// `Revocation` adds no check: trustd sets the path builder's revocation method
/// (`SecPolicyCheckRevocation`), which fetches OCSP. Vouch does not yet turn it into a fetch; the CRLs and
/// OCSP responses the caller supplies are consulted for every evaluation (``RevocationChecker``),
/// and a certificate they leave undetermined passes unless a positive response is required
/// (``TrustCheck/revocationResponseRequired``): the soft failure trustd reports without an answer.
enum PinningChecks {
    /// Appends the failures of `rule` on `context`'s path; `isAppleAnchor` says which tops pass
    /// `AnchorApple`.
    static func run(
        _ context: PathContext, rule: ApplePinningDatabase.Rule, isAppleAnchor: (Certificate) -> Bool,
        into failures: inout [TrustFailure]
    ) {
        let path = context.facts
        let top = context.topIndex
        // The intermediates: indices 1 ..< count - 1 (none in a path of one or two).
        let intermediates = path.count > 2 ? Array(path[1..<top]) : []
        // SecPolicyCheckSubjectOrganization: the leaf, reported at 0.
        if let organization = rule.subjectOrganization, !hasOnlyAttribute(.organizationName, organization, path[0].certificate) {
            failures.append(TrustFailure(index: 0, check: .subjectOrganization))
        }
        // SecPolicyCheckLeafMarkerOid: the leaf carries the marker, reported at 0.
        if let marker = rule.leafMarker, !hasMarker(marker, path[0].certificate) {
            failures.append(TrustFailure(index: 0, check: .leafMarkerOid))
        }
        // SecPolicyCheckLeafMarkersProdAndQA: the production marker alone (none: fails).
        if let markers = rule.leafMarkersProdAndQA, !(markers.production.map { hasMarker($0, path[0].certificate) } ?? false) {
            failures.append(TrustFailure(index: 0, check: .leafMarkersProdAndQA))
        }
        // SecPolicyCheckIntermediateMarkerOid: some intermediate carries it; reported at 0.
        if let marker = rule.intermediateMarker, !intermediates.contains(where: { hasMarker(marker, $0.certificate) }) {
            failures.append(TrustFailure(index: 0, check: .intermediateMarkerOid))
        }
        // SecPolicyCheckIntermediateOrganization / Country: every intermediate, each at its index.
        for (offset, intermediate) in intermediates.enumerated() {
            if let organization = rule.intermediateOrganization,
                !hasOnlyAttribute(.organizationName, organization, intermediate.certificate) {
                failures.append(TrustFailure(index: offset + 1, check: .intermediateOrganization))
            }
            if let country = rule.intermediateCountry, !hasOnlyAttribute(.countryName, country, intermediate.certificate) {
                failures.append(TrustFailure(index: offset + 1, check: .intermediateCountry))
            }
        }
        // SecPolicyCheckAnchorSHA256: the SHA-256 of the path's top, reported at the top.
        if let digests = rule.anchorSHA256 {
            let digest = HashAlgorithm.sha256.digest(path[top].certificate.derEncoded)
            if !digests.contains(digest) { failures.append(TrustFailure(index: top, check: .anchorSHA256)) }
        }
        // SecPolicyCheckAnchorApple: the path's top (anchored or not), reported at 0.
        if rule.anchorApple != nil, !isAppleAnchor(path[top].certificate) {
            failures.append(TrustFailure(index: 0, check: .anchorApple))
        }
        // SecPolicyCheckCertificatePolicy: any certificate of the path asserts the OID
        // (`checkPolicyOidData` over `policies_for_cert`); an OID that does not parse fails.
        if let dotted = rule.certificatePolicy {
            let oid = OID(dotted: dotted)
            let asserted = oid.map { oid in path.contains { $0.policyIdentifiers?.contains(oid) == true } } ?? false
            if !asserted { failures.append(TrustFailure(index: 0, check: .certificatePolicy)) }
        }
        // SecPolicyCheckChainLength: exactly this many certificates, reported at 0.
        if let length = rule.chainLength, length != path.count {
            failures.append(TrustFailure(index: 0, check: .chainLength))
        }
    }

    /// `SecPolicyCheckCertSubjectOrganization` / `…SubjectCountry` (SecPolicyLeafCallbacks.c):
    /// the subject has exactly one attribute of `type` and its text equals `expected`.
    static func hasOnlyAttribute(_ type: OID, _ expected: String, _ certificate: Certificate) -> Bool {
        let values = certificate.subject.attributes.filter { $0.type == type }
        return values.count == 1 && values[0].text == expected
    }

    /// `SecCertificateHasMarkerExtension` (OSX/sec/Security/SecCertificate.c): any part met.
    static func hasMarker(_ requirement: ApplePinningDatabase.MarkerRequirement, _ certificate: Certificate) -> Bool {
        switch requirement {
        case .extensionPresent(let dotted):
            guard let oid = OID(dotted: dotted) else { return false }
            return markerValue(certificate, oid: oid.bytes, matches: nil)
        case .encodedExtensionPresent(let bytes):
            return markerValue(certificate, oid: bytes[...], matches: nil)
        case .extensionValues(let entries):
            return entries.contains { dotted, expected in
                guard let oid = OID(dotted: dotted) else { return false }
                return markerValue(certificate, oid: oid.bytes, matches: expected)
            }
        case .anyOf(let parts):
            return parts.contains { hasMarker($0, certificate) }
        }
    }

    /// `cert_contains_marker_extension_value`: the *first* extension with the OID decides, by
    /// `matches_expected` over its value's first element: NULL when nothing is expected; an
    /// IA5String or UTF8String equal to an expected string; an OCTET STRING equal to expected
    /// data; a non-negative INTEGER of at most four octets equal to an expected number (or a
    /// string's leading decimal value).
    static func markerValue(_ certificate: Certificate, oid: ArraySlice<UInt8>, matches expected: PropertyList?) -> Bool {
        guard let found = certificate.extensions.first(where: { $0.oid.bytes.elementsEqual(oid) }), found.value.count > 1 else {
            return false
        }
        var reader = DERReader(found.value)
        guard let element = try? reader.readElement() else { return false }
        let content = element.content
        switch (element.tag, expected) {
        case (.null, nil):
            return content.isEmpty
        case (.ia5String, .string(let text)?), (.utf8String, .string(let text)?):
            guard let decoded = String(validating: content, as: UTF8.self) else { return false }
            return decoded.unicodeScalars.elementsEqual(text.unicodeScalars)
        case (.octetString, .data(let bytes)?):
            return content.elementsEqual(bytes)
        case (.integer, .integer(let number)?):
            return unsignedValue(content) == UInt32(truncatingIfNeeded: Int32(truncatingIfNeeded: number))
        case (.integer, .string(let text)?):
            return unsignedValue(content) == UInt32(bitPattern: leadingInteger(text))
        default:
            return false
        }
    }

    /// libDER's `DERParseInteger`: a non-negative INTEGER of at most four value octets (one
    /// leading zero octet allowed), as a `UInt32`; `nil` otherwise.
    static func unsignedValue(_ content: ArraySlice<UInt8>) -> UInt32? {
        guard let first = content.first, first & 0x80 == 0 else { return nil }
        let octets = first == 0 ? content.dropFirst() : content
        guard octets.count <= 4 else { return nil }
        return octets.reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
    }

    /// `CFStringGetIntValue`: the leading decimal value of `text` (optional spaces and sign), 0 if
    /// none, clamped to `Int32`.
    static func leadingInteger(_ text: String) -> Int32 {
        var scalars = Substring(text).drop { $0 == " " }
        var negative = false
        if let sign = scalars.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            scalars = scalars.dropFirst()
        }
        var value: Int64 = 0
        for character in scalars {
            guard let digit = character.wholeNumberValue, character.isASCII else { break }
            value = min(value * 10 + Int64(digit), Int64(Int32.max) + 1)
        }
        if negative { value = -value }
        return Int32(clamping: value)
    }
}
