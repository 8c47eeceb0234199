import Testing
import VouchTrust

/// Apple's lifetimes of fetched answers (SECTRUST.md §16.6 max-age, §16.3 item 6, §16.8 item 8):
/// `copyParseMaxAge` with [1 h, 7 d] else one day, and `SecOCSPResponseCalculateValidity`.
@Suite struct CacheLifetimeTests {
    static let day: Int64 = 86_400, hour: Int64 = 3_600

    struct MaxAgeCase: CustomStringConvertible, Sendable {
        let header: String?
        let bodyIsEmpty: Bool
        let lifetime: Int64
        init(_ header: String?, _ lifetime: Int64, bodyIsEmpty: Bool = false) {
            (self.header, self.lifetime, self.bodyIsEmpty) = (header, lifetime, bodyIsEmpty)
        }
        var description: String { "\(header ?? "no header")\(bodyIsEmpty ? ", empty body" : "") ⇒ \(lifetime)" }
    }

    static let maxAgeCases: [MaxAgeCase] = [
        // §16.8 item 8: 60 / 3600 / 604800 / 604801 / absent / empty body ⇒ 1 d / 1 h / 7 d / 1 d / 1 d / 1 d.
        MaxAgeCase("max-age=60", day), MaxAgeCase("max-age=3600", hour), MaxAgeCase("max-age=604800", 7 * day),
        MaxAgeCase("max-age=604801", day), MaxAgeCase(nil, day), MaxAgeCase("max-age=7200", day, bodyIsEmpty: true),
        MaxAgeCase("max-age=3599", day), MaxAgeCase("", day),
        // The first max-age directive, any case, blanks around "=", among other directives.
        MaxAgeCase("public, MAX-AGE = 7200, max-age=9000", 7_200), MaxAgeCase("no-cache,max-age=\t86399", 86_399),
        MaxAgeCase("  max-age=7200  ", 7_200), MaxAgeCase("s-maxage=7200", day), MaxAgeCase("max-agex=7200", day),
        // A max-age without a value does not count; the search goes on.
        MaxAgeCase("max-age, max-age=7200", 7_200), MaxAgeCase("max-age=, max-age=7200", 7_200),
        // A value out of range stops the search all the same: not a clamp, no second chance.
        MaxAgeCase("max-age=60, max-age=7200", day),
        // A comma inside quotes does not split.
        MaxAgeCase("foo=\"a, max-age=7200\", max-age=3700", 3_700),
        // NSString.doubleValue: a leading decimal number, the rest ignored; fractions dropped.
        MaxAgeCase("max-age=7200abc", 7_200), MaxAgeCase("max-age=3600.9", 3_600), MaxAgeCase("max-age=1e4", 10_000),
        MaxAgeCase("max-age=\"7200\"", day), MaxAgeCase("max-age=-7200", day), MaxAgeCase("max-age=abc", day),
        MaxAgeCase("max-age=1e999", day),
        // Apple's scan after "=" kept as written: a second "=" after a blank restarts the value.
        MaxAgeCase("max-age=5 =7200", 7_200),
    ]

    @Test(arguments: maxAgeCases)
    func caIssuersLifetime(_ row: MaxAgeCase) {
        #expect(CacheLifetime.caIssuersLifetime(cacheControl: row.header, bodyIsEmpty: row.bodyIsEmpty) == row.lifetime)
    }

    static let now: Int64 = 1_780_000_000

    struct ExpiryCase: CustomStringConvertible, Sendable {
        let name: String
        let thisUpdate: Int64, producedAt: Int64, nextUpdate: Int64?, maxAge: Int64?, isRevoked: Bool
        let expiry: Int64?
        var description: String { name }
    }

