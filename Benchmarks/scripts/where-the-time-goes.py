#!/usr/bin/env python3
"""Where an evaluation's instructions go, per real chain (issue 39): callgrind on `vouch speed`.

    Benchmarks/scripts/where-the-time-goes.py [path/to/vouch] [operation ...]

Runs `vouch speed OP --exactly 1` and `--exactly 21` under callgrind (valgrind 3.19 cannot read the
DWARF 5 of Swift 6 binaries, so a copy without debug information is counted) and divides the
difference of each function's inclusive count by 20: one evaluation, without start-up and
without the untimed first evaluation. The rows nest as the code does: hashing happens inside
`SignatureVerifier.verify`, which runs inside `PathBuilder.build`, which runs inside
`TrustEvaluator.evaluate`, as do the issuer keys' set-up and the certificate facts (each
certificate's extensions read once, `PathJudge.facts`); parsing happens before it. Prints a
markdown table.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

OPERATIONS = ["chain_le_rsa", "chain_le_ecdsa", "chain_digicert_rsa", "chain_gts"]

# row name -> regular expression on the demangled function name (inclusive counts, summed)
FUNCTIONS = {
    "parse": r"^Certificate\.init\(derEncoded:\)$",
    "evaluate": r"^static TrustEvaluator\.evaluate\(_:at:events:\)$",
    "build": r"^PathBuilder\.build\(leaf:\)$",
    "verify": r"^specialized static SignatureVerifier\.verify\(_:issuerKey:options:digest:\)$",
    "hash": r"^(SHA256Compression|SHA512Compression|SHA1)\.compress\(_:\)$",
    "keys": r"^SignatureVerifier\.IssuerKey\.init\(_:\)$",
    "facts": r"^PathJudge\.facts\(_:in:\)$",
}


def counts(binary, operation, runs):
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        result = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}", binary,
                                 "speed", operation, "--exactly", str(runs)], capture_output=True, text=True)
        total = int(re.search(r"Collected : (\d+)", result.stderr).group(1))
        annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out.name],
                                   capture_output=True, text=True).stdout
    demangled = subprocess.run(["swift", "demangle", "--simplified"], input=annotated, capture_output=True, text=True).stdout
    found = {name: 0 for name in FUNCTIONS}
    for line in demangled.splitlines():
        match = re.match(r"\s*([\d,]+) \([^)]*\)\s+\S*?:(.*) \[", line)
        if not match:
            continue
        value, function = int(match.group(1).replace(",", "")), match.group(2).strip()
        for name, pattern in FUNCTIONS.items():
            if re.match(pattern, function):
                found[name] += value
    found["total"] = total
    return found


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/vouch"
    operations = sys.argv[2:] or OPERATIONS
    copy = tempfile.NamedTemporaryFile(delete=False)
    copy.close()
    shutil.copy(binary, copy.name)
    subprocess.run(["strip", "--strip-debug", copy.name], check=True)
    os.chmod(copy.name, 0o755)
    print("| chain (cold) | instructions per evaluation | parse | hashing | signature arithmetic | issuer keys set up "
          "| certificate facts | path search | checks and results | `Trust` and the rest |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    try:
        for operation in operations:
            one, many = counts(copy.name, operation, 1), counts(copy.name, operation, 21)
            d = {k: (many[k] - one[k]) / 20 for k in one}
            rows = [d["parse"], d["hash"], d["verify"] - d["hash"], d["keys"], d["facts"],
                    d["build"] - d["verify"] - d["keys"] - d["facts"], d["evaluate"] - d["build"],
                    d["total"] - d["evaluate"] - d["parse"]]
            cells = " | ".join(f"{v / 1000:,.0f}k ({100 * v / d['total']:.0f} %)" for v in rows)
            print(f"| `{operation}` | {d['total'] / 1000:,.0f}k | {cells} |")
    finally:
        os.unlink(copy.name)


if __name__ == "__main__":
    main()
