"""Self-checks for make.py: each certificate really has what makes it special, and every chain the
manifest expects is linked by name and signature and lies inside (or, where TemporalValidity is
expected, outside) its validity windows. Read by make.py (not run on its own); `fail` stops the run.
"""
import datetime

from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding
from cryptography.hazmat.primitives.asymmetric import dsa, ec, ed25519, padding, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID, SignatureAlgorithmOID

UTC = datetime.timezone.utc


def ext_or_none(cert, cls):
    try:
        return cert.extensions.get_extension_for_class(cls)
    except x509.ExtensionNotFound:
        return None


def san_values(cert):
    e = ext_or_none(cert, x509.SubjectAlternativeName)
    return None if e is None else [str(v.value) for v in e.value]


def eku_values(cert):
    e = ext_or_none(cert, x509.ExtendedKeyUsage)
    return None if e is None else list(e.value)


def sig_hash(cert):
    if cert.signature_algorithm_oid.dotted_string == "1.2.840.113549.1.1.4":
        return "MD5"                     # cryptography reports no hash object for md5WithRSAEncryption
    return type(cert.signature_hash_algorithm).__name__


def days(cert):
    return (cert.not_valid_after_utc - cert.not_valid_before_utc).days


def check(parsed, files, refs, manifest, verifies, fail):
    g, L, P = refs, refs["L"], refs["P"]
    c = parsed

    def expect(path, condition, what):
        if not condition:
            fail(f"{path}: expected {what}")

    root, inter = c[g["ROOT"]], c[g["INT"]]
    expect(g["ROOT"], root.issuer == root.subject and root.public_key().key_size == 2048, "RSA-2048 self-signed root")
    expect(g["ROOT"], verifies(root, root.public_key()), "root self-signature verifies")
    for tag in ("ROOT_EXPIRED", "ROOT_SHA1", "ROOT_MD5", "ROOT_NOBC", "ROOT_CRIT"):
        expect(g[tag], c[g[tag]].subject.public_bytes() == root.subject.public_bytes()
               and c[g[tag]].public_key() == root.public_key(), "root's subject bytes and key")
    for tag in ("INT_EXPIRED", "INT_SHA1", "INT_MD5", "INT_NOBC", "INT_NOTCA", "INT_KU", "INT_UTF8"):
        expect(g[tag], c[g[tag]].subject.public_bytes() == inter.subject.public_bytes()
               and c[g[tag]].public_key() == inter.public_key(), "intermediate's subject bytes and key")
    expect(g["ROOT_EXPIRED"], c[g["ROOT_EXPIRED"]].not_valid_after_utc == datetime.datetime(2026, 1, 1, tzinfo=UTC),
           "notAfter 2026-01-01")
    expect(g["INT_EXPIRED"], c[g["INT_EXPIRED"]].not_valid_after_utc == datetime.datetime(2026, 1, 1, tzinfo=UTC),
           "notAfter 2026-01-01")
    for tag, want in [("ROOT_SHA1", "SHA1"), ("ROOT_MD5", "MD5"), ("INT_SHA1", "SHA1"), ("INT_MD5", "MD5"),
                      ("ROOT", "SHA256"), ("INT", "SHA256")]:
        expect(g[tag], sig_hash(c[g[tag]]) == want, f"signature hash {want}")
    for tag in ("ROOT_NOBC", "INT_NOBC"):
        expect(g[tag], c[g[tag]].version == x509.Version.v3 and ext_or_none(c[g[tag]], x509.BasicConstraints) is None,
               "v3 without BasicConstraints")
    expect(g["INT_NOTCA"], c[g["INT_NOTCA"]].extensions.get_extension_for_class(x509.BasicConstraints).value.ca is False,
           "cA=false")
    expect(g["INT_KU"], not c[g["INT_KU"]].extensions.get_extension_for_class(x509.KeyUsage).value.key_cert_sign,
           "KeyUsage without keyCertSign")
    for path in (g["ROOT_CRIT"], L["crit"]):
        crit = [e for e in c[path].extensions if isinstance(e.value, x509.UnrecognizedExtension)]
        expect(path, len(crit) == 1 and crit[0].critical and crit[0].oid.dotted_string == "1.3.6.1.4.1.32473.1.1",
               "one unknown critical extension")
    utf8 = c[g["INT_UTF8"]]
    issuer_cn = utf8.issuer.get_attributes_for_oid(NameOID.COMMON_NAME)[0]
    root_cn = root.subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0]
    expect(g["INT_UTF8"], issuer_cn.value == root_cn.value and issuer_cn._type.name == "UTF8String"
           and root_cn._type.name == "PrintableString"
           and utf8.issuer.public_bytes() != root.subject.public_bytes(), "UTF8String issuer, same text as root")
    expect(g["INT_UTF8"], verifies(utf8, root.public_key()), "root's signature verifies")
    bc = c[g["INT_PL0"]].extensions.get_extension_for_class(x509.BasicConstraints).value
    expect(g["INT_PL0"], bc.ca and bc.path_length == 0, "pathLen 0")
    nc = c[g["INT_NC"]].extensions.get_extension_for_class(x509.NameConstraints)
    expect(g["INT_NC"], nc.critical and [str(n.value) for n in nc.value.permitted_subtrees] == ["example.com"]
           and nc.value.excluded_subtrees is None, "critical NC permitted example.com")

    # Leaves.
    leaf = c[g["LEAF"]]
    expect(g["LEAF"], san_values(leaf) == ["example.com"] and eku_values(leaf) == [ExtendedKeyUsageOID.SERVER_AUTH]
           and days(leaf) == 397, "SAN example.com, EKU serverAuth, 397 days")
    for key, want in [("wild", ["*.example.com"]), ("partial", ["f*.example.com"]), ("starcom", ["*.com"]),
                      ("starcouk", ["*.co.uk"]), ("trailingdot", ["example.com."]), ("ipv4", ["192.0.2.1"]),
                      ("ipv4dns", ["192.0.2.1"]), ("ipv6", ["2001:db8::1"]), ("ncother", ["other.com"]),
                      ("ncok", ["www.example.com"]), ("rsa_a", ["a.example.com"]), ("rsa_b", ["b.example.com"])]:
        expect(L[key], san_values(c[L[key]]) == want, f"SAN {want}")
    expect(L["ipv4"], isinstance(list(c[L["ipv4"]].extensions.get_extension_for_class(
        x509.SubjectAlternativeName).value)[0], x509.IPAddress), "iPAddress entry")
    expect(L["ipv4dns"], isinstance(list(c[L["ipv4dns"]].extensions.get_extension_for_class(
        x509.SubjectAlternativeName).value)[0], x509.DNSName), "dNSName entry")
    expect(L["nosan"], san_values(c[L["nosan"]]) is None and c[L["nosan"]].subject.get_attributes_for_oid(
        NameOID.COMMON_NAME)[0].value == "example.com", "no SAN, CN example.com")
    expect(L["clientauth"], eku_values(c[L["clientauth"]]) == [ExtendedKeyUsageOID.CLIENT_AUTH], "EKU clientAuth only")
    key_checks = [("rsa1024", lambda k: isinstance(k, rsa.RSAPublicKey) and k.key_size == 1024),
                  ("rsa512", lambda k: isinstance(k, rsa.RSAPublicKey) and k.key_size == 512),
                  ("dsa", lambda k: isinstance(k, dsa.DSAPublicKey)),
                  ("p224", lambda k: isinstance(k, ec.EllipticCurvePublicKey) and k.curve.name == "secp224r1"),
                  ("ed25519", lambda k: isinstance(k, ed25519.Ed25519PublicKey)),
                  ("client", lambda k: isinstance(k, rsa.RSAPublicKey) and k.key_size == 1024)]
    for key, ok in key_checks:
        expect(L[key], ok(c[L[key]].public_key()), f"{key} subject key")
    expect(L["client"], sig_hash(c[L["client"]]) == "SHA1" and eku_values(c[L["client"]]) ==
           [ExtendedKeyUsageOID.CLIENT_AUTH], "SHA-1 signature, EKU clientAuth")
    expect(L["sha1"], sig_hash(c[L["sha1"]]) == "SHA1" and c[L["sha1"]].public_key() == leaf.public_key(),
           "ecdsa-with-SHA1, leaf key")
    pss = c[L["pss"]]
    expect(L["pss"], pss.signature_algorithm_oid == SignatureAlgorithmOID.RSASSA_PSS
           and isinstance(pss.signature_algorithm_parameters, padding.PSS) and sig_hash(pss) == "SHA256",
           "RSASSA-PSS with SHA-256")
    expect(L["wrongkey"], c[L["wrongkey"]].issuer == inter.subject and not verifies(c[L["wrongkey"]], inter.public_key()),
           "intermediate's name but not its signature")
    aki = c[L["akimismatch"]].extensions.get_extension_for_class(x509.AuthorityKeyIdentifier).value.key_identifier
    int_ski = inter.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value.digest
    expect(L["akimismatch"], aki != int_ski and verifies(c[L["akimismatch"]], inter.public_key()),
           "AKI ≠ intermediate SKI with a valid signature")
    expect(L["rsa_a"], c[L["rsa_a"]].public_key() == c[L["rsa_b"]].public_key()
           and files[L["rsa_a"]] != files[L["rsa_b"]], "same RSA key as leaf-rsa-key-b, different certificate")
    dup = c[L["dupsan"]]
    try:
        dup.extensions
        fail(f"{L['dupsan']}: cryptography should refuse its duplicate extensions")
    except x509.DuplicateExtension:
        pass
    expect(L["dupsan"], files[L["dupsan"]].count(bytes.fromhex("0603551d11")) == 2, "SAN OID twice")

    # Self-signed leaves.
    for tag, eku in [("SS", [ExtendedKeyUsageOID.SERVER_AUTH]), ("SS_3Y", [ExtendedKeyUsageOID.SERVER_AUTH]),
                     ("SS_NOEKU", None), ("SS_ANYEKU", [ExtendedKeyUsageOID.ANY_EXTENDED_KEY_USAGE]),
                     ("SS_2019", None), ("SS_SHA1", [ExtendedKeyUsageOID.SERVER_AUTH])]:
        cert = c[g[tag]]
        expect(g[tag], cert.issuer == cert.subject and verifies(cert, cert.public_key()), "self-signed")
        expect(g[tag], eku_values(cert) == eku, f"EKU {eku}")
    expect(g["SS_3Y"], days(c[g["SS_3Y"]]) == 1096, "1096 days")
    expect(g["SS_2019"], c[g["SS_2019"]].not_valid_before_utc.year == 2019 and days(c[g["SS_2019"]]) == 1826,
           "2019-01-01 + 5 years")
    expect(g["SS_SHA1"], sig_hash(c[g["SS_SHA1"]]) == "SHA1" and c[g["SS_SHA1"]].public_key().key_size == 2048,
           "RSA-2048 sha1WithRSAEncryption")

    # Parse-only files.
    expect(P["utc55"], b"\x17\x0d550101000000Z" in files[P["utc55"]]
           and c[P["utc55"]].not_valid_before_utc.year == 1955, "UTCTime 550101000000Z")
    expect(P["fraction"], b"\x18\x1120260101000000.5Z" in files[P["fraction"]], "GeneralizedTime with .5")
    expect(P["v0"], bytes.fromhex("a003020100") in files[P["v0"]][:16], "explicit [0] INTEGER 0")
    expect(P["v1"], c[P["v1"]].version == x509.Version.v1 and b"\xa0\x03\x02\x01" not in files[P["v1"]][:16],
           "absent version")
    expect(g["TRAILING"], files[g["TRAILING"]].startswith(files[g["LEAF"]])
           and len(files[g["TRAILING"]]) > len(files[g["LEAF"]]), "leaf.der plus trailing bytes")
    expect(g["PEM"], x509.load_pem_x509_certificate(files[g["PEM"]]).public_bytes(Encoding.DER) == files[g["LEAF"]],
           "PEM of leaf.der")

    check_chains(parsed, manifest, verifies, fail)


