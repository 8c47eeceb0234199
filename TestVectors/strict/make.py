#!/usr/bin/env python3
"""Makes the strict-profile rule vectors: for every row of docs/STRICT.md that strict enforces, or
should (the Gaps), a chain that breaks exactly that requirement in each position the row names.

    swift build -c release --product vouch      # the binary whose answers are recorded
    python3 TestVectors/strict/make.py [--vouch PATH]

Reads the rule table from docs/STRICT.md and the mutations from mutations.py (one entry per row).
Starts from the base chain of chain.py (root -> intermediate -> leaf for example.com, P-256, with a
CRL from the intermediate for the revocation rows), applies each mutation, re-signs what changed,
and writes:

  base/                 the base chain (leaf, intermediate, root, CRL), trusted under both profiles
  cases/<row>/...       the files of each case that differ from the base chain
  cases.json            every case: row, position, files, host, verify time, what strict must
                        answer, and what `vouch verify` answered under both profiles
  README.md             written from the manifest

Keys are derived from fixed labels and ECDSA signatures are deterministic (RFC 6979), so a second
run writes the same bytes. The run stops, writing nothing, when a row enforced or proposed in
docs/STRICT.md has no case, a case names a row the table lacks, the base chain is not trusted by
both profiles, an enforced case's expected failure is missing from strict's answer, or a proposed
case is already refused by strict (then the table is wrong: the row is enforced).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True      # the helper modules next to this file leave no __pycache__ behind
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from chain import HOST, VERIFY_TIME, Chain       # noqa: E402
from mutations import CASES                      # noqa: E402
from x509_build import pem                       # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
TABLE = os.path.join(ROOT, "docs", "STRICT.md")
POSITION_INDEX = {"leaf": 0, "intermediate": 1, "anchor": 2}


def read_table():
    """{row id: "yes" | "proposed" | "by design"} from docs/STRICT.md's tables (rows whose first
    cell is a backquoted id and whose fourth cell is the status)."""
    rows = {}
    with open(TABLE, encoding="utf-8") as handle:
        for line in handle:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if len(cells) != 7 or not re.fullmatch(r"`[0-9a-z.\-]+`", cells[0]):
                continue
            row_id = cells[0].strip("`")
            if row_id in rows:
                raise SystemExit("docs/STRICT.md: row %s twice" % row_id)
            status = cells[3]
            if status.startswith("yes"):
                rows[row_id] = "yes"
            elif status.startswith("no: proposed"):
                rows[row_id] = "proposed"
            elif status.startswith("no: by design"):
                rows[row_id] = "by design"
            else:
                raise SystemExit("docs/STRICT.md: row %s has status %r" % (row_id, status))
    return rows


class Writer:
    """Collects files (relative path -> bytes); the base chain's files are shared."""

    def __init__(self):
        self.files = {}
        self.base = {}

    def add(self, path, data):
        if path in self.files and self.files[path] != data:
            raise SystemExit("two different files for %s" % path)
        self.files[path] = data
        return path

    def place(self, directory, label, data):
        """The base file when `data` is the base chain's, else a new file under `directory`."""
        if self.base.get(label) == data:
            return "base/%s.der" % label
        return self.add("%s/%s.der" % (directory, label), data)


def chain_files(writer, directory, chain):
    leaf, intermediates, anchor, crls = chain.files()
    names = {
        "leaf": writer.place(directory, "leaf", leaf),
        "intermediates": [writer.place(directory, "intermediate-%d" % (i + 1), der) for i, der in enumerate(intermediates)],
        "anchor": writer.place(directory, "anchor", anchor),
        "crls": [writer.place(directory, "crl-%d" % (i + 1), der) for i, der in enumerate(crls)],
    }
    return names


def run_vouch(vouch, staging, names, host, verify_time, profile):
    """`vouch verify --json` on the case: {"trusted", "failures"} or {"parse_error": file}."""
    path = lambda relative: os.path.join(staging, relative)
    arguments = [vouch, "verify", path(names["leaf"])] + [path(n) for n in names["intermediates"]]
    arguments += ["--anchors", path(names["anchor"]), "--at", verify_time, "--host", host, "--json", "--profile", profile]
    for crl in names["crls"]:
        arguments += ["--crl", path(crl)]
    result = subprocess.run(arguments, capture_output=True, text=True)
    if result.returncode == 2:
        message = result.stderr.strip()
        failing = message.split(":", 1)[0]
        for label, files in [("leaf", [names["leaf"]]), ("anchor", [names["anchor"]])] + [
                ("intermediate-%d" % (i + 1), [n]) for i, n in enumerate(names["intermediates"])] + [
                ("crl-%d" % (i + 1), [n]) for i, n in enumerate(names["crls"])]:
            if any(failing == path(f) for f in files):
                return {"parse_error": label}
        raise SystemExit("vouch exited 2 on no file it was given: %s" % message)
    if result.returncode not in (0, 1):
        raise SystemExit("vouch verify failed (%d): %s" % (result.returncode, result.stderr))
    answer = json.loads(result.stdout)
    return {"trusted": answer["trusted"],
            "failures": ["%s@%d" % (f["check"], f["index"]) for f in answer["failures"]]}


