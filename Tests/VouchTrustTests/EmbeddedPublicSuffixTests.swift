import Testing
import VouchCrypto
@testable import VouchTrust
import VouchTrustData

/// The Public Suffix List compiled into Vouch (Sources/VouchTrustData/PublicSuffixTable.swift, made
/// by scripts/generate-public-suffix-table) and VouchTrust's lookup in it: well formed, the same
/// answers as the file it was made from, and the default of hostname matching whatever the machine
/// has installed.
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

    /// The lookup is a binary search on the table's bytes: it is right only if every entry is a
    /// non-empty name of bytes above 0x20 ended by one flags byte (0x02 to 0x20: some flag set, no
    /// private exception) and the names are strictly increasing as bytes.
    @Test func tableIsSortedAndWellFormed() throws {
        let bytes = PublicSuffixTable.text.withUTF8Buffer { Array($0) }
        var entries: [(name: [UInt8], flags: UInt8)] = []
        var name: [UInt8] = []
        for byte in bytes {
            if byte <= 0x20 { entries.append((name, byte)); name = [] } else { name.append(byte) }
        }
        #expect(name.isEmpty, "the table ends inside a name")
        #expect(entries.count == PublicSuffixTable.entryCount)
        var previous: [UInt8] = []
        for (name, flagsByte) in entries {
            let text = String(decoding: name, as: UTF8.self)
            #expect(!name.isEmpty && flagsByte >= 0x02, "\(text)")
            let flags = flagsByte - 1
            #expect(flags & 7 <= 7 && flags >> PublicSuffixTable.privateShift <= 3, "\(text)")
            #expect(previous.lexicographicallyPrecedes(name), "\(text) out of order")
            #expect(PublicSuffixTable.flags(of: name) == flags, "\(text)")
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
        PublicSuffixTable.text.withUTF8Buffer { Array($0) }.reduce(0) { count, byte in
            guard byte <= 0x20 else { return count }  // a flags byte: one per entry
            return count + Int(byte - 1).nonzeroBitCount - 1
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
