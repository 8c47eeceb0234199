#!/usr/bin/env python3
"""The oracle for `vouch inspect --json`: the same fields, computed by Python's `cryptography`.

    python3 scripts/oracles/pyca_inspect.py FILE...  ->  {"FILE": [cert, ...] | {"error": "..."}}

Each certificate is an object with the keys of CLI.md that pyca can answer; a field pyca cannot
answer (an extension it refuses to parse, say) is {"error": "..."}, and the Swift test that calls
this script skips such fields. Used only by tests, never by the engine.
"""
import base64
import hashlib
import json
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import dsa, ec, ed448, ed25519, rsa

CURVES = {"secp192r1": "P-192", "secp224r1": "P-224", "secp256r1": "P-256", "secp384r1": "P-384",
          "secp521r1": "P-521"}
KEY_USAGES = ["digital_signature", "content_commitment", "key_encipherment", "data_encipherment",
              "key_agreement", "key_cert_sign", "crl_sign", "encipher_only", "decipher_only"]
KEY_USAGE_NAMES = ["digitalSignature", "contentCommitment", "keyEncipherment", "dataEncipherment",
                   "keyAgreement", "keyCertSign", "cRLSign", "encipherOnly", "decipherOnly"]


def field(compute):
    try:
        return compute()
    except Exception as error:  # noqa: BLE001 - the oracle reports whatever pyca refuses
        return {"error": f"{type(error).__name__}: {error}"}


def serial_hex(n):
    length = (n.bit_length() + 8) // 8 if n >= 0 else ((-n - 1).bit_length() + 8) // 8
    return n.to_bytes(max(length, 1), "big", signed=True).hex()


def rfc3339(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def attributes(name):
    return [[attribute.oid.dotted_string, attribute.value if isinstance(attribute.value, str) else "#" + attribute.value.hex()]
            for rdn in name.rdns for attribute in rdn]


def public_key(cert):
    key = cert.public_key()
    oid = cert.public_key_algorithm_oid.dotted_string
    if isinstance(key, rsa.RSAPublicKey):
        return {"algorithm": "rsa", "bits": key.key_size, "curve": None, "oid": oid}
    if isinstance(key, ec.EllipticCurvePublicKey):
        return {"algorithm": "ec", "bits": key.curve.key_size, "curve": CURVES.get(key.curve.name), "oid": oid}
    if isinstance(key, ed25519.Ed25519PublicKey):
        return {"algorithm": "ed25519", "oid": oid}
    if isinstance(key, ed448.Ed448PublicKey):
        return {"algorithm": "ed448", "oid": oid}
    if isinstance(key, dsa.DSAPublicKey):
        return {"algorithm": "dsa", "oid": oid}
    return {"algorithm": "unknown", "oid": oid}


def spki_sha256(cert):
    spki = cert.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()


def extension(cert, kind, render):
    try:
        value = cert.extensions.get_extension_for_class(kind).value
    except x509.ExtensionNotFound:
        return None
    return render(value)


def key_usage(value):
    names = []
    for attribute, name in zip(KEY_USAGES, KEY_USAGE_NAMES):
        try:
            if getattr(value, attribute):
                names.append(name)
        except ValueError:  # encipher_only / decipher_only without key_agreement
            pass
    return names


def alt_names(value):
    return {"dns": value.get_values_for_type(x509.DNSName),
            "ip": [str(address) for address in value.get_values_for_type(x509.IPAddress)],
            "email": value.get_values_for_type(x509.RFC822Name),
            "uri": value.get_values_for_type(x509.UniformResourceIdentifier)}


def describe(cert):
    return {
        "version": field(lambda: cert.version.value + 1),
        "serial_number": field(lambda: serial_hex(cert.serial_number)),
        "signature_algorithm": field(lambda: {"oid": cert.signature_algorithm_oid.dotted_string}),
        "issuer": field(lambda: cert.issuer.rfc4514_string()),
        "subject": field(lambda: cert.subject.rfc4514_string()),
        "issuer_attributes": field(lambda: attributes(cert.issuer)),
        "subject_attributes": field(lambda: attributes(cert.subject)),
        "not_before": field(lambda: rfc3339(cert.not_valid_before_utc)),
        "not_after": field(lambda: rfc3339(cert.not_valid_after_utc)),
        "public_key": field(lambda: public_key(cert)),
        "sha256": field(lambda: cert.fingerprint(hashes.SHA256()).hex()),
        "spki_sha256": field(lambda: spki_sha256(cert)),
        "extensions": field(lambda: [{"oid": e.oid.dotted_string, "critical": e.critical} for e in cert.extensions]),
        "basic_constraints": field(lambda: extension(cert, x509.BasicConstraints,
                                                     lambda v: {"ca": v.ca, "path_len": v.path_length})),
        "key_usage": field(lambda: extension(cert, x509.KeyUsage, key_usage)),
        "extended_key_usage": field(lambda: extension(cert, x509.ExtendedKeyUsage,
                                                      lambda v: [oid.dotted_string for oid in v])),
        "subject_alt_names": field(lambda: extension(cert, x509.SubjectAlternativeName, alt_names)),
        "subject_key_id": field(lambda: extension(cert, x509.SubjectKeyIdentifier, lambda v: v.digest.hex())),
        "authority_key_id": field(lambda: extension(cert, x509.AuthorityKeyIdentifier,
                                                    lambda v: v.key_identifier.hex() if v.key_identifier is not None else None)),
    }


def load(path):
    data = open(path, "rb").read()
    if data[:1] == b"\x30":
        return [x509.load_der_x509_certificate(data)]
    return x509.load_pem_x509_certificates(data)


def main():
    result = {}
    for path in sys.argv[1:]:
        try:
            result[path] = [describe(cert) for cert in load(path)]
        except Exception as error:  # noqa: BLE001
            result[path] = {"error": f"{type(error).__name__}: {error}"}
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
