import VouchDER

/// The certificates in the body of a caIssuers response (SECTRUST.md §16.2 item 3), decoded as
/// trustd's `certificatesFromData` decodes them (`trust/trustd/SecCAIssuerRequest.m`): the first
/// form that parses wins, and the HTTP status is not looked at.
public enum FetchedCertificates {
    /// The PEM label Apple looks for (`SecCertificateCreateWithPEM` searches for
    /// `-----BEGIN CERTIFICATE-----` and `-----END CERTIFICATE-----` only).
    static let pemBegin = Array("-----BEGIN CERTIFICATE-----".utf8)
    /// The end line of that block.
    static let pemEnd = Array("-----END CERTIFICATE-----".utf8)

    /// The certificates of a fetched body, or `nil` when it holds none:
    /// 1. one DER certificate at the start of `body` (``Certificate``; bytes after it are ignored,
    ///    as `SecCertificateCreateWithData` ignores them: `SecCertificateParse` decodes the first
    ///    element and cuts `_der.length` to its header and content);
    /// 2. else a BER or DER certs-only CMS message, all its certificates (``CertificatesOnlyCMS``);
    /// 3. else the first `CERTIFICATE` PEM block (RFC 7468; some CAs serve PEM despite RFC 5280
    ///    §4.2.2.1), read with VouchDER's `PEM`, stricter inside the block than Apple's
    ///    tolerant base64 decoder.
    ///
    /// Empty bodies, HTML error pages and other text give `nil`.
    public static func parse(_ body: [UInt8]) -> [Certificate]? {
        if let certificate = try? Certificate(derEncoded: body[...]) { return [certificate] }
        if let certificates = try? CertificatesOnlyCMS.certificates(in: body[...]) { return certificates }
        if let der = firstPEMCertificate(in: body[...]), let certificate = try? Certificate(derEncoded: der[...]) {
            return [certificate]
        }
        return nil
    }

    /// The DER of the first `CERTIFICATE` block: from the first `-----BEGIN CERTIFICATE-----` to
    /// the first `-----END CERTIFICATE-----` after it (text around them, other blocks included,
    /// is not read, as Apple's `strnstr` search does not read it).
    static func firstPEMCertificate(in text: ArraySlice<UInt8>) -> [UInt8]? {
        guard let begin = firstIndex(of: pemBegin, in: text),
            let end = firstIndex(of: pemEnd, in: text[(begin + pemBegin.count)...])
        else { return nil }
        guard let blocks = try? PEM.blocks(in: text[begin..<(end + pemEnd.count)]),
            let block = blocks.first, block.label == "CERTIFICATE"
        else { return nil }
        return block.der
    }

    /// The index where `pattern` first occurs in `text`, as `strnstr` finds it but in one pass for
    /// the two PEM lines: a scan for the first octet that differs from the leading one (`B` of
    /// `-----BEGIN`), then a comparison. A text of dashes or of near-matches costs one pass (the
    /// standard library's `firstRange(of:)` allocates at every step: 24 ms for a 16 KB body under ASan).
    static func firstIndex(of pattern: [UInt8], in text: ArraySlice<UInt8>) -> Int? {
        guard let leading = pattern.first, text.count >= pattern.count else { return nil }
        let anchor = pattern.firstIndex(where: { $0 != leading }) ?? 0
        let last = text.endIndex - pattern.count
        var start = text.startIndex
        while start <= last, let found = text[(start + anchor)...(last + anchor)].firstIndex(of: pattern[anchor]) {
            let candidate = found - anchor
            if text[candidate..<(candidate + pattern.count)].elementsEqual(pattern) { return candidate }
            start = candidate + 1
        }
        return nil
    }
}
