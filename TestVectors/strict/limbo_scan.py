#!/usr/bin/env python3
"""Counts the x509-limbo SUCCESS testcases that a rule of docs/STRICT.md would refuse.

    python3 TestVectors/strict/limbo_scan.py [../shared/vectors/limbo/limbo-dev.json]
    python3 TestVectors/strict/limbo_scan.py --self-test   # each proposed case of cases.json is caught

For each proposed rule (the Gaps of docs/STRICT.md), the rules issue 38 enforced for encodings
their cases had missed, and the rules the table leaves out because limbo contradicts them, prints how many SUCCESS testcases hold a certificate (or CRL) breaking it,
and three of their ids. The path a validator builds is not known here, so every certificate of a
testcase counts in its role: the peer certificate as the leaf, each untrusted intermediate as an
intermediate, each trusted certificate as an anchor. A count of 0 means no SUCCESS testcase can be
turned into a failure by the rule; a count above 0 is a contradiction to look at. Reads only; uses
Python's `cryptography` for the decoded views and a small DER walker for the raw encodings.
"""
import base64
import collections
import ipaddress
import json
import os
import socket
import sys
import warnings

from cryptography import x509
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, ExtensionOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT = os.path.join(HERE, "..", "..", "..", "shared", "vectors", "limbo", "limbo-dev.json")

BR_SPKI = {bytes.fromhex(h) for h in [
    "300d06092a864886f70d0101010500", "301306072a8648ce3d020106082a8648ce3d030107",
    "301006072a8648ce3d020106052b81040022", "301006072a8648ce3d020106052b81040023"]}


def der_of(text):
    return base64.b64decode("".join(line for line in text.strip().splitlines() if not line.startswith("-----")))


def read(data, offset):
    length = data[offset + 1]
    start = offset + 2
    if length & 0x80:
        count = length & 0x7F
        length = int.from_bytes(data[start:start + count], "big")
        start += count
    return data[offset], start, start + length


def children(data, start, end):
    out = []
    while start < end:
        tag, content, stop = read(data, start)
        out.append((tag, start, content, stop))
        start = stop
    return out


def raw_fields(der):
    """(tbs fields, outer signature AlgorithmIdentifier bytes) of a certificate."""
    _, start, end = read(der, 0)
    top = children(der, start, end)
    return children(der, top[0][2], top[0][3]), der[top[1][1]:top[1][3]], der


