import VouchDER
import VouchJSON
import VouchX509

/// The limits that keep an explorer page usable on any input. The page embeds each document's
/// bytes once and draws a hex dump and a tree only for the document selected, so its size grows
/// with the input; these bound what one hostile input can make the browser hold.
enum ExplorerLimits {
    /// Bytes of one document embedded (and dumped): sixteen times the largest certificate of
    /// Debian's trust store (about 2.5 KB), so real certificates are always whole.
    static let maximumEmbeddedBytes = 1 << 16
    /// Tree nodes of one document: a certificate has about 100; a 64 KiB document of one-byte
    /// elements would have 32,768, more than a person reads or a browser draws quickly.
    static let maximumNodes = 4096
    /// Characters of one decoded value (the bytes themselves are in the hex dump).
    static let maximumValueCharacters = 256
    /// Documents on one page: over three times the 300-certificate bundle the page is measured on.
    static let maximumDocuments = 1000
    /// A document larger than this is dumped but not parsed: a tree of a 256 MiB input of
    /// two-byte elements would hold over 100 million nodes before ``maximumNodes`` could cut it.
    /// 1 MiB is 400 times the largest certificate of Debian's trust store.
    static let maximumParsedBytes = 1 << 20
}

/// One document of an explorer page: its bytes and the named tree of its elements, or the
/// DER error, with its offset, that stopped the parse.
struct ExplorerDocument {
    /// One element, in document order, with an offset relative to the document's first byte.
    struct Node {
        let offset: Int
        let headerLength: Int
        let length: Int
        let depth: Int
        let tag: DERTag
        let field: ExplorerFields.Field
        let value: String?
    }

    /// What the list shows: the subject's common name, or the location.
    let title: String
    /// The file and PEM block the document came from.
    let location: String
    let der: ArraySlice<UInt8>
    private(set) var nodes: [Node] = []
    /// The DER error that stopped the parse: offset relative to the document, and reason.
    private(set) var error: (offset: Int, message: String)?
    /// What else the reader should know: why it is not a certificate, what was left out.
    private(set) var notes: [String] = []
    /// Whether ``ExplorerLimits/maximumNodes`` left elements out.
    private var nodesOmitted = false
    /// The certificate, when the document is one.
    let certificate: Certificate?

    init(location: String, der: ArraySlice<UInt8>) {
        self.location = location
        self.der = der
        var certificateError: String?
        guard der.count <= ExplorerLimits.maximumParsedBytes else {
            certificate = nil
            title = location
            notes.append("\(der.count) bytes: larger than \(ExplorerLimits.maximumParsedBytes), so not parsed (ExplorerLimits.maximumParsedBytes); the first \(ExplorerLimits.maximumEmbeddedBytes) bytes are shown")
            return
        }
        do {
            certificate = try Certificate(derEncoded: der)
        } catch {
            certificate = nil
            certificateError = error.description
        }
        title = certificate.map { certificate in
            certificate.subject.commonNames.first ?? (certificate.subject.isEmpty ? "(empty subject)" : certificate.subject.rfc4514)
        } ?? location
        do {
            let roots = try DERNode.parse(der)
            for root in roots {
                flatten(root, field: ExplorerFields.root(isCertificate: certificate != nil), depth: 0)
            }
            if roots.isEmpty { notes.append("empty input") }
            if let certificateError { notes.append("well-formed DER, but not a certificate Vouch accepts: \(certificateError)") }
        } catch {
            self.error = (error.offset - der.startIndex, error.reason)
        }
        if der.count > ExplorerLimits.maximumEmbeddedBytes {
            notes.append("only the first \(ExplorerLimits.maximumEmbeddedBytes) of \(der.count) bytes are shown (ExplorerLimits.maximumEmbeddedBytes)")
        }
        if nodesOmitted {
            notes.append("only the first \(ExplorerLimits.maximumNodes) elements are shown (ExplorerLimits.maximumNodes)")
        }
    }

