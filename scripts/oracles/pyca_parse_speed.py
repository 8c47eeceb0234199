#!/usr/bin/env python3
"""The reference for `vouch speed parse`: Python's cryptography parsing the system bundle.

    python3 scripts/oracles/pyca_parse_speed.py [SECONDS]   ->   µs per certificate

Loads every certificate of the system bundle with load_der_x509_certificate, in turn, for SECONDS
(default 2) and prints microseconds per certificate. pyca parses lazily (extensions and names on
first access), so this is its cost to accept a certificate, which is what `parse` measures too.
"""
import sys
import warnings
import time

from cryptography import x509

warnings.simplefilter("ignore")  # negative serials in the bundle warn on every load

with open("/etc/ssl/certs/ca-certificates.crt", "rb") as f:
    ders = [c.public_bytes(encoding=__import__("cryptography.hazmat.primitives.serialization",
                                                fromlist=["Encoding"]).Encoding.DER)
            for c in x509.load_pem_x509_certificates(f.read())]

seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
count = 0
start = time.process_time()
while time.process_time() - start < seconds:
    for der in ders:
        x509.load_der_x509_certificate(der)
    count += len(ders)
elapsed = time.process_time() - start
print(f"pyca parse: {elapsed / count * 1e6:.2f} us/op ({count / elapsed:.0f} ops/s)")