def raw_rules(der, role):
    """Names of the rules read from the raw encoding that the certificate breaks: the encoding
    rules (checksCertificateEncoding) and the values `cryptography` refuses to decode."""
    fields, outer, der = raw_fields(der)
    broken = []
    k = 1 if fields[0][0] == 0xA0 else 0
    version = der[fields[0][2]:fields[0][3]][-1] if k else 0
    has_extensions = any(f[0] == 0xA3 for f in fields)
    if has_extensions and version != 2:
        broken.append("5280-4.1.2.1-version-with-extensions")
    if any(f[0] in (0x81, 0x82) for f in fields):
        broken.append("5280-4.1.2.8-no-unique-identifiers")
    if der[fields[k + 1][1]:fields[k + 1][3]] != outer:
        broken.append("5280-4.1.1.2-signature-parameters-match")
    validity = fields[k + 3]
    for tag, _, start, stop in children(der, validity[2], validity[3]):
        text = der[start:stop].decode("ascii", "replace")
        if tag == 0x18 and text[:4].isdigit() and int(text[:4]) < 2050:
            broken.append("5280-4.1.2.5-utctime-through-2049")
        if tag == 0x17 and (len(text) != 13 or not text.endswith("Z")):
            broken.append("5280-4.1.2.5.1-utctime-form")
        if tag == 0x18 and not text.endswith("Z"):
            broken.append("5280-4.1.2.5.2-generalizedtime-zulu")
    spki = fields[k + 5]
    algorithm = children(der, spki[2], spki[3])[0]
    if der[algorithm[1]:algorithm[3]] not in BR_SPKI:
        broken.append("cabf-7.1.3.1-spki-encoding")
    serial = der[fields[k][2]:fields[k][3]]
    if len(serial) > 1 and ((serial[0] == 0 and serial[1] < 0x80) or (serial[0] == 0xFF and serial[1] >= 0x80)):
        broken.append("5280-4.1-der")
    for field in fields:
        if field[0] != 0xA3:
            continue
        _, list_start, list_end = read(der, field[2])
        for _, _, start, stop in children(der, list_start, list_end):
            parts = children(der, start, stop)
            extension_oid = der[parts[0][2]:parts[0][3]]
            value = parts[-1]
            if len(parts) == 3 and der[parts[1][2]:parts[1][3]] == b"\x00":
                broken.append("5280-4.1-der")
            inner = der[value[2]:value[3]]
            if extension_oid == bytes.fromhex("551d13") and inner[2:5] == b"\x01\x01\x00":
                broken.append("5280-4.1-der")
            if extension_oid == bytes.fromhex("551d13") and role == "leaf":
                parts_bc = children(inner, *read(inner, 0)[1:])
                is_ca = any(tag == 0x01 and inner[start_bc:stop_bc] != b"\x00" for tag, _, start_bc, stop_bc in parts_bc)
                if not is_ca and any(tag == 0x02 for tag, _, _, _ in parts_bc):
                    broken.append("5280-4.2.1.9-pathlen-requires-ca")
            if extension_oid == bytes.fromhex("551d24") and inner == b"\x30\x00":
                broken.append("5280-4.2.1.11-not-empty")
            if extension_oid == bytes.fromhex("551d0f") and inner[:1] == b"\x03" and not any(inner[3:]):
                broken.append("5280-4.2.1.3-ku-one-bit")
            if extension_oid == bytes.fromhex("551d1e"):
                for subtrees_tag, _, subtrees_start, subtrees_stop in children(inner, *read(inner, 0)[1:]):
                    for _, _, subtree_start, subtree_stop in children(inner, subtrees_start, subtrees_stop):
                        base = children(inner, subtree_start, subtree_stop)[0]
                        if base[0] == 0x87 and base[3] - base[2] not in (8, 32):
                            broken.append("5280-4.2.1.10-malformed-base-unused")
    return broken


def extension(certificate, oid):
    try:
        return certificate.extensions.get_extension_for_oid(oid)
    except x509.ExtensionNotFound:
        return None
    except Exception:
        return None


def critical_rules(certificate, role):
    broken = []
    def crit(oid):
        item = extension(certificate, oid)
        return None if item is None else item.critical
    if crit(ExtensionOID.AUTHORITY_KEY_IDENTIFIER):
        broken.append("5280-4.2.1.1-aki-noncritical")
    if crit(ExtensionOID.SUBJECT_KEY_IDENTIFIER):
        broken.append("5280-4.2.1.2-ski-noncritical")
    if crit(ExtensionOID.INHIBIT_ANY_POLICY) is False:
        broken.append("5280-4.2.1.14-critical")
    if crit(ExtensionOID.FRESHEST_CRL):
        broken.append("5280-4.2.1.15-noncritical")
    if crit(ExtensionOID.SUBJECT_INFORMATION_ACCESS):
        broken.append("5280-4.2.2.2-sia-noncritical")
    if role == "leaf" and crit(ExtensionOID.SUBJECT_ALTERNATIVE_NAME) is not None:
        if crit(ExtensionOID.SUBJECT_ALTERNATIVE_NAME) != (len(certificate.subject) == 0):
            broken.append("cabf-7.1.2.7.12-san-critical")
    if role != "leaf" and crit(ExtensionOID.EXTENDED_KEY_USAGE):
        broken.append("cabf-7.1.2.6.1-ca-eku-noncritical")
    return broken


