import Testing
import VouchHTTP

@Suite struct HostOverrideTests {
    @Test("curl's --resolve forms")
    func resolve() throws {
        _ = try HostOverride.resolve("crt.example.com:80:127.0.0.1")
        _ = try HostOverride.resolve("crt.example.com:8080:127.0.0.1,::1")
        _ = try HostOverride.resolve("crt.example.com:80:[::1],10.0.0.1")
        _ = try HostOverride.resolve("*:80:127.0.0.1")
        _ = try HostOverride.resolve("[::1]:80:127.0.0.1")
        #expect(try HostOverride.resolve("a:80:127.0.0.1") == HostOverride.resolve("A:80:127.0.0.1"))
    }

    static let badResolve = [
        "crt.example.com:127.0.0.1", "crt.example.com:0:127.0.0.1", "crt.example.com:99999:127.0.0.1",
        "crt.example.com:80:", "crt.example.com:80:localhost", "crt.example.com:80:1.2.3.4,", "[::1:80:1.2.3.4", "nothing",
    ]

    @Test("malformed --resolve texts are refused", arguments: badResolve)
    func refusesResolve(_ text: String) {
        #expect(performing: { try HostOverride.resolve(text) }, throws: { error in
            if case .invalidOverride(let reason)? = error as? HTTPError { return reason.contains(text) }
            return false
        })
    }

    @Test("curl's --connect-to forms")
    func connectTo() throws {
        _ = try HostOverride.connectTo("crt.example.com:80:127.0.0.1:8080")
        _ = try HostOverride.connectTo("::localhost:")
        _ = try HostOverride.connectTo("crt.example.com::[::1]:8080")
        _ = try HostOverride.connectTo(":80:other.example:")
    }

    static let badConnectTo = ["a:80:b", "a:80:b:c", "a:80:b:8080:9", "a:x:b:80", "a:80:bad host:80", "a"]

    @Test("malformed --connect-to texts are refused", arguments: badConnectTo)
    func refusesConnectTo(_ text: String) {
        #expect(throws: HTTPError.self) { try HostOverride.connectTo(text) }
    }
}
