#!/usr/bin/env python3
"""Makes the example chain that the README's first command verifies.

RSA-2048 root -> P-256 intermediate -> P-256 leaf for example.com, the chain `vouch speed` also
times. Uses Python's `cryptography` (a fixture tool, never part of the engine). The private keys
live only in memory while this runs: they are not written anywhere, so the files are fixed once
committed; run it again only to replace the whole chain.

    python3 TestVectors/example/make.py   # writes root.pem, intermediate.pem, leaf.pem, chain.pem
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc


def name(common_name):
    return x509.Name([
        x509.NameAttribute(NameOID.COUNTRY_NAME, "US"),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Vouch Example"),
        x509.NameAttribute(NameOID.COMMON_NAME, common_name),
    ])


def certificate(subject, issuer, public_key, signing_key, not_before, not_after, ca, path_len=None,
                issuer_public_key=None, extra=()):
    builder = (x509.CertificateBuilder()
               .subject_name(subject).issuer_name(issuer).public_key(public_key)
               .serial_number(x509.random_serial_number())
               .not_valid_before(not_before).not_valid_after(not_after)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=path_len), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(public_key), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(
                   issuer_public_key or public_key), critical=False))
    if ca:
        builder = builder.add_extension(x509.KeyUsage(
            digital_signature=False, content_commitment=False, key_encipherment=False,
            data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=True,
            encipher_only=False, decipher_only=False), critical=True)
    for extension, critical in extra:
        builder = builder.add_extension(extension, critical=critical)
    return builder.sign(signing_key, hashes.SHA256())


def build(root_key, intermediate_key, leaf_key, leaf_key_encipherment=False):
    """The chain (root, intermediate, leaf) under these keys: names, extensions and validity of the
    example (TestVectors/example-rsa/make.py builds its RSA twin with this too)."""
    root_name = name("Vouch Example Root CA")
    intermediate_name = name("Vouch Example Intermediate CA")
    root = certificate(root_name, root_name, root_key.public_key(), root_key,
                       datetime.datetime(2025, 1, 1, tzinfo=UTC), datetime.datetime(2045, 1, 1, tzinfo=UTC),
                       ca=True)
    intermediate = certificate(intermediate_name, root_name, intermediate_key.public_key(), root_key,
                               datetime.datetime(2025, 1, 1, tzinfo=UTC),
                               datetime.datetime(2035, 1, 1, tzinfo=UTC), ca=True, path_len=0,
                               issuer_public_key=root_key.public_key())
    leaf_start = datetime.datetime(2026, 1, 1, tzinfo=UTC)
    leaf = certificate(
        name("example.com"), intermediate_name, leaf_key.public_key(), intermediate_key,
        leaf_start, leaf_start + datetime.timedelta(days=397), ca=False,
        issuer_public_key=intermediate_key.public_key(),
        extra=[
            (x509.SubjectAlternativeName([x509.DNSName("example.com"), x509.DNSName("www.example.com")]), False),
            (x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), False),
            (x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=leaf_key_encipherment,
                           data_encipherment=False, key_agreement=False, key_cert_sign=False, crl_sign=False,
                           encipher_only=False, decipher_only=False), True),
        ])
    return root, intermediate, leaf


def write(directory, root, intermediate, leaf):
    """root, intermediate and leaf as .pem and .der, and chain.pem (leaf, then intermediate)."""
    pems = {}
    for file_name, cert in [("root", root), ("intermediate", intermediate), ("leaf", leaf)]:
        pems[file_name] = cert.public_bytes(serialization.Encoding.PEM)
        with open(os.path.join(directory, file_name + ".pem"), "wb") as f:
            f.write(pems[file_name])
        with open(os.path.join(directory, file_name + ".der"), "wb") as f:
            f.write(cert.public_bytes(serialization.Encoding.DER))
    with open(os.path.join(directory, "chain.pem"), "wb") as f:
        f.write(pems["leaf"] + pems["intermediate"])


def main():
    root_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    intermediate_key = ec.generate_private_key(ec.SECP256R1())
    leaf_key = ec.generate_private_key(ec.SECP256R1())
    write(HERE, *build(root_key, intermediate_key, leaf_key))


if __name__ == "__main__":
    main()
