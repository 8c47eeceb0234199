import VouchDER

/// A certificate's extensions, decoded one at a time from the raw `Extensions` SEQUENCE.
///
/// The list was validated when the certificate was parsed (structure, count, critical known
/// extensions), so iterating cannot fail and costs no allocation.
public struct Extensions: Sequence, Sendable {
    /// The content of the `Extensions` SEQUENCE (empty when the certificate has none).
    let content: ArraySlice<UInt8>

    /// The number of extensions.
    public let count: Int

    /// Whether some extension writes out `critical FALSE`, the DEFAULT DER leaves out (X.690
    /// §11.5): accepted, as Apple accepts it, and noted here as the list is read.
    public let encodesDefaultCritical: Bool

    init() {
        content = []
        count = 0
        encodesDefaultCritical = false
    }

    /// Reads `[3] EXPLICIT SEQUENCE SIZE (1..MAX) OF Extension` and validates what §10 demands.
    init(cursor reader: inout DERCursor, in bytes: ArraySlice<UInt8>) throws(X509Error) {
        self.init(try Self.validate(&reader, in: bytes), in: bytes)
    }

    /// What parsing found: where the list's content lies, how many extensions it holds, and
    /// whether one writes out `critical FALSE`.
    struct Parsed {
        let content: Range<Int>
        let count: Int
        let encodesDefaultCritical: Bool
    }

    /// The list `parsed` describes, in `bytes`.
    init(_ parsed: Parsed, in bytes: ArraySlice<UInt8>) {
        content = bytes[parsed.content]
        count = parsed.count
        encodesDefaultCritical = parsed.encodesDefaultCritical
    }

    /// Reads `[3] EXPLICIT SEQUENCE SIZE (1..MAX) OF Extension` and validates what §10 demands
    /// (critical known extensions are decoded from `bytes`).
    static func validate(_ reader: inout DERCursor, in bytes: ArraySlice<UInt8>) throws(X509Error) -> Parsed {
        var list = try reading(.extensions) { () throws(DERError) in
            let explicit = try reader.readElement(.contextSpecific(3, constructed: true))
            var wrapper = try reader.cursor(overContentOf: explicit)
            let sequence = try wrapper.readElement(.sequence)
            try wrapper.finish()
            return try wrapper.cursor(overContentOf: sequence)
        }
        guard !list.isAtEnd else { throw X509Error(.emptyExtensions, in: .extensions, at: list.offset) }
        let contentRange = list.offset..<list.end
        var count = 0
        var encodesDefaultCritical = false
        while !list.isAtEnd {
            let start = list.offset
            let next = try reading(.extensions) { () throws(DERError) in try Extension.validate(&list) }
            count += 1
            // `critical FALSE` written out: a non-critical extension whose extnID is followed by an
            // element tagged BOOLEAN (0x01), as ``encodesDefaultCritical(_:in:)`` judges it.
            if !encodesDefaultCritical && !next.isCritical && contentRange.contains(next.oid.upperBound)
                && list.octet(next.oid.upperBound) == 0x01
            {
                encodesDefaultCritical = true
            }
            guard count < X509Limits.maximumExtensionCount else {
                throw X509Error(.tooManyExtensions, in: .extensions, at: start)
            }
            guard next.isCritical else { continue }
            let oid = OID(validatedBytes: bytes[next.oid])
            do { _ = try KnownExtensions.validate(oid, bytes[next.value]) } catch {
                throw X509Error(.unparseableCriticalExtension(oid, error.kind), in: .extensionValue, at: error.offset)
            }
        }
        return Parsed(content: contentRange, count: count, encodesDefaultCritical: encodesDefaultCritical)
    }

    /// Whether `item`, read from `content`, writes out `critical FALSE`: a non-critical extension
    /// whose extnID is followed by an element tagged BOOLEAN (the extnID is a view into `content`,
    /// so where it ends indexes the next element; what follows it was read as a BOOLEAN or an
    /// OCTET STRING). Found from the octets already read, so the parse pays a comparison.
    static func encodesDefaultCritical(_ item: Extension, in content: ArraySlice<UInt8>) -> Bool {
        guard !item.isCritical else { return false }
        let next = item.oid.bytes.endIndex
        return content.indices.contains(next) && content[next] == 0x01  // BOOLEAN's identifier octet
    }

