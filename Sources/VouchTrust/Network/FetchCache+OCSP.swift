import VouchCrypto
import VouchDER

// The OCSP cache (`SecOCSPCache.c`): responses filed under each single response's CertID.
extension FetchCache {
    /// The responses filed under `key`, highest expiry first (then latest inserted), with no expiry
    /// filter: Apple's `selectResponseSQL` (`ORDER BY expires DESC`), whose results are judged when
    /// consumed (§16.6). Apple recomputes the CertID for each hash algorithm stored for the serial
    /// number; the caller does the same by asking once per algorithm it can compute, or with
    /// ``ocspEntries(forAnyOf:)``. `kSecRevocationOnlineCheck` keeps only `inserted > now − 300`.
    public func ocspEntries(for key: OCSPCacheKey) -> [OCSPCacheEntry] {
        guard key.isWithinBounds else { return [] }
        var entries: [OCSPCacheEntry] = []
        for name in indexedResponses(of: key) {
            if let stored = ocspResponse(named: name), stored.keys.contains(key) { entries.append(stored.entry) }
        }
        return entries.sorted { ($0.expiry, $0.inserted) > ($1.expiry, $1.inserted) }
    }

    /// The responses filed under any of `keys` (the same CertID under several hash algorithms),
    /// each once, highest expiry first.
    public func ocspEntries(forAnyOf keys: [OCSPCacheKey]) -> [OCSPCacheEntry] {
        var seen: Set<[UInt8]> = []
        return keys.flatMap { ocspEntries(for: $0) }
            .filter { seen.insert($0.response).inserted }
            .sorted { ($0.expiry, $0.inserted) > ($1.expiry, $1.inserted) }
    }

    /// Stores an accepted network response under each of its single responses' CertIDs; then, as
    /// Apple's `_SecOCSPCacheReplaceResponse`, deletes the entry it supersedes and every entry whose
    /// expiry is before `now` unless revoked (`expireSQL`: `expires<?`, revoked rows excepted).
    ///
    /// Keys beyond ``FetchCacheLimits/maximumKeysPerResponse`` are not indexed (put the one
    /// requested first); a response over ``FetchCacheLimits/maximumPayloadBytes`` is not stored.
    /// The write is dropped when another writer holds the cache for more than 100 ms. More than
    /// ``FetchCacheLimits/maximumEntries`` responses evict the oldest-inserted, revoked included.
    ///
    /// - Parameters:
    ///   - response: the response's DER.
    ///   - keys: the CertIDs of its single responses.
    ///   - expiry: when it stops being fresh (Apple's `SecOCSPResponseCalculateValidity`).
    ///   - isRevoked: whether any of its answers is revoked (kept past expiry and by a flush).
    ///   - now: the insertion time.
    ///   - replacing: the cached entry this response supersedes (Apple passes the response the
    ///     revocation check held, `rvc->ocspResponse`, which the cache deletes with every key's
    ///     link to it). Without it the write adds: a key may name several responses, at most
    ///     ``FetchCacheLimits/maximumResponsesPerKey`` (oldest dropped). The same octets stored
    ///     again are one entry, with the new times and the keys of both writes.
    public func storeOCSP(
        response: [UInt8], keys: [OCSPCacheKey], expiry: Int64, isRevoked: Bool, now: Int64,
        replacing: OCSPCacheEntry? = nil
    ) {
        var filed: [OCSPCacheKey] = []
        for key in keys where key.isWithinBounds && !filed.contains(key) && filed.count < FetchCacheLimits.maximumKeysPerResponse {
            filed.append(key)
        }
        guard !response.isEmpty, response.count <= FetchCacheLimits.maximumPayloadBytes, !filed.isEmpty,
            FetchCacheDirectory.makeDirectories(ocspResponsesDirectory),
            FetchCacheDirectory.makeDirectories(ocspKeysDirectory)
        else { return }
        let entry = OCSPCacheEntry(response: response, expiry: expiry, inserted: now, isRevoked: isRevoked)
        let name = OCSPResponseFileName(entry)
        let replaced = replacing.map { Hex.encode(SHA256.digest($0.response)) }
        _ = FetchCacheLock.withLock(on: ocspDirectory, wait: true) {
            var orphaned: [OCSPCacheKey] = []
            var listing: [OCSPResponseFileName] = []
            for other in responseNames() {
                if other.digest == name.digest {
                    // The same octets, stored before: their keys stay reachable from the new file.
                    for key in removeResponse(other) where !filed.contains(key) && filed.count < FetchCacheLimits.maximumKeysPerResponse {
                        filed.append(key)
                    }
                } else if other.digest == replaced {
                    orphaned += removeResponse(other)
                } else {
                    listing.append(other)
                }
            }
            let file = FetchCacheFile.ocspResponse(keys: filed, entry: entry)
            guard FetchCacheDirectory.writeAtomically(file.encoded, to: responsePath(name), directory: ocspResponsesDirectory)
            else { return }
            for key in filed { updateIndex(of: key, adding: name) }
            orphaned += expireAndEvict(listing + [name], now: now)
            for key in Set(orphaned) where !filed.contains(key) { updateIndex(of: key, adding: nil) }
        }
    }

