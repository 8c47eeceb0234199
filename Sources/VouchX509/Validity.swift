import VouchDER

/// The validity period (RFC 5280 §4.1.2.5): both ends inclusive.
public struct Validity: Hashable, Sendable {
    /// The first instant the certificate is valid.
    public let notBefore: DERTime
    /// The last instant the certificate is valid.
    public let notAfter: DERTime

    /// Reads `SEQUENCE { notBefore Time, notAfter Time }` in the forms SECTRUST.md §6 accepts.
    public init(reading reader: inout DERReader) throws(DERError) {
        self = try reader.withCursor { (cursor, _) throws(DERError) in try Validity(cursor: &cursor) }
    }

    /// ``init(reading:)`` over a cursor.
    @inline(__always)
    init(cursor: inout DERCursor) throws(DERError) {
        let element = try cursor.readElement(.sequence)
        var inner = try cursor.cursor(overContentOf: element)
        notBefore = try inner.readTime()
        notAfter = try inner.readTime()
        try inner.finish()
    }

    /// Whether `time` is within the period: `notBefore ≤ time ≤ notAfter`.
    public func contains(_ time: DERTime) -> Bool {
        notBefore <= time && time <= notAfter
    }

    /// `notAfter − notBefore` in seconds.
    public var durationInSeconds: Int64 { notAfter.secondsSince1970 - notBefore.secondsSince1970 }
}
