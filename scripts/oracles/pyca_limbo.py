#!/usr/bin/env python3
"""x509-limbo through pyca/cryptography's verifier, as a peer column for the README's profile table.

    python3 scripts/oracles/pyca_limbo.py [SUITE]   # default ../shared/vectors/limbo/limbo-dev.json

Prints limbo's results JSON (like `vouch limbo`) on standard output and a summary on standard
error: how many testcases pyca answers as limbo expects, and how many it accepts where limbo
expects FAILURE. A harness in the manner of limbo's own pyca harness: SERVER cases use
build_server_verifier with the expected peer name, CLIENT cases build_client_verifier; the
trusted certificates are the store, max_chain_depth and validation_time are passed on. CRLs,
key_usage and extended_key_usage requirements are not supported by pyca's API: such cases are
SKIPPED (and counted apart). Each testcase runs in a forked child with a time limit
(TIME_LIMIT seconds): pyca's search does not end on some pathological:: pools, and its Rust code
cannot be interrupted from Python; a case over the limit is a FAILURE marked "timeout" (counted
apart too).
"""
import datetime
import ipaddress
import json
import os
import select
import signal
import sys
import time
import warnings

from cryptography import x509
from cryptography.x509.verification import PolicyBuilder, Store, VerificationError

warnings.simplefilter("ignore")


def run(testcase):
    if testcase.get("crls") or testcase.get("key_usage") or testcase.get("extended_key_usage"):
        return "SKIPPED", "CRLs or usage requirements: not in pyca's API"
    try:
        peer = x509.load_pem_x509_certificate(testcase["peer_certificate"].encode())
        roots = [x509.load_pem_x509_certificate(p.encode()) for p in testcase["trusted_certs"]]
        intermediates = [x509.load_pem_x509_certificate(p.encode()) for p in testcase["untrusted_intermediates"]]
    except Exception as error:  # a certificate pyca will not load
        return "FAILURE", f"load: {error}"
    builder = PolicyBuilder().store(Store(roots))
    if testcase.get("validation_time"):
        builder = builder.time(datetime.datetime.fromisoformat(testcase["validation_time"].replace("Z", "+00:00")))
    if testcase.get("max_chain_depth") is not None:
        builder = builder.max_chain_depth(testcase["max_chain_depth"])
    try:
        if testcase["validation_kind"] == "SERVER":
            name = testcase["expected_peer_name"]
            subject = x509.IPAddress(ipaddress.ip_address(name["value"])) if name["kind"] == "IP" else x509.DNSName(name["value"])
            builder.build_server_verifier(subject).verify(peer, intermediates)
        else:
            verified = builder.build_client_verifier().verify(peer, intermediates)
            wanted = testcase.get("expected_peer_names") or []
            present = verified.subjects or []
            for name in wanted:
                if not any(getattr(s, "value", None) == name["value"] for s in present):
                    return "FAILURE", f"peer name {name['value']} not presented"
        return "SUCCESS", ""
    except (VerificationError, ValueError) as error:
        return "FAILURE", str(error)[:200]


TIME_LIMIT = 10.0


def run_with_limit(testcase):
    """run(testcase) in a forked child, killed after TIME_LIMIT seconds."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(reader)
        try:
            answer = json.dumps(run(testcase)).encode()
        except BaseException as error:  # the child reports whatever happened, then exits
            answer = json.dumps(["FAILURE", f"harness: {error}"]).encode()
        os.write(writer, answer)
        os._exit(0)
    os.close(writer)
    deadline = time.monotonic() + TIME_LIMIT
    data = b""
    while True:
        remaining = deadline - time.monotonic()
        ready, _, _ = select.select([reader], [], [], max(remaining, 0))
        if not ready:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(reader)
            return "FAILURE", f"timeout: more than {TIME_LIMIT:.0f} s"
        chunk = os.read(reader, 65536)
        if not chunk:
            break
        data += chunk
    os.close(reader)
    os.waitpid(pid, 0)
    actual, context = json.loads(data or b'["FAILURE", "harness: no answer"]')
    return actual, context


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "../shared/vectors/limbo/limbo-dev.json"
    with open(path) as file:
        suite = json.load(file)
    results, agree, false_accepts, skipped, timeouts = [], 0, 0, 0, 0
    for testcase in suite["testcases"]:
        actual, context = run_with_limit(testcase)
        timeouts += context.startswith("timeout")
        results.append({"id": testcase["id"], "actual_result": actual, "context": context})
        if actual == "SKIPPED":
            skipped += 1
        elif actual == testcase["expected_result"]:
            agree += 1
        elif actual == "SUCCESS":
            false_accepts += 1
    json.dump({"version": 1, "harness": "pyca-cryptography", "results": results}, sys.stdout)
    print(f"pyca: {agree}/{len(results)} as limbo expects, {false_accepts} false accepts, {skipped} skipped, "
          f"{timeouts} over {TIME_LIMIT:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
