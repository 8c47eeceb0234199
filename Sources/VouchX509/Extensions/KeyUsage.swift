import VouchDER

/// keyUsage (RFC 5280 §4.2.1.3): a BIT STRING of the nine named usages.
///
/// Apple reads one or two data octets (SECTRUST.md §10); trailing zero bits are tolerated.
public struct KeyUsage: CertificateExtension, Equatable {
    /// The extension's identifier, `OID.keyUsage`.
    public static let oid = OID.keyUsage

    /// The usages, by bit number.
    public enum Usage: Int, CaseIterable, Sendable {
        /// Bit 0: signatures other than on certificates and CRLs (what a TLS server key does).
        case digitalSignature = 0
        /// Bit 1: signatures meant as a commitment (formerly nonRepudiation).
        case contentCommitment
        /// Bit 2: encrypting keys (RSA key transport).
        case keyEncipherment
        /// Bit 3: encrypting data directly with the public key.
        case dataEncipherment
        /// Bit 4: key agreement (Diffie-Hellman).
        case keyAgreement
        /// Bit 5: signing certificates: what every CA key needs (SECTRUST.md §4.2).
        case keyCertSign
        /// Bit 6: signing CRLs.
        case cRLSign
        /// Bit 7: with keyAgreement, only to encipher.
        case encipherOnly
        /// Bit 8: with keyAgreement, only to decipher.
        case decipherOnly

        /// RFC 5280's name (`contentCommitment` was `nonRepudiation`).
        public var name: String {
            switch self {
            case .digitalSignature: return "digitalSignature"
            case .contentCommitment: return "contentCommitment"
            case .keyEncipherment: return "keyEncipherment"
            case .dataEncipherment: return "dataEncipherment"
            case .keyAgreement: return "keyAgreement"
            case .keyCertSign: return "keyCertSign"
            case .cRLSign: return "cRLSign"
            case .encipherOnly: return "encipherOnly"
            case .decipherOnly: return "decipherOnly"
            }
        }
    }

    /// The bits as decoded.
    public let bits: DERBitString

    /// The most data octets Apple's parser reads (bits 0–8 fit in two).
    public static let maximumDataOctets = 2

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        bits = try extensionValue.withUnsafeBufferPointer { (buffer) throws(DERError) in
            var reader = DERCursor(buffer, origin: extensionValue.startIndex)
            let offset = reader.offset
            let (unusedBits, bytes) = try reader.readBitString()
            guard (1...Self.maximumDataOctets).contains(bytes.count) else {
                throw DERError(.invalidBitStringLength, at: offset)
            }
            try reader.finish()
            return DERBitString(unusedBits: unusedBits, validatedBytes: extensionValue[bytes])
        }
    }

    /// Whether `usage` is asserted.
    public func contains(_ usage: Usage) -> Bool { bits.isSet(usage.rawValue) }

    /// The asserted usages in bit order.
    public var usages: [Usage] { Usage.allCases.filter(contains) }
}
