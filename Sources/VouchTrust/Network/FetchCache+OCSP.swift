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
        let indexed: [[UInt8]]? = readEntry(ocspKeysDirectory + "/" + Self.name(key.encoded)) { file in
            guard case .ocspKeyIndex(let stored, let responses) = file, stored == key else { return nil }
            return responses
        }
        var entries: [OCSPCacheEntry] = []
        for response in indexed ?? [] {
            if let entry = ocspResponse(named: Hex.encode(response)), entry.keys.contains(key) {
                entries.append(entry.entry)
            }
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

    /// Stores an accepted network response under each of its single responses' `keys`, with its
    /// `expiry`, whether any of them `isRevoked`, and `now` as insertion time; then, as Apple's
    /// `_SecOCSPCacheReplaceResponse`, deletes the entry it supersedes and every entry whose expiry
    /// is before `now` unless revoked (`expireSQL`: `expires<?`, revoked rows excepted).
    ///
    /// - Parameter replacing: the cached entry this response supersedes (Apple passes the
    ///   response the revocation check held, `rvc->ocspResponse`, which the cache deletes with
    ///   every key's link to it). Without it the write adds: a key may name several responses,
    ///   at most ``FetchCacheLimits/maximumResponsesPerKey`` (oldest dropped).
    ///
    /// Keys beyond ``FetchCacheLimits/maximumKeysPerResponse`` are not indexed (put the one
    /// requested first); a response over ``FetchCacheLimits/maximumPayloadBytes`` is not stored.
    /// The write is dropped when another writer holds the cache for more than 100 ms. More than
    /// ``FetchCacheLimits/maximumEntries`` responses evict the oldest-inserted, revoked included.
    public func storeOCSP(
        response: [UInt8], keys: [OCSPCacheKey], expiry: Int64, isRevoked: Bool, now: Int64,
        replacing: OCSPCacheEntry? = nil
    ) {
        var unique: [OCSPCacheKey] = []
        for key in keys where key.isWithinBounds && !unique.contains(key)
            && unique.count < FetchCacheLimits.maximumKeysPerResponse
        {
            unique.append(key)
        }
        guard !response.isEmpty, response.count <= FetchCacheLimits.maximumPayloadBytes, !unique.isEmpty,
            FetchCacheDirectory.makeDirectories(ocspResponsesDirectory),
            FetchCacheDirectory.makeDirectories(ocspKeysDirectory)
        else { return }
        _ = FetchCacheLock.withLock(on: ocspDirectory, wait: true) {
            let name = SHA256.digest(response)
            let nameText = Hex.encode(name)
            var replaced: [UInt8]? = nil
            if let replacing, replacing.response != response {
                let old = SHA256.digest(replacing.response)
                FetchCacheDirectory.remove(ocspResponsesDirectory + "/" + Hex.encode(old))
                replaced = Array(old)
            }
            // The same octets stored earlier under other keys stay reachable from those.
            var filed = unique
            for key in ocspResponse(named: nameText)?.keys ?? [] where !filed.contains(key) {
                if filed.count < FetchCacheLimits.maximumKeysPerResponse { filed.append(key) }
            }
            let entry = OCSPCacheEntry(response: response, expiry: expiry, inserted: now, isRevoked: isRevoked)
            let file = FetchCacheFile.ocspResponse(keys: filed, entry: entry)
            guard FetchCacheDirectory.writeAtomically(
                file.encoded, to: ocspResponsesDirectory + "/" + nameText, directory: ocspResponsesDirectory)
            else { return }
            for key in unique { index(Array(name), under: key, dropping: replaced) }
            sweepOCSP(now: now, removedAny: replaced != nil)
        }
    }

    /// Adds `response` last to the index of `key`, dropping `dropped`, names whose response file
    /// is gone, and the oldest beyond ``FetchCacheLimits/maximumResponsesPerKey``. Under the lock.
    private func index(_ response: [UInt8], under key: OCSPCacheKey, dropping dropped: [UInt8]?) {
        let path = ocspKeysDirectory + "/" + Self.name(key.encoded)
        var names: [[UInt8]] = readEntry(path) { file in
            guard case .ocspKeyIndex(let stored, let responses) = file, stored == key else { return nil }
            return responses
        } ?? []
        names.removeAll { name in
            name == response || name == dropped
                || !FetchCacheDirectory.exists(ocspResponsesDirectory + "/" + Hex.encode(name))
        }
        names.append(response)
        names.removeFirst(max(0, names.count - FetchCacheLimits.maximumResponsesPerKey))
        let file = FetchCacheFile.ocspKeyIndex(key: key, responses: names)
        _ = FetchCacheDirectory.writeAtomically(file.encoded, to: path, directory: ocspKeysDirectory)
    }

    /// Reads every response: removes those expired before `now` that are not revoked (with `now`
    /// nil: every one not revoked, a flush), then the oldest-inserted over the bound; when any
    /// response went (`removedAny` says one went before), removes the indexes that name none left.
    /// Under the lock, except for a flush that could not take it.
    func sweepOCSP(now: Int64?, removedAny: Bool) {
        var removed = removedAny
        var live: [(time: Int64, name: String)] = []
        let responses = FetchCacheDirectory.entryNames(in: ocspResponsesDirectory, removingStaleTemporariesAt: Clock.now)
        for name in responses {
            let found: OCSPCacheEntry? = readEntry(ocspResponsesDirectory + "/" + name, checkingDigest: false) { file in
                guard case .ocspResponse(_, let entry) = file else { return nil }
                return entry
            }
            guard let entry = found else {
                removed = true
                continue
            }
            let isDead: Bool
            if let now { isDead = entry.expiry < now && !entry.isRevoked } else { isDead = !entry.isRevoked }
            if isDead {
                FetchCacheDirectory.remove(ocspResponsesDirectory + "/" + name)
                removed = true
            } else {
                live.append((entry.inserted, name))
            }
        }
        let evicted = evictOldest(live, in: ocspResponsesDirectory)
        guard removed || !evicted.isEmpty else { return }
        let kept = Set(live.map(\.name)).subtracting(evicted)
        for name in FetchCacheDirectory.entryNames(in: ocspKeysDirectory, removingStaleTemporariesAt: Clock.now) {
            let path = ocspKeysDirectory + "/" + name
            let isUseful: Bool? = readEntry(path, checkingDigest: false) { file in
                guard case .ocspKeyIndex(_, let responses) = file else { return nil }
                return responses.contains { kept.contains(Hex.encode($0)) }
            }
            if isUseful == false { FetchCacheDirectory.remove(path) }
        }
    }

    /// The response file `name` (hex SHA-256 of the response), if it decodes and its response
    /// hashes to its name; otherwise `nil`, and an existing file is removed.
    private func ocspResponse(named name: String) -> (keys: [OCSPCacheKey], entry: OCSPCacheEntry)? {
        readEntry(ocspResponsesDirectory + "/" + name) { file in
            guard case .ocspResponse(let keys, let entry) = file, Self.name(entry.response) == name else { return nil }
            return (keys, entry)
        }
    }
}
