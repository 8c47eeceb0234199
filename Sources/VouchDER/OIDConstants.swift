/// The object identifiers the X.509 layers compare against, as constants.
///
/// Grouped by what they identify; names follow the RFCs. Every constant is checked by a unit test.
extension OID {
    // Attribute types (X.520, PKCS #9, RFC 4519)
    /// `2.5.4.3`: commonName.
    public static let commonName = OID(literal: "2.5.4.3")
    /// `2.5.4.6`: countryName.
    public static let countryName = OID(literal: "2.5.4.6")
    /// `2.5.4.7`: localityName.
    public static let localityName = OID(literal: "2.5.4.7")
    /// `2.5.4.8`: stateOrProvinceName.
    public static let stateOrProvinceName = OID(literal: "2.5.4.8")
    /// `2.5.4.9`: streetAddress.
    public static let streetAddress = OID(literal: "2.5.4.9")
    /// `2.5.4.10`: organizationName.
    public static let organizationName = OID(literal: "2.5.4.10")
    /// `2.5.4.11`: organizationalUnitName.
    public static let organizationalUnitName = OID(literal: "2.5.4.11")
    /// `1.2.840.113549.1.9.1`: emailAddress.
    public static let emailAddress = OID(literal: "1.2.840.113549.1.9.1")
    /// `0.9.2342.19200300.100.1.25`: domainComponent.
    public static let domainComponent = OID(literal: "0.9.2342.19200300.100.1.25")
    /// `0.9.2342.19200300.100.1.1`: userID.
    public static let userID = OID(literal: "0.9.2342.19200300.100.1.1")

    // Public key algorithms and curves (RFC 3279, 4055, 5480, 8410)
    /// `1.2.840.113549.1.1.1`: rsaEncryption.
    public static let rsaEncryption = OID(literal: "1.2.840.113549.1.1.1")
    /// `1.2.840.113549.1.1.10`: rsassaPSS.
    public static let rsassaPSS = OID(literal: "1.2.840.113549.1.1.10")
    /// `1.2.840.10040.4.1`: dsa.
    public static let dsa = OID(literal: "1.2.840.10040.4.1")
    /// `1.2.840.10045.2.1`: ecPublicKey.
    public static let ecPublicKey = OID(literal: "1.2.840.10045.2.1")
    /// `1.3.101.112`: ed25519.
    public static let ed25519 = OID(literal: "1.3.101.112")
    /// `1.3.101.113`: ed448.
    public static let ed448 = OID(literal: "1.3.101.113")
    /// `1.3.101.110`: x25519.
    public static let x25519 = OID(literal: "1.3.101.110")
    /// `1.3.101.111`: x448.
    public static let x448 = OID(literal: "1.3.101.111")
    /// `1.2.840.10045.3.1.1`: secp192r1.
    public static let secp192r1 = OID(literal: "1.2.840.10045.3.1.1")
    /// `1.3.132.0.33`: secp224r1.
    public static let secp224r1 = OID(literal: "1.3.132.0.33")
    /// `1.2.840.10045.3.1.7`: secp256r1.
    public static let secp256r1 = OID(literal: "1.2.840.10045.3.1.7")
    /// `1.3.132.0.34`: secp384r1.
    public static let secp384r1 = OID(literal: "1.3.132.0.34")
    /// `1.3.132.0.35`: secp521r1.
    public static let secp521r1 = OID(literal: "1.3.132.0.35")

