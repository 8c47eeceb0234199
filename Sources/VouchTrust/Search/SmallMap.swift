/// A map for the handful of entries one evaluation usually holds, with a dictionary's lookups
/// once it grows.
///
/// A chain of three puts two to four entries in each of the pool's indexes. A `Dictionary` costs
/// more than that work: making its storage asks the runtime for the storage's generic type
/// metadata (about 1,500 instructions, since `Dictionary`'s allocation is not specialised into
/// the caller), and every lookup hashes the whole key (a normalised name or a public key is a
/// hundred octets or more). Up to ``linearLimit`` entries this map keeps one array and compares
/// keys in turn, which for keys that differ early or in length is a few instructions each; past
/// that it adds a dictionary from key to position, so a pool of many certificates (a hostile
/// one, or a store of roots) still finds each key in constant time.
///
/// Entries keep the order they were added in; a key's entry stays where it was first added.
struct SmallMap<Key: Hashable, Value> {
    /// The entries, in the order their keys were first added.
    private(set) var entries: [(key: Key, value: Value)] = []
    /// Position of each key in `entries`, kept once there are more than ``linearLimit``.
    private var positions: [Key: Int]? = nil

    /// The most entries searched one by one. Eight: comparing eight keys that differ costs about
    /// what hashing one normalised name does, and an evaluation of an ordinary chain stays under it.
    static var linearLimit: Int { 8 }

    init() {}

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// Where `key`'s entry is, if there is one.
    private func position(of key: Key) -> Int? {
        if let positions { return positions[key] }
        for position in entries.indices where entries[position].key == key { return position }
        return nil
    }

    /// The value for `key`; setting `nil` removes the entry.
    subscript(key: Key) -> Value? {
        get { position(of: key).map { entries[$0].value } }
        set {
            switch (position(of: key), newValue) {
            case (let position?, let value?): entries[position].value = value
            case (nil, let value?): append(key, value)
            case (let position?, nil):
                entries.remove(at: position)
                positions = nil
                indexIfLarge()
            case (nil, nil): break
            }
        }
    }

    /// Changes the value for `key` in place, starting from `defaultValue` when there is none
    /// (as `Dictionary`'s `subscript(_:default:)` does).
    mutating func update(_ key: Key, default defaultValue: @autoclosure () -> Value, _ change: (inout Value) -> Void) {
        let position = position(of: key) ?? append(key, defaultValue())
        change(&entries[position].value)
    }

    /// Room for `count` more entries.
    mutating func reserve(_ count: Int) {
        entries.reserveCapacity(entries.count + count)
        positions?.reserveCapacity(entries.count + count)
    }

    @discardableResult
    private mutating func append(_ key: Key, _ value: Value) -> Int {
        entries.append((key, value))
        let position = entries.count - 1
        if positions != nil {
            positions?[key] = position
        } else {
            indexIfLarge()
        }
        return position
    }

    /// Builds the positions once the entries outgrow linear search.
    private mutating func indexIfLarge() {
        guard positions == nil, entries.count > Self.linearLimit else { return }
        var index = [Key: Int](minimumCapacity: 2 * entries.count)
        for (position, entry) in entries.enumerated() { index[entry.key] = position }
        positions = index
    }
}

extension SmallMap: Sendable where Key: Sendable, Value: Sendable {}
