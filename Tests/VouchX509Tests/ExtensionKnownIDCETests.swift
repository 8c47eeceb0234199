import Testing
import VouchDER
@testable import VouchX509

/// `Extensions.isKnown` answers id-ce OIDs (2.5.29.n) from a bitmap; it must agree with the
/// search of the table it replaces, for every n that fits one octet and for every OID the
/// table knows.
@Suite struct ExtensionKnownIDCETests {
    @Test func bitmapAgreesWithSearch() throws {
        var known = 0
        for arc in 0..<128 {
            let oid = try #require(OID(dotted: "2.5.29.\(arc)"))
            #expect(Extensions.isKnown(oid) == Extensions.isKnownSearched(oid), "2.5.29.\(arc)")
            if Extensions.isKnown(oid) { known += 1 }
        }
        #expect(known == 14)
        for oid in Extension.knownOIDs {
            #expect(Extensions.isKnown(oid))
        }
        for dotted in ["2.5.29.128", "2.5.29.1000", "2.5.4.3", "1.2.840.113635.100.6.1.1", "1.3.6.1.4.1.311.21.10"] {
            let oid = try #require(OID(dotted: dotted))
            #expect(Extensions.isKnown(oid) == Extensions.isKnownSearched(oid), "\(dotted)")
        }
    }

    @Test func oidEquality() throws {
        let a = try #require(OID(dotted: "2.5.29.19")), b = try #require(OID(dotted: "2.5.29.19"))
        let c = try #require(OID(dotted: "2.5.29.15")), d = try #require(OID(dotted: "2.5.29.19.1"))
        #expect(a == b)
        #expect(a != c)
        #expect(a != d)
        #expect(d != a)
    }
}
