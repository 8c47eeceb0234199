/// The CSSM code of each check, as macOS reports it in the `StatusCodes` of
/// `kSecTrustResultDetails` (`SecTrustCopyStatusCodes`, OSX/sec/Security/SecTrustStatusCodes.c:
/// the `CSSMERR` column of OSX/sec/Security/SecPolicyChecks.list, read as a signed 32-bit value).
extension TrustCheck {
    /// The check's CSSM code, `nil` for Vouch's own checks (the strict profile's and the path-search
    /// budget), which Apple's table does not hold and `SecTrustCopyStatusCodes` would report as 0.
    public var cssmCode: Int32? {
        switch self {
        case .missingIntermediate, .anchorTrusted: return -2147409622  // 0x8001212A
        case .basicConstraints: return -2147408894  // 0x80012402
        case .basicConstraintsCA: return -2147408893  // 0x80012403
        case .keyUsage: return -2147408890  // 0x80012406
        case .basicConstraintsPathLen, .chainLength: return -2147408887  // 0x80012409
        case .criticalExtensions: return -2147408895  // 0x80012401
        case .nameConstraints, .policyConstraints, .weakKeySize: return -2147409643  // 0x80012115
        case .temporalValidity: return -2147409654  // 0x8001210A
        case .weakSignature: return -2147415723  // 0x80010955
        case .idLinkage: return -2147408892  // 0x80012404
        case .nonEmptySubject: return -2147408841  // 0x80012437
        case .unparseableExtension, .duplicateExtension: return -2147408880  // 0x80012410
        case .sslHostname: return -2147408896  // 0x80012400
        case .extendedKeyUsage, .serverAuthEKU: return -2147408889  // 0x80012407
        case .keySize: return -2147415784  // 0x80010918
        case .signatureHashAlgorithms: return -2147415789  // 0x80010913
        case .otherTrustValidityPeriod, .systemTrustValidityPeriod: return -2147409651  // 0x8001210D
        case .systemTrustedCTRequired: return -2147409644  // 0x80012114
        case .revocation: return -2147409652  // 0x8001210C
        case .revocationResponseRequired: return -2147408861  // 0x80012423
        case .subjectOrganization, .intermediateOrganization, .intermediateCountry: return -2147408837  // 0x8001243B
        case .leafMarkerOid, .leafMarkersProdAndQA, .intermediateMarkerOid, .certificatePolicy: return -2147408839  // 0x80012439
        case .anchorSHA256, .anchorApple: return -2147408836  // 0x8001243C
        case .usageConstraints: return -2147408842  // 0x80012436
        case .email: return -2147408872  // 0x80012418
        case .eapTrustedServerNames: return -2147408896  // 0x80012400
        case .issuerCommonName, .subjectOrganizationalUnit: return -2147408837  // 0x8001243B
        case .notCA: return -2147409642  // 0x80012116
        case .emailProtectionEKU: return -2147408889  // 0x80012407
        case .systemTrustedWeakHash: return -2147415723  // 0x80010955
        case .systemTrustedWeakKey: return -2147415784  // 0x80010918
        case .leafSPKISHA256: return -2147408835  // 0x8001243D
        case .caSPKISHA256, .pinningRequired: return -2147408836  // 0x8001243C
        case .ctRequired: return -2147409622  // 0x8001212A
        case .nonTlsCTRequired: return -2147409644  // 0x80012114
        case .pathBuildingBudget, .keyIdentifiers, .extensionCriticality, .certificateProfile, .serialNumber, .commonName, .dnsNameSyntax, .rsaModulusLength: return nil
        }
    }
}
