import Crypto

/// libFuzzer's own mutator, for the bytes of one leaf or of the hostname.
@_silgen_name("LLVMFuzzerMutate")
func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// The structure-aware mutator: splits the input into hostname and certificates, applies one to
/// three tree mutations (swap, duplicate, drop or edit elements; copy an element from one
/// certificate to another, a subject into an issuer most often; reorder, duplicate or drop whole
/// certificates; edit the hostname), re-encodes the lengths and re-signs every certificate with
/// `TestKey`, then writes the result back if it fits in `maxSize`. An input it cannot split is
/// handed to libFuzzer's mutator unchanged.
@_cdecl("LLVMFuzzerCustomMutator")
public func customMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var random = SplitMix(seed: UInt64(seed))
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard var input = TrustInput(bytes), !input.certificates.isEmpty else {
        return LLVMFuzzerMutate(data, size, maxSize)
    }
    for _ in 0...random.below(3) { input.mutate(&random) }
    input.resign()
    let output = input.encoded
    guard output.count <= maxSize else { return LLVMFuzzerMutate(data, size, maxSize) }
    for (index, octet) in output.enumerated() { data[index] = octet }
    return output.count
}

/// A trust input as a hostname and certificate trees.
struct TrustInput {
    var hostname: [UInt8]
    var certificates: [DERTree]

    /// Most certificates a mutation may make: more only slow the search down.
    static let maximumCertificates = 12

    init?(_ bytes: [UInt8]) {
        guard let length = bytes.first.map(Int.init), bytes.count > length else { return nil }
        hostname = Array(bytes[1..<(1 + length)])
        guard let trees = DERTree.parseAll(bytes, 1 + length, bytes.count, depth: 0) else { return nil }
        certificates = trees
    }

    var encoded: [UInt8] {
        [UInt8(hostname.count)] + hostname + certificates.flatMap(\.encoded)
    }

    mutating func mutate(_ random: inout SplitMix) {
        let nodes = certificates.flatMap(\.all)
        let parents = nodes.filter { ($0.children?.count ?? 0) > 0 }
        switch random.below(10) {
        case 0:  // swap two siblings
            guard let parent = random.element(parents), let count = parent.children?.count, count > 1 else { return }
            parent.children?.swapAt(random.below(count), random.below(count))
        case 1:  // duplicate an element next to itself
            guard let parent = random.element(parents), let children = parent.children else { return }
            let index = random.below(children.count)
            parent.children?.insert(children[index].copy(), at: index)
        case 2:  // drop an element
            guard let parent = random.element(parents), let count = parent.children?.count else { return }
            parent.children?.remove(at: random.below(count))
        case 3, 4:  // edit a leaf's bytes with libFuzzer's mutator
            guard let leaf = random.element(nodes.filter { $0.children == nil }) else { return }
            leaf.content = Self.mutated(leaf.content, room: 32)
        case 5:  // copy any element over another of the same tag, across certificates
            guard let source = random.element(nodes) else { return }
            let sameTag = nodes.filter { $0.tag == source.tag && $0 !== source }
            guard let target = random.element(sameTag) else { return }
            let copy = source.copy()
            (target.children, target.content) = (copy.children, copy.content)
        case 6, 7:  // link: one certificate's issuer becomes another's subject
            let names = certificates.compactMap(TBS.init)
            guard let child = random.element(names), let parent = random.element(names) else { return }
            let subject = parent.subject.copy()
            (child.issuer.children, child.issuer.content) = (subject.children, subject.content)
        case 8:  // reorder, duplicate or drop whole certificates
            let count = certificates.count
            switch random.below(3) {
            case 0: certificates.swapAt(random.below(count), random.below(count))
            case 1 where count < Self.maximumCertificates: certificates.insert(certificates[random.below(count)].copy(), at: random.below(count))
            default: if count > 2 { certificates.remove(at: random.below(count)) }
            }
        default:  // the hostname
            hostname = Array(Self.mutated(hostname, room: 16).prefix(255))
        }
    }

    /// `bytes` after libFuzzer's mutator, allowed to grow by `room`.
    static func mutated(_ bytes: [UInt8], room: Int) -> [UInt8] {
        var buffer = bytes + [UInt8](repeating: 0, count: room)
        let size = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.baseAddress.map { LLVMFuzzerMutate($0, bytes.count, pointer.count) } ?? bytes.count
        }
        return Array(buffer.prefix(size))
    }

    /// Gives every certificate that still has the Certificate shape the test key and a signature by it.
    func resign() {
        for certificate in certificates {
            guard let tbs = TBS(certificate), var children = certificate.children, children.count >= 3 else { continue }
            tbs.signature.replace(with: TestKey.algorithm)
            tbs.subjectPublicKeyInfo.replace(with: TestKey.subjectPublicKeyInfo)
            guard let signature = try? TestKey.privateKey.signature(for: tbs.node.encoded) else { continue }
            children[1] = TestKey.algorithm.copy()
            children[2] = DERTree(tag: [0x03], children: nil, content: [0x00] + Array(signature.derRepresentation))
            certificate.children = children
        }
    }
}

/// The TBSCertificate fields a mutation or the re-signing touches, found by position.
struct TBS {
    let node: DERTree
    let signature: DERTree
    let issuer: DERTree
    let subject: DERTree
    let subjectPublicKeyInfo: DERTree

    init?(_ certificate: DERTree) {
        guard let tbs = certificate.children?.first, let fields = tbs.children else { return nil }
        let base = fields.first?.tag == [0xA0] ? 1 : 0
        guard fields.count >= base + 6 else { return nil }
        node = tbs
        signature = fields[base + 1]
        issuer = fields[base + 2]
        subject = fields[base + 4]
        subjectPublicKeyInfo = fields[base + 5]
    }
}

extension DERTree {
    func replace(with other: DERTree) {
        let copy = other.copy()
        (tag, children, content) = (copy.tag, copy.children, copy.content)
    }
}

/// The fixed test key every certificate is re-signed with (a P-256 key of the constant scalar
/// below, for fuzzing only), its SubjectPublicKeyInfo and ecdsa-with-SHA256.
enum TestKey {
    static let privateKey: P256.Signing.PrivateKey = {
        let scalar = [UInt8](repeating: 0x5A, count: 32)
        // A constant in the range of P-256 scalars: construction cannot fail.
        return (try? P256.Signing.PrivateKey(rawRepresentation: scalar)) ?? P256.Signing.PrivateKey()
    }()
    static let subjectPublicKeyInfoBytes = Array(privateKey.publicKey.derRepresentation)
    static let algorithmBytes: [UInt8] = [0x30, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02]
    /// Fresh trees each time: trees are mutable.
    static var subjectPublicKeyInfo: DERTree { tree(subjectPublicKeyInfoBytes) }
    static var algorithm: DERTree { tree(algorithmBytes) }

    static func tree(_ bytes: [UInt8]) -> DERTree {
        DERTree.parse(bytes, 0, bytes.count, depth: 0)?.0 ?? DERTree(tag: [0x05], children: nil, content: [])
    }
}

/// A small deterministic generator seeded by libFuzzer (SplitMix64).
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in 0..<bound (0 when bound is 0).
    mutating func below(_ bound: Int) -> Int {
        bound > 0 ? Int(next() % UInt64(bound)) : 0
    }

    mutating func element<T>(_ array: [T]) -> T? {
        array.isEmpty ? nil : array[below(array.count)]
    }
}
