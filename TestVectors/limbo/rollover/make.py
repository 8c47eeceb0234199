#!/usr/bin/env python3
"""Makes a chain with a self-issued intermediate (a CA's key rollover certificate), for the limbo
harness's max_chain_depth rule: RFC 5280 §6.1 does not count self-issued intermediates, and
x509-limbo's max_chain_depth counts logical intermediates, so this chain has one.

    root -> ICA (old key) -> ICA (new key, self-issued: issuer = subject = ICA, signed by the old key) -> leaf

Valid 2026-01-01 -> 2027-01-01; the leaf is for rollover.example, EKU serverAuth. Private keys
are never written. Uses Python's `cryptography`.

    python3 TestVectors/limbo/rollover/make.py   # writes root.pem, ica-old.pem, ica-new.pem, leaf.pem
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
START = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
END = datetime.datetime(2027, 1, 1, tzinfo=datetime.timezone.utc)


def name(text):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])


def certificate(subject, issuer, key, signer, signer_public, ca, extra=()):
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer).public_key(key.public_key())
               .serial_number(x509.random_serial_number()).not_valid_before(START).not_valid_after(END)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(signer_public), critical=False))
    if ca:
        builder = builder.add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
    for extension in extra:
        builder = builder.add_extension(extension, critical=False)
    return builder.sign(signer, hashes.SHA256())


def main():
    root_key, old_key, new_key, leaf_key = (ec.generate_private_key(ec.SECP256R1()) for _ in range(4))
    root = certificate(name("Rollover Root"), name("Rollover Root"), root_key, root_key, root_key.public_key(), True)
    old = certificate(name("Rollover ICA"), name("Rollover Root"), old_key, root_key, root_key.public_key(), True)
    new = certificate(name("Rollover ICA"), name("Rollover ICA"), new_key, old_key, old_key.public_key(), True)
    leaf = certificate(name("rollover.example"), name("Rollover ICA"), leaf_key, new_key, new_key.public_key(), False,
                       [x509.SubjectAlternativeName([x509.DNSName("rollover.example")]),
                        x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH])])
    for file_name, cert in [("root", root), ("ica-old", old), ("ica-new", new), ("leaf", leaf)]:
        with open(os.path.join(HERE, file_name + ".pem"), "wb") as file:
            file.write(cert.public_bytes(serialization.Encoding.PEM))


if __name__ == "__main__":
    main()