def expectation(expect):
    """The manifest's form of a mutation's `expect`."""
    if expect == "trusted":
        return {"trusted": True}
    if expect.startswith("parse:"):
        return {"parse_error": expect.split(":", 1)[1]}
    check, index = expect.split("@")
    return {"trusted": False, "check": check, "index": None if index == "*" else int(index)}


def meets(expected, answer):
    if "parse_error" in expected:
        return answer.get("parse_error") == expected["parse_error"]
    if "parse_error" in answer:
        return False
    if expected["trusted"]:
        return answer["trusted"]
    if answer["trusted"]:
        return False
    return any(f.split("@")[0] == expected["check"] and (expected["index"] is None or f.endswith("@%d" % expected["index"]))
               for f in answer["failures"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vouch", default=os.path.join(ROOT, ".build", "release", "vouch"))
    options = parser.parse_args()
    if not os.access(options.vouch, os.X_OK):
        raise SystemExit("no vouch binary at %s: run swift build -c release --product vouch" % options.vouch)

    table = read_table()
    problems = []
    for row_id, status in table.items():
        if status in ("yes", "proposed") and not CASES.get(row_id):
            problems.append("row %s (%s) has no case in mutations.py" % (row_id, status))
    for row_id in CASES:
        if row_id not in table:
            problems.append("mutations.py has cases for %s, which docs/STRICT.md does not list" % row_id)
        elif table[row_id] == "by design":
            problems.append("mutations.py has cases for %s, which docs/STRICT.md leaves out by design" % row_id)
    if problems:
        raise SystemExit("\n".join(problems))

    writer = Writer()
    base = Chain(with_crl=True)
    leaf, intermediates, anchor, crls = base.files()
    for label, data in [("leaf", leaf), ("intermediate-1", intermediates[0]), ("anchor", anchor), ("crl-1", crls[0])]:
        writer.base[label] = data
        writer.add("base/%s.der" % label, data)

    staging = tempfile.mkdtemp(prefix="vouch-strict-")
    try:
        def stage():
            for relative, data in writer.files.items():
                target = os.path.join(staging, relative)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                if not os.path.exists(target):
                    with open(target, "wb") as handle:
                        handle.write(data)

        base_names = {"leaf": "base/leaf.der", "intermediates": ["base/intermediate-1.der"],
                      "anchor": "base/anchor.der", "crls": ["base/crl-1.der"]}
        stage()
        for profile in ("strict", "apple"):
            for names in (base_names, dict(base_names, crls=[])):
                answer = run_vouch(options.vouch, staging, names, HOST, VERIFY_TIME, profile)
                if answer.get("trusted") is not True:
                    raise SystemExit("the base chain is not trusted under %s: %s" % (profile, answer))

        manifest_cases = []
        for row_id in [r for r in table if r in CASES]:
            for case in CASES[row_id]:
                chain = Chain(with_crl=case.crl)
                case.mutate(chain)
                case_id = "/".join([row_id, case.position] + ([case.variant] if case.variant else []))
                directory = "cases/" + case_id
                names = chain_files(writer, directory, chain)
                stage()
                strict = run_vouch(options.vouch, staging, names, chain.host, chain.verify_time, "strict")
                apple = run_vouch(options.vouch, staging, names, chain.host, chain.verify_time, "apple")
                expected = expectation(case.expect)
                enforced = table[row_id] == "yes"
                if enforced and not meets(expected, strict):
                    problems.append("%s: strict answered %s, expected %s" % (case_id, strict, case.expect))
                if not enforced and strict.get("trusted") is not True:
                    problems.append("%s: proposed, but strict already refuses it: %s" % (case_id, strict))
                entry = {
                    "id": case_id,
                    "row": row_id,
                    "position": case.position,
                    "variant": case.variant,
                    "enforced": enforced,
                    "note": case.note,
                    "leaf": names["leaf"],
                    "intermediates": names["intermediates"],
                    "anchor": names["anchor"],
                    "crls": names["crls"],
                    "host": chain.host,
                    "verify_time": chain.verify_time,
                    "expected_strict": expected,
                    "strict": strict,
                    "expected_apple": apple,
                }
                if not enforced:
                    entry["skip_reason"] = "not enforced yet: docs/STRICT.md proposes %s (Gaps)" % row_id
                manifest_cases.append(entry)
    finally:
        shutil.rmtree(staging)
    if problems:
        raise SystemExit("\n".join(problems))

    for stale in ("base", "cases"):
        shutil.rmtree(os.path.join(HERE, stale), ignore_errors=True)
    for relative, data in sorted(writer.files.items()):
        target = os.path.join(HERE, relative)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as handle:
            handle.write(data)
    manifest = {
        "about": "Strict-profile rule vectors made by make.py from docs/STRICT.md: one case per row enforced "
                 "(\"enforced\": true) or proposed (false) and position. expected_strict is what strict must "
                 "answer (check@index, a parse error, or trusted for a control case); strict and expected_apple "
                 "are what `vouch verify --json` answered when the vectors were made.",
        "policy": "ssl-server",
        "verify_time": VERIFY_TIME,
        "host": HOST,
        "base": base_names,
        "cases": manifest_cases,
    }
    with open(os.path.join(HERE, "cases.json"), "w") as handle:
        json.dump(manifest, handle, indent=1, ensure_ascii=False)
        handle.write("\n")
    write_readme(manifest, table)
    enforced = sum(1 for c in manifest_cases if c["enforced"])
    print("%d cases (%d enforced, %d proposed) for %d rows; %d files" % (
        len(manifest_cases), enforced, len(manifest_cases) - enforced,
        len({c["row"] for c in manifest_cases}), len(writer.files)))


def write_readme(manifest, table):
    cases = manifest["cases"]
    rows = {status: [r for r, s in table.items() if s == status] for status in ("yes", "proposed", "by design")}
    apple_differs = [c for c in cases if c["enforced"] and c["expected_apple"].get("trusted")]
    lines = [
        "# Strict-profile rule vectors",
        "",
        "Made by `make.py` from the rule table of [docs/STRICT.md](../../docs/STRICT.md) (Python's `cryptography`, a",
        "fixture tool; keys derived from fixed labels, ECDSA signatures deterministic, so a second run writes the",
        "same bytes). This README is written by `make.py` too.",
        "",
        "    swift build -c release --product vouch",
        "    python3 TestVectors/strict/make.py          # writes base/, cases/, cases.json, README.md",
        "    python3 TestVectors/strict/limbo_scan.py    # how many limbo SUCCESS testcases each rule would refuse",
        "    python3 TestVectors/strict/limbo_scan.py --self-test   # and that it catches every proposed case",
        "",
        "`base/` is the chain every case starts from: `anchor.der` (self-signed P-256 root, 2025-01-01 to",
        "2045-01-01), `intermediate-1.der` (P-256 CA, pathLen 0), `leaf.der` (P-256, example.com and",
        "www.example.com, EKU serverAuth, critical keyUsage digitalSignature, 397 days from 2026-01-01) and",
        "`crl-1.der` (the intermediate's complete CRL, listing another serial). Under the SSL server policy for",
        "%s at %s both profiles trust it, with or without the CRL." % (manifest["host"], manifest["verify_time"]),
        "",
        "Each case breaks one requirement of one row in one position, re-signing what changed; `cases/<row>/<position>`",
        "holds only the files that differ from `base/`. `cases.json` lists every case: `row`, `position` (leaf,",
        "intermediate, anchor or crl), `variant`, `enforced`, `note`, the files (`leaf`, `intermediates` nearest the",
        "leaf first, `anchor`, `crls`), `host`, `verify_time`, `expected_strict` (`{check, index}` that strict's",
        "failures must include, `index` null for any; `{parse_error: file}`; or `{trusted: true}` for a control",
        "case), `strict` (what `vouch verify --profile strict --json` answered when the vectors were made: trusted",
        "and `Check@index` failures) and `expected_apple` (the same under `--profile apple`). A proposed row's",
        "cases carry `skip_reason`: strict accepts them until the engine enforces the row.",
        "",
        "`Tests/VouchTrustTests/StrictRuleTableTests.swift` runs them through `Trust` on every test run.",
        "",
        "| | rows | cases |",
        "|---|---:|---:|",
        "| enforced (`yes`) | %d | %d |" % (len(rows["yes"]), sum(1 for c in cases if c["enforced"])),
        "| proposed (Gaps) | %d | %d |" % (len(rows["proposed"]), sum(1 for c in cases if not c["enforced"])),
        "| not enforced by design | %d | — |" % len(rows["by design"]),
        "",
        "Enforced cases Apple's profile trusts (the rules strict adds): %d of %d." % (
            len(apple_differs), sum(1 for c in cases if c["enforced"])),
        "",
        "| case | strict | Apple | what is broken |",
        "|---|---|---|---|",
    ]
    def show(answer):
        if "parse_error" in answer:
            return "parse error (%s)" % answer["parse_error"]
        return "trusted" if answer["trusted"] else ", ".join(answer["failures"])
    for case in cases:
        strict = show(case["strict"]) + ("" if case["enforced"] else " *(proposed: %s)*" % (
            "%s@%s" % (case["expected_strict"]["check"], case["expected_strict"]["index"])
            if "check" in case["expected_strict"] else case["expected_strict"]))
        lines.append("| `%s` | %s | %s | %s |" % (case["id"], strict, show(case["expected_apple"]), case["note"]))
    with open(os.path.join(HERE, "README.md"), "w") as handle:
        handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