    /// Iterates the extensions in encoding order.
    public struct Iterator: IteratorProtocol {
        var reader: DERReader
        /// The next extension, or `nil` after the last.
        public mutating func next() -> Extension? {
            guard !reader.isAtEnd else { return nil }
            return try? Extension(reading: &reader)
        }
    }

    /// An iterator over the extensions, in encoding order.
    public func makeIterator() -> Iterator { Iterator(reader: DERReader(content)) }

    /// The first extension with `oid`, if any.
    ///
    /// The list was validated at parse, so finding one needs no decoding of the others: each
    /// Extension's first element, its extnID, is compared octet for octet with `oid`'s encoding
    /// (tag, short-form length, content), and only the match is read as an ``Extension``.
    public subscript(oid: OID) -> Extension? {
        let wanted = oid.bytes
        // A short-form length covers every OID Vouch looks up; a longer one takes the general path.
        guard wanted.count < 0x80 else { return first { $0.oid == oid } }
        var list = DERReader(content)
        while !list.isAtEnd {
            guard let item = try? list.readElement() else { return nil }
            let fields = item.content
            // 0x06: the identifier octet of OBJECT IDENTIFIER.
            guard fields.count > 2 + wanted.count, fields[fields.startIndex] == 0x06,
                fields[fields.startIndex + 1] == UInt8(wanted.count),
                fields.dropFirst(2).starts(with: wanted)
            else { continue }
            var reader = DERReader(item.encoded)
            return try? Extension(reading: &reader)
        }
        return nil
    }

    /// Whether some OID appears twice (Apple's DuplicateExtension check, SECTRUST.md §4.3).
    public var hasDuplicates: Bool { Self.containsDuplicate(map(\.oid.bytes)) }

    /// Whether two of `oids` (extnID contents) are equal: pairwise for the usual handful, up to
    /// ``pairwiseDuplicateLimit``; sorted for the thousands a hostile certificate may hold, so the
    /// cost stays O(n log n) up to ``X509Limits/maximumExtensionCount``.
    package static func containsDuplicate(_ oids: [ArraySlice<UInt8>]) -> Bool {
        if oids.count <= pairwiseDuplicateLimit {
            for (index, oid) in oids.enumerated() where oids[(index + 1)...].contains(where: { $0.elementsEqual(oid) }) {
                return true
            }
            return false
        }
        let sorted = oids.sorted { $0.lexicographicallyPrecedes($1) }
        return zip(sorted, sorted.dropFirst()).contains { $0.elementsEqual($1) }
    }

    /// The most extensions compared pairwise by ``containsDuplicate(_:)``.
    static let pairwiseDuplicateLimit = 32

    /// What Apple's list-level checks ask of every certificate, found in one walk of the list.
    public struct Anomalies: Sendable, Equatable {
        /// ``Extensions/unparseable`` is not empty.
        public var hasUnparseable = false
        /// ``Extensions/hasDuplicates``.
        public var hasDuplicates = false
        /// ``Extensions/unknownCritical`` is not empty.
        public var hasUnknownCritical = false
    }

    /// ``unparseable``, ``hasDuplicates`` and ``unknownCritical`` answered in one walk, with the
    /// extnIDs compared as the octets of the list (no copy): what a trust evaluation asks of each
    /// certificate.
    public var anomalies: Anomalies {
        var scan = AnomalyScan()
        for item in self {
            scan.visit(item) { (try? item.validateIfKnown()) != nil }
        }
        return scan.finish()
    }

    /// The rules of ``anomalies``, one extension at a time, for a caller that walks the list
    /// itself (the trust layer decodes the extensions it keeps in the same walk and passes on
    /// whether they decoded).
    package struct AnomalyScan {
        private var result = Anomalies()
        /// The id-ce arcs seen, so that the usual extensions are checked for duplicates without
        /// being kept.
        private var idCESeen = CertificateExtensionArcs()
        private var idCERepeated = false
        /// Every other extnID, compared at the end: usually two or three (authorityInfoAccess,
        /// the CT list), often none, so usually one small allocation or none at all.
        private var otherOIDs: [ArraySlice<UInt8>] = []

        package init() {}

        /// Takes `item` into account. `decodes` (whether a known extension's value decodes) is
        /// asked only of a non-critical extension while none has been found unparseable.
        package mutating func visit(_ item: Extension, decodes: () -> Bool) {
            if let arc = item.oid.certificateExtensionArc {
                if !idCESeen.insert(arc) { idCERepeated = true }
            } else {
                otherOIDs.append(item.oid.bytes)
            }
            if item.isCritical {
                if !result.hasUnknownCritical && !Extensions.isKnown(item.oid) {
                    result.hasUnknownCritical = true
                }
            } else if !result.hasUnparseable && !decodes() {
                result.hasUnparseable = true
            }
        }

        /// The anomalies of every extension visited.
        package func finish() -> Anomalies {
            var finished = result
            // An id-ce OID can only equal another id-ce OID: the two groups are checked apart.
            finished.hasDuplicates = idCERepeated || Extensions.containsDuplicate(otherOIDs)
            return finished
        }
    }

