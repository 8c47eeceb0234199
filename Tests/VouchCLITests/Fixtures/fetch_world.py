#!/usr/bin/env python3
"""A small world for vouch's fetch tests (Tests/VouchCLITests/FetchCommandTests.swift,
FetchServerTests.swift, Tests/VouchTrustTests/TrustFetcherLoopbackTests.swift).

A PKI whose leaves name caIssuers and OCSP URLs on made-up hosts, and the servers behind them,
all on 127.0.0.1, which the tests reach with `vouch verify --connect-to` (or HostOverride):
  ca.vouch.test, slow.vouch.test  an HTTP server (a scripted handler, below) logging every request
                                  to requests.log as "HOST PATH" (GET) or "HOST PATH POST" (POST);
                                  on slow.vouch.test every request sleeps 5 s before answering
  ocsp.vouch.test                 `openssl ocsp` signing as "Fetch CA" (index.txt)
  ocsp2.vouch.test                `openssl ocsp` signing as a delegated responder of "Fetch CA 2"
                                  (a certificate it issued with id-kp-OCSPSigning; index2.txt)
  dead.vouch.test                 takes connections and never answers
  169.254.169.254                 the metadata address (never asked)
The HTTP server's /ocsp-proxy/... paths forward OCSP requests (GET or POST) to the first
`openssl ocsp`, so that the log shows how a responder was asked. Prints one JSON line when ready:
  {"http": PORT, "ocsp": PORT, "ocsp2": PORT, "dead": PORT}
and runs until its standard input closes. Usage: fetch_world.py DIRECTORY
"""
import base64
import ctypes
import datetime
import hashlib
import http.client
import http.server
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import pkcs7
from cryptography.x509.oid import AuthorityInformationAccessOID, ExtendedKeyUsageOID, NameOID

# A parent may start this script with signals blocked (swift-corelibs-foundation's Process passes on
# its test runner's mask): unblock them, so that SIGTERM ends the responders and this script.
signal.pthread_sigmask(signal.SIG_SETMASK, [])
OUT = sys.argv[1]
WWW = os.path.join(OUT, "www")
os.makedirs(WWW, exist_ok=True)
NOW = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
CA = "http://ca.vouch.test/"
CA_ISSUERS = CA + "intermediate.der"
PROXY = CA + "ocsp-proxy/"
# Vouch's body cap (HTTPLimits.maximumBodyBytes): the oversized bodies are one octet longer.
BODY_CAP = 1 << 20
# The longest OCSP GET URL (SECTRUST.md §16.3 item 4: GET when len(uri) + 1 + len(esc) < 256).
LONGEST_GET = 255


def name(common_name):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def certificate(subject, key, issuer, issuer_key, serial, ca, ca_issuers=(), ocsp=(), days=60, responder=False):
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
    elif responder:
        # Apple's OCSPSigner policy: id-kp-OCSPSigning, digitalSignature, not a CA.
        builder = builder.add_extension(x509.KeyUsage(
            digital_signature=True, content_commitment=False, key_encipherment=False, data_encipherment=False,
            key_agreement=False, key_cert_sign=False, crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
        builder = builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.OCSP_SIGNING]), critical=False)
        builder = builder.add_extension(x509.OCSPNoCheck(), critical=False)
    else:
        builder = builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(subject)]), critical=False)
    descriptions = [x509.AccessDescription(AuthorityInformationAccessOID.CA_ISSUERS, x509.UniformResourceIdentifier(u)) for u in ca_issuers]
    descriptions += [x509.AccessDescription(AuthorityInformationAccessOID.OCSP, x509.UniformResourceIdentifier(u)) for u in ocsp]
    if descriptions:
        builder = builder.add_extension(x509.AuthorityInformationAccess(descriptions), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def der(cert):
    return cert.public_bytes(serialization.Encoding.DER)


def write(file, data):
    with open(os.path.join(OUT, file), "wb") as handle:
        handle.write(data)


def write_key(file, key):
    write(file, key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))