    private mutating func flatten(_ node: DERNode, field: ExplorerFields.Field, depth: Int) {
        guard nodes.count < ExplorerLimits.maximumNodes else {
            nodesOmitted = true
            return
        }
        let element = node.element
        nodes.append(Node(
            offset: element.offset - der.startIndex, headerLength: element.headerLength, length: element.length,
            depth: depth, tag: element.tag, field: field, value: node.value.map { Self.text($0, field: field) }))
        for (child, childField) in zip(node.children, ExplorerFields.children(of: node, shape: field.shape)) {
            flatten(child, field: childField, depth: depth + 1)
        }
        for inner in node.encapsulated {
            flatten(inner, field: ExplorerFields.encapsulated(in: field.shape), depth: depth + 1)
        }
    }

    /// The value as `vouch asn1` shows it, with the version's meaning and KeyUsage's bit names.
    private static func text(_ value: DERNode.Value, field: ExplorerFields.Field) -> String {
        var text = ASN1Rendering.text(value)
        switch value {
        case .integer(let integer) where field.name == "version":
            if let version = integer.value(as: Int.self), version < 3 { text += " (v\(version + 1))" }
        case .bitString(let bits) where field.name == "KeyUsage":
            let set = keyUsageNames.indices.filter { $0 < bits.bitCount && bits.isSet($0) }.map { keyUsageNames[$0] }
            if !set.isEmpty { text = set.joined(separator: ", ") + " (" + text + ")" }
        default: break
        }
        return text.count > ExplorerLimits.maximumValueCharacters
            ? String(text.prefix(ExplorerLimits.maximumValueCharacters)) + "…" : text
    }

    /// KeyUsage's named bits (RFC 5280 §4.2.1.3), bit 0 first.
    private static let keyUsageNames = [
        "digitalSignature", "contentCommitment", "keyEncipherment", "dataEncipherment", "keyAgreement",
        "keyCertSign", "cRLSign", "encipherOnly", "decipherOnly",
    ]

    /// The document as the page's script reads it. Nodes are arrays, not objects, to keep a
    /// 300-certificate page small: `[offset, headerLength, length, depth, tag, name, label, section, value]`.
    var json: JSONValue {
        let nodeValues: [JSONValue] = nodes.map { node in
            .array([
                .int(Int64(node.offset)), .int(Int64(node.headerLength)), .int(Int64(node.length)),
                .int(Int64(node.depth)), .string(node.tag.name), .string(node.field.name),
                node.field.label == node.field.name ? .null : .string(node.field.label),
                node.field.section.map(JSONValue.string) ?? .null, node.value.map(JSONValue.string) ?? .null,
            ])
        }
        var members: [(String, JSONValue)] = [
            ("title", .string(title)), ("location", .string(location)), ("size", .int(Int64(der.count))),
            ("der", .string(Base64.encode(der.prefix(ExplorerLimits.maximumEmbeddedBytes)))),
            ("nodes", .array(nodeValues)), ("notes", .array(notes.map(JSONValue.string))),
        ]
        if let error {
            members.append(("error", .object([("offset", .int(Int64(error.offset))), ("message", .string(error.message))])))
        }
        if let certificate {
            members.append(("subject", .string(certificate.subject.rfc4514)))
            members.append(("issuer", .string(certificate.issuer.rfc4514)))
            members.append(("validity", .string(certificate.validity.notBefore.rfc3339 + " → " + certificate.validity.notAfter.rfc3339)))
        }
        return .object(members)
    }

    /// The X.690 sections of every tag the documents use, so each is written once per page.
    static func encodingSections(_ documents: [ExplorerDocument]) -> JSONValue {
        var seen: [String: String] = [:]
        var order: [String] = []
        for document in documents {
            for node in document.nodes where seen[node.tag.name] == nil {
                seen[node.tag.name] = ExplorerSections.encoding(node.tag)
                order.append(node.tag.name)
            }
        }
        return .object(order.map { ($0, .string(seen[$0] ?? "")) })
    }
}
