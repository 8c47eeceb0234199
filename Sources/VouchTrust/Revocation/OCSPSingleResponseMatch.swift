import VouchCrypto
import VouchX509

extension BasicOCSPResponse {
    /// The first single response about `certificate` (`SecOCSPResponseCopySingleResponse`):
    /// same serial number octets, and the issuer's name and key hashed with the single
    /// response's algorithm (its parameters are not read) equal to the CertID's hashes.
    func singleResponse(for certificate: Certificate, issuer: Certificate) -> OCSPSingleResponse? {
        for single in responses where single.certID.serialNumber.elementsEqual(certificate.serialNumber) {
            guard let hash = HashAlgorithm(oid: single.certID.hashAlgorithm.algorithm) else { continue }
            if single.certID.issuerNameHash.elementsEqual(hash.digest(certificate.issuer.encoded)),
                single.certID.issuerKeyHash.elementsEqual(hash.digest(issuer.subjectPublicKeyInfo.subjectPublicKey.bytes))
            {
                return single
            }
        }
        return nil
    }
}
