/// Punycode (RFC 3492) encoding of one label, for turning the Public Suffix List's Unicode rules
/// (`公司.cn`) into the `xn--` form certificates carry (`xn--55qx5d.cn`).
///
/// Only encoding, and only of labels the list already gives in IDNA's mapped form (lower case,
/// NFC): no mapping or validation is done here.
enum Punycode {
    // RFC 3492 §5 parameter values for Punycode.
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 0x80

    /// The ACE prefix of IDNA (RFC 5890 §2.3.2.5).
    static let acePrefix = "xn--"

    /// `label` as an A-label (`xn--…`) if it has a character outside ASCII, `label` itself if
    /// not, `nil` if it is longer than a DNS label may be.
    static func aLabel(_ label: Substring) -> String? {
        guard !label.unicodeScalars.allSatisfy(\.isASCII) else { return String(label) }
        return encode(Array(label.unicodeScalars).map(\.value)).map { acePrefix + $0 }
    }

    /// RFC 3492 §6.3 encoding of `input` code points; `nil` for input longer than a DNS label
    /// (which also keeps every step far from overflow).
    static func encode(_ input: [UInt32]) -> String? {
        guard input.count <= HostnameLimits.maximumLabelLength else { return nil }
        let codePoints = input.map { Int($0) }
        var output: [UInt8] = codePoints.filter { $0 < initialN }.map { UInt8(truncatingIfNeeded: $0) }
        let basicCount = output.count
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        var handled = basicCount
        while handled < codePoints.count {
            guard let next = codePoints.filter({ $0 >= n }).min() else { return nil }
            // With at most 63 code points below 0x110000, delta stays below 2^32.
            delta += (next - n) * (handled + 1)
            n = next
            for codePoint in codePoints {
                if codePoint < n { delta += 1 }
                guard codePoint == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, pointCount: handled + 1, isFirst: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// RFC 3492 §6.1 bias adaptation.
    private static func adapt(_ delta: Int, pointCount: Int, isFirst: Bool) -> Int {
        var delta = isFirst ? delta / damp : delta / 2
        delta += delta / pointCount
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// The basic code point for digit value `value` (0–35): `a`–`z`, then `0`–`9`.
    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(truncatingIfNeeded: value) : UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value - 26)
    }
}
