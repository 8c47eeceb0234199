"""§13 rows about the API (#44–#48, #54) and the parser (#51–#53), read by make.py through cases.py.

An api case is one trust made from `certificates` with `policy`/`host` (SecTrustCreateWithCertificates),
then `api.steps` in order; each step names a call, its arguments and the expected answer. Files are
"certs/…" paths; a key is named by the certificate it comes from.
"""
from cryptography.hazmat.primitives import serialization

from cases import ERR_SEC_PARAM, R, U


def external_representation(public_key):
    """§8: RSA → PKCS#1 RSAPublicKey DER; EC → X9.63 uncompressed point."""
    from cryptography.hazmat.primitives.asymmetric import rsa
    if isinstance(public_key, rsa.RSAPublicKey):
        return public_key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.PKCS1).hex()
    return public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint).hex()


def spki_hex(public_key):
    return public_key.public_bytes(serialization.Encoding.DER,
                                   serialization.PublicFormat.SubjectPublicKeyInfo).hex()


def add_api_and_parse(api, parse, evaluation, g, keys, full):
    L, P = g["L"], g["P"]
    ROOT, INT, LEAF = g["ROOT"], g["INT"], g["LEAF"]
    SYSROOT, SYS_LEAF = g["SYSROOT"], g["SYS_LEAF"]
    leaf_key = {"key_of": LEAF, "external_representation": external_representation(keys["leaf"])}
    system = {"system_roots": [SYSROOT]}

    # --- #44 anchor setter order (needs a modelled system root set, §12 / §14) ------------------
    untrusted = {"result": R, "status": -67843, "chain": [SYS_LEAF, SYSROOT],
                 "failures": [{"index": 1, "check": "AnchorTrusted"}], "failures_complete": True}
    trusted = {"result": U, "status": 0, "chain": [SYS_LEAF, SYSROOT], "failures": [], "failures_complete": True}
    api("44a", "§13 #44; §3; §2.1", "SetAnchorCertificatesOnly(false) before SetAnchorCertificates([root])",
        [SYS_LEAF],
        [{"call": "setAnchorCertificatesOnly", "value": False},
         {"call": "setAnchorCertificates", "anchors": [ROOT]},
         {"call": "evaluateWithError", "expect": untrusted}],
        setup="no-anchors", anchors=[ROOT], anchors_only=True, policy="basic", expected=untrusted, extra=system,
        notes="SetAnchorCertificates overwrites the flag → custom anchors only; the stand-in system root becomes an "
              "untrusted parent, so the chain tops out self-signed and untrusted (−67843; §12: −25318 only if no "
              "system set were modelled). BasicX509 keeps system-rooted SSL rules out of the picture.")
    api("44b", "§13 #44; §3; §2.1", "SetAnchorCertificatesOnly(false) after SetAnchorCertificates([root])",
        [SYS_LEAF],
        [{"call": "setAnchorCertificates", "anchors": [ROOT]},
         {"call": "setAnchorCertificatesOnly", "value": False},
         {"call": "evaluateWithError", "expect": trusted}],
        setup="no-anchors", anchors=[ROOT], anchors_only=False, policy="basic", expected=trusted, extra=system,
        notes="Custom + system anchors: the stand-in system root anchors the chain (the test installs "
              "system_roots as the modelled system set).")

    # --- #45 SecTrustEvaluate's OSStatus --------------------------------------------------------
    failing = {"result": R, "status": -67602, "chain": full, "failures": [{"index": 0, "check": "SSLHostname"}],
               "failures_complete": True}
    api("45", "§13 #45; §1", "SecTrustEvaluate on a failing trust (host other.com)", [LEAF, INT],
        [{"call": "evaluate", "expect": {"return_status": 0, "result": R}},
         {"call": "evaluateWithError", "expect": failing}],
        host="other.com", expected=failing,
        notes="SecTrustEvaluate returns errSecSuccess whenever an evaluation happened; the verdict is the out-param.")

    # --- #46 CopyKey ---------------------------------------------------------------------------
    api("46a", "§13 #46; §8", "SecTrustCopyKey before any evaluation", [LEAF, INT],
        [{"call": "copyKey", "expect": leaf_key, "evaluates": False}],
        notes="The key of certificates[0], from its SPKI; external representation is the X9.63 point.")
    api("46b", "§13 #46; §8", "SecTrustCopyKey on a failed trust", [LEAF, INT],
        [{"call": "evaluateWithError", "expect": failing},
         {"call": "copyKey", "expect": leaf_key}],
        host="other.com", expected=failing, notes="The evaluation result is irrelevant to CopyKey.")
    dsa_failed = {"result": "fatalTrustFailure", "status": -67735, "chain": [L["dsa"], INT, ROOT],
                  "failures": [{"index": 0, "check": "WeakKeySize"}], "failures_complete": False}
    api("46c", "§13 #46; §8", "SecTrustCopyKey with a DSA leaf", [L["dsa"], INT],
        [{"call": "copyKey", "expect": None, "evaluates": True}],
        notes="No SecKey for DSA: CopyKey evaluates, retries with chain[0] (the same cert) and returns nil; "
              "the evaluation it triggers is #25c.", extra={"evaluation_if_asked": dsa_failed})

    # --- #47 GetCertificateAtIndex ----------------------------------------------------------
    api("47", "§13 #47; §1", "GetCertificateAtIndex(0) before evaluate", [LEAF, INT],
        [{"call": "getCertificateAtIndex", "index": 0, "expect": LEAF, "evaluates": False},
         {"call": "getCertificateCount", "expect": 3, "evaluates": True},
         {"call": "getCertificateAtIndex", "index": 1, "expect": INT},
         {"call": "getCertificateAtIndex", "index": 2, "expect": ROOT},
         {"call": "getCertificateAtIndex", "index": 3, "expect": None}],
        expected={"result": U, "status": 0, "chain": full, "failures": [], "failures_complete": True},
        notes="Index 0 is the input leaf without evaluating; other indices evaluate; out of range → nil (§1).")

    # --- #48 errSecParam -------------------------------------------------------------------
    api("48a", "§13 #48; §1", "SecTrustCreateWithCertificates([])", [],
        [{"call": "createWithCertificates", "certificates": [], "policies": ["ssl-server"],
          "expect_status": ERR_SEC_PARAM}],
        setup="none", notes="An empty certificate array is errSecParam; no trust is made.")
    api("48b", "§13 #48; §1", "SecTrustSetPolicies([])", [LEAF, INT],
        [{"call": "setPolicies", "policies": [], "expect_status": ERR_SEC_PARAM}],
        notes="An empty policy array is errSecParam.")
    api("48c", "§13 #48; §1", "SecTrustCreateWithCertificates([leaf], policies: [])", [LEAF],
        [{"call": "createWithCertificates", "certificates": [LEAF], "policies": [], "expect_status": ERR_SEC_PARAM}],
        setup="none", notes="§1: empty policies at creation are errSecParam too (nil would mean [BasicX509]).")

    # --- #51–#53 parser ----------------------------------------------------------------------
    parse("51a", "§13 #51; §10", "DER followed by trailing garbage", g["TRAILING"],
          {"parses": True, "copy_data": LEAF},
          "Trailing bytes after the outer SEQUENCE are ignored; SecCertificateCopyData returns exactly leaf.der.")
    parse("51b", "§13 #51; §10", "PEM text given to SecCertificateCreateWithData", g["PEM"], {"parses": False},
          "Input must be raw DER.")
    parse("51c", "§13 #51; §10", "explicit version 0 (v1 encoded)", P["v0"], {"parses": False},
          "An explicitly encoded version must be 1 or 2.")
    parse("51d", "§13 #51 (control); §10", "version field absent (v1)", P["v1"], {"parses": True, "version": 1},
          "Control for #51c: the same v1 certificate without the explicit version parses.")
    parse("52", "§13 #52; §6", "UTCTime notBefore \"550101000000Z\"", P["utc55"],
          {"parses": True, "not_before": "2001-01-01T00:00:00Z", "not_after": "2027-02-02T00:00:00Z"},
          "Apple's quirk: YY 50–69 silently becomes 2001-01-01T00:00:00Z (RFC 5280 and cryptography say 1955).")
    parse("53", "§13 #53; §6", "GeneralizedTime notBefore with fractional seconds", P["fraction"],
          {"parses": False}, "\"20260101000000.5Z\" is valid DER but Apple accepts no fractional seconds.")

    # --- #54 key equality ----------------------------------------------------------------------
    A, B = L["rsa_a"], L["rsa_b"]
    rsa_rep = external_representation(keys["shared_rsa"])
    no_trust = dict(setup="none", anchors=None, anchors_only=False, policy=None, host=None)
    api("54a", "§13 #54; §8", "RSA keys with the same (n, e) from two different certificates", [A, B],
        [{"call": "keysEqual", "a": {"certificateCopyKey": A}, "b": {"certificateCopyKey": B}, "expect": True},
         {"call": "copyExternalRepresentation", "key": {"certificateCopyKey": A}, "expect_hex": rsa_rep,
          "not_hex": spki_hex(keys["shared_rsa"])},
         {"call": "copyExternalRepresentation", "key": {"certificateCopyKey": B}, "expect_hex": rsa_rep}],
        notes="Equal keys; external representation is PKCS#1 RSAPublicKey, not SPKI. No trust is involved "
              "(SecCertificateCopyKey).", **no_trust)
    api("54b", "§13 #54 (control); §8", "RSA-2048 keys from two certificates with different moduli",
        [A, g["INT_RSA"]],
        [{"call": "keysEqual", "a": {"certificateCopyKey": A}, "b": {"certificateCopyKey": g["INT_RSA"]},
          "expect": False},
         {"call": "copyExternalRepresentation", "key": {"certificateCopyKey": g["INT_RSA"]},
          "expect_hex": external_representation(keys["int_rsa"])}],
        notes="Control: same class and size, different n → not equal.", **no_trust)
    api("54c", "§13 #54 (control); §8", "P-256 keys with the same point from two different certificates",
        [LEAF, L["sha1"]],
        [{"call": "keysEqual", "a": {"certificateCopyKey": LEAF}, "b": {"certificateCopyKey": L["sha1"]},
          "expect": True},
         {"call": "copyExternalRepresentation", "key": {"certificateCopyKey": LEAF},
          "expect_hex": leaf_key["external_representation"]}],
        notes="Control: EC equality is curve + point (leaf.der and leaf-sha1.der share the leaf key); X9.63, 65 bytes.",
        **no_trust)
