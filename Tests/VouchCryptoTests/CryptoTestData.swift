import Foundation
import VouchDER
import VouchTestSupport

/// Where the crypto tests find their vectors, and the small decoders they share.
///
/// Wycheproof lives in the shared folder (`../shared/vectors/wycheproof`, never copied into the
/// project; see `SharedFolder`); NIST SHAVS, PKCS #1 and FIPS 186 vectors come from the
/// cryptography-vectors package that `scripts/setup --tests` unpacks into `.testdata/`. Tests skip
/// with a `MissingData` line when either is absent.
enum CryptoTestData {
    static let projectRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shared folder's `vectors/wycheproof/testvectors_v1` (a path that does not exist when the
    /// folder is absent or hidden: then `hasWycheproof` is false and the Wycheproof tests skip).
    static let wycheproof = SharedFolder.wycheproof ?? "/nonexistent/vectors/wycheproof/testvectors_v1"

    /// Whether the Wycheproof vectors are there.
    static let hasWycheproof = SharedFolder.wycheproof != nil

    /// The root of the cryptography-vectors package (`hashes/`, `asymmetric/`, `x509/`, …).
    static let cryptographyVectors = projectRoot
        .appendingPathComponent(".testdata/cryptography-vectors/cryptography_vectors").path

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// The bytes of a hex string (either case, no separators); `nil` if it is not hex.
    static func hex(_ text: some StringProtocol) -> [UInt8]? { Hex.decode(text) }

    /// Decodes a JSON file.
    static func json<T: Decodable>(_ type: T.Type, at path: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

/// A Wycheproof test file with the group type of its schema.
struct WycheproofFile<Group: Decodable>: Decodable {
    let algorithm: String
    let numberOfTests: Int
    let testGroups: [Group]
}

/// One Wycheproof signature-verification case (the fields the verify schemas share).
struct WycheproofSignatureTest: Decodable {
    let tcId: Int
    let comment: String
    let flags: [String]
    let msg: String
    let sig: String
    /// `valid`, `invalid` or `acceptable`.
    let result: String
}
