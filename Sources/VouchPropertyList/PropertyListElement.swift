/// The elements of Apple's `PropertyList-1.0.dtd`; any other name is refused.
enum PropertyListElement: String {
    case plist, dict, key, array, string, integer, real, `true`, `false`, date, data

    /// The element called `name`, if the DTD has one.
    init?(name: ArraySlice<UInt8>) {
        // Names are short; a long run of bytes is no element (and is not copied into a String).
        guard name.count <= 7 else { return nil }
        self.init(rawValue: String(decoding: name, as: UTF8.self))
    }
}

/// A start tag as read: which element, where its `<` is, and whether it was `<name/>`.
struct StartTag {
    let element: PropertyListElement
    let offset: Int
    let isEmpty: Bool
}
