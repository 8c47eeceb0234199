extension Array where Element: FixedWidthInteger {
    /// `count` zeros (`count` ≥ 0), allocated by code specialised for `Element`.
    ///
    /// `Array(repeating:count:)` and `Array(unsafeUninitializedCapacity:initializingWith:)` allocate
    /// through the standard library's `_allocateBufferUninitialized(minimumCapacity:)`, which is not
    /// inlinable and so never specialised: each call looks `_ContiguousArrayStorage<Element>` up in
    /// the runtime's metadata cache (`swift_getCanonicalPrespecializedGenericMetadata`), about 650
    /// instructions, more than the rest of a small allocation. Copying a `repeatElement` collection
    /// goes through the inlinable `_copyCollectionToContiguousArray` instead, whose metadata access
    /// is cached at the call site. Hot paths use this; elsewhere `Array(repeating:count:)` is fine.
    @inline(__always)
    init(zeros count: Int) {
        self.init(repeatElement(0, count: count))
    }
}
