#!/usr/bin/env python3
"""Writes the costliest inputs we can build for each stage of an evaluation (issue 38 item 3).

    Benchmarks/scripts/make-worst-cost.py OUT [--rsa16384 KEY.pem ...]

Each case is a folder OUT/<name>/ holding what one TLS peer (or caller) can hand an evaluation:
chain.pem (the leaf first, then every other certificate it sends), anchors.pem, and optionally
ocsp.der (one stapled response), scts.bin (TLS SCTs, each behind a two-octet length), log.der
(the SPKI of a log the caller trusts), and case.json ({"policy": "basic"|"ssl", "host", "at",
"description"}). The certificates of a case stay within 64 KiB (the issue's bound), a stapled
response within 16 MiB (TLS's). `WorstCost` (Benchmarks/Sources/WorstCost) times each.

RSA-16384 keys take minutes each to make: pass ready ones with --rsa16384 (made by `openssl genpkey
-algorithm RSA -pkeyopt rsa_keygen_bits:16384 -pkeyopt rsa_keygen_pubexp:8589934591`, the largest
exponent Vouch accepts); without them that case is skipped. Needs Python's cryptography.
"""
import datetime
import json
import os
import struct
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from cryptography.x509 import ocsp
from cryptography.x509.oid import NameOID

START, END = datetime.datetime(2026, 1, 1), datetime.datetime(2027, 1, 1)
AT = int(datetime.datetime(2026, 6, 1, tzinfo=datetime.timezone.utc).timestamp())
CERTIFICATE_BYTES = 64 * 1024
OCSP_BYTES = 16 * 1024 * 1024


def name(text):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])


def sign_hash(key):
    return None if isinstance(key, ed25519.Ed25519PrivateKey) else hashes.SHA256()


def certificate(subject, key, issuer, signer, serial, ca=True, extensions=(), public_key=None):
    builder = (x509.CertificateBuilder().subject_name(name(subject) if isinstance(subject, str) else subject)
               .issuer_name(name(issuer) if isinstance(issuer, str) else issuer)
               .public_key(public_key or key.public_key()).serial_number(serial)
               .not_valid_before(START).not_valid_after(END)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
    for extension, critical in extensions:
        builder = builder.add_extension(extension, critical=critical)
    return builder.sign(signer, sign_hash(signer))


def der(cert):
    return cert.public_bytes(serialization.Encoding.DER)


def pem(certs):
    return b"".join(c.public_bytes(serialization.Encoding.PEM) for c in certs)


def write(out, case, chain, anchors, description, policy="basic", host=None, ocsp_der=None, scts=None, log=None):
    folder = os.path.join(out, case)
    os.makedirs(folder, exist_ok=True)
    total = sum(len(der(c)) for c in chain + anchors)
    assert total <= CERTIFICATE_BYTES, (case, total)
    with open(os.path.join(folder, "chain.pem"), "wb") as f:
        f.write(pem(chain))
    with open(os.path.join(folder, "anchors.pem"), "wb") as f:
        f.write(pem(anchors))
    if ocsp_der is not None:
        assert len(ocsp_der) <= OCSP_BYTES, (case, len(ocsp_der))
        with open(os.path.join(folder, "ocsp.der"), "wb") as f:
            f.write(ocsp_der)
    if scts is not None:
        with open(os.path.join(folder, "scts.bin"), "wb") as f:
            f.write(b"".join(struct.pack(">H", len(s)) + s for s in scts))
    if log is not None:
        with open(os.path.join(folder, "log.der"), "wb") as f:
            f.write(log.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo))
    meta = {"policy": policy, "host": host, "at": AT, "description": description,
            "certificates": len(chain) + len(anchors), "certificate_bytes": total,
            "ocsp_bytes": len(ocsp_der) if ocsp_der is not None else 0, "scts": len(scts or [])}
    with open(os.path.join(folder, "case.json"), "w") as f:
        json.dump(meta, f, indent=1)
    print(f"{case}: {meta['certificates']} certificates, {total} bytes"
          + (f", OCSP {len(ocsp_der)} bytes" if ocsp_der is not None else "") + (f", {len(scts)} SCTs" if scts else ""))


