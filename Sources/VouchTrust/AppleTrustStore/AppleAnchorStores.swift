import VouchX509

extension AppleTrustStoreSnapshot {
    /// Which records of the constrained-anchor table a policy may use: its `ANCHOR_STORE` in
    /// Apple's `OSX/sec/Security/SecPolicy.list`, as `SecPolicyUsesConstrainedAnchors` and
    /// `SecPolicyUsesAppleAnchors` (SecPolicy.c) read it (SECTRUST.md §17.3).
    public enum AnchorStore: String, Sendable {
        /// `S`, and every policy the list does not name (the SSL, EAP and IPSec server and client
        /// OIDs among them): `system` records, unconstrained or constrained to the policy.
        case system
        /// `C`: `custom` records constrained to the policy, and nothing else.
        case constrained
        /// `A`: `platform` records, unconstrained or constrained to the policy (and Apple's
        /// built-in anchors, which trustd adds from code, not from the table).
        case apple
    }

    /// The arc under which every Apple policy OID of SecPolicy.list sits
    /// (`kSecPolicyApple##NAME` is this and the policy's number).
    static let applePolicyArc = "1.2.840.113635.100.1."

    /// The policies SecPolicy.list marks `C` or `A`, by their number under ``applePolicyArc``
    /// (Security-61901.0.87, the release beside security_certificates-55349.0.11); every other
    /// policy is `S`.
    static let nonSystemAnchorStores: [Int: AnchorStore] = {
        let constrained = [24, 34, 51, 52, 53, 57, 58, 72, 84, 85, 87, 88, 91, 92, 95, 96, 97, 98, 100, 101, 108, 111,
                           115, 116, 117, 118, 119, 120, 121, 122, 123]
        let apple = [10, 17, 18, 19, 22, 23, 25, 26, 27, 30, 31, 32, 33, 35, 36, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48,
                     49, 50, 54, 55, 56, 59, 60, 61, 62, 63, 64, 65, 67, 68, 69, 71, 75, 76, 77, 81, 82, 83, 86, 89, 90,
                     93, 99, 102, 103, 104, 105, 106, 107, 109, 110, 112, 113, 114, 124]
        var stores: [Int: AnchorStore] = [:]
        for number in constrained { stores[number] = .constrained }
        for number in apple { stores[number] = .apple }
        return stores
    }()

    /// The anchor store policy `oid` (dotted text, as trustd compares it) draws from.
    public static func anchorStore(forPolicy oid: String) -> AnchorStore {
        guard oid.hasPrefix(applePolicyArc), let number = Int(oid.dropFirst(applePolicyArc.count)) else { return .system }
        return nonSystemAnchorStores[number] ?? .system
    }

    /// The records of the constrained-anchor table that make `certificate` an anchor for the
    /// policy `oid` (`SecAnchorCache anchorRecordsPermitttedForPolicy:policyId:`): its records
    /// (same SHA-256) of the kind the policy's ``AnchorStore`` allows, a `system` or `platform`
    /// record when its OID list is empty or holds `oid`, a `custom` record only when it holds it.
    /// Empty: the table does not anchor the certificate for that policy.
    ///
    /// trustd asks this source last, after certificates/roots (SECTRUST.md §17.3 item 1): for
    /// BasicX509 and SSL every record it permits is one of ``systemRoots``, so the table adds no
    /// anchor to those policies; it decides for Apple's own policies.
    public func permittedAnchorRecords(for certificate: Certificate, policy oid: String) -> [AnchorRecord] {
        let store = Self.anchorStore(forPolicy: oid)
        return anchorRecords(for: certificate).filter { record in
            switch (record.kind, store) {
            case (.system, .system), (.platform, .apple): return record.policies.isEmpty || record.policies.contains(oid)
            case (.custom, .constrained): return record.policies.contains(oid)
            default: return false
            }
        }
    }
}
