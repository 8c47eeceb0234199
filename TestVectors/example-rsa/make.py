#!/usr/bin/env python3
"""Makes the RSA-only twin of the example chain, for the `chain_rsa` speed figure (issue 16):
RSA-2048 root -> RSA-2048 intermediate -> RSA-2048 leaf for example.com, the common Web PKI
shape, with the same names, extensions and validity as TestVectors/example (whose make.py
this reuses). Private keys live only in memory while this runs.

    python3 TestVectors/example-rsa/make.py   # writes root, intermediate, leaf (.pem, .der), chain.pem
"""
import datetime
import importlib.util
import os

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import ExtendedKeyUsageOID

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("example", os.path.join(HERE, "..", "example", "make.py"))
example = importlib.util.module_from_spec(spec)
spec.loader.exec_module(example)
UTC = datetime.timezone.utc


def main():
    root_key, intermediate_key, leaf_key = (rsa.generate_private_key(public_exponent=65537, key_size=2048) for _ in range(3))
    root_name = example.name("Vouch Example Root CA")
    intermediate_name = example.name("Vouch Example Intermediate CA")
    root = example.certificate(root_name, root_name, root_key.public_key(), root_key,
                               datetime.datetime(2025, 1, 1, tzinfo=UTC), datetime.datetime(2045, 1, 1, tzinfo=UTC), ca=True)
    intermediate = example.certificate(intermediate_name, root_name, intermediate_key.public_key(), root_key,
                                       datetime.datetime(2025, 1, 1, tzinfo=UTC), datetime.datetime(2035, 1, 1, tzinfo=UTC),
                                       ca=True, path_len=0, issuer_public_key=root_key.public_key())
    leaf_start = datetime.datetime(2026, 1, 1, tzinfo=UTC)
    leaf = example.certificate(
        example.name("example.com"), intermediate_name, leaf_key.public_key(), intermediate_key,
        leaf_start, leaf_start + datetime.timedelta(days=397), ca=False, issuer_public_key=intermediate_key.public_key(),
        extra=[
            (x509.SubjectAlternativeName([x509.DNSName("example.com"), x509.DNSName("www.example.com")]), False),
            (x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), False),
            (x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=True,
                           data_encipherment=False, key_agreement=False, key_cert_sign=False, crl_sign=False,
                           encipher_only=False, decipher_only=False), True),
        ])
    pems = {}
    for file_name, cert in [("root", root), ("intermediate", intermediate), ("leaf", leaf)]:
        pems[file_name] = cert.public_bytes(serialization.Encoding.PEM)
        with open(os.path.join(HERE, file_name + ".pem"), "wb") as f:
            f.write(pems[file_name])
        with open(os.path.join(HERE, file_name + ".der"), "wb") as f:
            f.write(cert.public_bytes(serialization.Encoding.DER))
    with open(os.path.join(HERE, "chain.pem"), "wb") as f:
        f.write(pems["leaf"] + pems["intermediate"])


if __name__ == "__main__":
    main()
