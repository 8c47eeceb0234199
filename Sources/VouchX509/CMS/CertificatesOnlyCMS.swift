import VouchDER

/// The certificates of a "certs-only" CMS message (RFC 5652 §5; RFC 8551 §3.5's
/// application/pkcs7-mime certs-only; the `.p7c` a caIssuers URL may serve, RFC 5280 §4.2.2.1),
/// read as Apple's `SecCMSCertificatesOnlyMessageCopyCertificates` reads them.
///
/// ```
/// ContentInfo ::= SEQUENCE { contentType OID (id-signedData), content [0] EXPLICIT SignedData }
/// SignedData ::= SEQUENCE { version CMSVersion, digestAlgorithms SET OF AlgorithmIdentifier,
///     encapContentInfo SEQUENCE { eContentType OID, eContent [0] EXPLICIT OCTET STRING OPTIONAL },
///     certificates [0] IMPLICIT SET OF CertificateChoices OPTIONAL,
///     crls [1] IMPLICIT SET OF RevocationInfoChoice OPTIONAL, signerInfos SET OF SignerInfo }
/// ```
///
/// What Apple does, and Vouch with it (read in apple-oss-distributions/Security:
/// `OSX/libsecurity_smime/lib/SecCMS.c` and `OSX/sec/Security/SecCMS.c`, the SecCms decoder;
/// `cms_shim/SecCMS.m`, the MessageSecurity path trustd takes today, whose decoder is not public;
/// `trust/trustd/SecCAIssuerRequest.m`, `certificatesFromData`):
/// - **BER or DER** (RFC 5280 §4.2.2.1 allows both): the outer layers may use the indefinite length
///   form and non-minimal lengths (read by an internal BER reader); each certificate must be DER, as Vouch's
///   ``Certificate`` parser demands (Apple hands each one to `SecCertificateCreateWithBytes`).
/// - **Signers refuse the message** (`nsigners == 0` is required; "certs-only message has
///   signers"), a message with no certificate too (`CFArrayGetCount(certs) < 1` ⇒ NULL).
/// - **A certificate that does not parse is skipped**, and so is every other CertificateChoices
///   (`[0]` extendedCertificate, `[1]`/`[2]` attribute certificates, `[3]` other): SecCms takes
///   the set's elements as ANY and keeps those `SecCertificateCreateWithBytes` accepts. When none
///   is left, the first certificate's error is thrown, so that the cause is not lost.
/// - **Version, digestAlgorithms, eContentType and eContent are not judged**, crls are ignored;
///   each must still be well-formed BER.
/// - **Bytes after the ContentInfo are ignored**: NSS's decoder (`secasn1d.c`, "downloading a pkcs7
///   cert chain from some issuers … give us a length which is greater than the entire encoding")
///   stops when the structure is complete.
/// - **Order is kept and DER-equal duplicates dropped**: MessageSecurity returns an
///   `NSMutableSet`'s objects (no duplicates, no defined order), SecCms the order of the message;
///   Vouch keeps the message's order, first occurrence of each certificate.
///
/// At most ``X509Limits/maximumCMSCertificates`` CertificateChoices are read (Apple has no bound).
public enum CertificatesOnlyCMS {
    /// The certificates of the certs-only CMS message at the start of `bytes` (offsets in errors
    /// count from 0).
    ///
    /// - Throws: ``X509Error``: ``X509Error/Kind/malformed(_:)`` for BER that does not parse (the
    ///   field and offset say where), ``X509Error/Kind/notCertificatesOnlyCMS`` for another content
    ///   type, signers or no certificate, ``X509Error/Kind/tooManyElements(maximum:)`` at the first
    ///   CertificateChoices past the bound, or the first certificate's own error when none parses.
    public static func certificates(in bytes: [UInt8]) throws(X509Error) -> [Certificate] {
        try certificates(in: bytes[...])
    }

