#!/usr/bin/env python3
"""Makes the RSA-only twin of the example chain, for the `chain_rsa` speed figure (issue 16):
RSA-2048 root -> RSA-2048 intermediate -> RSA-2048 leaf for example.com, the common Web PKI
shape, with the same names, extensions and validity as TestVectors/example (whose make.py
this reuses). Private keys live only in memory while this runs.

    python3 TestVectors/example-rsa/make.py   # writes root, intermediate, leaf (.pem, .der), chain.pem
"""
import importlib.util
import os

from cryptography.hazmat.primitives.asymmetric import rsa

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("example", os.path.join(HERE, "..", "example", "make.py"))
example = importlib.util.module_from_spec(spec)
spec.loader.exec_module(example)


def main():
    root_key, intermediate_key, leaf_key = (rsa.generate_private_key(public_exponent=65537, key_size=2048) for _ in range(3))
    # An RSA leaf for TLS may also encipher keys (RSA key exchange), as Web PKI leaves commonly do.
    example.write(HERE, *example.build(root_key, intermediate_key, leaf_key, leaf_key_encipherment=True))


if __name__ == "__main__":
    main()
