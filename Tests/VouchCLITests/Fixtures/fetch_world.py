#!/usr/bin/env python3
"""A small world for vouch's fetch tests (Tests/VouchCLITests/FetchCommandTests.swift).

A PKI whose leaves name caIssuers and OCSP URLs on made-up hosts (ca.vouch.test, ocsp.vouch.test,
dead.vouch.test, and 169.254.169.254 for the metadata address), an HTTP server for the caIssuers
host that logs every request, `openssl ocsp` answering for the OCSP host, and a "dead" responder
that accepts connections and never answers: all on 127.0.0.1, which the tests reach with
`vouch verify --connect-to`. Prints one JSON line when ready:
  {"http": PORT, "ocsp": PORT, "dead": PORT}
and runs until its standard input closes. Usage: fetch_world.py DIRECTORY
"""
import datetime
import http.server
import json
import os
import socket
import subprocess
import sys
import threading
import time

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import AuthorityInformationAccessOID, ExtendedKeyUsageOID, NameOID

OUT = sys.argv[1]
WWW = os.path.join(OUT, "www")
os.makedirs(WWW, exist_ok=True)
NOW = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
CA_ISSUERS = "http://ca.vouch.test/intermediate.der"


def name(common_name):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def certificate(subject, key, issuer, issuer_key, serial, ca, ca_issuers=(), ocsp=(), days=60):
    builder = (
        x509.CertificateBuilder()
        .subject_name(name(subject)).issuer_name(name(issuer)).public_key(key.public_key()).serial_number(serial)
        .not_valid_before(NOW - datetime.timedelta(days=1)).not_valid_after(NOW + datetime.timedelta(days=days))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
    )
    if ca:
        builder = builder.add_extension(x509.KeyUsage(
            digital_signature=True, content_commitment=False, key_encipherment=False, data_encipherment=False,
            key_agreement=False, key_cert_sign=True, crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
    else:
        builder = builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(subject)]), critical=False)
    descriptions = [x509.AccessDescription(AuthorityInformationAccessOID.CA_ISSUERS, x509.UniformResourceIdentifier(u)) for u in ca_issuers]
    descriptions += [x509.AccessDescription(AuthorityInformationAccessOID.OCSP, x509.UniformResourceIdentifier(u)) for u in ocsp]
    if descriptions:
        builder = builder.add_extension(x509.AuthorityInformationAccess(descriptions), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def write(file, cert):
    with open(os.path.join(OUT, file), "wb") as handle:
        handle.write(cert.public_bytes(serialization.Encoding.PEM))


root_key, ca_key, leaf_key, stray_key = (ec.generate_private_key(ec.SECP256R1()) for _ in range(4))
root = certificate("Fetch Root", root_key, "Fetch Root", root_key, 1, True, days=3650)
intermediate = certificate("Fetch CA", ca_key, "Fetch Root", root_key, 2, True, days=1825)
stray_root = certificate("Stray Root", stray_key, "Stray Root", stray_key, 3, True, days=3650)
leaves = {
    "leaf": certificate("leaf.vouch.test", leaf_key, "Fetch CA", ca_key, 100, False, [CA_ISSUERS], ["http://ocsp.vouch.test"]),
    "revoked": certificate("revoked.vouch.test", leaf_key, "Fetch CA", ca_key, 101, False, [CA_ISSUERS], ["http://ocsp.vouch.test"]),
    "dead": certificate("dead.vouch.test", leaf_key, "Fetch CA", ca_key, 102, False, [CA_ISSUERS], ["http://dead.vouch.test"]),
    "metadata": certificate("metadata.vouch.test", leaf_key, "Fetch CA", ca_key, 103, False, ["http://169.254.169.254/intermediate.der"]),
    "stray": certificate("stray.vouch.test", leaf_key, "Stray Root", stray_key, 104, False, ["http://ca.vouch.test/stray-root.der"]),
}
write("root.pem", root)
write("intermediate.pem", intermediate)
for label, leaf in leaves.items():
    write(label + ".pem", leaf)
with open(os.path.join(WWW, "intermediate.der"), "wb") as handle:
    handle.write(intermediate.public_bytes(serialization.Encoding.DER))
with open(os.path.join(WWW, "stray-root.der"), "wb") as handle:
    handle.write(stray_root.public_bytes(serialization.Encoding.DER))
with open(os.path.join(OUT, "intermediate.key"), "wb") as handle:
    handle.write(ca_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))

# openssl ca's index: the leaf good, the revoked leaf revoked (keyCompromise).
expiry = (NOW + datetime.timedelta(days=60)).strftime("%y%m%d%H%M%SZ")
revoked_at = (NOW - datetime.timedelta(hours=1)).strftime("%y%m%d%H%M%SZ")
with open(os.path.join(OUT, "index.txt"), "w") as handle:
    handle.write(f"V\t{expiry}\t\t64\tunknown\t/CN=leaf.vouch.test\n")
    handle.write(f"R\t{expiry}\t{revoked_at},keyCompromise\t65\tunknown\t/CN=revoked.vouch.test\n")

requests_log = os.path.join(OUT, "requests.log")


class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=WWW, **kwargs)

    def do_GET(self):
        with open(requests_log, "a") as log:
            log.write(f"{self.headers.get('Host')} {self.path}\n")
        super().do_GET()

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=3600")
        super().end_headers()

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


ocsp_port = free_port()
responder = subprocess.Popen(
    ["openssl", "ocsp", "-index", os.path.join(OUT, "index.txt"), "-port", str(ocsp_port),
     "-rsigner", os.path.join(OUT, "intermediate.pem"), "-rkey", os.path.join(OUT, "intermediate.key"),
     "-CA", os.path.join(OUT, "intermediate.pem"), "-ndays", "1"],
    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
# Ready when it says so (a probe connection that sends nothing would end it).
for line in responder.stderr:
    if "waiting for OCSP client connections" in line:
        break
threading.Thread(target=lambda: [None for _ in responder.stderr], daemon=True).start()

# A responder that takes connections and never answers: every request to it times out.
dead = socket.socket()
dead.bind(("127.0.0.1", 0))
dead.listen(16)

print(json.dumps({"http": server.server_address[1], "ocsp": ocsp_port, "dead": dead.getsockname()[1]}), flush=True)
try:
    sys.stdin.read()
finally:
    responder.terminate()
    server.shutdown()