    /// The certificates of the certs-only CMS message at the start of `bytes`; offsets in errors
    /// are indices of `bytes`.
    ///
    /// - Throws: as the form that takes an array.
    public static func certificates(in bytes: ArraySlice<UInt8>) throws(X509Error) -> [Certificate] {
        var input = BERReader(bytes)
        let contentInfo = try reading(.contentInfo) { () throws(DERError) in try input.readElement(.sequence) }
        var fields = try reading(.contentInfo) { () throws(DERError) in try input.reader(overContentOf: contentInfo) }
        let typeOffset = fields.offset
        let contentType = try reading(.contentInfo) { () throws(DERError) in try readOID(&fields) }
        guard contentType == .cmsSignedData else { throw X509Error(.notCertificatesOnlyCMS, in: .contentInfo, at: typeOffset) }
        var signedData = try reading(.signedData) { () throws(DERError) in
            let explicit = try fields.readElement(.contextSpecific(0, constructed: true))
            try fields.finish()
            var content = try fields.reader(overContentOf: explicit)
            let sequence = try content.readElement(.sequence)
            try content.finish()
            return try content.reader(overContentOf: sequence)
        }
        try reading(.signedData) { () throws(DERError) in
            // CMSVersion: 1, 3, 4 or 5 by RFC 5652 §5.1; neither of Apple's decoders judges it.
            let version = try signedData.readElement(.integer)
            guard !version.content.isEmpty else { throw DERError(.emptyInteger, at: version.offset) }
            let digestAlgorithms = try signedData.readElement(.set)
            var algorithms = try signedData.reader(overContentOf: digestAlgorithms)
            try algorithms.skipToEnd()
        }
        try reading(.encapsulatedContentInfo) { () throws(DERError) in
            let sequence = try signedData.readElement(.sequence)
            var encapsulated = try signedData.reader(overContentOf: sequence)
            _ = try readOID(&encapsulated)
            _ = try encapsulated.readOptionalElement(.contextSpecific(0, constructed: true))
            try encapsulated.finish()
        }
        let certificatesOffset = signedData.offset
        var found: [Certificate] = []
        var firstError: X509Error? = nil
        if let set = try reading(.cmsCertificates, { () throws(DERError) in
            try signedData.readOptionalElement(.contextSpecific(0, constructed: true))
        }) {
            var choices = try reading(.cmsCertificates) { () throws(DERError) in try signedData.reader(overContentOf: set) }
            var seen = Set<Certificate>()
            var count = 0
            while !choices.isAtEnd {
                guard count < X509Limits.maximumCMSCertificates else {
                    throw X509Error(.tooManyElements(maximum: X509Limits.maximumCMSCertificates), in: .cmsCertificates, at: choices.offset)
                }
                count += 1
                let choice = try reading(.cmsCertificates) { () throws(DERError) in try choices.readElement() }
                // Only a definite-length SEQUENCE can be a DER Certificate; other choices are skipped.
                guard choice.tag == .sequence, !choice.isIndefinite else { continue }
                do throws(X509Error) {
                    let certificate = try Certificate(derEncoded: choice.encoded)
                    if seen.insert(certificate).inserted { found.append(certificate) }
                } catch {
                    if firstError == nil { firstError = error }
                }
            }
        }
        try reading(.crls) { () throws(DERError) in
            guard let crls = try signedData.readOptionalElement(.contextSpecific(1, constructed: true)) else { return }
            var entries = try signedData.reader(overContentOf: crls)
            try entries.skipToEnd()
        }
        let signersOffset = signedData.offset
        let hasSigners = try reading(.signerInfos) { () throws(DERError) in
            let set = try signedData.readElement(.set)
            return !(try signedData.reader(overContentOf: set).isAtEnd)
        }
        try reading(.signedData) { () throws(DERError) in try signedData.finish() }
        guard !hasSigners else { throw X509Error(.notCertificatesOnlyCMS, in: .signerInfos, at: signersOffset) }
        guard !found.isEmpty else {
            if let firstError { throw firstError }
            throw X509Error(.notCertificatesOnlyCMS, in: .cmsCertificates, at: certificatesOffset)
        }
        return found
    }

    /// Reads an OBJECT IDENTIFIER with VouchDER's rules (primitive, so always of definite length).
    private static func readOID(_ reader: inout BERReader) throws(DERError) -> OID {
        let element = try reader.readElement(.objectIdentifier)
        var strict = DERReader(element.encoded)
        let oid = try strict.readOID()
        try strict.finish()
        return oid
    }
}
