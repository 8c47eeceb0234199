import Foundation
import Testing
import VouchTestSupport

/// `vouch inspect --json` against Python's `cryptography` on every real certificate we have.
///
/// For each file both sides read, every field pyca can answer must agree; where pyca refuses a
/// field (it parses extensions lazily and strictly) the field is skipped and counted. Certificates
/// only one side accepts, and fields that differ, are listed with the rule behind the difference.
@Suite("vouch inspect vs pyca")
struct InspectOracleTests {
    static let x509Root = VouchProcess.projectRoot.path + "/.testdata/cryptography-vectors/cryptography_vectors/x509"
    static let oracle = VouchProcess.projectRoot.path + "/scripts/oracles/pyca_inspect.py"
    static let bundle = "/etc/ssl/certs/ca-certificates.crt"

    static var hasOracle: Bool {
        guard let python = VouchProcess.which("python3"),
            let check = try? VouchProcess.run(python, ["-c", "import cryptography"])
        else { return false }
        return check.status == 0
    }

    @Test("every field agrees for the system bundle and the cryptography-vectors certificates",
          .enabled(if: hasOracle, "needs python3 with cryptography (the oracle): run scripts/setup --tests"),
          .enabled(if: FileManager.default.fileExists(atPath: x509Root), MissingData.cryptographyVectors))
    func agreesWithPyca() throws {
        let python = try #require(VouchProcess.which("python3"))
        var files = FileManager.default.fileExists(atPath: Self.bundle) ? [Self.bundle] : []
        files += try Self.certificateFiles()
        let oracleRun = try VouchProcess.run(python, [Self.oracle] + files)
        #expect(oracleRun.status == 0, "\(oracleRun.standardError)")
        let oracle = try #require(try JSONSerialization.jsonObject(with: Data(oracleRun.standardOutput.utf8)) as? [String: Any])

        var differences: [String] = []
        var comparedCertificates = 0, comparedFields = 0, skippedFields = 0
        for file in files {
            let key = file.hasPrefix(Self.x509Root) ? String(file.dropFirst(Self.x509Root.count + 1)) : file
            let ours = try VouchProcess.run(["inspect", "--json", file])
            let theirs = oracle[file]
            let oursParsed = ours.status == 0
            let theirsParsed = theirs is [Any]
            guard oursParsed && theirsParsed else {
                let outcome = oursParsed ? "only vouch parses" : (theirsParsed ? "only pyca parses" : "both reject")
                if outcome != "both reject" && Self.onlyOneSideParses[key] != outcome {
                    differences.append("\"\(key)\": \"\(outcome)\",  // vouch: \(ours.standardError.trimmingCharacters(in: .whitespacesAndNewlines)) pyca: \(theirs ?? "none")")
                }
                continue
            }
            let ourCertificates = try #require(try JSONSerialization.jsonObject(with: Data(ours.standardOutput.utf8)) as? [[String: Any]])
            let theirCertificates = (theirs as? [[String: Any]]) ?? []
            guard ourCertificates.count == theirCertificates.count else {
                differences.append("\(key): \(ourCertificates.count) certificates, pyca \(theirCertificates.count)")
                continue
            }
            for (index, (our, their)) in zip(ourCertificates, theirCertificates).enumerated() {
                comparedCertificates += 1
                for (field, expected) in their {
                    if let refusal = expected as? [String: Any], refusal["error"] != nil {
                        skippedFields += 1
                        continue
                    }
                    comparedFields += 1
                    let name = "\(key)#\(index).\(field)"
                    if !Self.matches(our[field], expected), Self.expectedDifferences[name] == nil {
                        differences.append("\"\(name)\": \"…\",  // vouch \(our[field] ?? "nil") pyca \(expected)")
                    }
                }
            }
        }
        #expect(comparedCertificates > 400, "certificates compared")
        #expect(differences.isEmpty, "\(differences.count) unexplained differences:\n\(differences.prefix(60).joined(separator: "\n"))")
        print("inspect vs pyca: \(comparedCertificates) certificates, \(comparedFields) fields agree, \(skippedFields) fields pyca refused")
    }

    /// Whether our value equals pyca's; in objects (at any depth) only the keys pyca gives count.
    static func matches(_ ours: Any?, _ theirs: Any?) -> Bool {
        if let theirObject = theirs as? [String: Any], let ourObject = ours as? [String: Any] {
            return theirObject.allSatisfy { key, value in matches(ourObject[key], value) }
        }
        if let theirArray = theirs as? [Any], let ourArray = ours as? [Any] {
            return theirArray.count == ourArray.count && zip(ourArray, theirArray).allSatisfy { matches($0, $1) }
        }
        return equal(ours, theirs)
    }

