/// A lenient DER tree for mutation: any TLV whose header reads is a node; a constructed node whose
/// content reads completely as TLVs has children, and so has an OCTET STRING whose content does
/// (an extension's value); anything else keeps its content as bytes. `encoded` writes minimal
/// lengths again, so a mutated tree is well-formed DER wherever its leaves are.
final class DERTree {
    var tag: [UInt8]
    var children: [DERTree]?
    var content: [UInt8]

    init(tag: [UInt8], children: [DERTree]?, content: [UInt8]) {
        self.tag = tag
        self.children = children
        self.content = content
    }

    /// Deepest nesting read into children: deeper content stays bytes (certificates nest about 10).
    static let maximumDepth = 24

    var isConstructed: Bool { (tag.first ?? 0) & 0x20 != 0 }

    func copy() -> DERTree {
        DERTree(tag: tag, children: children?.map { $0.copy() }, content: content)
    }

    /// Every node, this one first, depth first.
    var all: [DERTree] {
        [self] + (children ?? []).flatMap(\.all)
    }

    var encoded: [UInt8] {
        let body = children.map { $0.flatMap(\.encoded) } ?? content
        return tag + DERTree.length(body.count) + body
    }

    static func length(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        var octets: [UInt8] = []
        var rest = count
        while rest > 0 {
            octets.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(octets.count)] + octets
    }

    /// Reads every TLV of `bytes[start..<end]`, or nil when they do not tile it exactly.
    static func parseAll(_ bytes: [UInt8], _ start: Int, _ end: Int, depth: Int) -> [DERTree]? {
        var nodes: [DERTree] = []
        var position = start
        while position < end {
            guard let (node, next) = parse(bytes, position, end, depth: depth) else { return nil }
            nodes.append(node)
            position = next
        }
        return nodes
    }

    /// Reads one TLV at `position`, returning it and the position after it.
    static func parse(_ bytes: [UInt8], _ position: Int, _ end: Int, depth: Int) -> (DERTree, Int)? {
        var index = position
        guard index < end else { return nil }
        var tag = [bytes[index]]
        index += 1
        if tag[0] & 0x1F == 0x1F {
            while index < end, tag.count < 6 {
                tag.append(bytes[index])
                index += 1
                if bytes[index - 1] & 0x80 == 0 { break }
            }
        }
        guard index < end else { return nil }
        var length = Int(bytes[index])
        index += 1
        if length & 0x80 != 0 {
            let count = length & 0x7F
            guard count >= 1, count <= 3, end - index >= count else { return nil }
            length = 0
            for _ in 0..<count {
                length = length << 8 | Int(bytes[index])
                index += 1
            }
        }
        guard end - index >= length else { return nil }
        let contentEnd = index + length
        let node = DERTree(tag: tag, children: nil, content: Array(bytes[index..<contentEnd]))
        let mayNest = node.isConstructed || tag == [0x04]
        if mayNest, depth < maximumDepth, length > 0, let children = parseAll(bytes, index, contentEnd, depth: depth + 1) {
            node.children = children
            node.content = []
        }
        return (node, contentEnd)
    }
}
