import Foundation
import Testing
import VouchX509

/// TRUSTED CERTIFICATE blocks written by `openssl x509 -trustout` at test time, read back exactly.
@Suite(.enabled(if: ExternalTool.path("openssl") != nil, "openssl is not on PATH: the openssl -trustout cases are skipped"))
struct TrustedCertificateOpenSSLTests {
    /// One fixture: `openssl x509` run over the base certificate once per step (each step reads the
    /// previous step's output), and the trust data the last output must hold (`nil`: none at all).
    struct Case: CustomStringConvertible, Sendable {
        let steps: [[String]]
        let expected: String?
        let label: String
        init(_ steps: [[String]], _ expected: String?, label: String = "TRUSTED CERTIFICATE") {
            (self.steps, self.expected, self.label) = (steps, expected, label)
        }
        var description: String { steps.map { $0.joined(separator: " ") }.joined(separator: " | ") }
    }

    static let serverAuth = "1.3.6.1.5.5.7.3.1", clientAuth = "1.3.6.1.5.5.7.3.2"
    static let codeSigning = "1.3.6.1.5.5.7.3.3", emailProtection = "1.3.6.1.5.5.7.3.4"
    static let full = ["-trustout", "-addtrust", "serverAuth", "-addtrust", "emailProtection",
                       "-addreject", "clientAuth", "-setalias", "My CA"]

    static let cases: [Case] = [
        Case([full], "trust=[\(serverAuth),\(emailProtection)] reject=[\(clientAuth)] alias=My CA"),
        Case([["-trustout", "-addreject", "anyExtendedKeyUsage"]], "reject=[2.5.29.37.0]"),
        Case([["-trustout", "-addreject", "clientAuth", "-addreject", "codeSigning"]], "reject=[\(clientAuth),\(codeSigning)]"),
        Case([["-trustout", "-addtrust", "codeSigning"]], "trust=[\(codeSigning)]"),
        Case([["-trustout", "-setalias", "Only Alias"]], "alias=Only Alias"),
        Case([["-trustout", "-setalias", "Zürich CA"]], "alias=Zürich CA"),
        Case([["-trustout", "-addtrust", "1.2.3.4.5", "-addtrust", "anyExtendedKeyUsage"]], "trust=[1.2.3.4.5,2.5.29.37.0]"),
        // -trustout with no trust data writes the certificate alone.
        Case([["-trustout"]], nil),
        // -clrtrust and -clrreject remove a list: absent afterwards, not empty.
        Case([full, ["-trustout", "-clrtrust"]], "reject=[\(clientAuth)] alias=My CA"),
        Case([full, ["-trustout", "-clrreject"]], "trust=[\(serverAuth),\(emailProtection)] alias=My CA"),
        Case([full, ["-trustout", "-clrtrust", "-clrreject"]], "alias=My CA"),
        Case([["-trustout", "-clrtrust"]], nil),
        // Clearing the only field leaves an empty X509_CERT_AUX (30 00), still written.
        Case([["-trustout", "-addreject", "clientAuth"], ["-trustout", "-clrreject"]], ""),
        // -addtrust appends, even a purpose already listed.
        Case([full, ["-trustout", "-addtrust", "serverAuth"]],
             "trust=[\(serverAuth),\(emailProtection),\(serverAuth)] reject=[\(clientAuth)] alias=My CA"),
        // Without -trustout, openssl writes a plain CERTIFICATE and drops the trust data.
        Case([full, []], nil, label: "CERTIFICATE"),
    ]

    /// A fresh directory holding `c.pem`, a self-signed P-256 certificate (its key is discarded).
    static func baseCertificate() throws -> URL {
        let directory = try ExternalTool.temporaryDirectory()
        try ExternalTool.check("openssl", [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "/dev/null",
            "-subj", "/CN=Vouch TRUSTED CERTIFICATE Test", "-days", "30", "-out", "c.pem",
        ], in: directory)
        return directory
    }

    @Test(arguments: cases)
    func readsWhatOpenSSLWrites(_ fixture: Case) throws {
        let directory = try Self.baseCertificate()
        defer { try? FileManager.default.removeItem(at: directory) }
        var input = "c.pem"
        for (index, step) in fixture.steps.enumerated() {
            let output = "step\(index).pem"
            try ExternalTool.check("openssl", ["x509", "-in", input, "-out", output] + step, in: directory)
            input = output
        }
        let text = try ExternalTool.bytes(input, in: directory)
        #expect(String(decoding: text, as: UTF8.self).hasPrefix("-----BEGIN \(fixture.label)-----\n"))
        let certificates = try TrustedCertificate.certificates(inPEM: text[...])
        try #require(certificates.count == 1)
        let base = try TrustedCertificate.certificates(inPEM: try ExternalTool.bytes("c.pem", in: directory)[...])
        #expect(certificates.first?.certificate == base.first?.certificate)
        #expect(certificates.first?.auxiliary.map(render) == fixture.expected)
    }

    @Test func readsABundleOfBlocks() throws {
        // Three blocks in one text, as a bundle: with aux, plain, without aux.
        let directory = try Self.baseCertificate()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ExternalTool.check("openssl", ["x509", "-in", "c.pem", "-out", "a.pem"] + Self.full, in: directory)
        try ExternalTool.check("openssl", ["x509", "-in", "c.pem", "-out", "b.pem", "-trustout"], in: directory)
        let bundle = try ["a.pem", "c.pem", "b.pem"].flatMap { (file) throws in try ExternalTool.bytes(file, in: directory) }
        let certificates = try TrustedCertificate.certificates(inPEM: bundle[...])
        #expect(certificates.map { $0.auxiliary.map(render) ?? "nil" }
            == ["trust=[\(Self.serverAuth),\(Self.emailProtection)] reject=[\(Self.clientAuth)] alias=My CA", "nil", "nil"])
        #expect(Set(certificates.map(\.certificate)).count == 1)
    }
}
