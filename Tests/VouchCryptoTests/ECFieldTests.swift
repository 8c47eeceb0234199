import Testing
@testable import VouchCrypto

/// Field arithmetic against values computed with Python's integers (`pow(a, -1, p)` etc.).
@Suite("EC field arithmetic")
struct ECFieldTests {
    /// (curve, a, b, a·b, a+b, a−b, a⁻¹), all mod p, big-endian hex.
    static let vectors: [(String, String, String, String, String, String, String)] = [
        ("p192", "7a97c643656412a9b8a1abcd1a6916c74da4f9fc3c6da5d7", "8ca5996666ceab360512bd13110722311710cf5327ac435a", "f16f5449cf2ba10ce1c2d952c5002d48901ec6cc3c187ab0", "073d5fa9cc32bddfbdb468e02b7038f964b5c94f6419e932", "edf22cdcfe956773b38eeeba0961f49536942aa914c1627c", "0893739aa5f9e5a809e58d1b0243e02b069a1e3e915ffe3a"),
        ("p224", "38d048ec0f1099c6c3e1b258fd724452ccea71ff4a14876aeaff1a09", "d3addccb2c33be0ac79d679346d4ac7a5c3902b38963dc6e8534f457", "ddf69b15d6ae5e0c81ef55f25e583014570758f7936343212407f162", "0c7e25b73b4457d18b7f19ec4446f0ce292374b2d37863d970340e5f", "65226c20e2dcdbbbfc444ac5b69d97d770b16f4bc0b0aafc65ca25b3", "8a2f73d3645b2365601294dd6d18e38f6ecdea70cce4c8e10d4f9322"),
        ("p256", "a4042bb3d4341aad06905269ed6f0b09f165c8ce36e2f24b43000de01b2ed40e", "4a25e4664f5253a02a3187853184ff27459142deccea264542a00403ce80c4b0", "cbdc6ff5f63789cc494ea906b15c4fb57a33ee62632133b47f7f88ecb6272f23", "ee2a101a23866e4d30c1d9ef1ef40a3136f70bad03cd189085a011e3e9af98be", "59de474d84e1c70cdc5ecae4bbea0be2abd485ef69f8cc06006009dc4cae0f5e", "6aa71d0075eaa0ae300fdbe198341ed82e80d9aeaf3c9193163bbdf4fb8acc21"),
        ("p384", "566002249b191bf4d8441b5616332aca5f552773e14b0190d93936e1daca3c06f5ff0c03bb5d7385de08caa1a0817910", "d160c5d0ef412ed6f1cfd99216df648647adec26793d0e453f5082492d83a8233fb62d2c81862fc9634f806fabf4a07c", "51828be52fdd316780ad29fb5badbe76f3003963fdb5af8582068feba44bd03a3db6a98e66e4bcb582b3736c67335968", "27c0c7f58a5a4acbca13f4e82d128f50a703139a5a880fd61889b92b084de42b35b539313ce3a34f41584b104c76198d", "84ff3c53abd7ed1de67441c3ff53c64417a73b4d680df34b99e8b498ad4693e2b648ded639d743bc7ab94a32f48cd893", "c449bdae677159135591768e581811468c2f9bbaec679f275cfca2b8e65933a647de0c8cec4a95c54ae166bd9fa800bc"),
        ("p521", "00d331f3b9238224b122c3e4a892d9196ada4fcfa583e1df8af9b474c7e89286a1754abcb06ae8abb93f01d89a024cdce7a6d7288ff68c320f89f1347e0cdd905ecf", "01fea05885ac7671863c0bdbc23a14c15c910b11ad28cc21ce88d0060cc54278c2614e1bcb383bb4a570294c4ea3738d243a6e58d5ca49c7b59b995253fd6c79a3de", "00e63b42b964592dcfea3e70063030f021231ca7d00654960149fc4a0767a2ed5520b8f7c65eb3bb4db12063c8b8d428df5d9dfddd7110b0d66f291f1e5648629bb7", "00d1d24c3ecff896375ecfc06acceddac76b5ae152acae015982847ad4add4ff63d698d87ba324605eaf2b24e8a5c06a0be1458165c0d5f9c5258a86d20a4a0a02ae", "00d4919b33770bb32ae6b808e658c4580e4944bdf85b15bdbc70e46ebb23500ddf13fca0e532acf713ced88c4b5ed94fc36c68cfba2c426a59ee57e22a0f7116baf0", "0120fe430333c5e1a97557b2969134b909713d2dc798468b3c9fbed07ddaddf7a40188395b7de53660c5e0b214ab8015f12a094dc1fa9b3731b1b8b674e6f1f8fec7"),
    ]

