#!/usr/bin/env python3
"""Makes the SecTrust edge-case vectors: SECTRUST.md §13, one manifest row per case or variant.

Every certificate is assembled here from a small DER encoder, so the odd encodings that library
builders refuse (duplicate extensions, explicit version 0, fractional seconds, UTCTime "55…",
UTF8String issuer names, RSA-512, DSA, RSA-PSS, MD5/SHA-1, wrong-key signatures…) come out of the
same code path as the ordinary ones. The TBSCertificate is signed with Python's `cryptography`
primitives (a fixture tool, never part of the engine). Private keys live only in memory while this
runs; they are not written anywhere, so the files are fixed once committed. Run it again only to
replace every file at once (keys, and so every DER, change).

    python3 TestVectors/sectrust/make.py   # writes certs/*.der, certs/leaf.pem, manifest.json, README.md

Structure (names, serials, dates, extensions) is deterministic; keys and ECDSA/PSS signatures are not.
Expected answers are derived from /work/shared/spec/SECTRUST.md only: each evaluation row lists the
failing checks (names of the §4 tables); result class and OSStatus are computed from them with the
§4 classes and the §9 priority, and compared with the answer §13 states (written by hand per row).
The script ends with self-checks and fails loudly: every file parses with `cryptography` or is
listed as not meant to, every chain edge that should verify does, and the special property of each
certificate is really present.
"""
import datetime
import hashlib
import json
import os
import shutil
import sys

sys.dont_write_bytecode = True        # the helper modules next to this file leave no __pycache__ behind

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import dsa, ec, ed25519, padding, rsa

from x509_parts import (
    tlv, seq, integer, bits, explicit, utf8,
    der_time, name, ROOT_NAME, INT_NAME, spki_of, rsa512_spki,
    SIG_ALGS, default_alg, EKU_SERVER, EKU_CLIENT, EKU_ANY, UNKNOWN_CRITICAL_OID,
    basic_constraints, key_usage, ski, aki, ski_bytes, san,
    eku, name_constraints_permitted_dns, unknown_critical,
)

HERE = os.path.dirname(os.path.abspath(__file__))
CERTS = os.path.join(HERE, "certs")
UTC = datetime.timezone.utc


def day(y, m, d, hh=0, mm=0, ss=0):
    return datetime.datetime(y, m, d, hh, mm, ss, tzinfo=UTC)


VERIFY_DEFAULT = day(2026, 6, 1)
CA_START, CA_END = day(2025, 1, 1), day(2035, 1, 1)
LEAF_START = day(2026, 1, 1)
LEAF_END = LEAF_START + datetime.timedelta(days=397)          # 2027-02-02T00:00:00Z


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")



# ---------------------------------------------------------------------------------------------
# The certificate builder.

FILES = {}        # "certs/x.der" -> bytes
NOTES = {}        # "certs/x.der" -> one line: what is special
ISSUED_BY = {}    # "certs/x.der" -> (issuer public key, should verify)


def serial_for(file_name):
    digest = bytearray(hashlib.sha256(file_name.encode()).digest()[:16])
    digest[0] = (digest[0] & 0x3F) | 0x10
    return int.from_bytes(bytes(digest), "big")


def certificate(file_name, note, *, subject, issuer, spki, signer, extensions, not_before=CA_START,
                not_after=CA_END, alg=None, version=2, raw_not_before=None, issuer_public=None,
                signature_should_verify=True):
    alg = alg or default_alg(signer)
    alg_der, sign = SIG_ALGS[alg]
    validity = seq(raw_not_before or der_time(not_before), der_time(not_after))
    tbs = seq(
        explicit(0, integer(version)) if version is not None else b"",
        integer(serial_for(file_name)),
        alg_der,
        issuer,
        validity,
        subject,
        spki,
        explicit(3, seq(*extensions)) if extensions else b"",
    )
    der = seq(tbs, alg_der, bits(sign(signer, tbs)))
    path = "certs/" + file_name
    assert path not in FILES, path
    FILES[path] = der
    NOTES[path] = note
    ISSUED_BY[path] = (issuer_public or signer.public_key(), signature_should_verify)
    return path