def check_chains(parsed, manifest, verifies, fail):
    """Each expected chain links by exact name bytes and signature; dates agree with TemporalValidity."""
    for case in manifest["cases"]:
        expected = case.get("expected") or {}
        chain = expected.get("chain")
        if not chain:
            continue
        for child, parent in zip(chain, chain[1:]):
            a, b = parsed[child], parsed[parent]
            if a.issuer.public_bytes() != b.subject.public_bytes() or not verifies(a, b.public_key()):
                fail(f"case {case['id']}: {child} is not issued by {parent}")
        when = datetime.datetime.strptime(case["verify_date"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
        expired = {f["index"] for f in expected.get("failures", []) if f["check"] == "TemporalValidity"}
        for index, path in enumerate(chain):
            cert = parsed[path]
            inside = cert.not_valid_before_utc <= when <= cert.not_valid_after_utc
            if inside == (index in expired):
                fail(f"case {case['id']}: {path} validity vs {case['verify_date']} disagrees with the failures")
        top = parsed[chain[-1]]
        anchored = chain[-1] in (case.get("anchors") or []) or (case.get("system_roots") and
                                                                 case["anchors_only"] is False)
        self_signed = top.issuer.public_bytes() == top.subject.public_bytes() and verifies(top, top.public_key())
        checks = {f["check"] for f in expected.get("failures", [])}
        if not anchored and not ({"AnchorTrusted", "MissingIntermediate"} & checks):
            fail(f"case {case['id']}: unanchored chain without a Trust failure")
        if not anchored and (("AnchorTrusted" in checks) != self_signed):
            fail(f"case {case['id']}: AnchorTrusted vs self-signed top disagree")
