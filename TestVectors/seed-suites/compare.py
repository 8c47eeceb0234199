#!/usr/bin/env python3
"""Compares the seed suites beside this script (made by make.py) with another copy of them, such as
the shared one the Swift tests were first written against:

    python3 TestVectors/seed-suites/compare.py /work/shared/vectors/seed-suites [--all]

It reports, one line each, a case id found on one side only, a difference in any field the Swift
tests read (FIELDS_READ), and a certificate file that is missing on one side or differs in bytes.
--all also reports every other difference (top-level keys, notes, windows, labels ...). Exits 1 if
it reports anything.
"""
import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SUITES = ("afnetworking", "trustkit")

# What Tests/VouchPinningTests/SeedSuites.swift decodes from a case.
FIELDS_READ = (
    "id", "status", "kind",
    "policy.pinning_mode", "policy.allow_invalid_certificates", "policy.validates_domain_name",
    "policy.pinned_certificates",
    "server_trust.certificates", "server_trust.anchors", "server_trust.anchors_only",
    "server_trust.verify_date_set_by_test",
    "domain",
    "asserted.expected", "asserted.spki_sha256_base64", "asserted.verifyPublicKeyPin", "asserted.decision",
    "suggested_verify_date", "needs_system_roots", "system_roots_involved",
    "certificate",
    "pinned_domain_config.domain", "pinned_domain_config.publicKeyHashes", "pinned_domain_config.enforcePinning",
    "pinned_domain_config.expirationDate",
    "hostname",
)
MISSING = "<missing>"  # a key absent from a case: Swift reads it as nil, like null, but the files differ


def field(case, dotted):
    value = case
    for key in dotted.split("."):
        if not isinstance(value, dict) or key not in value:
            return MISSING
        value = value[key]
    return value


def every_difference(ours, theirs, path):
    """The dotted paths at which two JSON values differ."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for key in list(ours) + [k for k in theirs if k not in ours]:
            yield from every_difference(ours.get(key, MISSING), theirs.get(key, MISSING), f"{path}.{key}".lstrip("."))
    elif ours != theirs:
        yield path


def show(value):
    return value if value == MISSING else json.dumps(value, ensure_ascii=False)


def compare_cases(suite, ours, theirs, everything):
    lines = []
    our_cases = {c["id"]: c for c in ours["cases"]}
    their_cases = {c["id"]: c for c in theirs["cases"]}
    for case_id in sorted(our_cases.keys() - their_cases.keys()):
        lines.append(f"{suite} {case_id}: only in ours")
    for case_id in sorted(their_cases.keys() - our_cases.keys()):
        lines.append(f"{suite} {case_id}: only in theirs")
    if everything:
        header = {k: v for k, v in ours.items() if k != "cases"}, {k: v for k, v in theirs.items() if k != "cases"}
        for path in every_difference(*header, ""):
            lines.append(f"{suite} {path}: ours {show(field(header[0], path))}, theirs {show(field(header[1], path))}")
    for case_id in [c["id"] for c in ours["cases"] if c["id"] in their_cases]:
        a, b = our_cases[case_id], their_cases[case_id]
        if everything:
            paths = list(every_difference(a, b, ""))
        else:
            paths = [f for f in FIELDS_READ if field(a, f) != field(b, f)]
        for path in paths:
            lines.append(f"{suite} {case_id} {path}: ours {show(field(a, path))}, theirs {show(field(b, path))}")
    return lines


def compare_certificates(suite, ours, theirs):
    def files(root):
        return {p.relative_to(root).as_posix(): p for p in root.rglob("*") if p.is_file()}
    our_files, their_files = files(ours), files(theirs)
    lines = []
    for name in sorted(our_files.keys() | their_files.keys()):
        if name not in their_files:
            lines.append(f"{suite} certs/{name}: only in ours")
        elif name not in our_files:
            lines.append(f"{suite} certs/{name}: only in theirs")
        elif our_files[name].read_bytes() != their_files[name].read_bytes():
            lines.append(f"{suite} certs/{name}: bytes differ")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("theirs", type=Path, help="the other seed-suites directory")
    parser.add_argument("--ours", type=Path, default=HERE, help="default: %(default)s")
    parser.add_argument("--all", action="store_true", help="also report fields the Swift tests do not read")
    args = parser.parse_args()

    lines = []
    for suite in SUITES:
        ours = json.loads((args.ours / suite / "cases.json").read_text())
        theirs = json.loads((args.theirs / suite / "cases.json").read_text())
        lines += compare_cases(suite, ours, theirs, args.all)
        lines += compare_certificates(suite, args.ours / suite / "certs", args.theirs / suite / "certs")
    print("\n".join(lines) if lines else "no differences")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
