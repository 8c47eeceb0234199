/// How long trustd keeps what it fetched (SECTRUST.md §16.6, §16.3 item 6): a caIssuers response
/// by its `Cache-Control: max-age`, an OCSP response by its dates and that max-age.
///
/// Read in apple-oss-distributions/Security: `trust/trustd/TrustURLSessionDelegate.m`
/// (`copyParseMaxAge`, `MAX_AGE_DEFAULT`/`MIN`/`MAX`, and `URLSession:task:didCompleteWithError:`,
/// which sets one `maxAge` for every fetch, caIssuers and OCSP alike), `trust/trustd/SecOCSPResponse.c`
/// (`SecOCSPResponseCalculateValidity`), `trust/trustd/SecRevocationServer.c`
/// (`kSecDefaultOCSPResponseTTL`; `SecORVCConsumeOCSPResponse`: a revoked response expires with
/// the certificate; stapled and cached responses are judged with a max-age of 0) and
/// `trust/headers/SecTrustPriv.h` (`TRUST_TIME_LEEWAY`). All times are seconds since 1970.
public enum CacheLifetime {
    /// Apple's `MAX_AGE_DEFAULT`: one day, when a response says nothing usable about its age.
    public static let defaultMaxAge: Int64 = 86_400
    /// Apple's `MAX_AGE_MIN`: one hour; a shorter max-age is ignored (not raised to it), so that a
    /// responder cannot make every evaluation fetch again.
    public static let minimumMaxAge: Int64 = 3_600
    /// Apple's `MAX_AGE_MAX`: seven days; a longer max-age is ignored (not lowered to it), so that
    /// a stale issuer cannot be pinned in the cache for long.
    public static let maximumMaxAge: Int64 = 604_800
    /// Apple's `kSecDefaultOCSPResponseTTL`: an OCSP response without nextUpdate is kept one day.
    public static let defaultOCSPResponseLifetime: Int64 = OCSPChecker.defaultTimeToLive
    /// Apple's `TRUST_TIME_LEEWAY`: one hour for time-zone and daylight-saving mistakes and fifteen
    /// minutes of clock skew, allowed on each side of an OCSP response's dates.
    public static let leeway: Int64 = OCSPChecker.leeway

    /// The max-age of a fetched response, in seconds: the first `max-age` directive of
    /// `cacheControl` (``maxAgeDirective(in:)``) read as a decimal number, used only when it lies
    /// in [``minimumMaxAge``, ``maximumMaxAge``]; else, without the header, or when the body is
    /// empty, ``defaultMaxAge``. Not a clamp: 60 and 604,801 both give one day. A fraction is
    /// dropped (Apple keeps it: 3600.5 s).
    ///
    /// It is how long a caIssuers response stays fresh in the cache, and the `maxAge` of a
    /// fetched OCSP response (``ocspResponseExpiry(thisUpdate:producedAt:latestNextUpdate:maxAge:now:isRevoked:certificateNotAfter:)``):
    /// trustd computes one value per request, for both kinds.
    public static func caIssuersLifetime(cacheControl: String?, bodyIsEmpty: Bool) -> Int64 {
        guard !bodyIsEmpty, let cacheControl, let text = maxAgeDirective(in: cacheControl),
            let value = leadingDecimalNumber(text), value >= Double(minimumMaxAge), value <= Double(maximumMaxAge)
        else { return defaultMaxAge }
        // Cannot trap: the value lies in [3,600, 604,800].
        return Int64(value)
    }

    /// When an accepted OCSP response expires from the cache (`SecOCSPResponseCalculateValidity`),
    /// or `nil` when its dates refuse it:
    /// - revoked ⇒ `certificateNotAfter` (kept until the certificate itself expires), dates unread;
    /// - `producedAt` or `thisUpdate` later than `now` + ``leeway`` ⇒ refused;
    /// - no nextUpdate ⇒ `now` + ``defaultOCSPResponseLifetime``;
    /// - `latestNextUpdate` earlier than `now` − ``leeway`` ⇒ refused;
    /// - 0 < `maxAge` < `latestNextUpdate` − `now` ⇒ `now` + `maxAge` (the responder asks for an
    ///   earlier refetch);
    /// - else `latestNextUpdate` (a max-age past it is ignored).
    ///
    /// - Parameters:
    ///   - thisUpdate: the latest thisUpdate of the response's single responses (Apple refuses
    ///     the response when any is in the future).
    ///   - producedAt: the response's producedAt.
    ///   - latestNextUpdate: the latest nextUpdate of its single responses, `nil` when none has one.
    ///   - maxAge: ``caIssuersLifetime(cacheControl:bodyIsEmpty:)`` of the HTTP response for a
    ///     fetched response (so never 0: one day without a header); `nil` or 0 for a stapled or
    ///     cached one.
    ///   - now: the current time.
    ///   - isRevoked: whether the single response about the certificate says revoked.
    ///   - certificateNotAfter: the certificate's notAfter.
    public static func ocspResponseExpiry(
        thisUpdate: Int64, producedAt: Int64, latestNextUpdate: Int64?, maxAge: Int64?, now: Int64, isRevoked: Bool,
        certificateNotAfter: Int64
    ) -> Int64? {
        OCSPChecker.responseExpiry(
            thisUpdate: thisUpdate, producedAt: producedAt, latestNextUpdate: latestNextUpdate, maxAge: maxAge, now: now,
            isRevoked: isRevoked, certificateNotAfter: certificateNotAfter)
    }

