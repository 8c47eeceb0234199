import VouchCrypto
import VouchX509

/// Trust settings in three domains, as `SecTrustSettingsSetTrustSettings` stores them
/// (SECTRUST.md §15): per certificate, an array of usage constraints. A chain anchored by a
/// user or admin setting is trusted as **Proceed**; a certificate a matching constraint
/// denies makes any chain through it **Deny**.
///
/// Settings are consulted only when the system store is in the anchor set (no custom anchors,
/// or ``Trust/setAnchorCertificatesOnly(_:)`` with `false`); with exclusive custom anchors they
/// are ignored, except that a user or admin anchor still spares its certificate the key-size,
/// validity-period and hash rules Apple skips for such anchors (§15.3.7).
///
/// Setting validates as Apple does (§15.2): default trust or TrustRoot only on a self-signed
/// certificate, TrustAsRoot only on one that is not, every constraint of a non-root with a
/// result. A refused setting throws ``TrustSettingsError`` and changes nothing.
public struct TrustSettings: Sendable {
    /// One certificate's settings in one domain.
    public struct Entry: Sendable {
        /// The certificate.
        public let certificate: Certificate
        /// Its usage constraints in order; empty means "always trust, TrustRoot" (a root only).
        public let constraints: [TrustSettingsConstraint]
        /// The domain the entry is in.
        public let domain: TrustSettingsDomain
    }

    /// Entries per domain, in the order set.
    private var entries: [TrustSettingsDomain: [Entry]] = [:]
    /// Where each certificate's entry is in ``entries``, per domain.
    private var positions: [TrustSettingsDomain: [Certificate: Int]] = [:]

    /// No settings in any domain.
    public init() {}

    /// Whether no domain has an entry.
    public var isEmpty: Bool { entries.values.allSatisfy(\.isEmpty) }

    /// The entries of `domain`, in the order set.
    public func entries(in domain: TrustSettingsDomain) -> [Entry] { entries[domain] ?? [] }

    /// Every entry, user domain first, then admin, then system.
    public var allEntries: [Entry] { TrustSettingsDomain.allCases.flatMap { entries(in: $0) } }

    /// `SecTrustSettingsCopyTrustSettings`: the constraints of `certificate` in `domain`, or `nil`
    /// when the domain has no entry for it (`errSecItemNotFound`).
    public func constraints(for certificate: Certificate, in domain: TrustSettingsDomain) -> [TrustSettingsConstraint]? {
        guard let position = positions[domain]?[certificate] else { return nil }
        return entries[domain]?[position].constraints
    }

    /// `SecTrustSettingsSetTrustSettings`: replaces the settings of `certificate` in `domain`
    /// with `constraints` (`nil` or empty: always trust as a root), after Apple's checks.
    ///
    /// - Throws: ``TrustSettingsError`` when Apple would refuse the setting.
    public mutating func setConstraints(
        _ constraints: [TrustSettingsConstraint]?, for certificate: Certificate, in domain: TrustSettingsDomain
    ) throws(TrustSettingsError) {
        if domain == .system { throw .readOnlyDomain }
        try Self.validate(constraints ?? [], for: certificate, isSelfSigned: SelfSignature.isSelfSigned(certificate))
        store(constraints ?? [], for: certificate, in: domain)
    }

    /// `SecTrustSettingsRemoveTrustSettings`: removes the entry of `certificate` from `domain`;
    /// returns whether there was one (`errSecItemNotFound` otherwise).
    @discardableResult
    public mutating func removeConstraints(for certificate: Certificate, in domain: TrustSettingsDomain) -> Bool {
        guard let position = positions[domain]?[certificate] else { return false }
        entries[domain]?.remove(at: position)
        var reindexed: [Certificate: Int] = [:]
        for (index, entry) in (entries[domain] ?? []).enumerated() { reindexed[entry.certificate] = index }
        positions[domain] = reindexed
        return true
    }

    /// Sets a system-domain entry, as a distribution's trust metadata says it (SECTRUST.md §15.6),
    /// for a ``SystemTrustStore``: not validated (the rules of §15.2 are the setting API's, and
    /// the system domain is read-only to it).
    public mutating func setSystemConstraints(_ constraints: [TrustSettingsConstraint], for certificate: Certificate) {
        store(constraints, for: certificate, in: .system)
    }

