"""One entry per row of docs/STRICT.md that strict enforces or should: the cases that break exactly
that requirement, in each position the row names (for make.py).

`CASES[row_id]` is a list of `Case`: the position, a variant name when a row breaks its rule in
more than one way, what strict must answer, and the mutation (a function of a `Chain`). `expect` is
`"Check@index"` (that failure must be among strict's), `"Check@*"` (at any index), `"parse:file"`
(that file does not parse: `leaf`, `intermediate-1`, `anchor` or `crl-1`) or `"trusted"` (a control
case: strict accepts what Apple refuses).
"""
import datetime

from chain import (
    CA_START, INTERMEDIATE_END, INTERMEDIATE_NAME, LEAF_START, ROOT_NAME, ca_extensions,
)
from x509_build import (
    NULL, OID, CRLSpec, CertSpec, Ext, RevokedEntry, aia_value, aki_value, basic_constraints_value,
    bit_string, boolean, day, der_time, directory, dns, ec_key, eku_value, email, enumerated,
    explicit, general_names, generalized_time, implicit_constructed, implicit_primitive, integer,
    integer_octets, ip, key_usage_value, name, name_constraints_value, oid, other_name,
    policies_value, printable, rsa_key, seq, set_of, ski_value, subject_public_key_bits, tlv, uri,
    utf8,
)

INDEX = {"leaf": 0, "intermediate": 1, "anchor": 2}
POSITIONS = ("leaf", "intermediate", "anchor")


class Case:
    def __init__(self, position, expect, mutate, variant=None, crl=False, note=""):
        self.position = position
        self.expect = expect
        self.mutate = mutate
        self.variant = variant
        self.crl = crl
        self.note = note


CASES = {}


def row(row_id):
    def register(function):
        CASES[row_id] = function()
        return function
    return register


def spec(c, position):
    return c.position(position)


# ---------------------------------------------------------------------------------------------
# Keys the mutations use, derived once.

class Keys:
    _cache = {}

    @classmethod
    def get(cls, label, make):
        if label not in cls._cache:
            cls._cache[label] = make()
        return cls._cache[label]

    @classmethod
    def rsa(cls, bits):
        return cls.get("rsa %d" % bits, lambda: rsa_key("rsa %d" % bits, bits))

    @classmethod
    def curve(cls, curve_name):
        from cryptography.hazmat.primitives.asymmetric import ec
        import hashlib
        curve = {"p192": ec.SECP192R1, "p224": ec.SECP224R1}[curve_name]()
        scalar = int.from_bytes(hashlib.sha256(b"vouch strict " + curve_name.encode()).digest()[:12], "big") + 1
        return cls.get(curve_name, lambda: ec.derive_private_key(scalar, curve))

    @classmethod
    def ed25519(cls):
        from cryptography.hazmat.primitives.asymmetric import ed25519
        import hashlib
        return cls.get("ed25519", lambda: ed25519.Ed25519PrivateKey.from_private_bytes(
            hashlib.sha256(b"vouch strict ed25519").digest()))


def explicit_curve_spki(public_key):
    """P-256's parameters written out (specifiedCurve) instead of the namedCurve OID."""
    from cryptography.hazmat.primitives import serialization
    point = public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    p = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
    b = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
    gx = 0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296
    gy = 0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5
    n = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
    parameters = seq(integer(1), seq(oid("1.2.840.10045.1.1"), integer(p)),
                     seq(tlv(0x04, (p - 3).to_bytes(32, "big")), tlv(0x04, b.to_bytes(32, "big"))),
                     tlv(0x04, b"\x04" + gx.to_bytes(32, "big") + gy.to_bytes(32, "big")), integer(n), integer(1))
    return seq(seq(oid(OID.ec_public_key), parameters), bit_string(point))


def rsa_spki_without_null(public_key_spki):
    return seq(seq(oid("1.2.840.113549.1.1.1")), bit_string(subject_public_key_bits(public_key_spki)))


def add_below(c, position):
    """A second intermediate between `position`'s certificate and the leaf (to exceed a pathLen)."""
    holder = spec(c, position)
    key = ec_key("intermediate 2")
    subject = name((OID.country, "US"), (OID.organization, "Vouch Strict"), (OID.common_name, "Vouch Strict Intermediate CA 2"))
    second = CertSpec(key, subject, holder.subject, holder.key, CA_START, INTERMEDIATE_END, bytes.fromhex("1a2b3c4d5e6f70810004"), None)
    second.extensions = ca_extensions(second.key_identifier, holder.key_identifier)
    c.intermediates.insert(c.intermediates.index(holder) if holder in c.intermediates else 0, second)
    c.leaf.issuer = subject
    c.leaf.signer = key
    c.leaf.put(OID.authority_key_identifier, aki_value(second.key_identifier))


def leaf_subject(common_name, *more):
    attributes = [(OID.country, "US"), (OID.organization, "Vouch Strict")]
    if common_name is not None:
        attributes.append((OID.common_name, common_name))
    return name(*(attributes + list(more)))


def set_san(c, *names, critical=False):
    c.leaf.put(OID.subject_alt_name, general_names(*names), critical)


def hostname_case(san, host):
    def mutate(c):
        set_san(c, *san)
        c.host = host
    return mutate


NON_CA_BC = basic_constraints_value(False)


# ---------------------------------------------------------------------------------------------
# RFC 5280 §4.1

@row("5280-4.1.1.2-signature-oid-match")
def _():
    def mutate(p):
        return lambda c: setattr(spec(c, p), "outer_signature", seq(oid("1.2.840.10045.4.3.3")))
    return [Case(p, "MissingIntermediate@%d" % INDEX[p], mutate(p),
                 note="outer signatureAlgorithm ecdsa-with-SHA384, tbsCertificate.signature ecdsa-with-SHA256")
            for p in ("leaf", "intermediate")]


@row("5280-4.1.1.2-signature-parameters-match")
def _():
    def mutate(p):
        def apply(c):
            spec(c, p).tbs_signature = seq(oid(OID.ecdsa_sha256), NULL)
            spec(c, p).outer_signature = seq(oid(OID.ecdsa_sha256))
        return apply
    return [Case(p, "MissingIntermediate@%d" % INDEX[p], mutate(p),
                 note="tbsCertificate.signature ecdsa-with-SHA256 with NULL parameters, the outer one without")
            for p in ("leaf", "intermediate")]


@row("5280-4.1.2.1-version-with-extensions")
def _():
    return [
        Case("leaf", "CertificateProfile@0", lambda c: setattr(c.leaf, "version", None), variant="v1",
             note="no version field (v1), extensions present"),
        Case("leaf", "CertificateProfile@0", lambda c: setattr(c.leaf, "version", 1), variant="v2",
             note="version 1 (v2), extensions present"),
        Case("anchor", "CertificateProfile@2", lambda c: setattr(c.anchor, "version", None), variant="v1",
             note="no version field (v1), extensions present"),
    ]


@row("cabf-7.1.1-version-3")
def _():
    def v1(p):
        def apply(c):
            spec(c, p).version = None
            spec(c, p).extensions = None
        return apply
    return [Case("leaf", "SSLHostname@0", v1("leaf"), note="v1 leaf: no extensions, so no subjectAltName"),
            Case("intermediate", "BasicConstraints@1", v1("intermediate"), note="v1 intermediate, no extensions")]


@row("5280-4.1.2.2-serial-positive")
def _():
    out = []
    for p in ("leaf", "intermediate"):
        out.append(Case(p, "SerialNumber@%d" % INDEX[p], lambda c, p=p: setattr(spec(c, p), "serial", b"\x00"),
                        variant="zero", note="serialNumber 0"))
        out.append(Case(p, "SerialNumber@%d" % INDEX[p], lambda c, p=p: setattr(spec(c, p), "serial", b"\xff\x01"),
                        variant="negative", note="serialNumber -255"))
    return out


@row("5280-4.1.2.2-serial-length")
def _():
    return [Case(p, "SerialNumber@%d" % INDEX[p], lambda c, p=p: setattr(spec(c, p), "serial", b"\x11" * 21),
                 note="a 21-octet serialNumber") for p in ("leaf", "intermediate")]


@row("5280-4.1.2.4-issuer-nonempty")
def _():
    return [Case(p, "MissingIntermediate@%d" % INDEX[p], lambda c, p=p: setattr(spec(c, p), "issuer", seq()),
                 note="an empty issuer Name") for p in ("leaf", "intermediate")]


