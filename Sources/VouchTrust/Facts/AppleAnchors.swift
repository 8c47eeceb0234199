import VouchCrypto
import VouchX509

/// Apple's own roots, which SecTrust never lets expire.
///
/// `_ShouldSkipExpirationCheck` in trust/trustd/SecPolicyServer.c (apple-oss-distributions/
/// Security, Security-61901.0.87.0.1) passes TemporalValidity, wherever the certificate stands in
/// a path and however it got there, for three sets: the production Apple anchors of
/// `SecIsAppleTrustAnchor` (OSX/utilities/SecAppleAnchor.c, by SHA-256; its test anchors are not
/// in that table), the Apple External EC Root of `SecCertificateCopyAppleExternalRoots`
/// (OSX/sec/Security/AppleExternalRootCertificates.h; the test root beside it counts only on
/// Apple's internal builds), and the "parakeet" anchor written out in SecPolicyServer.c. Each is
/// identified here by the SHA-256 of its DER. Apple's path score still counts them as expired
/// (`SecCertificatePathVCIsValid` reads the dates alone), and so does Vouch's.
enum AppleAnchors {
    /// The SHA-256 of each certificate `_ShouldSkipExpirationCheck` exempts, as
    /// ``SHA256Digest``'s description writes it (lower-case hex).
    static let neverExpiring: Set<String> = [
        // Apple Root CA (notAfter 2035-02-09): SecAppleAnchor.c, AppleRootCAHash.
        "b0b1730ecbc7ff4505142c49f1295e6eda6bcaed7e2c68c5be91b5a11001f024",
        // Apple Root CA - G2 (2039-04-30): AppleRootG2Hash.
        "c2b9b042dd57830e7d117dac55ac8ae19407d38e41d88f3215bc3a890444a050",
        // Apple Root CA - G3 (2039-04-30): AppleRootG3Hash.
        "63343abfb89a6a03ebb57e9b3f5fa7be7c4f5c756f3017b3a8c488c3653e9179",
        // Apple Platform Backport RSA Root CA - G1 (2049-12-08): ApplePlatformBackportRSARootG1Hash.
        "fb3f6cf69467b5fa9ffa2b3b392b6e5e775bbb09c77b6e759e9038e26bbf9049",
        // Apple Platform Backport ECC Root CA - G1 (2049-12-08): ApplePlatformBackportECCRootG1Hash.
        "eda23b3f224f45e0952f20e4d2b33e000d49c8044c1168de47b443cd2b3536dc",
        // Apple External EC Root (2045-01-18): AppleExternalRootCertificates.h, _AppleExternalECRootCA.
        "72566e6f66300cfd24e5e685a2f15a749de04bb03850779196636e07230f911e",
        // Syniverse Private R Root CA (2039-04-29): SecPolicyServer.c, _parakeet_anchor.
        "456d01bfa3d4c8642ba1a0be0fdd7f69ed69373fdebb8620814a46a8e1602bcc",
    ]

    /// The DER lengths of the certificates above: a certificate of another length is not one of
    /// them, and is not hashed.
    static let lengths: Set<Int> = [1215, 1430, 583, 1402, 556, 519, 554]

    /// Whether `certificate` is one of Apple's never-expiring roots. Asked only of a certificate
    /// outside its validity period, so a valid chain hashes nothing for it.
    static func neverExpires(_ certificate: Certificate) -> Bool {
        let encoded = certificate.derEncoded
        return lengths.contains(encoded.count) && neverExpiring.contains(SHA256.digest(encoded).description)
    }
}
