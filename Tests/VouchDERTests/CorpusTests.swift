import VouchTestSupport
import Testing
import VouchDER

/// Real-world inputs walk as DER trees without a crash, and every rejection is an expected one.
///
/// The inputs: every certificate of Debian's system bundle, and every file under `x509/` of the
/// cryptography-vectors package (certificates, CRLs, CSRs, OCSP, PKCS #12, S/MIME, NIST PKITS),
/// each read the way `vouch asn1` reads it (DER or PEM blocks). A file's outcome is either a clean
/// walk or the first error; ``rejected`` lists every file that is rejected, with the error, so that
/// a change in behaviour shows as a failing row.
@Suite("Corpus")
struct CorpusTests {
    @Test("every certificate of the system bundle walks as DER",
          .enabled(if: TestData.exists(TestData.systemBundle), "no \(TestData.systemBundle): run scripts/setup"))
    func systemBundle() throws {
        let certificates = TestData.systemCertificates
        #expect(certificates.count >= 100, "the bundle should hold over 100 roots")
        for (index, der) in certificates.enumerated() {
            let nodes = try DERNode.parse(der[...])
            #expect(nodes.count == 1, "certificate \(index) of the bundle")
        }
    }

    @Test("every file of cryptography-vectors x509/ walks or fails as listed",
          .enabled(if: TestData.exists(TestData.cryptographyX509), MissingData.cryptographyVectors))
    func cryptographyVectors() throws {
        let files = TestData.files(under: TestData.cryptographyX509)
        #expect(files.count >= 1_700, "the x509/ corpus should hold about 1,770 files")
        var unexpected: [String] = []
        var smimeTextFiles = 0
        for file in files {
            guard let bytes = TestData.bytes(TestData.cryptographyX509 + "/" + file) else {
                Issue.record("cannot read \(file)")
                continue
            }
            let outcome = Self.walk(bytes)
            if file.hasPrefix("PKITS_data/smime/"), file.hasSuffix(".eml") {
                // S/MIME messages are MIME text with no PEM block: read as DER, they must fail.
                smimeTextFiles += 1
                if outcome == .accepted { unexpected.append("\(file): S/MIME text accepted as DER") }
                continue
            }
            let expected = Self.rejected[file] ?? .accepted
            if outcome != expected {
                unexpected.append("\"\(file)\": \(outcome),  // was expected: \(expected)")
            }
        }
        #expect(smimeTextFiles == 224, "PKITS S/MIME messages")
        #expect(unexpected.isEmpty, "outcomes that differ from the table:\n\(unexpected.joined(separator: "\n"))")
    }

    /// What walking a file gave.
    enum Outcome: Equatable, CustomStringConvertible {
        case accepted
        case der(DERError.Kind, at: Int, block: Int)
        case pem(PEMError.Kind, at: Int)

        var description: String {
            switch self {
            case .accepted: return ".accepted"
            case .der(let kind, let offset, let block): return ".der(.\(kind), at: \(offset), block: \(block))"
            case .pem(let kind, let offset): return ".pem(.\(kind), at: \(offset))"
            }
        }
    }

    static func walk(_ bytes: [UInt8]) -> Outcome {
        let documents: [DERDocument]
        do { documents = try DERDocument.documents(in: bytes[...]) } catch {
            return .pem(error.kind, at: error.offset)
        }
        for document in documents {
            do { _ = try DERNode.parse(document.der) } catch {
                return .der(error.kind, at: error.offset, block: document.index)
            }
        }
        return .accepted
    }

    /// Every file of the corpus (other than the S/MIME messages) that is rejected, and why.
    static let rejected: [String: Outcome] = [
        // Text with no PEM block, read as DER: whatever the first characters decode to fails.
        "PKITS_data/ReadMe.txt": .der(.wrongConstruction(DERTag(.universal, 10, constructed: true)), at: 0, block: 0),
        "PKITS_data/pkits.ldif": .der(.wrongConstruction(DERTag(.universal, 26, constructed: true)), at: 2, block: 0),
        "PKITS_data/pkits.schema": .der(.truncated, at: 2, block: 0),
        // Times in no form SecCertificateCreateWithData accepts (SECTRUST.md §6): a UTCTime with a
        // four-digit year ("19020701025736Z"), and one with eleven digits ("18102813516Z").
        "badasn1time.pem": .der(.invalidTimeFormat, at: 107, block: 0),
        "custom/crl_invalid_time.der": .der(.invalidTimeFormat, at: 47, block: 0),
        // Deliberate garbage: "PRIVATE KEY" blocks whose base64 is a URL, not DER.
        "cryptography.io.chain_with_garbage.pem": .der(.truncated, at: 0, block: 2),
        "cryptography.io.with_garbage.pem": .der(.truncated, at: 0, block: 0),
        // RFC 1421 headers (Proc-Type) inside a block: RFC 7468 has none.
        "cryptography.io.with_headers.pem": .pem(.headersNotAllowed, at: 2081),
        // Character sets: an issuer PrintableString with a character outside X.680 §41.4, and a
        // commonName UTF8String that is not UTF-8.
        "custom/crl_issuer_invalid_printable_string.der": .der(.invalidStringCharacter(.printableString), at: 96, block: 0),
        "custom/invalid_utf8_common_name.pem": .der(.invalidStringCharacter(.utf8String), at: 61, block: 0),
        // An attribute with a high-tag-number (long form) tag, which only `--allow-high-tags` reads.
        "custom/long-form-name-attribute.pem": .der(.highTagNumber, at: 42, block: 0),
        "requests/long-form-attribute.pem": .der(.highTagNumber, at: 337, block: 0),
    ]
}
