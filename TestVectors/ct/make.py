#!/usr/bin/env python3
"""Writes the Certificate Transparency vectors the tests read (README.md in this folder).

    python3 TestVectors/ct/make.py

Python's `cryptography` builds the certificates (a fixture tool, never used by the engine); the
SCTs are RFC 6962 §3.2 structures this script signs itself with P-256 keys acting as logs. Keys
are fixed scalars and dates fixed; ECDSA signatures differ from run to run, so the files are
committed.
"""
import hashlib
import os
import plistlib
import json
import base64
import importlib.util
import struct

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID

HERE = os.path.dirname(os.path.abspath(__file__))
SCT_LIST_OID = x509.ObjectIdentifier("1.3.6.1.4.1.11129.2.4.2")


# TestVectors/ocsp/make.py's helpers: fixed P-256 keys, UTC dates, CN-only names, and the DER
# editing that sets an OCSP response's producedAt and signs it again.
_spec = importlib.util.spec_from_file_location("ocsp_make", os.path.join(HERE, "..", "ocsp", "make.py"))
ocsp_make = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ocsp_make)
key, day, name = ocsp_make.key, ocsp_make.day, ocsp_make.name


def spki(private_key):
    return private_key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


ROOT_KEY, CA_KEY, LEAF_KEY = key(0xC7001), key(0xC7002), key(0xC7003)
# The logs: A and B share an operator, C has another, D is in no list.
LOGS = {"A": (key(0x106A), "Vouch Test Log A", "Operator One"), "B": (key(0x106B), "Vouch Test Log B", "Operator One"),
        "C": (key(0x106C), "Vouch Test Log C", "Operator Two"), "D": (key(0x106D), "Vouch Test Log D", "Operator Three")}


def log_id(letter):
    return hashlib.sha256(spki(LOGS[letter][0])).digest()


def ca_certificate(subject, subject_key, issuer, issuer_key, serial):
    return (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
            .public_key(subject_key.public_key()).serial_number(serial)
            .not_valid_before(day(2025, 1, 1)).not_valid_after(day(2035, 1, 1))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
            .sign(issuer_key, hashes.SHA256()))


ROOT = ca_certificate("Vouch CT Test Root", ROOT_KEY, "Vouch CT Test Root", ROOT_KEY, 1)
CA = ca_certificate("Vouch CT Test CA", CA_KEY, "Vouch CT Test Root", ROOT_KEY, 2)


def leaf_builder(serial, not_before, not_after):
    return (x509.CertificateBuilder().subject_name(name("ct.vouch.test")).issuer_name(CA.subject)
            .public_key(LEAF_KEY.public_key()).serial_number(serial)
            .not_valid_before(not_before).not_valid_after(not_after)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("ct.vouch.test")]), critical=False))


def milliseconds(moment):
    return int(moment.timestamp()) * 1000


def sct(letter, moment, entry_type, entry, corrupt=False):
    """A v1 SCT by log `letter` at `moment` over `entry` (RFC 6962 §3.2)."""
    timestamp = milliseconds(moment)
    signed = struct.pack(">BBQH", 0, 0, timestamp, entry_type) + entry + struct.pack(">H", 0)
    signature = LOGS[letter][0].sign(signed, ec.ECDSA(hashes.SHA256()))
    if corrupt:
        signature = signature[:-1] + bytes([signature[-1] ^ 0x01])
    return (struct.pack(">B", 0) + log_id(letter) + struct.pack(">QH", timestamp, 0)
            + struct.pack(">BBH", 4, 3, len(signature)) + signature)


def sct_list(scts):
    body = b"".join(struct.pack(">H", len(item)) + item for item in scts)
    return struct.pack(">H", len(body)) + body


def length24(data):
    return struct.pack(">I", len(data))[1:] + data


def embedded(file, serial, scts, not_before=day(2026, 1, 1), not_after=day(2026, 4, 1)):
    """A leaf with the SCTs `scts` (letter, moment, corrupt) over its precertificate."""
    precert = leaf_builder(serial, not_before, not_after).sign(CA_KEY, hashes.SHA256())
    entry = hashlib.sha256(spki(CA_KEY)).digest() + length24(precert.tbs_certificate_bytes)
    made = [sct(letter, moment, 1, entry, corrupt) for letter, moment, corrupt in scts]
    value = b"\x04" + der_length(len(sct_list(made))) + sct_list(made)
    final = (leaf_builder(serial, not_before, not_after)
             .add_extension(x509.UnrecognizedExtension(SCT_LIST_OID, value), critical=False)
             .sign(CA_KEY, hashes.SHA256()))
    write(file, final.public_bytes(serialization.Encoding.DER))


def der_length(length):
    if length < 0x80:
        return bytes([length])
    octets = length.to_bytes((length.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(octets)]) + octets


