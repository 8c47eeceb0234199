/// The bounds VouchDER enforces, each with the reason for its value.
public enum DERLimits {
    /// Deepest nesting of constructed elements a reader will enter.
    ///
    /// The deepest structure in a real certificate is about 12 levels (a GeneralName inside a
    /// name-constraints subtree inside an extension inside the TBSCertificate); CRLs, OCSP responses
    /// and CMS add a few more. 32 leaves room for all of them while keeping recursion shallow and a
    /// hostile input of nested SEQUENCE headers cheap to reject. (swift-asn1 uses 50, pyca 8 for chains.)
    public static let maximumNestingDepth = 32

    /// Most length octets in the long form.
    ///
    /// Four octets describe lengths up to 4 GiB − 1, more than any PKI object; Go's cryptobyte and
    /// webpki have the same bound. It also keeps length arithmetic far from `Int` overflow.
    public static let maximumLengthOctets = 4

    /// Largest element, in content bytes.
    ///
    /// The largest published CRLs are tens of megabytes; 1 GiB is well above them and keeps
    /// offset + header + length inside `Int32`, so the same code is safe on 32-bit platforms.
    public static let maximumElementLength = 1 << 30

    /// Largest tag number accepted in the high-tag-number form, when a caller opts in.
    ///
    /// No PKI structure uses tag numbers above 30; the opt-in exists for dumping arbitrary DER,
    /// and 2^28 − 1 (four base-128 octets) is the most any real encoder emits.
    public static let maximumHighTagNumber: UInt32 = (1 << 28) - 1
}
