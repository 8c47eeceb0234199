import ArgumentParser
import VouchPinning
import VouchX509

/// `vouch pin FILE...`: the `sha256/` SPKI pin of every certificate (CLI.md).
struct PinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Print the sha256/ public-key pin of every certificate in the files.",
        discussion: """
            One line per certificate: sha256/<base64 of SHA-256(SubjectPublicKeyInfo DER)>, the \
            base64 byte-identical to `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der \
            | openssl dgst -sha256 -binary | base64`.
            """
    )

    @Argument(help: "DER or PEM files, or '-' for standard input.")
    var files: [String]

    @Flag(help: "Print one JSON array: [{\"file\", \"subject\", \"pin\"}, ...].")
    var json = false

    func run() throws {
        let certificates: [(location: String, certificate: Certificate)]
        do {
            certificates = try CertificateLoader.load(files)
        } catch {
            printError(error.line)
            throw ExitStatus.badInput
        }
        if json {
            print(JSONValue.array(certificates.map { entry in
                .object([("file", .string(entry.location)), ("subject", .string(entry.certificate.subject.rfc4514)),
                         ("pin", .string(SPKIPin(entry.certificate).description))])
            }).serialized)
        } else {
            for entry in certificates { print(SPKIPin(entry.certificate).description) }
        }
    }
}
