#!/usr/bin/env python3
"""The reference for `vouch speed chain`: Python's cryptography parsing and verifying the example chain.

    python3 scripts/oracles/pyca_chain_speed.py [SECONDS]   ->   µs per chain

Parses leaf, intermediate and root (DER) and runs pyca's server verifier for example.com with the
root as the only trust anchor at 2026-06-01T00:00:00Z, as `vouch speed chain` does with SecTrust's
SSL policy.
"""
import datetime
import os
import sys
import time

from cryptography import x509
from cryptography.x509.verification import PolicyBuilder, Store

HERE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "TestVectors", "example")
ders = [open(os.path.join(HERE, f"{name}.der"), "rb").read() for name in ("leaf", "intermediate", "root")]
when = datetime.datetime(2026, 6, 1, tzinfo=datetime.timezone.utc)


def once():
    leaf, intermediate, root = (x509.load_der_x509_certificate(d) for d in ders)
    verifier = PolicyBuilder().store(Store([root])).time(when).build_server_verifier(x509.DNSName("example.com"))
    verifier.verify(leaf, [intermediate])


seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
once()
count, start = 0, time.perf_counter()
while time.perf_counter() - start < seconds:
    once()
    count += 1
elapsed = time.perf_counter() - start
print(f"pyca chain: {elapsed / count * 1e6:.1f} us/op ({count / elapsed:.0f} ops/s)")
