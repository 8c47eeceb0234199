import FuzzSupport
import VouchDER
import VouchX509

/// Certificate parsing, then every decoded field and every extension accessor; CRLs, OCSP
/// responses and SCT lists (from the certificate, an OCSP single response or TLS bytes) as well.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzInput(data, size) { bytes in
        // Errors' messages too: `vouch inspect` prints them for hostile input.
        do throws(X509Error) { touch(try Certificate(derEncoded: bytes)) } catch { _ = error.description }
        // OpenSSL's TRUSTED CERTIFICATE: a certificate and its X509_CERT_AUX after it, and the
        // aux on its own (the system store turns it into trust settings).
        do throws(X509Error) {
            let trusted = try TrustedCertificate(derEncoded: bytes[...])
            _ = (trusted.auxiliary?.trusted, trusted.auxiliary?.rejected, trusted.auxiliary?.alias, trusted.auxiliary?.keyIdentifier)
        } catch { _ = error.description }
        do throws(X509Error) {
            let auxiliary = try CertificateTrustAuxiliary(derEncoded: bytes)
            _ = (auxiliary.hasTrustList, auxiliary.otherAlgorithms.count)
        } catch { _ = error.description }
        do throws(X509Error) {
            let crl = try CertificateRevocationList(derEncoded: bytes)
            _ = (crl.isDelta, crl.unknownCriticalExtensions, crl.hasUnknownCriticalExtension, crl.signatureAlgorithmsMatch)
            _ = (crl.issuer.rfc4514, crl.thisUpdate.rfc3339, crl.nextUpdate?.rfc3339, crl.crlNumber, crl.authorityKeyIdentifier)
            if let point = crl.issuingDistributionPoint {
                _ = (point.onlySomeReasons, point.onlyContainsCACerts, point.indirectCRL)
                _ = point.distributionPoint?.names(relativeTo: crl.issuer)
            }
            for entry in crl.revokedCertificates {
                _ = (entry.reason?.rawValue, entry.invalidityDate?.rfc3339, entry.certificateIssuer, entry.unknownCriticalExtensions)
            }
        } catch { _ = error.description }
        // SCT lists as the TLS extension carries them (RFC 6962 §3.3), and one SCT alone.
        do throws(SignedCertificateTimestampError) { touch(try SignedCertificateTimestampList(tlsEncoded: bytes)) } catch {
            _ = error.description
        }
        do throws(SignedCertificateTimestampError) { touch(try SignedCertificateTimestamp(encoded: bytes)) } catch { _ = error.description }
        // OCSP responses (RFC 6960): every field of the basic response, its certificates touched.
        do throws(X509Error) {
            let response = try OCSPResponse(derEncoded: bytes)
            _ = (response.status, response.responseType, response.responseOctets?.count)
            if let basic = response.basic {
                _ = (basic.version, basic.producedAt.rfc3339, basic.nonce, basic.extensions.count, basic.signature.bitCount)
                if case .byName(let name) = basic.responderID { _ = name.rfc4514 }
                for single in basic.responses {
                    _ = (single.certID.serialNumber, single.status, single.thisUpdate.rfc3339, single.nextUpdate?.rfc3339)
                    do throws(SignedCertificateTimestampError) { touch(try single.signedCertificateTimestamps()) } catch { _ = error.description }
                }
                for certificate in basic.certificates { touch(certificate) }
            }
        } catch { _ = error.description }
    }
}

/// Reads every field and decodes every extension of `certificate`.
func touch(_ certificate: Certificate) {
    _ = (certificate.version, certificate.serialNumber, certificate.isSelfIssued, certificate.signatureAlgorithmsMatch)
    _ = (certificate.tbsSignatureAlgorithm.description, certificate.signatureAlgorithm.hasAbsentOrNullParameters)
    for name in [certificate.issuer, certificate.subject] { _ = (name.rfc4514, name.commonNames, name.isEmpty) }
    _ = (certificate.validity.durationInSeconds, certificate.validity.notBefore.rfc3339, certificate.validity.notAfter.rfc3339)
    _ = (certificate.subjectPublicKeyInfo.keyType, certificate.subjectPublicKeyInfo.keyType.bits)
    _ = (certificate.issuerUniqueID?.bitCount, certificate.subjectUniqueID?.bitCount, certificate.signature.bitCount)
    let extensions = certificate.extensions
    _ = (extensions.count, extensions.hasDuplicates, extensions.unparseable.count, extensions.unknownCritical.count)
    for found in extensions { _ = (found.oid.name, found.isCritical, try? found.validateIfKnown()) }
    _ = (certificate.basicConstraints, certificate.keyUsage?.usages, certificate.extendedKeyUsage?.purposes)
    if let names = certificate.subjectAlternativeNames {
        _ = (names.dnsNames, names.ipAddresses, names.emailAddresses, names.uris, names.undecodedNames.count)
        for case .directoryName(let name) in names.names { _ = name.rfc4514 }
    }
    _ = (certificate.issuerAlternativeNames, certificate.subjectKeyIdentifier, certificate.authorityKeyIdentifier)
    _ = (certificate.nameConstraints, certificate.certificatePolicies, certificate.policyMappings)
    _ = (certificate.policyConstraints, certificate.inhibitAnyPolicy, certificate.crlDistributionPoints)
    _ = (certificate.authorityInformationAccess, certificate.subjectInformationAccess)
    _ = try? certificate.extensionValue(SignedCertificateTimestamps.self)
    _ = try? certificate.extensionValue(QCStatements.self)?.types
    do throws(SignedCertificateTimestampError) { touch(try certificate.signedCertificateTimestamps()) } catch { _ = error.description }
}

/// Every SCT of a list, each read field by field.
func touch(_ list: SignedCertificateTimestampList?) {
    guard let list else { return }
    for result in list.timestamps {
        switch result {
        case .success(let timestamp): touch(timestamp)
        case .failure(let error): _ = error.description
        }
    }
}

func touch(_ timestamp: SignedCertificateTimestamp) {
    _ = (timestamp.version, timestamp.logID.count, timestamp.timestamp, timestamp.extensions.count)
    _ = (timestamp.hashAlgorithm, timestamp.signatureAlgorithm, timestamp.signature.count, timestamp.encoded.count)
}
