import VouchDER
import VouchJSON

/// `vouch asn1 FILE`: a tree of any DER input, like `openssl asn1parse` or `dumpasn1`.
struct ASN1Command: Subcommand {
    static let spec = CommandSpec(
        name: "asn1",
        abstract: "Print the DER tree of a file (DER or PEM; '-' for standard input).",
        discussion: """
            Each line shows offset, depth, header length, length, form and tag, and the decoded value \
            of primitives. OCTET and BIT STRINGs that hold a DER element show it indented below them. \
            With --json: one object per tree (an array when the input holds several).
            """,
        arguments: [ArgumentSpec(name: "file", arity: .one, help: "A DER or PEM file, or '-' for standard input.")],
        options: [
            .flag("json", "Print the tree as JSON."),
            .flag("allow-high-tags", "Accept tag numbers of 31 and above (the high-tag-number form)."),
        ]
    )

    let file: String
    let json: Bool
    let allowHighTags: Bool

    init(_ arguments: ParsedArguments) {
        file = arguments.positional(0) ?? "-"
        json = arguments.flag("json")
        allowHighTags = arguments.flag("allow-high-tags")
    }

    func run() throws {
        var trees: [(location: String, nodes: [DERNode])] = []
        do {
            let input = try InputFile.read(file)
            for document in try input.documents() {
                let location = document.location(in: input.name)
                do {
                    let options: DERReader.Options = allowHighTags ? [.allowHighTagNumbers] : []
                    let nodes = try DERNode.parse(document.der, options: options)
                    guard !nodes.isEmpty else { throw InputError(file: location, message: "empty input") }
                    trees.append((location, nodes))
                } catch let error as DERError {
                    let hint = document.label == nil && input.looksLikeText ? " (text with no PEM block, read as DER)" : ""
                    throw InputError(file: location, message: error.description + hint)
                }
            }
        } catch let error as InputError {
            printError(error.line)
            throw ExitStatus.badInput
        }
        if json {
            let objects = trees.flatMap { $0.nodes.map(ASN1Rendering.json) }
            print(objects.count == 1 ? objects[0].serialized : JSONValue.array(objects).serialized)
        } else {
            for tree in trees {
                if trees.count > 1 { print("# \(tree.location)") }
                for node in tree.nodes { ASN1Rendering.printText(node) }
            }
        }
    }
}
