#!/usr/bin/env python3
"""Writes the signature fixtures of the Signatures benchmarks and copies the certificate fixtures.

    python3 Benchmarks/scripts/make-fixtures.py [CRYPTOGRAPHY_VECTORS_X509_DIR]

Signatures: one message, and per algorithm the signer's SubjectPublicKeyInfo (DER) and one
signature over the message, made with Python's `cryptography` (private keys stay in memory, as in
scripts/make-speed-fixtures.py). RSA PKCS #1 v1.5 and ECDSA use the hash of the key size
(SHA-256 for RSA and P-256, SHA-384 for P-384, SHA-512 for P-521); RSA-PSS uses SHA-256, MGF1 with
SHA-256 and a 32-byte salt (what swift-crypto's `_RSA.Signing.Padding.PSS` verifies).

Certificates: three files of pyca/cryptography's test vectors (Apache-2.0 or BSD), chosen so that
every extension accessor has a certificate that carries its extension; the directory defaults to
the one `scripts/test` downloads (.testdata/cryptography-vectors/cryptography_vectors/x509).
"""
import os
import shutil
import sys

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPOSITORY = os.path.dirname(PACKAGE)
FIXTURES = os.path.join(PACKAGE, "Benchmarks", "VouchBenchmarks", "Fixtures")
MESSAGE = b"Vouch benchmarks: the signed message of every verification figure." * 4
CERTIFICATES = {
    # A real-world TLS leaf (RSA-4096 key): AKI, AIA, KU, EKU, SAN, CRL DP, BC, certificate policies.
    "cryptography.io.pem": "cryptography.io.pem",
    # A real-world CA: SKI, AKI, AIA, SIA, BC, KU, CRL DP, policies, policy mappings, policy
    # constraints, inhibitAnyPolicy and name constraints.
    "department-of-state-root.pem": "department-of-state-root.pem",
    # The only issuerAltName among them.
    "custom/ian_uri.pem": "ian_uri.pem",
}


def spki(key):
    return key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def main():
    signatures = os.path.join(FIXTURES, "signatures")
    write(os.path.join(signatures, "message.bin"), MESSAGE)
    entries = []
    for bits in (2048, 3072, 4096):
        key = rsa.generate_private_key(public_exponent=65537, key_size=bits)
        entries.append((f"rsa{bits}", key, key.sign(MESSAGE, padding.PKCS1v15(), hashes.SHA256())))
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pss = padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32)
    entries.append(("rsapss2048", key, key.sign(MESSAGE, pss, hashes.SHA256())))
    for name, curve, hash_ in (("ecdsap256", ec.SECP256R1(), hashes.SHA256()), ("ecdsap384", ec.SECP384R1(), hashes.SHA384()),
                               ("ecdsap521", ec.SECP521R1(), hashes.SHA512())):
        key = ec.generate_private_key(curve)
        entries.append((name, key, key.sign(MESSAGE, ec.ECDSA(hash_))))
    key = ed25519.Ed25519PrivateKey.generate()
    entries.append(("ed25519", key, key.sign(MESSAGE)))
    for name, key, signature in entries:
        write(os.path.join(signatures, f"{name}.spki.der"), spki(key))
        write(os.path.join(signatures, f"{name}.sig"), signature)

    vectors = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        REPOSITORY, ".testdata", "cryptography-vectors", "cryptography_vectors", "x509")
    for source, target in CERTIFICATES.items():
        os.makedirs(os.path.join(FIXTURES, "certificates"), exist_ok=True)
        shutil.copyfile(os.path.join(vectors, source), os.path.join(FIXTURES, "certificates", target))


if __name__ == "__main__":
    main()