@row("5280-4.1.2.5-validity")
def _():
    out = []
    for p in POSITIONS:
        def expired(c, p=p):
            spec(c, p).not_before = der_time(day(2025, 1, 1))
            spec(c, p).not_after = der_time(day(2026, 5, 1))
        def not_yet(c, p=p):
            spec(c, p).not_before = der_time(day(2026, 7, 1))
        out.append(Case(p, "TemporalValidity@%d" % INDEX[p], expired, variant="expired", note="notAfter 2026-05-01"))
        out.append(Case(p, "TemporalValidity@%d" % INDEX[p], not_yet, variant="not-yet-valid", note="notBefore 2026-07-01"))
    return out


def first_day(p):
    return LEAF_START if p == "leaf" else CA_START


@row("5280-4.1.2.5-utctime-through-2049")
def _():
    return [Case(p, "CertificateProfile@%d" % INDEX[p],
                 lambda c, p=p: setattr(spec(c, p), "not_before", generalized_time(first_day(p))),
                 note="notBefore as GeneralizedTime although before 2050") for p in POSITIONS]


@row("5280-4.1.2.5.1-utctime-form")
def _():
    out = []
    for p in POSITIONS:
        text = first_day(p).strftime("%y%m%d%H%M").encode()
        out.append(Case(p, "CertificateProfile@%d" % INDEX[p],
                        lambda c, p=p, text=text: setattr(spec(c, p), "not_before", tlv(0x17, text + b"Z")),
                        variant="no-seconds", note="UTCTime notBefore without seconds"))
    text = LEAF_START.strftime("%y%m%d%H%M%S").encode()
    out.append(Case("leaf", "CertificateProfile@0", lambda c: setattr(c.leaf, "not_before", tlv(0x17, text + b"+0000")),
                    variant="offset", note="UTCTime notBefore with an offset (+0000) instead of Z"))
    return out


@row("5280-4.1.2.5.2-generalizedtime-zulu")
def _():
    def mutate(p):
        return lambda c: setattr(spec(c, p), "not_after", tlv(0x18, b"20550101000000+0000"))
    return [Case(p, "CertificateProfile@%d" % INDEX[p], mutate(p),
                 note="notAfter 2055 as GeneralizedTime with an offset (+0000) instead of Z")
            for p in ("intermediate", "anchor")]


@row("5280-4.1.2.5.2-generalizedtime-seconds")
def _():
    files = {"leaf": "leaf", "intermediate": "intermediate-1", "anchor": "anchor"}
    out = []
    for p in POSITIONS:
        stamp = first_day(p).strftime("%Y%m%d%H%M%S").encode()
        out.append(Case(p, "parse:" + files[p],
                        lambda c, p=p, stamp=stamp: setattr(spec(c, p), "not_before", tlv(0x18, stamp + b".5Z")),
                        variant="fraction", note="GeneralizedTime notBefore with fractional seconds"))
    stamp = LEAF_START.strftime("%Y%m%d%H%M").encode()
    out.append(Case("leaf", "parse:leaf", lambda c: setattr(c.leaf, "not_before", tlv(0x18, stamp + b"Z")),
                    variant="no-seconds", note="GeneralizedTime notBefore without seconds"))
    return out


@row("5280-4.1.2.6-ca-subject-nonempty")
def _():
    def intermediate(c):
        c.intermediate.subject = seq()
        c.reissue_below(c.intermediate)
    def anchor(c):
        c.anchor.subject = seq()
        c.anchor.issuer = seq()
        c.reissue_below(c.anchor)
    return [Case("intermediate", "NonEmptySubject@1", intermediate, note="empty subject; the leaf names it so"),
            Case("anchor", "NonEmptySubject@2", anchor, note="empty subject and issuer; the intermediate names it so")]


@row("5280-4.1.2.6-empty-subject-critical-san")
def _():
    return [Case("leaf", "NonEmptySubject@0", lambda c: setattr(c.leaf, "subject", seq()),
                 note="empty subject, subjectAltName not critical")]


@row("5280-4.1.2.8-no-unique-identifiers")
def _():
    out = [Case(p, "CertificateProfile@%d" % INDEX[p], lambda c, p=p: setattr(spec(c, p), "subject_unique_id", b"\x01\x02"),
                variant="subject-unique-id", note="subjectUniqueID present") for p in POSITIONS]
    out.append(Case("leaf", "CertificateProfile@0", lambda c: setattr(c.leaf, "issuer_unique_id", b"\x01\x02"),
                    variant="issuer-unique-id", note="issuerUniqueID present"))
    return out


@row("5280-4.1-der-version-default")
def _():
    files = {"leaf": "leaf", "intermediate": "intermediate-1", "anchor": "anchor"}
    return [Case(p, "parse:" + files[p], lambda c, p=p: setattr(spec(c, p), "version", 0),
                 note="version v1 written out, though it is the DEFAULT") for p in POSITIONS]


@row("5280-4.1-der")
def _():
    def critical_false(p):
        def apply(c):
            spec(c, p).find(OID.subject_key_identifier).explicit_default = True
        return apply
    out = [Case(p, "CertificateProfile@%d" % INDEX[p], critical_false(p), variant="critical-false",
                note="subjectKeyIdentifier with critical FALSE written out (DEFAULT)") for p in POSITIONS]
    out.append(Case("leaf", "CertificateProfile@0",
                    lambda c: c.leaf.put(OID.basic_constraints, seq(boolean(False)), True), variant="ca-false",
                    note="basicConstraints with cA FALSE written out (DEFAULT)"))
    out.append(Case("leaf", "CertificateProfile@0", lambda c: setattr(c.leaf, "serial", b"\x00\x1a\x2b\x3c"),
                    variant="integer", note="serialNumber with a needless leading zero octet"))
    return out


# ---------------------------------------------------------------------------------------------
# RFC 5280 §4.2

@row("5280-4.2-unknown-critical")
def _():
    return [Case(p, "CriticalExtensions@%d" % INDEX[p], lambda c, p=p: spec(c, p).put(OID.unknown, seq(), True),
                 note="critical extension 1.3.6.1.4.1.55738.666.1") for p in ("leaf", "intermediate")]


@row("5280-4.2-unknown-critical-anchor")
def _():
    return [Case("anchor", "ExtensionCriticality@2", lambda c: c.anchor.put(OID.unknown, seq(), True),
                 note="critical extension 1.3.6.1.4.1.55738.666.1")]


@row("5280-4.2-critical-unprocessable")
def _():
    files = {"leaf": "leaf", "intermediate": "intermediate-1", "anchor": "anchor"}
    return [Case(p, "parse:" + files[p], lambda c, p=p: spec(c, p).put(OID.key_usage, bit_string(b""), True),
                 note="critical keyUsage holding an empty BIT STRING") for p in POSITIONS]


@row("5280-4.2-recognized-processed")
def _():
    return [Case("leaf", "UnparseableExtension@0", lambda c: c.leaf.put(OID.subject_alt_name, b"example.com"),
                 note="subjectAltName whose value is ASCII text, not DER")] + [
        Case(p, "UnparseableExtension@%d" % INDEX[p], lambda c, p=p: spec(c, p).put(OID.key_usage, bit_string(b""), False),
             note="non-critical keyUsage holding an empty BIT STRING") for p in ("intermediate", "anchor")]


@row("5280-4.2-one-instance")
def _():
    def mutate(p):
        return lambda c: spec(c, p).extensions.append(Ext(OID.subject_key_identifier, False, ski_value(b"\x01" * 20)))
    return [Case(p, "DuplicateExtension@%d" % INDEX[p], mutate(p), note="a second subjectKeyIdentifier")
            for p in POSITIONS]


# ---------------------------------------------------------------------------------------------
# RFC 5280 §4.2.1 and the BR's extension profiles

