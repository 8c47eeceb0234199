import VouchCrypto
import VouchDER

/// The contents of one cache file, and its DER form (the grammar is at the top of
/// FetchCache.swift). Decoding is strict and bounded: any deviation makes the file foreign.
enum FetchCacheFile: Equatable {
    /// A caIssuers response, filed under its URI.
    case caIssuers(uri: [UInt8], entry: CAIssuersEntry)
    /// An OCSP response and the keys it is filed under.
    case ocspResponse(keys: [OCSPCacheKey], entry: OCSPCacheEntry)
    /// The responses (their file names, oldest first) filed under one key.
    case ocspKeyIndex(key: OCSPCacheKey, responses: [OCSPResponseFileName])

    /// The format's version: files with another are foreign (a later Vouch rebuilds its entries).
    static let version: Int64 = 1

    private static let caIssuersTag = DERTag.contextSpecific(0, constructed: true)
    private static let ocspResponseTag = DERTag.contextSpecific(1, constructed: true)
    private static let ocspKeyIndexTag = DERTag.contextSpecific(2, constructed: true)

    /// The file's octets: `SEQUENCE { version, entry, SHA-256 of the entry's DER }`.
    var encoded: [UInt8] {
        let entry = entryEncoding
        var writer = DERWriter()
        writer.writeElement(.sequence) { file in
            file.writeInteger(Self.version)
            file.writeEncoded(entry)
            file.writeElement(.octetString, content: SHA256.digest(entry))
        }
        return writer.bytes
    }

    /// The DER of the entry CHOICE alone.
    private var entryEncoding: [UInt8] {
        var writer = DERWriter()
        switch self {
        case .caIssuers(let uri, let entry):
            writer.writeElement(Self.caIssuersTag) { body in
                body.writeElement(.octetString, content: uri)
                body.writeInteger(entry.expiry)
                body.writeInteger(entry.inserted)
                body.writeElement(.sequence) { list in
                    for certificate in entry.certificates { list.writeElement(.octetString, content: certificate) }
                }
            }
        case .ocspResponse(let keys, let entry):
            writer.writeElement(Self.ocspResponseTag) { body in
                body.writeElement(.sequence) { list in for key in keys { list.writeKey(key) } }
                body.writeInteger(entry.expiry)
                body.writeInteger(entry.inserted)
                body.writeElement(.boolean, content: [entry.isRevoked ? 0xFF : 0x00])
                body.writeElement(.octetString, content: entry.response)
            }
        case .ocspKeyIndex(let key, let responses):
            writer.writeElement(Self.ocspKeyIndexTag) { body in
                body.writeKey(key)
                body.writeElement(.sequence) { list in
                    for name in responses { list.writeElement(.octetString, content: Array(name.text.utf8)) }
                }
            }
        }
        return writer.bytes
    }

    /// The file that `bytes` encode, or `nil` for anything else (truncated, altered, another
    /// version, over a bound): the caller removes such a file. `checkingDigest` false skips the
    /// SHA-256 of the entry (the structure is still read strictly): a sweep needs only the times,
    /// and hashing every response on every OCSP write would cost more than the write.
    init?(decoding bytes: [UInt8], checkingDigest: Bool = true) {
        guard bytes.count <= FetchCacheLimits.maximumFileBytes,
            let file = try? DERReader.readAll(bytes[...], { (reader) throws(DERError) in try Self.read(&reader, checkingDigest) })
        else { return nil }
        self = file
    }

    private static func read(_ reader: inout DERReader, _ checkingDigest: Bool) throws(DERError) -> FetchCacheFile {
        try reader.nested(.sequence) { (file) throws(DERError) -> FetchCacheFile in
            let versionOffset = file.offset
            guard try file.readInteger(as: Int64.self) == version else {
                throw DERError(.integerOutOfRange, at: versionOffset)
            }
            let entry = try file.readElement()
            let digestOffset = file.offset
            let digest = try file.readOctetString()
            guard digest.count == SHA256.digestLength, !checkingDigest || digest.elementsEqual(SHA256.digest(entry.encoded)) else {
                throw DERError(.integerOutOfRange, at: digestOffset)
            }
            var body = try file.reader(overContentOf: entry)
            let value: FetchCacheFile
            switch entry.tag {
            case caIssuersTag: value = try readCAIssuers(&body)
            case ocspResponseTag: value = try readOCSPResponse(&body)
            case ocspKeyIndexTag: value = try readKeyIndex(&body)
            default: throw DERError(.unexpectedTag(expected: caIssuersTag, found: entry.tag), at: entry.offset)
            }
            try body.finish()
            return value
        }
    }

