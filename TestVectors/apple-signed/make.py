#!/usr/bin/env python3
"""Writes the generated JWS fixtures of this folder (README.md lists each file).

    python3 TestVectors/apple-signed/make.py

Python's `cryptography` makes them (a fixture tool, never used by the engine). Everything is
deterministic, so a rerun rewrites the same bytes: EC keys are fixed scalars, RSA keys are made
from primes found from fixed seeds, the Ed25519 key is a fixed seed, ECDSA signatures are
RFC 6979's (deterministic_signing), dates are fixed. cases.json records, for every JWS here,
the error Vouch must give and jws_reference.py's verdict (the RFCs' rules, independently coded).
"""
import base64
import datetime
import hashlib
import hmac
import json
import os
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from cryptography.x509.oid import NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import jws_reference  # noqa: E402

# Apple's markers, as the Mac App Store receipt policy reads them (SecPolicy.c).
LEAF_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.11.1")          # App Store receipt signing
INTERMEDIATE_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.2.1")   # Apple WWDR intermediate
RECEIPT_POLICY = x509.ObjectIdentifier("1.2.840.113635.100.5.6.1")        # certificatePolicies of the leaf
DER_NULL = b"\x05\x00"
PAYLOAD = (b'{"transactionId":"2000000000000001","originalTransactionId":"2000000000000001",'
           b'"bundleId":"test.vouch.jws","productId":"monthly","type":"Auto-Renewable Subscription",'
           b'"environment":"Sandbox","signedDate":1767225600000}')


def ec_key(scalar, curve=ec.SECP256R1()):
    return ec.derive_private_key(scalar, curve)


def is_probable_prime(n):
    if n < 2 or n % 2 == 0:
        return n == 2
    d, r = n - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def prime_from(label, bits):
    stream, counter = b"", 0
    while len(stream) * 8 < bits:
        stream += hashlib.sha512(label + counter.to_bytes(4, "big")).digest()
        counter += 1
    candidate = int.from_bytes(stream, "big") >> (len(stream) * 8 - bits) | (3 << (bits - 2)) | 1
    while not (is_probable_prime(candidate) and (candidate - 1) % 65537 != 0):
        candidate += 2
    return candidate


def rsa_key(label, bits):
    p, q = prime_from(label + b"/p", bits // 2), prime_from(label + b"/q", bits // 2)
    e = 65537
    d = pow(e, -1, (p - 1) * (q - 1))
    numbers = rsa.RSAPrivateNumbers(p, q, d, rsa.rsa_crt_dmp1(d, p), rsa.rsa_crt_dmq1(d, q),
                                    rsa.rsa_crt_iqmp(p, q), rsa.RSAPublicNumbers(e, p * q))
    return numbers.private_key()


def day(year, month, date):
    return datetime.datetime(year, month, date, tzinfo=datetime.timezone.utc)


def name(common_name):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Vouch JWS Test")])


def usage(ca):
    return x509.KeyUsage(digital_signature=not ca, content_commitment=False, key_encipherment=False,
                         data_encipherment=False, key_agreement=False, key_cert_sign=ca, crl_sign=ca,
                         encipher_only=False, decipher_only=False)


def certificate(subject, subject_key, issuer, issuer_key, serial, kind):
    ca = kind != "leaf"
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(subject_key.public_key()).serial_number(serial)
               .not_valid_before(day(2026, 1, 1)).not_valid_after(day(2036, 1, 1) if ca else day(2028, 1, 1))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=0 if kind == "intermediate" else None),
                              critical=True)
               .add_extension(usage(ca), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(subject_key.public_key()), critical=False))
    if kind == "intermediate":
        builder = builder.add_extension(x509.UnrecognizedExtension(INTERMEDIATE_MARKER, DER_NULL), critical=False)
    if kind == "leaf":
        builder = builder.add_extension(x509.CertificatePolicies([x509.PolicyInformation(RECEIPT_POLICY, None)]),
                                        critical=False)
        builder = builder.add_extension(x509.UnrecognizedExtension(LEAF_MARKER, DER_NULL), critical=False)
    deterministic = isinstance(issuer_key, ec.EllipticCurvePrivateKey) or None
    return builder.sign(issuer_key, hashes.SHA256(), ecdsa_deterministic=deterministic)


def der(cert):
    return cert.public_bytes(serialization.Encoding.DER)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64(data):
    return base64.b64encode(data).decode()


def sign(alg, key, signing_input):
    if alg.startswith("ES"):
        hash_ = {"256": hashes.SHA256(), "384": hashes.SHA384(), "512": hashes.SHA512()}[alg[2:]]
        r, s = decode_dss_signature(key.sign(signing_input, ec.ECDSA(hash_, deterministic_signing=True)))
        size = (key.curve.key_size + 7) // 8
        return r.to_bytes(size, "big") + s.to_bytes(size, "big")
    if alg == "RS256":
        return key.sign(signing_input, padding.PKCS1v15(), hashes.SHA256())
    if alg == "PS256":
        return pss_sign(key, signing_input)
    if alg == "EdDSA":
        return key.sign(signing_input)
    raise ValueError(alg)


