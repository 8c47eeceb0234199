import Synchronization
import VouchDER
import VouchTrust
import VouchX509

// Apple's trust settings, by their own names: macOS's SecTrustSettings.h (`SecTrustSettingsSetTrustSettings`
// and friends, three domains) and iOS's SecTrustStore.h (`SecTrustStoreSetTrustSettings`, the user
// store), over one in-memory store shared by the process (``TrustSettingsStore``). Every trust the
// facade evaluates reads the store's user and admin settings as they stand at that evaluation,
// as trustd reads its store (SECTRUST.md §15).
//
// What differs from Apple, because Linux has no CoreFoundation: a usage-constraint dictionary is
// `[String: SecTrustSettingsValue]` rather than a `CFDictionary` of `CFTypeRef`s, and the settings
// are held in memory for the life of the process (nothing is written to disk, nothing needs an
// administrator's authorisation).

/// `kSecTrustSettingsPolicy`: the policy a usage constraint is for. Set it to
/// `.policy(SecPolicyCreateSSL(true, nil))` (stored, as Apple stores a `SecPolicyRef`, as its
/// compatibility OID and name; a hostname in the policy is not stored) or to the OID as a
/// dotted string (`.string("1.2.840.113635.100.1.3")`, the form trustd stores and copies return).
public let kSecTrustSettingsPolicy = "kSecTrustSettingsPolicy"
/// `kSecTrustSettingsPolicyName` (SecTrustSettingsPriv.h): the policy's name, `sslServer`,
/// `sslClient`, `basicX509`, `SMIME`…, refining ``kSecTrustSettingsPolicy`` (SSL server and client
/// share one OID). Stored from a ``SecPolicy`` automatically; may be given as a `.string` alone.
public let kSecTrustSettingsPolicyName = "kSecTrustSettingsPolicyName"
/// `kSecTrustSettingsPolicyString`: the SSL hostname (or S/MIME address) the constraint is for, a
/// `.string`; it matches only together with a matching ``kSecTrustSettingsPolicy``.
public let kSecTrustSettingsPolicyString = "kSecTrustSettingsPolicyString"
/// `kSecTrustSettingsKeyUsage`: the key uses the constraint is for, a `.number` of
/// ``SecTrustSettingsKeyUsage`` bits (`.keyUsage(.useSignCert)`), compared for equality.
public let kSecTrustSettingsKeyUsage = "kSecTrustSettingsKeyUsage"
/// `kSecTrustSettingsAllowedError`: a CSSM error code (a `.number`) whose recoverable failure of
/// this certificate is ignored, e.g. `CSSMERR_TP_CERT_EXPIRED` −2147409654 (SECTRUST.md §15.3.6).
public let kSecTrustSettingsAllowedError = "kSecTrustSettingsAllowedError"
/// `kSecTrustSettingsResult`: a ``SecTrustSettingsResult`` as a `.number` (`.result(.deny)`);
/// absent means `kSecTrustSettingsResultTrustRoot`.
public let kSecTrustSettingsResult = "kSecTrustSettingsResult"
/// `kSecTrustSettingsApplication`: the application the constraint is for. macOS matches it against
/// the calling process's code signature, which no Linux process has: such a constraint is stored
/// (any value) and never matches.
public let kSecTrustSettingsApplication = "kSecTrustSettingsApplication"
/// `kSecTrustSettingsPolicyOptions` (SecTrustSettingsPriv.h): a `.dictionary` of extra policy
/// checks. Stored; a constraint carrying it never matches (SECTRUST.md §15.3.6).
public let kSecTrustSettingsPolicyOptions = "kSecTrustSettingsPolicyOptions"

/// Apple's `SecTrustSettingsResult` (`.invalid`, `.trustRoot`, `.trustAsRoot`, `.deny`, `.unspecified`).
public typealias SecTrustSettingsResult = TrustSettingsResult

