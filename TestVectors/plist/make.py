#!/usr/bin/env python3
"""Makes the property-list vectors of VouchPropertyListTests (run from anywhere; deterministic):

  trust-settings.plist  a trust-settings export in the format `security trust-settings-export`
                        writes (CFPropertyList's XML: tab indentation, sorted keys, Base64 lines of
                        the data indented like the tag), for the example root and intermediate
                        (TestVectors/example): keys are their SHA-1 in upper-case hex, issuerName
                        the DER of the issuer Name, serialNumber the serial's content octets.
  oracle.json           300 random plists written by Python's plistlib (FMT_XML) with what
                        plistlib reads back from each, as tagged JSON:
                        [["xml", value], …] where value is ["string", s] | ["integer", "n"] |
                        ["real", "repr"] | ["boolean", b] | ["date", seconds] | ["data", "hex"] |
                        ["array", [value…]] | ["dictionary", [[key, value]…]].

`make.py --oracle-to-stdout SEED COUNT` prints COUNT fresh cases instead (the live oracle test).
"""
import base64
import datetime
import hashlib
import json
import pathlib
import plistlib
import random
import sys

HERE = pathlib.Path(__file__).resolve().parent
EXAMPLE = HERE.parent / "example"
EPOCH = datetime.datetime(1970, 1, 1)


def der_element(data, offset):
    """(tag, content start, end) of the DER element at offset."""
    tag, length = data[offset], data[offset + 1]
    start = offset + 2
    if length & 0x80:
        count = length & 0x7F
        length = int.from_bytes(data[start:start + count], "big")
        start += count
    return tag, start, start + length


def issuer_and_serial(der):
    """The DER of the issuer Name and the serial's content octets of a certificate."""
    _, certificate, _ = der_element(der, 0)
    _, tbs, _ = der_element(der, certificate)
    offset = tbs
    tag, start, end = der_element(der, offset)
    if tag == 0xA0:  # [0] version
        offset = end
    _, serial_start, serial_end = der_element(der, offset)
    _, _, signature_end = der_element(der, serial_end)  # AlgorithmIdentifier
    _, _, issuer_end = der_element(der, signature_end)
    return der[signature_end:issuer_end], der[serial_start:serial_end]


def data_element(data, indent):
    """<data> as CFPropertyList writes it: the Base64 on lines of its own, indented like the tag."""
    text = base64.b64encode(data).decode()
    lines = [text[index:index + 76 - 8 * len(indent)] for index in range(0, len(text), 76 - 8 * len(indent))]
    return f"{indent}<data>\n" + "".join(f"{indent}{line}\n" for line in lines) + f"{indent}</data>\n"


def usage_constraint(indent, entries):
    """One dict of trustSettings: entries as (key, kind, value), written in key order."""
    out = f"{indent}<dict>\n"
    for key, kind, value in sorted(entries):
        out += f"{indent}\t<key>{key}</key>\n"
        out += data_element(value, indent + "\t") if kind == "data" else f"{indent}\t<{kind}>{value}</{kind}>\n"
    return out + f"{indent}</dict>\n"


def trust_settings():
    ssl_oid = bytes.fromhex("2a864886f763640103")       # 1.2.840.113635.100.1.3 appleSSL
    basic_oid = bytes.fromhex("2a864886f763640102")     # 1.2.840.113635.100.1.2 appleX509Basic
    entries = {
        "root": ("2024-11-05T09:41:00Z", [
            [("kSecTrustSettingsAllowedError", "integer", -2147409654),
             ("kSecTrustSettingsPolicy", "data", ssl_oid), ("kSecTrustSettingsPolicyName", "string", "sslServer"),
             ("kSecTrustSettingsPolicyString", "string", "example.com"), ("kSecTrustSettingsResult", "integer", 1)],
            [("kSecTrustSettingsKeyUsage", "integer", 4), ("kSecTrustSettingsPolicy", "data", basic_oid),
             ("kSecTrustSettingsPolicyName", "string", "basicX509"), ("kSecTrustSettingsResult", "integer", 1)],
        ]),
        "intermediate": ("2025-03-14T15:09:26Z", [
            [("kSecTrustSettingsPolicy", "data", ssl_oid), ("kSecTrustSettingsPolicyName", "string", "sslServer"),
             ("kSecTrustSettingsResult", "integer", 3)],
        ]),
    }
    items = []
    for name, (date, settings) in entries.items():
        der = (EXAMPLE / f"{name}.der").read_bytes()
        issuer, serial = issuer_and_serial(der)
        body = "\t\t<dict>\n\t\t\t<key>issuerName</key>\n" + data_element(issuer, "\t\t\t")
        body += f"\t\t\t<key>modDate</key>\n\t\t\t<date>{date}</date>\n"
        body += "\t\t\t<key>serialNumber</key>\n" + data_element(serial, "\t\t\t")
        body += "\t\t\t<key>trustSettings</key>\n\t\t\t<array>\n"
        body += "".join(usage_constraint("\t\t\t\t", setting) for setting in settings)
        body += "\t\t\t</array>\n\t\t</dict>\n"
        items.append((hashlib.sha1(der).hexdigest().upper(), body))
    text = ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
            '<plist version="1.0">\n<dict>\n\t<key>trustList</key>\n\t<dict>\n')
    for key, body in sorted(items):
        text += f"\t\t<key>{key}</key>\n{body}"
    text += "\t</dict>\n\t<key>trustVersion</key>\n\t<integer>1</integer>\n</dict>\n</plist>\n"
    (HERE / "trust-settings.plist").write_text(text)


