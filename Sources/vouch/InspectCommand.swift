import VouchCrypto
import VouchDER
import VouchJSON
import VouchTrust
import VouchX509

/// `vouch inspect FILE...`: every certificate, as text (like `openssl x509 -text`) or JSON.
struct InspectCommand: Subcommand {
    static let spec = CommandSpec(
        name: "inspect",
        abstract: "Show every certificate (and OCSP response) in the files (DER or PEM; '-' for standard input).",
        discussion: """
            Text: one block per certificate, like `openssl x509 -text`. With --json: one array, one \
            object per certificate, with these keys:
              version                    1, 2 or 3
              serial_number              lowercase hex of the INTEGER's content octets as encoded
              signature_algorithm        {"oid", "name"}
              issuer, subject            RFC 4514 strings
              issuer_attributes,
              subject_attributes         [[oid, value], ...] in encoding order
              not_before, not_after      RFC 3339 UTC
              public_key                 {"algorithm" (rsa, ec, ed25519, ed448, dsa, unknown), "bits",
                                          "curve" (P-256, ... or null), "oid"}
              sha256                     lowercase hex SHA-256 of the certificate's DER
              spki_sha256                base64 SHA-256 of the SubjectPublicKeyInfo DER (the sha256/ pin)
              extensions                 [{"oid", "name", "critical"}, ...] in encoding order
              basic_constraints          {"ca", "path_len"} or null
              key_usage                  names (digitalSignature, keyCertSign, ...) or null
              extended_key_usage         dotted OIDs or null
              subject_alt_names          {"dns", "ip", "email", "uri"} or null
              subject_key_id,
              authority_key_id           lowercase hex, or null
              signed_certificate_timestamps  only with the SCT-list extension: [{"log_id" (base64),
                                         "timestamp", "algorithm", "log", "operator"}] (the log's
                                         name with --ct-logs), or [{"error"}] for an SCT that does not parse

            A file that is one DER OCSP response (RFC 6960) is shown after the certificates, as \
            `openssl ocsp -respin FILE -resp_text -noverify` shows it; in --json as an object with \
            "ocsp_response" (the file), "status", and for a basic response "responder_id" ({"name"} \
            or {"key_hash"}), "produced_at", "responses" ([{"hash_algorithm", "issuer_name_hash", \
            "issuer_key_hash", "serial_number", "status", "this_update", "next_update"}]), \
            "signature_algorithm" and "certificates" (subjects).
            """,
        arguments: [ArgumentSpec(name: "files", arity: .oneOrMore, help: "DER or PEM files, or '-' for standard input.")],
        options: [
            .flag("json", "Print one JSON array."),
            .flag("first", "Only the first certificate of all the files."),
            .value("ct-logs", "file", "Name the logs of embedded SCTs from this list (Apple's trusted-logs property list or a v3 log_list.json)."),
            .flag("html", "Print one self-contained HTML page: the hex dump beside the ASN.1 tree of each certificate, each field named with its RFC section. A document that does not parse is shown with the error's offset (exit 2)."),
        ]
    )

    let files: [String]
    let json: Bool
    let first: Bool
    let html: Bool
    let ctLogs: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        files = arguments.positionals
        ctLogs = arguments.value("ct-logs")
        json = arguments.flag("json")
        first = arguments.flag("first")
        html = arguments.flag("html")
        if json && html { throw UsageError("--json and --html exclude each other") }
    }

    func run() throws {
        if html { return try runHTML() }
        var certificates: [(location: String, certificate: Certificate)] = []
        var logs: CertificateTransparencyLogList? = nil
        // A file that is one OCSP response (DER) is shown as `openssl ocsp -resp_text` shows it.
        var responses: [(name: String, response: OCSPResponse)] = []
        do throws(InputError) {
            var certificateFiles: [InputFile] = []
            // Why each DER file is no OCSP response, said beside why it is no certificate when it
            // is neither: the reader learns what was tried, not only the last guess.
            var notResponses: [String: X509Error] = [:]
            for path in files {
                let input = try InputFile.read(path)
                do throws(X509Error) {
                    responses.append((input.name, try OCSPResponse(derEncoded: input.bytes)))
                } catch {
                    certificateFiles.append(input)
                    if input.bytes.first == 0x30 || !DERDocument.hasPEMBeginLine(input.bytes[...]) { notResponses[input.name] = error }
                }
            }
            if !certificateFiles.isEmpty || responses.isEmpty {
                do throws(InputError) { certificates = try CertificateLoader.load(certificateFiles) } catch {
                    guard let notResponse = notResponses[error.file] else { throw error }
                    throw InputError(file: error.file, message: "not a certificate: \(error.message); not an OCSP response: \(notResponse)")
                }
            }
            if let ctLogs { logs = try TransparencyRendering.loadLogs(ctLogs) }
        } catch {
            printError(error.line)
            throw ExitStatus.badInput
        }
        if first { certificates = Array(certificates.prefix(1)) }
        if json {
            print(JSONValue.array(certificates.map { entry in
                var object = CertificateRendering.json(entry.certificate)
                if case .object(var members) = object, let scts = TransparencyRendering.inspectJSON(entry.certificate, logs: logs) {
                    members.append(("signed_certificate_timestamps", scts))
                    object = .object(members)
                }
                return object
            } + responses.map { OCSPRendering.json($0.response, file: $0.name) }).serialized)
        } else {
            for (index, entry) in certificates.enumerated() {
                if index > 0 { print("") }
                print("Certificate \(index + 1) of \(certificates.count) (\(entry.location))")
                CertificateRendering.printText(entry.certificate)
                for line in TransparencyRendering.inspectLines(entry.certificate, logs: logs) { print("      \(line)") }
            }
            for (index, entry) in responses.enumerated() {
                if index > 0 || !certificates.isEmpty { print("") }
                print("OCSP response \(index + 1) of \(responses.count) (\(entry.name))")
                for line in OCSPRendering.text(entry.response) { print(line) }
            }
        }
    }
}