@row("5280-4.2.1.1-aki-keyidentifier")
def _():
    def anchor_is_intermediate(c):
        c.intermediate.remove(OID.authority_key_identifier)
        c.anchor = c.intermediate
        c.intermediates = []
    return [
        Case("leaf", "KeyIdentifiers@0", lambda c: c.leaf.remove(OID.authority_key_identifier), variant="absent",
             note="no authorityKeyIdentifier"),
        Case("leaf", "KeyIdentifiers@0", lambda c: c.leaf.put(
            OID.authority_key_identifier, aki_value(None, [directory(ROOT_NAME)], bytes.fromhex("1a2b3c4d5e6f70810002"))),
            variant="issuer-and-serial", note="authorityKeyIdentifier with issuer and serial but no keyIdentifier"),
        Case("intermediate", "KeyIdentifiers@1", lambda c: c.intermediate.remove(OID.authority_key_identifier),
             variant="absent", note="no authorityKeyIdentifier"),
        Case("anchor", "KeyIdentifiers@1", anchor_is_intermediate, variant="not-self-signed",
             note="the anchor is the intermediate (issued by the root, not self-signed), without authorityKeyIdentifier"),
        Case("leaf", "KeyIdentifiers@0", lambda c: c.leaf.put(OID.authority_key_identifier, aki_value()),
             variant="empty", note="an empty authorityKeyIdentifier (30 00): no keyIdentifier"),
        Case("intermediate", "KeyIdentifiers@1", lambda c: c.intermediate.put(OID.authority_key_identifier, aki_value()),
             variant="empty", note="an empty authorityKeyIdentifier (30 00): no keyIdentifier"),
        Case("intermediate", "KeyIdentifiers@1", lambda c: c.intermediate.put(
            OID.authority_key_identifier, aki_value(None, [directory(ROOT_NAME)], c.anchor.serial)),
            variant="issuer-and-serial", note="authorityKeyIdentifier with issuer and serial but no keyIdentifier"),
        Case("anchor", "KeyIdentifiers@1", lambda c: (anchor_is_intermediate(c), c.anchor.put(
            OID.authority_key_identifier, aki_value(None, [directory(ROOT_NAME)], bytes.fromhex("1a2b3c4d5e6f70810001")))),
            variant="not-self-signed-issuer-and-serial",
            note="the anchor is the intermediate (not self-signed), its authorityKeyIdentifier issuer and serial only"),
    ]


@row("5280-4.2.1.1-aki-noncritical")
def _():
    def mutate(p):
        def apply(c):
            s = spec(c, p)
            identifier = s.find(OID.authority_key_identifier)
            s.put(OID.authority_key_identifier, identifier.value if identifier else aki_value(s.key_identifier), True)
        return apply
    return [Case(p, "ExtensionCriticality@%d" % INDEX[p], mutate(p), note="critical authorityKeyIdentifier")
            for p in POSITIONS]


@row("cabf-7.1.2.11.1-aki-fields")
def _():
    def mutate(p):
        def apply(c):
            s = spec(c, p)
            above = c.anchor if p == "intermediate" else c.intermediate
            s.put(OID.authority_key_identifier, aki_value(above.key_identifier, [directory(above.issuer)], above.serial))
        return apply
    return [Case(p, "KeyIdentifiers@%d" % INDEX[p], mutate(p),
                 note="authorityKeyIdentifier with authorityCertIssuer and authorityCertSerialNumber beside the keyIdentifier")
            for p in ("leaf", "intermediate")]


@row("cabf-7.1.2.11.1-aki-matches-issuer")
def _():
    return [Case(p, "IdLinkage@%d" % INDEX[p],
                 lambda c, p=p: spec(c, p).put(OID.authority_key_identifier, aki_value(b"\x02" * 20)),
                 note="authorityKeyIdentifier differs from the issuer's subjectKeyIdentifier") for p in ("leaf", "intermediate")]


@row("cabf-7.1.2.1.3-root-aki")
def _():
    return [
        Case("anchor", "KeyIdentifiers@2", lambda c: c.anchor.put(OID.authority_key_identifier, aki_value(b"\x01" * 20)),
             variant="ski-mismatch", note="the root's keyIdentifier differs from its subjectKeyIdentifier"),
        Case("anchor", "KeyIdentifiers@2", lambda c: c.anchor.put(
            OID.authority_key_identifier, aki_value(c.anchor.key_identifier, [directory(ROOT_NAME)], c.anchor.serial)),
            variant="issuer-and-serial", note="the root's authorityKeyIdentifier has authorityCertIssuer and authorityCertSerialNumber"),
        Case("anchor", "KeyIdentifiers@2", lambda c: c.anchor.put(OID.authority_key_identifier, aki_value()),
             variant="empty", note="the root's authorityKeyIdentifier is empty (30 00): no keyIdentifier"),
        Case("anchor", "KeyIdentifiers@2", lambda c: c.anchor.put(
            OID.authority_key_identifier, aki_value(None, [directory(ROOT_NAME)], c.anchor.serial)),
            variant="issuer-and-serial-only",
            note="the root's authorityKeyIdentifier has authorityCertIssuer and authorityCertSerialNumber, no keyIdentifier"),
        Case("anchor", "trusted", lambda c: c.anchor.put(OID.authority_key_identifier, aki_value(c.anchor.key_identifier)),
             variant="keyidentifier-control",
             note="control: the root's authorityKeyIdentifier is its subjectKeyIdentifier alone, as BR 7.1.2.1.3 asks"),
    ]


@row("5280-4.2.1.2-ski-in-ca")
def _():
    def ca_leaf(c):
        make_ca_leaf(c, key_usage_value("digitalSignature", "keyCertSign"))
        c.leaf.remove(OID.subject_key_identifier)
    return [Case(p, "KeyIdentifiers@%d" % INDEX[p], lambda c, p=p: spec(c, p).remove(OID.subject_key_identifier),
                 note="no subjectKeyIdentifier in a CA") for p in ("intermediate", "anchor")] + [
        Case("leaf", "KeyIdentifiers@0", ca_leaf, note="a CA certificate as the leaf (cA TRUE, keyCertSign) without subjectKeyIdentifier")]


def make_ca_leaf(c, usage):
    """The leaf with critical basicConstraints cA TRUE and `usage` as its keyUsage (None: no keyUsage)."""
    c.leaf.put(OID.basic_constraints, basic_constraints_value(True), True)
    if usage is None:
        c.leaf.remove(OID.key_usage)
    else:
        c.leaf.put(OID.key_usage, usage, True)


@row("5280-4.2.1.2-ski-noncritical")
def _():
    return [Case(p, "ExtensionCriticality@%d" % INDEX[p], lambda c, p=p: spec(c, p).find(OID.subject_key_identifier).__setattr__("critical", True),
                 note="critical subjectKeyIdentifier") for p in POSITIONS]


@row("5280-4.2.1.3-ku-in-ca")
def _():
    return [Case("intermediate", "CertificateProfile@1", lambda c: c.intermediate.remove(OID.key_usage),
                 note="an intermediate without keyUsage")]


@row("5280-4.2.1.3-keycertsign-requires-ca")
def _():
    def with_bc(c):
        c.leaf.put(OID.key_usage, key_usage_value("digitalSignature", "keyCertSign"), True)
    def without_bc(c):
        with_bc(c)
        c.leaf.remove(OID.basic_constraints)
    return [Case("leaf", "CertificateProfile@0", with_bc, variant="ca-false", note="keyCertSign with basicConstraints cA FALSE"),
            Case("leaf", "CertificateProfile@0", without_bc, variant="no-basic-constraints",
                 note="keyCertSign without basicConstraints")]


@row("5280-4.2.1.3-ku-one-bit")
def _():
    return [Case("leaf", "CertificateProfile@0", lambda c: c.leaf.put(OID.key_usage, bit_string(b"\x00", 7), True),
                 note="keyUsage 03 02 07 00: no bit set")]


@row("5280-6.1.4-n-keycertsign")
def _():
    return [Case(p, "KeyUsage@%d" % INDEX[p], lambda c, p=p: spec(c, p).put(OID.key_usage, key_usage_value("cRLSign"), True),
                 note="keyUsage cRLSign only") for p in ("intermediate", "anchor")]


@row("5280-4.2.1.3-crlsign")
def _():
    return [Case("crl", "RevocationResponseRequired@0",
                 lambda c: c.intermediate.put(OID.key_usage, key_usage_value("keyCertSign"), True), crl=True,
                 note="the CRL's signer, the intermediate, has keyUsage keyCertSign only")]


@row("cabf-7.1.2.10.7-ca-ku-forbidden")
def _():
    return [Case("intermediate", "CertificateProfile@1",
                 lambda c: c.intermediate.put(OID.key_usage, key_usage_value("keyEncipherment", "keyCertSign", "cRLSign"), True),
                 note="an intermediate's keyUsage with keyEncipherment")]


@row("cabf-7.1.2.7.11-leaf-ku-forbidden")
def _():
    return [
        Case("leaf", "CertificateProfile@0",
             lambda c: c.leaf.put(OID.key_usage, key_usage_value("digitalSignature", "keyEncipherment"), True),
             variant="ecc-key-encipherment", note="a P-256 leaf with keyEncipherment"),
        Case("leaf", "CertificateProfile@0",
             lambda c: c.leaf.put(OID.key_usage, key_usage_value("digitalSignature", "cRLSign"), True),
             variant="crl-sign", note="a leaf (not a CA) with cRLSign"),
    ]