/// `kSecTrustSettingsResultInvalid` (0): never stored; a setting with it is refused (`errSecParam`).
public let kSecTrustSettingsResultInvalid = SecTrustSettingsResult.invalid
/// `kSecTrustSettingsResultTrustRoot` (1): a self-signed certificate is an anchor.
public let kSecTrustSettingsResultTrustRoot = SecTrustSettingsResult.trustRoot
/// `kSecTrustSettingsResultTrustAsRoot` (2): a certificate that is not self-signed is an anchor.
public let kSecTrustSettingsResultTrustAsRoot = SecTrustSettingsResult.trustAsRoot
/// `kSecTrustSettingsResultDeny` (3): any chain through the certificate is denied.
public let kSecTrustSettingsResultDeny = SecTrustSettingsResult.deny
/// `kSecTrustSettingsResultUnspecified` (4): neither trusted nor denied.
public let kSecTrustSettingsResultUnspecified = SecTrustSettingsResult.unspecified

/// Apple's `SecTrustSettingsDomain` (`.user`, `.admin`, `.system`).
public typealias SecTrustSettingsDomain = TrustSettingsDomain

/// `kSecTrustSettingsDomainUser` (0): the user's settings, read unless the admin domain has an entry
/// for the same certificate.
public let kSecTrustSettingsDomainUser = SecTrustSettingsDomain.user
/// `kSecTrustSettingsDomainAdmin` (1): the administrator's settings; an entry here hides the user
/// domain's entry for the certificate whole (SECTRUST.md §15.3.2).
public let kSecTrustSettingsDomainAdmin = SecTrustSettingsDomain.admin
/// `kSecTrustSettingsDomainSystem` (2): the system's, read-only (`errSecReadOnly`); on Linux the
/// distribution's trust metadata of `SystemTrustStore.shared` (SECTRUST.md §15.6).
public let kSecTrustSettingsDomainSystem = SecTrustSettingsDomain.system

/// Apple's `SecTrustSettingsKeyUsage` (`CF_OPTIONS(uint32_t, …)`): the bits of
/// ``kSecTrustSettingsKeyUsage``.
public struct SecTrustSettingsKeyUsage: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt32

    /// Usage with the given bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `kSecTrustSettingsKeyUseSignature` (0x1).
    public static let useSignature = SecTrustSettingsKeyUsage(rawValue: 0x1)
    /// `kSecTrustSettingsKeyUseEnDecryptData` (0x2).
    public static let useEnDecryptData = SecTrustSettingsKeyUsage(rawValue: 0x2)
    /// `kSecTrustSettingsKeyUseEnDecryptKey` (0x4).
    public static let useEnDecryptKey = SecTrustSettingsKeyUsage(rawValue: 0x4)
    /// `kSecTrustSettingsKeyUseSignCert` (0x8): signing certificates, what a CA of the chain does.
    public static let useSignCert = SecTrustSettingsKeyUsage(rawValue: 0x8)
    /// `kSecTrustSettingsKeyUseSignRevocation` (0x10).
    public static let useSignRevocation = SecTrustSettingsKeyUsage(rawValue: 0x10)
    /// `kSecTrustSettingsKeyUseKeyExchange` (0x20).
    public static let useKeyExchange = SecTrustSettingsKeyUsage(rawValue: 0x20)
    /// `kSecTrustSettingsKeyUseAny` (0xFFFFFFFF): any use.
    public static let useAny = SecTrustSettingsKeyUsage(rawValue: 0xFFFF_FFFF)
}

/// `kSecTrustSettingsKeyUseSignature`.
public let kSecTrustSettingsKeyUseSignature = SecTrustSettingsKeyUsage.useSignature
/// `kSecTrustSettingsKeyUseEnDecryptData`.
public let kSecTrustSettingsKeyUseEnDecryptData = SecTrustSettingsKeyUsage.useEnDecryptData
/// `kSecTrustSettingsKeyUseEnDecryptKey`.
public let kSecTrustSettingsKeyUseEnDecryptKey = SecTrustSettingsKeyUsage.useEnDecryptKey
/// `kSecTrustSettingsKeyUseSignCert`.
public let kSecTrustSettingsKeyUseSignCert = SecTrustSettingsKeyUsage.useSignCert
/// `kSecTrustSettingsKeyUseSignRevocation`.
public let kSecTrustSettingsKeyUseSignRevocation = SecTrustSettingsKeyUsage.useSignRevocation
/// `kSecTrustSettingsKeyUseKeyExchange`.
public let kSecTrustSettingsKeyUseKeyExchange = SecTrustSettingsKeyUsage.useKeyExchange
/// `kSecTrustSettingsKeyUseAny`.
public let kSecTrustSettingsKeyUseAny = SecTrustSettingsKeyUsage.useAny

