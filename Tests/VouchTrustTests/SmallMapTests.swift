import Testing

@testable import VouchTrust

/// ``SmallMap`` answers as a `Dictionary` does, below and above its linear limit, whatever the
/// order of insertions, updates and removals; and keeps the order keys were first added in.
@Suite("Small map")
struct SmallMapTests {
    /// A key whose hash is the same for every value, so that the indexed form's dictionary must
    /// still compare keys (and a linear search cannot be told apart by hashing).
    struct CollidingKey: Hashable {
        let value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
    }

    @Test("random operations: the same answers as a Dictionary", arguments: [3, 8, 9, 40])
    func differential(keySpace: Int) {
        var generator = SystemRandomNumberGenerator()
        var map = SmallMap<CollidingKey, Int>()
        var reference: [CollidingKey: Int] = [:]
        var order: [CollidingKey] = []
        for step in 0..<2_000 {
            let key = CollidingKey(value: Int.random(in: 0..<keySpace, using: &generator))
            switch Int.random(in: 0..<10, using: &generator) {
            case 0:
                map[key] = nil
                reference[key] = nil
                order.removeAll { $0 == key }
            case 1...3:
                map.update(key, default: 100) { $0 += step }
                reference[key, default: 100] += step
                if !order.contains(key) { order.append(key) }
            default:
                map[key] = step
                reference[key] = step
                if !order.contains(key) { order.append(key) }
            }
            #expect(map.count == reference.count)
            #expect(map.isEmpty == reference.isEmpty)
            for probe in 0..<keySpace {
                let probeKey = CollidingKey(value: probe)
                #expect(map[probeKey] == reference[probeKey])
            }
            #expect(map.entries.map(\.key) == order)
        }
    }

    @Test("reserving room changes nothing")
    func reserve() {
        var map = SmallMap<String, Int>()
        map.reserve(20)
        for number in 0..<20 { map["k\(number)"] = number }
        map.reserve(5)
        #expect(map.count == 20)
        for number in 0..<20 {
            let key = "k\(number)"
            #expect(map[key] == number, "\(key)")
        }
        #expect(map["k20"] == nil)
    }
}