    /// Structural equality of decoded JSON values.
    static func equal(_ lhs: Any?, _ rhs: Any?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil), (is NSNull, is NSNull): return true
        case (let left as String, let right as String): return left == right
        case (let left as [Any], let right as [Any]):
            return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
        case (let left as [String: Any], let right as [String: Any]):
            return Set(left.keys) == Set(right.keys) && left.allSatisfy { equal($0.value, right[$0.key]) }
        case (let left as NSNumber, let right as NSNumber): return left == right
        default: return false
        }
    }

    static func certificateFiles() throws -> [String] {
        let excluded = ["ocsp/", "requests/", "PKITS_data/crls/", "PKITS_data/pkcs12/", "PKITS_data/smime/",
                        "PKITS_data/certpairs/", "PKITS_data/pkits", "PKITS_data/ReadMe"]
        let enumerator = FileManager.default.enumerator(atPath: x509Root)
        var files: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: x509Root + "/" + relative, isDirectory: &isDirectory),
                !isDirectory.boolValue, !name.hasPrefix("crl_"), !excluded.contains(where: relative.hasPrefix)
            else { continue }
            files.append(x509Root + "/" + relative)
        }
        return files.sorted()
    }

    /// Files only one side reads, with the rule behind it.
    static let onlyOneSideParses: [String: String] = [
        // DSA keys whose parameters are inherited from the issuer (SPKI without parameters): pyca
        // refuses the AlgorithmIdentifier; Apple parses the certificate and has no key for it.
        "PKITS_data/certs/DSAParametersInheritedCACert.crt": "only vouch parses",
        "PKITS_data/certs/ValidDSAParameterInheritanceTest5EE.crt": "only vouch parses",
        // `critical FALSE` encoded explicitly: pyca rejects the DEFAULT value; Apple accepts it.
        "ed25519/ed25519-rfc8410.pem": "only vouch parses",
        // RFC 1421 headers inside the PEM block: RFC 7468 has none (VouchDER's PEM is strict inside blocks).
        "cryptography.io.with_headers.pem": "only pyca parses",
        // A critical known extension that does not parse rejects the certificate (SECTRUST.md §10).
        "custom/inhibit_any_policy_negative.pem": "only pyca parses",
        // A high-tag-number attribute value: pyca loads lazily and fails when the name is read.
        "custom/long-form-name-attribute.pem": "only pyca parses",
    ]

    /// Fields that differ on purpose: `file#index.field` → the reason.
    static let expectedDifferences: [String: String] = [
        "PKITS_data/certs/Validpre2000UTCnotBeforeDateTest3EE.crt#0.not_before":
            "UTCTime year 50 becomes 2001-01-01T00:00:00Z, Apple's two-digit-year quirk (SECTRUST.md §6)",
        "custom/alternate-rsa-sha1-oid.der#0.key_usage":
            "keyUsage with four data octets: Apple reads one or two (SECTRUST.md §10), so it is unparseable",
        "custom/ec_no_named_curve.pem#0.public_key":
            "explicit curve parameters: Apple has no key for them (SECTRUST.md §7); pyca maps them to P-256",
        "custom/ec_no_named_curve.pem#0.spki_sha256": "pyca re-encodes the SPKI with the named curve; vouch hashes the SPKI as sent",
        "custom/rsa_pss.pem#0.spki_sha256": "pyca re-encodes the RSA-PSS SPKI; vouch hashes the SPKI as sent",
        "custom/rsa_pss_cert.pem#0.spki_sha256": "pyca re-encodes the RSA-PSS SPKI; vouch hashes the SPKI as sent",
        "custom/rsa_pss_cert_invalid_mgf.der#0.spki_sha256": "pyca re-encodes the RSA-PSS SPKI; vouch hashes the SPKI as sent",
        "custom/rsa_pss_cert_no_sig_params.der#0.spki_sha256": "pyca re-encodes the RSA-PSS SPKI; vouch hashes the SPKI as sent",
        "custom/rsa_pss_cert_unsupported_mgf_hash.der#0.spki_sha256": "pyca re-encodes the RSA-PSS SPKI; vouch hashes the SPKI as sent",
        "scottishpower-bitstring-dn.pem#0.subject":
            "a BIT STRING attribute value: RFC 4514 §2.4 writes # and the hex of its whole BER; pyca omits tag and length",
        "scottishpower-bitstring-dn.pem#0.subject_attributes": "as for subject",
        "unique_identifier.pem#0.subject": "as for scottishpower-bitstring-dn.pem (the same subject)",
        "unique_identifier.pem#0.subject_attributes": "as for subject",
    ]
}
