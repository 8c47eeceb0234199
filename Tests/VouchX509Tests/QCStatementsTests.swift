import Testing
import VouchDER
import VouchX509

/// qcStatements, read as Apple's SecCEPQCStatements reads it (it decides UnparseableExtension).
@Suite struct QCStatementsTests {
    static let compliance: [UInt8] = [0x30, 0x08, 0x06, 0x06, 0x04, 0x00, 0x8E, 0x46, 0x01, 0x01]
    /// QcType (0.4.0.1862.1.6) with `count` copies of id-etsi-qct-web (0.4.0.1862.1.6.3).
    static func type(_ count: Int) -> [UInt8] {
        let web: [UInt8] = [0x06, 0x07, 0x04, 0x00, 0x8E, 0x46, 0x01, 0x06, 0x03]
        let types = DER.tlv(.sequence, Array([[UInt8]](repeating: web, count: count).joined()))
        return DER.tlv(.sequence, [0x06, 0x06, 0x04, 0x00, 0x8E, 0x46, 0x01, 0x06] + types)
    }
    static func value(_ statements: [[UInt8]]) -> ArraySlice<UInt8> { DER.tlv(.sequence, Array(statements.joined()))[...] }

    @Test("statements and the QcType's types are read")
    func reads() throws {
        let statements = try QCStatements(extensionValue: Self.value([Self.compliance, Self.type(2)]))
        #expect(statements.statements.map(\.identifier) == [.etsiQCCompliance, .etsiQCType])
        #expect(statements.statements[0].information == nil)
        #expect(statements.types?.map(\.dotted) == ["0.4.0.1862.1.6.3", "0.4.0.1862.1.6.3"])
    }

    @Test("Apple's limits: at least one statement, fewer than 1,024; a QcType of one to nine OIDs")
    func limits() throws {
        #expect(throws: DERError.self) { try QCStatements(extensionValue: Self.value([])) }
        #expect(throws: DERError.self) { try QCStatements(extensionValue: Self.value([Self.type(0)])) }
        #expect(throws: DERError.self) { try QCStatements(extensionValue: Self.value([Self.type(10)])) }
        _ = try QCStatements(extensionValue: Self.value([Self.type(9)]))
        let many = [[UInt8]](repeating: Self.compliance, count: QCStatements.maximumStatements)
        #expect(try QCStatements(extensionValue: Self.value(many)).statements.count == 1_023)
        #expect(throws: DERError.self) { try QCStatements(extensionValue: Self.value(many + [Self.compliance])) }
        // A QcType without its information, and a statement of three elements.
        #expect(throws: DERError.self) { try QCStatements(extensionValue: Self.value([[0x30, 0x08, 0x06, 0x06, 0x04, 0x00, 0x8E, 0x46, 0x01, 0x06]])) }
        #expect(throws: DERError.self) { try QCStatements(extensionValue: Self.value([[0x30, 0x0C, 0x06, 0x06, 0x04, 0x00, 0x8E, 0x46, 0x01, 0x01, 0x05, 0x00, 0x05, 0x00]])) }
    }
}