    /// Known, non-critical extensions whose value does not decode (Apple's UnparseableExtension).
    public var unparseable: [Extension] {
        filter { !$0.isCritical && ((try? KnownExtensions.validate($0.oid, $0.value)) == nil) }
    }

    /// Critical extensions Vouch does not know (input to the CriticalExtensions check).
    ///
    /// Like Apple (SECTRUST.md §10), OIDs strictly below its extension arcs
    /// 1.2.840.113635.100.{6, 11, 12, 13, 15}, and those its parser knows without parsing,
    /// count as known: they are never listed here.
    public var unknownCritical: [Extension] {
        filter { $0.isCritical && !Self.isKnown($0.oid) }
    }

    /// Whether Apple's parser knows `oid` (``Extension/knownOIDs``, below the arcs included).
    ///
    /// An id-ce OID (2.5.29.n, n < 128: the content octets 55 1D n, which every critical extension
    /// of a common certificate has) is answered from ``knownIDCE`` instead of a search of the
    /// table; ``isKnownSearched(_:)`` is the search itself.
    static func isKnown(_ oid: OID) -> Bool {
        if let arc = oid.certificateExtensionArc { return knownIDCE.contains(arc) }
        return isKnownSearched(oid)
    }

    /// ``isKnown(_:)`` by searching ``Extension/knownOIDs`` and the arcs.
    static func isKnownSearched(_ oid: OID) -> Bool {
        Extension.knownOIDs.contains(oid) || KnownExtensions.isKnownUnparsed(oid)
    }

    /// The n of every 2.5.29.n in ``Extension/knownOIDs``. The arcs ``isKnownSearched(_:)`` also
    /// accepts below are all longer than two octets, so none has a three-octet OID strictly
    /// below it (a test compares all 128).
    static let knownIDCE: CertificateExtensionArcs = {
        var arcs = CertificateExtensionArcs()
        for oid in Extension.knownOIDs {
            if let arc = oid.certificateExtensionArc { arcs.insert(arc) }
        }
        return arcs
    }()

    /// The content octets of Apple's extension arcs (`isAppleExtensionOID` in SecCertificate.c).
    static let appleExtensionArcs: [[UInt8]] = [6, 11, 12, 13, 15].map { [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x63, 0x64, $0] }

    /// Whether `oid` lies strictly below one of ``appleExtensionArcs``.
    static func isAppleExtension(_ oid: OID) -> Bool {
        appleExtensionArcs.contains { oid.bytes.count > $0.count && oid.bytes.starts(with: $0) }
    }
}

extension OID {
    /// n for an id-ce OID 2.5.29.n with n < 128 (the content octets 55 1D n), the arc of every
    /// extension RFC 5280 defines; `nil` for any other OID (a last octet of 0x80 or more would be
    /// an unfinished arc, which no parsed OID has).
    package var certificateExtensionArc: UInt8? {
        let bytes = self.bytes
        let start = bytes.startIndex
        guard bytes.count == 3, bytes[start] == 0x55, bytes[start + 1] == 0x1D, bytes[start + 2] < 0x80 else { return nil }
        return bytes[start + 2]
    }
}

/// A set of id-ce arcs (0…127) in two words: what the extension rules ask of id-ce OIDs, answered
/// without a search or an allocation.
package struct CertificateExtensionArcs: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    package init() {}

    package func contains(_ arc: UInt8) -> Bool {
        arc < 64 ? low >> arc & 1 == 1 : high >> (arc &- 64) & 1 == 1
    }

    /// Adds `arc`; returns whether it was not there yet.
    @discardableResult
    package mutating func insert(_ arc: UInt8) -> Bool {
        guard !contains(arc) else { return false }
        if arc < 64 { low |= 1 << arc } else { high |= 1 << (arc &- 64) }
        return true
    }
}
