import FuzzSupport
import VouchPropertyList

/// The XML property-list reader: any bytes, with the default limits, then every accessor of the
/// value it returns.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzInput(data, size) { bytes in
        guard let value = try? PropertyListReader.parse(bytes) else { return }
        _ = (value.typeName, value[key: "trustList"], value[index: 0], value.dictionaryValue?.count, value.arrayValue?.count)
    }
}