    /// Removes every response that is not revoked (a flush), or with `now`, those expired before
    /// it and not revoked; then the oldest-inserted over ``FetchCacheLimits/maximumEntries``; and
    /// drops their names from the indexes. Under the lock, except for a flush that could not take it.
    func sweepOCSP(now: Int64?) {
        let orphaned = expireAndEvict(responseNames(), now: now)
        for key in Set(orphaned) { updateIndex(of: key, adding: nil) }
    }

    /// The expiry and eviction of ``sweepOCSP(now:)`` over `names`; the keys of the removed responses.
    private func expireAndEvict(_ names: [OCSPResponseFileName], now: Int64?) -> [OCSPCacheKey] {
        var orphaned: [OCSPCacheKey] = []
        var live: [OCSPResponseFileName] = []
        for name in names {
            let isDead = name.isRevoked ? false : now.map { name.expiry < $0 } ?? true
            if isDead { orphaned += removeResponse(name) } else { live.append(name) }
        }
        guard live.count > FetchCacheLimits.maximumEntries else { return orphaned }
        // Rare (once per 512 writes at the bound): the insertion times are inside the files.
        var inserted: [(time: Int64, name: String)] = []
        for name in live {
            let time: Int64? = readEntry(responsePath(name), checkingDigest: false) { file in
                guard case .ocspResponse(_, let entry) = file else { return nil }
                return entry.inserted
            }
            inserted.append((time ?? .min, name.text))
        }
        for victim in evictOldest(inserted, in: ocspResponsesDirectory, removing: false) {
            if let name = OCSPResponseFileName(victim) { orphaned += removeResponse(name) }
        }
        return orphaned
    }

    /// Rewrites the index of `key`: adds `name` last (if any), drops the names whose file is gone
    /// and the oldest beyond ``FetchCacheLimits/maximumResponsesPerKey``; removes an index left
    /// empty. Under the lock.
    private func updateIndex(of key: OCSPCacheKey, adding name: OCSPResponseFileName?) {
        let path = ocspKeysDirectory + "/" + Self.name(key.encoded)
        var names = indexedResponses(of: key)
        names.removeAll { $0 == name || !FetchCacheDirectory.exists(responsePath($0)) }
        if let name { names.append(name) }
        names.removeFirst(max(0, names.count - FetchCacheLimits.maximumResponsesPerKey))
        if names.isEmpty {
            FetchCacheDirectory.remove(path)
        } else {
            let file = FetchCacheFile.ocspKeyIndex(key: key, responses: names)
            _ = FetchCacheDirectory.writeAtomically(file.encoded, to: path, directory: ocspKeysDirectory)
        }
    }

    /// The response names the index of `key` holds (none when it is absent or foreign).
    private func indexedResponses(of key: OCSPCacheKey) -> [OCSPResponseFileName] {
        readEntry(ocspKeysDirectory + "/" + Self.name(key.encoded)) { file in
            guard case .ocspKeyIndex(let stored, let responses) = file, stored == key else { return nil }
            return responses
        } ?? []
    }

    /// The response files present, by name; other names (and stale temporaries, removed) skipped.
    private func responseNames() -> [OCSPResponseFileName] {
        FetchCacheDirectory.entryNames(in: ocspResponsesDirectory, removingStaleTemporariesAt: Clock.now).compactMap(OCSPResponseFileName.init)
    }

    /// Removes the response file `name`; the keys it was filed under (read first, unchecked: they
    /// only say which indexes to rewrite).
    private func removeResponse(_ name: OCSPResponseFileName) -> [OCSPCacheKey] {
        let keys: [OCSPCacheKey]? = readEntry(responsePath(name), checkingDigest: false) { file in
            guard case .ocspResponse(let keys, _) = file else { return nil }
            return keys
        }
        FetchCacheDirectory.remove(responsePath(name))
        return keys ?? []
    }

    /// The path of the response file `name`.
    func responsePath(_ name: OCSPResponseFileName) -> String { ocspResponsesDirectory + "/" + name.text }

    /// The response file `name`, if it decodes and is what its name says (its octets' SHA-256,
    /// expiry and status); otherwise `nil`, and an existing file is removed.
    private func ocspResponse(named name: OCSPResponseFileName) -> (keys: [OCSPCacheKey], entry: OCSPCacheEntry)? {
        readEntry(responsePath(name)) { file in
            guard case .ocspResponse(let keys, let entry) = file, OCSPResponseFileName(entry) == name else { return nil }
            return (keys, entry)
        }
    }
}