@row("cabf-7.1.2.7.11-leaf-ku-required")
def _():
    return [Case("leaf", "CertificateProfile@0", lambda c: c.leaf.put(OID.key_usage, key_usage_value("keyAgreement"), True),
                 note="a P-256 leaf with keyAgreement only")]


@row("5280-4.2.1.4-policy-once")
def _():
    return [Case(p, "CertificateProfile@%d" % INDEX[p],
                 lambda c, p=p: spec(c, p).put(OID.certificate_policies, policies_value(OID.dv_policy, OID.dv_policy)),
                 note="certificatePolicies naming 2.23.140.1.2.1 twice") for p in POSITIONS]


@row("5280-4.2.1.5-no-anypolicy-mapping")
def _():
    def mutate(c):
        c.intermediate.put(OID.certificate_policies, policies_value(OID.any_policy))
        c.intermediate.put(OID.policy_mappings, seq(seq(oid(OID.any_policy), oid(OID.test_policy))), True)
    return [Case("intermediate", "PolicyConstraints@0", mutate, note="policyMappings from anyPolicy")]


@row("5280-4.2.1.6-san-nonempty")
def _():
    return [Case(p, "UnparseableExtension@%d" % INDEX[p], lambda c, p=p: spec(c, p).put(OID.subject_alt_name, seq()),
                 note="subjectAltName with no entry") for p in POSITIONS]


@row("5280-4.2.1.6-dnsname-syntax")
def _():
    return [
        Case("leaf", "DNSNameSyntax@0", hostname_case([dns("example.com"), dns("foo_bar.example.com")], "example.com"),
             variant="underscore", note="dNSName foo_bar.example.com"),
        Case("leaf", "DNSNameSyntax@0", hostname_case([dns("example.com"), dns(" ")], "example.com"),
             variant="space", note='dNSName " "'),
        Case("leaf", "DNSNameSyntax@0", hostname_case([dns("example.com"), dns("")], "example.com"),
             variant="empty", note="an empty dNSName"),
    ]


@row("cabf-7.1.2.7.12-dnsname-root-label")
def _():
    return [Case("leaf", "DNSNameSyntax@0", hostname_case([dns("example.com"), dns("www.example.com.")], "example.com"),
                 note="dNSName www.example.com. (root label)")]


@row("5280-4.2.1.6-ipaddress-length")
def _():
    return [Case("leaf", "DNSNameSyntax@0", hostname_case([dns("example.com"), ip([192, 0, 2, 1, 0])], "example.com"),
                 note="an iPAddress of 5 octets")]


@row("5280-4.2.1.6-rfc822-mailbox")
def _():
    return [
        Case("leaf", "DNSNameSyntax@0", hostname_case([dns("example.com"), email("a@b@example.com")], "example.com"),
             variant="two-at", note="rfc822Name a@b@example.com"),
        Case("leaf", "DNSNameSyntax@0", hostname_case([dns("example.com"), email("")], "example.com"),
             variant="empty", note="an empty rfc822Name"),
    ]


@row("5280-4.2.1.6-uri-absolute")
def _():
    return [Case("leaf", "DNSNameSyntax@0", hostname_case([dns("example.com"), uri("/relative/path")], "example.com"),
                 note="uniformResourceIdentifier /relative/path")]


@row("cabf-7.1.2.7.12-san-present")
def _():
    return [Case("leaf", "SSLHostname@0", lambda c: c.leaf.remove(OID.subject_alt_name),
                 note="no subjectAltName; the commonName is example.com")]


@row("cabf-7.1.2.7.12-san-critical")
def _():
    return [Case("leaf", "ExtensionCriticality@0", lambda c: c.leaf.find(OID.subject_alt_name).__setattr__("critical", True),
                 note="critical subjectAltName with a non-empty subject")]


@row("5280-4.2.1.8-sda-noncritical")
def _():
    value = seq(seq(oid("2.5.4.6"), set_of(printable("US"))))
    return [Case(p, ("ExtensionCriticality@2" if p == "anchor" else "CriticalExtensions@%d" % INDEX[p]),
                 lambda c, p=p: spec(c, p).put(OID.subject_directory_attributes, value, True),
                 note="critical subjectDirectoryAttributes") for p in POSITIONS]


@row("5280-4.2.1.9-ca-critical")
def _():
    return [Case(p, "ExtensionCriticality@%d" % INDEX[p], lambda c, p=p: spec(c, p).find(OID.basic_constraints).__setattr__("critical", False),
                 note="non-critical basicConstraints cA TRUE") for p in ("intermediate", "anchor")]


@row("5280-6.1.4-k-basic-constraints")
def _():
    out = []
    for p in ("intermediate", "anchor"):
        out.append(Case(p, "BasicConstraints@%d" % INDEX[p], lambda c, p=p: spec(c, p).remove(OID.basic_constraints),
                        variant="absent", note="v3 CA without basicConstraints"))
        out.append(Case(p, "BasicConstraintsCA@%d" % INDEX[p],
                        lambda c, p=p: spec(c, p).put(OID.basic_constraints, NON_CA_BC, True),
                        variant="ca-false", note="basicConstraints cA FALSE"))
    return out


@row("5280-6.1.4-k-version-1-intermediate")
def _():
    return [Case("intermediate", "BasicConstraints@1", lambda c: setattr(c.intermediate, "version", 1),
                 note="a v2 intermediate (its extensions kept)")]


@row("5280-6.1.4-l-path-length")
def _():
    return [
        Case("intermediate", "BasicConstraintsPathLen@1", lambda c: add_below(c, "intermediate"),
             note="pathLen 0 intermediate with a second intermediate below it"),
        Case("anchor", "BasicConstraintsPathLen@1",
             lambda c: c.anchor.put(OID.basic_constraints, basic_constraints_value(True, 0), True),
             note="root with pathLen 0 above an intermediate"),
    ]


@row("5280-4.2.1.9-pathlen-nonnegative")
def _():
    return [Case("intermediate", "parse:intermediate-1",
                 lambda c: c.intermediate.put(OID.basic_constraints, seq(boolean(True), integer(-1)), True),
                 note="critical basicConstraints with pathLenConstraint -1")]


@row("5280-4.2.1.9-pathlen-requires-ca")
def _():
    return [Case("leaf", "CertificateProfile@0",
                 lambda c: c.leaf.put(OID.basic_constraints, basic_constraints_value(False, 0), True),
                 note="basicConstraints cA FALSE with pathLenConstraint 0")]


@row("cabf-7.1.2.7.8-leaf-not-ca")
def _():
    return [
        Case("leaf", "CertificateProfile@0", lambda c: make_ca_leaf(c, key_usage_value("digitalSignature")),
             variant="digital-signature", note="cA TRUE, keyUsage digitalSignature: no keyCertSign"),
        Case("leaf", "CertificateProfile@0", lambda c: make_ca_leaf(c, key_usage_value("digitalSignature", "cRLSign")),
             variant="crl-sign", note="cA TRUE, keyUsage digitalSignature and cRLSign: no keyCertSign"),
        Case("leaf", "CertificateProfile@0", lambda c: make_ca_leaf(c, None), variant="no-key-usage",
             note="cA TRUE without keyUsage"),
        Case("leaf", "trusted", lambda c: make_ca_leaf(c, key_usage_value("digitalSignature", "keyCertSign")),
             variant="ca-certificate-control",
             note="control: a CA certificate as the leaf (cA TRUE, keyCertSign), allowed by design"),
    ]


def nc(c, position, value, critical=True):
    spec(c, position).put(OID.name_constraints, value, critical)


@row("5280-4.2.1.10-ca-only")
def _():
    return [Case("leaf", "CertificateProfile@0", lambda c: nc(c, "leaf", name_constraints_value([dns("example.com")])),
                 note="critical nameConstraints in the leaf")]


@row("5280-4.2.1.10-critical")
def _():
    return [Case(p, "ExtensionCriticality@%d" % INDEX[p],
                 lambda c, p=p: nc(c, p, name_constraints_value([dns("example.com")]), critical=False),
                 note="non-critical nameConstraints permitting example.com") for p in ("intermediate", "anchor")]


