import VouchDER

/// The parameters of an RSASSA-PSS signature (RFC 8017 §9.1, RFC 4055 §3.1): the message hash,
/// the hash inside MGF1, the salt length in bytes and the trailer field.
///
/// Every value is representable, so that parameters read from a certificate can be carried as
/// they are; verification answers `false` for values it cannot honour (a negative salt length,
/// a trailer field other than 1).
public struct RSAPSSParameters: Sendable, Hashable {
    /// The hash of the message and of M′ (EMSA-PSS steps 2 and 6).
    public var hash: HashAlgorithm
    /// The hash MGF1 runs on (RFC 8017 §B.2.1).
    public var mgf1Hash: HashAlgorithm
    /// The salt length in bytes.
    public var saltLength: Int
    /// The trailer field; only 1 (the octet 0xBC) is defined (RFC 4055 §3.1).
    public var trailerField: Int

    /// Parameters from their parts.
    public init(hash: HashAlgorithm, mgf1Hash: HashAlgorithm, saltLength: Int, trailerField: Int = 1) {
        self.hash = hash
        self.mgf1Hash = mgf1Hash
        self.saltLength = saltLength
        self.trailerField = trailerField
    }

    /// The DEFAULTs of RFC 4055 §3.1: SHA-1, MGF1 with SHA-1, a 20-byte salt, trailer field 1.
    public static let rfc4055Defaults = RSAPSSParameters(hash: .sha1, mgf1Hash: .sha1, saltLength: 20)

    /// Reads DER `RSASSA-PSS-params` (RFC 4055 §3.1), the parameters of an id-RSASSA-PSS
    /// AlgorithmIdentifier:
    ///
    /// ```
    /// RSASSA-PSS-params ::= SEQUENCE {
    ///     hashAlgorithm     [0] HashAlgorithm    DEFAULT sha1,
    ///     maskGenAlgorithm  [1] MaskGenAlgorithm DEFAULT mgf1SHA1,
    ///     saltLength        [2] INTEGER          DEFAULT 20,
    ///     trailerField      [3] TrailerField     DEFAULT trailerFieldBC }
    /// ```
    ///
    /// Each tag is explicit. Hash AlgorithmIdentifiers may carry NULL parameters or none
    /// (RFC 4055 §2.1 asks verifiers to accept both). A field that spells out its DEFAULT value,
    /// which DER forbids (X.690 §11.5), is accepted: it means the same thing, and the parameters
    /// sit inside the signed data anyway.
    /// - Throws: ``RSAPSSParametersError``, whose offset is absolute in the buffer `der` views.
    public init(der: ArraySlice<UInt8>) throws(RSAPSSParametersError) {
        // First the structure (DER errors only), then the meaning of each field.
        let fields = try Self.wrappingDERErrors { () throws(DERError) in
            try DERReader.readAll(der) { (reader) throws(DERError) in
                try reader.nested(.sequence) { (reader) throws(DERError) in
                    RawFields(
                        hash: try reader.optionalNested(.contextSpecific(0, constructed: true), RawAlgorithm.read),
                        maskGen: try reader.optionalNested(.contextSpecific(1, constructed: true), RawAlgorithm.read),
                        saltLength: try reader.optionalNested(.contextSpecific(2, constructed: true)) {
                            (reader) throws(DERError) in (reader.offset, try reader.readInteger())
                        },
                        trailerField: try reader.optionalNested(.contextSpecific(3, constructed: true)) {
                            (reader) throws(DERError) in (reader.offset, try reader.readInteger())
                        })
                }
            }
        }
        var parameters = Self.rfc4055Defaults
        if let hash = fields.hash { parameters.hash = try Self.hashAlgorithm(hash) }
        if let maskGen = fields.maskGen { parameters.mgf1Hash = try Self.mgf1Hash(maskGen) }
        if let (offset, salt) = fields.saltLength {
            guard !salt.isNegative, let value = salt.value(as: Int.self) else {
                throw .init(.saltLengthOutOfRange, at: offset)
            }
            parameters.saltLength = value
        }
        if let (offset, trailer) = fields.trailerField {
            guard trailer.value(as: Int.self) == 1 else { throw .init(.unsupportedTrailerField, at: offset) }
        }
        self = parameters
    }

