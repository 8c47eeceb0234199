import Foundation
import Testing
import VouchDER
import VouchTestSupport
import VouchTrust
import VouchX509

/// The AFNetworking and TrustKit seed suites in `TestVectors/seed-suites` (made from the upstream
/// repositories at pinned commits by its `make.py`), decoded from their `cases.json`. The shared
/// folder's copies are the cross-check (`SeedSuiteCopyTests`).
enum SeedSuites {
    static let root = TestData.projectRoot.appendingPathComponent("TestVectors/seed-suites").path

    static let afnetworking = root + "/afnetworking"
    static let trustkit = root + "/trustkit"

    static func bytes(_ suite: String, _ file: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: suite + "/" + file) else {
            throw SeedSuiteError.missing(suite + "/" + file)
        }
        return [UInt8](data)
    }

    static func certificate(_ suite: String, _ file: String) throws -> Certificate {
        try Certificate(derEncoded: bytes(suite, file))
    }

    static func load<T: Decodable>(_ type: T.Type, _ suite: String) -> T? {
        guard let data = FileManager.default.contents(atPath: suite + "/cases.json") else { return nil }
        return try? JSONDecoder().decode(T.self, from: data)
    }

    static func date(_ text: String) -> DERTime? { DERTime(rfc3339: text) }
}

enum SeedSuiteError: Error { case missing(String), badDate(String) }

/// `seed-suites/afnetworking/cases.json`: the fields the `evaluateServerTrust:forDomain:` driver reads.
struct AFNetworkingSuite: Decodable, Equatable {
    struct Policy: Decodable, Equatable {
        let pinning_mode: String?
        let allow_invalid_certificates: Bool?
        let validates_domain_name: Bool?
        let pinned_certificates: [String]?
    }
    struct ServerTrust: Decodable, Equatable {
        let certificates: [String]
    }
    /// What the XCTest asserts: a Boolean for the evaluate cases (`"throw"` and others elsewhere).
    struct Asserted: Decodable, Equatable {
        let expected: Bool?
        enum CodingKeys: CodingKey { case expected }
        init(from decoder: any Decoder) throws {
            expected = try? decoder.container(keyedBy: CodingKeys.self).decode(Bool.self, forKey: .expected)
        }
    }
    struct Case: Decodable, Equatable, CustomTestStringConvertible {
        let id: String
        let status: String
        let kind: String
        let policy: Policy?
        let server_trust: ServerTrust?
        let domain: String?
        let asserted: Asserted?
        let suggested_verify_date: String?
        let needs_system_roots: Bool?
        let system_roots_involved: [String]?
        var testDescription: String { String(id.split(separator: "/").last ?? Substring(id)) }
    }
    let cases: [Case]

    static let loaded = SeedSuites.load(AFNetworkingSuite.self, SeedSuites.afnetworking)

    /// The active `evaluateServerTrust:forDomain:` cases.
    static var evaluateCases: [Case] {
        (loaded?.cases ?? []).filter { $0.status == "active" && $0.kind == "evaluateServerTrust:forDomain:" }
    }
}

/// `seed-suites/trustkit/cases.json` (see its `schema_notes`).
struct TrustKitSuite: Decodable, Equatable {
    struct ServerTrust: Decodable, Equatable {
        let certificates: [String]
        let anchors: [String]?
        let anchors_only: Bool?
        let verify_date_set_by_test: String?
    }
    struct PinnedDomain: Decodable, Equatable {
        let domain: String?
        let publicKeyHashes: [String]
        let enforcePinning: Bool?
        let expirationDate: String?
    }
    struct Asserted: Decodable, Equatable {
        let spki_sha256_base64: String?
        let verifyPublicKeyPin: String?
        let decision: String?
    }
    struct Case: Decodable, Equatable, CustomTestStringConvertible {
        let id: String
        let status: String
        let kind: String
        let certificate: String?
        let server_trust: ServerTrust?
        let pinned_domain_config: PinnedDomain?
        let hostname: String?
        let asserted: Asserted?
        var testDescription: String { id }
    }
    let cases: [Case]

    static let loaded = SeedSuites.load(TrustKitSuite.self, SeedSuites.trustkit)
}
