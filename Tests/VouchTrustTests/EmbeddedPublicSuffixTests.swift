import Testing
import VouchCrypto
@testable import VouchTrust

/// The Public Suffix List compiled into Vouch (PublicSuffixTable.swift, made by
/// scripts/generate-public-suffix-table): well formed, the same answers as the file it was made
/// from, and the default of hostname matching whatever the machine has installed.
@Suite struct EmbeddedPublicSuffixTests {
    /// Answers that hold for the embedded snapshot, no file needed.
    @Test(arguments: [
        ("com", true), ("example.com", false), ("co.uk", true), ("CO.UK", true), ("uk", true),
        ("example.co.uk", false), ("foo.ck", true), ("a.foo.ck", false), ("www.ck", false),
        ("foo.kawasaki.jp", true), ("city.kawasaki.jp", false), ("kawasaki.jp", false),
        ("公司.cn", true), ("xn--55qx5d.cn", true), ("XN--55QX5D.CN", true), ("example.xn--55qx5d.cn", false),
        ("github.io", false), ("unknowntld", true), ("example.unknowntld", false), ("", false), ("co.uk.", false),
    ])
    func knownAnswers(_ domain: String, _ isSuffix: Bool) {
        #expect(PublicSuffixList.embedded.isPublicSuffix(domain) == isSuffix, "\(domain)")
    }

    /// The private section (the strict profile's) adds to the ICANN rules; Apple's list has none of it.
    @Test(arguments: [
        ("github.io", true), ("s3.amazonaws.com", true), ("example.s3.amazonaws.com", false), ("co.uk", true),
        ("example.co.uk", false), ("foo.compute.amazonaws.com", true), ("amazonaws.com", false), ("com", true),
    ])
    func privateSection(_ domain: String, _ isSuffix: Bool) {
        #expect(PublicSuffixList.embedded.includingPrivateDomains.isPublicSuffix(domain) == isSuffix, "\(domain)")
        #expect(PublicSuffixList.embedded.includesPrivateDomains == false)
    }

    /// The lookup is a binary search on the table's bytes: it is right only if every line is
    /// `name` TAB one or two flag digits and the names are strictly increasing as bytes.
    @Test func tableIsSortedAndWellFormed() throws {
        let lines = PublicSuffixTable.text.withUTF8Buffer { Array($0) }.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == PublicSuffixTable.entryCount)
        var previous: [UInt8] = []
        for line in lines {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            try #require(fields.count == 2, "\(String(decoding: line, as: UTF8.self))")
            let name = Array(fields[0]), flags = Array(fields[1])
            let digits = UInt8(ascii: "0")...UInt8(ascii: "7")
            #expect(flags.count == 1 || flags.count == 2)
            #expect(flags.allSatisfy(digits.contains) && flags.last != UInt8(ascii: "0"), "\(String(decoding: line, as: UTF8.self))")
            #expect(previous.lexicographicallyPrecedes(name), "\(String(decoding: name, as: UTF8.self)) out of order")
            let icann = flags[0] - UInt8(ascii: "0"), privateSection = flags.count == 2 ? flags[1] - UInt8(ascii: "0") : 0
            #expect(PublicSuffixTable.flags(of: name) == icann | privateSection << PublicSuffixTable.privateShift)
            previous = name
        }
        #expect(PublicSuffixTable.flags(of: Array("".utf8)) == 0)
        #expect(PublicSuffixTable.flags(of: Array("zzzzzzzz".utf8)) == 0)
        #expect(PublicSuffixTable.flags(of: Array("0".utf8)) == 0)
        #expect(PublicSuffixTable.flags(of: Array("co.u".utf8)) == 0, "a prefix of a name is not the name")
    }

    static let sourceFile = PublicSuffixList.systemPaths[0]
    static let sourceFilePresent: Bool = (try? FileSystem.contents(of: sourceFile, limit: PublicSuffixList.maximumFileSize).get()).map {
        var hash = SHA256()
        hash.update($0)
        return hash.finalize().map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
            == PublicSuffixTable.sourceSHA256
    } ?? false

    /// Every rule of the file the table was made from, its neighbours and its wildcard and
    /// exception children get the same answer from the table as from the file parsed at run time.
    @Test(.enabled(if: sourceFilePresent, "\(sourceFile) is absent or is not the version the table was made from (\(PublicSuffixTable.source))"))
    func sameAnswersAsTheSourceFile() throws {
        let parsed = try #require(PublicSuffixList.load(fromPaths: [Self.sourceFile]))
        let contents = try FileSystem.contents(of: Self.sourceFile, limit: PublicSuffixList.maximumFileSize).get()
        var names: Set<String> = []
        for line in String(decoding: contents, as: UTF8.self).split(separator: "\n") {
            guard let rule = line.split(separator: " ").first.map(String.init), !rule.hasPrefix("//") else { continue }
            let body = rule.hasPrefix("!") ? String(rule.dropFirst()) : rule.hasPrefix("*.") ? String(rule.dropFirst(2)) : rule
            names.formUnion([body, "a." + body, "www." + body, "a.b." + body, String(body.drop { $0 != "." }.dropFirst())])
        }
        #expect(names.count > 20_000)
        var differences: [String] = []
        for name in names where parsed.isPublicSuffix(name) != PublicSuffixList.embedded.isPublicSuffix(name)
            || parsed.includingPrivateDomains.isPublicSuffix(name) != PublicSuffixList.embedded.includingPrivateDomains.isPublicSuffix(name)
        {
            differences.append(name)
        }
        #expect(differences.isEmpty, "\(differences.prefix(20))")
        #expect(parsed.ruleCount == PublicSuffixTable.entryCount + Self.namesWithTwoFlags(), "every rule form is in the table")
    }

    /// Names that are both a rule and a wildcard parent, or in both sections, or so: counted once
    /// by the table, once per kind and section by the parsed sets.
    static func namesWithTwoFlags() -> Int {
        PublicSuffixTable.text.withUTF8Buffer { Array($0) }.split(separator: UInt8(ascii: "\n")).reduce(0) { count, line in
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else { return count }
            let bits = line[(tab + 1)...].reduce(0) { $0 + (Int($1) - Int(UInt8(ascii: "0"))).nonzeroBitCount }
            return count + bits - 1
        }
    }

    @Test func overrideVariable() throws {
        #expect(PublicSuffixList.resolve(overridePath: nil).problem == nil)
        let missing = PublicSuffixList.resolve(overridePath: "/nonexistent/list.dat")
        #expect(missing.problem?.contains("cannot be read") == true)
        #expect(missing.list.isPublicSuffix("co.uk"), "a bad override keeps the embedded list, never none")
        let directory = PublicSuffixList.resolve(overridePath: "/")
        #expect(directory.problem != nil)
        #expect(directory.list.isPublicSuffix("co.uk"))
    }

    /// Issue 14's false accept: with no list installed, `*.co.uk` matched `a.co.uk`. The default
    /// list is the embedded one, so the answer no longer depends on the machine.
    @Test func defaultMatchingStopsPublicSuffixWildcards() throws {
        let coUK = try TestCertificate.make(san: [.dns("*.co.uk")])
        #expect(!HostnameMatching.matches("a.co.uk", certificate: coUK))
        #expect(HostnameMatching.matches("a.co.uk", certificate: coUK, publicSuffixes: nil), "no list: Apple's fail-open")
        let example = try TestCertificate.make(san: [.dns("*.example.co.uk")])
        #expect(HostnameMatching.matches("www.example.co.uk", certificate: example))
    }
}