# --- the oracle ---------------------------------------------------------------------------------

ALPHABET = "abcXYZ09 _-.<>&'\"\t\n\r]]>;#é中😀\u0301\u00a0\U0010FFFD\uE000"


def random_text(rng, maximum):
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, maximum)))


def random_value(rng, depth):
    kind = rng.choice(["string", "integer", "real", "boolean", "date", "data"] + (["array", "dict"] * 2 if depth < 4 else []))
    if kind == "string":
        return random_text(rng, 12)
    if kind == "integer":
        return rng.choice([0, 1, -1, 2**63 - 1, -2**63, rng.randint(-2**63, 2**63 - 1), rng.randint(-1000, 1000)])
    if kind == "real":
        return rng.choice([0.0, -0.0, 1.5, 1e-300, 5e-324, 1.7976931348623157e308, float("inf"), float("-inf"),
                           rng.uniform(-1e6, 1e6), rng.random() * 10 ** rng.randint(-30, 30)])
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "date":
        return datetime.datetime(1, 1, 1) + datetime.timedelta(seconds=rng.randint(0, 315537897599))
    if kind == "data":
        return rng.randbytes(rng.choice([0, 1, 2, 3, 4, 56, 57, 58, rng.randint(0, 200)]))
    if kind == "array":
        return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    # Keys without combining marks: Swift compares strings by canonical equivalence, Python by code points.
    # Nor carriage returns: XML reads a raw CR or CR LF as LF, so "a\rb" and "a\nb" would be one key
    # twice, which plistlib keeps silently (the last) and Vouch refuses as a duplicate key.
    return {random_text(rng, 8).replace("\u0301", "").replace("\r", ""): random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def tagged(value):
    """What plistlib read, as the tagged JSON the Swift test rebuilds a PropertyList from."""
    if isinstance(value, bool):
        return ["boolean", value]
    if isinstance(value, int):
        return ["integer", str(value)]
    if isinstance(value, float):
        return ["real", repr(value)]
    if isinstance(value, str):
        return ["string", value]
    if isinstance(value, bytes):
        return ["data", value.hex()]
    if isinstance(value, datetime.datetime):
        return ["date", (value - EPOCH) // datetime.timedelta(seconds=1)]
    if isinstance(value, list):
        return ["array", [tagged(element) for element in value]]
    return ["dictionary", [[key, tagged(element)] for key, element in value.items()]]


def oracle(seed=20251126, count=300):
    rng = random.Random(seed)
    cases = []
    for _ in range(count):
        document = plistlib.dumps(random_value(rng, 0), fmt=plistlib.FMT_XML).decode()
        cases.append([document, tagged(plistlib.loads(document.encode()))])
    return json.dumps(cases, ensure_ascii=False, indent=0) + "\n"


if __name__ == "__main__":
    if sys.argv[1:2] == ["--oracle-to-stdout"]:  # PlistlibOracleTests: fresh cases, SEED COUNT
        sys.stdout.write(oracle(int(sys.argv[2]), int(sys.argv[3])))
    else:
        trust_settings()
        (HERE / "oracle.json").write_text(oracle())
