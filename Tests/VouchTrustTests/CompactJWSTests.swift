import Foundation
import Testing
import VouchCrypto
import VouchDER
import VouchJSON
import VouchTestSupport
import VouchX509

@testable import VouchTrust

/// ``CompactJWS`` on the vectors of TestVectors/apple-signed: the generated ones (make.py), Apple's
/// App Store signed data and certificates (extract.py), and JWSs Python's `cryptography` makes
/// while the test runs (fresh.py). Each vector row says what Vouch must answer and what a
/// reference reading of the RFCs (jws_reference.py) answered; both are checked.
@Suite struct CompactJWSTests {
    static let folder = TestData.projectRoot.appendingPathComponent("TestVectors/apple-signed")

    static func bytes(_ file: String) throws -> [UInt8] {
        try #require(TestData.bytes(folder.appendingPathComponent(file).path), "TestVectors/apple-signed/\(file)")
    }

    static func certificate(_ file: String) throws -> Certificate { try Certificate(derEncoded: try bytes(file)) }

    /// One row of cases.json or apple-cases.json.
    struct Case: CustomTestStringConvertible, Sendable {
        let file: String, expect: String, reference: String, note: String
        var testDescription: String { file }
    }

    static func cases(_ manifest: String) -> [Case] {
        guard let data = TestData.bytes(folder.appendingPathComponent(manifest).path),
            let rows = (try? JSONReader.parse(data))?.arrayValue
        else { return [] }
        return rows.compactMap { row in
            guard let file = row[member: "file"]?.stringValue, let expect = row[member: "expect"]?.stringValue,
                let reference = row[member: "reference"]?.stringValue
            else { return nil }
            return Case(file: file, expect: expect, reference: reference, note: row[member: "note"]?.stringValue ?? "")
        }
    }

    @Test("the manifests list every vector", arguments: ["cases.json", "apple-cases.json"])
    func manifests(_ manifest: String) {
        #expect(Self.cases(manifest).count == (manifest == "cases.json" ? 21 : 11))
    }

    @Test("generated vectors: Vouch's answer, and the reference agrees on valid or not", arguments: cases("cases.json"))
    func generated(_ row: Case) throws {
        let outcome = JWSOutcome.of(try Self.bytes(row.file))
        #expect(outcome == row.expect, "\(row.note)")
        #expect((outcome == "valid") == (row.reference == "valid"), "reference: \(row.reference)")
    }

    @Test("Apple's signed data: Vouch's answer, and the reference agrees", arguments: cases("apple-cases.json"))
    func apple(_ row: Case) throws {
        let text = try Self.bytes(row.file)
        let outcome = JWSOutcome.of(text)
        #expect(outcome == row.expect, "\(row.note)")
        #expect((outcome == "valid") == (row.reference == "valid"), "reference: \(row.reference)")
        guard row.expect == "valid" else { return }
        let jws = try CompactJWS(bytes: text)
        #expect(jws.algorithm == .es256)
        #expect(!jws.certificates.isEmpty)
        // The payload is the transaction (or notification) as JSON.
        #expect(JSONReader.parseSucceeds(jws.payload))
    }

    @Test("missingX5CHeaderClaim parses (its header has x5cwrong) and has no certificate key")
    func missingX5C() throws {
        let jws = try CompactJWS(bytes: try Self.bytes("mock_signed_data/missingX5CHeaderClaim"))
        #expect(jws.certificates.isEmpty)
        #expect(jws.header[member: "x5cwrong"]?.arrayValue?.isEmpty == false)
        #expect(throws: JWSError(.noCertificateChain, at: 0)) { try jws.verifySignatureWithCertificateKey() }
    }

