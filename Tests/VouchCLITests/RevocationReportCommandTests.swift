import Foundation
import Testing

/// `vouch verify --json`'s `revocation` (SecTrustCopyResult's kSecTrustRevocationChecked,
/// ValidUntilDate and Reason; SECTRUST.md §16.5) and the `extension: "crl"` mark of a revocation
/// only a `--crl` file found (item 7: trustd reads no CRLs), over TestVectors/ocsp.
@Suite struct RevocationReportCommandTests {
    typealias OCSP = OCSPCommandTests

    static func revocation(_ extra: [String]) throws -> Any? {
        try OCSP.json(try VouchProcess.run(OCSP.base + extra + ["--json"]))["revocation"]
    }

    @Test("a fresh good answer: checked, valid until its nextUpdate; none: null; revoked: the reason")
    func keys() throws {
        let good = try #require(try Self.revocation([
            "--ocsp-response", OCSP.folder + "good-by-key.der", "--now", "2026-06-02T00:00:00Z",
        ]) as? [String: Any])
        #expect(good["checked"] as? Bool == true)
        #expect(good["valid_until"] as? String == "2026-06-08T00:00:00Z")
        #expect(good["reason"] is NSNull)
        #expect(try Self.revocation([]) is NSNull)
        let revoked = try #require(try Self.revocation(["--ocsp-response", OCSP.folder + "revoked-by-name.der"]) as? [String: Any])
        #expect(revoked["reason"] as? Int == 1)
        #expect(revoked["checked"] is NSNull && revoked["valid_until"] is NSNull)
        let explained = try VouchProcess.run(OCSP.base + ["--ocsp-response", OCSP.folder + "revoked-by-name.der", "--explain"])
        #expect(explained.standardOutput.contains("· revocation (SecTrustCopyResult): reason 1 (keyCompromise)"))
    }

    @Test(
        "a revocation only a --crl file found is marked as Vouch's extension in --json and --explain",
        .enabled(if: InspectOracleTests.hasOracle, "needs python3 with cryptography (to sign a CRL): run scripts/setup --tests"))
    func crlExtension() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-crl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = """
            import datetime, sys
            from cryptography import x509
            from cryptography.hazmat.primitives import hashes, serialization
            from cryptography.hazmat.primitives.asymmetric import ec
            from cryptography.x509.oid import NameOID
            out = sys.argv[1]
            now = datetime.datetime(2026, 6, 1, tzinfo=datetime.timezone.utc)
            def name(text): return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])
            ca_key, leaf_key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
            def cert(subject, key, serial, ca):
                b = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name("CRL Test CA"))
                     .public_key(key.public_key()).serial_number(serial).not_valid_before(now - datetime.timedelta(days=30))
                     .not_valid_after(now + datetime.timedelta(days=300))
                     .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
                return b.sign(ca_key, hashes.SHA256())
            ca, leaf = cert("CRL Test CA", ca_key, 1, True), cert("leaf.crl.test", leaf_key, 7, False)
            revoked = (x509.RevokedCertificateBuilder().serial_number(7).revocation_date(now - datetime.timedelta(days=1))
                       .add_extension(x509.CRLReason(x509.ReasonFlags.superseded), critical=False).build())
            crl = (x509.CertificateRevocationListBuilder().issuer_name(name("CRL Test CA")).last_update(now)
                   .next_update(now + datetime.timedelta(days=7)).add_revoked_certificate(revoked).sign(ca_key, hashes.SHA256()))
            for file, item in [("ca.der", ca), ("leaf.der", leaf)]:
                open(f"{out}/{file}", "wb").write(item.public_bytes(serialization.Encoding.DER))
            open(f"{out}/ca.crl", "wb").write(crl.public_bytes(serialization.Encoding.DER))
            """
        let python = try #require(VouchProcess.which("python3"))
        let made = try VouchProcess.run(python, ["-c", script, directory.path])
        try #require(made.status == 0, "\(made.standardError)")
        let arguments = [
            "verify", directory.appendingPathComponent("leaf.der").path, "--anchors", directory.appendingPathComponent("ca.der").path,
            "--policy", "basic", "--at", "2026-06-02T00:00:00Z", "--crl", directory.appendingPathComponent("ca.crl").path,
        ]
        let json = try OCSP.json(try VouchProcess.run(arguments + ["--json"]))
        #expect(json["error"] as? String == "errSecCertificateRevoked")
        let failures = try #require(json["failures"] as? [[String: Any]])
        #expect(failures.first?["check"] as? String == "Revocation" && failures.first?["extension"] as? String == "crl")
        #expect((json["revocation"] as? [String: Any])?["reason"] as? Int == 4)
        let explained = try VouchProcess.run(arguments + ["--explain"])
        #expect(explained.standardOutput.contains("· certificate 0 is revoked by a CRL given with --crl: Vouch's extension"))
        // Without the CRL the same chain is trusted: the failure is the extension's alone.
        #expect(try VouchProcess.run(Array(arguments.dropLast(2))).status == 0)
    }
}
