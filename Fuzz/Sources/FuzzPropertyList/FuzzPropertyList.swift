import FuzzSupport
import VouchPinning
import VouchTrust
import VouchPropertyList

/// The XML property-list reader: any bytes, with the default limits, then every accessor of the
/// value it returns; and the Certificate Transparency log-list reader over the same bytes (Apple's
/// trusted-logs property list or a v3 log_list.json, told apart by their first byte).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzInput(data, size) { bytes in
        do throws(CertificateTransparencyLogListError) {
            let logs = try CertificateTransparencyLogListFile.read(Array(bytes))
            _ = logs.logs.map { ($0.description, $0.operatorName, $0.retired) }
        } catch { _ = error.description }
        guard let value = try? PropertyListReader.parse(bytes) else { return }
        _ = (value.typeName, value[key: "trustList"], value[index: 0], value.dictionaryValue?.count, value.arrayValue?.count)
    }
}