def profile_rules(certificate, role, server):
    broken = []
    item = extension(certificate, ExtensionOID.BASIC_CONSTRAINTS)
    is_ca = item is not None and item.value.ca
    usage_item = extension(certificate, ExtensionOID.KEY_USAGE)
    usage = usage_item.value if usage_item is not None else None
    # Leaf rules: an intermediate without cA or keyCertSign already fails (BasicConstraintsCA, KeyUsage).
    if role == "leaf" and usage is not None and usage.key_cert_sign and not is_ca:
        broken.append("5280-4.2.1.3-keycertsign-requires-ca")
    if role == "leaf" and item is not None and item.value.path_length is not None and (
            not is_ca or (usage is not None and not usage.key_cert_sign)):
        broken.append("5280-4.2.1.9-pathlen-requires-ca")
    if role == "intermediate":
        if usage is None:
            broken.append("5280-4.2.1.3-ku-in-ca")
        elif usage.content_commitment or usage.key_encipherment or usage.data_encipherment or usage.key_agreement:
            broken.append("cabf-7.1.2.10.7-ca-ku-forbidden")
    # Issue 38: a server leaf whose cA TRUE is not backed by keyCertSign (BR 7.1.2.7.8).
    if role == "leaf" and server and is_ca and (usage is None or not usage.key_cert_sign):
        broken.append("cabf-7.1.2.7.8-leaf-not-ca")
    if role == "leaf" and server and not is_ca:
        key = certificate.public_key()
        if usage is not None:
            forbidden = usage.content_commitment or usage.key_cert_sign or usage.crl_sign
            if usage.key_agreement and (usage.encipher_only or usage.decipher_only):
                forbidden = True
            if isinstance(key, ec.EllipticCurvePublicKey) and (usage.key_encipherment or usage.data_encipherment):
                forbidden = True
            if isinstance(key, rsa.RSAPublicKey) and usage.key_agreement:
                forbidden = True
            if forbidden:
                broken.append("cabf-7.1.2.7.11-leaf-ku-forbidden")
            if isinstance(key, ec.EllipticCurvePublicKey) and not usage.digital_signature:
                broken.append("cabf-7.1.2.7.11-leaf-ku-required")
        eku = extension(certificate, ExtensionOID.EXTENDED_KEY_USAGE)
        forbidden_purposes = {"1.3.6.1.5.5.7.3.3", "1.3.6.1.5.5.7.3.4", "1.3.6.1.5.5.7.3.8", "1.3.6.1.5.5.7.3.9",
                              "2.5.29.37.0", "1.3.6.1.4.1.11129.2.4.4"}
        if eku is not None and any(p.dotted_string in forbidden_purposes for p in eku.value):
            broken.append("cabf-7.1.2.7.10-leaf-eku-forbidden")
    return broken


