import VouchX509

/// A certificate and the issuer it is judged under: the key of the revocation checkers' memories
/// (a CRL signer's verification, an OCSP answer).
struct CertificateLink: Hashable {
    let child: Certificate
    let issuer: Certificate
}
