import Foundation

/// Certificates made at test time with the `openssl` command: a root, an intermediate, a leaf for
/// `localhost` and `vouch.test` with an IP SAN for 127.0.0.1, a second leaf, an unrelated
/// self-signed certificate and an expired leaf (all P-256).
struct OpenSSLFixture: Sendable {
    /// The `openssl` program, if installed.
    static let openssl: URL? = Subprocess.which("openssl")

    /// The message tests skip with when `openssl` is missing.
    static let missing = "openssl not installed (apt-get install openssl): the end-to-end tests need it"

    /// Made once for the whole run (`nil` when openssl is missing or failed; the failure is printed).
    static let shared: OpenSSLFixture? = {
        do {
            let fixture = try OpenSSLFixture()
            atexit { if let directory = OpenSSLFixture.shared?.directory { try? FileManager.default.removeItem(at: directory) } }
            return fixture
        } catch {
            print("OpenSSLFixture: \(error)")
            return nil
        }
    }()

    let directory: URL

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    func der(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: directory.appendingPathComponent(name + ".der"))) }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init() throws {
        guard let openssl = Self.openssl else { throw Failure(description: Self.missing) }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-nio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Self.extensions.write(to: directory.appendingPathComponent("ext.cnf"), atomically: true, encoding: .utf8)
        try Self.caConfig.write(to: directory.appendingPathComponent("ca.cnf"), atomically: true, encoding: .utf8)
        try "".write(to: directory.appendingPathComponent("index.txt"), atomically: true, encoding: .utf8)
        func run(_ arguments: [String]) throws {
            let result = try Subprocess.run(openssl, arguments, in: directory)
            guard result.status == 0 else {
                throw Failure(description: "openssl \(arguments.joined(separator: " ")): \(result.standardError)")
            }
        }
        func key(_ name: String) throws {
            try run(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "\(name).key"])
        }
        func sign(_ name: String, subject: String, issuer: String, section: String, days: String = "30") throws {
            try key(name)
            try run(["req", "-new", "-key", "\(name).key", "-subj", subject, "-out", "\(name).csr"])
            try run(["x509", "-req", "-in", "\(name).csr", "-CA", "\(issuer).pem", "-CAkey", "\(issuer).key",
                     "-set_serial", "\(Int.random(in: 1000...999_999_999))", "-days", days, "-sha256",
                     "-extfile", "ext.cnf", "-extensions", section, "-out", "\(name).pem"])
        }
        try key("root")
        try run(["req", "-x509", "-new", "-key", "root.key", "-subj", "/O=Vouch NIO Test/CN=Vouch NIO Test Root",
                 "-days", "60", "-sha256", "-config", "ext.cnf", "-extensions", "ca", "-out", "root.pem"])
        try sign("intermediate", subject: "/O=Vouch NIO Test/CN=Vouch NIO Test Intermediate", issuer: "root", section: "ca")
        try sign("leaf", subject: "/O=Vouch NIO Test/CN=localhost", issuer: "intermediate", section: "leaf")
        try sign("leaf2", subject: "/O=Vouch NIO Test/CN=second.localhost", issuer: "intermediate", section: "leaf")
        try key("unrelated")
        try run(["req", "-x509", "-new", "-key", "unrelated.key", "-subj", "/CN=localhost", "-days", "30", "-sha256",
                 "-config", "ext.cnf", "-extensions", "leaf", "-out", "unrelated.pem"])
        // The expired leaf: `openssl ca` is the one 3.0 command that takes explicit dates.
        try key("expired")
        try run(["req", "-new", "-key", "expired.key", "-subj", "/O=Vouch NIO Test/CN=localhost", "-out", "expired.csr"])
        try run(["ca", "-batch", "-config", "ca.cnf", "-notext", "-in", "expired.csr", "-out", "expired.pem",
                 "-startdate", "20240101000000Z", "-enddate", "20250101000000Z", "-extfile", "ext.cnf", "-extensions", "leaf"])
        for name in ["root", "intermediate", "leaf", "leaf2", "unrelated", "expired"] {
            try run(["x509", "-in", "\(name).pem", "-outform", "DER", "-out", "\(name).der"])
        }
    }

    static let extensions = """
        [req]
        distinguished_name = dn
        [dn]
        [ca]
        basicConstraints = critical, CA:TRUE
        keyUsage = critical, keyCertSign, cRLSign
        subjectKeyIdentifier = hash
        authorityKeyIdentifier = keyid
        [leaf]
        basicConstraints = critical, CA:FALSE
        keyUsage = critical, digitalSignature
        extendedKeyUsage = serverAuth
        subjectAltName = DNS:localhost, DNS:vouch.test, IP:127.0.0.1
        subjectKeyIdentifier = hash
        authorityKeyIdentifier = keyid

        """

    static let caConfig = """
        [ca]
        default_ca = test
        [test]
        database = index.txt
        new_certs_dir = .
        certificate = intermediate.pem
        private_key = intermediate.key
        default_md = sha256
        policy = anything
        rand_serial = yes
        unique_subject = no
        [anything]
        commonName = supplied
        organizationName = optional

        """
}