def other_rules(certificate, role, server):
    broken = []
    aki = extension(certificate, ExtensionOID.AUTHORITY_KEY_IDENTIFIER)
    # Issue 38: a self-issued root's authorityKeyIdentifier, when present, has a keyIdentifier (BR 7.1.2.1.3).
    if role == "anchor" and aki is not None and aki.value.key_identifier is None and certificate.issuer == certificate.subject:
        broken.append("cabf-7.1.2.1.3-root-aki")
    if role != "anchor" and aki is not None and (
            aki.value.authority_cert_issuer is not None or aki.value.authority_cert_serial_number is not None):
        broken.append("cabf-7.1.2.11.1-aki-fields")
    policies = extension(certificate, ExtensionOID.CERTIFICATE_POLICIES)
    if policies is not None:
        identifiers = [p.policy_identifier for p in policies.value]
        if len(identifiers) != len(set(identifiers)):
            broken.append("5280-4.2.1.4-policy-once")
    names = extension(certificate, ExtensionOID.NAME_CONSTRAINTS)
    if names is not None:
        for subtree in (names.value.permitted_subtrees or []) + (names.value.excluded_subtrees or []):
            if isinstance(subtree, x509.RFC822Name) and subtree.value.count("@") > 1:
                broken.append("5280-4.2.1.10-malformed-base-unused")
    if role == "leaf" and server:
        san = extension(certificate, ExtensionOID.SUBJECT_ALTERNATIVE_NAME)
        for name in san.value if san is not None else []:
            if isinstance(name, x509.RFC822Name) and (name.value.count("@") != 1 or name.value.startswith("@")
                                                      or name.value.endswith("@")):
                broken.append("5280-4.2.1.6-rfc822-mailbox")
            if isinstance(name, x509.UniformResourceIdentifier) and ":" not in name.value:
                broken.append("5280-4.2.1.6-uri-absolute")
        common_names = [a.value for a in certificate.subject.get_attributes_for_oid(NameOID.COMMON_NAME)]
        dns_names = list(san.value.get_values_for_type(x509.DNSName)) if san is not None else []
        addresses = [str(a) for a in san.value.get_values_for_type(x509.IPAddress)] if san is not None else []
        if len(common_names) > 1:
            broken.append("cabf-7.1.4.3-cn-single")
        for common_name in common_names:
            address = ipv4_numbers_and_dots(common_name)
            if address is not None and address != common_name:
                broken.append("cabf-7.1.4.3-cn-ipv4")
                continue
            if common_name in dns_names or common_name in addresses:
                continue
            if common_name.lower() in [d.lower() for d in dns_names]:
                broken.append("cabf-7.1.4.3-cn-exact-copy")
            elif common_name.startswith("*."):
                broken.append("cabf-7.1.4.3-cn-wildcard")
            else:
                try:
                    ipaddress.ip_address(common_name)
                    broken.append("by-design: cabf-7.1.4.3-cn-in-san (an IP address)")
                except ValueError:
                    broken.append("by-design: cabf-7.1.4.3-cn-in-san (a name)")
    return broken


def ipv4_numbers_and_dots(text):
    """The dotted-decimal text of the address the C library's inet_aton reads `text` as (one final
    dot dropped, as the WHATWG URL host parser drops it; text with white space is no address), or
    None: what docs/STRICT.md's `cabf-7.1.4.3-cn-ipv4` calls an IPv4 address."""
    if len(text) > 1 and text.endswith("."):
        text = text[:-1]
    if not text or any(ch.isspace() for ch in text) or not text.isascii():
        return None
    try:
        return socket.inet_ntoa(socket.inet_aton(text))
    except OSError:
        return None


def raw_ip_lengths(der):
    """Whether a SAN iPAddress of the certificate is not 4 or 16 octets (cryptography refuses them)."""
    marker = bytes.fromhex("0603551d11")
    at = der.find(marker)
    if at < 0:
        return False
    _, start, end = read(der, at + len(marker) + (3 if der[at + len(marker)] == 0x01 else 0))
    _, list_start, list_end = read(der, start)
    return any(tag == 0x87 and stop - content not in (4, 16) for tag, _, content, stop in children(der, list_start, list_end))


def by_design_rules(certificate, role, server):
    broken = []
    usage = extension(certificate, ExtensionOID.KEY_USAGE)
    if usage is not None and not usage.critical:
        broken.append("by-design: 5280-4.2.1.3-ku-critical (%s)" % role)
    constraints = extension(certificate, ExtensionOID.BASIC_CONSTRAINTS)
    if role != "leaf" and usage is not None and constraints is not None and constraints.value.ca \
            and not usage.value.crl_sign:
        broken.append("by-design: cabf-7.1.2.10.7-ca-ku-crlsign (%s)" % role)
    if role != "leaf" and not certificate.subject.get_attributes_for_oid(NameOID.COUNTRY_NAME):
        broken.append("by-design: cabf-7.1.2.10.2-ca-naming (%s)" % role)
    if role == "leaf" and server:
        san = extension(certificate, ExtensionOID.SUBJECT_ALTERNATIVE_NAME)
        if san is not None and any(not isinstance(n, (x509.DNSName, x509.IPAddress)) for n in san.value):
            broken.append("by-design: cabf-7.1.2.7.12-san-forms")
        if extension(certificate, ExtensionOID.CERTIFICATE_POLICIES) is None:
            broken.append("by-design: cabf-7.1.2.7.9-leaf-policies")
        if extension(certificate, ExtensionOID.AUTHORITY_INFORMATION_ACCESS) is None:
            broken.append("by-design: cabf-7.1.2.7.7-aia-methods (no AIA)")
    if role == "intermediate":
        if extension(certificate, ExtensionOID.CERTIFICATE_POLICIES) is None:
            broken.append("by-design: cabf-7.1.2.10.5-ca-policies")
        if extension(certificate, ExtensionOID.EXTENDED_KEY_USAGE) is None:
            broken.append("by-design: cabf-7.1.2.10.6-ca-eku-purposes")
    return broken


