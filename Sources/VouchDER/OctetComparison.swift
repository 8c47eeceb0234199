extension ArraySlice<UInt8> {
    /// Octet-for-octet equality, eight octets at a time (`elementsEqual` goes one by one): for
    /// the certificates, names and keys the upper layers compare and index.
    package func hasSameOctets(as other: ArraySlice<UInt8>) -> Bool {
        guard count == other.count else { return false }
        return withUnsafeBytes { first in
            other.withUnsafeBytes { second in
                var offset = 0
                while offset + 8 <= first.count {
                    guard first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    else { return false }
                    offset += 8
                }
                while offset < first.count {
                    guard first[offset] == second[offset] else { return false }
                    offset += 1
                }
                return true
            }
        }
    }
}