    /// The value of the first `max-age` directive of a `Cache-Control` header, as Apple's
    /// `copyParseMaxAge` finds it: the header split at commas outside double quotes, each part
    /// trimmed of blanks (spaces, tabs and other space separators); the first part that begins
    /// with `max-age` (any case) followed by blanks, `=`, blanks and a value. Its value runs to
    /// the end of the part. A `max-age` without a value (`max-age`, `max-age=`) does not count and
    /// the search goes on; once one is found, later ones are not read. Apple's scan after the
    /// `=` is kept as written, quirks included: in `max-age=5 =7` a later `=` starts the value
    /// again (`7`).
    public static func maxAgeDirective(in header: String) -> Substring? {
        let scalars = Array(header.unicodeScalars)
        let name = Array("max-age".unicodeScalars)
        var componentStart = 0
        while componentStart <= scalars.count {
            var index = componentStart
            var first: Int? = nil
            var last = componentStart
            var inQuotes = false
            while index < scalars.count, inQuotes || scalars[index] != "," {
                if !isBlank(scalars[index]) {
                    if first == nil { first = index }
                    last = index
                    if scalars[index] == "\"" { inQuotes.toggle() }
                }
                index += 1
            }
            if let first, last - first + 1 >= name.count,
                zip(scalars[first..<(first + name.count)], name).allSatisfy({ asciiLowercased($0.0) == $0.1 })
            {
                let end = last + 1
                var cursor = first + name.count
                var valueStart: Int? = nil
                while cursor < end {
                    if scalars[cursor] == "=" {
                        cursor += 1
                        while cursor < end, isBlank(scalars[cursor]) { cursor += 1 }
                        if cursor < end { valueStart = cursor }
                    } else if !isBlank(scalars[cursor]) {
                        break
                    }
                    cursor += 1
                }
                if let valueStart {
                    let view = header.unicodeScalars
                    let lower = view.index(view.startIndex, offsetBy: valueStart)
                    let upper = view.index(view.startIndex, offsetBy: end)
                    return Substring(view[lower..<upper])
                }
            }
            componentStart = index + 1
        }
        return nil
    }

    /// The decimal number at the start of `text` (`NSString.doubleValue`'s reading: leading
    /// blanks, a sign, digits, a fraction, an exponent; the rest ignored), or `nil` when it does
    /// not start with one (Apple reads 0 then, which is out of range all the same).
    static func leadingDecimalNumber(_ text: Substring) -> Double? {
        let scalars = Array(text.unicodeScalars.drop(while: isBlank))
        func digits(from start: Int) -> Int {
            var index = start
            while index < scalars.count, scalars[index] >= "0", scalars[index] <= "9" { index += 1 }
            return index
        }
        var end = 0
        if end < scalars.count, scalars[end] == "+" || scalars[end] == "-" { end += 1 }
        let integerEnd = digits(from: end)
        var hasDigits = integerEnd > end
        end = integerEnd
        if end < scalars.count, scalars[end] == "." {
            let fractionEnd = digits(from: end + 1)
            hasDigits = hasDigits || fractionEnd > end + 1
            end = fractionEnd
        }
        guard hasDigits else { return nil }
        if end < scalars.count, scalars[end] == "e" || scalars[end] == "E" {
            var exponentStart = end + 1
            if exponentStart < scalars.count, scalars[exponentStart] == "+" || scalars[exponentStart] == "-" { exponentStart += 1 }
            let exponentEnd = digits(from: exponentStart)
            if exponentEnd > exponentStart { end = exponentEnd }
        }
        var number = String.UnicodeScalarView()
        number.append(contentsOf: scalars[..<end])
        return Double(String(number))
    }

    /// CoreFoundation's whitespace set (`kCFCharacterSetWhitespace`): tab and the space separators.
    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }

    private static func asciiLowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard scalar >= "A", scalar <= "Z", let lower = Unicode.Scalar(scalar.value + 32) else { return scalar }
        return lower
    }
}
