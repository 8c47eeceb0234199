import Foundation

/// Where the tests find data outside the package: the project root, `../shared`, and the test data
/// that `scripts/setup --tests` installs into `.testdata/`. Shared by the test targets.
public enum TestData {
    public static let projectRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let systemBundle = "/etc/ssl/certs/ca-certificates.crt"

    /// The `x509/` folder of the cryptography-vectors package.
    public static let cryptographyX509 = projectRoot
        .appendingPathComponent(".testdata/cryptography-vectors/cryptography_vectors/x509").path

    public static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    public static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// Every regular file below `root`, as paths relative to it, sorted.
    public static func files(under root: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files.append(relative)
            }
        }
        return files.sorted()
    }

    /// The DER of every certificate in the system bundle (empty when it is absent).
    public static let systemCertificates: [[UInt8]] = {
        guard let text = bytes(systemBundle), let certificates = try? PEMForTests.certificates(text) else { return [] }
        return certificates
    }()
}

import VouchDER

enum PEMForTests {
    public static func certificates(_ text: [UInt8]) throws -> [[UInt8]] {
        try PEM.certificates(in: text[...])
    }
}