    static let expiryCases: [ExpiryCase] = [
        ExpiryCase(name: "no nextUpdate: now + 24 h", thisUpdate: now - hour, producedAt: now - hour, nextUpdate: nil,
                   maxAge: nil, isRevoked: false, expiry: now + day),
        ExpiryCase(name: "no nextUpdate, a max-age: still now + 24 h", thisUpdate: now, producedAt: now, nextUpdate: nil,
                   maxAge: 2 * hour, isRevoked: false, expiry: now + day),
        ExpiryCase(name: "nextUpdate, no max-age (stapled): nextUpdate", thisUpdate: now - day, producedAt: now - day,
                   nextUpdate: now + 3 * day, maxAge: nil, isRevoked: false, expiry: now + 3 * day),
        ExpiryCase(name: "max-age 0 is none", thisUpdate: now, producedAt: now, nextUpdate: now + 3 * day, maxAge: 0,
                   isRevoked: false, expiry: now + 3 * day),
        ExpiryCase(name: "max-age under nextUpdate - now: now + max-age", thisUpdate: now, producedAt: now,
                   nextUpdate: now + 3 * day, maxAge: day, isRevoked: false, expiry: now + day),
        ExpiryCase(name: "max-age equal to nextUpdate - now: nextUpdate", thisUpdate: now, producedAt: now,
                   nextUpdate: now + day, maxAge: day, isRevoked: false, expiry: now + day),
        ExpiryCase(name: "max-age past nextUpdate: nextUpdate", thisUpdate: now, producedAt: now, nextUpdate: now + hour,
                   maxAge: 7 * day, isRevoked: false, expiry: now + hour),
        ExpiryCase(name: "huge max-age does not wrap", thisUpdate: now, producedAt: now, nextUpdate: now + hour,
                   maxAge: .max, isRevoked: false, expiry: now + hour),
        ExpiryCase(name: "nextUpdate just within the leeway", thisUpdate: now - day, producedAt: now - day,
                   nextUpdate: now - 4_500, maxAge: nil, isRevoked: false, expiry: now - 4_500),
        ExpiryCase(name: "nextUpdate past the leeway: refused", thisUpdate: now - day, producedAt: now - day,
                   nextUpdate: now - 4_501, maxAge: nil, isRevoked: false, expiry: nil),
        ExpiryCase(name: "thisUpdate past now + leeway: refused", thisUpdate: now + 4_501, producedAt: now,
                   nextUpdate: now + day, maxAge: nil, isRevoked: false, expiry: nil),
        ExpiryCase(name: "thisUpdate within the leeway", thisUpdate: now + 4_500, producedAt: now + 4_500,
                   nextUpdate: now + day, maxAge: nil, isRevoked: false, expiry: now + day),
        ExpiryCase(name: "producedAt past now + leeway: refused", thisUpdate: now, producedAt: now + 4_501,
                   nextUpdate: nil, maxAge: nil, isRevoked: false, expiry: nil),
        ExpiryCase(name: "revoked: the certificate's notAfter, dates unread", thisUpdate: now + 9 * day, producedAt: now + 9 * day,
                   nextUpdate: now - 9 * day, maxAge: hour, isRevoked: true, expiry: now + 100 * day),
    ]

    @Test(arguments: expiryCases)
    func ocspResponseExpiry(_ row: ExpiryCase) {
        let expiry = CacheLifetime.ocspResponseExpiry(
            thisUpdate: row.thisUpdate, producedAt: row.producedAt, latestNextUpdate: row.nextUpdate, maxAge: row.maxAge,
            now: Self.now, isRevoked: row.isRevoked, certificateNotAfter: Self.now + 100 * Self.day)
        #expect(expiry == row.expiry)
    }

    @Test("a fetched response without Cache-Control expires after a day at most: Apple's maxAge is never 0 there")
    func fetchedWithoutHeader() {
        let maxAge = CacheLifetime.caIssuersLifetime(cacheControl: nil, bodyIsEmpty: false)
        let expiry = CacheLifetime.ocspResponseExpiry(
            thisUpdate: Self.now, producedAt: Self.now, latestNextUpdate: Self.now + 7 * Self.day, maxAge: maxAge, now: Self.now,
            isRevoked: false, certificateNotAfter: 0)
        #expect(expiry == Self.now + Self.day)
    }

    @Test("the directive's text as Apple cuts it")
    func directive() {
        #expect(CacheLifetime.maxAgeDirective(in: "a, max-age = 12 , b") == "12")
        #expect(CacheLifetime.maxAgeDirective(in: "max-age=1 2") == "1 2")
        #expect(CacheLifetime.maxAgeDirective(in: "no-store") == nil)
        #expect(CacheLifetime.maxAgeDirective(in: "") == nil)
        #expect(CacheLifetime.maxAgeDirective(in: ",,,") == nil)
        #expect(CacheLifetime.maxAgeDirective(in: "max-age=\u{00A0}300") == "300")
    }
}