/// One value of a usage-constraint dictionary: what Apple's `CFDictionary` holds as a `CFString`,
/// `CFNumber`, `SecPolicyRef`, `CFData` or `CFDictionary`. String and integer literals make
/// `.string` and `.number`, so `[kSecTrustSettingsResult: 3]` reads as in Objective-C.
public enum SecTrustSettingsValue: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// A `CFString`.
    case string(String)
    /// A `CFNumber`.
    case number(Int64)
    /// A `SecPolicyRef` (for ``kSecTrustSettingsPolicy``).
    case policy(SecPolicy)
    /// A `CFData`.
    case data([UInt8])
    /// A `CFDictionary` (for ``kSecTrustSettingsPolicyOptions``).
    case dictionary([String: SecTrustSettingsValue])

    /// `.string(value)`.
    public init(stringLiteral value: String) { self = .string(value) }

    /// `.number(value)`.
    public init(integerLiteral value: Int64) { self = .number(value) }

    /// A result as Apple code writes it (`SecTrustSettingsResult.deny.rawValue as CFNumber`).
    public static func result(_ result: SecTrustSettingsResult) -> SecTrustSettingsValue { .number(Int64(result.rawValue)) }

    /// Key-usage bits as a number (`SecTrustSettingsKeyUsage.useSignCert.rawValue as CFNumber`).
    public static func keyUsage(_ usage: SecTrustSettingsKeyUsage) -> SecTrustSettingsValue { .number(Int64(usage.rawValue)) }
}

/// The trust settings the facade's functions change and its trusts read: user and admin entries
/// (with the dictionaries as stored, for the copy functions) and a generation that every change
/// raises, so that a ``SecTrust`` knows its last result is stale. One per process, as trustd's is
/// one per machine; every call holds its lock.
final class TrustSettingsStore: Sendable {
    private struct State: Sendable {
        var settings = TrustSettings()
        var dictionaries: [TrustSettingsDomain: [SecCertificate: [[String: SecTrustSettingsValue]]]] = [:]
        /// Unique in the process, across stores: a trust that read another store never takes
        /// this one's settings for those it holds.
        var generation = TrustSettingsStore.nextGeneration()
    }

    private static let generations = Atomic<UInt64>(0)

    private static func nextGeneration() -> UInt64 {
        generations.add(1, ordering: .relaxed).newValue
    }

    /// The process's store.
    static let shared = TrustSettingsStore()

    /// The store the facade's functions use: ``shared``. (Not a task-local: reading one links
    /// Swift Concurrency's runtime and libdispatch, 0.73 MB of the static binary; the tests that
    /// change it run one at a time and start from ``removeAll()``.)
    static var current: TrustSettingsStore { shared }

    private let state = Mutex(State())

    /// Empties every domain (a new generation).
    func removeAll() {
        state.withLock { state in
            state = State()
        }
    }

    /// The user and admin settings now, and the generation they are of.
    func snapshot() -> (settings: TrustSettings, generation: UInt64) {
        state.withLock { ($0.settings, $0.generation) }
    }

    /// Validates and stores (`SecTrustSettingsSetTrustSettings`, `_SecTrustStoreSetTrustSettings`):
    /// `errSecReadOnly` for the system domain, `errSecParam` for what Apple refuses (§15.2).
    func set(_ dictionaries: [[String: SecTrustSettingsValue]]?, for certificate: SecCertificate, in domain: TrustSettingsDomain) -> OSStatus {
        guard domain != .system else { return errSecReadOnly }
        var constraints: [TrustSettingsConstraint] = []
        var stored: [[String: SecTrustSettingsValue]] = []
        for dictionary in dictionaries ?? [] {
            guard let (constraint, normalized) = Self.constraint(from: dictionary) else { return errSecParam }
            constraints.append(constraint)
            stored.append(normalized)
        }
        return state.withLock { (state: inout State) -> OSStatus in
            do throws(TrustSettingsError) {
                try state.settings.setConstraints(constraints, for: certificate.certificate, in: domain)
            } catch {
                return error.status.code
            }
            state.dictionaries[domain, default: [:]][certificate] = stored
            state.generation = Self.nextGeneration()
            return errSecSuccess
        }
    }

