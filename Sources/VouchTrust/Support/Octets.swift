import VouchDER

/// A run of octets as a dictionary key, hashed and compared in bulk.
///
/// The standard `Hashable` of `[UInt8]` and `ArraySlice<UInt8>` feeds the hasher one octet at a
/// time and `==` compares one by one: for the names, keys and certificates the trust layer indexes
/// (hundreds of octets each) that cost more than the rest of a lookup. Every octet is hashed, so
/// crafted input cannot make keys collide at will.
struct Octets: Hashable, Sendable {
    let bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }
    init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func == (left: Octets, right: Octets) -> Bool { left.bytes.hasSameOctets(as: right.bytes) }
}