extension InspectCommand {
    /// `--html`: the explorer page of every document, good or bad.
    func runHTML() throws {
        let (documents, omitted, problems) = ExplorerInput.documents(files, first: first)
        let count = documents.count + omitted
        print(ExplorerPage.render(
            title: "vouch inspect " + files.joined(separator: " "),
            subtitle: "\(count) document\(count == 1 ? "" : "s"): select an element in the tree, or a byte in the dump, to see its field, value and section.",
            documents: documents, omitted: omitted, trust: nil, problems: problems), terminator: "")
        if ExplorerInput.hasBadInput(documents, problems: problems) { throw ExitStatus.badInput }
    }
}

/// Reads the certificates of command-line files, in order, with a location for messages.
enum CertificateLoader {
    /// Every certificate of every file (PEM certificate blocks, or the DER file itself).
    ///
    /// - Throws: ``InputError`` for an unreadable file, malformed PEM, a certificate that does not
    ///   parse, or files that hold no certificate at all.
    static func load(_ paths: [String]) throws(InputError) -> [(location: String, certificate: Certificate)] {
        try load(paths, readingTrustData: false).map { ($0.location, $0.certificate) }
    }

    /// ``load(_:)``, with the trust data of OpenSSL `TRUSTED CERTIFICATE` blocks when
    /// `readingTrustData` (the anchors' metadata, SECTRUST.md §15.6); otherwise that data is
    /// ignored, as a certificate parser ignores bytes after the certificate.
    static func load(_ paths: [String], readingTrustData: Bool) throws(InputError)
        -> [(location: String, certificate: Certificate, auxiliary: CertificateTrustAuxiliary?)]
    {
        var certificates: [(location: String, certificate: Certificate, auxiliary: CertificateTrustAuxiliary?)] = []
        // Each file read, then its certificates, in turn: the first problem met is the one reported.
        for path in paths { certificates += try Self.certificates(in: try InputFile.read(path), readingTrustData: readingTrustData) }
        guard !certificates.isEmpty else { throw InputError(file: paths.joined(separator: ", "), message: "no certificate found") }
        return certificates
    }

    /// ``load(_:)`` of files already read (standard input can be read only once).
    static func load(_ inputs: [InputFile]) throws(InputError) -> [(location: String, certificate: Certificate)] {
        var certificates: [(location: String, certificate: Certificate)] = []
        for input in inputs { certificates += try Self.certificates(in: input, readingTrustData: false).map { ($0.location, $0.certificate) } }
        guard !certificates.isEmpty else {
            throw InputError(file: inputs.map(\.name).joined(separator: ", "), message: "no certificate found")
        }
        return certificates
    }

    /// The certificates of one file: a DER file, or its PEM certificate blocks.
    private static func certificates(in input: InputFile, readingTrustData: Bool) throws(InputError)
        -> [(location: String, certificate: Certificate, auxiliary: CertificateTrustAuxiliary?)]
    {
        var certificates: [(location: String, certificate: Certificate, auxiliary: CertificateTrustAuxiliary?)] = []
        let documents = try input.documents().filter { $0.label.map(PEM.certificateLabels.contains) ?? true }
        for document in documents {
            let location = document.location(in: input.name)
            do throws(X509Error) {
                let read = try TrustedCertificate(block: document.der, label: document.label, readingTrustData: readingTrustData)
                certificates.append((location, read.certificate, read.auxiliary))
            } catch {
                throw InputError(file: location, message: error.description)
            }
        }
        return certificates
    }
}