@row("5280-4.2.1.10-not-empty")
def _():
    return [Case(p, "NameConstraints@0", lambda c, p=p: nc(c, p, seq()),
                 note="nameConstraints with neither subtree list") for p in ("intermediate", "anchor")]


@row("5280-4.2.1.10-minimum-maximum")
def _():
    value = seq(implicit_constructed(0, seq(dns("example.com"), implicit_primitive(1, b"\x02"))))
    return [Case("intermediate", "parse:intermediate-1", lambda c: nc(c, "intermediate", value),
                 note="a permitted subtree with maximum 2")]


def www_only(c):
    set_san(c, dns("www.example.com"))
    c.host = "www.example.com"


@row("5280-4.2.1.10-dnsname-base")
def _():
    def mutate(p):
        def apply(c):
            www_only(c)
            nc(c, p, name_constraints_value([dns(".example.com")]))
        return apply
    return [Case(p, "NameConstraints@0", mutate(p),
                 note="permitted dNSName .example.com (leading period); leaf www.example.com") for p in ("intermediate", "anchor")]


@row("5280-4.2.1.10-ipaddress-base")
def _():
    def mutate(c):
        set_san(c, dns("example.com"), ip([192, 0, 2, 1]))
        nc(c, "intermediate", name_constraints_value([ip([192, 0, 2, 0, 255])]))
    return [Case("intermediate", "NameConstraints@0", mutate,
                 note="permitted iPAddress of 5 octets; the leaf has iPAddress 192.0.2.1")]


@row("5280-4.2.1.10-malformed-base-unused")
def _():
    return [
        Case("intermediate", "NameConstraints@0",
             lambda c: nc(c, "intermediate", name_constraints_value(None, [ip([192, 0, 2, 0, 255])])),
             variant="ipaddress", note="excluded iPAddress of 5 octets; no iPAddress below"),
        Case("intermediate", "NameConstraints@0",
             lambda c: nc(c, "intermediate", name_constraints_value(None, [email("invalid@invalid@example.com")])),
             variant="rfc822name", note="excluded rfc822Name invalid@invalid@example.com; no rfc822Name below"),
        Case("anchor", "NameConstraints@0",
             lambda c: nc(c, "anchor", name_constraints_value(None, [ip([192, 0, 2, 0, 255])])),
             variant="ipaddress", note="excluded iPAddress of 5 octets; no iPAddress below"),
    ]


@row("5280-4.2.1.10-permitted")
def _():
    return [Case(p, "NameConstraints@0", lambda c, p=p: nc(c, p, name_constraints_value([dns("example.org")])),
                 note="permitted dNSName example.org; leaf example.com") for p in ("intermediate", "anchor")]


@row("5280-4.2.1.10-excluded")
def _():
    return [Case(p, "NameConstraints@0", lambda c, p=p: nc(c, p, name_constraints_value(None, [dns("www.example.com")])),
                 note="excluded dNSName www.example.com; leaf has it") for p in ("intermediate", "anchor")]


@row("5280-4.2.1.10-directoryname-subject")
def _():
    other = name((OID.country, "US"), (OID.organization, "Other"))
    return [Case("intermediate", "NameConstraints@0", lambda c: nc(c, "intermediate", name_constraints_value([directory(other)])),
                 note="permitted directoryName C=US, O=Other; the leaf's subject is outside")]


@row("5280-4.2.1.10-email-attribute")
def _():
    def mutate(c):
        nc(c, "intermediate", name_constraints_value(None, [email("example.org")]))
        c.leaf.subject = leaf_subject("example.com", (OID.email_address, "admin@example.org"))
    return [Case("intermediate", "NameConstraints@0", mutate,
                 note="excluded rfc822Name example.org; the leaf's subject has emailAddress admin@example.org")]


@row("5280-4.2.1.10-uri-host")
def _():
    def mutate(c):
        nc(c, "intermediate", name_constraints_value([uri(".example.com")]))
        set_san(c, dns("example.com"), uri("urn:example:a"))
    return [Case("intermediate", "NameConstraints@0", mutate,
                 note="permitted URI .example.com; the leaf's URI urn:example:a has no host")]


@row("5280-4.2.1.10-critical-form-present")
def _():
    upn = "1.3.6.1.4.1.311.20.2.3"
    def present(c):
        nc(c, "intermediate", name_constraints_value(None, [other_name(upn, utf8("x@example.com"))]))
        set_san(c, dns("example.com"), other_name(upn, utf8("y@example.com")))
    def absent(c):
        nc(c, "intermediate", name_constraints_value(None, [other_name(upn, utf8("x@example.com"))]))
    return [Case("intermediate", "NameConstraints@0", present, variant="name-present",
                 note="excluded otherName subtree; the leaf has an otherName"),
            Case("intermediate", "trusted", absent, variant="control-name-absent",
                 note="control: the same constraint, no otherName below (strict accepts, Apple refuses)")]


@row("5280-4.2.1.10-wildcard-excluded")
def _():
    def mutate(c):
        nc(c, "intermediate", name_constraints_value(None, [dns("bar.example.com")]))
        set_san(c, dns("*.example.com"))
        c.host = "foo.example.com"
    return [Case("intermediate", "NameConstraints@0", mutate,
                 note="excluded dNSName bar.example.com; leaf *.example.com for foo.example.com")]


@row("5280-4.2.1.11-critical")
def _():
    return [Case(p, "ExtensionCriticality@%d" % INDEX[p],
                 lambda c, p=p: spec(c, p).put(OID.policy_constraints, seq(implicit_primitive(0, b"\x05")), False),
                 note="non-critical policyConstraints (requireExplicitPolicy 5)") for p in POSITIONS]


@row("5280-4.2.1.11-not-empty")
def _():
    return [Case("intermediate", "CertificateProfile@1", lambda c: c.intermediate.put(OID.policy_constraints, seq(), True),
                 note="critical policyConstraints with neither field")]


@row("5280-6.1.3-f-explicit-policy")
def _():
    return [Case("intermediate", "PolicyConstraints@0",
                 lambda c: c.intermediate.put(OID.policy_constraints, seq(implicit_primitive(0, b"\x00")), True),
                 note="requireExplicitPolicy 0 and no certificatePolicies anywhere")]


@row("5280-4.2.1.12-purpose")
def _():
    return [
        Case("leaf", "ExtendedKeyUsage@0", lambda c: c.leaf.put(OID.extended_key_usage, eku_value(OID.code_signing)),
             variant="code-signing", note="extKeyUsage codeSigning only"),
        Case("leaf", "ExtendedKeyUsage@0", lambda c: c.leaf.put(OID.extended_key_usage, seq()),
             variant="empty", note="an empty extKeyUsage"),
        Case("intermediate", "ExtendedKeyUsage@1",
             lambda c: c.intermediate.put(OID.extended_key_usage, eku_value(OID.code_signing)),
             variant="code-signing", note="extKeyUsage codeSigning only"),
    ]


@row("cabf-7.1.2.7.10-leaf-eku-serverauth")
def _():
    return [Case("leaf", "ServerAuthEKU@0", lambda c: c.leaf.put(OID.extended_key_usage, eku_value(OID.any_extended_key_usage)),
                 note="extKeyUsage anyExtendedKeyUsage only")]


@row("cabf-7.1.2.7.10-leaf-eku-forbidden")
def _():
    return [
        Case("leaf", "CertificateProfile@0",
             lambda c: c.leaf.put(OID.extended_key_usage, eku_value(OID.server_auth, OID.any_extended_key_usage)),
             variant="any", note="extKeyUsage serverAuth and anyExtendedKeyUsage"),
        Case("leaf", "CertificateProfile@0",
             lambda c: c.leaf.put(OID.extended_key_usage, eku_value(OID.server_auth, OID.code_signing)),
             variant="code-signing", note="extKeyUsage serverAuth and codeSigning"),
    ]


@row("cabf-7.1.2.7.6-leaf-eku-noncritical")
def _():
    return [Case("leaf", "ExtensionCriticality@0", lambda c: c.leaf.find(OID.extended_key_usage).__setattr__("critical", True),
                 note="critical extKeyUsage serverAuth")]


@row("cabf-7.1.2.1.2-root-no-eku")
def _():
    return [Case("anchor", "CertificateProfile@2", lambda c: c.anchor.put(OID.extended_key_usage, eku_value(OID.server_auth)),
                 note="a root with extKeyUsage serverAuth")]


