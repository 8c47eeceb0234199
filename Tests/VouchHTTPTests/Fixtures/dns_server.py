#!/usr/bin/env python3
"""A tiny DNS server for VouchHTTPTests' resolver test: UDP on 127.0.0.1, an ephemeral port
(printed as "PORT <n>"), answering A and AAAA queries from the table below, CNAMEs followed in
the same answer, NXDOMAIN for unknown names, SERVFAIL for servfail.test, nothing for silent.test;
big.test's UDP answer is truncated (TC, no records) and complete over TCP on the same port.

    dns_server.py
"""
import socket
import struct
import threading

TABLE = {
    "one.test": {1: ["192.0.2.1"], 28: []},
    "both.test": {1: ["192.0.2.2", "192.0.2.3"], 28: ["2001:db8::2"]},
    "six.test": {1: [], 28: ["2001:db8::6"]},
    "meta.test": {1: ["169.254.169.254"], 28: []},
    "big.test": {1: ["192.0.2.9"], 28: []},
}
CNAMES = {"alias.test": "one.test"}


def encode_name(name):
    return b"".join(bytes([len(p)]) + p.encode() for p in name.split(".")) + b"\0"


def read_name(message, offset):
    labels = []
    while message[offset]:
        length = message[offset]
        labels.append(message[offset + 1 : offset + 1 + length].decode())
        offset += 1 + length
    return ".".join(labels), offset + 1


def answer(query, tcp=False):
    ident, flags = struct.unpack("!HH", query[:4])
    name, end = read_name(query, 12)
    qtype, _ = struct.unpack("!HH", query[end : end + 4])
    question = query[12 : end + 4]
    lowered = name.lower()
    if lowered == "silent.test":
        return None
    if lowered == "big.test" and not tcp:
        return struct.pack("!HHHHHH", ident, 0x8380, 1, 0, 0, 0) + question
    records = b""
    count = 0
    rcode = 0
    owner = lowered
    if lowered == "servfail.test":
        rcode = 2
    elif lowered in CNAMES:
        target = CNAMES[lowered]
        records += encode_name(lowered) + struct.pack("!HHIH", 5, 1, 60, len(encode_name(target))) + encode_name(target)
        count += 1
        owner = target
    if rcode == 0 and owner not in TABLE:
        rcode = 3
    if rcode == 0:
        for text in TABLE[owner].get(qtype, []):
            family = socket.AF_INET if qtype == 1 else socket.AF_INET6
            data = socket.inet_pton(family, text)
            records += encode_name(owner) + struct.pack("!HHIH", qtype, 1, 60, len(data)) + data
            count += 1
    header = struct.pack("!HHHHHH", ident, 0x8180 | rcode, 1, count, 0, 0)
    return header + question + records


def serve_tcp(listener):
    while True:
        connection, _ = listener.accept()
        with connection:
            try:
                length = struct.unpack("!H", connection.recv(2, socket.MSG_WAITALL))[0]
                reply = answer(connection.recv(length, socket.MSG_WAITALL), tcp=True)
                if reply:
                    connection.sendall(struct.pack("!H", len(reply)) + reply)
            except Exception:
                pass


def main():
    server = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    server.bind(("127.0.0.1", 0))
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", server.getsockname()[1]))
    listener.listen(8)
    threading.Thread(target=serve_tcp, args=(listener,), daemon=True).start()
    print("PORT %d" % server.getsockname()[1], flush=True)
    while True:
        query, peer = server.recvfrom(4096)
        try:
            reply = answer(query)
        except Exception:
            continue
        if reply:
            server.sendto(reply, peer)


if __name__ == "__main__":
    main()