    /// The stored dictionaries of `certificate` in `domain` (the system domain's made from the
    /// machine store's trust metadata), `nil` when it has none.
    func dictionaries(for certificate: SecCertificate, in domain: TrustSettingsDomain) -> [[String: SecTrustSettingsValue]]? {
        if domain == .system {
            return SystemTrustStore.shared.trustSettings.constraints(for: certificate.certificate, in: .system)?.map(Self.dictionary(from:))
        }
        return state.withLock { $0.dictionaries[domain]?[certificate] }
    }

    /// The certificates with settings in `domain`, in the order first set (the system domain: the
    /// machine store's roots).
    func certificates(in domain: TrustSettingsDomain) -> [SecCertificate] {
        if domain == .system { return SystemTrustStore.shared.certificates.map(SecCertificate.init) }
        return state.withLock { $0.settings.entries(in: domain).map { SecCertificate($0.certificate) } }
    }

    /// Removes the entry of `certificate` from `domain`: `errSecReadOnly` for the system domain,
    /// `errSecItemNotFound` when there is none.
    func remove(_ certificate: SecCertificate, from domain: TrustSettingsDomain) -> OSStatus {
        guard domain != .system else { return errSecReadOnly }
        return state.withLock { (state: inout State) -> OSStatus in
            guard state.settings.removeConstraints(for: certificate.certificate, in: domain) else { return errSecItemNotFound }
            state.dictionaries[domain]?[certificate] = nil
            state.generation = Self.nextGeneration()
            return errSecSuccess
        }
    }

    /// Apple's per-constraint checks (`validateConstraint` in SecTrustStore.c,
    /// `TrustSettings::validateApiTrustSettings`, SECTRUST.md §15.2 rule 5): each known key with a
    /// value of the right type, a result within 1–4. Returns the constraint and the dictionary as
    /// stored (a policy as its compatibility OID and name, unknown keys dropped); `nil` for
    /// `errSecParam`. Rules 1–3 (which result on which certificate) are VouchTrust's.
    static func constraint(from dictionary: [String: SecTrustSettingsValue]) -> (TrustSettingsConstraint, [String: SecTrustSettingsValue])? {
        var keys: [String: TrustSettingsConstraint.Value] = [:]
        for (key, value) in dictionary {
            switch value {
            case .string(let text): keys[key] = .string(text)
            case .number(let number): keys[key] = .integer(number)
            case .data(let octets): keys[key] = .data(octets)
            case .policy(let policy): keys[key] = .policy(policy.trustSettingsOID, name: policy.trustSettingsName)
            case .dictionary: keys[key] = .dictionary
            }
        }
        guard let constraint = try? TrustSettingsConstraint(reading: keys) else { return nil }
        // Stored as read (a policy as its OID and name), the application and options as given.
        var stored = Self.dictionary(from: constraint)
        if let application = dictionary[kSecTrustSettingsApplication] { stored[kSecTrustSettingsApplication] = application }
        if let options = dictionary[kSecTrustSettingsPolicyOptions] { stored[kSecTrustSettingsPolicyOptions] = options }
        return (constraint, stored)
    }

    /// A constraint as a stored dictionary (for the system domain's, which come from trust
    /// metadata rather than from dictionaries).
    static func dictionary(from constraint: TrustSettingsConstraint) -> [String: SecTrustSettingsValue] {
        var dictionary: [String: SecTrustSettingsValue] = [:]
        if let policy = constraint.policy { dictionary[kSecTrustSettingsPolicy] = .string(policy.dotted) }
        if let name = constraint.policyName { dictionary[kSecTrustSettingsPolicyName] = .string(name) }
        if let string = constraint.policyString { dictionary[kSecTrustSettingsPolicyString] = .string(string) }
        if let usage = constraint.keyUsage { dictionary[kSecTrustSettingsKeyUsage] = .number(usage) }
        if let code = constraint.allowedError { dictionary[kSecTrustSettingsAllowedError] = .number(Int64(code)) }
        if let result = constraint.result { dictionary[kSecTrustSettingsResult] = .result(result) }
        if constraint.namesApplication { dictionary[kSecTrustSettingsApplication] = .data([]) }
        if constraint.hasPolicyOptions { dictionary[kSecTrustSettingsPolicyOptions] = .dictionary([:]) }
        return dictionary
    }
}

