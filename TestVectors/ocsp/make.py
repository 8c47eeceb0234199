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


def key_usage(digital_signature):
    return x509.KeyUsage(digital_signature=digital_signature, content_commitment=False, key_encipherment=False,
                         data_encipherment=False, key_agreement=not digital_signature, key_cert_sign=False,
                         crl_sign=False, encipher_only=False, decipher_only=False)


def certificate(subject, subject_key, issuer, issuer_key, serial, ca, usages=None, digital_signature=None,
                not_after=None):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(subject_key.public_key()).serial_number(serial)
               .not_valid_before(day(2026, 1, 1)).not_valid_after(not_after or day(2027, 1, 1))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
    if usages:
        builder = builder.add_extension(x509.ExtendedKeyUsage(usages), critical=False)
    if digital_signature is not None:
        builder = builder.add_extension(key_usage(digital_signature), critical=True)
    return builder.sign(issuer_key, hashes.SHA256())


def tlv(data, offset):
    """(tag, header length, content length) of the DER element at `offset`."""
    tag, first = data[offset], data[offset + 1]
    if first < 0x80:
        return tag, 2, first
    count = first & 0x7F
    return tag, 2 + count, int.from_bytes(data[offset + 2:offset + 2 + count], "big")


def element(tag, content):
    length = len(content)
    if length < 0x80:
        header = bytes([tag, length])
    else:
        encoded = length.to_bytes((length.bit_length() + 7) // 8, "big")
        header = bytes([tag, 0x80 | len(encoded)]) + encoded
    return header + content


def children(data):
    items, offset = [], 0
    while offset < len(data):
        _, header, length = tlv(data, offset)
        items.append(data[offset:offset + header + length])
        offset += header + length
    return items


def content(item):
    _, header, _ = tlv(item, 0)
    return item[header:]


def with_produced_at(response, signer_key, when, edit=None):
    """`response` (DER) with ResponseData.producedAt set to `when` and signed again by `signer_key`,
    after `edit` (if given) changed the list of ResponseData's fields in place.

    cryptography's builder always writes the current time as producedAt; the verification tests
    need responses produced at a fixed date."""
    status, wrapper = children(content(response))
    response_type, octets = children(content(children(content(wrapper))[0]))
    tbs, algorithm, _signature, *certs = children(content(content(octets)))
    fields = children(content(tbs))
    index = next(i for i, field in enumerate(fields) if field[0] == 0x18)  # the first GeneralizedTime
    fields[index] = element(0x18, when.strftime("%Y%m%d%H%M%SZ").encode())
    if edit:
        edit(fields)
    tbs = element(0x30, b"".join(fields))
    signature = signer_key.sign(tbs, ec.ECDSA(hashes.SHA256()))
    basic = element(0x30, tbs + algorithm + element(0x03, b"\x00" + signature) + b"".join(certs))
    inner = element(0x30, response_type + element(0x04, basic))
    return element(0x30, status + element(0xA0, inner))


def write(file, data):
    with open(os.path.join(HERE, file), "wb") as handle:
        handle.write(data)


def der(item):
    return item.public_bytes(serialization.Encoding.DER)


def main():
    ca_key, leaf_key, responder_key = key(0x0C51), key(0x0C52), key(0x0C53)
    ca = certificate("OCSP Test CA", ca_key, "OCSP Test CA", ca_key, 1, True)
    leaf = certificate("leaf.example", leaf_key, "OCSP Test CA", ca_key, 0x1001, False)
    signing = [ExtendedKeyUsageOID.OCSP_SIGNING]
    responder = certificate("OCSP Test Responder", responder_key, "OCSP Test CA", ca_key, 0x2002, False, signing,
                            digital_signature=True)
    write("ca.der", der(ca))
    write("leaf.der", der(leaf))
    write("responder.der", der(responder))

    def response(status, signer, signer_key, by, file, reason=None, nonce=None, certs=None, next_update=True,
                 algorithm=None, this_update=None, until=None, about=None, produced=None, edit=None, tail=b""):
        this_update = this_update or day(2026, 6, 1)
        builder = ocsp.OCSPResponseBuilder().add_response(
            cert=about or leaf, issuer=ca, algorithm=algorithm or hashes.SHA1(), cert_status=status,
            this_update=this_update,
            next_update=(until or this_update + datetime.timedelta(days=7)) if next_update else None,
            revocation_time=day(2026, 5, 1) if status == ocsp.OCSPCertStatus.REVOKED else None,
            revocation_reason=reason).responder_id(by, signer)
        if nonce is not None:
            builder = builder.add_extension(x509.OCSPNonce(nonce), critical=False)
        if certs:
            builder = builder.certificates(certs)
        signed = der(builder.sign(signer_key, hashes.SHA256()))
        write(file, with_produced_at(signed, signer_key, produced or this_update, edit) + tail)

    response(ocsp.OCSPCertStatus.GOOD, ca, ca_key, ocsp.OCSPResponderEncoding.HASH, "good-by-key.der",
             nonce=bytes(range(16)))
    response(ocsp.OCSPCertStatus.REVOKED, ca, ca_key, ocsp.OCSPResponderEncoding.NAME, "revoked-by-name.der",
             reason=x509.ReasonFlags.key_compromise)
    response(ocsp.OCSPCertStatus.UNKNOWN, ca, ca_key, ocsp.OCSPResponderEncoding.HASH, "unknown.der", next_update=False)
    response(ocsp.OCSPCertStatus.GOOD, responder, responder_key, ocsp.OCSPResponderEncoding.HASH,
             "good-delegated.der", certs=[responder])
    write("try-later.der", der(ocsp.OCSPResponseBuilder.build_unsuccessful(ocsp.OCSPResponseStatus.TRY_LATER)))

    # The verification cases (OCSPVerificationTests): one rule broken per file.
    good, revoked = ocsp.OCSPCertStatus.GOOD, ocsp.OCSPCertStatus.REVOKED
    by_key, by_name = ocsp.OCSPResponderEncoding.HASH, ocsp.OCSPResponderEncoding.NAME
    response(good, ca, ca_key, by_key, "good-sha256.der", algorithm=hashes.SHA256())
    response(revoked, ca, ca_key, by_name, "revoked-older.der", reason=x509.ReasonFlags.superseded,
             this_update=day(2026, 5, 15))
    other = certificate("other.example", leaf_key, "OCSP Test CA", ca_key, 0x1002, False)
    response(revoked, ca, ca_key, by_key, "revoked-other-serial.der", about=other)
    variants = {
        "no-ku": dict(usages=signing),
        "no-digital-signature": dict(usages=signing, digital_signature=False),
        "no-eku": dict(digital_signature=True),
        "server-eku": dict(usages=[ExtendedKeyUsageOID.SERVER_AUTH], digital_signature=True),
    }
    for label, options in variants.items():
        variant = certificate("OCSP Responder " + label, responder_key, "OCSP Test CA", ca_key, 0x2100, False,
                              **options)
        response(good, variant, responder_key, by_key, "delegated-" + label + ".der", certs=[variant])
    ca_responder = certificate("OCSP Responder CA", responder_key, "OCSP Test CA", ca_key, 0x2101, True, signing,
                               digital_signature=True)
    response(good, ca_responder, responder_key, by_key, "delegated-ca.der", certs=[ca_responder])
    other_ca_key = key(0x0C54)
    foreign = certificate("OCSP Foreign Responder", responder_key, "Other CA", other_ca_key, 0x2102, False, signing,
                          digital_signature=True)
    response(good, foreign, responder_key, by_key, "delegated-foreign.der", certs=[foreign])
    # What real responders write and Apple parses (its CT-sourced corpus), DER or not: version 0
    # written out, an empty singleExtensions list, an octet after the response.
    def explicit_version(fields):
        fields.insert(0, element(0xA0, element(0x02, b"\x00")))

    def empty_single_extensions(fields):
        responses = fields[2]
        single = children(content(responses))[0]
        fields[2] = element(0x30, element(0x30, content(single) + element(0xA1, element(0x30, b""))))

    response(good, ca, ca_key, by_key, "good-explicit-version.der", edit=explicit_version)
    response(good, ca, ca_key, by_key, "good-empty-single-extensions.der", edit=empty_single_extensions)
    response(good, ca, ca_key, by_key, "good-trailing-octet.der", tail=b"\x00")

    # Without nextUpdate a "good" answer is fresh for Apple's default TTL, one day after thisUpdate.
    response(good, ca, ca_key, by_key, "good-no-next-update.der", next_update=False)
    # A leaf with id-pkix-ocsp-nocheck: Apple never checks its revocation, so its "revoked" answer
    # changes nothing.
    nocheck = (x509.CertificateBuilder().subject_name(name("nocheck.example")).issuer_name(name("OCSP Test CA"))
               .public_key(leaf_key.public_key()).serial_number(0x1003)
               .not_valid_before(day(2026, 1, 1)).not_valid_after(day(2027, 1, 1))
               .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
               .add_extension(x509.OCSPNoCheck(), critical=False).sign(ca_key, hashes.SHA256()))
    write("leaf-nocheck.der", der(nocheck))
    response(revoked, ca, ca_key, by_key, "revoked-nocheck.der", about=nocheck, reason=x509.ReasonFlags.key_compromise)

    # A responder whose certificate ends on 2026-07-01: its "good" answer (fresh until 2026-12-01)
    # is judged at the current time, its "revoked" answer at producedAt.
    short = certificate("OCSP Short Responder", responder_key, "OCSP Test CA", ca_key, 0x2103, False, signing,
                        digital_signature=True, not_after=day(2026, 7, 1))
    response(good, short, responder_key, by_key, "good-short-responder.der", certs=[short], until=day(2026, 12, 1))
    response(revoked, short, responder_key, by_key, "revoked-short-responder.der", certs=[short],
             reason=x509.ReasonFlags.key_compromise)


if __name__ == "__main__":
    main()