@row("cabf-7.1.2.6.1-ca-eku-noncritical")
def _():
    return [Case("intermediate", "ExtensionCriticality@1",
                 lambda c: c.intermediate.put(OID.extended_key_usage, eku_value(OID.server_auth), True),
                 note="critical extKeyUsage serverAuth in the intermediate")]


def points(url):
    return seq(seq(implicit_constructed(0, implicit_constructed(0, uri(url)))))


@row("5280-4.2.1.13-distribution-point")
def _():
    return [Case(p, "UnparseableExtension@%d" % INDEX[p],
                 lambda c, p=p: spec(c, p).put(OID.crl_distribution_points, seq(seq(implicit_primitive(1, b"\x07\x80")))),
                 note="a DistributionPoint with only reasons") for p in POSITIONS]


@row("5280-4.2.1.14-critical")
def _():
    return [Case(p, "ExtensionCriticality@%d" % INDEX[p],
                 lambda c, p=p: spec(c, p).put(OID.inhibit_any_policy, integer(5), False),
                 note="non-critical inhibitAnyPolicy 5") for p in POSITIONS]


@row("5280-4.2.1.15-noncritical")
def _():
    # Apple's parser does not know freshestCRL: critical, it is an unknown critical extension
    # (CriticalExtensions, both profiles), which strict also judges on the anchor.
    return [Case(p, ("ExtensionCriticality@%d" if p == "anchor" else "CriticalExtensions@%d") % INDEX[p],
                 lambda c, p=p: spec(c, p).put(OID.freshest_crl, points("http://crl.example.net/delta.crl"), True),
                 note="critical freshestCRL") for p in POSITIONS]


@row("5280-4.2.2.1-aia-noncritical")
def _():
    value = aia_value((OID.ca_issuers, uri("http://ca.example.net/issuer.der")))
    return [Case(p, "ExtensionCriticality@%d" % INDEX[p], lambda c, p=p: spec(c, p).put(OID.authority_info_access, value, True),
                 note="critical authorityInfoAccess") for p in POSITIONS]


@row("5280-4.2.2.1-aia-syntax")
def _():
    return [Case(p, "UnparseableExtension@%d" % INDEX[p], lambda c, p=p: spec(c, p).put(OID.authority_info_access, seq()),
                 note="authorityInfoAccess with no AccessDescription") for p in POSITIONS]


@row("5280-4.2.2.2-sia-noncritical")
def _():
    value = aia_value((OID.ca_repository, uri("http://ca.example.net/repository/")))
    return [Case(p, "ExtensionCriticality@%d" % INDEX[p], lambda c, p=p: spec(c, p).put(OID.subject_info_access, value, True),
                 note="critical subjectInfoAccess") for p in POSITIONS]


@row("cabf-7.1.2.11.5-other-extensions")
def _():
    policy = seq(oid(OID.dv_policy))
    value = bytes([0x30, 0x81, len(policy)]) + policy
    return [Case(p, "UnparseableExtension@%d" % INDEX[p], lambda c, p=p: spec(c, p).put(OID.certificate_policies, value),
                 note="certificatePolicies with a non-minimal length (30 81 ..): not DER") for p in POSITIONS]


@row("cabf-7.1.3.1-spki-encoding")
def _():
    def mutate(p):
        def apply(c):
            c.rekey(spec(c, p), Keys.rsa(2048))
            spec(c, p).spki = rsa_spki_without_null(spec(c, p).spki)
            if spec(c, p).find(OID.subject_key_identifier) is not None:
                spec(c, p).put(OID.subject_key_identifier, ski_value(spec(c, p).key_identifier))
            c.reissue_below(spec(c, p))
        return apply
    return [Case(p, "CertificateProfile@%d" % INDEX[p], mutate(p),
                 note="an RSA-2048 key whose AlgorithmIdentifier has no NULL parameters") for p in POSITIONS]


@row("cabf-7.1.3.1.2-named-curve")
def _():
    def mutate(p):
        return lambda c: setattr(spec(c, p), "spki", explicit_curve_spki(spec(c, p).key.public_key()))
    note = "the %s's P-256 key with explicit curve parameters"
    return [Case("leaf", "WeakKeySize@0", mutate("leaf"), note=note % "leaf"),
            Case("intermediate", "MissingIntermediate@0", mutate("intermediate"),
                 note=note % "intermediate" + ": the leaf's signature cannot be checked with it"),
            Case("anchor", "MissingIntermediate@1", mutate("anchor"),
                 note=note % "root" + ": the intermediate's signature cannot be checked with it")]


@row("cabf-6.1.5-key-types")
def _():
    return [
        Case("leaf", "KeySize@0", lambda c: c.rekey(c.leaf, Keys.curve("p192")), variant="p192", note="a P-192 leaf key"),
        Case("leaf", "KeySize@0", lambda c: c.rekey(c.leaf, Keys.ed25519()), variant="ed25519", note="an Ed25519 leaf key"),
        Case("intermediate", "KeySize@1", lambda c: c.rekey(c.intermediate, Keys.curve("p224")), variant="p224",
             note="a P-224 intermediate key"),
        Case("anchor", "KeySize@2", lambda c: c.rekey(c.anchor, Keys.curve("p224")), variant="p224",
             note="a P-224 root key"),
    ]


@row("cabf-6.1.5-rsa-2048")
def _():
    return [Case(p, "KeySize@%d" % INDEX[p], lambda c, p=p: c.rekey(spec(c, p), Keys.rsa(1024)),
                 note="an RSA-1024 key") for p in POSITIONS]


@row("cabf-6.1.5-rsa-octets")
def _():
    return [Case(p, "RSAModulusLength@%d" % INDEX[p], lambda c, p=p: c.rekey(spec(c, p), Keys.rsa(2052)),
                 note="an RSA-2052 key (not a whole number of octets)") for p in POSITIONS]


@row("cabf-7.1.3.2-sha1")
def _():
    return [Case(p, "SignatureHashAlgorithms@%d" % INDEX[p], lambda c, p=p: setattr(spec(c, p), "hash_name", "sha1"),
                 note="signed with ecdsa-with-SHA1") for p in ("leaf", "intermediate")]


# ---------------------------------------------------------------------------------------------
# CRLs

def crl(c):
    return c.crls[0]


def crl_case(expect, mutate, note, variant=None):
    return Case("crl", expect, mutate, variant=variant, crl=True, note=note)


RRR = "RevocationResponseRequired@0"


@row("5280-5.1.1.2-crl-signature-oid-match")
def _():
    return [crl_case(RRR, lambda c: setattr(crl(c), "outer_signature", seq(oid("1.2.840.10045.4.3.3"))),
                     "outer signatureAlgorithm ecdsa-with-SHA384, tbsCertList.signature ecdsa-with-SHA256")]


@row("5280-5.1.1.2-crl-signature-parameters-match")
def _():
    def mutate(c):
        crl(c).tbs_signature = seq(oid(OID.ecdsa_sha256), NULL)
        crl(c).outer_signature = seq(oid(OID.ecdsa_sha256))
    return [crl_case(RRR, mutate, "tbsCertList.signature with NULL parameters, the outer one without")]


@row("5280-5.1.2.1-crl-version")
def _():
    return [crl_case("parse:crl-1", lambda c: setattr(crl(c), "version", None), "a v1 CRL with extensions")]


@row("5280-5.1.2.5-next-update")
def _():
    return [crl_case(RRR, lambda c: setattr(crl(c), "next_update", None), "no nextUpdate")]


@row("5280-6.3.3-a-crl-current")
def _():
    return [crl_case(RRR, lambda c: setattr(crl(c), "next_update", day(2026, 5, 15)), "nextUpdate 2026-05-15, before the verify date", "stale"),
            crl_case(RRR, lambda c: setattr(crl(c), "this_update", day(2026, 6, 15)), "thisUpdate 2026-06-15, after the verify date", "future")]


@row("5280-5.2-unknown-critical")
def _():
    return [crl_case(RRR, lambda c: crl(c).put(OID.unknown, seq(), True), "critical CRL extension 1.3.6.1.4.1.55738.666.1")]


@row("5280-5.2.1-crl-aki")
def _():
    return [crl_case(RRR, lambda c: crl(c).remove(OID.authority_key_identifier), "no authorityKeyIdentifier", "absent"),
            crl_case(RRR, lambda c: crl(c).put(OID.authority_key_identifier, aki_value(
                None, [directory(ROOT_NAME)], bytes.fromhex("1a2b3c4d5e6f70810002"))),
                "authorityKeyIdentifier without keyIdentifier", "issuer-and-serial")]


