#!/usr/bin/env python3
"""Writes the OCSP responses the parser tests read (README.md in this folder).

    python3 TestVectors/ocsp/make.py

Python's `cryptography` builds them (a fixture tool, never used by the engine). Keys are fixed
P-256 scalars and dates fixed; ECDSA signatures differ from run to run, so the files are committed.
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509 import ocsp
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))


def key(number):
    return ec.derive_private_key(number, ec.SECP256R1())


def day(year, month, date, hour=0):
    return datetime.datetime(year, month, date, hour, tzinfo=datetime.timezone.utc)


def name(common_name):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def certificate(subject, subject_key, issuer, issuer_key, serial, ca, usages=None):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(subject_key.public_key()).serial_number(serial)
               .not_valid_before(day(2026, 1, 1)).not_valid_after(day(2027, 1, 1))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
    if usages:
        builder = builder.add_extension(x509.ExtendedKeyUsage(usages), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def write(file, data):
    with open(os.path.join(HERE, file), "wb") as handle:
        handle.write(data)


def der(item):
    return item.public_bytes(serialization.Encoding.DER)


def main():
    ca_key, leaf_key, responder_key = key(0x0C51), key(0x0C52), key(0x0C53)
    ca = certificate("OCSP Test CA", ca_key, "OCSP Test CA", ca_key, 1, True)
    leaf = certificate("leaf.example", leaf_key, "OCSP Test CA", ca_key, 0x1001, False)
    responder = certificate("OCSP Test Responder", responder_key, "OCSP Test CA", ca_key, 0x2002, False,
                            [ExtendedKeyUsageOID.OCSP_SIGNING])
    write("ca.der", der(ca))
    write("leaf.der", der(leaf))
    write("responder.der", der(responder))

    def response(status, signer, signer_key, by, file, reason=None, nonce=None, certs=None, next_update=True):
        builder = ocsp.OCSPResponseBuilder().add_response(
            cert=leaf, issuer=ca, algorithm=hashes.SHA1(), cert_status=status,
            this_update=day(2026, 6, 1), next_update=day(2026, 6, 8) if next_update else None,
            revocation_time=day(2026, 5, 1) if status == ocsp.OCSPCertStatus.REVOKED else None,
            revocation_reason=reason).responder_id(by, signer)
        if nonce is not None:
            builder = builder.add_extension(x509.OCSPNonce(nonce), critical=False)
        if certs:
            builder = builder.certificates(certs)
        write(file, der(builder.sign(signer_key, hashes.SHA256())))

    response(ocsp.OCSPCertStatus.GOOD, ca, ca_key, ocsp.OCSPResponderEncoding.HASH, "good-by-key.der",
             nonce=bytes(range(16)))
    response(ocsp.OCSPCertStatus.REVOKED, ca, ca_key, ocsp.OCSPResponderEncoding.NAME, "revoked-by-name.der",
             reason=x509.ReasonFlags.key_compromise)
    response(ocsp.OCSPCertStatus.UNKNOWN, ca, ca_key, ocsp.OCSPResponderEncoding.HASH, "unknown.der", next_update=False)
    response(ocsp.OCSPCertStatus.GOOD, responder, responder_key, ocsp.OCSPResponderEncoding.HASH,
             "good-delegated.der", certs=[responder])
    write("try-later.der", der(ocsp.OCSPResponseBuilder.build_unsuccessful(ocsp.OCSPResponseStatus.TRY_LATER)))


if __name__ == "__main__":
    main()
