import FuzzSupport
import VouchX509

/// A fetched caIssuers body: `FetchedCertificates.parse` (DER, then certs-only CMS, then PEM) and
/// the CMS reader alone, its error messages too; every certificate found is touched.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzInput(data, size) { bytes in
        for certificate in FetchedCertificates.parse(bytes) ?? [] { _ = (certificate.subject.rfc4514, certificate.serialNumber) }
        do throws(X509Error) {
            let certificates = try CertificatesOnlyCMS.certificates(in: bytes)
            precondition(!certificates.isEmpty && certificates.count <= X509Limits.maximumCMSCertificates)
            precondition(Set(certificates).count == certificates.count)
        } catch {
            precondition(error.offset >= 0 && error.offset <= bytes.count)
            _ = error.description
        }
    }
}
