import Foundation
import VouchDER
import VouchX509

/// The manifest of TestVectors/sectrust (made by its make.py): the 54 cases of SECTRUST.md §13.
struct SecTrustManifest: Decodable {
    struct Expected: Decodable {
        let result: String?
        let status: Int32?
        let chain: [String]?
        let failures: [Failure]?
        let failuresComplete: Bool?
        let parses: Bool?
        let copyData: String?
        let version: Int?
        let notBefore: String?
        let notAfter: String?
        enum CodingKeys: String, CodingKey {
            case result, status, chain, failures, parses, version
            case failuresComplete = "failures_complete", copyData = "copy_data", notBefore = "not_before", notAfter = "not_after"
        }
    }

    struct Failure: Decodable, Hashable {
        let index: Int
        let check: String
    }

    struct Step: Decodable {
        let call: String
        let value: Bool?
        let anchors: [String]?
        let expect: StepExpectation?
        let evaluates: Bool?
        let index: Int?
        let certificates: [String]?
        let policies: [String]?
        let expectStatus: Int32?
        let a: KeySource?
        let b: KeySource?
        let key: KeySource?
        let expectHex: String?
        enum CodingKeys: String, CodingKey {
            case call, value, anchors, expect, evaluates, index, certificates, policies, a, b, key
            case expectStatus = "expect_status", expectHex = "expect_hex"
        }
    }

    /// A step's expectation: an evaluation, a key, a certificate file, a count or a boolean.
    enum StepExpectation: Decodable {
        case evaluation(Expected, returnStatus: Int32?)
        case key(of: String, externalRepresentation: String)
        case file(String)
        case count(Int)
        case bool(Bool)

        init(from decoder: Decoder) throws {
            let single = try decoder.singleValueContainer()
            if let file = try? single.decode(String.self) { self = .file(file); return }
            if let bool = try? single.decode(Bool.self) { self = .bool(bool); return }
            if let count = try? single.decode(Int.self) { self = .count(count); return }
            let keyed = try decoder.container(keyedBy: AnyKey.self)
            if let file = try keyed.decodeIfPresent(String.self, forKey: AnyKey("key_of")) {
                self = .key(of: file, externalRepresentation: try keyed.decode(String.self, forKey: AnyKey("external_representation")))
                return
            }
            self = .evaluation(try single.decode(Expected.self),
                               returnStatus: try keyed.decodeIfPresent(Int32.self, forKey: AnyKey("return_status")))
        }
    }

    struct KeySource: Decodable {
        let certificateCopyKey: String
    }

    struct API: Decodable {
        let setup: String
        let steps: [Step]
    }

    struct Case: Decodable, Sendable {
        let id: String
        let section: String
        let description: String
        let kind: String
        let certificates: [String]
        let anchors: [String]?
        let anchorsOnly: Bool?
        let policy: String?
        let host: String?
        let verifyDate: String?
        let systemRoots: [String]?
        let expected: Expected?
        let api: API?
        enum CodingKeys: String, CodingKey {
            case id, section, description, kind, certificates, anchors, policy, host, expected, api
            case anchorsOnly = "anchors_only", verifyDate = "verify_date", systemRoots = "system_roots"
        }
    }

    let cases: [Case]

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TestVectors/sectrust")

    static let loaded: SecTrustManifest? = {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent("manifest.json").path) else {
            return nil
        }
        return try? JSONDecoder().decode(SecTrustManifest.self, from: data)
    }()

    static func bytes(_ file: String) -> [UInt8] {
        FileManager.default.contents(atPath: directory.appendingPathComponent(file).path).map { [UInt8]($0) } ?? []
    }
}

/// A coding key made from any string.
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