    @Test("the mock data's x5c: leaf and intermediate with the markers, under Apple's testCA key")
    func mockChain() throws {
        let jws = try CompactJWS(bytes: try Self.bytes("mock_signed_data/transactionInfo"))
        #expect(jws.certificates.count == 3)
        // x5c[2] is not testCA.der, the root Apple's tests trust, but a certificate with its name
        // and key (another issuance): the intermediate verifies under either.
        let testCA = try Self.certificate("certs/testCA.der")
        #expect(jws.certificates[2].derEncoded != testCA.derEncoded)
        #expect(jws.certificates[2].subjectPublicKeyInfo.encoded == testCA.subjectPublicKeyInfo.encoded)
        #expect(SignatureVerifier.verify(jws.certificates[1], issuerKey: testCA.subjectPublicKeyInfo) == .valid)
        #expect(jws.certificates[1].extensions[Self.intermediateMarker] != nil)
        #expect(jws.certificates[0].extensions[Self.leafMarker] != nil)
    }

    static let leafMarker = OID(dotted: "1.2.840.113635.100.6.11.1")!
    static let intermediateMarker = OID(dotted: "1.2.840.113635.100.6.2.1")!
    static let receiptPolicy = OID(dotted: "1.2.840.113635.100.5.6.1")!

    @Test("Apple's real App Store chain carries the receipt policy's markers")
    func realAppleMarkers() throws {
        let leaf = try Self.certificate("real-apple-signing.der")
        let intermediate = try Self.certificate("real-apple-intermediate.der")
        let root = try Self.certificate("real-apple-root.der")
        #expect(leaf.extensions[Self.leafMarker]?.value[...] == [0x05, 0x00][...])
        #expect(leaf.certificatePolicies?.policies.contains { $0.identifier == Self.receiptPolicy } == true)
        #expect(intermediate.extensions[Self.intermediateMarker]?.value[...] == [0x05, 0x00][...])
        #expect(root.extensions[Self.leafMarker] == nil && root.extensions[Self.intermediateMarker] == nil)
        // Each signed by the next (the trust policy judges the rest).
        #expect(SignatureVerifier.verify(leaf, issuerKey: intermediate.subjectPublicKeyInfo) == .valid)
        #expect(SignatureVerifier.verify(intermediate, issuerKey: root.subjectPublicKeyInfo) == .valid)
        #expect(SignatureVerifier.verify(root, issuerKey: root.subjectPublicKeyInfo) == .valid)
        // Apple's EFFECTIVE_DATE (1761962975, October 2025) is within every validity.
        for certificate in [leaf, intermediate, root] {
            #expect(certificate.validity.notBefore.secondsSince1970 <= 1_761_962_975)
            #expect(certificate.validity.notAfter.secondsSince1970 >= 1_761_962_975)
        }
    }

    @Test("Apple's test chain and its invalid-OID variants: the markers present or changed")
    func appleTestMarkers() throws {
        func has(_ file: String, _ oid: OID) throws -> Bool { try Self.certificate(file).extensions[oid] != nil }
        #expect(try has("apple-test-leaf.der", Self.leafMarker))
        #expect(try has("apple-test-intermediate.der", Self.intermediateMarker))
        #expect(try has("apple-test-leaf-for-intermediate-invalid-oid.der", Self.leafMarker))
        #expect(try !has("apple-test-leaf-invalid-oid.der", Self.leafMarker))  // 1.2.840.113635.100.6.11.2
        #expect(try !has("apple-test-intermediate-invalid-oid.der", Self.intermediateMarker))  // …6.2.2
    }

    @Test("the generated chain carries the same markers, and es256.jws's fields read as written")
    func generatedChain() throws {
        let jws = try CompactJWS(bytes: try Self.bytes("es256.jws"))
        let files = ["leaf.der", "intermediate.der", "root.der"]
        #expect(jws.certificates.map { Array($0.derEncoded) } == (try files.map(Self.bytes)))
        #expect(jws.certificates[0].extensions[Self.leafMarker]?.value[...] == [0x05, 0x00][...])
        #expect(jws.certificates[0].certificatePolicies?.policies.map(\.identifier) == [Self.receiptPolicy])
        #expect(jws.certificates[1].extensions[Self.intermediateMarker]?.value[...] == [0x05, 0x00][...])
        #expect(jws.algorithm == .es256 && jws.type == nil && jws.keyID == nil && jws.criticalParameters.isEmpty)
        #expect(String(decoding: jws.payload, as: UTF8.self).hasPrefix(#"{"transactionId":"2000000000000001""#))
        let text = try Self.bytes("es256.jws")
        let secondDot = try #require(text.indices.filter { text[$0] == UInt8(ascii: ".") }.last)
        #expect(jws.signingInput == text[..<secondDot])
        #expect(jws.signature.count == 64)
        let rs256 = try CompactJWS(bytes: try Self.bytes("rs256.jws"))
        #expect(rs256.type == "JWT" && rs256.keyID == "rsa" && rs256.algorithm == .rs256)
    }

