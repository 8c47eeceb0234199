import Testing
@testable import VouchTrust

/// The Public Suffix List reader: the ICANN section of a small inline list, then the system's.
@Suite struct PublicSuffixListTests {
    struct SuffixCase: Sendable, CustomTestStringConvertible {
        let domain: String
        let isPublicSuffix: Bool
        let why: String
        var testDescription: String { "\(domain.debugDescription) \(isPublicSuffix ? "is" : "is not") a suffix: \(why)" }
    }

    static let inlineCases: [SuffixCase] = [
        SuffixCase(domain: "com", isPublicSuffix: true, why: "plain rule"),
        SuffixCase(domain: "example.com", isPublicSuffix: false, why: "registrable under com"),
        SuffixCase(domain: "co.uk", isPublicSuffix: true, why: "rule followed by text"),
        SuffixCase(domain: "CO.Uk", isPublicSuffix: true, why: "ASCII case ignored"),
        SuffixCase(domain: "uk", isPublicSuffix: true, why: "plain rule"),
        SuffixCase(domain: "example.co.uk", isPublicSuffix: false, why: "registrable under co.uk"),
        SuffixCase(domain: "ck", isPublicSuffix: true, why: "single label: the implicit * rule"),
        SuffixCase(domain: "foo.ck", isPublicSuffix: true, why: "wildcard *.ck"),
        SuffixCase(domain: "a.foo.ck", isPublicSuffix: false, why: "below a wildcard match"),
        SuffixCase(domain: "www.ck", isPublicSuffix: false, why: "exception !www.ck"),
        SuffixCase(domain: "a.www.ck", isPublicSuffix: false, why: "below an exception"),
        SuffixCase(domain: "kawasaki.jp", isPublicSuffix: false, why: "a wildcard's parent is not itself a rule"),
        SuffixCase(domain: "foo.kawasaki.jp", isPublicSuffix: true, why: "wildcard *.kawasaki.jp"),
        SuffixCase(domain: "city.kawasaki.jp", isPublicSuffix: false, why: "exception on a CRLF line"),
        SuffixCase(domain: "公司.cn", isPublicSuffix: true, why: "Unicode rule"),
        SuffixCase(domain: "xn--55qx5d.cn", isPublicSuffix: true, why: "Unicode rule in xn-- form"),
        SuffixCase(domain: "XN--55QX5D.CN", isPublicSuffix: true, why: "xn-- form, upper case"),
        SuffixCase(domain: "example.xn--55qx5d.cn", isPublicSuffix: false, why: "registrable under it"),
        SuffixCase(domain: "github.io", isPublicSuffix: false, why: "private section ignored"),
        SuffixCase(domain: "unknowntld", isPublicSuffix: true, why: "single label: the implicit * rule"),
        SuffixCase(domain: "example.unknowntld", isPublicSuffix: false, why: "two labels, no rule"),
        SuffixCase(domain: "", isPublicSuffix: false, why: "empty"),
        SuffixCase(domain: "co.uk.", isPublicSuffix: false, why: "no trailing dot expected"),
    ]

    @Test(arguments: inlineCases)
    func inlineList(_ row: SuffixCase) throws {
        let list = try #require(InlineSuffixes.list)
        #expect(list.isPublicSuffix(row.domain) == row.isPublicSuffix)
    }

    /// Eleven rules in the ICANN section, one of them stored twice (Unicode and `xn--`), and one
    /// in the private section; comments and blank lines add none.
    @Test func inlineRuleCount() throws {
        #expect(try #require(InlineSuffixes.list).ruleCount == 13)
    }

    /// The private section counts only for the list that includes it (the strict profile's).
    @Test func inlinePrivateSection() throws {
        let list = try #require(InlineSuffixes.list)
        #expect(!list.isPublicSuffix("github.io"))
        #expect(list.includingPrivateDomains.isPublicSuffix("github.io"))
        #expect(!list.includingPrivateDomains.isPublicSuffix("example.github.io"))
        #expect(list.includingPrivateDomains.isPublicSuffix("co.uk"))
    }

