#!/usr/bin/env python3
"""Writes the chains of the Apple-fidelity tests (README.md in this folder).

    python3 TestVectors/apple-fidelity/make.py

Every key is a fixed P-256 scalar, so a rerun gives the same names and keys (ECDSA signatures
differ from run to run; the files are committed). Dates are fixed; the tests pass their verify
dates explicitly.
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID, ObjectIdentifier

HERE = os.path.dirname(os.path.abspath(__file__))
NAME_CONSTRAINTS = ObjectIdentifier("2.5.29.30")
MS_SGC = ObjectIdentifier("1.3.6.1.4.1.311.10.3.3")


def key(number):
    return ec.derive_private_key(number, ec.SECP256R1())


def day(year, month, date):
    return datetime.datetime(year, month, date, tzinfo=datetime.timezone.utc)


def name(common_name):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Vouch fidelity"),
                      x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def write(file, certificate):
    with open(os.path.join(HERE, file), "wb") as handle:
        handle.write(certificate.public_bytes(serialization.Encoding.DER))


def ski(private):
    return x509.SubjectKeyIdentifier.from_public_key(private.public_key())


def ca(subject, subject_key, issuer, issuer_key, serial, not_before=day(2018, 1, 1), not_after=day(2040, 1, 1),
       extra=()):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(subject_key.public_key()).serial_number(serial)
               .not_valid_before(not_before).not_valid_after(not_after)
               .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
               .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
               .add_extension(ski(subject_key), critical=False))
    for extension, critical in extra:
        builder = builder.add_extension(extension, critical=critical)
    return builder.sign(issuer_key, hashes.SHA256())


def leaf(subject, issuer, issuer_key, serial, not_before, days, usages=(ExtendedKeyUsageOID.SERVER_AUTH,),
         names=("example.com",)):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(key(0x1EAF).public_key()).serial_number(serial)
               .not_valid_before(not_before).not_valid_after(not_before + datetime.timedelta(days=days))
               .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
               .add_extension(x509.SubjectAlternativeName([x509.DNSName(n) for n in names]), critical=False))
    if usages is not None:
        builder = builder.add_extension(x509.ExtendedKeyUsage(list(usages)), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def der_length(length):
    if length < 0x80:
        return bytes([length])
    octets = length.to_bytes((length.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(octets)]) + octets


def tlv(tag, content):
    return bytes([tag]) + der_length(len(content)) + content


def subtrees(bases):
    return b"".join(tlv(0x30, base) for base in bases)


def raw_name_constraints(permitted):
    """A nameConstraints value with these permitted bases (each a whole GeneralName TLV)."""
    return tlv(0x30, tlv(0xA0, subtrees(permitted)))


def dns(text):
    return tlv(0x82, text.encode())


# An otherName without its [0] EXPLICIT value: Apple keeps it as undecoded bytes.
UNDECODABLE_OTHER_NAME = bytes.fromhex("a006" + "06042b060104")
# A well-formed otherName: a UPN (1.3.6.1.4.1.311.20.2.3) of "@example.com".
UPN_OID = bytes.fromhex("060a2b060104018237140203")
UPN = tlv(0xA0, UPN_OID + tlv(0xA0, tlv(0x0C, b"@example.com")))


def main():
    root_key, intermediate_key, sgc_key = key(0x5001), key(0x5002), key(0x5003)
    root = ca("Fidelity Root", root_key, "Fidelity Root", root_key, 1)
    write("root.der", root)
    write("intermediate.der", ca("Fidelity Intermediate", intermediate_key, "Fidelity Root", root_key, 2))
    sgc_usage = (x509.ExtendedKeyUsage([MS_SGC]), False)
    write("intermediate-sgc.der", ca("Fidelity SGC Intermediate", sgc_key, "Fidelity Root", root_key, 3, extra=[sgc_usage]))

    # The system-only SSL rules (issue 26, item 1): each leaf passes every other rule.
    write("leaf-398.der", leaf("two years", "Fidelity Intermediate", intermediate_key, 10, day(2021, 1, 1), 730))
    write("leaf-1y.der", leaf("one year", "Fidelity Intermediate", intermediate_key, 11, day(2021, 1, 1), 365))
    write("leaf-825.der", leaf("three years", "Fidelity Intermediate", intermediate_key, 12, day(2018, 6, 1), 900))
    write("leaf-no-eku.der", leaf("no EKU", "Fidelity Intermediate", intermediate_key, 13, day(2019, 1, 1), 365, usages=None))
    write("leaf-any-eku.der", leaf("anyEKU", "Fidelity Intermediate", intermediate_key, 14, day(2019, 1, 1), 365,
                                   usages=(ExtendedKeyUsageOID.ANY_EXTENDED_KEY_USAGE,)))
    write("leaf-under-sgc.der", leaf("under SGC", "Fidelity SGC Intermediate", sgc_key, 15, day(2019, 1, 1), 365))

    # A root issued after 2020-09-01, valid 20 years: a system root evaluated on its own under
    # the SSL policy fails SystemTrustValidityPeriod, user trust settings or not.
    recent_key = key(0x5004)
    write("root-2021.der", ca("Fidelity 2021 Root", recent_key, "Fidelity 2021 Root", recent_key, 4,
                              not_before=day(2021, 1, 1), not_after=day(2041, 1, 1)))

    # Name constraints Apple reads as bytes (item 3).
    nc_key = key(0x5010)
    for file, critical, bases in [("nc-root-undecodable.der", False, [dns("example.com"), UNDECODABLE_OTHER_NAME]),
                                  ("nc-root-upn-critical.der", True, [dns("example.com"), UPN])]:
        extension = x509.UnrecognizedExtension(NAME_CONSTRAINTS, raw_name_constraints(bases))
        write(file, ca("Fidelity NC Root", nc_key, "Fidelity NC Root", nc_key, 20, extra=[(extension, critical)]))
    upn_intermediate_key = key(0x5011)
    extension = x509.UnrecognizedExtension(NAME_CONSTRAINTS, raw_name_constraints([dns("example.com"), UPN]))
    write("nc-intermediate-upn-critical.der", ca("Fidelity UPN Intermediate", upn_intermediate_key, "Fidelity Root",
                                                 root_key, 21, extra=[(extension, True)]))
    write("leaf-nc-example.der", leaf("nc example", "Fidelity NC Root", nc_key, 22, day(2021, 1, 1), 365))
    write("leaf-nc-other.der", leaf("nc other", "Fidelity NC Root", nc_key, 23, day(2021, 1, 1), 365,
                                    names=("example.org",)))
    write("leaf-under-upn.der", leaf("under UPN", "Fidelity UPN Intermediate", upn_intermediate_key, 24,
                                     day(2021, 1, 1), 365))

    # Long subtree lists (Apple's POLICY_SUBTREES_MAX, 1,024): an intermediate with 1,024
    # permitted dNSNames and a leaf with 400 names near the end of the list, whose comparisons
    # would exceed Vouch's budget of 250,000; and one with 1,023 and a leaf of one name.
    for count, serial, names in [(1024, 30, [f"d{n}.example" for n in range(1023, 623, -1)]), (1023, 32, ["d1022.example"])]:
        list_key = key(0x5020 + count)
        constraints = x509.NameConstraints(permitted_subtrees=[x509.DNSName(f"d{n}.example") for n in range(count)],
                                           excluded_subtrees=None)
        subject = f"Fidelity {count} Subtrees"
        write(f"nc-intermediate-{count}.der", ca(subject, list_key, "Fidelity Root", root_key, serial,
                                                  extra=[(constraints, True)]))
        write(f"leaf-under-{count}.der", leaf(f"under {count}", subject, list_key, serial + 1, day(2021, 1, 1), 365,
                                              names=names))


if __name__ == "__main__":
    main()
