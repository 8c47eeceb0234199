#!/usr/bin/env python3
"""Makes the explorer page's hostile fixtures (see README.md here).

Uses Python's `cryptography` (a fixture tool, never part of the engine). The private key lives only
in memory, so the files are fixed once committed; run again only to replace them.

    python3 TestVectors/explorer/make.py   # writes script-name.pem and deep.der
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc

# Markup in every string a page prints: names, a SAN and an organisation with quotes and ampersands.
SCRIPT = "<script>alert(1)</script>"


def script_name_certificate():
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, "\"Quotes\" & 'ampersands' </title><b>bold</b>"),
        x509.NameAttribute(NameOID.COMMON_NAME, SCRIPT),
    ])
    return (x509.CertificateBuilder()
            .subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(0x5C219700)
            .not_valid_before(datetime.datetime(2026, 1, 1, tzinfo=UTC))
            .not_valid_after(datetime.datetime(2027, 1, 1, tzinfo=UTC))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(x509.SubjectAlternativeName([
                x509.DNSName("example.com"), x509.UniformResourceIdentifier("javascript:alert(2)"),
            ]), critical=False)
            .sign(key, hashes.SHA256()))


def nested(levels):
    """`levels` nested SEQUENCEs around a NULL: deeper than VouchDER's 32-level limit."""
    der = b"\x05\x00"  # NULL at the bottom
    for _ in range(levels):
        length = len(der)
        header = bytes([0x30, length]) if length < 128 else bytes([0x30, 0x81, length])
        der = header + der
    return der


def main():
    certificate = script_name_certificate()
    with open(os.path.join(HERE, "script-name.pem"), "wb") as file:
        file.write(certificate.public_bytes(serialization.Encoding.PEM))
    with open(os.path.join(HERE, "deep.der"), "wb") as file:
        file.write(nested(40))


if __name__ == "__main__":
    main()
