"""DER encoder, deterministic keys and a certificate/CRL builder for make.py (not run on its own).

Every certificate is a `CertSpec`: each TBSCertificate field as DER bytes (or a value the builder
encodes), its extensions as an ordered list, and the key that signs it. `build` encodes and signs;
`make.py` mutates a copy of the base chain's specs and builds again, so a changed certificate is
always re-signed by its issuer. Keys are derived from fixed labels and ECDSA signatures are
deterministic (RFC 6979), so every run writes the same bytes.
"""
import copy
import datetime
import hashlib

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa

UTC = datetime.timezone.utc

# ---------------------------------------------------------------------------------------------
# X.690 DER, enough for certificates and CRLs.


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
    """A DER INTEGER from a Python int (two's complement, minimal)."""
    if n == 0:
        return tlv(0x02, b"\x00")
    return tlv(0x02, n.to_bytes((n.bit_length() + 8) // 8, "big", signed=True))


def integer_octets(content):
    """An INTEGER with exactly these content octets (for serials that break the rules)."""
    return tlv(0x02, content)


def oid(dotted):
    arcs = [int(a) for a in dotted.split(".")]
    body = b""
    for arc in [40 * arcs[0] + arcs[1]] + arcs[2:]:
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


def octets(content):
    return tlv(0x04, content)


def bit_string(content, unused=0):
    return tlv(0x03, bytes([unused]) + content)


def enumerated(n):
    return tlv(0x0A, bytes([n]))


def explicit(n, inner):
    return tlv(0xA0 | n, inner)


def implicit_primitive(n, content):
    return tlv(0x80 | n, content)


def implicit_constructed(n, content):
    return tlv(0xA0 | n, content)


def printable(text):
    return tlv(0x13, text.encode("ascii"))


def utf8(text):
    return tlv(0x0C, text.encode("utf-8"))


def ia5(text):
    return tlv(0x16, text.encode("ascii"))


def utc_time(t):
    return tlv(0x17, t.strftime("%y%m%d%H%M%SZ").encode())


def generalized_time(t):
    return tlv(0x18, t.strftime("%Y%m%d%H%M%SZ").encode())


def der_time(t):
    """RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050."""
    return utc_time(t) if t.year < 2050 else generalized_time(t)


def named_bits(*positions):
    """A DER BIT STRING of named bits (X.690 §11.2.2: trailing zero bits removed)."""
    if not positions:
        return bit_string(b"")
    top = max(positions)
    body = bytearray(top // 8 + 1)
    for p in positions:
        body[p // 8] |= 0x80 >> (p % 8)
    return bit_string(bytes(body), unused=7 - top % 8)


# ---------------------------------------------------------------------------------------------
# OIDs.

class OID:
    country = "2.5.4.6"
    organization = "2.5.4.10"
    common_name = "2.5.4.3"
    email_address = "1.2.840.113549.1.9.1"
    ecdsa_sha256 = "1.2.840.10045.4.3.2"
    sha256_rsa = "1.2.840.113549.1.1.11"
    ec_public_key = "1.2.840.10045.2.1"
    subject_key_identifier = "2.5.29.14"
    key_usage = "2.5.29.15"
    subject_alt_name = "2.5.29.17"
    issuer_alt_name = "2.5.29.18"
    basic_constraints = "2.5.29.19"
    crl_number = "2.5.29.20"
    reason_code = "2.5.29.21"
    invalidity_date = "2.5.29.24"
    delta_crl_indicator = "2.5.29.27"
    issuing_distribution_point = "2.5.29.28"
    certificate_issuer = "2.5.29.29"
    name_constraints = "2.5.29.30"
    crl_distribution_points = "2.5.29.31"
    certificate_policies = "2.5.29.32"
    any_policy = "2.5.29.32.0"
    policy_mappings = "2.5.29.33"
    authority_key_identifier = "2.5.29.35"
    policy_constraints = "2.5.29.36"
    extended_key_usage = "2.5.29.37"
    any_extended_key_usage = "2.5.29.37.0"
    freshest_crl = "2.5.29.46"
    inhibit_any_policy = "2.5.29.54"
    subject_directory_attributes = "2.5.29.9"
    authority_info_access = "1.3.6.1.5.5.7.1.1"
    subject_info_access = "1.3.6.1.5.5.7.1.11"
    ca_issuers = "1.3.6.1.5.5.7.48.2"
    ca_repository = "1.3.6.1.5.5.7.48.5"
    server_auth = "1.3.6.1.5.5.7.3.1"
    client_auth = "1.3.6.1.5.5.7.3.2"
    code_signing = "1.3.6.1.5.5.7.3.3"
    # x509-limbo's unknown extension (1.3.6.1.4.1.55738 is limbo's arc): no one knows it.
    unknown = "1.3.6.1.4.1.55738.666.1"
    test_policy = "2.16.840.1.101.3.2.1.48.1"   # NIST test-policy-1 (PKITS)
    test_policy_2 = "2.16.840.1.101.3.2.1.48.2"
    dv_policy = "2.23.140.1.2.1"


KU = {name: bit for bit, name in enumerate([
    "digitalSignature", "nonRepudiation", "keyEncipherment", "dataEncipherment", "keyAgreement",
    "keyCertSign", "cRLSign", "encipherOnly", "decipherOnly"])}


# ---------------------------------------------------------------------------------------------
# Names, keys, identifiers.

def name(*attributes):
    """A Name, one attribute per RDN: (oid, text) pairs; C is PrintableString, the rest UTF8String."""
    rdns = []
    for attribute_oid, text in attributes:
        value = printable(text) if attribute_oid == OID.country else utf8(text)
        rdns.append(set_of(seq(oid(attribute_oid), value)))
    return seq(*rdns)


def ec_key(label):
    """A P-256 key derived from `label` (the same key on every run)."""
    order = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
    scalar = int.from_bytes(hashlib.sha256(b"vouch strict " + label.encode()).digest(), "big") % (order - 1) + 1
    return ec.derive_private_key(scalar, ec.SECP256R1())


def _is_probable_prime(n, rounds=32):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for i in range(rounds):
        a = 2 + int.from_bytes(hashlib.sha256(b"witness %d %d" % (n % 1000003, i)).digest(), "big") % (n - 3)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def _prime(label, bits):
    counter = 0
    while True:
        stream = b""
        block = 0
        while len(stream) * 8 < bits:
            stream += hashlib.sha256(b"%s %d %d" % (label.encode(), counter, block)).digest()
            block += 1
        candidate = int.from_bytes(stream, "big") >> (len(stream) * 8 - bits)
        candidate |= (1 << (bits - 1)) | (1 << (bits - 2)) | 1   # top two bits: the product has 2*bits bits
        if _is_probable_prime(candidate):
            return candidate
        counter += 1


def rsa_key(label, modulus_bits):
    """An RSA key with a modulus of exactly `modulus_bits` bits (even), derived from `label`."""
    e = 65537
    half = modulus_bits // 2
    salt = 0
    while True:
        p = _prime("%s p %d" % (label, salt), half)
        q = _prime("%s q %d" % (label, salt), half)
        n = p * q
        phi = (p - 1) * (q - 1)
        if p != q and n.bit_length() == modulus_bits and phi % e != 0:
            break
        salt += 1
    d = pow(e, -1, phi)
    numbers = rsa.RSAPrivateNumbers(
        p=p, q=q, d=d, dmp1=d % (p - 1), dmq1=d % (q - 1), iqmp=pow(q, -1, p),
        public_numbers=rsa.RSAPublicNumbers(e, n))
    return numbers.private_key()


def spki_of(public_key):
    return public_key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


def subject_public_key_bits(spki):
    """The content of the subjectPublicKey BIT STRING (no unused-bits octet)."""
    _, start, end = read_tlv(spki, 0)
    _, _, algorithm_end = read_tlv(spki, start)
    _, key_start, key_end = read_tlv(spki, algorithm_end)
    return spki[key_start + 1:key_end]


def key_identifier(spki):
    """RFC 5280 §4.2.1.2 method (1): SHA-1 of the subjectPublicKey bits."""
    return hashlib.sha1(subject_public_key_bits(spki)).digest()


def read_tlv(data, offset):
    """(tag, content start, content end) of the element at `offset` (definite lengths only)."""
    tag = data[offset]
    length = data[offset + 1]
    start = offset + 2
    if length & 0x80:
        count = length & 0x7F
        length = int.from_bytes(data[start:start + count], "big")
        start += count
    return tag, start, start + length


# ---------------------------------------------------------------------------------------------
# Extensions: (oid, critical, extnValue content).

class Ext:
    """One extension. `explicit_default` writes `critical FALSE` out, which DER forbids (X.690 §11.5)."""

    def __init__(self, extension_oid, critical, value, explicit_default=False):
        self.oid = extension_oid
        self.critical = critical
        self.value = value
        self.explicit_default = explicit_default

    def der(self):
        flag = boolean(True) if self.critical else (boolean(False) if self.explicit_default else b"")
        return seq(oid(self.oid), flag, octets(self.value))


def basic_constraints_value(ca, path_len=None):
    return seq(boolean(True) if ca else b"", integer(path_len) if path_len is not None else b"")


def key_usage_value(*usages):
    return named_bits(*[KU[u] for u in usages])


def eku_value(*purposes):
    return seq(*[oid(p) for p in purposes])


def dns(text):
    return implicit_primitive(2, text.encode())


def ip(octet_values):
    return implicit_primitive(7, bytes(octet_values))


def email(text):
    return implicit_primitive(1, text.encode())


def uri(text):
    return implicit_primitive(6, text.encode())


def directory(name_der):
    return explicit(4, name_der)


def other_name(type_oid, value_der):
    return implicit_constructed(0, oid(type_oid) + explicit(0, value_der))


def general_names(*names):
    return seq(*names)


def ski_value(identifier):
    return octets(identifier)


def aki_value(identifier=None, issuer_names=None, serial=None):
    parts = b""
    if identifier is not None:
        parts += implicit_primitive(0, identifier)
    if issuer_names is not None:
        parts += implicit_constructed(1, b"".join(issuer_names))
    if serial is not None:
        parts += implicit_primitive(2, serial)
    return seq(parts)


def name_constraints_value(permitted=None, excluded=None):
    def subtrees(tag, bases):
        return implicit_constructed(tag, b"".join(seq(base) for base in bases))
    body = b""
    if permitted is not None:
        body += subtrees(0, permitted)
    if excluded is not None:
        body += subtrees(1, excluded)
    return seq(body)


def aia_value(*locations):
    return seq(*[seq(oid(method), location) for method, location in locations])


def policies_value(*identifiers):
    return seq(*[seq(oid(p)) for p in identifiers])


# ---------------------------------------------------------------------------------------------
# Certificates.

def day(y, m, d):
    return datetime.datetime(y, m, d, tzinfo=UTC)


HASHES = {"sha256": hashes.SHA256, "sha1": hashes.SHA1}
ECDSA_OIDS = {"sha256": OID.ecdsa_sha256, "sha1": "1.2.840.10045.4.1"}
RSA_OIDS = {"sha256": OID.sha256_rsa, "sha1": "1.2.840.113549.1.1.5"}


def signature_algorithm(signer, hash_name="sha256"):
    if isinstance(signer, ec.EllipticCurvePrivateKey):
        return seq(oid(ECDSA_OIDS[hash_name]))
    return seq(oid(RSA_OIDS[hash_name]), NULL)


def sign(signer, data, hash_name="sha256"):
    if isinstance(signer, ec.EllipticCurvePrivateKey):
        return signer.sign(data, ec.ECDSA(HASHES[hash_name](), deterministic_signing=True))
    return signer.sign(data, padding.PKCS1v15(), HASHES[hash_name]())


class CertSpec:
    """One certificate's fields. `version` is the INTEGER value (2 = v3; None: field absent, v1);
    `serial` the INTEGER's content octets; names, times and keys are DER; `extensions` a list of
    Ext (None: no extensions field); `signer` signs it. `tbs_signature` / `outer_signature` default
    to the signer's algorithm."""

    def __init__(self, key, subject, issuer, signer, not_before, not_after, serial, extensions):
        self.key = key
        self.version = 2
        self.serial = serial
        self.subject = subject
        self.issuer = issuer
        self.signer = signer
        self.not_before = der_time(not_before)
        self.not_after = der_time(not_after)
        self.spki = spki_of(key.public_key())
        self.issuer_unique_id = None
        self.subject_unique_id = None
        self.extensions = extensions
        self.tbs_signature = None
        self.outer_signature = None
        self.corrupt_signature = False
        self.hash_name = "sha256"

    def copy(self):
        clone = copy.copy(self)
        clone.extensions = None if self.extensions is None else [copy.copy(e) for e in self.extensions]
        return clone

    # Extension helpers -------------------------------------------------------------------
    def find(self, extension_oid):
        for item in self.extensions or []:
            if item.oid == extension_oid:
                return item
        return None

    def put(self, extension_oid, value, critical=False):
        """Replaces the extension's value and criticality (or appends it)."""
        item = self.find(extension_oid)
        if item is None:
            self.extensions = (self.extensions or []) + [Ext(extension_oid, critical, value)]
        else:
            item.value = value
            item.critical = critical

    def remove(self, extension_oid):
        self.extensions = [e for e in self.extensions or [] if e.oid != extension_oid]

    def set_critical(self, extension_oid, critical):
        self.find(extension_oid).critical = critical

    @property
    def key_identifier(self):
        return key_identifier(self.spki)

    # Encoding -------------------------------------------------------------------------------
    def tbs(self):
        tbs_signature = self.tbs_signature or signature_algorithm(self.signer, self.hash_name)
        parts = [
            explicit(0, integer(self.version)) if self.version is not None else b"",
            integer_octets(self.serial),
            tbs_signature,
            self.issuer,
            seq(self.not_before, self.not_after),
            self.subject,
            self.spki,
            implicit_primitive(1, b"\x00" + self.issuer_unique_id) if self.issuer_unique_id is not None else b"",
            implicit_primitive(2, b"\x00" + self.subject_unique_id) if self.subject_unique_id is not None else b"",
            explicit(3, seq(*[e.der() for e in self.extensions])) if self.extensions is not None else b"",
        ]
        return seq(*parts)

    def der(self):
        tbs = self.tbs()
        signature = sign(self.signer, tbs, self.hash_name)
        if self.corrupt_signature:
            signature = signature[:-1] + bytes([signature[-1] ^ 0x01])
        outer = self.outer_signature or self.tbs_signature or signature_algorithm(self.signer, self.hash_name)
        return seq(tbs, outer, bit_string(signature))


class RevokedEntry:
    def __init__(self, serial, date, extensions=None):
        self.serial = serial
        self.date = date
        self.extensions = extensions

    def der(self):
        return seq(integer_octets(self.serial), der_time(self.date),
                   seq(*[e.der() for e in self.extensions]) if self.extensions else b"")


class CRLSpec:
    """A CRL's fields: `version` 1 (v2) or None; `issuer` Name DER; times; entries; extensions."""

    def __init__(self, issuer, signer, this_update, next_update, entries, extensions):
        self.version = 1
        self.issuer = issuer
        self.signer = signer
        self.this_update = this_update
        self.next_update = next_update
        self.entries = entries
        self.extensions = extensions
        self.tbs_signature = None
        self.outer_signature = None

    def copy(self):
        clone = copy.copy(self)
        clone.entries = [copy.copy(e) for e in self.entries]
        for entry in clone.entries:
            entry.extensions = None if entry.extensions is None else [copy.copy(x) for x in entry.extensions]
        clone.extensions = None if self.extensions is None else [copy.copy(e) for e in self.extensions]
        return clone

    def find(self, extension_oid):
        for item in self.extensions or []:
            if item.oid == extension_oid:
                return item
        return None

    def put(self, extension_oid, value, critical=False):
        item = self.find(extension_oid)
        if item is None:
            self.extensions = (self.extensions or []) + [Ext(extension_oid, critical, value)]
        else:
            item.value = value
            item.critical = critical

    def remove(self, extension_oid):
        self.extensions = [e for e in self.extensions or [] if e.oid != extension_oid]

    def der(self):
        tbs_signature = self.tbs_signature or signature_algorithm(self.signer)
        tbs = seq(
            integer(self.version) if self.version is not None else b"",
            tbs_signature,
            self.issuer,
            der_time(self.this_update),
            der_time(self.next_update) if self.next_update is not None else b"",
            seq(*[e.der() for e in self.entries]) if self.entries else b"",
            explicit(0, seq(*[e.der() for e in self.extensions])) if self.extensions else b"",
        )
        outer = self.outer_signature or tbs_signature
        return seq(tbs, outer, bit_string(sign(self.signer, tbs)))


def pem(label, der):
    import base64
    text = base64.b64encode(der).decode()
    lines = [text[i:i + 64] for i in range(0, len(text), 64)]
    return "-----BEGIN %s-----\n%s\n-----END %s-----\n" % (label, "\n".join(lines), label)