    @Test("a·b, a², a+b, a−b, a⁻¹ and round trips match Python", arguments: vectors)
    func arithmetic(_ vector: (String, String, String, String, String, String, String)) throws {
        let (name, a, b, product, sum, difference, inverse) = vector
        switch name {
        case "p192": try check(NISTCurves.p192?.field, a, b, product, sum, difference, inverse)
        case "p224": try check(NISTCurves.p224?.field, a, b, product, sum, difference, inverse)
        case "p256": try check(NISTCurves.p256?.field, a, b, product, sum, difference, inverse)
        case "p384": try check(NISTCurves.p384?.field, a, b, product, sum, difference, inverse)
        default: try check(NISTCurves.p521?.field, a, b, product, sum, difference, inverse)
        }
    }

    private func check<Field: PrimeField>(
        _ field: Field?, _ a: String, _ b: String, _ product: String, _ sum: String,
        _ difference: String, _ inverse: String
    ) throws {
        let field = try #require(field)
        let aBytes = try #require(CryptoTestData.hex(a))
        let bBytes = try #require(CryptoTestData.hex(b))
        let x = try #require(field.element(fromBigEndian: aBytes[...]))
        let y = try #require(field.element(fromBigEndian: bBytes[...]))
        func hex(_ element: Field.Element) -> String { ECTestSupport.hex(field.bigEndianBytes(element)) }
        #expect(hex(x) == a)
        #expect(hex(field.multiply(x, y)) == product)
        #expect(hex(field.add(x, y)) == sum)
        #expect(hex(field.subtract(x, y)) == difference)
        #expect(hex(try #require(field.inverse(x))) == inverse)
        #expect(field.areEqual(field.square(x), field.multiply(x, x)))
        #expect(field.areEqual(field.add(field.subtract(x, y), y), x))
        #expect(field.isZero(field.add(x, field.negate(x))))
        #expect(field.areEqual(field.multiply(x, try #require(field.inverse(x))), field.one))
        // p itself is not an element; p − 1 is, and (p − 1) + 1 = 0.
        #expect(field.element(fromWords: field.modulusWords) == nil)
        let minusOne = try #require(field.element(fromWords: WordArithmetic.subtracting(1, from: field.modulusWords)))
        #expect(field.isZero(field.add(minusOne, field.one)))
        #expect(field.areEqual(field.multiply(minusOne, minusOne), field.one))
    }

    @Test("P-521 weak reduction: repeated operations stay consistent with canonical values")
    func p521Chains() throws {
        let field = P521Field()
        let seed = try #require(field.element(fromWords: [UInt64](repeating: 0xFEDC_BA98_7654_3210, count: 8) + [0x1FF]))
        var a = seed
        var b = field.add(seed, seed)
        for _ in 0..<200 {
            a = field.subtract(field.square(a), b)
            b = field.add(field.multiply(a, b), field.double(a))
            let canonicalA = try #require(field.element(fromWords: field.words(a)))
            #expect(field.areEqual(canonicalA, a))
        }
        let minusOne = try #require(field.element(fromWords: WordArithmetic.subtracting(1, from: field.modulusWords)))
        #expect(field.words(field.add(minusOne, field.one)) == [UInt64](repeating: 0, count: 9))
    }
}
