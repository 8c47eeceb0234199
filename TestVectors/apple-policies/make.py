#!/usr/bin/env python3
"""Writes the generated chains the Apple policy tests read (README.md in this folder).

    python3 TestVectors/apple-policies/make.py

Python's `cryptography` builds them (a fixture tool, never used by the engine). Keys are fixed
P-256 scalars (a fresh RSA-1024 key for `eap-rsa1024.der`) and dates fixed; ECDSA signatures differ from run to
run, so the files are committed. Each certificate carries Apple's marker OIDs or breaks exactly
one rule of SECTRUST.md §18 (the name says which).
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
NULL = b"\x05\x00"


def oid(text):
    return x509.ObjectIdentifier(text)


def key(number):
    return ec.derive_private_key(number, ec.SECP256R1())


def day(year, month, date):
    return datetime.datetime(year, month, date, tzinfo=datetime.timezone.utc)


def name(common_name, unit=None, email=None):
    attributes = [x509.NameAttribute(NameOID.COMMON_NAME, common_name)]
    if unit:
        attributes.append(x509.NameAttribute(NameOID.ORGANIZATIONAL_UNIT_NAME, unit))
    if email:
        attributes.append(x509.NameAttribute(NameOID.EMAIL_ADDRESS, email))
    return x509.Name(attributes)


def usage(**bits):
    names = ["digital_signature", "content_commitment", "key_encipherment", "data_encipherment", "key_agreement",
             "key_cert_sign", "crl_sign", "encipher_only", "decipher_only"]
    return x509.KeyUsage(**{n: bits.get(n, False) for n in names})


def write(file, certificate):
    with open(os.path.join(HERE, file), "wb") as out:
        out.write(certificate.public_bytes(serialization.Encoding.DER))


def make(subject, subject_key, issuer, issuer_key, serial, ca=False, markers=(), policies=None, ku=None, eku=None,
         san=None, not_after=None, extra=()):
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer)
               .public_key(subject_key.public_key()).serial_number(serial)
               .not_valid_before(day(2026, 1, 1)).not_valid_after(not_after or (day(2040, 1, 1) if ca else day(2027, 6, 1)))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
    if ku is not None:
        builder = builder.add_extension(ku, critical=True)
    if eku is not None:
        builder = builder.add_extension(x509.ExtendedKeyUsage(eku), critical=False)
    if san is not None:
        builder = builder.add_extension(x509.SubjectAlternativeName(san), critical=False)
    if policies:
        builder = builder.add_extension(x509.CertificatePolicies(
            [x509.PolicyInformation(oid(p), None) for p in policies]), critical=False)
    for marker, value in list(markers) + list(extra):
        builder = builder.add_extension(x509.UnrecognizedExtension(oid(marker), value), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def utf8(text):
    data = text.encode()
    return bytes([0x0C, len(data)]) + data


root_key, foreign_key, wwdr_key, sub_key, leaf_key = key(0x5A01), key(0x5A02), key(0x5A03), key(0x5A04), key(0x5A05)
ROOT = name("Vouch Test Apple Root CA - G3")
FOREIGN = name("Vouch Test Foreign Root")
WWDR = name("Apple Worldwide Developer Relations CA - G2")
SUB = name("Vouch Test Sub CA")
CA_USAGE = usage(key_cert_sign=True, crl_sign=True)

root = make(ROOT, root_key, ROOT, root_key, 1, ca=True, ku=CA_USAGE)
foreign = make(ROOT, foreign_key, ROOT, foreign_key, 2, ca=True, ku=CA_USAGE)
write("root.der", root)
write("foreign-root.der", foreign)
# The intermediate carries every intermediate marker the policies name: WWDR (.6.2.1), Apple ID
# (.6.2.3), Apple Pay payment processing (.6.2.14).
intermediate_markers = [("1.2.840.113635.100.6.2.1", NULL), ("1.2.840.113635.100.6.2.3", NULL),
                        ("1.2.840.113635.100.6.2.14", NULL)]
write("wwdr.der", make(WWDR, wwdr_key, ROOT, root_key, 10, ca=True, ku=CA_USAGE, markers=intermediate_markers))
write("wwdr-foreign.der", make(WWDR, wwdr_key, ROOT, foreign_key, 11, ca=True, ku=CA_USAGE, markers=intermediate_markers))
write("wwdr-no-markers.der", make(WWDR, wwdr_key, ROOT, root_key, 12, ca=True, ku=CA_USAGE))
write("wwdr-eku-server.der", make(WWDR, wwdr_key, ROOT, root_key, 13, ca=True, ku=CA_USAGE, markers=intermediate_markers,
                                  eku=[ExtendedKeyUsageOID.SERVER_AUTH]))
write("sub.der", make(SUB, sub_key, WWDR, wwdr_key, 15, ca=True, ku=CA_USAGE))

signing = usage(digital_signature=True)
RECEIPT = dict(markers=[("1.2.840.113635.100.6.11.1", NULL)], policies=["1.2.840.113635.100.5.6.1"], ku=signing)
leaves = {
    "receipt": (WWDR, wwdr_key, RECEIPT),
    "receipt-no-marker": (WWDR, wwdr_key, dict(RECEIPT, markers=[])),
    "receipt-marker-not-null": (WWDR, wwdr_key, dict(RECEIPT, markers=[("1.2.840.113635.100.6.11.1", utf8("x"))])),
    "receipt-no-policy": (WWDR, wwdr_key, dict(RECEIPT, policies=None)),
    "receipt-ca": (WWDR, wwdr_key, dict(RECEIPT, ca=True)),
    "receipt-under-sub": (SUB, sub_key, RECEIPT),
    "receipt-expired": (WWDR, wwdr_key, dict(RECEIPT, not_after=day(2026, 3, 1))),
    "pay-issuer": (WWDR, wwdr_key, dict(markers=[("1.2.840.113635.100.6.39", NULL)], ku=usage(key_encipherment=True))),
    "pay-issuer-signing-ku": (WWDR, wwdr_key, dict(markers=[("1.2.840.113635.100.6.39", NULL)], ku=signing)),
    "pay-issuer-expired": (WWDR, wwdr_key, dict(markers=[("1.2.840.113635.100.6.39", NULL)],
                                                ku=usage(key_encipherment=True), not_after=day(2026, 3, 1))),
    "pay-token": (WWDR, wwdr_key, dict(markers=[("1.2.840.113635.100.6.29", NULL)], ku=signing)),
    "passbook": (WWDR, wwdr_key, dict(markers=[("1.2.840.113635.100.6.1.16", utf8("Example Cards"))], ku=signing,
                                      eku=[oid("1.2.840.113635.100.4.14")], unit="TEAM123456")),
    "passbook-other-issuer": (WWDR, wwdr_key, dict(markers=[("1.2.840.113635.100.6.1.16", utf8("Other Cards"))],
                                                   ku=signing, eku=[oid("1.2.840.113635.100.4.14")], unit="TEAM123456")),
    "passbook-no-eku": (WWDR, wwdr_key, dict(markers=[("1.2.840.113635.100.6.1.16", utf8("Example Cards"))], ku=signing,
                                             unit="TEAM123456")),
    "appleid": (WWDR, wwdr_key, dict(markers=[("1.2.840.113635.100.4.7", NULL)], ku=signing)),
    "smime": (WWDR, wwdr_key, dict(ku=usage(digital_signature=True, key_encipherment=True),
                                   eku=[ExtendedKeyUsageOID.EMAIL_PROTECTION], san=[x509.RFC822Name("Alice@Example.com")])),
    "smime-subject-email": (WWDR, wwdr_key, dict(ku=signing, eku=[ExtendedKeyUsageOID.EMAIL_PROTECTION],
                                                 email="alice@example.com")),
    "smime-client-auth": (WWDR, wwdr_key, dict(ku=signing, eku=[ExtendedKeyUsageOID.CLIENT_AUTH],
                                               san=[x509.RFC822Name("alice@example.com")])),
    "smime-no-ku": (WWDR, wwdr_key, dict(eku=[ExtendedKeyUsageOID.EMAIL_PROTECTION], san=[x509.RFC822Name("alice@example.com")])),
    "code-signing": (WWDR, wwdr_key, dict(ku=signing, eku=[ExtendedKeyUsageOID.CODE_SIGNING])),
    "code-signing-no-ku": (WWDR, wwdr_key, dict(eku=[ExtendedKeyUsageOID.CODE_SIGNING])),
    "code-signing-any-eku": (WWDR, wwdr_key, dict(ku=signing, eku=[ExtendedKeyUsageOID.ANY_EXTENDED_KEY_USAGE])),
    "time-stamping": (WWDR, wwdr_key, dict(ku=signing, eku=[ExtendedKeyUsageOID.TIME_STAMPING])),
    "ocsp-signer": (WWDR, wwdr_key, dict(ku=signing, eku=[ExtendedKeyUsageOID.OCSP_SIGNING])),
    "ocsp-signer-ca": (WWDR, wwdr_key, dict(ku=signing, eku=[ExtendedKeyUsageOID.OCSP_SIGNING], ca=True)),
    "ocsp-signer-no-ku": (WWDR, wwdr_key, dict(eku=[ExtendedKeyUsageOID.OCSP_SIGNING])),
    "eap": (WWDR, wwdr_key, dict(ku=signing, eku=[ExtendedKeyUsageOID.SERVER_AUTH], san=[x509.DNSName("radius.example.com")])),
    "eap-client-auth": (WWDR, wwdr_key, dict(ku=signing, eku=[ExtendedKeyUsageOID.CLIENT_AUTH],
                                             san=[x509.DNSName("radius.example.com")])),
    "eap-rsa1024": (WWDR, wwdr_key, dict(ku=signing, eku=[ExtendedKeyUsageOID.SERVER_AUTH], san=[x509.DNSName("radius.example.com")],
                                         key=rsa.generate_private_key(public_exponent=65537, key_size=1024))),
    "ipsec": (WWDR, wwdr_key, dict(ku=signing, eku=[oid("1.3.6.1.5.5.7.3.5")], san=[x509.DNSName("vpn.example.com")])),
    "tls": (WWDR, wwdr_key, dict(ku=signing, eku=[ExtendedKeyUsageOID.SERVER_AUTH], san=[x509.DNSName("www.example.com")])),
}
for serial, (file, (issuer, issuer_key, options)) in enumerate(sorted(leaves.items()), start=100):
    options = dict(options)
    unit = options.pop("unit", None)
    email = options.pop("email", None)
    subject_key = options.pop("key", leaf_key)
    write(file + ".der", make(name("Vouch Test " + file, unit=unit, email=email), subject_key, issuer, issuer_key, serial, **options))
