import VouchDER
import VouchX509

/// The named prime curves of X9.62 / SEC 2 that X.509 keys use (RFC 5480 §2.1.1.1): the
/// certificate model's `NamedCurve` (`.p192` … `.p521`, OIDs, field sizes, SEC 2 names).
///
/// All five are recognised (for key-size policy, SECTRUST.md §7) and all five verify ECDSA
/// signatures.
public typealias ECCurve = NamedCurve

extension NamedCurve {
    /// The id-ecPublicKey algorithm OID of SubjectPublicKeyInfo (RFC 5480 §2.1.1).
    public static var ecPublicKeyOID: OID { .ecPublicKey }
}
