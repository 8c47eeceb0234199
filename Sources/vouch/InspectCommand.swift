import ArgumentParser
import VouchCrypto
import VouchDER
import VouchX509

/// `vouch inspect FILE...`: every certificate, as text (like `openssl x509 -text`) or JSON.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show every certificate in the files (DER or PEM; '-' for standard input).",
        discussion: "With --json: one array with one object per certificate (keys as in CLI.md)."
    )

    @Argument(help: "DER or PEM files, or '-' for standard input.")
    var files: [String]

    @Flag(help: "Print one JSON array.")
    var json = false

    @Flag(help: "Only the first certificate of all the files.")
    var first = false

    func run() throws {
        var certificates: [(location: String, certificate: Certificate)]
        do {
            certificates = try CertificateLoader.load(files)
        } catch {
            printError(error.line)
            throw ExitStatus.badInput
        }
        if first { certificates = Array(certificates.prefix(1)) }
        if json {
            print(JSONValue.array(certificates.map { CertificateRendering.json($0.certificate) }).serialized)
        } else {
            for (index, entry) in certificates.enumerated() {
                if index > 0 { print("") }
                print("Certificate \(index + 1) of \(certificates.count) (\(entry.location))")
                CertificateRendering.printText(entry.certificate)
            }
        }
    }
}

/// Reads the certificates of command-line files, in order, with a location for messages.
enum CertificateLoader {
    /// Every certificate of every file (PEM certificate blocks, or the DER file itself).
    ///
    /// - Throws: ``InputError`` for an unreadable file, malformed PEM, a certificate that does not
    ///   parse, or files that hold no certificate at all.
    static func load(_ paths: [String]) throws(InputError) -> [(location: String, certificate: Certificate)] {
        var certificates: [(location: String, certificate: Certificate)] = []
        for path in paths {
            let input = try InputFile.read(path)
            let documents = try input.documents().filter { $0.label.map(PEM.certificateLabels.contains) ?? true }
            for document in documents {
                let location = document.location(in: input.name)
                do {
                    certificates.append((location, try Certificate(derEncoded: document.der)))
                } catch {
                    throw InputError(file: location, message: error.description)
                }
            }
        }
        guard !certificates.isEmpty else {
            throw InputError(file: paths.joined(separator: ", "), message: "no certificate found")
        }
        return certificates
    }
}
