import VouchDER

/// The pieces every generated test certificate writes the same way (TestCertificate,
/// PolicyTestCertificate, EVTestCertificate).
extension DERWriter {
    /// The Ed25519 AlgorithmIdentifier (no parameters).
    mutating func writeEd25519Algorithm() {
        writeElement(.sequence) { $0.writeElement(.objectIdentifier, content: OID.ed25519.bytes) }
    }

    /// A Name of one commonName attribute (UTF8String).
    mutating func writeName(commonName: String) {
        writeElement(.sequence) { name in
            name.writeElement(.set) { relativeName in
                relativeName.writeElement(.sequence) { attribute in
                    attribute.writeElement(.objectIdentifier, content: OID.commonName.bytes)
                    attribute.writeElement(.utf8String, content: Array(commonName.utf8))
                }
            }
        }
    }

    /// `[3] EXPLICIT Extensions` of `extensions` (type and extnValue, none critical), in order;
    /// nothing when there are none.
    mutating func writeExtensions(_ extensions: [(OID, [UInt8])]) {
        writeExtensions(extensions.map { ($0.0, false, $0.1) })
    }

    /// `[3] EXPLICIT Extensions` of (type, critical, extnValue); nothing when empty.
    mutating func writeExtensions(_ extensions: [(OID, Bool, [UInt8])]) {
        guard !extensions.isEmpty else { return }
        writeElement(.contextSpecific(3, constructed: true)) { explicit in
            explicit.writeElement(.sequence) { list in
                for (identifier, critical, value) in extensions {
                    list.writeElement(.sequence) { item in
                        item.writeElement(.objectIdentifier, content: identifier.bytes)
                        if critical { item.writeElement(.boolean, content: [0xFF]) }
                        item.writeElement(.octetString, content: value)
                    }
                }
            }
        }
    }
}