def cycle(out, case, keys, description):
    """Same-name CAs, certificate i carrying key i % len(keys) and signed by the next key: every
    certificate is a candidate issuer of every other and each link verifies, so the search runs
    until its budget stops it. The anchor is unrelated: no path is ever accepted."""
    anchor_key = ec.generate_private_key(ec.SECP256R1())
    anchor = certificate("Unrelated Root", anchor_key, "Unrelated Root", anchor_key, 1)
    leaf = certificate("leaf", keys[0], "Same CA", keys[1 % len(keys)], 2, ca=False)
    certs, serial, total = [], 10, len(der(anchor)) + len(der(leaf))
    while True:
        i = len(certs)
        key, signer = keys[i % len(keys)], keys[(i + 1) % len(keys)]
        cert = certificate("Same CA", key, "Same CA", signer, serial + i)
        if total + len(der(cert)) > CERTIFICATE_BYTES:
            break
        certs.append(cert)
        total += len(der(cert))
    write(out, case, [leaf] + certs, [anchor], description.format(n=len(certs)))


def chain_to(root_key, root_name="Root"):
    root = certificate(root_name, root_key, root_name, root_key, 1)
    return root


def name_constraints(out):
    """A CA whose permitted and excluded lists each hold 1,023 DNS subtrees (one below Apple's
    POLICY_SUBTREES_MAX) and a leaf with as many DNS names as the 64 KiB leave room for: each name
    meets every subtree, far past the 250,000-comparison budget."""
    root_key, ca_key, leaf_key = (ec.generate_private_key(ec.SECP256R1()) for _ in range(3))
    root = chain_to(root_key)
    permitted = [x509.DNSName(f"p{i}.example") for i in range(1023)]
    excluded = [x509.DNSName(f"x{i}.example") for i in range(1023)]
    ca = certificate("Constrained CA", ca_key, "Root", root_key, 2,
                     extensions=[(x509.NameConstraints(permitted_subtrees=permitted, excluded_subtrees=excluded), True)])
    room = CERTIFICATE_BYTES - len(der(root)) - len(der(ca)) - 600
    names = [x509.DNSName(f"h{i}.p{i % 1023}.example") for i in range(room // 22)]
    leaf = certificate("leaf", leaf_key, "Constrained CA", ca_key, 3, ca=False,
                       extensions=[(x509.SubjectAlternativeName(names), False)])
    while len(der(root)) + len(der(ca)) + len(der(leaf)) > CERTIFICATE_BYTES:
        names = names[:-50]
        leaf = certificate("leaf", leaf_key, "Constrained CA", ca_key, 3, ca=False,
                           extensions=[(x509.SubjectAlternativeName(names), False)])
    write(out, "name-constraints-maximal", [leaf, ca], [root],
          f"1,023 permitted and 1,023 excluded DNS subtrees, a leaf with {len(names)} DNS names")


def deep(out):
    """A valid chain deeper than TrustLimits.maximumChainLength: 24 CAs, each signing the next."""
    keys = [ec.generate_private_key(ec.SECP256R1()) for _ in range(26)]
    root = chain_to(keys[0], "CA 0")
    certs = [certificate(f"CA {i}", keys[i], f"CA {i - 1}", keys[i - 1], i + 1) for i in range(1, 25)]
    leaf = certificate("leaf", keys[25], "CA 24", keys[24], 100, ca=False)
    write(out, "deep-chain-24", [leaf] + certs[::-1], [root], "a valid chain of 24 CAs under the anchor (the search stops at 16)")


def tlv(tag, content):
    n = len(content)
    if n < 0x80:
        length = bytes([n])
    else:
        octets = n.to_bytes((n.bit_length() + 7) // 8, "big")
        length = bytes([0x80 | len(octets)]) + octets
    return bytes([tag]) + length + content


def ocsp_cases(out):
    """Stapled responses of up to 16 MiB for a valid leaf → root chain."""
    root_key, leaf_key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    root = chain_to(root_key)
    leaf = certificate("leaf", leaf_key, "Root", root_key, 2, ca=False)
    now = datetime.datetime(2026, 6, 1)

    def response(certs, extension_bytes=0, signer=root_key):
        builder = (ocsp.OCSPResponseBuilder()
                   .add_response(cert=leaf, issuer=root, algorithm=hashes.SHA1(), cert_status=ocsp.OCSPCertStatus.GOOD,
                                 this_update=now - datetime.timedelta(hours=1), next_update=now + datetime.timedelta(days=3),
                                 revocation_time=None, revocation_reason=None)
                   .responder_id(ocsp.OCSPResponderEncoding.NAME, root))
        if certs:
            builder = builder.certificates(certs)
        if extension_bytes:
            builder = builder.add_extension(
                x509.UnrecognizedExtension(x509.ObjectIdentifier("1.3.6.1.4.1.55555.1"), b"\0" * extension_bytes), critical=False)
        return builder.sign(signer, hashes.SHA256()).public_bytes(serialization.Encoding.DER)

    # Matching certificates: each names the responder (the root's name), each with its own P-521
    # key, so every one would be a signature check; 16 MiB of them.
    p521 = [ec.generate_private_key(ec.SECP521R1()) for _ in range(16)]
    matching = [certificate("Root", p521[i % 16], "Root", root_key, 1000 + i) for i in range(16)]
    size = len(der(matching[0]))
    many = [matching[i % 16] for i in range((OCSP_BYTES - 4096) // size)]
    write(out, "ocsp-16mb-matching-certificates", [leaf], [root],
          f"one stapled response of {len(many)} certificates naming the responder (16 distinct P-521 keys)",
          ocsp_der=response(many))
    # At the bound: 16 matching certificates, and signed data inflated to 16 MiB by an extension,
    # so that each candidate's verification would hash all of it.
    write(out, "ocsp-16-signers-16mb-data", [leaf], [root],
          "16 certificates naming the responder (P-521 keys), responseData of 16 MiB",
          ocsp_der=response(matching, extension_bytes=OCSP_BYTES - 64 * 1024))
    # 256 single responses (the bound), each with 16 extensions (the bound) filling 16 MiB,
    # written by hand (the builder writes one single response); the signature does not verify.
    per = (OCSP_BYTES - 8192) // 256
    # Distinct OIDs (1.3.6.1.4.1.55555.i.j), so that no duplicate ends the parse early.
    def extension(i, j, value=b""):
        def base128(n):
            out = [n & 0x7F]
            while n > 0x7F:
                n >>= 7
                out.insert(0, 0x80 | (n & 0x7F))
            return bytes(out)
        arcs = bytes([0x2B, 0x06, 0x01, 0x04, 0x01, 0x83, 0xB2, 0x23]) + base128(i) + base128(j)
        return tlv(0x30, tlv(0x06, arcs) + tlv(0x04, value))
    # X509Limits.maximumOCSPExtensions (16) per single response, their values filling the rest.
    count = 16
    listed = [extension(0, j, b"\0" * ((per - 120) // count - 24)) for j in range(count)]
    single_extensions = [tlv(0xA1, tlv(0x30, b"".join(listed)))] * 256
    cert_id = tlv(0x30, tlv(0x30, tlv(0x06, bytes([0x2B, 0x0E, 0x03, 0x02, 0x1A])) + b"\x05\x00")
                  + tlv(0x04, b"\0" * 20) + tlv(0x04, b"\0" * 20) + tlv(0x02, b"\x01"))
    singles = b"".join(tlv(0x30, cert_id + b"\x80\x00" + tlv(0x18, b"20260601000000Z") + e) for e in single_extensions)
    response_data = tlv(0x30, tlv(0xA2, tlv(0x04, b"\7" * 20)) + tlv(0x18, b"20260601000000Z") + tlv(0x30, singles))
    basic = tlv(0x30, response_data + tlv(0x30, tlv(0x06, bytes([0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02])))
                + tlv(0x03, b"\0" + b"\1" * 70))
    bytes_ = tlv(0x30, tlv(0x0A, b"\0") + tlv(0xA0, tlv(0x30, tlv(0x06, bytes([0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x30, 0x01, 0x01]))
                                                       + tlv(0x04, basic))))
    write(out, "ocsp-16mb-single-extensions", [leaf], [root],
          f"256 single responses, 16 extensions of {len(listed[0])} bytes each", ocsp_der=bytes_)
    return bytes_


def sct(log_key, log_id, leaf, index):
    timestamp = (AT - 86400) * 1000 + index
    signed = b"\0\0" + struct.pack(">Q", timestamp) + b"\0\0" + b"\0\0\0"  # not the real signed data: it must not verify
    signature = log_key.sign(signed, ec.ECDSA(hashes.SHA256()))
    return (b"\0" + log_id + struct.pack(">Q", timestamp) + b"\0\0" + b"\x04\x03"
            + struct.pack(">H", len(signature)) + signature)


def scts(out):
    """Thousands of TLS SCTs from a log the caller trusts, none of which verifies."""
    root_key, leaf_key, log_key = (ec.generate_private_key(ec.SECP256R1()) for _ in range(3))
    root = chain_to(root_key)
    leaf = certificate("leaf", leaf_key, "Root", root_key, 2, ca=False,
                       extensions=[(x509.SubjectAlternativeName([x509.DNSName("host.example")]), False),
                                   (x509.ExtendedKeyUsage([x509.ExtendedKeyUsageOID.SERVER_AUTH]), False)])
    spki = log_key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    digest = hashes.Hash(hashes.SHA256())
    digest.update(spki)
    log_id = digest.finalize()
    timestamps = [sct(log_key, log_id, leaf, i) for i in range(5000)]
    write(out, "scts-5000", [leaf], [root], "5,000 TLS SCTs from a trusted log, none verifying",
          policy="ssl", host="host.example", scts=timestamps, log=log_key)


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    out = argv[1]
    rsa16384 = []
    if "--rsa16384" in argv:
        for path in argv[argv.index("--rsa16384") + 1:]:
            with open(path, "rb") as f:
                rsa16384.append(serialization.load_pem_private_key(f.read(), password=None))
    os.makedirs(out, exist_ok=True)
    cycle(out, "cycle-p256", [ec.generate_private_key(ec.SECP256R1()) for _ in range(160)],
          "{n} same-name CAs with P-256 keys in a cycle, an unrelated anchor")
    cycle(out, "cycle-p384", [ec.generate_private_key(ec.SECP384R1()) for _ in range(160)],
          "{n} same-name CAs with P-384 keys in a cycle, an unrelated anchor")
    cycle(out, "cycle-p521", [ec.generate_private_key(ec.SECP521R1()) for _ in range(160)],
          "{n} same-name CAs with P-521 keys in a cycle, an unrelated anchor")
    cycle(out, "cycle-ed25519", [ed25519.Ed25519PrivateKey.generate() for _ in range(200)],
          "{n} same-name CAs with Ed25519 keys in a cycle, an unrelated anchor")
    cycle(out, "cycle-rsa4096", [rsa.generate_private_key(public_exponent=65537, key_size=4096) for _ in range(60)],
          "{n} same-name CAs with RSA-4096 keys in a cycle, an unrelated anchor")
    if rsa16384:
        cycle(out, "cycle-rsa16384", rsa16384,
              "{n} same-name CAs on %d RSA-16384 keys (e = 2^33 - 1) in a cycle, an unrelated anchor" % len(rsa16384))
    else:
        print("cycle-rsa16384: skipped (no --rsa16384 keys)")
    name_constraints(out)
    deep(out)
    at_bounds = ocsp_cases(out)
    scts(out)
    combined(out, at_bounds)


def combined(out, response):
    """The costliest certificates and the costliest stapled response in one evaluation: the P-384
    cycle with the 16 MiB response at the parser's bounds (about another certificate)."""
    source, folder = os.path.join(out, "cycle-p384"), os.path.join(out, "cycle-p384-with-16mb-ocsp")
    os.makedirs(folder, exist_ok=True)
    for file in ("chain.pem", "anchors.pem"):
        with open(os.path.join(source, file), "rb") as f, open(os.path.join(folder, file), "wb") as g:
            g.write(f.read())
    with open(os.path.join(folder, "ocsp.der"), "wb") as f:
        f.write(response)
    with open(os.path.join(source, "case.json")) as f:
        meta = json.load(f)
    meta["description"] += "; the 16 MiB response of ocsp-16mb-single-extensions stapled"
    meta["ocsp_bytes"] = len(response)
    with open(os.path.join(folder, "case.json"), "w") as f:
        json.dump(meta, f, indent=1)
    print(f"cycle-p384-with-16mb-ocsp: {meta['certificates']} certificates, OCSP {len(response)} bytes")


if __name__ == "__main__":
    main(sys.argv)
