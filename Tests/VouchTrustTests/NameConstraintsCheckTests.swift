import Testing
import VouchDER
@testable import VouchTrust
import VouchX509

/// NameConstraintsCheck on its own: one CA's subtrees against one certificate's names
/// (SECTRUST.md §4.2; RFC 5280 §4.2.1.10).
@Suite("NameConstraints check")
struct NameConstraintsCheckTests {
    /// A subtree base: GeneralName tag number and content octets (all primitive forms here).
    struct Base: Sendable, CustomStringConvertible {
        let tag: UInt32
        let octets: [UInt8]
        static func dns(_ text: String) -> Base { Base(tag: 2, octets: Array(text.utf8)) }
        static func email(_ text: String) -> Base { Base(tag: 1, octets: Array(text.utf8)) }
        static func uri(_ text: String) -> Base { Base(tag: 6, octets: Array(text.utf8)) }
        static func ip(_ octets: [UInt8]) -> Base { Base(tag: 7, octets: octets) }
        static func registeredID() -> Base { Base(tag: 8, octets: Array(OID.serverAuth.bytes)) }
        var description: String { "[\(tag)] \(String(decoding: octets, as: UTF8.self))" }
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let note: String
        var permitted: [Base] = []
        var excluded: [Base] = []
        let names: [SANEntry]
        /// Apple's answer.
        let admitted: Bool
        /// The strict profile's, where it differs.
        var strict: Bool? = nil
        var testDescription: String { note }
    }

    static let rows: [Row] = [
        Row(note: "dNSName example.com admits itself", permitted: [.dns("example.com")], names: [.dns("example.com")], admitted: true),
        Row(note: "dNSName example.com admits a subdomain, any case", permitted: [.dns("Example.com")], names: [.dns("A.EXAMPLE.com")], admitted: true),
        Row(note: "dNSName example.com: badexample.com is no subdomain", permitted: [.dns("example.com")], names: [.dns("badexample.com")], admitted: false),
        Row(note: "dNSName .example.com: subdomains only", permitted: [.dns(".example.com")], names: [.dns("example.com")], admitted: false),
        Row(note: "dNSName .example.com admits a subdomain", permitted: [.dns(".example.com")], names: [.dns("a.b.example.com")], admitted: true),
        Row(note: "every name of a constrained form must be permitted", permitted: [.dns("example.com")], names: [.dns("a.example.com"), .dns("other.org")], admitted: false),
        Row(note: "a wildcard SAN is text, not expanded, against an excluded name", excluded: [.dns("bar.example.com")], names: [.dns("*.example.com")], admitted: true),
        Row(note: "excluded dNSName excludes its subdomains", excluded: [.dns("example.com")], names: [.dns("a.example.com")], admitted: false),
        Row(note: "an unconstrained form is not judged", permitted: [.ip([192, 0, 2, 0, 255, 255, 255, 0])], names: [.dns("anything.org")], admitted: true),
        Row(note: "rfc822Name host constraint", permitted: [.email("example.com")], names: [.email("user@EXAMPLE.com")], admitted: true),
        Row(note: "rfc822Name host constraint is not a domain", permitted: [.email("example.com")], names: [.email("user@sub.example.com")], admitted: false),
        Row(note: "rfc822Name .domain constraint", permitted: [.email(".example.com")], names: [.email("user@sub.example.com")], admitted: true),
        Row(note: "rfc822Name mailbox constraint", permitted: [.email("foo@example.com")], names: [.email("bar@example.com")], admitted: false),
        Row(note: "rfc822Name with two @ fails a permitted host", permitted: [.email("example.com")], names: [.email("invalid@address@example.com")], admitted: false),
        // An excluded subtree excludes on a match only (Apple's nc_compare_subtree): what cannot
        // be compared is not excluded; the strict profile excludes it.
        Row(note: "rfc822Name with two @ is not excluded by a host it cannot be compared with", excluded: [.email("other.com")], names: [.email("a@b@example.com")], admitted: true, strict: false),
        Row(note: "iPAddress inside the network", permitted: [.ip([192, 0, 2, 0, 255, 255, 255, 0])], names: [.ip([192, 0, 2, 7])], admitted: true),
        Row(note: "iPAddress outside the network", permitted: [.ip([192, 0, 2, 0, 255, 255, 255, 0])], names: [.ip([198, 51, 100, 7])], admitted: false),
        Row(note: "IPv6 address under an IPv4 constraint", permitted: [.ip([192, 0, 2, 0, 255, 255, 255, 0])], names: [.ip([UInt8](repeating: 0, count: 15) + [1])], admitted: false),
        Row(note: "malformed iPAddress SAN under an excluded IP constraint", excluded: [.ip([10, 0, 0, 0, 255, 0, 0, 0])], names: [.ip([192, 0, 2, 7, 1])], admitted: true, strict: false),
        Row(note: "malformed iPAddress SAN under a permitted IP constraint", permitted: [.ip([10, 0, 0, 0, 255, 0, 0, 0])], names: [.ip([192, 0, 2, 7, 1])], admitted: false),
        Row(note: "malformed excluded IP constraint excludes no address (strict: every address)", excluded: [.ip([10, 0, 0, 0, 255])], names: [.ip([192, 0, 2, 7])], admitted: true, strict: false),
        Row(note: "malformed excluded IP constraint, no address", excluded: [.ip([10, 0, 0, 0, 255])], names: [.dns("example.com")], admitted: true),
        Row(note: "URI constraints do not judge a certificate without a URI", permitted: [.uri("host.example.com")], names: [.dns("example.com")], admitted: true),
    ]

