import VouchTestSupport
import Testing
import VouchDER

/// Mutations of real certificates never trap, never hang, and fail where the mutation is.
///
/// Seeds: the example chain and a spread of the system bundle. Each mutated input is walked by
/// ``DERNode/parse(_:options:)`` (every rule of VouchDER); a trap would end the test process.
/// Time is checked only as a hang detector (``slowInputLimit``, the fuzzing bound of issue 8), on
/// the best of three runs so a busy machine does not fail the test; speed is for benchmarks.
@Suite("Mutation")
struct MutationTests {
    /// An input that takes longer than this (best of three) is a hang or a quadratic path.
    static let slowInputLimit: Duration = .milliseconds(10)

    static let seeds: [[UInt8]] = {
        var seeds = ["leaf", "intermediate", "root"].compactMap {
            TestData.bytes(TestData.projectRoot.appendingPathComponent("TestVectors/example/\($0).der").path)
        }
        let bundle = TestData.systemCertificates
        seeds += stride(from: 0, to: bundle.count, by: 10).map { bundle[$0] }
        return seeds
    }()

    @Test("every truncation of a seed fails as truncated")
    func truncations() {
        #expect(Self.seeds.count >= 3)
        for seed in Self.seeds {
            for length in 1..<seed.count {
                let outcome = Self.walk(Array(seed.prefix(length)))
                guard case .failure(let error) = outcome else {
                    Issue.record("a \(length)-byte prefix of a \(seed.count)-byte certificate was accepted")
                    continue
                }
                #expect(error.kind == .truncated, "prefix \(length): \(error)")
            }
        }
    }

    @Test("every single bit flip of three seeds walks or fails, and accepted trees stay in bounds")
    func bitFlips() {
        var accepted = 0, rejected = 0
        for seed in Self.seeds.prefix(3) {
            for index in seed.indices {
                for bit in 0..<8 {
                    var mutated = seed
                    mutated[index] ^= 1 << bit
                    switch Self.walk(mutated) {
                    case .success(let nodes):
                        accepted += 1
                        Self.checkTiling(nodes, covering: mutated[...])
                    case .failure: rejected += 1
                    }
                }
            }
        }
        // Most flips land in signature, key or serial octets and stay valid DER; header flips fail.
        #expect(accepted > 0 && rejected > 0, "accepted \(accepted), rejected \(rejected)")
    }

    @Test("length edits fail exactly at the edited length octets")
    func lengthEdits() throws {
        // Replacement length octets and the error each must give at the edited position.
        let edits: [(octets: [UInt8], kind: DERError.Kind)] = [
            ([0x80], .indefiniteLength),
            ([0x85, 0, 0, 0, 0, 1], .lengthTooLong),
            ([0xFF], .lengthTooLong),
            ([0x81, 0x05], .nonMinimalLength),
            ([0x82, 0x00, 0x85], .nonMinimalLength),
            ([0x84, 0x7F, 0xFF, 0xFF, 0xFF], .elementTooLarge),
        ]
        for seed in Self.seeds.prefix(3) {
            let elements = try Self.structuralElements(DERNode.parse(seed[...]))
            for (element, parentEnd) in elements {
                let lengthStart = element.offset + 1
                for edit in edits {
                    // The enclosing lengths stay as they were: pad a shorter input at the end so
                    // that they still fit, and everything before the edit reads as before.
                    var mutated = Array(seed[..<lengthStart])
                    mutated += edit.octets
                    mutated += seed[(element.offset + element.headerLength)...]
                    mutated += [UInt8](repeating: 0, count: max(0, seed.count - mutated.count))
                    let outcome = Self.walk(mutated)
                    guard case .failure(let error) = outcome else {
                        Issue.record("edit \(edit.octets) at \(lengthStart) accepted")
                        continue
                    }
                    // Length octets that run past the parent's content are truncated there, unless
                    // the first octet alone is already wrong.
                    let decisive = edit.kind == .indefiniteLength || edit.kind == .lengthTooLong ? 1 : edit.octets.count
                    let fits = lengthStart + decisive <= parentEnd
                    #expect(error == DERError(fits ? edit.kind : .truncated, at: lengthStart), "edit \(edit.octets)")
                }
                // Lengths one off either way must fail somewhere (never trap, never be accepted
                // unless the element is the last of its parent and shrinks into a valid prefix).
                for delta in [-1, 1] where element.length + delta >= 0 && element.length + delta < 0x80
                    && element.headerLength == 2
                {
                    var mutated = seed
                    mutated[lengthStart] = UInt8(element.length + delta)
                    _ = Self.walk(mutated)
                }
            }
        }
    }

