/// A validated public key on a NIST prime curve.
///
/// Built from an X9.62 / SEC 1 point encoding (the BIT STRING of an id-ecPublicKey
/// SubjectPublicKeyInfo): uncompressed 04‖X‖Y, or compressed 02/03‖X, which is decompressed on
/// every curve but P-224 (see ``ECPublicKeyError/compressedPointUnsupported(_:)``). Validation is
/// SEC 1 §3.2.2.1's full public-key check: coordinates below p, the curve equation, not the point
/// at infinity; all five curves have cofactor 1, so nQ = ∞ holds for every point on them.
public struct ECPublicKey: Sendable, Hashable {
    /// The curve.
    public let curve: ECCurve
    /// The uncompressed encoding 04‖X‖Y (65, 97 or 133 bytes for P-256/384/521), as
    /// SecKeyCopyExternalRepresentation returns it, whatever form the key was built from.
    public let x962Representation: [UInt8]

    /// Parses and validates an X9.62 point on `curve`.
    ///
    /// - Throws: ``ECPublicKeyError``: `emptyEncoding`, `pointAtInfinity`,
    ///   `unsupportedPointFormat`, `wrongLength`, `coordinateOutOfRange`, `notOnCurve` or
    ///   `compressedPointUnsupported`.
    public init(curve: ECCurve, x962Representation bytes: ArraySlice<UInt8>) throws(ECPublicKeyError) {
        self.curve = curve
        switch curve {
        case .p192: x962Representation = try Self.validate(bytes, on: NISTCurves.p192, curve)
        case .p224: x962Representation = try Self.validate(bytes, on: NISTCurves.p224, curve)
        case .p256: x962Representation = try Self.validate(bytes, on: NISTCurves.p256, curve)
        case .p384: x962Representation = try Self.validate(bytes, on: NISTCurves.p384, curve)
        case .p521: x962Representation = try Self.validate(bytes, on: NISTCurves.p521, curve)
        }
    }

    /// Parses and validates an X9.62 point on `curve`.
    ///
    /// - Throws: ``ECPublicKeyError``, as the `ArraySlice` initialiser does.
    public init(curve: ECCurve, x962Representation bytes: [UInt8]) throws(ECPublicKeyError) {
        try self.init(curve: curve, x962Representation: bytes[...])
    }

    /// The X coordinate, big-endian, `curve.fieldBytes` long.
    public var x: ArraySlice<UInt8> { x962Representation.dropFirst().prefix(curve.fieldBytes) }
    /// The Y coordinate, big-endian, `curve.fieldBytes` long.
    public var y: ArraySlice<UInt8> { x962Representation.suffix(curve.fieldBytes) }

    /// The SEC 1 checks on `arithmetic`'s curve; returns the uncompressed encoding.
    static func validate<Field>(
        _ bytes: ArraySlice<UInt8>, on arithmetic: WeierstrassCurve<Field>?, _ curve: ECCurve
    ) throws(ECPublicKeyError) -> [UInt8] {
        guard let format = bytes.first else { throw .emptyEncoding }
        let length = curve.fieldBytes
        let body = bytes.dropFirst()
        // The curves are built from constants the tests check; a failure there would surface as
        // "not on the curve" rather than as a trap.
        guard let arithmetic else { throw .notOnCurve }
        let field = arithmetic.field
        switch format {
        case 0x00:
            guard body.isEmpty else { throw .wrongLength(expected: 1, found: bytes.count) }
            throw .pointAtInfinity
        case 0x04:
            guard body.count == 2 * length else {
                throw .wrongLength(expected: 1 + 2 * length, found: bytes.count)
            }
            guard let x = field.element(fromBigEndian: body.prefix(length)),
                let y = field.element(fromBigEndian: body.suffix(length))
            else { throw .coordinateOutOfRange }
            guard arithmetic.isOnCurve(AffinePoint(x: x, y: y)) else { throw .notOnCurve }
            return Array(bytes)
        case 0x02, 0x03:
            guard body.count == length else { throw .wrongLength(expected: 1 + length, found: bytes.count) }
            guard curve != .p224 else { throw .compressedPointUnsupported(curve) }
            guard let x = field.element(fromBigEndian: body) else { throw .coordinateOutOfRange }
            guard let y = arithmetic.decompress(x: x, odd: format == 0x03) else { throw .notOnCurve }
            return [0x04] + field.bigEndianBytes(x) + field.bigEndianBytes(y)
        default:
            throw .unsupportedPointFormat(format)
        }
    }
}
