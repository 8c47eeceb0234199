#!/usr/bin/env python3
"""A scripted HTTP/1.1 server for VouchHTTPTests: each route sends exact bytes, so the tests see
real framing (Content-Length, chunked with extensions and trailers, close-delimited), real timing
(a route that sleeps) and real faults (garbage, oversized bodies).

    scripted_server.py DER_FILE     # listens on 127.0.0.1, an ephemeral port; prints "PORT <n>"

Routes: /der /chunked /redirect /missing /slow /large /large-chunked /cache /garbage /close /echo
and /stats (connections and requests seen so far, not counting the /stats request itself).
The same port on 127.0.0.2 is a black hole: a listener whose backlog is full, so that a connection
attempt there waits (its SYN is dropped) as one to a host that drops packets does.
"""
import socket
import sys
import threading
import time

DER = open(sys.argv[1], "rb").read()
LOCK = threading.Lock()
STATS = {"connections": 0, "requests": 0}


def read_request(conn):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None, None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(rest) < length:
        chunk = conn.recv(65536)
        if not chunk:
            break
        rest += chunk
    return head, rest[:length]


def fixed(status, body, headers=b""):
    return b"HTTP/1.1 " + status + b"\r\n" + headers + b"Content-Length: " + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body


def respond(path, head, body):
    if path == "/der":
        return fixed(b"200 OK", DER, b"Content-Type: application/pkix-cert\r\n")
    if path == "/chunked":
        parts = [DER[:100], DER[100:]]
        out = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        out += b"%x;ext=1\r\n" % len(parts[0]) + parts[0] + b"\r\n"
        out += b"%X\r\n" % len(parts[1]) + parts[1] + b"\r\n"
        return out + b"0\r\nX-Trailer: done\r\n\r\n"
    if path == "/redirect":
        return fixed(b"302 Found", b"moved to /der", b"Location: /der\r\n")
    if path == "/missing":
        return fixed(b"404 Not Found", DER, b"Content-Type: application/pkix-cert\r\n")
    if path == "/slow":
        time.sleep(5)
        return fixed(b"200 OK", DER)
    if path == "/large":
        return fixed(b"200 OK", b"x" * (2 << 20))
    if path == "/large-chunked":
        chunk = b"y" * 65536
        return b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + (b"10000\r\n" + chunk + b"\r\n") * 32 + b"0\r\n\r\n"
    if path == "/cache":
        return fixed(b"200 OK", DER, b"Cache-Control: public, max-age=3600\r\nExpires: Thu, 01 Jan 2099 00:00:00 GMT\r\n")
    if path == "/garbage":
        return b"NOT HTTP AT ALL\r\n\r\n"
    if path == "/close":
        return b"HTTP/1.0 200 OK\r\nContent-Type: application/octet-stream\r\n\r\n" + DER
    if path == "/echo":
        return fixed(b"200 OK", head + b"\r\n\r\n" + body)
    return fixed(b"404 Not Found", b"no route " + path.encode())


def handle(conn):
    with conn:
        head, body = read_request(conn)
        if head is None:
            return
        path = head.split(b" ")[1].decode("latin-1") if len(head.split(b" ")) > 1 else "/"
        path = path.split("?")[0]
        if path == "/stats":
            with LOCK:
                text = "connections=%d requests=%d" % (STATS["connections"] - 1, STATS["requests"])
            conn.sendall(fixed(b"200 OK", text.encode()))
            return
        with LOCK:
            STATS["requests"] += 1
        try:
            conn.sendall(respond(path, head, body))
        except OSError:
            pass


def main():
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    port = server.getsockname()[1]
    hole = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    hole.bind(("127.0.0.2", port))
    hole.listen(0)
    fillers = []
    for _ in range(3):
        filler = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        filler.setblocking(False)
        try:
            filler.connect(("127.0.0.2", port))
        except BlockingIOError:
            pass
        fillers.append(filler)
    time.sleep(0.1)
    print("PORT %d" % port, flush=True)
    while True:
        conn, _ = server.accept()
        with LOCK:
            STATS["connections"] += 1
        threading.Thread(target=handle, args=(conn,), daemon=True).start()


if __name__ == "__main__":
    main()