def write(file, data):
    with open(os.path.join(HERE, file), "wb") as handle:
        handle.write(data)


def main():
    write("root.der", ROOT.public_bytes(serialization.Encoding.DER))
    for letter in "ABCD":
        write("log-%s.spki.der" % letter.lower(), spki(LOGS[letter][0]))
    write("ca.der", CA.public_bytes(serialization.Encoding.DER))
    seen = day(2026, 1, 1, 1)
    embedded("embedded-a-c.der", 10, [("A", seen, False), ("C", seen, False)])
    embedded("embedded-a-b.der", 11, [("A", seen, False), ("B", seen, False)])
    embedded("embedded-a.der", 12, [("A", seen, False)])
    embedded("embedded-a-c-398-days.der", 13, [("A", seen, False), ("C", seen, False)], not_after=day(2027, 2, 3))
    embedded("embedded-a-c-bad-signature.der", 14, [("A", seen, False), ("C", seen, True)])
    embedded("embedded-a-c-future.der", 15, [("A", seen, False), ("C", day(2026, 6, 1), False)])
    embedded("embedded-a-d.der", 16, [("A", seen, False), ("D", seen, False)])
    embedded("embedded-a-b-c.der", 17, [("A", seen, False), ("B", day(2026, 1, 1, 2), False), ("C", seen, False)])
    plain = leaf_builder(20, day(2026, 1, 1), day(2026, 4, 1)).sign(CA_KEY, hashes.SHA256())
    write("plain.der", plain.public_bytes(serialization.Encoding.DER))
    x509_entry = length24(plain.public_bytes(serialization.Encoding.DER))
    write("tls-a-c.sctlist", sct_list([sct("A", seen, 0, x509_entry), sct("C", seen, 0, x509_entry)]))
    write("tls-a.sctlist", sct_list([sct("A", seen, 0, x509_entry)]))
    # The same two SCTs stapled in an OCSP response's single response (RFC 6962 §3.3), signed by
    # the CA; TestVectors/ocsp/make.py's DER helpers edit the response and sign it again.
    from cryptography.x509 import ocsp
    listed = sct_list([sct("A", seen, 0, x509_entry), sct("C", seen, 0, x509_entry)])
    extension = ocsp_make.element(0x30, ocsp_make.element(0x06, bytes.fromhex("2b06010401d679020405"))
                                  + ocsp_make.element(0x04, ocsp_make.element(0x04, listed)))

    def with_scts(fields):
        single = ocsp_make.children(ocsp_make.content(fields[2]))[0]
        inner = ocsp_make.content(single) + ocsp_make.element(0xA1, ocsp_make.element(0x30, extension))
        fields[2] = ocsp_make.element(0x30, ocsp_make.element(0x30, inner))

    response = ocsp.OCSPResponseBuilder().add_response(
        cert=plain, issuer=CA, algorithm=hashes.SHA1(), cert_status=ocsp.OCSPCertStatus.GOOD,
        this_update=day(2026, 2, 28), next_update=day(2026, 3, 7), revocation_time=None, revocation_reason=None,
    ).responder_id(ocsp.OCSPResponderEncoding.HASH, CA).sign(CA_KEY, hashes.SHA256())
    write("ocsp-a-c.der", ocsp_make.with_produced_at(
        response.public_bytes(serialization.Encoding.DER), CA_KEY, day(2026, 2, 28), with_scts))
    # The trusted logs A, B and C, in Apple's form and as a v3 log_list.json.
    apple = [{"key": spki(LOGS[letter][0]), "operator": LOGS[letter][2], "description": LOGS[letter][1]} for letter in "ABC"]
    with open(os.path.join(HERE, "logs.plist"), "wb") as handle:
        plistlib.dump(apple, handle, fmt=plistlib.FMT_XML)
    operators = []
    for operator in ["Operator One", "Operator Two"]:
        logs = [{"description": LOGS[letter][1], "log_id": base64.b64encode(log_id(letter)).decode(),
                 "key": base64.b64encode(spki(LOGS[letter][0])).decode(), "url": "https://ct.vouch.test/%s/" % letter,
                 "mmd": 86400, "state": {"usable": {"timestamp": "2025-01-01T00:00:00Z"}}}
                for letter in "ABC" if LOGS[letter][2] == operator]
        operators.append({"name": operator, "email": ["ct@vouch.test"], "logs": logs, "tiled_logs": []})
    document = {"version": "1.0", "log_list_timestamp": "2026-01-01T00:00:00Z", "operators": operators}
    with open(os.path.join(HERE, "log_list.json"), "w") as handle:
        json.dump(document, handle, indent=2)
        handle.write("\n")


if __name__ == "__main__":
    main()