def crl_rules(der):
    broken = []
    _, start, end = read(der, 0)
    top = children(der, start, end)
    fields = children(der, top[0][2], top[0][3])
    inner = fields[1] if fields[0][0] == 0x02 else fields[0]
    if der[inner[1]:inner[3]] != der[top[1][1]:top[1][3]]:
        broken.append("5280-5.1.1.2-crl-signature-parameters-match")
    try:
        crl = x509.load_der_x509_crl(der)
    except ValueError:
        return broken + ["(CRL not read by cryptography: only the raw rules checked)"]
    def item(oid):
        try:
            return crl.extensions.get_extension_for_oid(oid)
        except x509.ExtensionNotFound:
            return None
    aki = item(ExtensionOID.AUTHORITY_KEY_IDENTIFIER)
    if aki is None or aki.value.key_identifier is None:
        broken.append("5280-5.2.1-crl-aki")
    if aki is not None and aki.critical:
        broken.append("cabf-7.2.2-crl-aki-noncritical")
    if crl.next_update_utc is None:
        broken.append("5280-5.1.2.5-next-update")
    number = item(ExtensionOID.CRL_NUMBER)
    if number is not None and number.critical:
        broken.append("5280-5.2.3-crl-number-noncritical")
    if number is not None and (number.value.crl_number.bit_length() + 8) // 8 > 20:
        broken.append("5280-5.2.3-crl-number-length")
    point = item(ExtensionOID.ISSUING_DISTRIBUTION_POINT)
    if point is not None and not point.critical:
        broken.append("5280-5.2.5-idp-critical")
    for oid, rule in [(ExtensionOID.FRESHEST_CRL, "5280-5.2.6-freshest-noncritical"),
                      (ExtensionOID.AUTHORITY_INFORMATION_ACCESS, "5280-5.2.7-crl-aia-noncritical")]:
        if item(oid) is not None and item(oid).critical:
            broken.append(rule)
    for entry in crl:
        for entry_extension in entry.extensions:
            name = entry_extension.oid.dotted_string
            if name == "2.5.29.21" and entry_extension.critical:
                broken.append("5280-5.3.1-reason-code-noncritical")
            if name == "2.5.29.21" and entry_extension.value.reason == x509.ReasonFlags.remove_from_crl:
                broken.append("5280-5.3.1-remove-from-crl")
            if name == "2.5.29.24" and entry_extension.critical:
                broken.append("5280-5.3.2-invalidity-date-noncritical")
            if name == "2.5.29.29" and not entry_extension.critical:
                broken.append("5280-5.3.3-certificate-issuer-critical")
    return broken