    private static func readCAIssuers(_ body: inout DERReader) throws(DERError) -> FetchCacheFile {
        let uri = try body.readBounded(FetchCacheLimits.maximumURIBytes)
        let expiry = try body.readInteger(as: Int64.self)
        let inserted = try body.readInteger(as: Int64.self)
        var total = 0
        let certificates = try body.nested(.sequence) { (list) throws(DERError) -> [[UInt8]] in
            var certificates: [[UInt8]] = []
            while !list.isAtEnd {
                let certificate = try list.readBounded(FetchCacheLimits.maximumPayloadBytes - total)
                total += certificate.count
                certificates.append(certificate)
            }
            return certificates
        }
        return .caIssuers(uri: uri, entry: CAIssuersEntry(certificates: certificates, expiry: expiry, inserted: inserted))
    }

    private static func readOCSPResponse(_ body: inout DERReader) throws(DERError) -> FetchCacheFile {
        let keys = try body.nested(.sequence) { (list) throws(DERError) -> [OCSPCacheKey] in
            var keys: [OCSPCacheKey] = []
            while !list.isAtEnd {
                guard keys.count < FetchCacheLimits.maximumKeysPerResponse else {
                    throw DERError(.trailingData, at: list.offset)
                }
                keys.append(try list.readKey())
            }
            return keys
        }
        let expiry = try body.readInteger(as: Int64.self)
        let inserted = try body.readInteger(as: Int64.self)
        let isRevoked = try body.readBoolean()
        let response = try body.readBounded(FetchCacheLimits.maximumPayloadBytes)
        return .ocspResponse(
            keys: keys, entry: OCSPCacheEntry(response: response, expiry: expiry, inserted: inserted, isRevoked: isRevoked))
    }

    private static func readKeyIndex(_ body: inout DERReader) throws(DERError) -> FetchCacheFile {
        let key = try body.readKey()
        let names = try body.nested(.sequence) { (list) throws(DERError) -> [OCSPResponseFileName] in
            var names: [OCSPResponseFileName] = []
            while !list.isAtEnd {
                let offset = list.offset
                guard names.count < FetchCacheLimits.maximumResponsesPerKey else {
                    throw DERError(.trailingData, at: offset)
                }
                let text = try list.readBounded(OCSPResponseFileName.maximumLength)
                guard let name = OCSPResponseFileName(String(decoding: text, as: UTF8.self)), name.text.utf8.elementsEqual(text) else {
                    throw DERError(.invalidStringCharacter(.octetString), at: offset)
                }
                names.append(name)
            }
            return names
        }
        return .ocspKeyIndex(key: key, responses: names)
    }
}

extension DERWriter {
    /// A minimal two's-complement INTEGER (X.690 §8.3).
    fileprivate mutating func writeInteger(_ value: Int64) {
        var octets = withUnsafeBytes(of: value.bigEndian) { Array($0) }
        while octets.count > 1,
            (octets[0] == 0x00 && octets[1] & 0x80 == 0) || (octets[0] == 0xFF && octets[1] & 0x80 != 0)
        {
            octets.removeFirst()
        }
        writeElement(.integer, content: octets)
    }

    /// An OCSP key as `SEQUENCE { hashAlgorithm, issuerNameHash, issuerKeyHash, serialNumber }`,
    /// each an OCTET STRING.
    fileprivate mutating func writeKey(_ key: OCSPCacheKey) {
        writeElement(.sequence) { fields in
            for field in [key.hashAlgorithm, key.issuerNameHash, key.issuerKeyHash, key.serialNumber] {
                fields.writeElement(.octetString, content: field)
            }
        }
    }
}

extension OCSPCacheKey {
    /// The DER of the key, whose SHA-256 names its index file.
    var encoded: [UInt8] {
        var writer = DERWriter()
        writer.writeKey(self)
        return writer.bytes
    }

    /// Whether every field is within ``FetchCacheLimits/maximumKeyFieldBytes``.
    var isWithinBounds: Bool {
        [hashAlgorithm, issuerNameHash, issuerKeyHash, serialNumber].allSatisfy {
            $0.count <= FetchCacheLimits.maximumKeyFieldBytes
        }
    }
}

extension DERReader {
    /// An OCTET STRING of at most `limit` octets, copied out.
    ///
    /// - Throws: ``DERError/Kind/elementTooLarge`` at its start when it is longer.
    fileprivate mutating func readBounded(_ limit: Int) throws(DERError) -> [UInt8] {
        let start = offset
        let content = try readOctetString()
        guard content.count <= limit else { throw DERError(.elementTooLarge, at: start) }
        return Array(content)
    }

    fileprivate mutating func readKey() throws(DERError) -> OCSPCacheKey {
        try nested(.sequence) { (fields) throws(DERError) -> OCSPCacheKey in
            let limit = FetchCacheLimits.maximumKeyFieldBytes
            return OCSPCacheKey(
                hashAlgorithm: try fields.readBounded(limit), issuerNameHash: try fields.readBounded(limit),
                issuerKeyHash: try fields.readBounded(limit), serialNumber: try fields.readBounded(limit))
        }
    }
}