    @Test("deep nesting stops at the limit, for constructed elements and encapsulated strings")
    func deepNesting() throws {
        let limit = DERLimits.maximumNestingDepth
        // `limit` SEQUENCEs (depths 0…limit − 1) around a NULL at depth `limit` walk; one more
        // SEQUENCE fails where it starts (two header octets per level: offset 2 · limit).
        let allowed = Self.nested(depth: limit, tag: 0x30, innermost: [0x05, 0x00])
        #expect(throws: Never.self) { try DERNode.parse(allowed[...]) }
        let tooDeep = Self.nested(depth: limit + 1, tag: 0x30, innermost: [0x05, 0x00])
        #expect(throws: DERError(.nestingTooDeep, at: 2 * limit)) {
            try DERNode.parse(tooDeep[...])
        }
        // Deep constructed context tags fail the same way, far from the stack's limit.
        let contextTags = Self.nested(depth: 10_000, tag: 0xA0, innermost: [])
        let elapsed = ContinuousClock().measure {
            #expect(throws: DERError.self) { try DERNode.parse(contextTags[...]) }
        }
        #expect(elapsed < Self.slowInputLimit * 10)
        // OCTET STRINGs nested 10,000 deep: encapsulation stops at the depth limit and the rest
        // is shown as data; the walk succeeds and stays shallow.
        let strings = Self.nested(depth: 10_000, tag: 0x04, innermost: [0x05, 0x00])
        let nodes = try DERNode.parse(strings[...])
        var depth = 0
        var node = nodes.first
        while let current = node {
            depth += 1
            node = current.encapsulated.first
        }
        #expect(depth == limit + 1)
    }

    @Test("random edits of every seed never trap or hang")
    func randomEdits() {
        var random = SplitMix64(seed: 0x5EED_0F_D3E)
        var slowest: Duration = .zero
        for seed in Self.seeds {
            for _ in 0..<300 {
                let mutated = Self.mutate(seed, &random)
                let elapsed = Self.bestOfThree { _ = Self.walk(mutated) }
                slowest = max(slowest, elapsed)
            }
        }
        #expect(slowest < Self.slowInputLimit, "slowest input took \(slowest)")
    }

    // MARK: Helpers

    static func walk(_ bytes: [UInt8]) -> Result<[DERNode], DERError> {
        Result { () throws(DERError) in try DERNode.parse(bytes[...]) }
    }

    static func bestOfThree(_ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        var best = clock.measure(body)
        if best >= slowInputLimit {
            for _ in 0..<2 { best = min(best, clock.measure(body)) }
        }
        return best
    }

    /// Elements reached through constructed children only (not inside encapsulated strings, whose
    /// failures are swallowed), excluding the outermost, each with the end of its parent's content.
    static func structuralElements(_ nodes: [DERNode]) -> [(element: DERElement, parentEnd: Int)] {
        var elements: [(element: DERElement, parentEnd: Int)] = []
        func collect(_ node: DERNode) {
            for child in node.children {
                elements.append((child.element, node.element.content.endIndex))
                collect(child)
            }
        }
        nodes.forEach(collect)
        return elements
    }

    /// Children of every constructed node tile its content exactly, and every range is in bounds.
    static func checkTiling(_ nodes: [DERNode], covering bytes: ArraySlice<UInt8>) {
        var position = bytes.startIndex
        for node in nodes {
            #expect(node.element.offset == position)
            #expect(node.element.encoded.endIndex <= bytes.endIndex)
            if node.element.tag.isConstructed { checkTiling(node.children, covering: node.element.content) }
            position = node.element.encoded.endIndex
        }
        #expect(position == bytes.endIndex)
    }

    /// `depth` elements with identifier `tag`, each the only content of the one before.
    static func nested(depth: Int, tag: UInt8, innermost: [UInt8]) -> [UInt8] {
        var reversedOutput: [UInt8] = innermost.reversed()
        for _ in 0..<depth {
            let length = reversedOutput.count
            var header: [UInt8] = [tag]
            if length < 0x80 {
                header.append(UInt8(length))
            } else {
                let octets = (0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * (3 - $0))) }.drop { $0 == 0 }
                header.append(0x80 | UInt8(octets.count))
                header += octets
            }
            reversedOutput += header.reversed()
        }
        return reversedOutput.reversed()
    }

    static func mutate(_ seed: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = seed
        for _ in 0..<(1 + Int(random.next() % 4)) {
            guard !bytes.isEmpty else { break }
            let index = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 5 {
            case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: index)
            case 2: bytes.remove(at: index)
            case 3:
                let end = min(bytes.count, index + 1 + Int(random.next() % 64))
                bytes.insert(contentsOf: bytes[index..<end], at: index)
            default:
                bytes[index] = [0x00, 0x7F, 0x80, 0x81, 0x84, 0xFF, 0x30, 0xA0][Int(random.next() % 8)]
            }
        }
        return bytes
    }
}

/// A small deterministic generator (Steele, Lea, Flood 2014), so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