    static let hasPython: Bool = {
        guard let python = FetchWorld.which("python3") else { return false }
        return (try? Self.run(python, ["-c", "import cryptography"])) != nil
    }()

    static func run(_ executable: URL, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return data
    }

    @Test(
        "JWSs Python makes now, and mutations of them: Vouch accepts exactly what the reference accepts",
        .enabled(if: hasPython, "needs python3 with cryptography (the oracle): run scripts/setup --tests"))
    func freshCrossCheck() throws {
        let python = try #require(FetchWorld.which("python3"))
        let script = Self.folder.appendingPathComponent("fresh.py").path
        let output = String(decoding: try Self.run(python, [script, "37", "60"]), as: UTF8.self)
        let lines = output.split(separator: "\n")
        #expect(lines.count == 66)
        var valid = 0
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard fields.count == 2 else { Issue.record("malformed line \(line)"); continue }
            let outcome = JWSOutcome.of(Array(fields[1].utf8))
            #expect((outcome == "valid") == (fields[0] == "valid"), "reference: \(fields[0]); Vouch: \(outcome); \(fields[1])")
            if outcome == "valid" { valid += 1 }
        }
        #expect(valid >= 6)  // the six fresh JWSs (a mutation may rewrite a character to itself)
    }
}

extension JSONReader {
    static func parseSucceeds(_ bytes: [UInt8]) -> Bool { (try? parse(bytes)) != nil }
}

/// Vouch's answer for a JWS text in the words of the vector manifests: `valid`, or the error
/// kind with its decisive arguments (`refusedAlgorithm(none)`, `invalidCertificate(1)`, …).
enum JWSOutcome {
    static func of(_ text: [UInt8]) -> String {
        do {
            let jws = try CompactJWS(bytes: text)
            try jws.verifySignatureWithCertificateKey()
            return "valid"
        } catch {
            return name(error.kind)
        }
    }

    static func name(_ kind: JWSError.Kind) -> String {
        switch kind {
        case .tooLarge(let what, _): return "tooLarge(\(what))"
        case .wrongNumberOfParts(let found): return "wrongNumberOfParts(\(found))"
        case .invalidBase64URL(let part, let problem): return "invalidBase64URL(\(part.rawValue),\(problem.rawValue))"
        case .headerNotJSON: return "headerNotJSON"
        case .headerNotObject: return "headerNotObject"
        case .missingHeaderParameter(let name): return "missingHeaderParameter(\(name))"
        case .wrongHeaderParameterType(let name, _): return "wrongHeaderParameterType(\(name))"
        case .refusedAlgorithm(let name): return "refusedAlgorithm(\(name))"
        case .unsupportedAlgorithm(let name): return "unsupportedAlgorithm(\(name))"
        case .emptyCertificateChain: return "emptyCertificateChain"
        case .invalidCertificateBase64(let index, _): return "invalidCertificateBase64(\(index))"
        case .invalidCertificate(let index, _): return "invalidCertificate(\(index))"
        case .invalidCriticalParameters: return "invalidCriticalParameters"
        case .unsupportedCriticalParameter(let name): return "unsupportedCriticalParameter(\(name))"
        case .wrongSignatureLength(let expected, let found): return "wrongSignatureLength(\(expected),\(found))"
        case .keyDoesNotMatchAlgorithm(let algorithm): return "keyDoesNotMatchAlgorithm(\(algorithm.rawValue))"
        case .rsaKeyTooSmall(let bits): return "rsaKeyTooSmall(\(bits))"
        case .noCertificateChain: return "noCertificateChain"
        case .unsupportedCertificateKey: return "unsupportedCertificateKey"
        case .invalidSignature: return "invalidSignature"
        }
    }
}
