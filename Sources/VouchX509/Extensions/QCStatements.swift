import VouchDER

/// qcStatements (RFC 3739 §3.2.6; ETSI EN 319 412-5):
/// `SEQUENCE OF QCStatement`, `QCStatement ::= SEQUENCE { statementId OID, statementInfo ANY OPTIONAL }`.
///
/// Read as Apple's `SecCEPQCStatements` (OSX/sec/Security/SecCertificate.c) reads it, since that
/// parser decides whether the extension is unparseable: at least one statement and fewer than
/// ``maximumStatements``; a QcType statement (0.4.0.1862.1.6) holds a non-empty
/// `SEQUENCE OF OBJECT IDENTIFIER` of fewer than ``maximumTypes``; other statements' information
/// is any one element.
public struct QCStatements: CertificateExtension {
    /// The extension's identifier, 1.3.6.1.5.5.7.1.3.
    public static let oid = OID.qcStatements
    /// Statements a value may hold: Apple's `MAX_QCSTATEMENTS` (1,024) is a count it must stay below.
    public static let maximumStatements = 1_023
    /// Types a QcType statement may list: Apple's `MAX_QCTYPES` (10), likewise exclusive.
    public static let maximumTypes = 9

    /// One statement: its identifier and, when present, the encoding of its information.
    public struct Statement: Sendable {
        /// statementId.
        public let identifier: OID
        /// statementInfo's encoding (tag, length and content), when present.
        public let information: ArraySlice<UInt8>?
    }

    /// The statements in encoding order.
    public let statements: [Statement]

    /// The QcType statement's types (ETSI's esign, eseal, web and any other), when it has one.
    public var types: [OID]? {
        guard let statement = statements.first(where: { $0.identifier == OID.etsiQCType }), let information = statement.information else {
            return nil
        }
        return try? Self.readTypes(information)
    }

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax, or
    ///   `DERError.Kind.integerOutOfRange` at a statement or type beyond the maximums.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        statements = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (list) throws(DERError) in
                guard !list.isAtEnd else { throw DERError(.missingElement(expected: .sequence), at: list.offset) }
                var statements: [Statement] = []
                while !list.isAtEnd {
                    let offset = list.offset
                    let statement = try list.nested(.sequence) { (inner) throws(DERError) in
                        let identifier = try inner.readOID()
                        let information = inner.isAtEnd ? nil : try inner.readElement().encoded
                        return Statement(identifier: identifier, information: information)
                    }
                    guard statements.count < Self.maximumStatements else { throw DERError(.integerOutOfRange, at: offset) }
                    if statement.identifier == OID.etsiQCType {
                        guard let information = statement.information else { throw DERError(.missingElement(expected: .sequence), at: offset) }
                        _ = try Self.readTypes(information)
                    }
                    statements.append(statement)
                }
                return statements
            }
        }
    }

    /// `QcType ::= SEQUENCE OF OBJECT IDENTIFIER`, non-empty, fewer than Apple's maximum.
    private static func readTypes(_ encoded: ArraySlice<UInt8>) throws(DERError) -> [OID] {
        try DERReader.readAll(encoded) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (list) throws(DERError) in
                guard !list.isAtEnd else { throw DERError(.missingElement(expected: .objectIdentifier), at: list.offset) }
                var types: [OID] = []
                while !list.isAtEnd {
                    let offset = list.offset
                    types.append(try list.readOID())
                    guard types.count <= maximumTypes else { throw DERError(.integerOutOfRange, at: offset) }
                }
                return types
            }
        }
    }
}