def ca(file_name, note, *, common_name=None, subject=None, key, issuer=ROOT_NAME, signer=None, path_len=None,
       issuer_spki=None, extra=(), replace=None, **kw):
    """A CA with BC cA=true (critical), KU keyCertSign+cRLSign (critical), SKI, and AKI unless self-signed."""
    spki = spki_of(key.public_key())
    signer = signer or key
    subject = subject or name(common_name)
    parts = {
        "bc": basic_constraints(True, path_len),
        "ku": key_usage("keyCertSign", "cRLSign"),
        "ski": ski(spki),
        "aki": aki(ski_bytes(issuer_spki)) if issuer_spki else None,
    }
    parts.update(replace or {})
    extensions = [e for e in parts.values() if e is not None] + list(extra)
    return certificate(file_name, note, subject=subject, issuer=issuer, spki=spki, signer=signer,
                       extensions=extensions, **kw)


def main():
    # Keys: memory only.
    root_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    int_key = ec.generate_private_key(ec.SECP256R1())
    leaf_key = ec.generate_private_key(ec.SECP256R1())
    self_signed_key = ec.generate_private_key(ec.SECP256R1())
    root_spki = spki_of(root_key.public_key())
    int_spki = spki_of(int_key.public_key())
    leaf_spki = spki_of(leaf_key.public_key())

    def leaf(file_name, note, *, common_name="example.com", spki=leaf_spki, signer=int_key, issuer=INT_NAME,
             issuer_spki=int_spki, not_before=LEAF_START, not_after=None, replace=None, extra=(), **kw):
        """A leaf like the common one: BC cA=false, SKI, AKI, SAN example.com, EKU serverAuth, KU
        digitalSignature (critical), 397 days from 2026-01-01. `replace` swaps or drops (None) a part."""
        parts = {
            "bc": basic_constraints(False),
            "ski": ski(spki),
            "aki": aki(ski_bytes(issuer_spki)) if issuer_spki else None,
            "san": san("example.com"),
            "eku": eku(EKU_SERVER),
            "ku": key_usage("digitalSignature"),
        }
        parts.update(replace or {})
        extensions = [e for e in parts.values() if e is not None] + list(extra)
        if not_after is None:
            not_after = not_before + datetime.timedelta(days=397)
        return certificate(file_name, note, subject=name(common_name), issuer=issuer, spki=spki, signer=signer,
                           extensions=extensions, not_before=not_before, not_after=not_after, **kw)

    def self_signed_leaf(file_name, note, common_name, key=self_signed_key, **kw):
        spki = spki_of(key.public_key())
        subject = name(common_name)
        return leaf(file_name, note, common_name=common_name, spki=spki, signer=key, issuer=subject,
                    issuer_spki=spki, **kw)

    # --- the shared chain -------------------------------------------------------------------
    ROOT = ca("root.der", "RSA-2048 self-signed root, sha256WithRSAEncryption, 2025-01-01 → 2035-01-01, no AKI; "
              "the default anchor", subject=ROOT_NAME, key=root_key, issuer=ROOT_NAME)
    INT = ca("intermediate.der", "P-256 intermediate signed by root (sha256WithRSAEncryption), no pathLen, "
             "2025-01-01 → 2035-01-01", subject=INT_NAME, key=int_key, signer=root_key, issuer_spki=root_spki)
    LEAF = leaf("leaf.der", "P-256 leaf signed by intermediate (ecdsa-with-SHA256); CN and SAN example.com, "
                "EKU serverAuth, 2026-01-01 + 397 d = 2027-02-02T00:00:00Z")

    # --- root variants: same subject and key as root.der, so intermediate.der chains to each ----
    ROOT_EXPIRED = ca("root-expired.der", "root.der's subject and key, validity 2015-01-01 → 2026-01-01 "
                      "(expired at the default verify date)", subject=ROOT_NAME, key=root_key, issuer=ROOT_NAME,
                      not_before=day(2015, 1, 1), not_after=day(2026, 1, 1))
    ROOT_SHA1 = ca("root-sha1.der", "root.der's subject and key, self-signed with sha1WithRSAEncryption",
                   subject=ROOT_NAME, key=root_key, issuer=ROOT_NAME, alg="sha1WithRSAEncryption")
    ROOT_MD5 = ca("root-md5.der", "root.der's subject and key, self-signed with md5WithRSAEncryption",
                  subject=ROOT_NAME, key=root_key, issuer=ROOT_NAME, alg="md5WithRSAEncryption")
    ROOT_NOBC = ca("root-no-bc.der", "root.der's subject and key, v3 without BasicConstraints (KU keyCertSign kept)",
                   subject=ROOT_NAME, key=root_key, issuer=ROOT_NAME, replace={"bc": None})
    ROOT_CRIT = ca("root-unknown-critical.der", f"root.der's subject and key plus an unknown critical extension "
                   f"{UNKNOWN_CRITICAL_OID}", subject=ROOT_NAME, key=root_key, issuer=ROOT_NAME,
                   extra=[unknown_critical()])

    # --- intermediate variants: same subject and key as intermediate.der, so leaf.der chains ---
    def int_variant(file_name, note, **kw):
        return ca(file_name, note, subject=INT_NAME, key=int_key, signer=root_key, issuer_spki=root_spki, **kw)

    INT_EXPIRED = int_variant("intermediate-expired.der", "intermediate.der's subject and key, validity "
                              "2025-01-01 → 2026-01-01 (expired at the default verify date)",
                              not_after=day(2026, 1, 1))
    INT_SHA1 = int_variant("intermediate-sha1.der", "intermediate.der's subject and key, signed by root with "
                           "sha1WithRSAEncryption", alg="sha1WithRSAEncryption")
    INT_MD5 = int_variant("intermediate-md5.der", "intermediate.der's subject and key, signed by root with "
                          "md5WithRSAEncryption", alg="md5WithRSAEncryption")
    INT_NOBC = int_variant("intermediate-no-bc.der", "intermediate.der's subject and key, v3 without "
                           "BasicConstraints", replace={"bc": None})
    INT_NOTCA = int_variant("intermediate-bc-not-ca.der", "intermediate.der's subject and key, BasicConstraints "
                            "cA=false (critical)", replace={"bc": basic_constraints(False)})
    INT_KU = int_variant("intermediate-ku-no-certsign.der", "intermediate.der's subject and key, critical KeyUsage "
                         "digitalSignature only (no keyCertSign)", replace={"ku": key_usage("digitalSignature")})
    INT_UTF8 = int_variant("intermediate-utf8-issuer.der", "intermediate.der's subject and key; its issuer Name is "
                           "root's text with O and CN as UTF8String (root's are PrintableString; C stays "
                           "PrintableString); signature by root is valid",
                           issuer=name("Vouch SecTrust Root CA", string=utf8))

    # --- other CAs ---------------------------------------------------------------------------
    int_rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    INT_RSA = ca("intermediate-rsa.der", "RSA-2048 intermediate signed by root (sha256WithRSAEncryption); issuer "
                 "of the RSA-PSS leaf", common_name="Vouch SecTrust RSA Intermediate CA", key=int_rsa_key,
                 signer=root_key, issuer_spki=root_spki)
    int_rsa_spki = spki_of(int_rsa_key.public_key())
    pathlen_key = ec.generate_private_key(ec.SECP256R1())
    sub_key = ec.generate_private_key(ec.SECP256R1())
    INT_PL0 = ca("intermediate-pathlen0.der", "P-256 intermediate signed by root with BasicConstraints pathLen 0",
                 common_name="Vouch SecTrust PathLen0 CA", key=pathlen_key, signer=root_key, issuer_spki=root_spki,
                 path_len=0)
    INT_SUB = ca("intermediate-sub.der", "P-256 CA signed by intermediate-pathlen0 (a second intermediate below "
                 "pathLen 0)", common_name="Vouch SecTrust Sub CA", key=sub_key, signer=pathlen_key,
                 issuer=name("Vouch SecTrust PathLen0 CA"), issuer_spki=spki_of(pathlen_key.public_key()))
    nc_key = ec.generate_private_key(ec.SECP256R1())
    INT_NC = ca("intermediate-nc.der", "P-256 intermediate signed by root with critical NameConstraints "
                "permitted dNSName example.com", common_name="Vouch SecTrust Constrained CA", key=nc_key,
                signer=root_key, issuer_spki=root_spki, extra=[name_constraints_permitted_dns("example.com")])
    sysroot_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    SYSROOT_NAME = name("Vouch SecTrust Stand-in System Root")
    SYSROOT = ca("system-root.der", "RSA-2048 self-signed root the API test installs as the modelled system root "
                 "set (§12, §14); never an app anchor", subject=SYSROOT_NAME, key=sysroot_key, issuer=SYSROOT_NAME)
    unrelated_key = ec.generate_private_key(ec.SECP256R1())
    UNRELATED_NAME = name("Vouch SecTrust Unrelated CA")
    UNRELATED = ca("unrelated-root.der", "P-256 self-signed CA that nothing chains to (extra input for #40)",
                   subject=UNRELATED_NAME, key=unrelated_key, issuer=UNRELATED_NAME)

    # --- leaves under intermediate.der --------------------------------------------------------
    L = {}
    L["clientauth"] = leaf("leaf-eku-clientauth.der", "leaf.der's shape with EKU clientAuth only",
                           replace={"eku": eku(EKU_CLIENT)})
    L["nosan"] = leaf("leaf-no-san.der", "no SAN extension; subject CN=example.com", replace={"san": None})
    L["wild"] = leaf("leaf-san-wildcard.der", "SAN dNSName *.example.com (CN names the case, not a host)",
                     common_name="wildcard leaf", replace={"san": san("*.example.com")})
    L["partial"] = leaf("leaf-san-partial-wildcard.der", "SAN dNSName f*.example.com",
                        common_name="partial wildcard leaf", replace={"san": san("f*.example.com")})
    L["starcom"] = leaf("leaf-san-wildcard-com.der", "SAN dNSName *.com (two labels)",
                        common_name="wildcard com leaf", replace={"san": san("*.com")})
    L["starcouk"] = leaf("leaf-san-wildcard-co-uk.der", "SAN dNSName *.co.uk (wildcard over a public suffix)",
                         common_name="wildcard co.uk leaf", replace={"san": san("*.co.uk")})
    L["trailingdot"] = leaf("leaf-san-trailing-dot.der", "SAN dNSName \"example.com.\" (trailing dot, not DNS-like)",
                            common_name="trailing dot leaf", replace={"san": san("example.com.")})
    L["ipv4"] = leaf("leaf-san-ipv4.der", "SAN iPAddress 192.0.2.1 only (4 bytes)", common_name="ipv4 leaf",
                     replace={"san": san("ip:192.0.2.1")})
    L["ipv4dns"] = leaf("leaf-san-dns-ipv4.der", "SAN dNSName \"192.0.2.1\" only (last label has no letter)",
                        common_name="dns ipv4 leaf", replace={"san": san("192.0.2.1")})
    L["ipv6"] = leaf("leaf-san-ipv6.der", "SAN iPAddress 2001:db8::1 only (16 bytes)", common_name="ipv6 leaf",
                     replace={"san": san("ip:2001:db8::1")})
    rsa1024 = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    L["rsa1024"] = leaf("leaf-rsa1024.der", "RSA-1024 subject key (128-byte modulus)", spki=spki_of(rsa1024.public_key()))
    L["rsa512"] = leaf("leaf-rsa512.der", "RSA-512 subject key (64-byte modulus; built by hand, no private key)",
                       spki=rsa512_spki())
    dsa_key = dsa.generate_private_key(key_size=2048)
    L["dsa"] = leaf("leaf-dsa.der", "DSA-2048 subject key (id-dsa: unsupported algorithm, no SecKey)",
                    spki=spki_of(dsa_key.public_key()))
    L["p224"] = leaf("leaf-p224.der", "P-224 subject key (28-byte field)",
                     spki=spki_of(ec.generate_private_key(ec.SECP224R1()).public_key()))
    L["ed25519"] = leaf("leaf-ed25519.der", "Ed25519 subject key",
                        spki=spki_of(ed25519.Ed25519PrivateKey.generate().public_key()))
    L["sha1"] = leaf("leaf-sha1.der", "leaf.der's shape signed by intermediate with ecdsa-with-SHA1",
                     alg="ecdsa-with-SHA1")
    L["pss"] = leaf("leaf-rsa-pss.der", "P-256 leaf signed by intermediate-rsa with RSASSA-PSS (SHA-256, MGF1-SHA-256, "
                    "salt 32); the signature is valid", signer=int_rsa_key,
                    issuer=name("Vouch SecTrust RSA Intermediate CA"), issuer_spki=int_rsa_spki,
                    alg="RSASSA-PSS-SHA256")
    wrong_key = ec.generate_private_key(ec.SECP256R1())
    L["wrongkey"] = leaf("leaf-wrong-key.der", "issuer Name and AKI say intermediate.der, but signed by an unrelated "
                         "P-256 key (signature does not verify)", signer=wrong_key, issuer_public=int_key.public_key(),
                         signature_should_verify=False)
    L["sub"] = leaf("leaf-under-sub.der", "leaf.der's shape signed by intermediate-sub (path through pathLen 0)",
                    signer=sub_key, issuer=name("Vouch SecTrust Sub CA"), issuer_spki=spki_of(sub_key.public_key()))
    L["crit"] = leaf("leaf-unknown-critical.der", f"leaf.der's shape plus an unknown critical extension "
                     f"{UNKNOWN_CRITICAL_OID}", extra=[unknown_critical()])
    L["akimismatch"] = leaf("leaf-aki-mismatch.der", "AKI keyIdentifier 20 × 0x01 ≠ intermediate's SKI; signature by "
                            "intermediate is valid", replace={"aki": aki(b"\x01" * 20)})
    nc_spki = spki_of(nc_key.public_key())
    L["ncother"] = leaf("leaf-nc-other.der", "signed by intermediate-nc; SAN other.com only (outside the permitted "
                        "subtree)", common_name="other.com", signer=nc_key,
                        issuer=name("Vouch SecTrust Constrained CA"), issuer_spki=nc_spki,
                        replace={"san": san("other.com")})
    L["ncok"] = leaf("leaf-nc-www.der", "signed by intermediate-nc; SAN www.example.com (inside the permitted subtree)",
                     common_name="www.example.com", signer=nc_key, issuer=name("Vouch SecTrust Constrained CA"),
                     issuer_spki=nc_spki, replace={"san": san("www.example.com")})
    L["dupsan"] = leaf("leaf-duplicate-san.der", "two SubjectAlternativeName extensions (both dNSName example.com)",
                       extra=[san("example.com")])
    L["client"] = leaf("leaf-client-rsa1024-sha1.der", "RSA-1024 subject key, signed by intermediate with "
                       "ecdsa-with-SHA1, EKU clientAuth, SAN example.com", spki=spki_of(
                           rsa.generate_private_key(public_exponent=65537, key_size=1024).public_key()),
                       alg="ecdsa-with-SHA1", replace={"eku": eku(EKU_CLIENT)})
    shared_rsa = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    L["rsa_a"] = leaf("leaf-rsa-key-a.der", "RSA-2048 leaf, CN/SAN a.example.com; same key as leaf-rsa-key-b.der",
                      common_name="a.example.com", spki=spki_of(shared_rsa.public_key()),
                      replace={"san": san("a.example.com")})
    L["rsa_b"] = leaf("leaf-rsa-key-b.der", "RSA-2048 leaf, CN/SAN b.example.com; same key as leaf-rsa-key-a.der",
                      common_name="b.example.com", spki=spki_of(shared_rsa.public_key()),
                      replace={"san": san("b.example.com")})
    sys_leaf = leaf("leaf-under-system-root.der", "leaf.der's shape signed directly by system-root "
                    "(sha256WithRSAEncryption)", signer=sysroot_key, issuer=SYSROOT_NAME,
                    issuer_spki=spki_of(sysroot_key.public_key()))

    # --- self-signed leaves (P-256 unless stated) -------------------------------------------------
    SS = self_signed_leaf("selfsigned-leaf.der", "self-signed P-256 leaf (AKI = SKI), SAN example.com, EKU serverAuth, "
                          "397 days from 2026-01-01, BC cA=false", "Vouch SecTrust self-signed leaf")
    SS_3Y = self_signed_leaf("selfsigned-leaf-3y.der", "selfsigned-leaf.der's shape, 2025-06-01 → 2028-06-01 "
                             "(1096 days)", "Vouch SecTrust self-signed leaf 3y", not_before=day(2025, 6, 1),
                             not_after=day(2028, 6, 1))
    SS_NOEKU = self_signed_leaf("selfsigned-leaf-no-eku.der", "selfsigned-leaf.der's shape without EKU "
                                "(notBefore 2026-01-01)", "Vouch SecTrust self-signed leaf no EKU",
                                replace={"eku": None})
    SS_ANYEKU = self_signed_leaf("selfsigned-leaf-any-eku.der", "selfsigned-leaf.der's shape with EKU anyExtendedKeyUsage "
                                 "only", "Vouch SecTrust self-signed leaf any EKU", replace={"eku": eku(EKU_ANY)})
    SS_2019 = self_signed_leaf("selfsigned-leaf-2019-5y.der", "self-signed, no EKU, 2019-01-01 → 2024-01-01 "
                               "(5 years, before both 2019-06-30 date gates)", "Vouch SecTrust self-signed leaf 2019",
                               not_before=day(2019, 1, 1), not_after=day(2024, 1, 1), replace={"eku": None})
    ss_rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    SS_SHA1 = self_signed_leaf("selfsigned-leaf-sha1.der", "self-signed RSA-2048 leaf signed with sha1WithRSAEncryption, "
                               "SAN example.com, EKU serverAuth, 397 days", "Vouch SecTrust self-signed SHA-1 leaf",
                               key=ss_rsa_key, alg="sha1WithRSAEncryption")

    # --- parse-only files ---------------------------------------------------------------------
    P = {}
    P["utc55"] = leaf("parse-utctime-55.der", "notBefore is UTCTime \"550101000000Z\" (Apple: 2001-01-01T00:00:00Z; "
                      "RFC 5280: 1955-01-01)", common_name="utctime 55 leaf",
                      raw_not_before=tlv(0x17, b"550101000000Z"))
    P["fraction"] = leaf("parse-fractional-seconds.der", "notBefore is GeneralizedTime \"20260101000000.5Z\" "
                         "(fractional seconds)", common_name="fractional seconds leaf",
                         raw_not_before=tlv(0x18, b"20260101000000.5Z"))
    P["v0"] = certificate("parse-version0.der", "v1 certificate whose version is encoded explicitly as [0] INTEGER 0 "
                          "(DER forbids; Apple rejects)", subject=name("version 0 explicit"), issuer=INT_NAME,
                          spki=leaf_spki, signer=int_key, extensions=[], not_before=LEAF_START, not_after=LEAF_END,
                          version=0)
    P["v1"] = certificate("parse-version-absent.der", "the same v1 certificate with the version field absent "
                          "(control: parses)", subject=name("version 1 absent"), issuer=INT_NAME, spki=leaf_spki,
                          signer=int_key, extensions=[], not_before=LEAF_START, not_after=LEAF_END, version=None)
    trailing = "certs/leaf-trailing-garbage.der"
    FILES[trailing] = FILES[LEAF] + b"\x00\x00\x00\x00trailing garbage\n"
    NOTES[trailing] = "leaf.der followed by 21 bytes of garbage (CopyData must return exactly leaf.der)"
    pem = "certs/leaf.pem"
    FILES[pem] = (b"-----BEGIN CERTIFICATE-----\n" + _base64_lines(FILES[LEAF]) + b"-----END CERTIFICATE-----\n")
    NOTES[pem] = "leaf.der as PEM text (SecCertificateCreateWithData takes DER only → nil)"

    refs = dict(ROOT=ROOT, INT=INT, LEAF=LEAF, ROOT_EXPIRED=ROOT_EXPIRED, ROOT_SHA1=ROOT_SHA1, ROOT_MD5=ROOT_MD5,
                ROOT_NOBC=ROOT_NOBC, ROOT_CRIT=ROOT_CRIT, INT_EXPIRED=INT_EXPIRED, INT_SHA1=INT_SHA1,
                INT_MD5=INT_MD5, INT_NOBC=INT_NOBC, INT_NOTCA=INT_NOTCA, INT_KU=INT_KU, INT_UTF8=INT_UTF8,
                INT_RSA=INT_RSA, INT_PL0=INT_PL0, INT_SUB=INT_SUB, INT_NC=INT_NC, SYSROOT=SYSROOT,
                UNRELATED=UNRELATED, SYS_LEAF=sys_leaf, SS=SS, SS_3Y=SS_3Y, SS_NOEKU=SS_NOEKU,
                SS_ANYEKU=SS_ANYEKU, SS_2019=SS_2019, SS_SHA1=SS_SHA1, TRAILING=trailing, PEM=pem, L=L, P=P)
    keys = dict(leaf=leaf_key.public_key(), shared_rsa=shared_rsa.public_key(), int_rsa=int_rsa_key.public_key())

    import cases                       # the case table, next to this file
    manifest = cases.build(refs, keys, iso(VERIFY_DEFAULT))
    self_check(manifest, refs)
    write_all(manifest)


