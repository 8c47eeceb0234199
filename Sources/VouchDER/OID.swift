/// An OBJECT IDENTIFIER, kept as its validated content octets (X.690 §8.19).
///
/// Comparison and hashing use the octets, so comparing against a known OID costs a `memcmp`;
/// the dotted form is computed only when asked for. (Not named `ObjectIdentifier`: the standard
/// library has one.)
public struct OID: Hashable, Sendable, CustomStringConvertible {
    /// The content octets: base-128 arcs, the first two combined as 40·a + b.
    public let bytes: ArraySlice<UInt8>

    /// Validates the content of `element`: non-empty, every arc minimal, the last arc complete,
    /// and no arc above 64 bits.
    ///
    /// - Throws: ``DERError/Kind/invalidObjectIdentifier``,
    ///   ``DERError/Kind/nonMinimalObjectIdentifierArc`` or
    ///   ``DERError/Kind/objectIdentifierArcTooLarge`` at the offending octet.
    public init(_ element: DERElement) throws(DERError) {
        let content = element.content
        try content.withUnsafeBufferPointer { (octets) throws(DERError) in
            try Self.validate(octets, at: content.startIndex)
        }
        self.bytes = content
    }

    /// An OID whose content octets were validated already (by ``validate(_:at:)``).
    @inlinable
    package init(validatedBytes bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    /// The rules of ``init(_:)`` over `content`, whose first octet has absolute offset `offset`.
    @inlinable @inline(__always)
    package static func validate(_ content: UnsafeBufferPointer<UInt8>, at offset: Int) throws(DERError) {
        // The common case in one light pass: no arc of ten octets or more (nine continuation
        // octets in a row) and no arc starting with 0x80. Anything else, and every error, is
        // judged by the full rules below.
        if let last = content.last, last & 0x80 == 0 {
            var continuations = 0
            var index = 0
            while index < content.count {
                let octet = content[index]
                if octet & 0x80 == 0 {
                    continuations = 0
                } else {
                    if (continuations == 0 && octet == 0x80) || continuations == 8 { break }
                    continuations += 1
                }
                index += 1
            }
            if index == content.count { return }
        }
        try validateFully(content, at: offset)
    }

    /// The rules of ``init(_:)``, octet by octet, with the error of the first octet that breaks one.
    @usableFromInline
    static func validateFully(_ content: UnsafeBufferPointer<UInt8>, at offset: Int) throws(DERError) {
        guard let last = content.last else {
            throw DERError(.invalidObjectIdentifier, at: offset)
        }
        guard last & 0x80 == 0 else {
            throw DERError(.invalidObjectIdentifier, at: offset + content.count - 1)
        }
        var arcStart = true
        var arcOctets = 0
        for index in 0..<content.count {
            let octet = content[index]
            if arcStart && octet == 0x80 {
                throw DERError(.nonMinimalObjectIdentifierArc, at: offset + index)
            }
            arcOctets += 1
            // Ten base-128 octets hold 70 bits; more than 64 cannot be represented.
            if arcOctets > 10 || (arcOctets == 10 && (content[index - 9] & 0x7F) > 1) {
                throw DERError(.objectIdentifierArcTooLarge, at: offset + index)
            }
            arcStart = octet & 0x80 == 0
            if arcStart { arcOctets = 0 }
        }
    }

    /// An OID written in source code. A malformed literal gives the empty OID, which matches no
    /// decoded OID; a unit test checks every constant, so none is.
    init(literal dotted: String) {
        self = OID(dotted: dotted) ?? OID(emptyBytes: ())
    }

    private init(emptyBytes: ()) {
        self.bytes = []
    }

    /// Parses dotted text such as `"1.2.840.113549.1.1.11"`; `nil` if it is not a valid OID
    /// (at least two arcs, first arc 0–2, second below 40 unless the first is 2).
    public init?(dotted text: String) {
        var arcs: [UInt64] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                part.count == 1 || part.first != "0", let arc = UInt64(part)
            else { return nil }
            arcs.append(arc)
        }
        guard arcs.count >= 2, arcs[0] <= 2, arcs[0] == 2 || arcs[1] < 40 else { return nil }
        let (first, overflow) = (arcs[0] * 40).addingReportingOverflow(arcs[1])
        guard !overflow else { return nil }
        var encoded: [UInt8] = []
        for arc in [first] + arcs.dropFirst(2) {
            var groups: [UInt8] = [UInt8(arc & 0x7F)]
            var rest = arc >> 7
            while rest > 0 {
                groups.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            encoded.append(contentsOf: groups.reversed())
        }
        self.bytes = encoded[...]
    }

    /// The arcs as numbers.
    public var arcs: [UInt64] {
        var result: [UInt64] = []
        var value: UInt64 = 0
        for octet in bytes {
            value = value << 7 | UInt64(octet & 0x7F)
            guard octet & 0x80 == 0 else { continue }
            if result.isEmpty {
                let first: UInt64 = value < 40 ? 0 : (value < 80 ? 1 : 2)
                result.append(first)
                result.append(value - first * 40)
            } else {
                result.append(value)
            }
            value = 0
        }
        return result
    }

    /// Dotted decimal text, e.g. `1.2.840.113549.1.1.11`.
    public var dotted: String { arcs.map(String.init).joined(separator: ".") }

    /// The dotted text.
    public var description: String { dotted }

    /// The conventional name (`sha256WithRSAEncryption`, `commonName`, …) for OIDs X.509 uses.
    public var name: String? { OIDNames.table[self] }

    /// Whether the two encodings are the same octets (one OID has one DER encoding).
    public static func == (lhs: OID, rhs: OID) -> Bool {
        // Lengths first: most OIDs compared against each other differ there.
        // Then octet by octet over the two buffers (equal counts, so no index checks needed).
        guard lhs.bytes.count == rhs.bytes.count else { return false }
        return lhs.bytes.withUnsafeBufferPointer { left in
            rhs.bytes.withUnsafeBufferPointer { right in
                var index = 0
                while index < left.count {
                    if left[index] != right[index] { return false }
                    index &+= 1
                }
                return true
            }
        }
    }

    /// Hashes the octets `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        for octet in bytes { hasher.combine(octet) }
    }
}

extension DERReader {
    /// Reads an OBJECT IDENTIFIER.
    public mutating func readOID(_ tag: DERTag = .objectIdentifier) throws(DERError) -> OID {
        try OID(readElement(tag))
    }
}
