import Foundation
import Testing
import VouchDER
import VouchTrust
import VouchX509

/// docs/STRICT.md's rule table against the vectors TestVectors/strict/make.py generates from it
/// (`cases.json`): every row strict enforces has cases, strict refuses each with the row's check,
/// and Apple's profile gives the answer recorded when the vectors were made. The cases of the
/// rows the table proposes (its Gaps) are skipped with their reason until the engine enforces
/// them; what is checked of them meanwhile is that strict still accepts them, so a row enforced
/// without the table saying so is noticed (as LimboTests notices a stale exception).
@Suite("docs/STRICT.md rule table")
struct StrictRuleTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let vectors = root.appendingPathComponent("TestVectors/strict")

    /// One row of the table: its id and status (the fourth cell: `yes…`, `no: proposed…`, `no: by design…`).
    struct Row: Hashable {
        enum Status: String { case enforced, proposed, byDesign }
        let id: String
        let status: Status
    }

    /// The rows of every table of docs/STRICT.md whose first cell is a backquoted id (7 cells).
    static let rows: [Row] = {
        guard let text = try? String(contentsOf: root.appendingPathComponent("docs/STRICT.md"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line -> Row? in
            var cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 9, cells.first == "", cells.last == "" else { return nil }
            cells = Array(cells.dropFirst().dropLast())
            let first = cells[0]
            guard first.count > 2, first.hasPrefix("`"), first.hasSuffix("`") else { return nil }
            let id = String(first.dropFirst().dropLast())
            guard id.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "." || $0 == "-" }) else { return nil }
            let status: Row.Status
            if cells[3].hasPrefix("yes") {
                status = .enforced
            } else if cells[3].hasPrefix("no: proposed") {
                status = .proposed
            } else if cells[3].hasPrefix("no: by design") {
                status = .byDesign
            } else {
                return nil
            }
            return Row(id: id, status: status)
        }
    }()

    /// What `expected_strict` says: a check at an index (any when `index` is null), a file that
    /// does not parse, or trust (a control case).
    struct Expected: Decodable, Sendable {
        let trusted: Bool?
        let check: String?
        let index: Int?
        let parseError: String?
        enum CodingKeys: String, CodingKey { case trusted, check, index, parseError = "parse_error" }
    }

    /// An answer as `vouch verify --json` gave it: trusted and `Check@index` failures, or a parse error.
    struct Answer: Decodable, Sendable, Equatable, CustomStringConvertible {
        let trusted: Bool?
        let failures: [String]?
        let parseError: String?
        enum CodingKeys: String, CodingKey { case trusted, failures, parseError = "parse_error" }

        var description: String {
            if let parseError { return "parse error (\(parseError))" }
            return (trusted == true ? "trusted" : "not trusted") + " \(failures ?? [])"
        }
    }

    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        let id: String
        let row: String
        let enforced: Bool
        let note: String
        let leaf: String
        let intermediates: [String]
        let anchor: String
        let crls: [String]
        let host: String
        let verifyTime: String
        let expectedStrict: Expected
        let strict: Answer
        let expectedApple: Answer
        let skipReason: String?
        enum CodingKeys: String, CodingKey {
            case id, row, enforced, note, leaf, intermediates, anchor, crls, host, strict
            case verifyTime = "verify_time", expectedStrict = "expected_strict", expectedApple = "expected_apple"
            case skipReason = "skip_reason"
        }

        var testDescription: String { id }
    }

    struct Manifest: Decodable {
        let cases: [Case]
    }

    static let cases: [Case] = {
        guard let data = FileManager.default.contents(atPath: vectors.appendingPathComponent("cases.json").path) else { return [] }
        return (try? JSONDecoder().decode(Manifest.self, from: data))?.cases ?? []
    }()

    static let enforcedCases = cases.filter(\.enforced)
    static let proposedCases = cases.filter { !$0.enforced }

    @Test("the table and the manifest are there")
    func present() {
        #expect(Self.rows.count >= 150, "docs/STRICT.md: \(Self.rows.count) rows read")
        #expect(Self.cases.count >= 200, "TestVectors/strict/cases.json: \(Self.cases.count) cases read")
        #expect(Set(Self.rows.map(\.id)).count == Self.rows.count, "a row id appears twice in docs/STRICT.md")
    }

    @Test("every enforced or proposed row has a case, and every case a row of that status")
    func coverage() {
        let casesByRow = Dictionary(grouping: Self.cases, by: \.row)
        for row in Self.rows where row.status != .byDesign {
            #expect(casesByRow[row.id] != nil, "\(row.id) (\(row.status.rawValue)) has no case in TestVectors/strict/cases.json")
        }
        let statusByRow = Dictionary(uniqueKeysWithValues: Self.rows.map { ($0.id, $0.status) })
        for testCase in Self.cases {
            switch statusByRow[testCase.row] {
            case nil: Issue.record("\(testCase.id): docs/STRICT.md has no row \(testCase.row)")
            case .byDesign?: Issue.record("\(testCase.id): docs/STRICT.md leaves \(testCase.row) out by design")
            case .enforced?: #expect(testCase.enforced, "\(testCase.id): the row is enforced, the case says not (run make.py)")
            case .proposed?: #expect(!testCase.enforced, "\(testCase.id): the row is proposed, the case says enforced (run make.py)")
            }
        }
    }

    /// The case evaluated through ``Trust`` as `vouch verify` does it: the leaf and intermediates
    /// as the certificates, the anchor as the only anchor, the SSL server policy for the case's
    /// host, its verify date and CRLs.
    static func evaluate(_ testCase: Case, profile: ValidationProfile) throws -> Answer {
        func read(_ file: String) throws -> [UInt8] {
            try #require(FileManager.default.contents(atPath: vectors.appendingPathComponent(file).path).map { [UInt8]($0) },
                         "\(file) missing")
        }
        var labelled: [(String, String)] = [("leaf", testCase.leaf)]
        labelled += testCase.intermediates.enumerated().map { ("intermediate-\($0.offset + 1)", $0.element) }
        labelled.append(("anchor", testCase.anchor))
        var certificates: [String: Certificate] = [:]
        for (label, file) in labelled {
            let bytes = try read(file)
            guard let parsed = try? Certificate(derEncoded: bytes) else { return Answer(trusted: nil, failures: nil, parseError: label) }
            certificates[label] = parsed
        }
        var crls: [CertificateRevocationList] = []
        for (offset, file) in testCase.crls.enumerated() {
            let bytes = try read(file)
            guard let crl = try? CertificateRevocationList(derEncoded: bytes) else {
                return Answer(trusted: nil, failures: nil, parseError: "crl-\(offset + 1)")
            }
            crls.append(crl)
        }
        let chain = labelled.filter { $0.0 != "anchor" }.compactMap { certificates[$0.0] }
        var trust = try Trust(certificates: chain, policies: [.ssl(server: true, hostname: testCase.host)],
                              systemStore: SystemTrustStore(certificates: []))
        trust.setAnchorCertificates([try #require(certificates["anchor"])])
        trust.setVerifyDate(try #require(DERTime(rfc3339: testCase.verifyTime)))
        trust.setValidationProfile(profile)
        if !crls.isEmpty { trust.setCRLs(crls) }
        let evaluation = trust.evaluate()
        return Answer(trusted: evaluation.isTrusted, failures: evaluation.failures.map { "\($0.check.rawValue)@\($0.index)" },
                      parseError: nil)
    }

    /// Whether `answer` is what `expected` asks of strict.
    static func meets(_ answer: Answer, _ expected: Expected) -> Bool {
        if let file = expected.parseError { return answer.parseError == file }
        guard answer.parseError == nil, let trusted = answer.trusted else { return false }
        if expected.trusted == true { return trusted }
        guard !trusted, let check = expected.check else { return false }
        return (answer.failures ?? []).contains { failure in
            let parts = failure.split(separator: "@")
            return parts.first.map(String.init) == check && (expected.index.map { "\($0)" == parts.last.map(String.init) } ?? true)
        }
    }

    @Test("strict refuses each enforced case with its row's check", arguments: enforcedCases)
    func strictRefuses(_ testCase: Case) throws {
        let answer = try Self.evaluate(testCase, profile: .strict)
        #expect(Self.meets(answer, testCase.expectedStrict),
                "\(testCase.id) (\(testCase.note)): strict gave \(answer), the row asks \(testCase.expectedStrict)")
    }

    @Test("Apple's profile gives the recorded answer", arguments: cases)
    func appleAsRecorded(_ testCase: Case) throws {
        let answer = try Self.evaluate(testCase, profile: .apple)
        let sorted = { (answer: Answer) in Answer(trusted: answer.trusted, failures: answer.failures?.sorted(), parseError: answer.parseError) }
        #expect(sorted(answer) == sorted(testCase.expectedApple), "\(testCase.id) (\(testCase.note)): Apple gave \(answer)")
    }

    @Test("proposed rows: strict raises the proposed check", .disabled("the engine does not enforce docs/STRICT.md's Gaps yet: each case's skip_reason names its row"),
          arguments: proposedCases)
    func proposedRefused(_ testCase: Case) throws {
        let answer = try Self.evaluate(testCase, profile: .strict)
        #expect(Self.meets(answer, testCase.expectedStrict), "\(testCase.id): strict gave \(answer)")
    }

    @Test("proposed rows are not enforced yet: strict still gives the recorded answer", arguments: proposedCases)
    func proposedNotYetEnforced(_ testCase: Case) throws {
        #expect(testCase.skipReason != nil, "\(testCase.id): a proposed case carries its skip_reason")
        let answer = try Self.evaluate(testCase, profile: .strict)
        #expect(answer == testCase.strict,
                "\(testCase.id): strict gave \(answer), recorded \(testCase.strict): if the engine now enforces \(testCase.row), mark the row yes in docs/STRICT.md and run make.py")
    }
}