extension SecPolicy {
    /// `SecPolicyGetCompatibilityOidString`: the OID a trust setting stores for this policy.
    var trustSettingsOID: OID { policy.compatibilityOID }

    /// `SecPolicyGetName`: `basicX509`, `sslServer`, `sslClient` or `revocation`.
    var trustSettingsName: String { policy.appleName }
}

// MARK: - macOS: SecTrustSettings.h

/// `SecTrustSettingsSetTrustSettings`: replaces the trust settings of `certRef` in `domain` with
/// the usage constraints of `trustSettingsDictOrArray`, in order; `nil` (or an empty array) means
/// "always trust as a root", which Apple stores only for a self-signed certificate.
///
/// Returns `errSecSuccess`; `errSecReadOnly` for the system domain; `errSecParam` for what Apple
/// refuses (SECTRUST.md §15.2): no constraints or a constraint without a result on a certificate
/// that is not self-signed, TrustRoot on one that is not, TrustAsRoot on one that is, a result
/// outside 1–4, a value of the wrong type for its key. A refused setting changes nothing. The next
/// evaluation of every ``SecTrust`` reads the new settings.
@discardableResult
public func SecTrustSettingsSetTrustSettings(
    _ certRef: SecCertificate, _ domain: SecTrustSettingsDomain, _ trustSettingsDictOrArray: [[String: SecTrustSettingsValue]]?
) -> OSStatus {
    TrustSettingsStore.current.set(trustSettingsDictOrArray, for: certRef, in: domain)
}

/// `SecTrustSettingsSetTrustSettings` with a single usage-constraint dictionary, which macOS takes
/// as a one-element array.
@discardableResult
public func SecTrustSettingsSetTrustSettings(
    _ certRef: SecCertificate, _ domain: SecTrustSettingsDomain, _ trustSettingsDictOrArray: [String: SecTrustSettingsValue]
) -> OSStatus {
    TrustSettingsStore.current.set([trustSettingsDictOrArray], for: certRef, in: domain)
}

/// `SecTrustSettingsCopyTrustSettings`: the usage constraints of `certRef` in `domain` as stored
/// (an empty array for "always trust"), or `errSecItemNotFound` and `nil` when the domain has no
/// entry for it. A policy comes back as its compatibility OID (a dotted `.string`) and
/// ``kSecTrustSettingsPolicyName``, the form trustd stores, where macOS would make a `SecPolicyRef`
/// again; either form can be set again. The system domain's are the machine store's trust metadata.
public func SecTrustSettingsCopyTrustSettings(
    _ certRef: SecCertificate, _ domain: SecTrustSettingsDomain, _ trustSettings: UnsafeMutablePointer<[[String: SecTrustSettingsValue]]?>
) -> OSStatus {
    trustSettings.pointee = TrustSettingsStore.current.dictionaries(for: certRef, in: domain)
    return trustSettings.pointee == nil ? errSecItemNotFound : errSecSuccess
}

/// `SecTrustSettingsRemoveTrustSettings`: removes the entry of `certRef` from `domain`;
/// `errSecItemNotFound` when there is none, `errSecReadOnly` for the system domain.
@discardableResult
public func SecTrustSettingsRemoveTrustSettings(_ certRef: SecCertificate, _ domain: SecTrustSettingsDomain) -> OSStatus {
    TrustSettingsStore.current.remove(certRef, from: domain)
}

/// `SecTrustSettingsCopyCertificates`: the certificates with settings in `domain` (the system
/// domain: the machine store's roots), or `errSecNoTrustSettings` and `nil` when there are none.
public func SecTrustSettingsCopyCertificates(_ domain: SecTrustSettingsDomain, _ certArray: UnsafeMutablePointer<[SecCertificate]?>?) -> OSStatus {
    let certificates = TrustSettingsStore.current.certificates(in: domain)
    certArray?.pointee = certificates.isEmpty ? nil : certificates
    return certificates.isEmpty ? errSecNoTrustSettings : errSecSuccess
}

// MARK: - iOS: SecTrustStore.h

/// `SecTrustStoreDomain` (iOS).
public typealias SecTrustStoreDomain = UInt32

