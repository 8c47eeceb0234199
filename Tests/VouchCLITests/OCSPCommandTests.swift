import Foundation
import Testing

/// `vouch verify --ocsp-response` and `vouch inspect` of OCSP responses (docs/CLI.md), over
/// TestVectors/ocsp: responses dated 2026-06-01, fresh for a week.
@Suite struct OCSPCommandTests {
    static let folder = "TestVectors/ocsp/"
    static let base = ["verify", folder + "leaf.der", "--anchors", folder + "ca.der", "--policy", "basic", "--at", "2026-06-02T00:00:00Z"]

    static func json(_ process: VouchProcess) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(process.standardOutput.utf8)) as? [String: Any])
    }

    @Test("a revoked answer fails the chain with errSecCertificateRevoked, whatever the clock says")
    func revoked() throws {
        let process = try VouchProcess.run(Self.base + ["--ocsp-response", Self.folder + "revoked-by-name.der", "--json"])
        #expect(process.status == 1)
        let object = try Self.json(process)
        #expect(object["error"] as? String == "errSecCertificateRevoked")
        #expect(object["status"] as? Int == -67820)
        let answers = try #require(object["ocsp_answers"] as? [[String: Any]])
        #expect(answers.first?["status"] as? String == "revoked at 2026-05-01T00:00:00Z (keyCompromise)")
    }

    @Test("a good answer is a positive response when fresh at --now, and ignored when stale")
    func good() throws {
        let arguments = Self.base + ["--ocsp-response", Self.folder + "good-delegated.der", "--require-revocation-response"]
        let fresh = try VouchProcess.run(arguments + ["--now", "2026-06-02T00:00:00Z", "--explain"])
        #expect(fresh.status == 0)
        #expect(fresh.standardOutput.contains("· ocsp: certificate 0: good, response 1 (\(Self.folder)good-delegated.der)"))
        let stale = try VouchProcess.run(arguments + ["--now", "2026-07-01T00:00:00Z", "--explain"])
        #expect(stale.status == 1)
        #expect(stale.standardOutput.contains("· ocsp: no response answers for a certificate of the chain"))
        #expect(stale.standardOutput.contains("RevocationResponseRequired"))
    }

    @Test("an unreadable file is bad input (exit 2); content that does not parse is ignored and named")
    func badInput() throws {
        let missing = try VouchProcess.run(Self.base + ["--ocsp-response", "/nonexistent/response.der"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("/nonexistent/response.der"))
        let notOCSP = try VouchProcess.run(Self.base + ["--ocsp-response", Self.folder + "ca.der", "--explain"])
        #expect(notOCSP.status == 0)
        #expect(notOCSP.standardOutput.contains("· ocsp response 1 (\(Self.folder)ca.der): ignored, does not parse: offset 4: ocspResponse: expected ENUMERATED"))
        let json = try Self.json(try VouchProcess.run(Self.base + ["--ocsp-response", Self.folder + "ca.der", "--json"]))
        let responses = try #require(json["ocsp_responses"] as? [[String: Any]])
        #expect((responses.first?["error"] as? String)?.contains("expected ENUMERATED") == true)
        // Apple's built-in log list is outside its 60-day window at this verify date and the
        // leaf has no SCTs: nothing to judge, so CT is not judged (null), as with --ct-logs none;
        // --ct-logs apple judges it (no SCTs: not transparent).
        #expect(json["certificate_transparency"] is NSNull)
        let judged = try Self.json(try VouchProcess.run(Self.base + ["--ocsp-response", Self.folder + "ca.der", "--ct-logs", "apple", "--json"]))
        #expect(judged["certificate_transparency"] as? Bool == false)
        let unjudged = try Self.json(try VouchProcess.run(Self.base + ["--ocsp-response", Self.folder + "ca.der", "--ct-logs", "none", "--json"]))
        #expect(unjudged["certificate_transparency"] is NSNull)
        #expect(try VouchProcess.run(Self.base + ["--now", "yesterday"]).status == 64)
        // The same for --sct: a file that is no SignedCertificateTimestampList is ignored and named.
        let notSCTs = try VouchProcess.run(Self.base + ["--sct", Self.folder + "ca.der", "--explain"])
        #expect(notSCTs.status == 0)
        #expect(notSCTs.standardOutput.contains("· sct list \(Self.folder)ca.der: ignored, not a SignedCertificateTimestampList"))
        #expect(try VouchProcess.run(Self.base + ["--sct", "/nonexistent/list"]).status == 2)
    }

    @Test("inspect of a DER file that is neither a certificate nor an OCSP response says why it is neither; PEM only why it is no certificate")
    func neither() throws {
        let response = try #require(FileManager.default.contents(atPath: VouchProcess.projectRoot.path + "/" + Self.folder + "revoked-by-name.der"))
        // A truncated response: once reported as a malformed certificate alone.
        let truncated = try VouchProcess.run(["inspect", "-"], input: Array(response.prefix(response.count - 10)))
        #expect(truncated.status == 2)
        #expect(truncated.standardOutput.isEmpty)
        let line = truncated.standardError
        #expect(line.hasPrefix("<stdin>: not a certificate: offset "), "\(line)")
        #expect(line.contains("; not an OCSP response: offset "), "\(line)")
        #expect(line.hasSuffix("\n") && line.dropLast().split(separator: "\n").count == 1, "one line: \(line)")
        // A PEM block that is no certificate: what the certificate reader says, and nothing of OCSP.
        let pem = try VouchProcess.run(["inspect", "-"], input: Array("-----BEGIN CERTIFICATE-----\nMAMCAQE=\n-----END CERTIFICATE-----\n".utf8))
        #expect(pem.status == 2)
        #expect(pem.standardError == "<stdin>: PEM block 1 (CERTIFICATE): offset 2: tbsCertificate: expected SEQUENCE, found INTEGER\n")
        // Standard input is read once: a chain piped in is inspected (it read as empty before).
        let chain = try #require(FileManager.default.contents(atPath: VouchProcess.projectRoot.path + "/TestVectors/example/chain.pem"))
        let piped = try VouchProcess.run(["inspect", "-"], input: Array(chain))
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(piped.standardOutput.hasPrefix("Certificate 1 of 2 (<stdin>: PEM block 1 (CERTIFICATE))"), "\(piped.standardOutput.prefix(200))")
        #expect(!pem.standardError.contains("OCSP"))
    }

    @Test("inspect shows a response as openssl ocsp -resp_text does, field for field")
    func inspect() throws {
        let process = try VouchProcess.run(["inspect", Self.folder + "revoked-by-name.der"])
        #expect(process.status == 0)
        let lines = process.standardOutput.split(separator: "\n").map(String.init)
        for expected in [
            "    OCSP Response Status: successful (0x0)", "    Response Type: Basic OCSP Response", "    Version: 1 (0x0)",
            "    Responder Id: CN=OCSP Test CA", "      Hash Algorithm: sha1",
            "      Issuer Name Hash: AA7E92CD07A9C58FA500330DAB7DBA0AAE40835F",
            "      Issuer Key Hash: 6BA556D87BC480D8EC85F701B7E9721D49817EB7", "      Serial Number: 1001",
            "    Cert Status: revoked", "    Revocation Time: 2026-05-01T00:00:00Z", "    Revocation Reason: keyCompromise (0x1)",
            "    This Update: 2026-06-01T00:00:00Z", "    Next Update: 2026-06-08T00:00:00Z",
        ] {
            #expect(lines.contains(expected), "missing: \(expected)")
        }
        // The same values openssl prints (its times in its own format).
        let openssl = URL(fileURLWithPath: "/usr/bin/openssl")
        if FileManager.default.isExecutableFile(atPath: openssl.path) {
            let oracle = try VouchProcess.run(openssl, ["ocsp", "-respin", Self.folder + "revoked-by-name.der", "-resp_text", "-noverify"])
            for field in ["Issuer Name Hash: AA7E92CD07A9C58FA500330DAB7DBA0AAE40835F", "Serial Number: 1001", "Revocation Reason: keyCompromise (0x1)"] {
                #expect(oracle.standardOutput.contains(field), "openssl: \(field)")
            }
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try VouchProcess.run(["inspect", Self.folder + "good-by-key.der", "--json"]).standardOutput.utf8)) as? [[String: Any]])
        #expect(json.first?["produced_at"] as? String == "2026-06-01T00:00:00Z")
    }
}
