#!/usr/bin/env python3
"""Copies Apple's App Store signing data out of apple/app-store-server-library-swift (README.md
in this folder gives the provenance): the certificates its SignedDataVerifierTests hold as base64
constants, written as DER, and its signed-data files, copied byte for byte. DATA only, no code.

    git clone https://github.com/apple/app-store-server-library-swift /tmp/assl
    python3 TestVectors/apple-signed/extract.py /tmp/assl

Reads the pinned COMMIT (not the checkout's HEAD), so a rerun writes the same bytes. Records
jws_reference.py's verdict on each copied file in apple-cases.json beside what Vouch must say.
"""
import base64
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import jws_reference  # noqa: E402
from make import write_manifest  # noqa: E402

COMMIT = "8468d10f77cf2000f88de8fa722c5f6238ba1265"
TESTS = "Tests/AppStoreServerLibraryTests/"
# constant in SignedDataVerifierTests.swift -> file written here
CERTIFICATES = {
    "REAL_APPLE_ROOT_BASE64_ENCODED": "real-apple-root.der",
    "REAL_APPLE_INTERMEDIATE_BASE64_ENCODED": "real-apple-intermediate.der",
    "REAL_APPLE_SIGNING_CERTIFICATE_BASE64_ENCODED": "real-apple-signing.der",
    "ROOT_CA_BASE64_ENCODED": "apple-test-root.der",
    "INTERMEDIATE_CA_BASE64_ENCODED": "apple-test-intermediate.der",
    "LEAF_CERT_BASE64_ENCODED": "apple-test-leaf.der",
    "INTERMEDIATE_CA_INVALID_OID_BASE64_ENCODED": "apple-test-intermediate-invalid-oid.der",
    "LEAF_CERT_FOR_INTERMEDIATE_CA_INVALID_OID_BASE64_ENCODED": "apple-test-leaf-for-intermediate-invalid-oid.der",
    "LEAF_CERT_INVALID_OID_BASE64_ENCODED": "apple-test-leaf-invalid-oid.der",
}
# resource file -> what Vouch must say when it reads the file and verifies with x5c[0]'s key
SIGNED_DATA = {
    "mock_signed_data/transactionInfo": "valid",
    "mock_signed_data/renewalInfo": "valid",
    "mock_signed_data/testNotification": "valid",
    "mock_signed_data/wrongBundleId": "valid",
    "mock_signed_data/missingX5CHeaderClaim": "noCertificateChain",
    "mock_signed_data/legacyTransaction": "wrongNumberOfParts(1)",
    "xcode/xcode-signed-transaction": "valid",
    "xcode/xcode-signed-renewal-info": "valid",
    "xcode/xcode-signed-app-transaction": "valid",
    "xcode/xcode-app-receipt-empty": "wrongNumberOfParts(1)",
    "xcode/xcode-app-receipt-with-transaction": "wrongNumberOfParts(1)",
}
NOTES = {
    "mock_signed_data/missingX5CHeaderClaim": "its header says x5cwrong, not x5c",
    "mock_signed_data/legacyTransaction": "a StoreKit 1 receipt (base64 of a property list), not a JWS",
    "xcode/xcode-app-receipt-empty": "a PKCS #7 app receipt in base64, not a JWS",
    "xcode/xcode-app-receipt-with-transaction": "a PKCS #7 app receipt in base64, not a JWS",
}


def show(repository, path):
    return subprocess.run(["git", "-C", repository, "show", COMMIT + ":" + path], check=True,
                          capture_output=True).stdout


def main():
    repository = sys.argv[1] if len(sys.argv) > 1 else "/work/.mirror/apple+app-store-server-library-swift/repo"
    source = show(repository, TESTS + "SignedDataVerifierTests.swift").decode()
    for constant, file in CERTIFICATES.items():
        match = re.search(r"\b" + constant + r' = "([A-Za-z0-9+/=]+)"', source)
        with open(os.path.join(HERE, file), "wb") as out:
            out.write(base64.b64decode(match.group(1), validate=True))
    # The root Apple's tests trust for the mock signed data (TestingUtility.swift).
    os.makedirs(os.path.join(HERE, "certs"), exist_ok=True)
    with open(os.path.join(HERE, "certs/testCA.der"), "wb") as out:
        out.write(show(repository, TESTS + "resources/certs/testCA.der"))
    manifest = []
    for resource, expect in SIGNED_DATA.items():
        data = show(repository, TESTS + "resources/" + resource)
        os.makedirs(os.path.join(HERE, os.path.dirname(resource)), exist_ok=True)
        with open(os.path.join(HERE, resource), "wb") as out:
            out.write(data)
        manifest.append({"file": resource, "expect": expect, "reference": jws_reference.verdict(data.decode()),
                         "note": NOTES.get(resource, "")})
    write_manifest(os.path.join(HERE, "apple-cases.json"), manifest)


if __name__ == "__main__":
    main()