/// `kSecTrustStoreDomainSystem` (1): not writable; ``SecTrustStoreForDomain(_:)`` gives no store for it.
public let kSecTrustStoreDomainSystem: SecTrustStoreDomain = 1
/// `kSecTrustStoreDomainUser` (2): the user trust store, the one ``SecTrustStoreForDomain(_:)`` gives.
public let kSecTrustStoreDomainUser: SecTrustStoreDomain = 2
/// `kSecTrustStoreDomainAdmin` (3): ``SecTrustStoreForDomain(_:)`` gives no store for it, as
/// SecTrustStore.c before trustd's admin store.
public let kSecTrustStoreDomainAdmin: SecTrustStoreDomain = 3

/// `SecTrustStoreRef`: a handle on the user trust store, which is the user domain of the store
/// `SecTrustSettingsSetTrustSettings` changes.
public final class SecTrustStore: Hashable, Sendable {
    /// The trust-settings domain the store is.
    public let domain: SecTrustSettingsDomain

    init(domain: SecTrustSettingsDomain) { self.domain = domain }

    /// Whether the two are the same domain's store.
    public static func == (lhs: SecTrustStore, rhs: SecTrustStore) -> Bool { lhs.domain == rhs.domain }

    /// Hashes the domain.
    public func hash(into hasher: inout Hasher) { hasher.combine(domain) }
}

/// `SecTrustStoreForDomain`: the user trust store for ``kSecTrustStoreDomainUser``, `nil` for any
/// other domain (as SecTrustStore.c does).
public func SecTrustStoreForDomain(_ domain: SecTrustStoreDomain) -> SecTrustStore? {
    domain == kSecTrustStoreDomainUser ? SecTrustStore(domain: .user) : nil
}

/// `SecTrustStoreContains`: whether the store has an entry for `certificate`, whatever its settings.
public func SecTrustStoreContains(_ ts: SecTrustStore, _ certificate: SecCertificate) -> Bool {
    TrustSettingsStore.current.dictionaries(for: certificate, in: ts.domain) != nil
}

/// `SecTrustStoreSetTrustSettings`: `SecTrustSettingsSetTrustSettings`
/// in the store's domain, with iOS's quirk: `nil` stores "always trust" (`[]`), but an empty array
/// is refused (`errSecParam`, SECTRUST.md §15.2 rule 5).
@discardableResult
public func SecTrustStoreSetTrustSettings(
    _ ts: SecTrustStore, _ certificate: SecCertificate, _ trustSettingsDictOrArray: [[String: SecTrustSettingsValue]]?
) -> OSStatus {
    if let array = trustSettingsDictOrArray, array.isEmpty { return errSecParam }
    return TrustSettingsStore.current.set(trustSettingsDictOrArray, for: certificate, in: ts.domain)
}

/// `SecTrustStoreSetTrustSettings` with a single usage-constraint dictionary (a one-element array).
@discardableResult
public func SecTrustStoreSetTrustSettings(
    _ ts: SecTrustStore, _ certificate: SecCertificate, _ trustSettingsDictOrArray: [String: SecTrustSettingsValue]
) -> OSStatus {
    TrustSettingsStore.current.set([trustSettingsDictOrArray], for: certificate, in: ts.domain)
}

/// `SecTrustStoreRemoveCertificate`: removes the certificate's entry from the store;
/// `errSecSuccess` whether or not it had one (trustd deletes the row if there is one).
@discardableResult
public func SecTrustStoreRemoveCertificate(_ ts: SecTrustStore, _ certificate: SecCertificate) -> OSStatus {
    let status = TrustSettingsStore.current.remove(certificate, from: ts.domain)
    return status == errSecItemNotFound ? errSecSuccess : status
}

/// `SecTrustStoreCopyUsageConstraints`: the certificate's usage constraints as stored, `nil` (and
/// `errSecSuccess`) when the store has no entry for it.
public func SecTrustStoreCopyUsageConstraints(
    _ ts: SecTrustStore, _ certificate: SecCertificate, _ usageConstraints: UnsafeMutablePointer<[[String: SecTrustSettingsValue]]?>
) -> OSStatus {
    usageConstraints.pointee = TrustSettingsStore.current.dictionaries(for: certificate, in: ts.domain)
    return errSecSuccess
}