    // Signature algorithms (RFC 3279, 4055, 5758, 8410)
    /// `1.2.840.113549.1.1.2`: md2WithRSAEncryption.
    public static let md2WithRSAEncryption = OID(literal: "1.2.840.113549.1.1.2")
    /// `1.2.840.113549.1.1.3`: md4WithRSAEncryption.
    public static let md4WithRSAEncryption = OID(literal: "1.2.840.113549.1.1.3")
    /// `1.2.840.113549.1.1.4`: md5WithRSAEncryption.
    public static let md5WithRSAEncryption = OID(literal: "1.2.840.113549.1.1.4")
    /// `1.2.840.113549.1.1.5`: sha1WithRSAEncryption.
    public static let sha1WithRSAEncryption = OID(literal: "1.2.840.113549.1.1.5")
    /// `1.3.14.3.2.29`: sha1WithRSASignature.
    public static let sha1WithRSASignature = OID(literal: "1.3.14.3.2.29")
    /// `1.2.840.113549.1.1.14`: sha224WithRSAEncryption.
    public static let sha224WithRSAEncryption = OID(literal: "1.2.840.113549.1.1.14")
    /// `1.2.840.113549.1.1.11`: sha256WithRSAEncryption.
    public static let sha256WithRSAEncryption = OID(literal: "1.2.840.113549.1.1.11")
    /// `1.2.840.113549.1.1.12`: sha384WithRSAEncryption.
    public static let sha384WithRSAEncryption = OID(literal: "1.2.840.113549.1.1.12")
    /// `1.2.840.113549.1.1.13`: sha512WithRSAEncryption.
    public static let sha512WithRSAEncryption = OID(literal: "1.2.840.113549.1.1.13")
    /// `1.2.840.10045.4.1`: ecdsaWithSHA1.
    public static let ecdsaWithSHA1 = OID(literal: "1.2.840.10045.4.1")
    /// `1.2.840.10045.4.3.1`: ecdsaWithSHA224.
    public static let ecdsaWithSHA224 = OID(literal: "1.2.840.10045.4.3.1")
    /// `1.2.840.10045.4.3.2`: ecdsaWithSHA256.
    public static let ecdsaWithSHA256 = OID(literal: "1.2.840.10045.4.3.2")
    /// `1.2.840.10045.4.3.3`: ecdsaWithSHA384.
    public static let ecdsaWithSHA384 = OID(literal: "1.2.840.10045.4.3.3")
    /// `1.2.840.10045.4.3.4`: ecdsaWithSHA512.
    public static let ecdsaWithSHA512 = OID(literal: "1.2.840.10045.4.3.4")
    /// `1.2.840.10040.4.3`: dsaWithSHA1.
    public static let dsaWithSHA1 = OID(literal: "1.2.840.10040.4.3")
    /// `2.16.840.1.101.3.4.3.2`: dsaWithSHA256.
    public static let dsaWithSHA256 = OID(literal: "2.16.840.1.101.3.4.3.2")

    // Hash algorithms and MGF1 (RFC 4055)
    /// `1.2.840.113549.2.5`: md5.
    public static let md5 = OID(literal: "1.2.840.113549.2.5")
    /// `1.3.14.3.2.26`: sha1.
    public static let sha1 = OID(literal: "1.3.14.3.2.26")
    /// `2.16.840.1.101.3.4.2.4`: sha224.
    public static let sha224 = OID(literal: "2.16.840.1.101.3.4.2.4")
    /// `2.16.840.1.101.3.4.2.1`: sha256.
    public static let sha256 = OID(literal: "2.16.840.1.101.3.4.2.1")
    /// `2.16.840.1.101.3.4.2.2`: sha384.
    public static let sha384 = OID(literal: "2.16.840.1.101.3.4.2.2")
    /// `2.16.840.1.101.3.4.2.3`: sha512.
    public static let sha512 = OID(literal: "2.16.840.1.101.3.4.2.3")
    /// `1.2.840.113549.1.1.8`: mgf1.
    public static let mgf1 = OID(literal: "1.2.840.113549.1.1.8")

    // Certificate extensions (RFC 5280 §4.2, RFC 6962)
    /// `2.5.29.14`: subjectKeyIdentifier.
    public static let subjectKeyIdentifier = OID(literal: "2.5.29.14")
    /// `2.5.29.15`: keyUsage.
    public static let keyUsage = OID(literal: "2.5.29.15")
    /// `2.5.29.16`: privateKeyUsagePeriod.
    public static let privateKeyUsagePeriod = OID(literal: "2.5.29.16")
    /// `2.5.29.17`: subjectAltName.
    public static let subjectAltName = OID(literal: "2.5.29.17")
    /// `2.5.29.18`: issuerAltName.
    public static let issuerAltName = OID(literal: "2.5.29.18")
    /// `2.5.29.19`: basicConstraints.
    public static let basicConstraints = OID(literal: "2.5.29.19")
    /// `2.5.29.30`: nameConstraints.
    public static let nameConstraints = OID(literal: "2.5.29.30")
    /// `2.5.29.31`: cRLDistributionPoints.
    public static let cRLDistributionPoints = OID(literal: "2.5.29.31")
    /// `2.5.29.32`: certificatePolicies.
    public static let certificatePolicies = OID(literal: "2.5.29.32")
    /// `2.5.29.33`: policyMappings.
    public static let policyMappings = OID(literal: "2.5.29.33")
    /// `2.5.29.35`: authorityKeyIdentifier.
    public static let authorityKeyIdentifier = OID(literal: "2.5.29.35")
    /// `2.5.29.36`: policyConstraints.
    public static let policyConstraints = OID(literal: "2.5.29.36")
    /// `2.5.29.37`: extendedKeyUsage.
    public static let extendedKeyUsage = OID(literal: "2.5.29.37")
    /// `2.5.29.46`: freshestCRL.
    public static let freshestCRL = OID(literal: "2.5.29.46")
    /// `2.5.29.54`: inhibitAnyPolicy.
    public static let inhibitAnyPolicy = OID(literal: "2.5.29.54")
    /// `1.3.6.1.5.5.7.1.1`: authorityInformationAccess.
    public static let authorityInformationAccess = OID(literal: "1.3.6.1.5.5.7.1.1")
    /// `1.3.6.1.5.5.7.1.11`: subjectInformationAccess.
    public static let subjectInformationAccess = OID(literal: "1.3.6.1.5.5.7.1.11")
    /// `1.3.6.1.4.1.11129.2.4.2`: signedCertificateTimestampList.
    public static let signedCertificateTimestampList = OID(literal: "1.3.6.1.4.1.11129.2.4.2")
    /// `1.3.6.1.4.1.11129.2.4.3`: the precertificate poison (RFC 6962 §3.1).
    public static let precertificatePoison = OID(literal: "1.3.6.1.4.1.11129.2.4.3")
    /// `1.3.6.1.4.1.11129.2.4.5`: the SCT list of an OCSP SingleResponse (RFC 6962 §3.3).
    public static let ocspSignedCertificateTimestampList = OID(literal: "1.3.6.1.4.1.11129.2.4.5")

