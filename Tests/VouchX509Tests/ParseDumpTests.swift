import Foundation
import Testing
import VouchDER
import VouchTestSupport
import VouchX509

/// Writes every parse outcome (fields with their byte ranges, or the error) of a corpus and its
/// mutations to the file named by `VOUCH_PARSE_DUMP`, so two builds of the parser can be compared
/// outcome for outcome (`cmp` of the two files). Skipped unless the variable is set.
@Suite("Parse outcome dump")
struct ParseDumpTests {
    static let path = ProcessInfo.processInfo.environment["VOUCH_PARSE_DUMP"]

    @Test("dump parse outcomes of the corpus and its mutations", .enabled(if: path != nil, "VOUCH_PARSE_DUMP not set"))
    func dump() throws {
        var corpus: [[UInt8]] = TestData.systemCertificates
        for root in [TestData.cryptographyX509, TestData.projectRoot.appendingPathComponent("TestVectors").path] {
            for file in TestData.files(under: root) {
                guard let bytes = TestData.bytes(root + "/" + file),
                    let documents = try? DERDocument.documents(in: bytes[...])
                else { continue }
                for document in documents where document.label.map(PEM.certificateLabels.contains) ?? true {
                    corpus.append(Array(document.der))
                }
            }
        }
        var output = ""
        func record(_ label: String, _ bytes: ArraySlice<UInt8>) {
            output += label + " " + Self.outcome(bytes) + "\n"
        }
        for (index, der) in corpus.enumerated() {
            record("c\(index)", der[...])
            // Offsets count from the slice's start index: parse from inside a larger buffer too.
            let padded = [0x30, 0x00, 0x05] + der + [0x00]
            record("p\(index)", padded[3...])
        }
        // Mutations: every prefix and four changes per octet of a spread of certificates.
        let parsing = corpus.filter { (try? Certificate(derEncoded: $0)) != nil }
        let picked = stride(from: 0, to: parsing.count, by: max(1, parsing.count / 60)).map { parsing[$0] }
        for (index, der) in picked.enumerated() {
            for length in 0..<der.count { record("t\(index).\(length)", der[0..<length]) }
            for position in der.indices {
                for change: UInt8 in [0x01, 0x80, 0xFF, 0x20] {
                    var mutated = der
                    mutated[position] ^= change
                    record("m\(index).\(position).\(change)", mutated[...])
                }
                var zeroed = der
                zeroed[position] = 0
                record("z\(index).\(position)", zeroed[...])
            }
        }
        try output.write(toFile: Self.path ?? "/dev/null", atomically: true, encoding: .utf8)
    }

    static func range(_ slice: ArraySlice<UInt8>?) -> String {
        guard let slice else { return "-" }
        return "\(slice.startIndex)..\(slice.endIndex)"
    }

    static func outcome(_ bytes: ArraySlice<UInt8>) -> String {
        let certificate: Certificate
        do { certificate = try Certificate(derEncoded: bytes) } catch { return "error \(error) \(error.kind) \(error.field) \(error.offset)" }
        var parts: [String] = []
        parts.append("v\(certificate.version)")
        parts.append("der \(range(certificate.derEncoded)) tbs \(range(certificate.tbsCertificateBytes))")
        parts.append("serial \(range(certificate.serialNumber))")
        for algorithm in [certificate.tbsSignatureAlgorithm, certificate.signatureAlgorithm, certificate.subjectPublicKeyInfo.algorithm] {
            parts.append("alg \(range(algorithm.encoded)) \(range(algorithm.algorithm.bytes)) \(range(algorithm.parameters))")
        }
        parts.append("issuer \(range(certificate.issuer.encoded)) subject \(range(certificate.subject.encoded))")
        for time in [certificate.validity.notBefore, certificate.validity.notAfter] {
            parts.append("time \(time.form) \(time.secondsSince1970) \(time.isTwoDigitYearQuirk) \(time.isZuluWithSeconds)")
        }
        let spki = certificate.subjectPublicKeyInfo
        parts.append("spki \(range(spki.encoded)) \(spki.subjectPublicKey.unusedBits) \(range(spki.subjectPublicKey.bytes))")
        for id in [certificate.issuerUniqueID, certificate.subjectUniqueID] {
            parts.append("uid \(id.map { "\($0.unusedBits) \(range($0.bytes))" } ?? "-")")
        }
        let extensions = certificate.extensions
        parts.append("ext \(extensions.count) \(extensions.encodesDefaultCritical)")
        for item in extensions {
            parts.append("e \(range(item.oid.bytes)) \(item.isCritical) \(range(item.value)) \(item.offset)")
        }
        parts.append("sig \(certificate.signature.unusedBits) \(range(certificate.signature.bytes))")
        // What the trust layer derives from the names and the list: issuer lookup keys, the
        // empty-subject rule, Apple's list anomalies.
        for name in [certificate.issuer, certificate.subject] {
            parts.append("name \(name.isEmpty) \(name.appleNormalizedEncoding.map { String($0, radix: 16) }.joined())")
        }
        let anomalies = extensions.anomalies
        parts.append("anomalies \(anomalies.hasDuplicates) \(anomalies.hasUnparseable) \(anomalies.hasUnknownCritical)")
        return parts.joined(separator: "; ")
    }
}