    /// The fields as read, before their values are checked.
    private struct RawFields {
        let hash: RawAlgorithm?
        let maskGen: RawAlgorithm?
        let saltLength: (offset: Int, value: DERInteger)?
        let trailerField: (offset: Int, value: DERInteger)?
    }

    /// `AlgorithmIdentifier ::= SEQUENCE { algorithm OID, parameters ANY OPTIONAL }`, unchecked.
    private struct RawAlgorithm {
        let offset: Int
        let oid: OID
        let parameters: DERElement?

        static func read(_ reader: inout DERReader) throws(DERError) -> RawAlgorithm {
            try reader.nested(.sequence) { (reader) throws(DERError) in
                let offset = reader.offset
                let oid = try reader.readOID()
                return RawAlgorithm(offset: offset, oid: oid, parameters: reader.isAtEnd ? nil : try reader.readElement())
            }
        }
    }

    /// One of the five SHA hashes, with NULL or absent parameters.
    private static func hashAlgorithm(_ raw: RawAlgorithm) throws(RSAPSSParametersError) -> HashAlgorithm {
        guard let hash = HashAlgorithm(oid: raw.oid) else { throw .init(.unsupportedHashAlgorithm, at: raw.offset) }
        if let parameters = raw.parameters {
            guard parameters.tag == .null else { throw .init(.invalidHashParameters, at: parameters.offset) }
            try wrappingDERErrors { () throws(DERError) in try parameters.decodeNull() }
        }
        return hash
    }

    /// `MaskGenAlgorithm`: id-mgf1 (1.2.840.113549.1.1.8) whose parameters are a hash
    /// AlgorithmIdentifier (RFC 4055 §2.2); returns that hash.
    private static func mgf1Hash(_ raw: RawAlgorithm) throws(RSAPSSParametersError) -> HashAlgorithm {
        let mgf1: [UInt8] = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x08]
        guard raw.oid.bytes.elementsEqual(mgf1) else {
            throw .init(.unsupportedMaskGenerationFunction, at: raw.offset)
        }
        guard let parameters = raw.parameters else {
            throw .init(.malformed(DERError(.missingElement(expected: .sequence), at: raw.oid.bytes.endIndex)),
                        at: raw.oid.bytes.endIndex)
        }
        let hash = try wrappingDERErrors { () throws(DERError) in
            try DERReader.readAll(parameters.encoded, RawAlgorithm.read)
        }
        return try hashAlgorithm(hash)
    }

    /// Runs `body`, turning a ``DERError`` into ``RSAPSSParametersError/Kind/malformed(_:)`` at its offset.
    private static func wrappingDERErrors<T>(_ body: () throws(DERError) -> T) throws(RSAPSSParametersError) -> T {
        do {
            return try body()
        } catch {
            throw .init(.malformed(error), at: error.offset)
        }
    }
}

/// Why `RSASSA-PSS-params` DER was rejected, and where (an absolute offset of the caller's buffer).
public struct RSAPSSParametersError: Error, Equatable, Sendable {
    /// What was wrong.
    public enum Kind: Equatable, Sendable {
        /// The DER itself is malformed; the `DERError` says how.
        case malformed(DERError)
        /// A hash other than SHA-1, SHA-224, SHA-256, SHA-384 or SHA-512.
        case unsupportedHashAlgorithm
        /// A hash AlgorithmIdentifier whose parameters are neither NULL nor absent.
        case invalidHashParameters
        /// A mask generation function other than MGF1 (RFC 4055 §2.2 defines only MGF1).
        case unsupportedMaskGenerationFunction
        /// A negative salt length, or one too large to represent.
        case saltLengthOutOfRange
        /// A trailer field other than 1 (RFC 4055 §3.1: trailerFieldBC is the only one).
        case unsupportedTrailerField
    }

    /// What was wrong.
    public let kind: Kind
    /// The absolute offset of the offending element.
    public let offset: Int

    /// An error of `kind` at `offset`.
    public init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }
}
