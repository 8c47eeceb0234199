import VouchDER

/// A certificate with the OpenSSL trust metadata that came with it, if any.
///
/// OpenSSL writes a certificate with trust metadata as a `-----BEGIN TRUSTED CERTIFICATE-----`
/// block whose content is the Certificate DER immediately followed by an `X509_CERT_AUX` DER
/// (``CertificateTrustAuxiliary``): `openssl x509 -trustout`, and p11-kit's
/// `trust extract --format=openssl-bundle` (Fedora's and RHEL's
/// `/etc/pki/ca-trust/extracted/openssl/ca-bundle.trust.crt`, Arch's and Debian's when asked).
public struct TrustedCertificate: Equatable, Sendable {
    /// The certificate.
    public let certificate: Certificate
    /// The trust metadata after it, or `nil` when nothing followed the certificate (always `nil`
    /// for `CERTIFICATE` and `X509 CERTIFICATE` blocks).
    public let auxiliary: CertificateTrustAuxiliary?

    /// The PEM label of blocks whose certificate may be followed by trust metadata.
    public static let pemLabel = "TRUSTED CERTIFICATE"

    /// Pairs a certificate with its trust metadata.
    public init(certificate: Certificate, auxiliary: CertificateTrustAuxiliary?) {
        self.certificate = certificate
        self.auxiliary = auxiliary
    }

    /// Parses the content of a `TRUSTED CERTIFICATE` block: a certificate, then its trust metadata
    /// to the end of `bytes` (none when the certificate fills `bytes`).
    ///
    /// - Throws: ``X509Error`` at the absolute offset in `bytes`' buffer: in a certificate field
    ///   when the certificate does not parse (see `Certificate(derEncoded:)`),
    ///   in a trust field when what follows it is not one strict `X509_CERT_AUX`
    ///   (see `CertificateTrustAuxiliary(derEncoded:)`).
    public init(derEncoded bytes: ArraySlice<UInt8>) throws(X509Error) {
        let certificate = try Certificate(derEncoded: bytes)
        let rest = bytes[certificate.derEncoded.endIndex...]
        self.init(
            certificate: certificate,
            auxiliary: rest.isEmpty ? nil : try CertificateTrustAuxiliary(derEncoded: rest))
    }

    /// One certificate of a certificate file, as every reader of certificate files in Vouch reads
    /// it (the system store's bundle, ``certificates(inPEM:)``, the command line's arguments): a
    /// `TRUSTED CERTIFICATE` block (`label` ``pemLabel``) by ``init(derEncoded:)``, with its trust
    /// metadata when `readingTrustData`; any other certificate block, or a DER file (`label`
    /// `nil`), by `Certificate(derEncoded:)`, bytes after the certificate ignored, without.
    public init(block der: ArraySlice<UInt8>, label: String?, readingTrustData: Bool = true) throws(X509Error) {
        if readingTrustData && label == Self.pemLabel {
            self = try TrustedCertificate(derEncoded: der)
        } else {
            self.init(certificate: try Certificate(derEncoded: der), auxiliary: nil)
        }
    }

    /// Every certificate block of a PEM text, in order, each with its trust metadata.
    ///
    /// The blocks are those of `PEM.blocks(in:)` whose label is one of
    /// `PEM.certificateLabels`; other blocks (keys, CRLs) are skipped. `CERTIFICATE` and
    /// `X509 CERTIFICATE` blocks are read as `PEM.certificates(in:)` and
    /// `Certificate(derEncoded:)` read them (bytes after the certificate
    /// ignored) and have no ``auxiliary``; `TRUSTED CERTIFICATE` blocks are read by
    /// `init(derEncoded:)`.
    ///
    /// - Throws: ``TrustedCertificateError/pem(_:)`` when the PEM text is malformed, or
    ///   ``TrustedCertificateError/block(index:textOffset:_:)`` naming the first block whose
    ///   certificate or trust metadata does not parse.
    public static func certificates(inPEM bytes: ArraySlice<UInt8>) throws(TrustedCertificateError) -> [TrustedCertificate] {
        let blocks: [PEMBlock]
        do { blocks = try PEM.blocks(in: bytes) } catch { throw .pem(error) }
        var certificates: [TrustedCertificate] = []
        for (index, block) in blocks.enumerated() where PEM.certificateLabels.contains(block.label) {
            do {
                certificates.append(try TrustedCertificate(block: block.der[...], label: block.label))
            } catch {
                throw .block(index: index, textOffset: block.offset, error)
            }
        }
        return certificates
    }
}

/// Why ``TrustedCertificate/certificates(inPEM:)`` rejected a PEM text.
public enum TrustedCertificateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The PEM text is malformed (its offset is in the text).
    case pem(PEMError)
    /// Block `index` of `PEM.blocks(in:)` (counting every block, from 0), whose
    /// `-----BEGIN` line is at `textOffset` in the text, holds a certificate or trust metadata that
    /// does not parse; the ``X509Error``'s offset counts from the block's first decoded byte.
    case block(index: Int, textOffset: Int, X509Error)

    /// `PEM: offset N: reason` or `PEM block I (text offset T): offset N: field: reason`.
    public var description: String {
        switch self {
        case .pem(let error): return "PEM: \(error)"
        case .block(let index, let textOffset, let error): return "PEM block \(index) (text offset \(textOffset)): \(error)"
        }
    }
}