def der_element(tag, content):
    length = len(content)
    if length < 0x80:
        return bytes([tag, length]) + content
    octets = length.to_bytes((length.bit_length() + 7) // 8, "big")
    return bytes([tag, 0x80 | len(octets)]) + octets + content


def apple_ocsp_request(issuer_name, issuer_key, serial):
    """Apple's OCSP request (SECTRUST.md §16.3 item 3): CertID with SHA-1 without parameters, no
    version, no nonce, no signature."""
    algorithm = bytes.fromhex("300706052B0E03021A")
    key_bits = issuer_key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    serial_bytes = serial.to_bytes((serial.bit_length() + 8) // 8, "big")
    cert_id = der_element(0x30, algorithm + der_element(0x04, hashlib.sha1(issuer_name.public_bytes()).digest())
                          + der_element(0x04, hashlib.sha1(key_bits).digest()) + der_element(0x02, serial_bytes))
    return der_element(0x30, der_element(0x30, der_element(0x30, der_element(0x30, cert_id))))


def apple_ocsp_get_length(uri, request):
    """len(uri) + 1 + len(esc) (SECTRUST.md §16.3 item 4): esc = percent-encoded base64."""
    escaped = urllib.parse.quote(base64.b64encode(request).decode(), safe="-._~")
    return len(uri) + 1 + len(escaped)


def padded_uri(label, total, issuer_name, issuer_key, serial):
    """An OCSP URI on the proxy whose GET URL would be exactly `total` characters; Apple's request
    is written to LABEL.request.der."""
    request = apple_ocsp_request(issuer_name, issuer_key, serial)
    write(label + ".request.der", request)
    prefix = PROXY + label + "/"
    return prefix + "p" * (total - apple_ocsp_get_length(prefix, request))


root_key, ca_key, leaf_key, stray_key, ca2_key, responder_key = (ec.generate_private_key(ec.SECP256R1()) for _ in range(6))
root = certificate("Fetch Root", root_key, "Fetch Root", root_key, 1, True, days=3650)
intermediate = certificate("Fetch CA", ca_key, "Fetch Root", root_key, 2, True, days=1825)
stray_root = certificate("Stray Root", stray_key, "Stray Root", stray_key, 3, True, days=3650)
# A second intermediate whose own OCSP URL never gives an answer, with a delegated responder.
ca2 = certificate("Fetch CA 2", ca2_key, "Fetch Root", root_key, 4, True, ocsp=[CA + "ocsp-silent"], days=1825)
responder = certificate("Fetch CA 2 OCSP Responder", responder_key, "Fetch CA 2", ca2_key, 5, False, days=30, responder=True)


def leaf(label, serial, ca_issuers=(CA_ISSUERS,), ocsp=(), issuer=("Fetch CA", ca_key)):
    return certificate(label + ".vouch.test", leaf_key, issuer[0], issuer[1], serial, False, list(ca_issuers), list(ocsp))


CA1_NAME = name("Fetch CA")
leaves = {
    "leaf": leaf("leaf", 100, ocsp=["http://ocsp.vouch.test"]),
    "revoked": leaf("revoked", 101, ocsp=["http://ocsp.vouch.test"]),
    "dead": leaf("dead", 102, ocsp=["http://dead.vouch.test"]),
    "metadata": leaf("metadata", 103, ["http://169.254.169.254/intermediate.der"]),
    "stray": certificate("stray.vouch.test", leaf_key, "Stray Root", stray_key, 104, False, ["http://ca.vouch.test/stray-root.der"]),
    # caIssuers bodies (SECTRUST.md §16.2 item 3, §16.7, §16.8 items 7-8).
    "trailing": leaf("trailing", 110, [CA + "trailing.der"]),
    "cms": leaf("cms", 111, [CA + "three.p7c"]),
    "pem": leaf("pem", 112, [CA + "intermediate.pem"]),
    "html": leaf("html", 113, [CA + "page.html", CA + "after-html.der"]),
    "notfound": leaf("notfound", 114, [CA + "missing.der"]),
    "redirect": leaf("redirect", 115, [CA + "moved.der"]),
    "redirect-der": leaf("redirect-der", 116, [CA + "moved-with-body.der"]),
    "chunked": leaf("chunked", 117, [CA + "chunked.der"]),
    "huge": leaf("huge", 118, [CA + "huge.der", CA + "huge-chunked.der", CA + "after-huge.der"]),
    "slow": leaf("slow", 119, ["http://slow.vouch.test/1.der", "http://slow.vouch.test/2.der", "http://slow.vouch.test/3.der",
                                CA + "after-slow.der"]),
    # max-age (SECTRUST.md §16.6): the path says which Cache-Control the answer carries.
    "maxage-60": leaf("maxage-60", 120, [CA + "max-age/60/intermediate.der"]),
    "maxage-3600": leaf("maxage-3600", 121, [CA + "max-age/3600/intermediate.der"]),
    "maxage-604800": leaf("maxage-604800", 122, [CA + "max-age/604800/intermediate.der"]),
    "maxage-604801": leaf("maxage-604801", 123, [CA + "max-age/604801/intermediate.der"]),
    "maxage-none": leaf("maxage-none", 124, [CA + "max-age/none/intermediate.der"]),
    # OCSP through the logging proxy (SECTRUST.md §16.3, §16.4, §16.8 items 8-10).
    "sslonly": leaf("sslonly", 125, ocsp=[PROXY + "sslonly"]),
    "get255": leaf("get255", 126, ocsp=[padded_uri("get255", LONGEST_GET, CA1_NAME, ca_key, 126)]),
    "post256": leaf("post256", 127, ocsp=[padded_uri("post256", LONGEST_GET + 1, CA1_NAME, ca_key, 127)]),
    "online": leaf("online", 128, ocsp=[PROXY + "online"]),
    "stale": leaf("stale", 129, ocsp=[PROXY + "stale"]),
    "cached": leaf("cached", 130, ocsp=[PROXY + "cached"]),
    "slash": leaf("slash", 131, ocsp=[PROXY + "slash/"]),
    "recent": leaf("recent", 132, ocsp=[PROXY + "recent"]),
    # Fetch CA 2's leaves, answered by its delegated responder.
    "dgood": leaf("dgood", 200, ocsp=["http://ocsp2.vouch.test"], issuer=("Fetch CA 2", ca2_key)),
    "drevoked": leaf("drevoked", 201, ocsp=["http://ocsp2.vouch.test"], issuer=("Fetch CA 2", ca2_key)),
    "unknown": leaf("unknown", 202, ocsp=["http://ocsp2.vouch.test", PROXY + "after-unknown"], issuer=("Fetch CA 2", ca2_key)),
}
for label, cert in [("root", root), ("intermediate", intermediate), ("ca2", ca2), ("responder", responder)] + list(leaves.items()):
    write(label + ".pem", cert.public_bytes(serialization.Encoding.PEM))
write_key("intermediate.key", ca_key)
write_key("responder.key", responder_key)

# The bodies the HTTP server serves: path -> (status, headers, body, how), how = "plain" or "chunked".
DER = der(intermediate)
PEM = intermediate.public_bytes(serialization.Encoding.PEM)
HTML = b"<!doctype html><html><body><p>Not here.</p></body></html>\n"
padding = b"\x00" * (BODY_CAP + 1 - len(DER))
three = pkcs7.serialize_certificates([intermediate, stray_root, ca2], serialization.Encoding.DER)
MAX_AGE = [("Cache-Control", "max-age=3600")]
ROUTES = {
    "/intermediate.der": (200, MAX_AGE, DER, "plain"),
    "/stray-root.der": (200, MAX_AGE, der(stray_root), "plain"),
    "/trailing.der": (200, [], DER + b"\x05\x00 and then some text", "plain"),
    "/three.p7c": (200, [("Content-Type", "application/pkcs7-mime")], three, "plain"),
    "/intermediate.pem": (200, [("Content-Type", "text/plain")], b"Fetch CA, as PEM:\n" + PEM, "plain"),
    "/page.html": (200, [("Content-Type", "text/html")], HTML, "plain"),
    "/after-html.der": (200, [], DER, "plain"),
    "/missing.der": (404, [], DER, "plain"),
    "/moved.der": (302, [("Location", CA + "moved-target.der")], HTML, "plain"),
    "/moved-with-body.der": (302, [("Location", CA + "moved-target.der")], DER, "plain"),
    "/moved-target.der": (200, [], DER, "plain"),
    "/chunked.der": (200, [], DER, "chunked"),
    "/huge.der": (200, [], DER + padding, "plain"),
    "/huge-chunked.der": (200, [], DER + padding, "chunked"),
    "/after-huge.der": (200, [], DER, "plain"),
    "/after-slow.der": (200, [], DER, "plain"),
    "/ocsp-silent": (404, [("Content-Type", "text/plain")], b"no OCSP here\n", "plain"),
}
for age in ["60", "3600", "604800", "604801"]:
    ROUTES[f"/max-age/{age}/intermediate.der"] = (200, [("Cache-Control", f"max-age={age}")], DER, "plain")
ROUTES["/max-age/none/intermediate.der"] = (200, [], DER, "plain")

# openssl ca's indexes: serial (hex) -> state. Fetch CA: the good and revoked leaves; Fetch CA 2:
# the delegated responder's. A serial not listed is answered "unknown".
expiry = (NOW + datetime.timedelta(days=60)).strftime("%y%m%d%H%M%SZ")
revoked_at = (NOW - datetime.timedelta(hours=1)).strftime("%y%m%d%H%M%SZ")


def index(file, entries):
    with open(os.path.join(OUT, file), "w") as handle:
        for serial, label, is_revoked in entries:
            state = f"R\t{expiry}\t{revoked_at},keyCompromise" if is_revoked else f"V\t{expiry}\t"
            handle.write(f"{state}\t{serial:02X}\tunknown\t/CN={label}.vouch.test\n")


index("index.txt", [(100, "leaf", False), (101, "revoked", True)] + [(leaves[label].serial_number, label, label == "stale")
                    for label in ["sslonly", "get255", "post256", "online", "stale", "cached", "slash", "recent"]])
index("index2.txt", [(200, "dgood", False), (201, "drevoked", True)])

requests_log = os.path.join(OUT, "requests.log")
log_lock = threading.Lock()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


ocsp_port, ocsp2_port = free_port(), free_port()


class Handler(http.server.BaseHTTPRequestHandler):
    def log_request_line(self, suffix=""):
        with log_lock, open(requests_log, "a") as log:
            log.write(f"{self.headers.get('Host')} {self.path}{suffix}\n")

    def do_GET(self):
        self.log_request_line()
        self.answer(b"")

    def do_POST(self):
        self.log_request_line(" POST")
        length = int(self.headers.get("Content-Length") or 0)
        self.answer(self.rfile.read(length))

    def answer(self, posted):
        self.close_connection = True
        try:
            if (self.headers.get("Host") or "").startswith("slow.vouch.test"):
                time.sleep(5)
            if self.path.startswith("/ocsp-proxy/"):
                status, headers, body, how = self.proxy(posted)
            else:
                status, headers, body, how = ROUTES.get(self.path, (404, [], b"", "plain"))
            if how == "chunked":
                self.protocol_version = "HTTP/1.1"
            self.send_response(status)
            for field, value in headers:
                self.send_header(field, value)
            self.send_header("Connection", "close")
            if how == "chunked":
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                step = max(1, len(body) // 3 + 1) if len(body) < 65536 else 65536
                for start in range(0, len(body), step):
                    part = body[start:start + step]
                    self.wfile.write(f"{len(part):x}\r\n".encode() + part + b"\r\n")
                self.wfile.write(b"0\r\n\r\n")
            else:
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def proxy(self, posted):
        """Forwards an OCSP request, GET (the last path segment) or POST, to the first responder; a
        POST's body is kept in posted-NAME.der for /ocsp-proxy/NAME/..."""
        if self.command == "POST":
            write("posted-" + (self.path.split("/") + ["", "", ""])[2] + ".der", posted)
        request = posted if self.command == "POST" else base64.b64decode(urllib.parse.unquote(self.path.rsplit("/", 1)[-1]))
        connection = http.client.HTTPConnection("127.0.0.1", ocsp_port, timeout=5)
        connection.request("POST", "/", request, {"Content-Type": "application/ocsp-request"})
        reply = connection.getresponse()
        body = reply.read()
        connection.close()
        return reply.status, [("Content-Type", "application/ocsp-response")], body, "plain"

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Thread(target=server.serve_forever, daemon=True).start()


def die_with_this_process():
    """Linux's PR_SET_PDEATHSIG: a responder gets SIGTERM when this script ends, however it ends."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


def openssl_ocsp(port, index_file, signer, key, ca_file):
    process = subprocess.Popen(
        ["openssl", "ocsp", "-index", os.path.join(OUT, index_file), "-port", str(port),
         "-rsigner", os.path.join(OUT, signer), "-rkey", os.path.join(OUT, key),
         "-CA", os.path.join(OUT, ca_file), "-ndays", "1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
        preexec_fn=die_with_this_process if sys.platform.startswith("linux") else None)
    # Ready when it says so (a probe connection that sends nothing would end it).
    for line in process.stderr:
        if "waiting for OCSP client connections" in line:
            break
    threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()
    return process


responders = [
    openssl_ocsp(ocsp_port, "index.txt", "intermediate.pem", "intermediate.key", "intermediate.pem"),
    openssl_ocsp(ocsp2_port, "index2.txt", "responder.pem", "responder.key", "ca2.pem"),
]

# A responder that takes connections and never answers: every request to it times out.
dead = socket.socket()
dead.bind(("127.0.0.1", 0))
dead.listen(16)

# A SIGTERM or SIGHUP ends the script through its cleanup below, as the end of its input does.
for number in (signal.SIGTERM, signal.SIGHUP):
    signal.signal(number, lambda *_: sys.exit(0))
print(json.dumps({"http": server.server_address[1], "ocsp": ocsp_port, "ocsp2": ocsp2_port, "dead": dead.getsockname()[1]}),
      flush=True)
try:
    sys.stdin.read()
finally:
    for process in responders:
        process.terminate()
    server.shutdown()
    # The tests' worlds live as long as their process, which never runs their clean-up: do it here.
    shutil.rmtree(OUT, ignore_errors=True)
