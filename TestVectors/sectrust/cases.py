"""The case table of SECTRUST.md §13, read by make.py (not run on its own).

Each evaluation row states the failing checks (§4 table names, with the chain index) and, by hand,
the result and OSStatus that §13 gives. `derive` recomputes result and status from the failures with
the §4 classes and the §9 priority; a disagreement stops make.py.
"""

# check name -> (class: R recoverable / F fatal, §9 subtype, OSStatus)
CHECKS = {
    "MissingIntermediate": ("R", "Trust", -25318),
    "AnchorTrusted": ("R", "Trust", -67843),
    "BasicConstraints": ("R", "Compliance", -67604),
    "BasicConstraintsCA": ("R", "Compliance", -67605),
    "KeyUsage": ("R", "Usage", -67608),
    "BasicConstraintsPathLen": ("R", "Compliance", -67611),
    "CriticalExtensions": ("R", "Compliance", -67603),
    "NameConstraints": ("R", "Compliance", -67689),
    "TemporalValidity": ("R", "Expired", -67818),
    "WeakKeySize": ("F", "KeySize", -67735),
    "WeakSignature": ("F", "WeakHash", -67815),
    "IdLinkage": ("R", "Compliance", -67610),
    "DuplicateExtension": ("R", "Compliance", -67903),
    "SSLHostname": ("R", "Name", -67602),
    "ExtendedKeyUsage": ("R", "Usage", -67609),
    "ServerAuthEKU": ("R", "Usage", -67609),
    "KeySize": ("R", "KeySize", -67735),
    "SignatureHashAlgorithms": ("R", "WeakHash", -67815),
    "OtherTrustValidityPeriod": ("R", "Compliance", -67901),
}
# §9, highest first (Blocked, Revoked, Denied, Pinning never occur here).
PRIORITY = ["Blocked", "Revoked", "KeySize", "WeakHash", "Denied", "Compliance", "Pinning", "Trust", "Usage",
            "Name", "Expired"]

U, R, F = "unspecified", "recoverableTrustFailure", "fatalTrustFailure"
ERR_SEC_PARAM = -50


def derive(failures):
    """(result, status) per §4.1 and §9 from [(index, check)]: the highest subtype, then the lowest index."""
    if not failures:
        return U, 0
    result = F if any(CHECKS[c][0] == "F" for _, c in failures) else R
    best = min(failures, key=lambda f: (PRIORITY.index(CHECKS[f[1]][1]), f[0]))
    return result, CHECKS[best[1]][2]


def build(refs, keys, verify_default):
    g = refs
    L, P = g["L"], g["P"]
    ROOT, INT, LEAF = g["ROOT"], g["INT"], g["LEAF"]
    cases = []

    def evaluation(case_id, section, description, certificates, *, chain, failures=(), want, notes,
                   anchors="default", anchors_only=None, policy="ssl-server", host="example.com",
                   verify_date=None, complete=True, extra=None):
        if anchors == "default":
            anchors = [ROOT]
        if anchors_only is None:
            anchors_only = anchors is not None
        if policy == "basic":
            host = None
        failures = list(failures)
        for index, check in failures:
            assert check in CHECKS and 0 <= index < len(chain), (case_id, index, check)
        result, status = derive(failures)
        if (result, status) != want:
            raise SystemExit(f"case {case_id}: failures give {(result, status)}, §13 says {want}")
        case = {
            "id": case_id, "section": section, "description": description, "kind": "evaluation",
            "certificates": certificates, "anchors": anchors, "anchors_only": anchors_only,
            "policy": policy, "host": host, "verify_date": verify_date or verify_default,
            "expected": {"result": result, "status": status, "chain": chain,
                         "failures": [{"index": i, "check": c} for i, c in failures],
                         "failures_complete": complete},
            "notes": notes,
        }
        case.update(extra or {})
        cases.append(case)

    def api(case_id, section, description, certificates, steps, *, notes, setup="full", anchors="default",
            anchors_only=None, policy="ssl-server", host="example.com", verify_date=None, expected=None, extra=None):
        assert setup in ("full", "no-anchors", "none")
        if anchors == "default":
            anchors = [ROOT]
        if anchors_only is None:
            anchors_only = anchors is not None
        if policy == "basic":
            host = None
        case = {
            "id": case_id, "section": section, "description": description, "kind": "api",
            "certificates": certificates, "anchors": anchors, "anchors_only": anchors_only,
            "policy": policy, "host": host, "verify_date": verify_date or verify_default,
            "expected": expected, "api": {"setup": setup, "steps": steps}, "notes": notes,
        }
        case.update(extra or {})
        cases.append(case)

    def parse(case_id, section, description, file_name, expected, notes):
        cases.append({"id": case_id, "section": section, "description": description, "kind": "parse",
                      "certificates": [file_name], "expected": expected, "notes": notes})

    full = [LEAF, INT, ROOT]
    from evaluation_cases import add_evaluations
    from api_cases import add_api_and_parse
    add_evaluations(evaluation, g, full)
    add_api_and_parse(api, parse, evaluation, g, keys, full)
    cases.sort(key=lambda c: (int(c["id"].rstrip("abcdefgh")), c["id"]))
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids)), "duplicate case id"
    rows = {int("".join(ch for ch in i if ch.isdigit())) for i in ids}
    assert rows == set(range(1, 55)), sorted(set(range(1, 55)) - rows)
    return {"verify_date_default": verify_default,
            "spec": "/work/shared/spec/SECTRUST.md §13 (expected values derived from §3–§10, §12, §14)",
            "cases": cases}