def scan(suite):
    """{rule: set of testcase ids} over the SUCCESS testcases of a limbo-format suite."""
    hits = collections.defaultdict(set)
    for case in suite["testcases"]:
        if case["expected_result"] != "SUCCESS":
            continue
        server = case["validation_kind"] == "SERVER"
        roles = [("leaf", case["peer_certificate"])]
        roles += [("intermediate", p) for p in case["untrusted_intermediates"] or []]
        roles += [("anchor", p) for p in case["trusted_certs"] or []]
        for role, text in roles:
            der = der_of(text)
            try:
                certificate = x509.load_der_x509_certificate(der)
                list(certificate.extensions)
            except Exception:
                hits["(not read by cryptography: only the raw rules checked)"].add(case["id"])
                broken = raw_rules(der, role)
            else:
                broken = raw_rules(der, role) + critical_rules(certificate, role) + profile_rules(certificate, role, server)
                broken += other_rules(certificate, role, server) + by_design_rules(certificate, role, server)
            if role == "leaf" and server and raw_ip_lengths(der):
                broken.append("5280-4.2.1.6-ipaddress-length")
            if role == "anchor":
                broken = [b for b in broken if b.startswith("by-design") or b in ANCHOR_RULES]
            for rule in broken:
                hits[rule].add(case["id"])
        for text in case.get("crls") or []:
            for rule in crl_rules(der_of(text)):
                hits[rule].add(case["id"])
    return hits


# The proposed rules that apply to a trust anchor too (docs/STRICT.md, "applies to").
ANCHOR_RULES = {
    "5280-4.1-der", "5280-4.1.2.1-version-with-extensions", "5280-4.1.2.8-no-unique-identifiers",
    "5280-4.1.2.5-utctime-through-2049", "5280-4.1.2.5.1-utctime-form", "5280-4.1.2.5.2-generalizedtime-zulu",
    "cabf-7.1.3.1-spki-encoding", "5280-4.2.1.1-aki-noncritical", "5280-4.2.1.2-ski-noncritical",
    "5280-4.2.1.14-critical", "5280-4.2.1.15-noncritical", "5280-4.2.2.2-sia-noncritical", "5280-4.2.1.4-policy-once",
    "5280-4.2.1.10-malformed-base-unused", "cabf-7.1.2.1.3-root-aki",
}


def self_test():
    """Every proposed case of cases.json, as a SUCCESS testcase, must be caught by its own row."""
    with open(os.path.join(HERE, "cases.json")) as handle:
        manifest = json.load(handle)
    def text(path, label):
        with open(os.path.join(HERE, path), "rb") as handle:
            return "-----BEGIN %s-----\n%s\n-----END %s-----\n" % (label, base64.b64encode(handle.read()).decode(), label)
    cases = [c for c in manifest["cases"] if not c["enforced"]]
    suite = {"testcases": [{
        "id": c["id"], "expected_result": "SUCCESS", "validation_kind": "SERVER",
        "peer_certificate": text(c["leaf"], "CERTIFICATE"),
        "untrusted_intermediates": [text(p, "CERTIFICATE") for p in c["intermediates"]],
        "trusted_certs": [text(c["anchor"], "CERTIFICATE")], "crls": [text(p, "X509 CRL") for p in c["crls"]],
    } for c in cases]}
    hits = scan(suite)
    missed = [c["id"] for c in cases if c["id"] not in hits.get(c["row"], set())]
    print("self-test: %d of %d proposed cases caught by their own row" % (len(cases) - len(missed), len(cases)))
    for case_id in missed:
        print("  missed: " + case_id)
    return not missed


def main():
    warnings.simplefilter("ignore")     # cryptography warns about the odd encodings it is shown
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(0 if self_test() else 1)
    path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT
    with open(path) as handle:
        suite = json.load(handle)
    hits = scan(suite)
    successes = sum(1 for case in suite["testcases"] if case["expected_result"] == "SUCCESS")
    print("%d SUCCESS testcases in %s" % (successes, os.path.basename(path)))
    for rule in sorted(hits, key=lambda r: (r.startswith("by-design"), r)):
        ids = sorted(hits[rule])
        print("%5d  %s  (%s)" % (len(ids), rule, ", ".join(ids[:3])))
    if not any(not rule.startswith("by-design") and not rule.startswith("(") for rule in hits):
        print("    0  every proposed rule")


if __name__ == "__main__":
    main()
