"""A reference reading of a compact JWS, written from the RFCs' rules with Python's `cryptography`
for the signature arithmetic (a fixture and oracle tool, never used by the engine). make.py and
extract.py record its verdict on every file beside the error Vouch must give, and
Tests/VouchTrustTests/CompactJWSTests.swift checks that Vouch accepts exactly what it accepts.

    verdict(text) -> "valid" or "invalid: <the rule broken>"

The rules, in the order applied:
 1. RFC 7515 §7.1: three parts separated by '.'.
 2. RFC 7515 §2 / RFC 4648 §5: each part unpadded base64url, the alphabet only, no length 4n+1,
    and (RFC 4648 §3.5, a MAY that Vouch takes) zero bits after the last byte.
 3. RFC 7515 §4 / §5.2 step 3: the header is a UTF-8 JSON object; a repeated name is refused
    (§4 allows refusing or taking the last; both sides refuse).
 4. RFC 7515 §4.1.1, RFC 8725 §2.1: alg is a string naming a public-key algorithm of RFC 7518 §3
    or RFC 8037 (EdDSA); none and HS* are refused.
 5. RFC 7515 §4.1.11: crit, when present, is a non-empty array of distinct strings, none a
    registered name, each present in the header; none is understood here, so any listed is fatal.
 6. RFC 7515 §4.1.6: x5c, when present, is a non-empty array of standard padded base64 DER
    certificates.
 7. RFC 7515 §5.2 step 8 with x5c[0]'s key: ES* R||S of exactly 2 x the coordinate size on the
    alg's curve (RFC 7518 §3.4), RS*/PS* with a key of at least 2048 bits (§3.3, §3.5; PSS salt =
    hash length), EdDSA with Ed25519 (RFC 8037). No x5c: nothing to verify with, invalid.
"""
import base64
import binascii
import json
import re

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

REGISTERED = {"alg", "jku", "jwk", "kid", "x5u", "x5c", "x5t", "x5t#S256", "typ", "cty", "crit"}
HASHES = {"256": hashes.SHA256, "384": hashes.SHA384, "512": hashes.SHA512}
CURVES = {"ES256": (ec.SECP256R1, 32), "ES384": (ec.SECP384R1, 48), "ES512": (ec.SECP521R1, 66)}
ALGORITHMS = set(CURVES) | {"RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "EdDSA"}


def b64url(part):
    if not re.fullmatch(r"[A-Za-z0-9_-]*", part) or len(part) % 4 == 1:
        raise ValueError("not unpadded base64url")
    data = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
    if base64.urlsafe_b64encode(data).rstrip(b"=").decode() != part:
        raise ValueError("non-zero trailing bits")
    return data


def no_duplicates(pairs):
    names = [name for name, _ in pairs]
    if len(names) != len(set(names)):
        raise ValueError("repeated header name")
    return dict(pairs)


def verdict(text):
    try:
        check(text)
        return "valid"
    except Exception as error:  # every refusal, whatever raised it
        return "invalid: " + (str(error) or type(error).__name__)


def check(text):
    parts = text.split(".")
    if len(parts) != 3:
        raise ValueError("not three parts")
    header_bytes, payload, signature = (b64url(part) for part in parts)
    header = json.loads(header_bytes.decode("utf-8"), object_pairs_hook=no_duplicates)
    if not isinstance(header, dict):
        raise ValueError("header not an object")
    alg = header.get("alg")
    if not isinstance(alg, str) or alg not in ALGORITHMS:
        raise ValueError("alg missing, refused or unknown")
    if "crit" in header:
        crit = header["crit"]
        if (not isinstance(crit, list) or not crit or not all(isinstance(n, str) for n in crit)
                or len(set(crit)) != len(crit) or any(n in REGISTERED or n not in header for n in crit)):
            raise ValueError("crit malformed")
        raise ValueError("crit lists an extension not understood")
    certificates = []
    if "x5c" in header:
        x5c = header["x5c"]
        if not isinstance(x5c, list) or not x5c or not all(isinstance(c, str) for c in x5c):
            raise ValueError("x5c malformed")
        for entry in x5c:
            try:
                der = base64.b64decode(entry, validate=True)
            except binascii.Error:
                raise ValueError("x5c entry not base64") from None
            if base64.b64encode(der).decode() != entry:
                raise ValueError("x5c entry not canonical base64")
            try:
                certificates.append(x509.load_der_x509_certificate(der))
            except ValueError:
                raise ValueError("x5c entry not a certificate") from None
    if not certificates:
        raise ValueError("no x5c: no key")
    verify(alg, certificates[0].public_key(), parts[0].encode() + b"." + parts[1].encode(), signature)


def verify(alg, key, signing_input, signature):
    if alg in CURVES:
        curve, size = CURVES[alg]
        if not isinstance(key, ec.EllipticCurvePublicKey) or not isinstance(key.curve, curve):
            raise ValueError("key does not fit alg")
        if len(signature) != 2 * size:
            raise ValueError("R||S of the wrong length")
        der = encode_dss_signature(int.from_bytes(signature[:size], "big"), int.from_bytes(signature[size:], "big"))
        key.verify(der, signing_input, ec.ECDSA(HASHES[alg[2:]]()))
    elif alg[:2] in ("RS", "PS"):
        if not isinstance(key, rsa.RSAPublicKey) or key.key_size < 2048:
            raise ValueError("RSA key missing or under 2048 bits")
        hash_ = HASHES[alg[2:]]()
        pad = (padding.PKCS1v15() if alg[0] == "R"
               else padding.PSS(mgf=padding.MGF1(hash_), salt_length=hash_.digest_size))
        key.verify(signature, signing_input, pad, hash_)
    elif alg == "EdDSA":
        if not isinstance(key, ed25519.Ed25519PublicKey):
            raise ValueError("key does not fit alg")
        key.verify(signature, signing_input)
