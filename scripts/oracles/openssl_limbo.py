#!/usr/bin/env python3
"""x509-limbo through `openssl verify -x509_strict`, as a peer column for the README's profile table.

    python3 scripts/oracles/openssl_limbo.py [SUITE]   # default ../shared/vectors/limbo/limbo-dev.json

Prints limbo's results JSON on standard output and a summary on standard error. Each testcase is
one `openssl verify` process: -x509_strict, -purpose sslserver (SERVER) or sslclient (CLIENT),
-verify_hostname / -verify_ip for the expected peer name, -verify_email for CLIENT names,
-attime for validation_time, the trusted certificates as -CAfile (and nothing else trusted:
-no-CApath -no-CAstore), untrusted_intermediates as -untrusted, CRLs with -crl_check, and
max_chain_depth as -verify_depth (OpenSSL counts the intermediates too, so depth + 1). Cases
that ask for key_usage or extended_key_usage beyond the purpose are SKIPPED.
"""
import calendar
import datetime
import json
import os
import subprocess
import sys
import tempfile


def run(testcase, directory):
    if testcase.get("key_usage") or testcase.get("extended_key_usage"):
        return "SKIPPED", "usage requirements: no openssl verify flag"
    def write(name, pems):
        path = os.path.join(directory, name)
        with open(path, "w") as file:
            file.write("".join(pem if pem.endswith("\n") else pem + "\n" for pem in pems))
        return path
    command = ["openssl", "verify", "-x509_strict", "-no-CApath", "-no-CAstore",
               "-CAfile", write("roots.pem", testcase["trusted_certs"])]
    if testcase["untrusted_intermediates"]:
        command += ["-untrusted", write("intermediates.pem", testcase["untrusted_intermediates"])]
    if testcase.get("crls"):
        command += ["-crl_check", "-CRLfile", write("crls.pem", testcase["crls"])]
    if testcase.get("validation_time"):
        moment = datetime.datetime.fromisoformat(testcase["validation_time"].replace("Z", "+00:00"))
        command += ["-attime", str(calendar.timegm(moment.utctimetuple()))]
    if testcase.get("max_chain_depth") is not None:
        command += ["-verify_depth", str(testcase["max_chain_depth"] + 1)]
    if testcase["validation_kind"] == "SERVER":
        command += ["-purpose", "sslserver"]
        name = testcase.get("expected_peer_name")
        if name:
            command += ["-verify_ip" if name["kind"] == "IP" else "-verify_hostname", name["value"]]
    else:
        command += ["-purpose", "sslclient"]
        for name in testcase.get("expected_peer_names") or []:
            if name["kind"] == "RFC822":
                command += ["-verify_email", name["value"]]
    command.append(write("peer.pem", [testcase["peer_certificate"]]))
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return "FAILURE", "timeout: more than 30 s"
    if result.returncode == 0:
        return "SUCCESS", ""
    return "FAILURE", (result.stderr.strip().splitlines() or ["?"])[-1][:200]


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "../shared/vectors/limbo/limbo-dev.json"
    with open(path) as file:
        suite = json.load(file)
    results, agree, false_accepts, skipped = [], 0, 0, 0
    with tempfile.TemporaryDirectory() as directory:
        for testcase in suite["testcases"]:
            actual, context = run(testcase, directory)
            results.append({"id": testcase["id"], "actual_result": actual, "context": context})
            if actual == "SKIPPED":
                skipped += 1
            elif actual == testcase["expected_result"]:
                agree += 1
            elif actual == "SUCCESS":
                false_accepts += 1
    version = subprocess.run(["openssl", "version"], capture_output=True, text=True).stdout.strip()
    json.dump({"version": 1, "harness": version, "results": results}, sys.stdout)
    print(f"{version}: {agree}/{len(results)} as limbo expects, {false_accepts} false accepts, {skipped} skipped", file=sys.stderr)


if __name__ == "__main__":
    main()
