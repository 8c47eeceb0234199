import VouchDER

/// OpenSSL's trust metadata for one certificate: the `X509_CERT_AUX` DER that follows the
/// certificate in a `-----BEGIN TRUSTED CERTIFICATE-----` block (OpenSSL `crypto/x509/x_x509a.c`).
///
/// ```
/// X509_CERT_AUX ::= SEQUENCE {
///     trust       SEQUENCE OF OBJECT IDENTIFIER OPTIONAL,
///     reject  [0] IMPLICIT SEQUENCE OF OBJECT IDENTIFIER OPTIONAL,
///     alias       UTF8String OPTIONAL,
///     keyid       OCTET STRING OPTIONAL,
///     other   [1] IMPLICIT SEQUENCE OF AlgorithmIdentifier OPTIONAL }
/// ```
///
/// OpenSSL (`obj_trust` in `crypto/x509/x509_trs.c`) judges a purpose thus: a listed reject
/// wins; then, when a trust list is present, the certificate is trusted for the listed purposes
/// only and rejected for every other, **even when the list is empty**; with no trust list it falls
/// back to its default (a self-signed root is trusted). So an absent trust list and an empty one
/// differ, and ``hasTrustList`` tells them apart; an absent reject list and an empty one do not.
///
/// What writers put here (checked against OpenSSL 3.0 and p11-kit 0.24, see
/// `TestVectors/trusted-certificates/README.md`):
/// - `openssl x509 -trustout -addtrust P -addreject P -setalias A` writes the lists and the alias;
///   `-clrtrust` and `-clrreject` remove a list (absent, not empty).
/// - `trust extract --format=openssl-bundle` (p11-kit) writes the alias (the PKCS #11 label) for
///   every certificate; for an anchor, the purposes of a stapled extendedKeyUsage as the trust list
///   (no trust list when nothing is stapled, as on Debian) and those of its stapled reject extension
///   1.3.6.1.4.1.3319.6.10.1 as the reject list; for a blocklisted certificate, no trust
///   list and a reject list of its eight known purposes; for a certificate that is neither, an
///   **empty** trust list. Its `keyid` is the stapled subjectKeyIdentifier's whole `extnValue`,
///   so it begins with the inner OCTET STRING's header (`04 14` for a 20-octet identifier).
public struct CertificateTrustAuxiliary: Equatable, Sendable {
    /// The purposes the certificate is trusted for (`trust`), in encoding order; empty when the
    /// list is absent or empty (``hasTrustList`` tells which).
    public let trusted: [OID]
    /// Whether the `trust` list is present. A present list, even an empty one, makes OpenSSL reject
    /// every purpose not in it; an absent one leaves OpenSSL's default (self-signed roots trusted).
    public let hasTrustList: Bool
    /// The purposes the certificate is explicitly rejected for (`reject`), in encoding order;
    /// empty when the list is absent or empty (OpenSSL treats both alike).
    public let rejected: [OID]
    /// The friendly name (`alias`), or `nil` when absent.
    public let alias: String?
    /// The `keyid` OCTET STRING's content octets as written, or `nil` when absent.
    ///
    /// OpenSSL fills it from PKCS #12's localKeyID; p11-kit writes the stapled
    /// subjectKeyIdentifier's `extnValue`, which still carries its own `04 LL` header.
    public let keyIdentifier: [UInt8]?
    /// The `other` algorithm identifiers, in encoding order; empty when absent. Nothing common writes them.
    public let otherAlgorithms: [AlgorithmIdentifier]

    /// Creates trust metadata from its parts.
    public init(
        trusted: [OID], hasTrustList: Bool, rejected: [OID] = [], alias: String? = nil,
        keyIdentifier: [UInt8]? = nil, otherAlgorithms: [AlgorithmIdentifier] = []
    ) {
        self.trusted = trusted
        self.hasTrustList = hasTrustList
        self.rejected = rejected
        self.alias = alias
        self.keyIdentifier = keyIdentifier
        self.otherAlgorithms = otherAlgorithms
    }

    /// Parses an `X509_CERT_AUX` that fills all of `bytes`.
    ///
    /// Strict: DER throughout, the fields in their order, each at most once, the alias valid
    /// UTF-8, and nothing after the SEQUENCE.
    ///
    /// - Throws: ``X509Error`` with ``X509Error/Kind/malformed(_:)`` in field
    ///   ``X509Error/Field/trustAuxiliary`` (the SEQUENCE, an element out of order or unknown,
    ///   bytes after it), ``X509Error/Field/trustedPurposes``, ``X509Error/Field/rejectedPurposes``,
    ///   ``X509Error/Field/alias``, ``X509Error/Field/auxiliaryKeyIdentifier`` or
    ///   ``X509Error/Field/auxiliaryAlgorithms``, at the absolute offset in `bytes`' buffer.
    public init(derEncoded bytes: ArraySlice<UInt8>) throws(X509Error) {
        var input = DERReader(bytes)
        let outer = try reading(.trustAuxiliary) { () throws(DERError) in try input.readElement(.sequence) }
        var fields = try reading(.trustAuxiliary) { () throws(DERError) in try input.reader(overContentOf: outer) }

        let trust = try reading(.trustedPurposes) { () throws(DERError) in
            try fields.optionalNested(.sequence, Self.readPurposes)
        }
        let reject = try reading(.rejectedPurposes) { () throws(DERError) in
            try fields.optionalNested(.contextSpecific(0, constructed: true), Self.readPurposes)
        }
        let alias = try reading(.alias) { () throws(DERError) in
            try fields.peekTag() == .utf8String ? try fields.readString(.utf8String).text : nil
        }
        let keyIdentifier = try reading(.auxiliaryKeyIdentifier) { () throws(DERError) in
            try fields.readOptionalElement(.octetString).map { Array($0.content) }
        }
        let other = try reading(.auxiliaryAlgorithms) { () throws(DERError) in
            try fields.optionalNested(.contextSpecific(1, constructed: true)) { (list) throws(DERError) in
                var algorithms: [AlgorithmIdentifier] = []
                while !list.isAtEnd { algorithms.append(try AlgorithmIdentifier(reading: &list)) }
                return algorithms
            }
        }
        // An element left here is out of order, repeated or unknown.
        try reading(.trustAuxiliary) { () throws(DERError) in try fields.finish() }
        try reading(.trustAuxiliary) { () throws(DERError) in try input.finish() }

        self.init(
            trusted: trust ?? [], hasTrustList: trust != nil, rejected: reject ?? [], alias: alias,
            keyIdentifier: keyIdentifier, otherAlgorithms: other ?? [])
    }

    /// Parses an `X509_CERT_AUX` that fills all of `bytes` (offsets in errors count from 0).
    public init(derEncoded bytes: [UInt8]) throws(X509Error) {
        try self.init(derEncoded: bytes[...])
    }

    /// The content of a `SEQUENCE OF OBJECT IDENTIFIER`, which may be empty.
    private static func readPurposes(_ list: inout DERReader) throws(DERError) -> [OID] {
        var purposes: [OID] = []
        while !list.isAtEnd { purposes.append(try list.readOID()) }
        return purposes
    }
}