def _base64_lines(der):
    import base64
    text = base64.b64encode(der)
    return b"".join(text[i:i + 64] + b"\n" for i in range(0, len(text), 64))


# ---------------------------------------------------------------------------------------------
# Self-checks.

# Files `cryptography` is not meant to load with load_der_x509_certificate, and why.
NOT_PARSED_BY_CRYPTOGRAPHY = {
    "certs/leaf.pem": "PEM text, not DER",
    "certs/parse-fractional-seconds.der": "cryptography rejects fractional seconds in GeneralizedTime, as Apple does",
    "certs/leaf-trailing-garbage.der": "cryptography rejects trailing data (ExtraData); Apple ignores it (§10)",
    "certs/parse-version0.der": "cryptography rejects an explicitly encoded DEFAULT version (EncodedDefault), as Apple does",
}


def fail(message):
    sys.exit("make.py self-check FAILED: " + message)


def self_check(manifest, refs):
    parsed = {}
    for path, der in FILES.items():
        try:
            parsed[path] = x509.load_der_x509_certificate(der)
        except Exception as error:                          # noqa: BLE001 - report any parser refusal
            if path not in NOT_PARSED_BY_CRYPTOGRAPHY:
                fail(f"{path} does not parse with cryptography: {error}")
            continue
        if path in NOT_PARSED_BY_CRYPTOGRAPHY:
            fail(f"{path} parses with cryptography but is listed as not meant to")

    # Signatures: every issued certificate verifies with its issuer's key (or must not).
    for path, (issuer_public, should) in ISSUED_BY.items():
        cert = parsed.get(path)
        if cert is None:
            continue
        ok = verifies(cert, issuer_public)
        if ok != should:
            fail(f"{path}: signature {'does not verify' if should else 'verifies'} with its issuer key")

    check_with_openssl()

    import properties
    properties.check(parsed, FILES, refs, manifest, verifies, fail)

    # Every file a case names exists.
    for case in manifest["cases"]:
        names = list(case.get("certificates") or []) + list(case.get("anchors") or [])
        names += list((case.get("expected") or {}).get("chain") or [])
        names += [v for v in _walk_strings(case.get("api")) if v.startswith("certs/")]
        for n in names:
            if n not in FILES:
                fail(f"case {case['id']} names {n}, which is not generated")


