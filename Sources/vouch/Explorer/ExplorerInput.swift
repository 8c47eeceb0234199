import VouchDER

/// Reads command-line files for an explorer page. Unlike ``CertificateLoader``, a bad document
/// does not stop the reading: it becomes a page entry that shows the error and its offset, and an
/// unreadable file becomes a problem line, so a hostile input still gives a page.
enum ExplorerInput {
    /// The documents of `paths` (certificate PEM blocks, or the DER file itself), at most
    /// ``ExplorerLimits/maximumDocuments`` of them; how many more there were; the problems.
    static func documents(_ paths: [String], first: Bool = false)
        -> (documents: [ExplorerDocument], omitted: Int, problems: [String])
    {
        var documents: [ExplorerDocument] = [], omitted = 0, problems: [String] = []
        let limit = first ? 1 : ExplorerLimits.maximumDocuments
        for path in paths {
            do {
                let input = try InputFile.read(path)
                let found = try input.documents().filter { $0.label.map(PEM.certificateLabels.contains) ?? true }
                if found.isEmpty { problems.append("\(input.name): no certificate found") }
                for document in found {
                    guard documents.count < limit else { omitted += 1; continue }
                    documents.append(ExplorerDocument(location: document.location(in: input.name), der: document.der))
                }
            } catch {
                problems.append(error.line)
            }
        }
        if first { omitted = 0 }
        return (documents, omitted, problems)
    }

    /// Whether a page of `documents` shows an input the command would refuse (exit 2).
    static func hasBadInput(_ documents: [ExplorerDocument], problems: [String]) -> Bool {
        !problems.isEmpty || documents.contains { $0.certificate == nil }
    }
}
