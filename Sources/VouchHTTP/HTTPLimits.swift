/// The bounds of the HTTP client, its response parser and its resolver, each with its reason.
///
/// A server (or a DNS answer) reached through a URL taken from a peer's certificate is hostile
/// until proven otherwise, so every count and size it controls is bounded here.
public enum HTTPLimits {
    /// The largest body a fetch accepts: 1 MiB, as SECTRUST.md §16.7 recommends. A certificate, a
    /// certs-only CMS bundle or an OCSP response is a few kilobytes; anything near this is not one.
    public static let maximumBodyBytes = 1 << 20

    /// The largest status line plus header section (and, separately, trailer section): 32 KiB.
    /// Real responses carry under 1 KiB; common servers refuse request heads above 8–16 KiB.
    public static let maximumHeaderBytes = 32 * 1024

    /// The most header fields (and, separately, trailer fields) in one response: 100, as nginx's
    /// and libcurl's practical limits are of that order, and a certificate server sends under 20.
    public static let maximumHeaderCount = 100

    /// The most hexadecimal digits of a chunk size: 8 (4 GiB − 1), which holds every size below
    /// the body cap and keeps the arithmetic far from overflow.
    public static let maximumChunkSizeDigits = 8

    /// The longest chunk-size line, extensions included: 4 KiB. Extensions are ignored; the bound
    /// stops a server from growing the buffer with one endless line.
    public static let maximumChunkLineBytes = 4096

    /// The most interim (1xx) responses skipped before the final one: 8. A server sends at most
    /// one `100 Continue` or a few `103 Early Hints`; more is a stalling server.
    public static let maximumInterimResponses = 8

    /// The longest URL the client parses: 4 KiB. Apple's OCSP GET URLs stay under 256 bytes and
    /// caIssuers URLs are short; the bound keeps a hostile certificate from costing more.
    public static let maximumURLBytes = 4096

    /// The most addresses tried for one host: 16 (resolver answers, `/etc/hosts` lines or
    /// override lists beyond them are ignored), so that a hostile DNS answer cannot make one fetch
    /// cycle through hundreds of addresses.
    public static let maximumAddresses = 16

    /// The most nameservers read from resolv.conf: 3, glibc's `MAXNS`.
    public static let maximumNameservers = 3

    /// The time one DNS query waits for one nameserver's answer before the next: 1 s (glibc's
    /// default is 5 s, but the whole fetch has 3 s in the engine). The fetch's deadline still bounds it.
    public static let dnsQueryTimeout: Duration = .seconds(1)

    /// The largest DNS message read over UDP: 4,096 bytes. Without EDNS a server sends at most
    /// 512; the extra room costs nothing and accepts servers that send more.
    public static let maximumDNSMessageBytes = 4096

    /// The most resource records read from one DNS answer (answer section): 64.
    public static let maximumDNSAnswerRecords = 64

    /// The most compression pointers followed in one DNS name: 16 (a name has at most 127 labels,
    /// and real answers use one or two pointers per name); it stops pointer loops.
    public static let maximumDNSPointerHops = 16

    /// The longest DNS name, in presentation form without the final dot: 253 (RFC 1035 §2.3.4's
    /// 255 octets on the wire).
    public static let maximumDNSNameBytes = 253

    /// The most CNAME links followed within one answer: 8 (glibc follows up to 16 through the
    /// server's recursion; one answer rarely carries more than two).
    public static let maximumCNAMELinks = 8

    /// The most unrelated UDP datagrams (wrong id or question) ignored while waiting for an answer:
    /// 16, so a flood of spoofed replies cannot keep the resolver busy until the deadline.
    public static let maximumIgnoredDatagrams = 16

    /// The largest `/etc/hosts` or `/etc/resolv.conf` read: 1 MiB; larger files are read up to it.
    public static let maximumConfigurationFileBytes = 1 << 20

    /// The most bytes read from the socket at once: 16 KiB.
    static let receiveBufferBytes = 16 * 1024
}
