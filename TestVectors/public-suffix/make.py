#!/usr/bin/env python3
"""Makes the wildcard certificates that show the Public Suffix List at work (issue 14's false accept).

A private P-256 root and two leaves it signs directly, each valid 2026-01-01 -> 2026-12-31 (within
Apple's 398-day rule), EKU serverAuth:
  wildcard-co-uk.pem          SAN *.co.uk          must NOT match foo.co.uk (co.uk is a public suffix)
  wildcard-example-co-uk.pem  SAN *.example.co.uk  matches foo.example.co.uk
Uses Python's `cryptography` (a fixture tool, never part of the engine); the private keys are
never written, so the files are fixed once committed.

    python3 TestVectors/public-suffix/make.py
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
START, END = datetime.datetime(2026, 1, 1, tzinfo=UTC), datetime.datetime(2026, 12, 31, tzinfo=UTC)


def name(common_name):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Vouch Test"),
                      x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def main():
    root_key = ec.generate_private_key(ec.SECP256R1())
    root_name = name("Vouch Public Suffix Test Root")
    root = (x509.CertificateBuilder().subject_name(root_name).issuer_name(root_name)
            .public_key(root_key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(START).not_valid_after(datetime.datetime(2036, 1, 1, tzinfo=UTC))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(root_key.public_key()), critical=False)
            .sign(root_key, hashes.SHA256()))
    with open(os.path.join(HERE, "root.pem"), "wb") as file:
        file.write(root.public_bytes(serialization.Encoding.PEM))
    for file_name, pattern in [("wildcard-co-uk.pem", "*.co.uk"), ("wildcard-example-co-uk.pem", "*.example.co.uk")]:
        key = ec.generate_private_key(ec.SECP256R1())
        leaf = (x509.CertificateBuilder().subject_name(name(pattern)).issuer_name(root_name)
                .public_key(key.public_key()).serial_number(x509.random_serial_number())
                .not_valid_before(START).not_valid_after(END)
                .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                .add_extension(x509.SubjectAlternativeName([x509.DNSName(pattern)]), critical=False)
                .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(root_key.public_key()), critical=False)
                .sign(root_key, hashes.SHA256()))
        with open(os.path.join(HERE, file_name), "wb") as file:
            file.write(leaf.public_bytes(serialization.Encoding.PEM))


if __name__ == "__main__":
    main()