def check_with_openssl():
    """A second parser's opinion: `openssl x509 -inform DER` loads every file but the PEM text
    (it tolerates trailing bytes, explicit version 0 and fractional seconds). Skipped without openssl."""
    import subprocess
    import tempfile
    if shutil.which("openssl") is None:
        return
    with tempfile.TemporaryDirectory() as scratch:
        for path, der in FILES.items():
            file_path = os.path.join(scratch, "cert")
            with open(file_path, "wb") as f:
                f.write(der)
            loaded = subprocess.run(["openssl", "x509", "-inform", "DER", "-in", file_path, "-noout"],
                                    capture_output=True).returncode == 0
            if loaded != (path != "certs/leaf.pem"):
                fail(f"{path}: openssl {'loads' if loaded else 'refuses'} it")


def _walk_strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _walk_strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _walk_strings(v)


def verifies(cert, issuer_public):
    try:
        if isinstance(issuer_public, rsa.RSAPublicKey):
            params = cert.signature_algorithm_parameters
            # cryptography reports no parameters (and no hash) for md5WithRSAEncryption.
            if cert.signature_algorithm_oid.dotted_string == "1.2.840.113549.1.1.4":
                params, hash_algorithm = padding.PKCS1v15(), hashes.MD5()
            else:
                hash_algorithm = cert.signature_hash_algorithm
            issuer_public.verify(cert.signature, cert.tbs_certificate_bytes, params, hash_algorithm)
        else:
            # Build ECDSA(hash) from the hash: `signature_algorithm_parameters` refuses ecdsa-with-SHA1.
            issuer_public.verify(cert.signature, cert.tbs_certificate_bytes, ec.ECDSA(cert.signature_hash_algorithm))
        return True
    except InvalidSignature:
        return False


def write_all(manifest):
    if os.path.isdir(CERTS):
        shutil.rmtree(CERTS)
    os.makedirs(CERTS)
    for path, data in FILES.items():
        with open(os.path.join(HERE, path), "wb") as f:
            f.write(data)
    manifest["files"] = {path: NOTES[path] for path in sorted(FILES)}
    with open(os.path.join(HERE, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1, ensure_ascii=False)
        f.write("\n")
    import readme
    with open(os.path.join(HERE, "README.md"), "w") as f:
        f.write(readme.render(manifest, NOT_PARSED_BY_CRYPTOGRAPHY))
    counts = {}
    for case in manifest["cases"]:
        counts[case["kind"]] = counts.get(case["kind"], 0) + 1
    print(f"wrote {len(FILES)} files and {len(manifest['cases'])} cases {counts}")


if __name__ == "__main__":
    sys.dont_write_bytecode = True     # the helper modules leave no __pycache__ behind
    sys.path.insert(0, HERE)
    main()
