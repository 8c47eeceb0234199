#!/usr/bin/env python3
"""Prints JWSs made now with fresh keys by Python's `cryptography`, and one-character mutations of
them, each line `VERDICT<TAB>JWS` with jws_reference.py's verdict ("valid" or "invalid: why"):
the live half of the cross-check in Tests/VouchTrustTests/CompactJWSTests.swift, which asks
Vouch for the same verdict on every line. Keys and signatures are new on every run; the
mutations follow the seed.

    python3 TestVectors/apple-signed/fresh.py [SEED] [MUTATIONS]
"""
import os
import random
import sys

from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import jws_reference  # noqa: E402
from make import PAYLOAD, certificate, der, b64, jws  # noqa: E402

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 37
    mutations = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    chooser = random.Random(seed)
    root_key = ec.generate_private_key(ec.SECP256R1())
    root = certificate("Fresh Root", root_key, "Fresh Root", root_key, 1, "root")
    signers = [("ES256", ec.generate_private_key(ec.SECP256R1())), ("ES384", ec.generate_private_key(ec.SECP384R1())),
               ("ES512", ec.generate_private_key(ec.SECP521R1())),
               ("RS256", rsa.generate_private_key(public_exponent=65537, key_size=2048)),
               ("PS256", rsa.generate_private_key(public_exponent=65537, key_size=2048)),
               ("EdDSA", ed25519.Ed25519PrivateKey.generate())]
    lines = []
    for serial, (alg, key) in enumerate(signers, start=2):
        leaf = certificate("Fresh " + alg, key, "Fresh Root", root_key, serial, "leaf")
        text = jws([("alg", alg), ("x5c", [b64(der(leaf)), b64(der(root))])], key,
                   payload=PAYLOAD + os.urandom(chooser.randrange(3)))
        lines.append(text)
        head, body, _ = text.split(".")
        first_dot, second_dot = len(head), len(head) + 1 + len(body)
        # Positions: the header's first 16 characters (alg and the start of x5c), anywhere in the
        # payload and the signature, and the two dots.
        positions = list(range(16)) + list(range(first_dot + 1, len(text))) + [first_dot, second_dot]
        for _ in range(mutations // len(signers)):
            position = chooser.choice(positions)
            replacement = chooser.choice(ALPHABET + "=+/. ")
            lines.append(text[:position] + replacement + text[position + 1:])
    for text in lines:
        print(jws_reference.verdict(text).replace("\t", " ") + "\t" + text)


if __name__ == "__main__":
    main()