@row("cabf-7.2.2-crl-aki-noncritical")
def _():
    return [crl_case(RRR, lambda c: crl(c).find(OID.authority_key_identifier).__setattr__("critical", True),
                     "critical authorityKeyIdentifier")]


@row("5280-5.2.3-crl-number")
def _():
    return [crl_case(RRR, lambda c: crl(c).remove(OID.crl_number), "no cRLNumber")]


@row("5280-5.2.3-crl-number-noncritical")
def _():
    return [crl_case(RRR, lambda c: crl(c).find(OID.crl_number).__setattr__("critical", True), "critical cRLNumber")]


@row("5280-5.2.3-crl-number-length")
def _():
    return [crl_case(RRR, lambda c: crl(c).put(OID.crl_number, integer_octets(b"\x11" * 21)), "a 21-octet cRLNumber")]


@row("5280-5.2.3-crl-number-nonnegative")
def _():
    return [crl_case("parse:crl-1", lambda c: crl(c).put(OID.crl_number, integer(-7)), "cRLNumber -7")]


@row("5280-5.2.4-delta-crl")
def _():
    return [crl_case(RRR, lambda c: crl(c).put(OID.delta_crl_indicator, integer(6), True), "a delta CRL (critical indicator)", "critical"),
            crl_case(RRR, lambda c: crl(c).put(OID.delta_crl_indicator, integer(6), False), "a delta CRL indicator not critical", "noncritical")]


@row("5280-5.2.5-idp-critical")
def _():
    return [crl_case(RRR, lambda c: crl(c).put(OID.issuing_distribution_point, seq(implicit_primitive(1, b"\xff")), False),
                     "non-critical issuingDistributionPoint (onlyContainsUserCerts)")]


@row("5280-5.2.5-idp-not-empty")
def _():
    return [crl_case("parse:crl-1", lambda c: crl(c).put(OID.issuing_distribution_point, seq(), True), "an empty issuingDistributionPoint")]


@row("5280-5.2.5-idp-one-scope")
def _():
    return [crl_case("parse:crl-1", lambda c: crl(c).put(OID.issuing_distribution_point,
                                                       seq(implicit_primitive(1, b"\xff"), implicit_primitive(2, b"\xff")), True),
                     "onlyContainsUserCerts and onlyContainsCACerts both TRUE")]


@row("5280-5.2.5-idp-attribute-certs")
def _():
    return [crl_case(RRR, lambda c: crl(c).put(OID.issuing_distribution_point, seq(implicit_primitive(5, b"\xff")), True),
                     "onlyContainsAttributeCerts TRUE")]


@row("5280-5.2.6-freshest-noncritical")
def _():
    return [crl_case(RRR, lambda c: crl(c).put(OID.freshest_crl, points("http://crl.example.net/delta.crl"), True),
                     "critical freshestCRL")]


@row("5280-5.2.7-crl-aia-noncritical")
def _():
    value = aia_value((OID.ca_issuers, uri("http://ca.example.net/intermediate.der")))
    return [crl_case(RRR, lambda c: crl(c).put(OID.authority_info_access, value, True), "critical authorityInfoAccess")]


@row("5280-5.3-unknown-critical-entry")
def _():
    return [crl_case(RRR, lambda c: crl(c).entries[0].extensions.append(Ext(OID.unknown, True, seq())),
                     "a critical entry extension 1.3.6.1.4.1.55738.666.1 (on another serial's entry)")]


@row("5280-5.3.1-reason-code-noncritical")
def _():
    return [crl_case(RRR, lambda c: crl(c).entries[0].extensions[0].__setattr__("critical", True), "a critical reasonCode")]


@row("5280-5.3.1-remove-from-crl")
def _():
    return [crl_case(RRR, lambda c: crl(c).entries.append(RevokedEntry(c.leaf.serial, day(2026, 4, 1), [
        Ext(OID.reason_code, False, enumerated(8))])), "the leaf listed with removeFromCRL in a complete CRL")]


@row("5280-5.3.2-invalidity-date-noncritical")
def _():
    return [crl_case(RRR, lambda c: crl(c).entries[0].extensions.append(
        Ext(OID.invalidity_date, True, generalized_time(day(2026, 2, 1)))), "a critical invalidityDate")]


@row("5280-5.3.3-certificate-issuer-critical")
def _():
    def mutate(c):
        crl(c).put(OID.issuing_distribution_point, seq(implicit_primitive(4, b"\xff")), True)
        crl(c).entries[0].extensions.append(Ext(OID.certificate_issuer, False, general_names(directory(INTERMEDIATE_NAME))))
    return [crl_case(RRR, mutate, "an indirect CRL whose entry's certificateIssuer is not critical")]


@row("5280-6.1.3-a-3-not-revoked")
def _():
    def revoke_intermediate(c):
        c.crls.append(CRLSpec(c.anchor.subject, c.anchor.key, day(2026, 5, 1), day(2026, 7, 1),
                              [RevokedEntry(c.intermediate.serial, day(2026, 4, 1))],
                              [Ext(OID.authority_key_identifier, False, aki_value(c.anchor.key_identifier)),
                               Ext(OID.crl_number, False, integer(3))]))
    return [Case("leaf", "Revocation@0", lambda c: crl(c).entries.append(RevokedEntry(c.leaf.serial, day(2026, 4, 1))),
                 crl=True, note="the intermediate's CRL lists the leaf"),
            Case("intermediate", "Revocation@1", revoke_intermediate, crl=True, note="the root's CRL lists the intermediate")]


@row("webpki-crl-status-required")
def _():
    return [Case("leaf", RRR, lambda c: crl(c).put(OID.issuing_distribution_point, seq(implicit_primitive(2, b"\xff")), True),
                 crl=True, note="the only CRL covers CA certificates only (onlyContainsCACerts), so the leaf's status is unknown")]


# ---------------------------------------------------------------------------------------------
# RFC 5280 §6.1

@row("5280-6.1.3-a-1-signature")
def _():
    return [Case(p, "MissingIntermediate@%d" % INDEX[p], lambda c, p=p: setattr(spec(c, p), "corrupt_signature", True),
                 note="a signature that does not verify") for p in ("leaf", "intermediate")]


@row("5280-6.1.3-a-4-name-chaining")
def _():
    other = name((OID.country, "US"), (OID.organization, "Vouch Strict"), (OID.common_name, "Someone Else"))
    return [Case(p, "MissingIntermediate@%d" % INDEX[p], lambda c, p=p: setattr(spec(c, p), "issuer", other),
                 note="issuer names a CA that is not there (signature by the right key)") for p in ("leaf", "intermediate")]


@row("5280-6.1-b-trust-anchor")
def _():
    def mutate(c):
        other_key = ec_key("unrelated root")
        other_name = name((OID.country, "US"), (OID.common_name, "Unrelated Root CA"))
        other = CertSpec(other_key, other_name, other_name, other_key, CA_START, day(2045, 1, 1), b"\x3c\x01", None)
        other.extensions = ca_extensions(other.key_identifier, None)
        c.intermediates.append(c.anchor)
        c.anchor = other
    return [Case("anchor", "AnchorTrusted@2", mutate, note="the root is sent but not trusted; the only anchor is unrelated")]


@row("5280-6.1-no-repeat")
def _():
    def mutate(c):
        key_a, key_b = ec_key("cycle a"), ec_key("cycle b")
        name_a = name((OID.country, "US"), (OID.common_name, "Cycle CA A"))
        name_b = name((OID.country, "US"), (OID.common_name, "Cycle CA B"))
        a = CertSpec(key_a, name_a, name_b, key_b, CA_START, INTERMEDIATE_END, b"\x3c\x0a", None)
        b = CertSpec(key_b, name_b, name_a, key_a, CA_START, INTERMEDIATE_END, b"\x3c\x0b", None)
        a.extensions = ca_extensions(a.key_identifier, b.key_identifier)
        b.extensions = ca_extensions(b.key_identifier, a.key_identifier)
        c.intermediates = [a, b]
        c.leaf.issuer = name_a
        c.leaf.signer = key_a
        c.leaf.put(OID.authority_key_identifier, aki_value(a.key_identifier))
    return [Case("intermediate", "MissingIntermediate@*", mutate,
                 note="intermediates A and B issued by each other, neither by the root")]


# ---------------------------------------------------------------------------------------------
# BR 7.1.4.3: the commonName

