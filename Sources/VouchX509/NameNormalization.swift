import VouchDER

extension DistinguishedName {
    /// The name as Apple normalises it for issuer lookup (SECTRUST.md §2.2): PrintableString
    /// values ASCII-upper-cased, trimmed, and with runs of spaces collapsed to one; every other
    /// value byte for byte. Two names match for chain building iff these encodings are equal, so
    /// a UTF8String issuer never matches a PrintableString subject with the same text.
    public var appleNormalizedEncoding: [UInt8] {
        // Usually normalisation changes only the case of PrintableString letters, which keeps
        // every length: the encoding is then a copy with those letters upper-cased in place,
        // one allocation. Blanks to trim or collapse change lengths: the name is written anew.
        var output = Array(encoded)
        var needsRewrite = false
        let base = encoded.startIndex
        encoded.withUnsafeBufferPointer { buffer in
            // The structure was validated on construction, so this walk cannot fail.
            var input = DERCursor(buffer, origin: base)
            _ = try? { () throws(DERError) in
                var names = try input.cursor(overContentOf: try input.readElement(.sequence))
                while !names.isAtEnd {
                    var set = try names.cursor(overContentOf: try names.readElement(.set))
                    while !set.isAtEnd {
                        var attribute = try set.cursor(overContentOf: try set.readElement(.sequence))
                        _ = try attribute.readElement()
                        let value = try attribute.readElement()
                        guard value.tag == .printableString else { continue }
                        guard Self.needsCaseChangeOnly(encoded[value.contentRange]) else {
                            needsRewrite = true
                            return
                        }
                        for index in value.contentRange where buffer[index - base] >= 0x61 && buffer[index - base] <= 0x7A {
                            output[index - base] -= 0x20
                        }
                    }
                }
            }()
        }
        return needsRewrite ? rewrittenNormalizedEncoding : output
    }

    /// Whether ``normalizePrintable(_:)`` would change nothing but the case of `value`: no blank
    /// to trim at either end, no TAB, no run of two spaces.
    static func needsCaseChangeOnly(_ value: ArraySlice<UInt8>) -> Bool {
        guard let first = value.first, let last = value.last else { return true }
        if first == 0x20 || last == 0x20 { return false }
        var previousWasSpace = false
        for octet in value {
            if octet == 0x09 { return false }
            let isSpace = octet == 0x20
            if isSpace && previousWasSpace { return false }
            previousWasSpace = isSpace
        }
        return true
    }

    /// ``appleNormalizedEncoding`` written element by element (blanks trimmed and collapsed).
    var rewrittenNormalizedEncoding: [UInt8] {
        var writer = DERWriter()
        writer.writeElement(.sequence) { names in
            for rdn in relativeDistinguishedNames { names.writeEncoded(Self.normalizedRDN(rdn)) }
        }
        return writer.bytes
    }

    /// Upper-cases ASCII letters, drops leading and trailing blanks, collapses inner runs of blanks
    /// to one space. Blanks are C's `isblank`, space and TAB, as in Apple's `createNormalizedX501Name`
    /// (a TAB is outside PrintableString's set, but Apple does not check the set).
    static func normalizePrintable(_ value: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(value.count)
        var pendingSpace = false
        for octet in value {
            if octet == 0x20 || octet == 0x09 {
                pendingSpace = !output.isEmpty
                continue
            }
            if pendingSpace { output.append(0x20) }
            pendingSpace = false
            output.append(octet >= 0x61 && octet <= 0x7A ? octet - 0x20 : octet)
        }
        return output
    }
}

extension DistinguishedName {
    /// One RDN as Apple's normalisation encodes it, for prefix comparisons of directory names.
    public static func normalizedRDN(_ attributes: [NameAttribute]) -> [UInt8] {
        var writer = DERWriter()
        writer.writeElement(.set) { set in
            for attribute in attributes {
                set.writeElement(.sequence) { pair in
                    pair.writeElement(.objectIdentifier, content: attribute.type.bytes)
                    if attribute.value.tag == .printableString {
                        pair.writeElement(.printableString, content: normalizePrintable(attribute.value.content))
                    } else {
                        pair.writeEncoded(attribute.value.encoded)
                    }
                }
            }
        }
        return writer.bytes
    }
}
