/// Names of the object identifiers X.509 certificates, CRLs and their algorithms use.
///
/// Names follow the RFCs that define them (RFC 5280, 3279, 4055, 5480, 5758, 8410, 6962, 7633)
/// and, for attribute types, OpenSSL's long names, so dumps read the way people expect.
enum OIDNames {
    static let entries: [(dotted: String, name: String)] = [
        // Hash algorithms (RFC 3279, 5754, NIST)
        ("1.2.840.113549.2.2", "md2"), ("1.2.840.113549.2.4", "md4"), ("1.2.840.113549.2.5", "md5"),
        ("1.3.14.3.2.26", "sha1"), ("2.16.840.1.101.3.4.2.4", "sha224"),
        ("2.16.840.1.101.3.4.2.1", "sha256"), ("2.16.840.1.101.3.4.2.2", "sha384"),
        ("2.16.840.1.101.3.4.2.3", "sha512"),
        // RSA (RFC 8017, 4055)
        ("1.2.840.113549.1.1.1", "rsaEncryption"), ("1.2.840.113549.1.1.2", "md2WithRSAEncryption"),
        ("1.2.840.113549.1.1.3", "md4WithRSAEncryption"), ("1.2.840.113549.1.1.4", "md5WithRSAEncryption"),
        ("1.2.840.113549.1.1.5", "sha1WithRSAEncryption"), ("1.2.840.113549.1.1.7", "rsaesOaep"),
        ("1.2.840.113549.1.1.8", "mgf1"), ("1.2.840.113549.1.1.10", "rsassaPss"),
        ("1.2.840.113549.1.1.11", "sha256WithRSAEncryption"),
        ("1.2.840.113549.1.1.12", "sha384WithRSAEncryption"),
        ("1.2.840.113549.1.1.13", "sha512WithRSAEncryption"),
        ("1.2.840.113549.1.1.14", "sha224WithRSAEncryption"),
        ("1.3.14.3.2.29", "sha1WithRSASignature"),
        // DSA and elliptic curves (RFC 3279, 5480, 5758, 8410)
        ("1.2.840.10040.4.1", "dsa"), ("1.2.840.10040.4.3", "dsaWithSHA1"),
        ("2.16.840.1.101.3.4.3.1", "dsaWithSHA224"), ("2.16.840.1.101.3.4.3.2", "dsaWithSHA256"),
        ("1.2.840.10045.2.1", "ecPublicKey"), ("1.2.840.10045.4.1", "ecdsaWithSHA1"),
        ("1.2.840.10045.4.3.1", "ecdsaWithSHA224"), ("1.2.840.10045.4.3.2", "ecdsaWithSHA256"),
        ("1.2.840.10045.4.3.3", "ecdsaWithSHA384"), ("1.2.840.10045.4.3.4", "ecdsaWithSHA512"),
        ("1.2.840.10045.3.1.1", "prime192v1"), ("1.3.132.0.33", "secp224r1"),
        ("1.2.840.10045.3.1.7", "prime256v1"), ("1.3.132.0.34", "secp384r1"),
        ("1.3.132.0.35", "secp521r1"), ("1.3.132.0.10", "secp256k1"),
        ("1.3.101.110", "X25519"), ("1.3.101.111", "X448"),
        ("1.3.101.112", "Ed25519"), ("1.3.101.113", "Ed448"),
        // Name attributes (X.520, RFC 4519, PKCS #9, RFC 4524)
        ("2.5.4.3", "commonName"), ("2.5.4.4", "surname"), ("2.5.4.5", "serialNumber"),
        ("2.5.4.6", "countryName"), ("2.5.4.7", "localityName"), ("2.5.4.8", "stateOrProvinceName"),
        ("2.5.4.9", "streetAddress"), ("2.5.4.10", "organizationName"),
        ("2.5.4.11", "organizationalUnitName"), ("2.5.4.12", "title"), ("2.5.4.13", "description"),
        ("2.5.4.15", "businessCategory"), ("2.5.4.17", "postalCode"), ("2.5.4.41", "name"),
        ("2.5.4.42", "givenName"), ("2.5.4.43", "initials"), ("2.5.4.44", "generationQualifier"),
        ("2.5.4.45", "x500UniqueIdentifier"), ("2.5.4.46", "dnQualifier"), ("2.5.4.65", "pseudonym"),
        ("2.5.4.97", "organizationIdentifier"), ("1.2.840.113549.1.9.1", "emailAddress"),
        ("0.9.2342.19200300.100.1.1", "userId"), ("0.9.2342.19200300.100.1.25", "domainComponent"),
        ("1.3.6.1.4.1.311.60.2.1.1", "jurisdictionLocalityName"),
        ("1.3.6.1.4.1.311.60.2.1.2", "jurisdictionStateOrProvinceName"),
        ("1.3.6.1.4.1.311.60.2.1.3", "jurisdictionCountryName"),
        // Certificate extensions (RFC 5280 §4.2, RFC 6962, RFC 7633, RFC 3709)
        ("2.5.29.9", "subjectDirectoryAttributes"), ("2.5.29.14", "subjectKeyIdentifier"),
        ("2.5.29.15", "keyUsage"), ("2.5.29.16", "privateKeyUsagePeriod"),
        ("2.5.29.17", "subjectAltName"), ("2.5.29.18", "issuerAltName"),
        ("2.5.29.19", "basicConstraints"), ("2.5.29.30", "nameConstraints"),
        ("2.5.29.31", "cRLDistributionPoints"), ("2.5.29.32", "certificatePolicies"),
        ("2.5.29.33", "policyMappings"), ("2.5.29.35", "authorityKeyIdentifier"),
        ("2.5.29.36", "policyConstraints"), ("2.5.29.37", "extendedKeyUsage"),
        ("2.5.29.46", "freshestCRL"), ("2.5.29.54", "inhibitAnyPolicy"),
        ("1.3.6.1.5.5.7.1.1", "authorityInfoAccess"), ("1.3.6.1.5.5.7.1.11", "subjectInfoAccess"),
        ("1.3.6.1.5.5.7.1.3", "qcStatements"), ("1.3.6.1.5.5.7.1.12", "logotype"),
        ("1.3.6.1.5.5.7.1.24", "tlsFeature"), ("1.3.6.1.4.1.11129.2.4.2", "signedCertificateTimestampList"),
        ("1.3.6.1.4.1.11129.2.4.3", "precertificatePoison"),
        ("1.3.6.1.4.1.11129.2.4.5", "ocspSignedCertificateTimestampList"), ("2.16.840.1.113730.1.1", "netscapeCertType"),
        ("2.16.840.1.113730.1.13", "netscapeComment"), ("1.3.6.1.4.1.311.20.2", "msCertificateTemplateName"),
        ("1.3.6.1.4.1.311.21.1", "msCAVersion"), ("1.3.6.1.4.1.311.21.7", "msCertificateTemplate"),
        ("1.3.6.1.4.1.311.21.10", "msApplicationPolicies"),
        // CRL and CRL entry extensions (RFC 5280 §5.2, §5.3)
        ("2.5.29.20", "cRLNumber"), ("2.5.29.21", "cRLReason"), ("2.5.29.24", "invalidityDate"),
        ("2.5.29.27", "deltaCRLIndicator"), ("2.5.29.28", "issuingDistributionPoint"),
        ("2.5.29.29", "certificateIssuer"),
        // Extended key usages (RFC 5280 §4.2.1.12 and vendors)
        ("2.5.29.37.0", "anyExtendedKeyUsage"), ("1.3.6.1.5.5.7.3.1", "serverAuth"),
        ("1.3.6.1.5.5.7.3.2", "clientAuth"), ("1.3.6.1.5.5.7.3.3", "codeSigning"),
        ("1.3.6.1.5.5.7.3.4", "emailProtection"), ("1.3.6.1.5.5.7.3.8", "timeStamping"),
        ("1.3.6.1.5.5.7.3.9", "OCSPSigning"), ("1.3.6.1.4.1.311.10.3.3", "msSGC"),
        ("2.16.840.1.113730.4.1", "nsSGC"),
        // Policies and access methods (RFC 5280 §4.2.1.4, §4.2.2)
        ("2.5.29.32.0", "anyPolicy"), ("1.3.6.1.5.5.7.2.1", "cps"), ("1.3.6.1.5.5.7.2.2", "userNotice"),
        ("1.3.6.1.5.5.7.48.1", "ocsp"), ("1.3.6.1.5.5.7.48.2", "caIssuers"), ("1.3.6.1.5.5.7.48.1.1", "ocspBasic"),
        ("1.3.6.1.5.5.7.48.1.2", "ocspNonce"), ("1.3.6.1.5.5.7.48.1.5", "ocspNoCheck"),
        ("1.3.6.1.5.5.7.48.3", "timeStamping"), ("1.3.6.1.5.5.7.48.5", "caRepository"),
        ("2.23.140.1.1", "ev-guidelines"), ("2.23.140.1.2.1", "domain-validated"),
        ("2.23.140.1.2.2", "organization-validated"), ("2.23.140.1.2.3", "individual-validated"),
        // Containers that show up in dumps (PKCS #7, #9, #12)
        ("1.2.840.113549.1.7.1", "data"), ("1.2.840.113549.1.7.2", "signedData"),
        ("1.2.840.113549.1.7.6", "encryptedData"), ("1.2.840.113549.1.9.3", "contentType"),
        ("1.2.840.113549.1.9.4", "messageDigest"), ("1.2.840.113549.1.9.5", "signingTime"),
        ("1.2.840.113549.1.9.14", "extensionRequest"), ("1.2.840.113549.1.9.20", "friendlyName"),
        ("1.2.840.113549.1.9.21", "localKeyID"),
    ]

    static let table: [OID: String] = {
        var table: [OID: String] = [:]
        for entry in entries {
            // Entries are literals checked by a unit test; a typo would only drop a name.
            guard let oid = OID(dotted: entry.dotted) else { continue }
            table[oid] = entry.name
        }
        return table
    }()
}
