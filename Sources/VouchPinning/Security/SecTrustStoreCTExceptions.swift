import Synchronization
import VouchPropertyList
import VouchTrust

/// `kSecCTExceptionsDomainsKey`: the array of domains exempt from CT (a leading dot covers
/// subdomains).
public let kSecCTExceptionsDomainsKey = "DisabledForDomains"
/// `kSecCTExceptionsCAsKey`: the array of keys exempt from CT, each a dictionary of
/// `kSecCTExceptionsHashAlgorithmKey` ("sha256") and `kSecCTExceptionsSPKIHashKey`.
public let kSecCTExceptionsCAsKey = "DisabledForCAs"
/// `kSecCTExceptionsHashAlgorithmKey` (`kSecTrustStoreHashAlgorithmKey`).
public let kSecCTExceptionsHashAlgorithmKey = "HashAlgorithm"
/// `kSecCTExceptionsSPKIHashKey` (`kSecTrustStoreSPKIHashKey`): the SHA-256 of a
/// SubjectPublicKeyInfo.
public let kSecCTExceptionsSPKIHashKey = "SubjectPublicKeyInfoHash"

/// The application identifier trustd files exceptions under when the caller names none (its
/// TrustTests' own).
let defaultCTExceptionsApplication = "com.apple.trusttests"

/// `SecTrustStoreSetCTExceptions` (SECTRUST.md §18.3; trustd's `_SecTrustStoreSetCTExceptions`,
/// trust/trustd/SecTrustStoreServer.m): stores `exceptions` for `applicationIdentifier`, for every
/// later evaluation of this process (Vouch has no daemon; the store lives as long as the process).
/// Each key given replaces that application's list (an empty list removes it); `nil` removes the
/// application's exceptions. Refused (`false`) as trustd refuses them: an unknown key, a value
/// that is not an array, a domain that is not a string or is a top-level domain, a CA entry that is
/// not exactly `{HashAlgorithm: "sha256", SubjectPublicKeyInfoHash: data}`. Evaluations
/// combine every application's exceptions, as trustd does.
@discardableResult
public func SecTrustStoreSetCTExceptions(_ applicationIdentifier: String?, _ exceptions: [String: PropertyList]?) -> Bool {
    CTExceptionsStore.shared.set(exceptions, for: applicationIdentifier ?? defaultCTExceptionsApplication)
}

/// `SecTrustStoreCopyCTExceptions`: the exceptions of `applicationIdentifier`, or of every
/// application combined when it is `nil`; `nil` when there are none.
public func SecTrustStoreCopyCTExceptions(_ applicationIdentifier: String?) -> [String: PropertyList]? {
    CTExceptionsStore.shared.copy(applicationIdentifier)
}

/// The process's CT exceptions, per application, with a generation that changes on every store.
final class CTExceptionsStore: Sendable {
    struct State {
        var byApplication: [String: [String: PropertyList]] = [:]
        var generation: UInt64 = 0
    }

    static let shared = CTExceptionsStore()
    private let state = Mutex(State())

    /// trustd's `checkDomainsValuesCompliance` and `checkCAsValuesCompliance`.
    static func isCompliant(_ key: String, _ element: PropertyList) -> Bool {
        switch key {
        case kSecCTExceptionsDomainsKey:
            guard let domain = element.stringValue else { return false }
            return !CertificateTransparencyExceptions.isTopLevelDomain(domain)
        case kSecCTExceptionsCAsKey:
            guard let entry = element.dictionaryValue, entry.count == 2,
                entry[kSecCTExceptionsHashAlgorithmKey]?.stringValue == "sha256", entry[kSecCTExceptionsSPKIHashKey]?.dataValue != nil
            else { return false }
            return true
        default:
            return false
        }
    }

    func set(_ exceptions: [String: PropertyList]?, for application: String) -> Bool {
        guard let exceptions else {
            state.withLock { state in
                state.byApplication[application] = nil
                state.generation += 1
            }
            return true
        }
        for (key, value) in exceptions {
            guard key == kSecCTExceptionsDomainsKey || key == kSecCTExceptionsCAsKey, let elements = value.arrayValue,
                elements.allSatisfy({ Self.isCompliant(key, $0) })
            else { return false }
        }
        state.withLock { state in
            var stored = state.byApplication[application] ?? [:]
            for (key, value) in exceptions {
                stored[key] = value.arrayValue?.isEmpty == true ? nil : value
            }
            state.byApplication[application] = stored.isEmpty ? nil : stored
            state.generation += 1
        }
        return true
    }

    func copy(_ application: String?) -> [String: PropertyList]? {
        state.withLock { state in
            if let application { return state.byApplication[application] }
            return Self.combined(state.byApplication)
        }
    }

    /// Every application's lists, concatenated (`combineAllCTExceptions`).
    static func combined(_ byApplication: [String: [String: PropertyList]]) -> [String: PropertyList]? {
        var domains: [PropertyList] = []
        var cas: [PropertyList] = []
        for application in byApplication.keys.sorted() {
            domains += byApplication[application]?[kSecCTExceptionsDomainsKey]?.arrayValue ?? []
            cas += byApplication[application]?[kSecCTExceptionsCAsKey]?.arrayValue ?? []
        }
        var combined: [String: PropertyList] = [:]
        if !domains.isEmpty { combined[kSecCTExceptionsDomainsKey] = .array(domains) }
        if !cas.isEmpty { combined[kSecCTExceptionsCAsKey] = .array(cas) }
        return combined.isEmpty ? nil : combined
    }

    /// The exceptions every evaluation applies now and the generation they are of, or `nil` when
    /// the store is still at `generation` (nothing is combined then: this is asked on every facade
    /// evaluation).
    func snapshot(after generation: UInt64) -> (exceptions: CertificateTransparencyExceptions?, generation: UInt64)? {
        state.withLock { state in
            guard state.generation != generation else { return nil }
            guard let combined = Self.combined(state.byApplication) else { return (nil, state.generation) }
            let domains = combined[kSecCTExceptionsDomainsKey]?.arrayValue?.compactMap(\.stringValue) ?? []
            let keys = combined[kSecCTExceptionsCAsKey]?.arrayValue?.compactMap { $0.dictionaryValue?[kSecCTExceptionsSPKIHashKey]?.dataValue } ?? []
            return (CertificateTransparencyExceptions(domains: domains, keys: keys), state.generation)
        }
    }
}
