import Testing
import VouchDER

@testable import VouchX509

/// VouchX509's limits at N and N + 1 (issue 38 item 2), each input made from the constant, with
/// the error and its offset past the limit. maximumExtensionCount is ExtensionListTests,
/// maximumStatements QCStatementsTests, maximumSubtreesRead NameConstraintsTests and
/// maximumTimestampsPerList SignedCertificateTimestampTests.
@Suite struct LimitTests {
    @Test("the limits are the documented ones")
    func values() {
        #expect(X509Limits.maximumSerialNumberLength == 37)
        #expect(SubjectAlternativeNames.maximumNamesRead == 8_193)
        #expect(QCStatements.maximumTypes == 9)
        #expect(KeyUsage.maximumDataOctets == 2)
        #expect(Extensions.pairwiseDuplicateLimit == 32)
        #expect(CRLExtensions.maximumCRLNumberLength == 21)
    }

    @Test("maximumSerialNumberLength: a serial number of 37 octets parses, one of 38 does not")
    func serialNumberLength() throws {
        let limit = X509Limits.maximumSerialNumberLength
        var builder = CertificateBuilder()
        builder.serialNumber = DER.integer([UInt8](repeating: 0x7F, count: limit))
        #expect(try builder.parse().serialNumber.count == limit)
        builder.serialNumber = DER.integer([UInt8](repeating: 0x7F, count: limit + 1))
        #expect(throws: X509Error(.invalidSerialNumberLength, in: .serialNumber, at: builder.offset(of: .serialNumber))) {
            try builder.parse()
        }
    }

    @Test("maximumSerialNumberLength: a CRL entry's serial number of 37 octets is read, one of 38 is refused")
    func crlEntrySerialNumberLength() throws {
        let limit = X509Limits.maximumSerialNumberLength
        func entry(_ octets: Int) -> [UInt8] {
            DER.sequence(DER.integer([UInt8](repeating: 0x7F, count: octets)), DER.string(.utcTime, "260101000000Z"))
        }
        var within = DERReader(entry(limit))
        #expect(try RevokedCertificate(reading: &within).serialNumber.count == limit)
        var past = DERReader(entry(limit + 1))
        #expect(throws: X509Error(.invalidSerialNumberLength, in: .revokedCertificates, at: 2)) { try RevokedCertificate(reading: &past) }
    }

    @Test("maximumNamesRead: 8,193 names are read and the rest ignored unread; 8,192 and the next entry is read")
    func namesRead() throws {
        let limit = SubjectAlternativeNames.maximumNamesRead
        let name = DER.tlv(.contextSpecific(2, constructed: false), Array("a.example".utf8))
        let notAName = DER.octetString([])  // not a GeneralName form: refused when read
        func value(_ count: Int) -> [UInt8] { DER.tlv(.sequence, Array([[UInt8]](repeating: name, count: count).joined()) + notAName) }
        #expect(try SubjectAlternativeNames(extensionValue: value(limit)[...]).names.count == limit)
        let short = value(limit - 1)
        #expect(throws: DERError.self) { try SubjectAlternativeNames(extensionValue: short[...]) }
    }

    @Test("QCStatements.maximumTypes: a QcType of 9 types is read, one of 10 is refused at its 10th")
    func qcTypes() throws {
        let limit = QCStatements.maximumTypes
        let type = DER.oid("0.4.0.1862.1.6.1")
        func value(_ count: Int) -> [UInt8] {
            DER.sequence(DER.sequence(DER.oid(.etsiQCType), DER.tlv(.sequence, Array([[UInt8]](repeating: type, count: count).joined()))))
        }
        #expect(try QCStatements(extensionValue: value(limit)[...]).types?.count == limit)
        let past = value(limit + 1)
        // SEQUENCE, statement SEQUENCE, its OID, the types SEQUENCE header, then `limit` types.
        let tenth = 2 + 2 + DER.oid(.etsiQCType).count + 2 + limit * type.count
        #expect(throws: DERError(.integerOutOfRange, at: tenth)) { try QCStatements(extensionValue: past[...]) }
    }

    @Test("KeyUsage.maximumDataOctets: two data octets are read, three are refused")
    func keyUsageOctets() throws {
        let limit = KeyUsage.maximumDataOctets
        let within = DER.bitString([0x86] + [UInt8](repeating: 0, count: limit - 2) + [0x80], unused: 7)
        #expect(try KeyUsage(extensionValue: within[...]).contains(.decipherOnly))
        let past = DER.bitString([0x86] + [UInt8](repeating: 0, count: limit - 1) + [0x80], unused: 7)
        #expect(throws: DERError(.invalidBitStringLength, at: 0)) { try KeyUsage(extensionValue: past[...]) }
    }

    @Test("pairwiseDuplicateLimit: at 32 OIDs (compared pairwise) and 33 (sorted) a duplicate is found wherever it is")
    func duplicateThreshold() {
        let limit = Extensions.pairwiseDuplicateLimit
        for count in [limit, limit + 1] {
            let distinct = (0..<count).map { Array(OID(dotted: "1.2.3.\(count - $0)")?.bytes ?? [])[...] }
            #expect(!Extensions.containsDuplicate(distinct))
            var ends = distinct
            ends[count - 1] = distinct[0]
            #expect(Extensions.containsDuplicate(ends))
            var middle = distinct
            middle[count / 2] = distinct[count / 2 - 1]
            #expect(Extensions.containsDuplicate(middle))
        }
    }

    @Test("maximumCRLNumberLength: a cRLNumber of 21 content octets is read, one of 22 is refused")
    func crlNumberLength() throws {
        let limit = CRLExtensions.maximumCRLNumberLength
        let within = DER.integer([0x00] + [UInt8](repeating: 0x91, count: limit - 1))
        #expect(try CRLExtensions.crlNumber(within[...]).content.count == limit)
        let past = DER.integer([0x00] + [UInt8](repeating: 0x91, count: limit))
        #expect(throws: DERError(.integerOutOfRange, at: 0)) { try CRLExtensions.crlNumber(past[...]) }
    }
}