    /// Sets the system-domain entry that OpenSSL trust metadata (a `TRUSTED CERTIFICATE` block's
    /// trust and reject purposes) stands for (SECTRUST.md §15.6); returns whether it says anything
    /// (no trust list and no rejects: an ordinary root, no entry).
    @discardableResult
    public mutating func setSystemConstraints(from auxiliary: CertificateTrustAuxiliary, for certificate: Certificate) -> Bool {
        guard let constraints = OpenSSLTrustMetadata.constraints(auxiliary, isSelfSigned: SelfSignature.isSelfSigned(certificate)) else {
            return false
        }
        store(constraints, for: certificate, in: .system)
        return true
    }

    /// The system domain's entries alone.
    var systemDomain: TrustSettings {
        var system = TrustSettings()
        system.entries[.system] = entries[.system]
        system.positions[.system] = positions[.system]
        return system
    }

    /// These settings with the admin-domain entries of `administrator` added for the certificates
    /// whose admin entry these settings do not set (the machine's additions beside Apple's
    /// store, SECTRUST.md §17.6; the caller's own admin settings win).
    func addingAdministratorEntries(_ administrator: TrustSettings) -> TrustSettings {
        let added = administrator.entries(in: .admin)
        guard !added.isEmpty else { return self }
        var merged = self
        for entry in added where constraints(for: entry.certificate, in: .admin) == nil {
            merged.store(entry.constraints, for: entry.certificate, in: .admin)
        }
        return merged
    }

    /// Stores without validating.
    mutating func store(_ constraints: [TrustSettingsConstraint], for certificate: Certificate, in domain: TrustSettingsDomain) {
        let entry = Entry(certificate: certificate, constraints: constraints, domain: domain)
        if let position = positions[domain]?[certificate] {
            entries[domain]?[position] = entry
        } else {
            positions[domain, default: [:]][certificate] = entries[domain, default: []].count
            entries[domain, default: []].append(entry)
        }
    }

    /// Apple's setting-time rules (SECTRUST.md §15.2, `validateTrustSettings` in SecTrustStore.c
    /// and `TrustSettings::validateApiTrustSettings`).
    static func validate(_ constraints: [TrustSettingsConstraint], for certificate: Certificate, isSelfSigned: Bool) throws(TrustSettingsError) {
        let subject = certificate.subject.description
        if constraints.isEmpty && !isSelfSigned { throw .defaultTrustOnNonRoot(subject: subject) }
        for (index, constraint) in constraints.enumerated() {
            switch constraint.result {
            case nil:
                if !isSelfSigned { throw .missingResultOnNonRoot(subject: subject, index: index) }
            case .trustRoot?:
                if !isSelfSigned { throw .trustRootOnNonRoot(subject: subject, index: index) }
            case .trustAsRoot?:
                if isSelfSigned { throw .trustAsRootOnRoot(subject: subject, index: index) }
            case .invalid?:
                throw .resultOutOfRange(value: 0, index: index)
            case .deny?, .unspecified?:
                break
            }
        }
    }
}

/// Apple's `_SecCertificateIsSelfSigned` for a certificate on its own (SECTRUST.md §15.2):
/// normalised issuer equals normalised subject, the authority key identifier (when present)
/// equals the subject key identifier, and the signature verifies with the certificate's own key.
enum SelfSignature {
    static func isSelfSigned(_ certificate: Certificate) -> Bool {
        guard certificate.issuer.appleNormalizedEncoding == certificate.subject.appleNormalizedEncoding,
            keyIdentifiersAgree(certificate)
        else { return false }
        return SignatureVerifier.verify(certificate, issuerKey: certificate.subjectPublicKeyInfo) == .valid
    }

    /// The authority key identifier, when present with a subject key identifier, equals it.
    static func keyIdentifiersAgree(_ certificate: Certificate) -> Bool {
        guard let authority = certificate.authorityKeyIdentifier?.keyIdentifier,
            let subject = certificate.subjectKeyIdentifier?.keyIdentifier
        else { return true }
        return authority.elementsEqual(subject)
    }
}