    /// Wildcard and exception rules with Unicode labels keep their marker out of the `xn--` form.
    @Test func unicodeWildcardAndException() throws {
        let text = "// ===BEGIN ICANN DOMAINS===\nελ\n*.ελ\n!ü.ελ\n// ===END ICANN DOMAINS===\n"
        let list = try #require(PublicSuffixList(parsing: text))
        #expect(list.ruleCount == 6)
        #expect(list.isPublicSuffix("a.ελ"))
        #expect(list.isPublicSuffix("a.xn--qxam"))
        #expect(!list.isPublicSuffix("ü.ελ"))
        #expect(!list.isPublicSuffix("xn--tda.xn--qxam"))
    }

    @Test(arguments: [
        ("no markers", "com\nco.uk\n"),
        ("no end marker", "// ===BEGIN ICANN DOMAINS===\ncom\n"),
        ("only the private section", "// ===BEGIN PRIVATE DOMAINS===\ngithub.io\n// ===END PRIVATE DOMAINS===\n"),
        ("empty", ""),
    ])
    func incompleteListIsRefused(_ note: String, _ text: String) {
        #expect(PublicSuffixList(parsing: text) == nil, "\(note)")
    }

    @Test func missingFilesGiveNoList() {
        #expect(PublicSuffixList.load(fromPaths: ["/nonexistent/public_suffix_list.dat", "/"]) == nil)
    }

    /// The size bound, at N and N + 1 octets (on the system's list, the one file surely there).
    @Test(.enabled(if: systemListPresent, "Debian's publicsuffix is not installed: \(PublicSuffixList.systemPaths[0])"))
    func fileSizeBound() throws {
        let path = PublicSuffixList.systemPaths[0]
        let contents = try FileSystem.contents(of: path, limit: PublicSuffixList.maximumFileSize).get()
        #expect(try FileSystem.contents(of: path, limit: contents.count).get() == contents)
        #expect(FileSystem.contents(of: path, limit: contents.count - 1) == .failure(.tooLarge(limit: contents.count - 1)))
    }

    /// Why a file cannot be read, with the C library's errno and message.
    @Test func fileReadFailures() {
        let missing = FileSystem.contents(of: "/nonexistent/public_suffix_list.dat", limit: 1 << 20)
        #expect(missing == .failure(.cannotOpen(errorNumber: 2)))
        #expect((try? missing.get()) == nil)
        if case .failure(let failure) = missing { #expect(failure.description == "cannot open: No such file or directory") }
        // A directory opens but cannot be read (EISDIR).
        #expect(FileSystem.contents(of: "/", limit: 1 << 20) == .failure(.cannotRead(errorNumber: 21)))
        #expect(FileReadError.tooLarge(limit: 256 << 20).description == "larger than 256 MiB")
    }

    static let systemListPresent = PublicSuffixList.system != nil

    @Test(.enabled(if: systemListPresent, "Debian's publicsuffix is not installed: \(PublicSuffixList.systemPaths[0])"))
    func systemList() throws {
        let list = try #require(PublicSuffixList.system)
        #expect(list.ruleCount > 5000)
        #expect(list.isPublicSuffix("co.uk"))
        #expect(list.isPublicSuffix("com"))
        #expect(!list.isPublicSuffix("example.com"))
        #expect(!list.isPublicSuffix("github.io"), "the private section is not read")
        #expect(list.isPublicSuffix("xn--55qx5d.cn"), "公司.cn in xn-- form")
    }

    @Test(.enabled(if: systemListPresent, "Debian's publicsuffix is not installed: \(PublicSuffixList.systemPaths[0])"))
    func systemListStopsWildcards() throws {
        let coUK = try TestCertificate.make(san: [.dns("*.co.uk")])
        #expect(!HostnameMatching.matches("a.co.uk", certificate: coUK))
        let example = try TestCertificate.make(san: [.dns("*.example.co.uk")])
        #expect(HostnameMatching.matches("www.example.co.uk", certificate: example))
    }
}
