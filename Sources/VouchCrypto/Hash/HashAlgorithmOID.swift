import VouchDER

extension HashAlgorithm {
    /// The algorithm an AlgorithmIdentifier names: id-sha1 (1.3.14.3.2.26, RFC 3279 §2.2.1) or
    /// id-sha224/256/384/512 (2.16.840.1.101.3.4.2.4/1/2/3, RFC 5754 §2); `nil` for anything else.
    public init?(oid: OID) {
        let nistHashArc: [UInt8] = [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02]
        let bytes = oid.bytes
        if bytes.elementsEqual([0x2b, 0x0e, 0x03, 0x02, 0x1a]) {
            self = .sha1
            return
        }
        guard bytes.count == nistHashArc.count + 1, bytes.starts(with: nistHashArc), let last = bytes.last else {
            return nil
        }
        switch last {
        case 0x04: self = .sha224
        case 0x01: self = .sha256
        case 0x02: self = .sha384
        case 0x03: self = .sha512
        default: return nil
        }
    }

    /// The OBJECT IDENTIFIER of the algorithm (RFC 3279 §2.2.1, RFC 5754 §2): what
    /// ``init(oid:)`` reads.
    public var oid: OID {
        switch self {
        case .sha1: return .sha1
        case .sha224: return .sha224
        case .sha256: return .sha256
        case .sha384: return .sha384
        case .sha512: return .sha512
        }
    }
}
