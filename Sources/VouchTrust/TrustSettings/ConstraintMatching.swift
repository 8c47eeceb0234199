import VouchDER

extension TrustPolicy {
    /// Apple's compatibility OID for the policy (`SecPolicyGetCompatibilityOidString`): the one a
    /// trust setting stores.
    /// SSL, IPSec and EAP share their family's OID (1.2.840.113635.100.1.3, .11, .9); Apple Pay
    /// payment tokens, which no SecPolicy names, BasicX509's.
    public var compatibilityOID: OID {
        switch identifier {
        case .basicX509, .applePayPaymentToken: return .appleX509Basic
        case .sslServer, .sslClient: return .appleSSL
        case .ipsecServer, .ipsecClient: return .appleIPsec
        case .eapServer, .eapClient: return .appleEAP
        default: return identifier.oid ?? .appleX509Basic
        }
    }

    /// The policy's name (``TrustPolicy/name``: Apple's `kSecPolicyName…` unless renamed), which
    /// a trust setting's `kSecTrustSettingsPolicyName` is compared with.
    public var appleName: String { name }
}

/// Whether a usage constraint applies to an evaluation (`SecPVCMeetsConstraint` and its helpers in
/// SecPolicyServer.c; SECTRUST.md §15.3.3), and what a certificate's constraints resolve to.
struct ConstraintMatcher: Sendable {
    let policies: [TrustPolicy]

    /// `SecPVCContainsPolicy`: the first policy the constraint's OID and name select. With both,
    /// the OID must be the policy's and the name too, except that `sslServer` also selects any
    /// SSL-OID policy not named `sslClient`.
    func policyIndex(of constraint: TrustSettingsConstraint) -> Int? {
        policies.firstIndex { policy in
            switch (constraint.policy, constraint.policyName) {
            case (let oid?, let name?):
                return oid == policy.compatibilityOID
                    && (name == policy.appleName || (name == "sslServer" && policy.appleName != "sslClient"))
            case (let oid?, nil): return oid == policy.compatibilityOID
            case (nil, let name?): return name == policy.appleName
            case (nil, nil): return false
            }
        }
    }

    /// Whether `constraint` applies, for a certificate at the leaf's position (`isLeaf`) or above.
    func matches(_ constraint: TrustSettingsConstraint, isLeaf: Bool) -> Bool {
        if constraint.hasPolicyOptions || constraint.namesApplication { return false }
        let selected = policyIndex(of: constraint)
        if (constraint.policy != nil || constraint.policyName != nil) && selected == nil { return false }
        if let string = constraint.policyString {
            // `SecPVCContainsString`: the selected policy's hostname, else its S/MIME address
            // (either ignoring case), else one of its EAP names exactly; none selected, no match.
            guard let selected else { return false }
            var stored = Substring(string)
            if stored.last == "\u{0}" { stored = stored.dropLast() }
            let options = policies[selected].options
            if let name = options.hostname ?? options.email {
                guard stored.lowercased() == name.lowercased() else { return false }
            } else {
                guard options.eapTrustedServerNames?.contains(String(stored)) == true else { return false }
            }
        }
        if let usage = constraint.keyUsage, usage != TrustSettingsConstraint.KeyUsage.any {
            guard usesOfKey(isLeaf: isLeaf, selected: selected) == usage & 0xFFFF_FFFF else { return false }
        }
        return true
    }

    /// `SecPVCContainsTrustSettingsKeyUsage`: the key uses in play, which a constraint's must
    /// equal. A CA's key signs certificates; with the OCSP signer policy the key signs revocation
    /// information; and the policy's own keyUsage option adds its uses (`ts_key_usage_for_policy`:
    /// the selected policy's, else every policy's). SSL and BasicX509 add none, so a CA matches
    /// SignCert alone and a leaf nothing.
    func usesOfKey(isLeaf: Bool, selected: Int?) -> Int64 {
        typealias Use = TrustSettingsConstraint.KeyUsage
        var uses: Int64 = isLeaf ? 0 : Use.signCertificate
        if policies.contains(where: { $0.identifier == .ocspSigner }) { uses |= Use.signRevocation }
        let chosen = selected.map { [policies[$0]] } ?? policies
        for policy in chosen {
            for requirement in policy.options.keyUsage ?? [] {
                guard case .all(let usages) = requirement else { continue }
                if usages.contains(.digitalSignature) { uses |= Use.signature }
                if usages.contains(.dataEncipherment) { uses |= Use.encryptData }
                if usages.contains(.keyEncipherment) { uses |= Use.encryptKey }
                if usages.contains(.keyAgreement) { uses |= Use.keyExchange }
            }
        }
        return uses
    }

    /// `SecPVCGetTrustSettingsResult`: the result of the first constraint that matches, with its
    /// index; ``TrustSettingsResult/invalid`` when none does (or there are none).
    func resolve(_ constraints: [TrustSettingsConstraint], isLeaf: Bool) -> (result: TrustSettingsResult, constraint: Int?) {
        for (index, constraint) in constraints.enumerated() where matches(constraint, isLeaf: isLeaf) {
            return (constraint.effectiveResult, index)
        }
        return (.invalid, nil)
    }

    /// `SecPVCIsAnchorPerConstraints` for a certificate with constraints from a source that has
    /// them: an empty array on a self-signed certificate, TrustRoot on a self-signed one,
    /// TrustAsRoot on another, or Deny (a "denied anchor": the path stops there and is denied).
    func isAnchor(_ constraints: [TrustSettingsConstraint], isSelfSigned: Bool, isLeaf: Bool) -> Bool {
        if constraints.isEmpty { return isSelfSigned }
        switch resolve(constraints, isLeaf: isLeaf).result {
        case .trustRoot: return isSelfSigned
        case .trustAsRoot: return !isSelfSigned
        case .deny: return true
        case .invalid, .unspecified: return false
        }
    }

    /// `SecPVCIsAllowedError`: the first constraint that matches and allows `check`'s CSSM code.
    func allowingConstraint(for check: TrustCheck, in constraints: [TrustSettingsConstraint], isLeaf: Bool) -> Int? {
        let code = TrustSettingsConstraint.AllowedError.code(for: check)
        return constraints.indices.first { index in
            constraints[index].allowedError == code && matches(constraints[index], isLeaf: isLeaf)
        }
    }
}