def pss_sign(key, message):
    """RSASSA-PSS with SHA-256, MGF1-SHA-256 and a fixed 32-byte salt (RFC 8017 9.1.1, 8.1.1), by
    the arithmetic: `cryptography` draws a random salt, and the file is to be reproducible.
    The reference verifier checks the result with `cryptography` itself."""
    numbers = key.private_numbers()
    n, d = numbers.public_numbers.n, numbers.d
    em_bits = n.bit_length() - 1
    em_length = (em_bits + 7) // 8
    salt = hashlib.sha256(b"vouch-jws-pss-salt").digest()
    h = hashlib.sha256(b"\0" * 8 + hashlib.sha256(message).digest() + salt).digest()
    db = b"\0" * (em_length - len(salt) - 32 - 2) + b"\x01" + salt
    mask, counter = b"", 0
    while len(mask) < len(db):
        mask += hashlib.sha256(h + counter.to_bytes(4, "big")).digest()
        counter += 1
    masked = bytearray(a ^ b for a, b in zip(db, mask))
    masked[0] &= 0xFF >> (8 * em_length - em_bits)
    em = bytes(masked) + h + b"\xbc"
    return pow(int.from_bytes(em, "big"), d, n).to_bytes((n.bit_length() + 7) // 8, "big")


def header_text(members):
    """A JSON object written member by member, so that a repeated name can be written."""
    return "{" + ",".join(json.dumps(k) + ":" + json.dumps(v, separators=(",", ":")) for k, v in members) + "}"


def jws(members, key, alg=None, payload=PAYLOAD):
    head = b64url(header_text(members).encode())
    body = b64url(payload)
    signing_input = (head + "." + body).encode()
    return head + "." + body + "." + b64url(sign(alg or dict(members)["alg"], key, signing_input))


def main():
    root_key, intermediate_key, leaf_key = ec_key(0x4A5753_01), ec_key(0x4A5753_02), ec_key(0x4A5753_03)
    root = certificate("Vouch JWS Test Root", root_key, "Vouch JWS Test Root", root_key, 1, "root")
    intermediate = certificate("Vouch JWS Test Intermediate", intermediate_key, "Vouch JWS Test Root", root_key, 2,
                               "intermediate")
    leaf = certificate("Vouch JWS Test Signing", leaf_key, "Vouch JWS Test Intermediate", intermediate_key, 3, "leaf")
    rsa_leaf_key = rsa_key(b"vouch-jws-rsa-2048", 2048)
    small_rsa_key = rsa_key(b"vouch-jws-rsa-1024", 1024)
    ed_leaf_key = ed25519.Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"vouch-jws-ed25519").digest())
    p384_key, p521_key = ec_key(0x4A5753_04, ec.SECP384R1()), ec_key(0x4A5753_05, ec.SECP521R1())
    leaves = {
        "rsa": certificate("Vouch JWS Test RSA Signing", rsa_leaf_key, "Vouch JWS Test Intermediate",
                           intermediate_key, 4, "leaf"),
        "rsa1024": certificate("Vouch JWS Test RSA-1024 Signing", small_rsa_key, "Vouch JWS Test Intermediate",
                               intermediate_key, 5, "leaf"),
        "ed25519": certificate("Vouch JWS Test Ed25519 Signing", ed_leaf_key, "Vouch JWS Test Intermediate",
                               intermediate_key, 6, "leaf"),
        "p384": certificate("Vouch JWS Test P-384 Signing", p384_key, "Vouch JWS Test Intermediate",
                            intermediate_key, 7, "leaf"),
        "p521": certificate("Vouch JWS Test P-521 Signing", p521_key, "Vouch JWS Test Intermediate",
                            intermediate_key, 8, "leaf"),
    }
    for file, cert in [("root.der", root), ("intermediate.der", intermediate), ("leaf.der", leaf)]:
        with open(os.path.join(HERE, file), "wb") as out:
            out.write(der(cert))

    tail = [b64(der(intermediate)), b64(der(root))]
    chain = [b64(der(leaf))] + tail

    def x5c(leaf_name):
        return [b64(der(leaves[leaf_name]))] + tail

    good = jws([("alg", "ES256"), ("x5c", chain)], leaf_key)
    head, body, signature = good.split(".")
    raw_signature = base64.urlsafe_b64decode(signature + "==")
    other_key = ec_key(0x4A5753_99)
    # Rewrite the last signature character so that its two unused bits are not zero.
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    noncanonical = signature[:-1] + alphabet[alphabet.index(signature[-1]) | 1]
    hs_input = (b64url(header_text([("alg", "HS256"), ("x5c", chain)]).encode()) + "." + body).encode()
    hs_key = leaf.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    hs_signature = hmac.new(hs_key, hs_input, hashlib.sha256).digest()
    der_signature = leaf_key.sign((head + "." + body).encode(), ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
    padded_payload = base64.urlsafe_b64encode(PAYLOAD + b"!").decode()
    assert padded_payload.endswith("=")
    crit_members = [("alg", "ES256"), ("crit", ["exp"]), ("exp", 1767225600), ("x5c", chain)]
    bad_x5c = [chain[0], base64.urlsafe_b64encode(der(intermediate)).decode(), chain[2]]
    assert bad_x5c[1] != chain[1]
    spki = leaf.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)

    cases = [
        # file, text, what Vouch must say, note
        ("es256.jws", good, "valid", "ES256 by the leaf, x5c leaf-intermediate-root (Apple's shape)"),
        ("es384.jws", jws([("alg", "ES384"), ("x5c", x5c("p384"))], p384_key), "valid", "ES384 by a P-384 leaf"),
        ("es512.jws", jws([("alg", "ES512"), ("x5c", x5c("p521"))], p521_key), "valid", "ES512 by a P-521 leaf"),
        ("rs256.jws", jws([("alg", "RS256"), ("typ", "JWT"), ("kid", "rsa"), ("x5c", x5c("rsa"))], rsa_leaf_key),
         "valid", "RS256 by an RSA-2048 leaf, with typ and kid"),
        ("ps256.jws", jws([("alg", "PS256"), ("x5c", x5c("rsa"))], rsa_leaf_key), "valid",
         "PS256 (a fixed 32-byte salt) by the RSA-2048 leaf"),
        ("eddsa.jws", jws([("alg", "EdDSA"), ("x5c", x5c("ed25519"))], ed_leaf_key), "valid", "EdDSA by an Ed25519 leaf"),
        ("other-key.jws", jws([("alg", "ES256"), ("x5c", chain)], other_key), "invalidSignature",
         "signed by a P-256 key that is not the leaf's"),
        ("tampered-payload.jws", head + "." + b64url(PAYLOAD.replace(b"monthly", b"yearly!")) + "." + signature,
         "invalidSignature", "es256.jws with another payload under the same signature"),
        ("alg-none.jws", b64url(header_text([("alg", "none")]).encode()) + "." + body + ".",
         "refusedAlgorithm(none)", "an Unsecured JWS (RFC 7515 A.5)"),
        ("alg-hs256.jws", hs_input.decode() + "." + b64url(hs_signature), "refusedAlgorithm(HS256)",
         "HMAC-SHA256 keyed with the leaf's public key PEM: the key-confusion forgery"),
        ("padded.jws", head + "." + padded_payload + "." + signature, "invalidBase64URL(payload,padding)",
         "the payload part keeps its '=' padding"),
        ("noncanonical-signature.jws", head + "." + body + "." + noncanonical,
         "invalidBase64URL(signature,nonZeroTrailingBits)", "es256.jws with the signature's unused bits set"),
        ("bad-x5c-base64.jws", jws([("alg", "ES256"), ("x5c", bad_x5c)], leaf_key), "invalidCertificateBase64(1)",
         "x5c[1] in base64url, not base64 (RFC 7515 4.1.6)"),
        ("x5c-not-certificate.jws", jws([("alg", "ES256"), ("x5c", [chain[0], b64(spki), chain[2]])], leaf_key),
         "invalidCertificate(1)", "x5c[1] is the leaf's SubjectPublicKeyInfo, DER but no certificate"),
        ("der-signature.jws", head + "." + body + "." + b64url(der_signature),
         "wrongSignatureLength(64,%d)" % len(der_signature), "the ECDSA signature in DER, not R||S (RFC 7518 3.4)"),
        ("short-signature.jws", head + "." + body + "." + b64url(raw_signature[1:]), "wrongSignatureLength(64,63)",
         "R||S with its first byte dropped"),
        ("duplicate-alg.jws", b64url(header_text([("alg", "ES256"), ("x5c", chain), ("alg", "none")]).encode())
         + "." + body + "." + signature, "headerNotJSON", "alg twice in the header (RFC 7515 4: refused)"),
        ("unknown-crit.jws", jws(crit_members, leaf_key), "unsupportedCriticalParameter(exp)",
         "crit lists exp, present but not understood (RFC 7515 4.1.11)"),
        ("rs256-1024.jws", jws([("alg", "RS256"), ("x5c", x5c("rsa1024"))], small_rsa_key), "rsaKeyTooSmall(1024)",
         "RS256 by an RSA-1024 leaf (RFC 7518 3.3: at least 2048)"),
        ("es256-p384-key.jws", jws([("alg", "ES256"), ("x5c", x5c("p384"))], p384_key, alg="ES384"),
         "keyDoesNotMatchAlgorithm(ES256)", "alg ES256 but the leaf's key is on P-384"),
        ("no-x5c.jws", jws([("alg", "ES256")], leaf_key), "noCertificateChain", "ES256 by the leaf, no x5c"),
    ]
    manifest = []
    for file, text, expect, note in cases:
        with open(os.path.join(HERE, file), "w") as out:
            out.write(text)
        manifest.append({"file": file, "expect": expect, "reference": jws_reference.verdict(text), "note": note})
    write_manifest(os.path.join(HERE, "cases.json"), manifest)


def write_manifest(path, manifest):
    with open(path, "w") as out:
        out.write("[\n" + ",\n".join("  " + json.dumps(entry) for entry in manifest) + "\n]\n")


if __name__ == "__main__":
    main()
