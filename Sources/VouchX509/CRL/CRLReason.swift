import VouchDER

/// CRLReason (RFC 5280 §5.3.1): why a certificate is listed on a CRL. The value 7 is unused.
public enum CRLReason: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// 0: no reason given.
    case unspecified = 0
    /// 1: the subject's private key is, or is suspected to be, compromised.
    case keyCompromise
    /// 2: the issuing CA's private key is compromised.
    case cACompromise
    /// 3: the subject's name or other information changed.
    case affiliationChanged
    /// 4: the certificate has been replaced.
    case superseded
    /// 5: the certificate is no longer needed.
    case cessationOfOperation
    /// 6: suspended; may be released by a later removeFromCRL.
    case certificateHold
    /// Only in delta CRLs: the certificate is no longer on hold (RFC 5280 §5.3.1).
    case removeFromCRL = 8
    /// 9: a privilege of the subject was withdrawn.
    case privilegeWithdrawn
    /// 10: the attribute authority's key is compromised.
    case aACompromise

    /// RFC 5280's name of the reason (`keyCompromise`, …), spelled out so that it survives builds
    /// without reflection metadata (the static binary).
    public var description: String {
        switch self {
        case .unspecified: return "unspecified"
        case .keyCompromise: return "keyCompromise"
        case .cACompromise: return "cACompromise"
        case .affiliationChanged: return "affiliationChanged"
        case .superseded: return "superseded"
        case .cessationOfOperation: return "cessationOfOperation"
        case .certificateHold: return "certificateHold"
        case .removeFromCRL: return "removeFromCRL"
        case .privilegeWithdrawn: return "privilegeWithdrawn"
        case .aACompromise: return "aACompromise"
        }
    }

    /// Decodes the reasonCode entry extension's value: `ENUMERATED`.
    ///
    /// - Throws: ``DERError/Kind/integerOutOfRange`` for a value outside the enumeration (7, 11, …).
    init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        self = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in
            let offset = reader.offset
            let value = try reader.readInteger(as: Int.self, .enumerated)
            guard let reason = CRLReason(rawValue: value) else { throw DERError(.integerOutOfRange, at: offset) }
            return reason
        }
    }
}

/// ReasonFlags (RFC 5280 §4.2.1.13): the reasons a distribution point or a CRL covers, bit n of
/// the BIT STRING being reason n (bit 0, `unused`, is never a reason).
public struct ReasonFlags: OptionSet, Hashable, Sendable {
    /// The flags, bit n being reason n.
    public let rawValue: UInt16
    /// Flags from their bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Bit 1: keyCompromise.
    public static let keyCompromise = ReasonFlags(rawValue: 1 << 1)
    /// Bit 2: cACompromise.
    public static let cACompromise = ReasonFlags(rawValue: 1 << 2)
    /// Bit 3: affiliationChanged.
    public static let affiliationChanged = ReasonFlags(rawValue: 1 << 3)
    /// Bit 4: superseded.
    public static let superseded = ReasonFlags(rawValue: 1 << 4)
    /// Bit 5: cessationOfOperation.
    public static let cessationOfOperation = ReasonFlags(rawValue: 1 << 5)
    /// Bit 6: certificateHold.
    public static let certificateHold = ReasonFlags(rawValue: 1 << 6)
    /// Bit 7: privilegeWithdrawn.
    public static let privilegeWithdrawn = ReasonFlags(rawValue: 1 << 7)
    /// Bit 8: aACompromise.
    public static let aACompromise = ReasonFlags(rawValue: 1 << 8)

    /// Every reason: what a CRL without `onlySomeReasons` covers (RFC 5280 §6.3.3 (d)).
    public static let allReasons = ReasonFlags(rawValue: 0b1_1111_1110)

    /// The reasons asserted in `bits` (bits past 8 are ignored; bit 0 is not a reason).
    public init(_ bits: DERBitString) {
        var value: UInt16 = 0
        for bit in 1...8 where bits.isSet(bit) { value |= 1 << UInt16(bit) }
        rawValue = value
    }
}