    @Test("one CA's subtrees against a leaf's SANs and subject", arguments: rows)
    func admits(_ row: Row) throws {
        let subtrees = PreparedNameConstraints(try Self.constraints(permitted: row.permitted, excluded: row.excluded))
        let certificate = try TestCertificate.make(san: row.names.isEmpty ? nil : row.names)
        let budget = EvaluationBudget()
        #expect(subtrees.admit(ConstrainedName.all(of: certificate), budget) == row.admitted)
        if let strict = row.strict {
            #expect(subtrees.admit(ConstrainedName.all(of: certificate), defensively: true, budget) == strict)
        }
    }

    @Test("URI constraints judge the host; a URI without a host fails", arguments: [
        ("https://host.example.com/path", "host.example.com", true),
        ("https://user@HOST.example.com:8443/", "host.example.com", true),
        ("https://a.host.example.com/", "host.example.com", false),
        ("https://a.example.com/", ".example.com", true),
        ("https://example.com/", ".example.com", false),
        ("urn:isbn:123", "example.com", false),
        ("https://[2001:db8::1]/", "example.com", false),
    ])
    func uri(_ uri: String, _ constraint: String, _ admitted: Bool) throws {
        let subtrees = PreparedNameConstraints(try Self.constraints(permitted: [.uri(constraint)], excluded: []))
        let name = ConstrainedName(.uniformResourceIdentifier(Array(uri.utf8)[...]))
        let budget = EvaluationBudget()
        #expect(subtrees.admit([name], budget) == admitted)
    }

    @Test("forms Vouch cannot compare are flagged; a certificate without names fails; the budget ends the check")
    func unjudgeable() throws {
        let registered = PreparedNameConstraints(try Self.constraints(permitted: [], excluded: [.registeredID()]))
        #expect(registered.hasUnsupportedForm)
        let dns = PreparedNameConstraints(try Self.constraints(permitted: [.dns("example.com")], excluded: [.ip([1, 2, 3])]))
        #expect(!dns.hasUnsupportedForm)
        let budget = EvaluationBudget()
        #expect(!dns.admit(nil, budget))
        // One comparison (the dNSName against the permitted subtree; the excluded one is of
        // another form). The one that makes maximumNameConstraintComparisons is judged ...
        let name = ConstrainedName(.dnsName(Array("a.example.com".utf8)[...]))
        let atLimit = EvaluationBudget()
        atLimit.nameConstraintComparisons = TrustLimits.maximumNameConstraintComparisons - 1
        #expect(dns.admit([name], atLimit))
        #expect(atLimit.nameConstraintComparisons == TrustLimits.maximumNameConstraintComparisons)
        #expect(!atLimit.nameConstraintsExhausted)
        // ... and the one past it exhausts the budget, which ends the check.
        budget.nameConstraintComparisons = TrustLimits.maximumNameConstraintComparisons
        #expect(!dns.admit([name], budget))
        #expect(budget.nameConstraintsExhausted)
    }

    /// A NameConstraints value from its DER.
    static func constraints(permitted: [Base], excluded: [Base]) throws -> NameConstraints {
        var writer = DERWriter()
        writer.writeElement(.sequence) { value in
            for (number, bases) in [(UInt32(0), permitted), (1, excluded)] where !bases.isEmpty {
                value.writeElement(.contextSpecific(number, constructed: true)) { subtrees in
                    for base in bases {
                        subtrees.writeElement(.sequence) { $0.writeElement(.contextSpecific(base.tag, constructed: false), content: base.octets) }
                    }
                }
            }
        }
        return try NameConstraints(extensionValue: writer.bytes[...])
    }
}
