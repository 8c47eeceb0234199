import Foundation
import Testing
import VouchTestSupport
@testable import VouchCrypto
import VouchDER

@Suite("EC curves")
struct ECCurveTests {
    @Test("OIDs, sizes and names")
    func identities() {
        let expected: [(ECCurve, String, Int, Int, Int)] = [
            (.p192, "1.2.840.10045.3.1.1", 192, 24, 49), (.p224, "1.3.132.0.33", 224, 28, 57),
            (.p256, "1.2.840.10045.3.1.7", 256, 32, 65), (.p384, "1.3.132.0.34", 384, 48, 97),
            (.p521, "1.3.132.0.35", 521, 66, 133),
        ]
        for (curve, oid, bits, bytes, pointLength) in expected {
            #expect(curve.oid.dotted == oid)
            #expect(curve.fieldBits == bits)
            #expect(curve.fieldBytes == bytes)
            #expect(curve.uncompressedPointLength == pointLength)
            #expect(ECCurve(oid: curve.oid) == curve)
        }
        #expect(ECCurve.ecPublicKeyOID.dotted == "1.2.840.10045.2.1")
        #expect(OID(dotted: "1.3.132.0.10").flatMap(ECCurve.init(oid:)) == nil)  // secp256k1
    }

    struct CurveGroup: Decodable {
        struct Curve: Decodable {
            let name: String
            let oid: String
            let p: String
            let n: String
            let a: String
            let b: String
            let gx: String
            let gy: String
            let h: Int
        }
        let tests: [Curve]
    }

    @Test("domain parameters match Wycheproof's ec_prime_order_curves_test.json", .enabled(if: CryptoTestData.hasWycheproof, MissingData.wycheproof))
    func parameters() throws {
        let path = CryptoTestData.wycheproof + "/ec_prime_order_curves_test.json"
        let file = try CryptoTestData.json(WycheproofFile<CurveGroup>.self, at: path)
        let ours: [String: CurveParameters] = [
            "secp192r1": .p192, "secp224r1": .p224, "secp256r1": .p256, "secp384r1": .p384, "secp521r1": .p521,
        ]
        var matched = 0
        for curve in file.testGroups.flatMap(\.tests) {
            guard let parameters = ours[curve.name] else { continue }
            func value(_ hex: String) -> [UInt64] {
                let words = WordArithmetic.words(hex: hex)
                return Array(words.prefix(WordArithmetic.bitLength(words) / 64 + 1))
            }
            #expect(WordArithmetic.compare(value(parameters.prime), value(curve.p)) == 0, "\(curve.name) p")
            #expect(WordArithmetic.compare(value(parameters.order), value(curve.n)) == 0, "\(curve.name) n")
            #expect(WordArithmetic.compare(value(parameters.b), value(curve.b)) == 0, "\(curve.name) b")
            #expect(WordArithmetic.compare(value(parameters.generatorX), value(curve.gx)) == 0, "\(curve.name) gx")
            #expect(WordArithmetic.compare(value(parameters.generatorY), value(curve.gy)) == 0, "\(curve.name) gy")
            // a = −3 for every curve here: p − 3.
            let minusThree = WordArithmetic.subtracting(3, from: value(parameters.prime))
            #expect(WordArithmetic.compare(minusThree, value(curve.a)) == 0, "\(curve.name) a")
            #expect(curve.h == 1)
            #expect(ECCurve(oid: try #require(OID(dotted: curve.oid)))?.description == curve.name)
            matched += 1
        }
        #expect(matched == 5)
    }

    @Test("every curve builds, and its generator table holds G, 3G, … on the curve")
    func generatorTables() throws {
        try check(NISTCurves.p192)
        try check(NISTCurves.p224)
        try check(NISTCurves.p256)
        try check(NISTCurves.p384)
        try check(NISTCurves.p521)
    }

    private func check<Field: PrimeField>(_ curve: WeierstrassCurve<Field>?) throws {
        let curve = try #require(curve)
        #expect(curve.generatorTable.count == 1 << (WeierstrassCurve<Field>.generatorWindow - 2))
        for point in curve.generatorTable { #expect(curve.isOnCurve(point)) }
        // (n − 1)·G + 1·G = ∞ and 1·G + (n − 1)·G = ∞ through the verification code path.
        let nMinusOne = WordArithmetic.subtracting(1, from: curve.orderWords)
        let one = [1] + [UInt64](repeating: 0, count: curve.orderWords.count - 1)
        #expect(curve.points.isInfinity(try #require(curve.linearCombination(nMinusOne, one, curve.generator))))
        #expect(curve.points.isInfinity(try #require(curve.linearCombination(one, nMinusOne, curve.generator))))
        let twice = try #require(curve.linearCombination(one, one, curve.generator))
        let affine = try #require([twice].withUnsafeBufferPointer { curve.points.affine($0) }?.first)
        #expect(curve.isOnCurve(affine))
    }
}
