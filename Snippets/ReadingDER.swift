// Reads the example leaf's first fields with VouchDER's reader, then shows the errors two damaged
// inputs give: what went wrong and the absolute offset where it went wrong.

// snippet.hide
import Foundation
import VouchDER

/// The bytes of a file of `TestVectors/example/` (snippets run from the package root).
func exampleFile(_ name: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: "TestVectors/example/" + name) else {
        print("TestVectors/example/\(name) not found: run this from the package root")
        exit(1)
    }
    return [UInt8](data)
}

// snippet.show
let leaf = exampleFile("leaf.der")

do {
    // Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }
    try DERReader.readAll(leaf[...]) { (certificate) throws(DERError) in
        try certificate.nested(.sequence) { (certificate) throws(DERError) in
            try certificate.nested(.sequence) { (tbs) throws(DERError) in
                // version [0] EXPLICIT INTEGER: v3 is encoded as 2 (RFC 5280 §4.1.2.1).
                let version = try tbs.nested(.contextSpecific(0, constructed: true)) {
                    (explicit) throws(DERError) in try explicit.readInteger(as: Int.self)
                }
                print("version: v\(version + 1)")
                // serialNumber INTEGER: kept as its octets, a view of the input (absolute indices).
                let serial = try tbs.readInteger()
                print("serial: \(serial.content.count) octets at offset \(serial.content.startIndex)")
                // signature AlgorithmIdentifier: SEQUENCE { algorithm OID, parameters ANY OPTIONAL }
                let algorithm = try tbs.nested(.sequence) { (identifier) throws(DERError) in
                    try identifier.readOID()
                }
                print("signature: \(algorithm.dotted) (\(algorithm.name ?? "?"))")
                // issuer, validity, subject, subjectPublicKeyInfo, extensions: skipped whole.
                while !tbs.isAtEnd { _ = try tbs.readElement() }
            }
            _ = try certificate.readElement(.sequence)  // signatureAlgorithm
            _ = try certificate.readBitString()  // signatureValue
        }
    }
} catch {
    print("unexpected: \(error)")
}

// The first 500 of the leaf's 559 bytes: the outer SEQUENCE announces 555 content bytes.
do {
    _ = try DERReader.readAll(leaf.prefix(500)) { (reader) throws(DERError) in try reader.readElement() }
} catch {
    print(error)  // offset 0: truncated …
}

// A length of 3 written in the long form (0x81 0x03) where the short form (0x03) fits.
do {
    _ = try DERReader.readAll([0x30, 0x81, 0x03, 0x02, 0x01, 0x02][...]) { (reader) throws(DERError) in
        try reader.readElement()
    }
} catch {
    print(error)  // offset 1: length not in minimal form (X.690 §10.1)
}
