import VouchDER
import VouchX509

/// The presented DNS identifiers of a certificate: its SAN dNSName entries that Apple keeps
/// (SECTRUST.md §5.1, `SecCertificateCopyDNSNamesFromSAN`).
///
/// Apple decodes each dNSName as UTF-8 and keeps it only if it is "DNS-like"
/// (`SecFrameworkIsDNSName`). An entry that is not UTF-8 at all is an error in Apple's
/// GeneralNames walk, which discards every dNSName of the certificate, not just that one.
/// The subject's common name is never used.
enum PresentedDNSNames {
    /// Whether a kept dNSName (ASCII octets) satisfies `predicate`, asked in SAN order; `false`
    /// when the SAN is absent or malformed, or when some dNSName is not valid UTF-8. No array is
    /// built: this runs once per evaluation with a hostname.
    static func contains(
        in subjectAlternativeNames: SubjectAlternativeNames?, where predicate: (ArraySlice<UInt8>) -> Bool
    ) -> Bool {
        guard let names = subjectAlternativeNames?.names else { return false }
        for case .dnsName(let name) in names where DERString.firstInvalidUTF8(name) != nil { return false }
        for case .dnsName(let name) in names where isDNSLike(name) && predicate(name) { return true }
        return false
    }

    /// Where the scan of a name stands: what the previous character was.
    private enum State {
        case start, afterDot, afterLetter, afterDigit, afterHyphen
    }

    /// Whether `name` is DNS-like as Apple's `SecFrameworkIsDNSName` decides: 1 to 255
    /// characters; labels of 1 to 63 characters from `[A-Za-z0-9*_-]`; no label starts or ends
    /// with `-`; no empty label (so no leading, trailing or doubled dot); and the last label
    /// holds a letter or `*` (`_` counts as neither, so `1.2.3.4` and `a._1` are not names).
    ///
    /// Any octet outside ASCII fails, so counting octets is counting Apple's UTF-16 units.
    static func isDNSLike(_ name: ArraySlice<UInt8>) -> Bool {
        guard !name.isEmpty, name.count <= HostnameLimits.maximumDNSNameLength else { return false }
        var state = State.start
        var labelLength = 0
        var labelHasLetter = false
        for octet in name {
            if octet == UInt8(ascii: ".") {
                guard labelLength <= HostnameLimits.maximumLabelLength,
                    state == .afterLetter || state == .afterDigit
                else { return false }
                state = .afterDot
                labelLength = 0
                labelHasLetter = false
                continue
            }
            labelLength += 1
            switch octet {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "*"):
                state = .afterLetter
                labelHasLetter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                state = .afterDigit
            case UInt8(ascii: "_"):
                // Apple treats `_` like a letter for the hyphen rules but not for the last label.
                state = .afterLetter
            case UInt8(ascii: "-"):
                guard state == .afterLetter || state == .afterDigit || state == .afterHyphen else { return false }
                state = .afterHyphen
            default:
                return false
            }
        }
        return labelLength <= HostnameLimits.maximumLabelLength
            && (state == .afterLetter || state == .afterDigit)
            && labelHasLetter
    }
}
