#!/usr/bin/env python3
"""Vouch's parse against Python cryptography's, over the same system-bundle certificates, same run.

    python3 scripts/parse-vs-pyca.py [--vouch .build/release/vouch] [--seconds 1] [--rounds 5]

Both sides parse every certificate of the system bundle in turn, single-threaded, timed in CPU
time of the thread (as `vouch speed` times itself), and the rounds alternate (pyca, Vouch, pyca,
...) so that both see the same machine load; the best round of each is compared (the least
disturbed by other processes), and the median is printed beside it.

- Vouch: `vouch speed parse --json`: `Certificate(derEncoded:)` of each certificate and its
  `version` read. Vouch validates the whole structure at parse (names, times, algorithm
  identifiers, the key's BIT STRING, every extension's frame, critical known extensions decoded).
- pyca "load": `x509.load_der_x509_certificate(der)` and `.version` read: what pyca's loader
  validates (the certificate's ASN.1 frame; pyca decodes names, times and extensions lazily).
- pyca "fields": the same and then the fields Vouch has checked once parse returns: `version`,
  `serial_number`, `issuer`, `subject`, `not_valid_before_utc`, `not_valid_after_utc`,
  `signature_algorithm_oid`, `public_key_algorithm_oid` and `len(extensions)` (pyca then parses
  every extension it knows, a little more than Vouch's parse does). Building the Python objects
  of the two names dominates this row: it is shown for scale, not as the goal's comparison.

The goal of issue 25 item 3 is Vouch ≤ 0.6x pyca "load".
"""
import argparse
import json
import statistics
import subprocess
import sys
import time
import warnings

from cryptography import x509
from cryptography.utils import CryptographyDeprecationWarning

# One bundle root has a serial number of zero, which pyca warns about on every load.
warnings.filterwarnings("ignore", category=CryptographyDeprecationWarning)

BUNDLES = ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/ca-bundle.pem", "/etc/ssl/cert.pem"]


def bundle_certificates():
    for path in BUNDLES:
        try:
            with open(path, "rb") as handle:
                text = handle.read()
        except OSError:
            continue
        certificates = x509.load_pem_x509_certificates(text)
        if certificates:
            from cryptography.hazmat.primitives.serialization import Encoding
            return path, [c.public_bytes(Encoding.DER) for c in certificates]
    sys.exit("parse-vs-pyca: no system certificate bundle (looked in %s)" % ", ".join(BUNDLES))


def touch_load(der):
    return x509.load_der_x509_certificate(der).version


def touch_fields(der):
    c = x509.load_der_x509_certificate(der)
    return (c.version, c.serial_number, c.issuer, c.subject, c.not_valid_before_utc, c.not_valid_after_utc,
            c.signature_algorithm_oid, c.public_key_algorithm_oid, len(c.extensions))


def pyca_microseconds(ders, touch, seconds):
    """Microseconds per certificate: whole passes over the bundle until `seconds` of thread CPU time."""
    for der in ders:  # warm up
        touch(der)
    count = 0
    start = time.thread_time()
    while True:
        for der in ders:
            touch(der)
        count += len(ders)
        elapsed = time.thread_time() - start
        if elapsed >= seconds:
            return elapsed / count * 1e6


def vouch_microseconds(vouch, seconds):
    output = subprocess.run([vouch, "speed", "parse", "--json", "--seconds", str(seconds)],
                            check=True, capture_output=True, text=True).stdout
    return json.loads(output)["parse"]["us_per_op"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--vouch", default=".build/release/vouch")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=5)
    arguments = parser.parse_args()

    path, ders = bundle_certificates()
    import cryptography
    print("bundle %s: %d certificates; cryptography %s, Python %s" % (
        path, len(ders), cryptography.__version__, sys.version.split()[0]))
    results = {"vouch": [], "pyca load": [], "pyca fields": []}
    for _ in range(arguments.rounds):
        results["pyca load"].append(pyca_microseconds(ders, touch_load, arguments.seconds))
        results["vouch"].append(vouch_microseconds(arguments.vouch, arguments.seconds))
        results["pyca fields"].append(pyca_microseconds(ders, touch_fields, arguments.seconds))
    print("| per certificate | best | median |")
    print("|---|---:|---:|")
    for name, values in results.items():
        print("| %s | %.3f µs | %.3f µs |" % (name, min(values), statistics.median(values)))
    for other in ("pyca load", "pyca fields"):
        print("Vouch / %s: %.2fx (best), %.2fx (median)" % (
            other, min(results["vouch"]) / min(results[other]),
            statistics.median(results["vouch"]) / statistics.median(results[other])))


if __name__ == "__main__":
    main()
