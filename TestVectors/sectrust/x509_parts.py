"""DER encoder and X.509 pieces for make.py (not run on its own): X.690 TLVs, names, public keys,
signature algorithms and extensions, each a function returning DER bytes."""
import hashlib
import ipaddress

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa

# ---------------------------------------------------------------------------------------------
# A small DER encoder (X.690): enough for certificates, nothing clever.

def tlv(tag, content):
    n = len(content)
    if n < 0x80:
        length = bytes([n])
    else:
        body = n.to_bytes((n.bit_length() + 7) // 8, "big")
        length = bytes([0x80 | len(body)]) + body
    return bytes([tag]) + length + content


def seq(*items):
    return tlv(0x30, b"".join(items))


def set_of(*items):
    return tlv(0x31, b"".join(sorted(items)))


def integer(n):
    if n == 0:
        return tlv(0x02, b"\x00")
    body = n.to_bytes((n.bit_length() + 8) // 8, "big", signed=True)   # room for the sign bit
    return tlv(0x02, body)


def oid(dotted):
    arcs = [int(a) for a in dotted.split(".")]
    out = [40 * arcs[0] + arcs[1]] + arcs[2:]
    body = b""
    for arc in out:
        chunk = [arc & 0x7F]
        arc >>= 7
        while arc:
            chunk.insert(0, 0x80 | (arc & 0x7F))
            arc >>= 7
        body += bytes(chunk)
    return tlv(0x06, body)


NULL = tlv(0x05, b"")


def boolean(value):
    return tlv(0x01, b"\xff" if value else b"\x00")


def octets(b):
    return tlv(0x04, b)


def bits(b, unused=0):
    return tlv(0x03, bytes([unused]) + b)


def explicit(n, inner):
    return tlv(0xA0 | n, inner)


def printable(s):
    return tlv(0x13, s.encode("ascii"))


def utf8(s):
    return tlv(0x0C, s.encode("utf-8"))


def der_time(t):
    """RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050."""
    if t.year < 2050:
        return tlv(0x17, t.strftime("%y%m%d%H%M%SZ").encode())
    return tlv(0x18, t.strftime("%Y%m%d%H%M%SZ").encode())


def read_tlv(data, pos=0):
    """(tag, content start, content end) of the element at pos; for the self-checks."""
    tag, first = data[pos], data[pos + 1]
    pos += 2
    if first < 0x80:
        return tag, pos, pos + first
    count = first & 0x7F
    n = int.from_bytes(data[pos:pos + count], "big")
    return tag, pos + count, pos + count + n


def children(data):
    out, pos = [], 0
    while pos < len(data):
        tag, start, end = read_tlv(data, pos)
        out.append((tag, data[pos:end], data[start:end]))
        pos = end
    return out


# ---------------------------------------------------------------------------------------------
# Names. Every attribute is a PrintableString unless a case says otherwise (§2.2: only
# PrintableString is normalized; #41 needs the same text as UTF8String).

OID_C, OID_O, OID_CN = "2.5.4.6", "2.5.4.10", "2.5.4.3"


def name(common_name, string=printable, issuer_org=None):
    return seq(
        set_of(seq(oid(OID_C), printable("US"))),
        set_of(seq(oid(OID_O), string(issuer_org or "Vouch SecTrust Vectors"))),
        set_of(seq(oid(OID_CN), string(common_name))),
    )


ROOT_NAME = name("Vouch SecTrust Root CA")
INT_NAME = name("Vouch SecTrust Intermediate CA")

# ---------------------------------------------------------------------------------------------
# Keys (memory only) and SubjectPublicKeyInfo.


def spki_of(public_key):
    return public_key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


def key_bits_of(spki):
    """The subjectPublicKey BIT STRING contents (without the unused-bits byte)."""
    _, start, end = read_tlv(spki)
    (_, _, alg), (_, _, bitstring) = children(spki[start:end])
    return bitstring[1:]


def probable_prime(bit_count, rng):
    while True:
        n = rng.getrandbits(bit_count) | (1 << (bit_count - 1)) | (1 << (bit_count - 2)) | 1
        if all(n % p for p in (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)) and miller_rabin(n, rng):
            return n


def miller_rabin(n, rng, rounds=40):
    d, r = n - 1, 0
    while d % 2 == 0:
        d //= 2
        r += 1
    for _ in range(rounds):
        x = pow(rng.randrange(2, n - 1), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def rsa512_spki():
    """`cryptography` refuses to make RSA keys below 1024 bits; only the public half is needed."""
    import random
    rng = random.SystemRandom()
    while True:
        p, q = probable_prime(256, rng), probable_prime(256, rng)
        n = p * q
        if p != q and n.bit_length() == 512 and (p - 1) % 65537 and (q - 1) % 65537:
            break
    return seq(seq(oid("1.2.840.113549.1.1.1"), NULL), bits(seq(integer(n), integer(65537))))


# ---------------------------------------------------------------------------------------------
# Signature algorithms: (AlgorithmIdentifier DER, sign function).

def _pss_params():
    sha256 = seq(oid("2.16.840.1.101.3.4.2.1"), NULL)
    mgf1 = seq(oid("1.2.840.113549.1.1.8"), sha256)
    return seq(explicit(0, sha256), explicit(1, mgf1), explicit(2, integer(32)))


SIG_ALGS = {
    "sha256WithRSAEncryption": (seq(oid("1.2.840.113549.1.1.11"), NULL),
                                lambda k, d: k.sign(d, padding.PKCS1v15(), hashes.SHA256())),
    "sha1WithRSAEncryption": (seq(oid("1.2.840.113549.1.1.5"), NULL),
                              lambda k, d: k.sign(d, padding.PKCS1v15(), hashes.SHA1())),
    "md5WithRSAEncryption": (seq(oid("1.2.840.113549.1.1.4"), NULL),
                             lambda k, d: k.sign(d, padding.PKCS1v15(), hashes.MD5())),
    "RSASSA-PSS-SHA256": (seq(oid("1.2.840.113549.1.1.10"), _pss_params()),
                          lambda k, d: k.sign(d, padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32),
                                              hashes.SHA256())),
    "ecdsa-with-SHA256": (seq(oid("1.2.840.10045.4.3.2")),
                          lambda k, d: k.sign(d, ec.ECDSA(hashes.SHA256()))),
    "ecdsa-with-SHA1": (seq(oid("1.2.840.10045.4.1")),
                        lambda k, d: k.sign(d, ec.ECDSA(hashes.SHA1()))),
}


def default_alg(private_key):
    return "sha256WithRSAEncryption" if isinstance(private_key, rsa.RSAPrivateKey) else "ecdsa-with-SHA256"


# ---------------------------------------------------------------------------------------------
# Extensions: (oid, critical, value DER).

EKU_SERVER, EKU_CLIENT, EKU_ANY = "1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2", "2.5.29.37.0"
UNKNOWN_CRITICAL_OID = "1.3.6.1.4.1.32473.1.1"   # PEN 32473 is the RFC 5612 documentation number


def ext(ext_oid, critical, value):
    return seq(oid(ext_oid), boolean(True), octets(value)) if critical else seq(oid(ext_oid), octets(value))


def basic_constraints(ca, path_len=None, critical=True):
    inner = (boolean(True) if ca else b"") + (integer(path_len) if path_len is not None else b"")
    return ext("2.5.29.19", critical, seq(inner))


KU_BITS = {"digitalSignature": 0, "keyEncipherment": 2, "keyCertSign": 5, "cRLSign": 6}


def key_usage(*names, critical=True):
    value = 0
    for n in names:
        value |= 0x80 >> KU_BITS[n]
    last = max(KU_BITS[n] for n in names)
    return ext("2.5.29.15", critical, bits(bytes([value]), unused=7 - last))


def ski(spki):
    return ext("2.5.29.14", False, octets(hashlib.sha1(key_bits_of(spki)).digest()))


def aki(key_id):
    return ext("2.5.29.35", False, seq(tlv(0x80, key_id)))


def ski_bytes(spki):
    return hashlib.sha1(key_bits_of(spki)).digest()


def san(*entries, critical=False):
    names = []
    for entry in entries:
        if entry.startswith("ip:"):
            names.append(tlv(0x87, ipaddress.ip_address(entry[3:]).packed))
        else:
            names.append(tlv(0x82, entry.encode("ascii")))
    return ext("2.5.29.17", critical, seq(*names))


def eku(*oids):
    return ext("2.5.29.37", False, seq(*(oid(o) for o in oids)))


def name_constraints_permitted_dns(dns):
    return ext("2.5.29.30", True, seq(tlv(0xA0, seq(tlv(0x82, dns.encode("ascii"))))))


def unknown_critical():
    return ext(UNKNOWN_CRITICAL_OID, True, utf8("Vouch test: nobody understands this"))