def cn_case(common_name, san, note, variant=None):
    def mutate(c):
        c.leaf.subject = leaf_subject(common_name)
        if san is not None:
            set_san(c, *san)
    return Case("leaf", "CommonName@0", mutate, variant=variant, note=note)


@row("cabf-7.1.4.3-cn-ipv4")
def _():
    san = [dns("example.com"), ip([192, 0, 2, 1])]
    # 192.0.2.1 as inet_aton(3) also reads it: octal, hexadecimal, fewer than four numbers.
    forms = [
        ("octal", "0300.0.2.1", "octal 0300"),
        ("hexadecimal", "0xc0.0.2.1", "hexadecimal 0xc0"),
        ("hexadecimal-upper", "0XC0.0X0.0X2.0X1", "every number hexadecimal, 0X"),
        ("three-numbers", "192.0.513", "three numbers, the last 16 bits"),
        ("two-numbers", "192.513", "two numbers, the last 24 bits"),
        ("one-number", "3221225985", "one decimal number, 32 bits"),
        ("one-hexadecimal-number", "0xc0000201", "one hexadecimal number, 32 bits"),
        ("trailing-dot", "192.0.2.1.", "a final dot"),
    ]
    return [cn_case("192.0.002.1", san, "commonName 192.0.002.1 (leading zeros)")] + [
        cn_case(text, san, "commonName %s: 192.0.2.1 in another form (%s)" % (text, what), variant)
        for variant, text, what in forms] + [
        Case("leaf", "trusted", lambda c: (setattr(c.leaf, "subject", leaf_subject("192.0.2.1")), set_san(c, *san)),
             variant="dotted-decimal-control", note="control: commonName 192.0.2.1, in the SAN, RFC 3986's form"),
        Case("leaf", "trusted", lambda c: (setattr(c.leaf, "subject", leaf_subject("198.51.100.7")), set_san(c, *san)),
             variant="outside-san-control",
             note="control: commonName 198.51.100.7 in RFC 3986's form, not in the SAN (left alone by design)"),
    ]


@row("cabf-7.1.4.3-cn-ipv6")
def _():
    def address(*groups):
        return ip(b"".join(g.to_bytes(2, "big") for g in groups))
    documentation = address(0x2001, 0xDB8, 0, 0, 0, 0, 0, 1)
    # (variant, commonName, the SAN's address, what RFC 5952 §4 rule it breaks)
    forms = [
        ("leading-zeros", "2001:0db8::1", documentation, "§4.1, leading zeros"),
        ("upper-case", "2001:DB8::1", documentation, "§4.3, upper case"),
        ("one-group-compressed", "2001:db8::1:1:1:1:1", address(0x2001, 0xDB8, 0, 1, 1, 1, 1, 1),
         "§4.2.2, :: for one 16-bit 0 field"),
        ("shorter-run-compressed", "2001::1:0:0:0:1", address(0x2001, 0, 0, 1, 0, 0, 0, 1),
         "§4.2.3, :: not on the longest run"),
        ("second-run-compressed", "2001:db8:0:0:1::1", address(0x2001, 0xDB8, 0, 0, 1, 0, 0, 1),
         "§4.2.3, :: not on the first of equal runs"),
        ("brackets", "[2001:db8::1]", documentation, "brackets, the URI form of RFC 3986 §3.2.2"),
        ("ipv4-mapped-mixed", "::ffff:192.0.2.1", address(0, 0, 0, 0, 0, 0xFFFF, 0xC000, 0x201),
         "mixed notation, RFC 5952 §5 not §4"),
    ]
    return [cn_case("2001:db8:0:0:0:0:0:1", [dns("example.com"), documentation], "commonName 2001:db8:0:0:0:0:0:1 (not RFC 5952)")] + [
        cn_case(text, [dns("example.com"), san], "commonName %s (%s)" % (text, what), variant)
        for variant, text, san, what in forms] + [
        Case("leaf", "trusted", lambda c: (setattr(c.leaf, "subject", leaf_subject("2001:db8::1")),
                                           set_san(c, dns("example.com"), documentation)),
             variant="rfc5952-control", note="control: commonName 2001:db8::1, in the SAN, RFC 5952's form"),
    ]


@row("cabf-7.1.4.3-cn-idn-copy")
def _():
    return [cn_case("xn--nxasmq6b.example.com", None, "commonName xn--nxasmq6b.example.com, not in the SAN", "not-in-san"),
            cn_case("bücher.example.com", [dns("example.com"), dns("xn--bcher-kva.example.com")],
                    "commonName bücher.example.com, the SAN has xn--bcher-kva.example.com", "unicode")]


@row("cabf-7.1.4.3-cn-exact-copy")
def _():
    return [cn_case("EXAMPLE.com", None, "commonName EXAMPLE.com, the SAN has example.com", "ascii-case"),
            cn_case("XN--BCHER-KVA.example.com", [dns("example.com"), dns("xn--bcher-kva.example.com")],
                    "commonName XN--BCHER-KVA.example.com, the SAN has xn--bcher-kva.example.com", "idn-case")]


@row("cabf-7.1.4.3-cn-wildcard")
def _():
    return [cn_case("*.example.com", None, "commonName *.example.com, the SAN has example.com and www.example.com")]


@row("cabf-7.1.4.3-cn-single")
def _():
    def mutate(c):
        c.leaf.subject = seq(set_of(seq(oid(OID.common_name), utf8("example.com"))),
                             set_of(seq(oid(OID.common_name), utf8("www.example.com"))))
    return [Case("leaf", "CommonName@0", mutate, note="two commonNames, example.com and www.example.com")]


# ---------------------------------------------------------------------------------------------
# Host names

@row("9525-6.3-labels")
def _():
    return [Case("leaf", "SSLHostname@0", lambda c: setattr(c, "host", "other.example.com"),
                 note="host other.example.com; SAN example.com, www.example.com")]


@row("9525-6.3-wildcard-leftmost")
def _():
    return [Case("leaf", "SSLHostname@0", hostname_case([dns("ba*.example.com")], "baz.example.com"),
                 note="SAN ba*.example.com, host baz.example.com")]


@row("9525-6.3-one-wildcard")
def _():
    return [Case("leaf", "SSLHostname@0", hostname_case([dns("*.*.example.com")], "a.b.example.com"),
                 note="SAN *.*.example.com, host a.b.example.com")]


@row("9525-6.3-wildcard-one-label")
def _():
    return [Case("leaf", "SSLHostname@0", hostname_case([dns("*.example.com")], "a.b.example.com"), variant="two-labels",
                 note="SAN *.example.com, host a.b.example.com"),
            Case("leaf", "SSLHostname@0", hostname_case([dns("*.example.com")], "example.com"), variant="no-label",
                 note="SAN *.example.com, host example.com")]


@row("6125-6.4.3-wildcard-in-a-label")
def _():
    return [Case("leaf", "SSLHostname@0",
                 hostname_case([dns("xn--*-1b3c148a.example.com")], "xn--bliss-1b3c148a.example.com"),
                 note="SAN xn--*-1b3c148a.example.com, host xn--bliss-1b3c148a.example.com")]


@row("9525-no-cn-id")
def _():
    return [Case("leaf", "SSLHostname@0", lambda c: c.leaf.remove(OID.subject_alt_name),
                 note="no SAN; commonName example.com is the host")]


@row("9525-6.4-ip-id")
def _():
    return [Case("leaf", "SSLHostname@0", hostname_case([dns("192.0.2.1")], "192.0.2.1"),
                 note="SAN dNSName 192.0.2.1, host 192.0.2.1 (an IP-ID)")]


@row("5280-7.2-dnsname-ascii")
def _():
    return [Case("leaf", "SSLHostname@0",
                 hostname_case([implicit_primitive(2, "\U0001F61C.example.com".encode())], "xn--628h.example.com"),
                 note="SAN dNSName with UTF-8 bytes, host xn--628h.example.com")]


@row("cabf-3.2.2.6-wildcard-icann-suffix")
def _():
    return [Case("leaf", "SSLHostname@0", hostname_case([dns("*.com")], "example.com"), variant="tld",
                 note="SAN *.com, host example.com"),
            Case("leaf", "SSLHostname@0", hostname_case([dns("*")], "example"), variant="root",
                 note="SAN *, host example")]


@row("cabf-3.2.2.6-wildcard-private-suffix")
def _():
    return [Case("leaf", "SSLHostname@0", hostname_case([dns("*.s3.amazonaws.com")], "bucket.s3.amazonaws.com"),
                 note="SAN *.s3.amazonaws.com, host bucket.s3.amazonaws.com")]
