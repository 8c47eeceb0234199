"""Renders README.md from the manifest, so the file notes and the case list never drift from make.py."""

HEAD = """\
# SecTrust edge cases (SECTRUST.md §13)

Vectors for the 54 edge cases of `/work/shared/spec/SECTRUST.md` §13: certificates (DER) and
`manifest.json`, which a table-driven test reads (one driver for every row). Made by `make.py` with
Python's `cryptography` (a fixture tool, never part of the engine) and a small DER encoder of its own,
so odd encodings come out of the same code as ordinary ones. The private keys live only in memory
while it runs and are never written, so these files are fixed once committed; running it again
replaces every file (new keys, new DER, new key hex in the manifest): commit them all together.
This README is written by `make.py` too.

    python3 TestVectors/sectrust/make.py

The run ends with self-checks and stops on any failure (nothing is written then): every file loads
with `cryptography`'s `load_der_x509_certificate` except the ones listed below, which must not; every
chain edge of the generator and every expected chain is linked by exact name bytes and a signature
that verifies (and `leaf-wrong-key.der` must not verify); each certificate has the property its note
claims; each chain's validity windows agree with the expected TemporalValidity failures and its top
with the expected Trust failure; each row's result and status equal what the §4 classes and the §9
priority give for its failures, and what §13 states.

`openssl x509 -inform DER` is asked too when it is installed: it must load every file except
`certs/leaf.pem` (it tolerates the trailing bytes, the explicit version 0 and the fractional seconds).
Files `cryptography` does not load as DER (checked on every run):

{not_parsed}

## Files

| file | what it is |
|---|---|
| `make.py` | the generator: keys (memory only), every certificate, self-check driver |
| `x509_parts.py` | the DER encoder and X.509 pieces (names, SPKI, signature algorithms, extensions) |
| `cases.py` | check table (§4 class, §9 subtype, OSStatus), `derive` (result/status from failures), row builders |
| `evaluation_cases.py` | rows #1–#43, #49, #50 (evaluations) |
| `api_cases.py` | rows #44–#48, #54 (API calls) and #51–#53 (parser) |
| `properties.py` | self-checks: each certificate's special property; chain links, dates and trust failures agree |
| `readme.py` | writes this README from the manifest |
| `manifest.json` | the cases (below) and a `files` map: certificate → what is special |
| `certs/` | the certificates, one line each below |

## Defaults

SSL server policy, host `example.com`, anchors `[root.der]` via `SetAnchorCertificates` (so
anchorsOnly = true), verify date `2026-06-01T00:00:00Z`. Root RSA-2048, 2025-01-01 → 2035-01-01;
intermediate P-256, same window; leaf P-256, SAN dNSName `example.com`, EKU serverAuth, critical KU
digitalSignature, 2026-01-01 → 2027-02-02 (397 days); every signature SHA-256 unless a case says
otherwise. The system root set must be **empty** for every case except those with `system_roots`.

## Manifest fields

Top level: `verify_date_default`, `spec`, `cases`, `files` (path → one-line note, as in the table below).

Every case: `id` (§13 row number, a letter per variant; rows marked "control" add a counterpart §13
does not list), `section` (§13 row and the sections the answer comes from), `description`, `kind`
(`evaluation`, `api`, `parse`), `certificates` (paths relative to this folder, in
`SecTrustCreateWithCertificates` order; index 0 is the leaf), `notes` (what is special; where the
answer is a choice or differs from Apple, it says so).

Evaluation and api cases also have: `anchors` (list for `SetAnchorCertificates`; `[]` = called with
an empty array; `null` = never called, system anchors), `anchors_only` (the flag in effect after the
setup), `policy` (`ssl-server`, `ssl-client`, `basic`; `null` when no trust is involved), `host`
(`null` = no hostname given, always for `basic`), `verify_date` (set with `SetVerifyDate`), and
`expected`:

* `result`: `unspecified`, `recoverableTrustFailure` or `fatalTrustFailure`;
* `status`: what `SecTrustEvaluateWithError` reports (0 on success, else the §9 code);
* `chain`: the built chain, leaf first, anchor included when anchored (`GetCertificateCount/AtIndex`);
* `failures`: `{index, check}` with the check names of SECTRUST.md §4 — the failures the spec makes
  certain; `failures_complete` is true when no other failure may appear (false: others may, and the
  test should only require the listed ones).

Optional: `system_roots` (certificates the test installs as the modelled system root set, §12/§14:
only #44), `divergence` + `apple_expected` (Apple's answer where Vouch deliberately differs: #30),
`evaluation_if_asked` (#46c: the evaluation CopyKey triggers).

An `api` case runs `api.steps` in order after the setup named by `api.setup`: `full` = make one
trust from `certificates`, `policy` and `host` (`SecTrustCreateWithCertificates`), call
`SetAnchorCertificates(anchors)` unless `anchors` is null, and `SetVerifyDate(verify_date)`;
`no-anchors` = the same without the anchor call (the steps make it; `anchors`/`anchors_only` then
give the state after the steps); `none` = no trust before the steps (they create one or use
certificates alone). A step has `call` and its arguments;
`expect` is the answer (`null` = nil), `expect_status` an OSStatus the call returns, `evaluates`
whether the call must (true) or must not (false) run an evaluation. Calls: `evaluate`
(`return_status` and `result`), `evaluateWithError` (an `expected` object as above),
`setAnchorCertificates`, `setAnchorCertificatesOnly`, `setPolicies`, `createWithCertificates`,
`copyKey` (`key_of`: the certificate whose key it is; `external_representation`: hex of
`SecKeyCopyExternalRepresentation`), `getCertificateAtIndex`, `getCertificateCount`, `keysEqual`
(`a`, `b`: `{certificateCopyKey: path}`), `copyExternalRepresentation` (`expect_hex`; `not_hex` is the
SPKI it must not be). `expected` at the case level is the answer of the last evaluation, or `null`.

A `parse` case feeds the file's bytes to `SecCertificateCreateWithData`: `expected.parses`, and when
it parses, `copy_data` (the file `SecCertificateCopyData` returns byte for byte), `not_before`,
`not_after`, `version`.
"""


def render(manifest, not_parsed):
    listed = "\n".join(f"* `{path}`: {why}" for path, why in sorted(not_parsed.items()))
    lines = [HEAD.replace("{not_parsed}", listed), "## Cases\n", "| id | kind | description | expected |", "|---|---|---|---|"]
    for case in manifest["cases"]:
        e = case.get("expected")
        if case["kind"] == "parse":
            answer = "parses" if e["parses"] else "nil"
        elif e is None:
            answer = "see steps"
        else:
            answer = e["result"] + ("" if e["status"] == 0 else f" {e['status']}")
            if e["failures"]:
                answer += " (" + ", ".join(f"{f['check']}@{f['index']}" for f in e["failures"]) + ")"
        lines.append(f"| {case['id']} | {case['kind']} | {case['description']} | {answer} |")
    lines += ["", "## Certificates\n", "| file | what is special |", "|---|---|"]
    for path, note in manifest["files"].items():
        lines.append(f"| `{path}` | {note} |")
    return "\n".join(lines) + "\n"
