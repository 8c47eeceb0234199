import VouchDER
import VouchX509

/// OpenSSL's trust metadata (`TRUSTED CERTIFICATE`, X509_CERT_AUX) as system-domain usage
/// constraints (SECTRUST.md §15.6).
///
/// Purposes map to Apple's policies: serverAuth → SSL server, clientAuth → SSL client,
/// emailProtection → S/MIME, anyExtendedKeyUsage → every policy. A rejected purpose is a Deny
/// for its policy. A trust list (even an empty one, which p11-kit writes for a certificate that is
/// neither an anchor nor distrusted) makes the certificate an anchor only for the policies its
/// purposes name, as OpenSSL's `obj_trust` rejects a purpose missing from an explicit list. With
/// rejects but no trust list, the certificate stays an anchor for the SSL and S/MIME policies it
/// does not reject, and for none of BasicX509 (OpenSSL's default purpose is anyExtendedKeyUsage,
/// and a certificate distrusted for something is not trusted for anything). Purposes with no
/// Apple policy here (codeSigning, timeStamping, IPsec) are ignored.
enum OpenSSLTrustMetadata {
    /// The constraints for `auxiliary` on a certificate that is (`isSelfSigned`) or is not a root;
    /// `nil` when the metadata says nothing (no trust list, no rejects): an ordinary root.
    static func constraints(_ auxiliary: CertificateTrustAuxiliary, isSelfSigned: Bool) -> [TrustSettingsConstraint]? {
        let trust: TrustSettingsResult = isSelfSigned ? .trustRoot : .trustAsRoot
        var constraints: [TrustSettingsConstraint] = []
        var rejectsAll = false
        var rejected: Set<String> = []
        for purpose in auxiliary.rejected {
            if purpose == .anyExtendedKeyUsage { rejectsAll = true }
            for policy in policies(for: purpose) {
                rejected.insert(policy.name)
                constraints.append(TrustSettingsConstraint(policy: policy.oid, policyName: policy.name, result: .deny))
            }
        }
        if rejectsAll { return [TrustSettingsConstraint(result: .deny)] }
        if auxiliary.hasTrustList {
            for purpose in auxiliary.trusted {
                if purpose == .anyExtendedKeyUsage {
                    constraints.append(TrustSettingsConstraint(result: trust))
                    continue
                }
                for policy in policies(for: purpose) {
                    constraints.append(TrustSettingsConstraint(policy: policy.oid, policyName: policy.name, result: trust))
                }
            }
            // Nothing else matches: Invalid, no anchor. An empty list leaves a certificate that is
            // not trusted and not denied.
            if constraints.isEmpty { constraints.append(TrustSettingsConstraint(result: .unspecified)) }
            return constraints
        }
        guard !constraints.isEmpty else { return nil }
        for policy in allPolicies where !rejected.contains(policy.name) {
            constraints.append(TrustSettingsConstraint(policy: policy.oid, policyName: policy.name, result: trust))
        }
        return constraints
    }

    private static let allPolicies: [(oid: OID, name: String)] = [
        (.appleSSL, "sslServer"), (.appleSSL, "sslClient"), (.appleSMIME, "SMIME"),
    ]

    /// The Apple policies an extended-key-usage purpose stands for.
    private static func policies(for purpose: OID) -> [(oid: OID, name: String)] {
        switch purpose {
        case .serverAuth: return [(.appleSSL, "sslServer")]
        case .clientAuth: return [(.appleSSL, "sslClient")]
        case .emailProtection: return [(.appleSMIME, "SMIME")]
        default: return []
        }
    }
}
