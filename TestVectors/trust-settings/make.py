#!/usr/bin/env python3
"""Writes the trust-settings documents of the README's examples (README.md in this folder).

    python3 TestVectors/trust-settings/make.py

Reads TestVectors/sectrust/certs/{root,intermediate}.der and writes:
  proxy-root-ssl-only.json   the root trusted for the SSL server policy only (TrustRoot)
  proxy-root-ssl-only.plist  the same setting as `security trust-settings-export` writes it
  distrust-intermediate.json the intermediate denied for every policy (Deny)
selfsigned-leaf-exceptions.json is not written here: it is what `vouch verify --json` prints under
"exceptions" (see README.md).

The property list is written by Python's plistlib, whose XML writer follows CoreFoundation's
(`_CFAppendXML0` in CFPropertyList.c): the same header and DOCTYPE, keys sorted, one tab per level,
<data> as base64 lines of 76 - 8 x depth characters on lines of their own, dates as
YYYY-MM-DDTHH:MM:SSZ. issuerName is the DER of the certificate's issuer Name, serialNumber the content
octets of its serialNumber INTEGER, kSecTrustSettingsPolicy the content octets of the policy OID
(1.2.840.113635.100.1.3, kSecPolicyAppleSSL): what TrustSettingsSchema.h describes. modDate is fixed
so that the file is the same on every run.
"""
import datetime
import hashlib
import json
import os
import plistlib

from cryptography import x509

HERE = os.path.dirname(os.path.abspath(__file__))
CERTS = os.path.join(HERE, "..", "sectrust", "certs")
SSL_POLICY_OID = "1.2.840.113635.100.1.3"  # kSecPolicyAppleSSL, SSL server and client alike
MOD_DATE = datetime.datetime(2026, 5, 20, 9, 30, 0)


def load(name):
    with open(os.path.join(CERTS, name + ".der"), "rb") as handle:
        der = handle.read()
    return der, x509.load_der_x509_certificate(der)


def sha1(der):
    return hashlib.sha1(der).hexdigest().upper()


def oid_content(dotted):
    arcs = [int(arc) for arc in dotted.split(".")]
    out = bytearray()
    for value in [arcs[0] * 40 + arcs[1]] + arcs[2:]:
        chunk = [value & 0x7F]
        value >>= 7
        while value:
            chunk.append(0x80 | (value & 0x7F))
            value >>= 7
        out += bytes(reversed(chunk))
    return bytes(out)


def serial_content(number):
    # Two's complement, minimal: a leading 00 when the top bit is set, as DER writes it.
    return number.to_bytes(number.bit_length() // 8 + 1, "big")


def write_json(name, document):
    with open(os.path.join(HERE, name), "w") as handle:
        json.dump(document, handle, indent=2)
        handle.write("\n")


def main():
    root_der, root = load("root")
    intermediate_der, _ = load("intermediate")
    assert oid_content(SSL_POLICY_OID) == bytes.fromhex("2a864886f763640103")

    ssl_only = {"kSecTrustSettingsPolicy": SSL_POLICY_OID, "kSecTrustSettingsPolicyName": "sslServer",
                "kSecTrustSettingsResult": 1}
    write_json("proxy-root-ssl-only.json",
               {"trustVersion": 1, "trustList": {sha1(root_der): {"trustSettings": [ssl_only]}}})
    write_json("distrust-intermediate.json",
               {"trustVersion": 1, "trustList": {sha1(intermediate_der): {"trustSettings": [{"kSecTrustSettingsResult": 3}]}}})

    entry = {
        "issuerName": root.issuer.public_bytes(),
        "modDate": MOD_DATE,
        "serialNumber": serial_content(root.serial_number),
        "trustSettings": [dict(ssl_only, kSecTrustSettingsPolicy=oid_content(SSL_POLICY_OID))],
    }
    data = plistlib.dumps({"trustList": {sha1(root_der): entry}, "trustVersion": 1}, fmt=plistlib.FMT_XML, sort_keys=True)
    # Self-checks: the layout the README promises.
    text = data.decode()
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN"')
    assert "\t\t\t\t\t<data>\n\t\t\t\t\tKoZIhvdjZAED\n\t\t\t\t\t</data>\n" in text
    assert plistlib.loads(data)["trustList"][sha1(root_der)]["serialNumber"] == serial_content(root.serial_number)
    with open(os.path.join(HERE, "proxy-root-ssl-only.plist"), "wb") as handle:
        handle.write(data)


if __name__ == "__main__":
    main()