    // CRL and CRL entry extensions (RFC 5280 §5.2, §5.3)
    /// `2.5.29.20`: cRLNumber.
    public static let cRLNumber = OID(literal: "2.5.29.20")
    /// `2.5.29.21`: reasonCode.
    public static let reasonCode = OID(literal: "2.5.29.21")
    /// `2.5.29.23`: holdInstructionCode.
    public static let holdInstructionCode = OID(literal: "2.5.29.23")
    /// `2.5.29.24`: invalidityDate.
    public static let invalidityDate = OID(literal: "2.5.29.24")
    /// `2.5.29.27`: deltaCRLIndicator.
    public static let deltaCRLIndicator = OID(literal: "2.5.29.27")
    /// `2.5.29.28`: issuingDistributionPoint.
    public static let issuingDistributionPoint = OID(literal: "2.5.29.28")
    /// `2.5.29.29`: certificateIssuer.
    public static let certificateIssuer = OID(literal: "2.5.29.29")

    // Extended key usages and policies (RFC 5280 §4.2.1.12, §4.2.1.4)
    /// `2.5.29.37.0`: anyExtendedKeyUsage.
    public static let anyExtendedKeyUsage = OID(literal: "2.5.29.37.0")
    /// `1.3.6.1.5.5.7.3.1`: serverAuth.
    public static let serverAuth = OID(literal: "1.3.6.1.5.5.7.3.1")
    /// `1.3.6.1.5.5.7.3.2`: clientAuth.
    public static let clientAuth = OID(literal: "1.3.6.1.5.5.7.3.2")
    /// `1.3.6.1.5.5.7.3.3`: codeSigning.
    public static let codeSigning = OID(literal: "1.3.6.1.5.5.7.3.3")
    /// `1.3.6.1.5.5.7.3.4`: emailProtection.
    public static let emailProtection = OID(literal: "1.3.6.1.5.5.7.3.4")
    /// `1.3.6.1.5.5.7.3.8`: timeStamping.
    public static let timeStamping = OID(literal: "1.3.6.1.5.5.7.3.8")
    /// `1.3.6.1.5.5.7.3.9`: ocspSigning.
    public static let ocspSigning = OID(literal: "1.3.6.1.5.5.7.3.9")
    /// `1.3.6.1.4.1.11129.2.4.4`: Precertificate Signing (RFC 6962 §3.1).
    public static let precertificateSigning = OID(literal: "1.3.6.1.4.1.11129.2.4.4")
    /// `1.3.6.1.4.1.311.10.3.3`: microsoftServerGatedCrypto.
    public static let microsoftServerGatedCrypto = OID(literal: "1.3.6.1.4.1.311.10.3.3")
    /// `2.16.840.1.113730.4.1`: netscapeServerGatedCrypto.
    public static let netscapeServerGatedCrypto = OID(literal: "2.16.840.1.113730.4.1")
    /// `2.5.29.32.0`: anyPolicy.
    public static let anyPolicy = OID(literal: "2.5.29.32.0")
    /// `1.3.6.1.5.5.7.48.1`: ocsp.
    public static let ocsp = OID(literal: "1.3.6.1.5.5.7.48.1")
    /// `1.3.6.1.5.5.7.48.2`: caIssuers.
    public static let caIssuers = OID(literal: "1.3.6.1.5.5.7.48.2")

