#!/usr/bin/env python3
"""Writes the Extended Validation chain the end-to-end EV tests read (README.md in this folder).

    python3 TestVectors/ev/make.py

Python's `cryptography` builds them (a fixture tool, never used by the engine). Keys are fixed
P-256 scalars and dates fixed; ECDSA signatures differ from run to run, so the files are committed.
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509 import ocsp
from cryptography.x509.oid import AuthorityInformationAccessOID, ExtendedKeyUsageOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
EV_POLICY = x509.ObjectIdentifier("1.3.6.1.4.1.55555.1.1")
OV_POLICY = x509.ObjectIdentifier("2.23.140.1.2.2")


def key(number):
    return ec.derive_private_key(number, ec.SECP256R1())


def day(year, month, date):
    return datetime.datetime(year, month, date, tzinfo=datetime.timezone.utc)


def name(common_name):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def usage(cert_sign, digital_signature=False):
    return x509.KeyUsage(digital_signature=digital_signature, content_commitment=False, key_encipherment=False,
                         data_encipherment=False, key_agreement=False, key_cert_sign=cert_sign, crl_sign=cert_sign,
                         encipher_only=False, decipher_only=False)


def certificate(subject, subject_key, issuer, issuer_key, serial, ca, policies=None, crl=False, ocsp_uri=False):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(subject_key.public_key()).serial_number(serial)
               .not_valid_before(day(2026, 1, 1)).not_valid_after(day(2036, 1, 1) if ca else day(2027, 1, 1))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(usage(ca, digital_signature=not ca), critical=True))
    if not ca:
        builder = builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(subject)]), critical=False)
    if policies:
        builder = builder.add_extension(
            x509.CertificatePolicies([x509.PolicyInformation(p, None) for p in policies]), critical=False)
    if crl:
        builder = builder.add_extension(x509.CRLDistributionPoints([x509.DistributionPoint(
            [x509.UniformResourceIdentifier("http://crl.ev.vouch.test/ca.crl")], None, None, None)]), critical=False)
    if ocsp_uri:
        builder = builder.add_extension(x509.AuthorityInformationAccess([x509.AccessDescription(
            AuthorityInformationAccessOID.OCSP, x509.UniformResourceIdentifier("http://ocsp.ev.vouch.test"))]),
            critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def good_response(subject, issuer, issuer_key):
    builder = (ocsp.OCSPResponseBuilder()
               .add_response(cert=subject, issuer=issuer, algorithm=hashes.SHA1(),
                             cert_status=ocsp.OCSPCertStatus.GOOD, this_update=day(2026, 6, 1),
                             next_update=day(2036, 1, 1), revocation_time=None, revocation_reason=None)
               .responder_id(ocsp.OCSPResponderEncoding.HASH, issuer))
    return builder.sign(issuer_key, hashes.SHA256())


def write(file, data):
    with open(os.path.join(HERE, file), "wb") as handle:
        handle.write(data)


def main():
    root_key, ca_key, leaf_key = key(0xE1), key(0xE2), key(0xE3)
    root = certificate("Vouch EV Test Root", root_key, "Vouch EV Test Root", root_key, 1, True)
    ca = certificate("Vouch EV Test CA", ca_key, "Vouch EV Test Root", root_key, 2, True, [EV_POLICY], crl=True)
    leaf = certificate("ev.vouch.test", leaf_key, "Vouch EV Test CA", ca_key, 0x1001, False, [EV_POLICY, OV_POLICY],
                       ocsp_uri=True)
    ov_leaf = certificate("ov.vouch.test", leaf_key, "Vouch EV Test CA", ca_key, 0x1002, False, [OV_POLICY],
                          ocsp_uri=True)
    der = serialization.Encoding.DER
    write("root.der", root.public_bytes(der))
    write("ca.der", ca.public_bytes(der))
    write("leaf.der", leaf.public_bytes(der))
    write("ov-leaf.der", ov_leaf.public_bytes(der))
    write("leaf-good.ocsp", good_response(leaf, ca, ca_key).public_bytes(der))
    write("ov-leaf-good.ocsp", good_response(ov_leaf, ca, ca_key).public_bytes(der))


if __name__ == "__main__":
    main()