    // Apple's policy OIDs, as trust settings store them (SecPolicy.list)
    /// `1.2.840.113635.100.1.2`: appleX509Basic (`kSecPolicyAppleX509Basic`).
    public static let appleX509Basic = OID(literal: "1.2.840.113635.100.1.2")
    /// `1.2.840.113635.100.1.3`: appleSSL (`kSecPolicyAppleSSL`, server and client alike).
    public static let appleSSL = OID(literal: "1.2.840.113635.100.1.3")
    /// `1.2.840.113635.100.1.21`: appleRevocation (`kSecPolicyAppleRevocation`, what
    /// `SecPolicyCreateRevocation` makes; `APPLE_TP_REVOCATION` in Security's oidsalg.c).
    public static let appleRevocation = OID(literal: "1.2.840.113635.100.1.21")
    /// `1.2.840.113635.100.5.6.1`: the Mac App Store receipt signing certificate policy
    /// (`kSecPolicyMacAppStoreReceipt`'s CertificatePolicy).
    public static let appleMacAppStoreReceiptPolicy = OID(literal: "1.2.840.113635.100.5.6.1")
    /// `1.2.840.113635.100.4.14`: Apple's Wallet pass (Passbook) signing extended key usage.
    public static let applePassbookSigning = OID(literal: "1.2.840.113635.100.4.14")
    /// `1.2.840.113635.100.1.9`: appleEAP (`kSecPolicyAppleEAP`, the EAP policies' compatibility OID).
    public static let appleEAP = OID(literal: "1.2.840.113635.100.1.9")
    /// `1.2.840.113635.100.1.11`: appleIPsec (`kSecPolicyAppleIPsec`, the IPSec policies' compatibility OID).
    public static let appleIPsec = OID(literal: "1.2.840.113635.100.1.11")
    /// `1.2.840.113635.100.1.8`: appleSMIME (`kSecPolicyAppleSMIME`).
    public static let appleSMIME = OID(literal: "1.2.840.113635.100.1.8")

    // Extensions Apple's certificate parser knows beyond RFC 5280's (SecCertificate.c)
    /// `1.3.6.1.5.5.7.1.3`: qcStatements (RFC 3739).
    public static let qcStatements = OID(literal: "1.3.6.1.5.5.7.1.3")
    /// `0.4.0.1862.1.1`: ETSI's QcCompliance statement (EN 319 412-5).
    public static let etsiQCCompliance = OID(literal: "0.4.0.1862.1.1")
    /// `0.4.0.1862.1.6`: ETSI's QcType statement (EN 319 412-5).
    public static let etsiQCType = OID(literal: "0.4.0.1862.1.6")
    /// `1.3.6.1.5.5.7.48.1.5`: id-pkix-ocsp-nocheck (RFC 6960 §4.2.2.2.1).
    public static let ocspNoCheck = OID(literal: "1.3.6.1.5.5.7.48.1.5")
    /// `2.16.840.1.113730.1.1`: Netscape's certificate type.
    public static let netscapeCertificateType = OID(literal: "2.16.840.1.113730.1.1")
    /// `1.2.840.113533.7.65.0`: Entrust's version information.
    public static let entrustVersionInformation = OID(literal: "1.2.840.113533.7.65.0")
    /// `1.3.6.1.4.1.311.21.10`: Microsoft's application policies.
    public static let microsoftApplicationPolicies = OID(literal: "1.3.6.1.4.1.311.21.10")
    /// `2.23.148.1.1`: an ETSI extension Apple knows without parsing (`qiPolicy` in SecCertificate.c).
    public static let etsiQIPolicy = OID(literal: "2.23.148.1.1")
    /// `2.23.148.1.2`: an ETSI extension Apple knows without parsing (`qiRSID` in SecCertificate.c).
    public static let etsiQIRSID = OID(literal: "2.23.148.1.2")

    // OCSP (RFC 6960)
    /// `1.3.6.1.5.5.7.48.1.1`: id-pkix-ocsp-basic, the BasicOCSPResponse type.
    public static let ocspBasic = OID(literal: "1.3.6.1.5.5.7.48.1.1")
    /// `1.3.6.1.5.5.7.48.1.2`: id-pkix-ocsp-nonce.
    public static let ocspNonce = OID(literal: "1.3.6.1.5.5.7.48.1.2")

    // CMS (RFC 5652 §4, §5)
    /// `1.2.840.113549.1.7.2`: id-signedData, the content type of SignedData.
    public static let cmsSignedData = OID(literal: "1.2.840.113549.1.7.2")
}
