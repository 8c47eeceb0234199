"""§13 rows that are plain evaluations (#1–#43, #49, #50), read by make.py through cases.py.

`evaluation(...)` records one manifest row; `want` is §13's answer as (result, status), which
cases.derive must reproduce from the listed failures.
"""
from cases import F, R, U


def add_evaluations(evaluation, g, full):
    L = g["L"]
    ROOT, INT, LEAF = g["ROOT"], g["INT"], g["LEAF"]
    ssl_default = "SSL server policy for example.com, anchors = [root] via SetAnchorCertificates"

    # --- anchors and chain shape -----------------------------------------------------------
    evaluation("1", "§13 #1; §2", "certs [leaf, int], anchors [root]: the plain good chain", [LEAF, INT],
               chain=full, want=(U, 0), notes=f"Baseline: {ssl_default}; chain includes the anchor, count 3.")
    evaluation("2", "§13 #2; §3; §12; §14", "certs [leaf] only: intermediate not supplied", [LEAF],
               chain=[LEAF], failures=[(0, "MissingIntermediate")], want=(R, -25318),
               notes="Vouch's no-network answer (§14: no AIA fetch); Apple with network allowed may fetch the "
                     "intermediate via AIA and succeed (§12).")
    evaluation("3", "§13 #3; §3", "anchors [int]: a non-self-signed anchor", [LEAF, INT], anchors=[INT],
               chain=[LEAF, INT], want=(U, 0),
               notes="The chain stops at the anchor; root (the anchor's issuer) is not appended even though "
                     "nothing else is available.")
    evaluation("4", "§13 #4; §3", "anchors [leaf]: the CA-issued leaf itself is the anchor", [LEAF, INT],
               anchors=[LEAF], chain=[LEAF], want=(U, 0),
               notes="[leaf] is an anchored candidate before any issuer is searched; count 1 although the "
                     "intermediate is in the input.")
    evaluation("5", "§13 #5; §3", "self-signed leaf, anchors [root] (no match)", [g["SS"]],
               chain=[g["SS"]], failures=[(0, "AnchorTrusted")], want=(R, -67843),
               notes="Top is self-signed and unanchored → AnchorTrusted, not MissingIntermediate.")
    evaluation("6", "§13 #6; §3", "self-signed leaf pinned as the anchor", [g["SS"]], anchors=[g["SS"]],
               chain=[g["SS"]], want=(U, 0), notes="A leaf that is its own anchor; all leaf checks still run and pass.")

    # --- date-gated leaf rules on a self-signed anchored leaf --------------------------------
    evaluation("7a", "§13 #7; §4.4 OtherTrustValidityPeriod", "self-signed anchored leaf valid 1096 days, SSL",
               [g["SS_3Y"]], anchors=[g["SS_3Y"]], chain=[g["SS_3Y"]],
               failures=[(0, "OtherTrustValidityPeriod")], want=(R, -67901),
               notes="notBefore 2025-06-01 ≥ 583628400 and 1096 d > 825 d + 1 h.")
    evaluation("7b", "§13 #7; §4.3", "self-signed anchored leaf valid 1096 days, BasicX509", [g["SS_3Y"]],
               anchors=[g["SS_3Y"]], chain=[g["SS_3Y"]], policy="basic", want=(U, 0),
               notes="BasicX509 has no validity-period maximum.")
    evaluation("8a", "§13 #8; §4.4 ServerAuthEKU", "self-signed anchored leaf without EKU, SSL", [g["SS_NOEKU"]],
               anchors=[g["SS_NOEKU"]], chain=[g["SS_NOEKU"]], failures=[(0, "ServerAuthEKU")], want=(R, -67609),
               notes="Absent EKU passes ExtendedKeyUsage but fails ServerAuthEKU (leaf notBefore 2026 > 2019-06-30T23:00Z).")
    evaluation("8b", "§13 #8; §4.4 ServerAuthEKU", "self-signed anchored leaf with EKU anyExtendedKeyUsage only, SSL",
               [g["SS_ANYEKU"]], anchors=[g["SS_ANYEKU"]], chain=[g["SS_ANYEKU"]], failures=[(0, "ServerAuthEKU")],
               want=(R, -67609), notes="anyEKU satisfies ExtendedKeyUsage but ServerAuthEKU needs serverAuth itself.")
    evaluation("8c", "§13 #8; §4.3", "self-signed anchored leaf without EKU, BasicX509", [g["SS_NOEKU"]],
               anchors=[g["SS_NOEKU"]], chain=[g["SS_NOEKU"]], policy="basic", want=(U, 0),
               notes="BasicX509 has no EKU checks.")
    evaluation("8d", "§13 #8; §4.3", "self-signed anchored leaf with anyEKU only, BasicX509", [g["SS_ANYEKU"]],
               anchors=[g["SS_ANYEKU"]], chain=[g["SS_ANYEKU"]], policy="basic", want=(U, 0),
               notes="BasicX509 has no EKU checks.")
    evaluation("9", "§13 #9; §4.4", "self-signed anchored leaf, no EKU, 5 years from 2019-01-01, SSL", [g["SS_2019"]],
               anchors=[g["SS_2019"]], chain=[g["SS_2019"]], verify_date="2021-06-01T00:00:00Z", want=(U, 0),
               notes="Both rules are date-gated on notBefore ≥/> 2019-06-30T23:00Z; verify date moved to 2021-06-01 "
                     "so the 2019–2024 leaf is inside its window.")

    # --- EKU and hostname --------------------------------------------------------------------
    evaluation("10", "§13 #10; §4.4", "leaf EKU clientAuth only", [L["clientauth"], INT],
               chain=[L["clientauth"], INT, ROOT], failures=[(0, "ExtendedKeyUsage"), (0, "ServerAuthEKU")],
               want=(R, -67609), notes="Both EKU checks fail at the leaf; same code either way.")
    evaluation("11", "§13 #11; §5", "hostname other.com", [LEAF, INT], host="other.com", chain=full,
               failures=[(0, "SSLHostname")], want=(R, -67602), notes="Failed evaluations still report the best chain.")
    evaluation("12", "§13 #12; §5.1", "no SAN, subject CN=example.com", [L["nosan"], INT],
               chain=[L["nosan"], INT, ROOT], failures=[(0, "SSLHostname")], want=(R, -67602),
               notes="CN is never used, even without SAN.")
    for sub, host, failures, want, why in [
        ("13a", "a.example.com", [], (U, 0), "one whole label matches *"),
        ("13b", "example.com", [(0, "SSLHostname")], (R, -67602), "label counts differ (2 vs 3)"),
        ("13c", "a.b.example.com", [(0, "SSLHostname")], (R, -67602), "* matches exactly one label"),
    ]:
        evaluation(sub, "§13 #13; §5.3–4", f"SAN *.example.com vs host {host}", [L["wild"], INT], host=host,
                   chain=[L["wild"], INT, ROOT], failures=failures, want=want, notes=why + ".")
    evaluation("14a", "§13 #14; §5.4", "SAN f*.example.com vs host foo.example.com", [L["partial"], INT],
               host="foo.example.com", chain=[L["partial"], INT, ROOT], failures=[(0, "SSLHostname")], want=(R, -67602),
               notes="Partial-label wildcards never match.")
    evaluation("14b", "§13 #14; §5.4", "SAN *.com vs host a.com", [L["starcom"], INT], host="a.com",
               chain=[L["starcom"], INT, ROOT], failures=[(0, "SSLHostname")], want=(R, -67602),
               notes="A wildcard name needs ≥ 3 labels.")
    evaluation("14c", "§13 #14; §5.4", "SAN *.co.uk vs host a.co.uk", [L["starcouk"], INT], host="a.co.uk",
               chain=[L["starcouk"], INT, ROOT], failures=[(0, "SSLHostname")], want=(R, -67602),
               notes="co.uk is an ICANN public suffix; Vouch uses the PSL (Apple fails open only if its PSL test "
                     "is unavailable).")
    evaluation("15a", "§13 #15; §5.3", "hostname A.Example.COM", [L["wild"], INT], host="A.Example.COM",
               chain=[L["wild"], INT, ROOT], want=(U, 0),
               notes="ASCII case-insensitive comparison. Against the default SAN example.com the label counts "
                     "differ (3 vs 2), so §13's row is read against SAN *.example.com.")
    evaluation("15b", "§13 #15; §5.2", "hostname \"example.com.\"", [LEAF, INT], host="example.com.", chain=full,
               want=(U, 0), notes="One trailing dot on the reference is stripped.")
    evaluation("16", "§13 #16; §5.1–2", "SAN dNSName \"example.com.\" vs host example.com", [L["trailingdot"], INT],
               chain=[L["trailingdot"], INT, ROOT], failures=[(0, "SSLHostname")], want=(R, -67602),
               notes="A presented name ending in '.' is not DNS-like and is ignored.")
    evaluation("17a", "§13 #17; §5.5", "host 192.0.2.1 vs SAN iPAddress 192.0.2.1", [L["ipv4"], INT],
               host="192.0.2.1", chain=[L["ipv4"], INT, ROOT], want=(U, 0), notes="IP hostname compared with iPAddress bytes.")
    evaluation("17b", "§13 #17; §5.1, §5.5", "host 192.0.2.1 vs SAN dNSName \"192.0.2.1\"", [L["ipv4dns"], INT],
               host="192.0.2.1", chain=[L["ipv4dns"], INT, ROOT], failures=[(0, "SSLHostname")], want=(R, -67602),
               notes="The dNSName's last label has no letter → ignored; no iPAddress entry.")
    evaluation("18", "§13 #18; §5.5", "host \"[2001:db8::1]\" vs SAN iPAddress 2001:db8::1", [L["ipv6"], INT],
               host="[2001:db8::1]", chain=[L["ipv6"], INT, ROOT], want=(U, 0),
               notes="Brackets allowed, :: expanded, 16-byte comparison.")

    # --- time --------------------------------------------------------------------------------
    evaluation("19a", "§13 #19; §6", "verify date = leaf notAfter exactly", [LEAF, INT], chain=full,
               verify_date="2027-02-02T00:00:00Z", want=(U, 0), notes="notAfter is inclusive.")
    evaluation("19b", "§13 #19; §6", "verify date = leaf notAfter + 1 s", [LEAF, INT], chain=full,
               verify_date="2027-02-02T00:00:01Z", failures=[(0, "TemporalValidity")], want=(R, -67818),
               notes="One second past notAfter is expired.")
    evaluation("20", "§13 #20; §6", "leaf not yet valid (verify date 1 s before notBefore)", [LEAF, INT], chain=full,
               verify_date="2025-12-31T23:59:59Z", failures=[(0, "TemporalValidity")], want=(R, -67818),
               notes="Not-yet-valid reports TemporalValidity/−67818, not errSecCertificateNotValidYet −67819.")
    evaluation("21", "§13 #21; §3; §6", "expired root anchor", [LEAF, INT], anchors=[g["ROOT_EXPIRED"]],
               chain=[LEAF, INT, g["ROOT_EXPIRED"]], failures=[(2, "TemporalValidity")], want=(R, -67818),
               notes="root-expired has root's name and key; the anchored path is rejected by the parent check, then "
                     "chosen as the best (only) path, so the failure is at index 2.")
    evaluation("22", "§13 #22; §9", "expired leaf + hostname mismatch", [LEAF, INT], host="other.com", chain=full,
               verify_date="2027-03-01T00:00:00Z", failures=[(0, "TemporalValidity"), (0, "SSLHostname")],
               want=(R, -67602), notes="Name outranks Expired.")
    evaluation("23", "§13 #23; §9", "untrusted self-signed leaf, expired", [g["SS"]], chain=[g["SS"]],
               verify_date="2027-03-01T00:00:00Z", failures=[(0, "AnchorTrusted"), (0, "TemporalValidity")],
               want=(R, -67843), notes="Trust outranks Expired.")

    # --- keys --------------------------------------------------------------------------------
    for ssl_id, basic_id, row, key, file in [("24a", "24b", "24", "RSA-1024", L["rsa1024"]),
                                             ("26a", "26b", "26", "P-224", L["p224"]),
                                             ("26c", "26d", "26", "Ed25519", L["ed25519"])]:
        evaluation(ssl_id, f"§13 #{row}; §4.4 KeySize; §7", f"{key} leaf, SSL", [file, INT],
                   chain=[file, INT, ROOT], failures=[(0, "KeySize")], want=(R, -67735),
                   notes=f"{key} is below the SSL minimum (RSA 256 bytes, EC 32 bytes, EdDSA never) but not weak.")
        evaluation(basic_id, f"§13 #{row}; §4.3; §7", f"{key} leaf, BasicX509", [file, INT],
                   chain=[file, INT, ROOT], policy="basic", want=(U, 0),
                   notes=f"BasicX509 only rejects weak keys (RSA < 128 bytes, EC < 20 bytes); {key} is not weak.")
    evaluation("25a", "§13 #25; §4.3 WeakKeySize; §7", "RSA-512 leaf, SSL", [L["rsa512"], INT],
               chain=[L["rsa512"], INT, ROOT], failures=[(0, "WeakKeySize"), (0, "KeySize")], want=(F, -67735),
               notes="64-byte modulus: weak (fatal) and below the SSL minimum.")
    evaluation("25b", "§13 #25; §4.3 WeakKeySize; §7", "RSA-512 leaf, BasicX509", [L["rsa512"], INT],
               chain=[L["rsa512"], INT, ROOT], policy="basic", failures=[(0, "WeakKeySize")], want=(F, -67735),
               notes="Weak key is fatal under every policy.")
    evaluation("25c", "§13 #25; §4.3 WeakKeySize; §7", "DSA-2048 leaf, SSL", [L["dsa"], INT],
               chain=[L["dsa"], INT, ROOT], failures=[(0, "WeakKeySize")], want=(F, -67735), complete=False,
               notes="DSA has no SecKey → WeakKeySize (fatal) whatever its size; whether SSL KeySize also fails for "
                     "a key it cannot size is not stated in SECTRUST.md, so it is not listed.")
    evaluation("25d", "§13 #25; §4.3 WeakKeySize; §7", "DSA-2048 leaf, BasicX509", [L["dsa"], INT],
               chain=[L["dsa"], INT, ROOT], policy="basic", failures=[(0, "WeakKeySize")], want=(F, -67735),
               notes="Unsupported key algorithm is fatal under every policy.")

    # --- hashes ------------------------------------------------------------------------------
    evaluation("27a", "§13 #27; §4.4 SignatureHashAlgorithms", "SHA-1-signed leaf, SSL", [L["sha1"], INT],
               chain=[L["sha1"], INT, ROOT], failures=[(0, "SignatureHashAlgorithms")], want=(R, -67815),
               notes="ecdsa-with-SHA1 on a non-self-signed leaf.")
    evaluation("27b", "§13 #27; §4.3; §7", "SHA-1-signed leaf, BasicX509", [L["sha1"], INT],
               chain=[L["sha1"], INT, ROOT], policy="basic", want=(U, 0), notes="BasicX509 accepts SHA-1.")
    evaluation("27c", "§13 #27; §4.4 SignatureHashAlgorithms", "SHA-1-signed intermediate, SSL", [LEAF, g["INT_SHA1"]],
               chain=[LEAF, g["INT_SHA1"], ROOT], failures=[(1, "SignatureHashAlgorithms")], want=(R, -67815),
               notes="intermediate-sha1 has intermediate's name and key, signed by root with sha1WithRSAEncryption.")
    evaluation("27d", "§13 #27; §4.3; §2.3", "SHA-1-signed intermediate, BasicX509", [LEAF, g["INT_SHA1"]],
               chain=[LEAF, g["INT_SHA1"], ROOT], policy="basic", want=(U, 0),
               notes="Accepted; the SHA-2-leaf caveat keeps searching but no better path exists.")
    evaluation("28a", "§13 #28; §7", "SHA-1 self-signed root as the anchor", [LEAF, INT], anchors=[g["ROOT_SHA1"]],
               chain=[LEAF, INT, g["ROOT_SHA1"]], want=(U, 0),
               notes="Self-signed certs are skipped by the hash rule; root-sha1 has root's name and key.")
    evaluation("28b", "§13 #28; §3; §7", "SHA-1 self-signed leaf pinned as the anchor", [g["SS_SHA1"]],
               anchors=[g["SS_SHA1"]], chain=[g["SS_SHA1"]], want=(U, 0),
               notes="A self-signed pinned leaf passes the SHA-1 ban; RSA-2048 so KeySize passes.")
    evaluation("29a", "§13 #29; §4.3 WeakSignature", "MD5-signed intermediate, SSL", [LEAF, g["INT_MD5"]],
               chain=[LEAF, g["INT_MD5"], ROOT], failures=[(1, "WeakSignature"), (1, "SignatureHashAlgorithms")],
               want=(F, -67815),
               notes="Chain includes root: the parent check parks the path as rejected and it is reconsidered for "
                     "scoring (as in #21); the WeakHash code is the same for any chain.")
    evaluation("29b", "§13 #29; §4.3 WeakSignature", "MD5-signed intermediate, BasicX509", [LEAF, g["INT_MD5"]],
               chain=[LEAF, g["INT_MD5"], ROOT], policy="basic", failures=[(1, "WeakSignature")], want=(F, -67815),
               notes="MD5 is fatal under every policy on a non-self-signed cert.")
    evaluation("29c", "§13 #29; §4.3; §7", "MD5 self-signed root as the anchor", [LEAF, INT], anchors=[g["ROOT_MD5"]],
               chain=[LEAF, INT, g["ROOT_MD5"]], want=(U, 0),
               notes="Self-signed certs are exempt from WeakSignature and SignatureHashAlgorithms.")

    # --- signatures --------------------------------------------------------------------------
    evaluation("30", "§13 #30; §7; §14 RSA-PSS", "RSA-PSS-signed leaf under an RSA intermediate",
               [L["pss"], g["INT_RSA"]], chain=[L["pss"], g["INT_RSA"], ROOT], want=(U, 0),
               notes="Vouch's answer: §14 says this engine verifies RSA-PSS; Apple never does, giving §13's "
                     "answer recorded in apple_expected (chain [leaf], −25318).",
               extra={"divergence": "§14 RSA-PSS",
                      "apple_expected": {"result": R, "status": -25318, "chain": [L["pss"]],
                                         "failures": [{"index": 0, "check": "MissingIntermediate"}],
                                         "failures_complete": True}})
    evaluation("31", "§13 #31; §2.3; §7", "leaf signed by the wrong key, intermediate present", [L["wrongkey"], INT],
               chain=[L["wrongkey"]], failures=[(0, "MissingIntermediate")], want=(R, -25318),
               notes="Name and AKI point at the intermediate, but a bad signature discards the path.")

    # --- structure ---------------------------------------------------------------------------
    for sub, key, check, status, what in [
        ("32a", "INT_NOBC", "BasicConstraints", -67604, "v3 intermediate without BasicConstraints"),
        ("32b", "INT_NOTCA", "BasicConstraintsCA", -67605, "intermediate with BasicConstraints cA=false"),
        ("32c", "INT_KU", "KeyUsage", -67608, "intermediate with KeyUsage lacking keyCertSign"),
    ]:
        evaluation(sub, "§13 #32; §4.2", what, [LEAF, g[key]], chain=[LEAF, g[key], ROOT],
                   failures=[(1, check)], want=(R, status),
                   notes="Same name and key as intermediate.der; parent check rejects, path still reported anchored.")
    evaluation("33", "§13 #33; §3; §4.2", "anchor v3 without BasicConstraints (not the leaf)", [LEAF, INT],
               anchors=[g["ROOT_NOBC"]], chain=[LEAF, INT, g["ROOT_NOBC"]], failures=[(2, "BasicConstraints")],
               want=(R, -67604), notes="A trusted anchor that is not the leaf must still be a v3 CA.")
    evaluation("34", "§13 #34; §4.2", "pathLen 0 intermediate with another intermediate below",
               [L["sub"], g["INT_SUB"], g["INT_PL0"]], chain=[L["sub"], g["INT_SUB"], g["INT_PL0"], ROOT],
               failures=[(1, "BasicConstraintsPathLen")], want=(R, -67611),
               notes="Index 1 (the sub-CA that exceeds the length) follows RFC 5280 §6.1.4(l); SECTRUST.md names "
                     "the check, not the index.")
    evaluation("35a", "§13 #35; §4.2", "unknown critical extension in the leaf", [L["crit"], INT],
               chain=[L["crit"], INT, ROOT], failures=[(0, "CriticalExtensions")], want=(R, -67603),
               notes="OID 1.3.6.1.4.1.32473.1.1 (documentation PEN) is unknown to everyone.")
    evaluation("35b", "§13 #35; §3", "unknown critical extension in the trusted anchor", [LEAF, INT],
               anchors=[g["ROOT_CRIT"]], chain=[LEAF, INT, g["ROOT_CRIT"]], want=(U, 0),
               notes="A trusted anchor's unknown critical extensions are not checked.")
    evaluation("36", "§13 #36; §4.3 IdLinkage", "leaf AKI ≠ intermediate SKI, signature valid",
               [L["akimismatch"], INT], chain=[L["akimismatch"], INT, ROOT], failures=[(0, "IdLinkage")],
               want=(R, -67610), notes="AKI does not choose issuers; the mismatch is reported on the child (index 0).")
    NC = g["INT_NC"]
    evaluation("37a", "§13 #37; §4.2 NameConstraints", "NC permitted example.com, leaf SAN other.com, host other.com",
               [L["ncother"], NC], host="other.com", chain=[L["ncother"], NC, ROOT],
               failures=[(0, "NameConstraints")], want=(R, -67689),
               notes="Host set to other.com so NameConstraints is the only failure.")
    evaluation("37b", "§13 #37; §4.2; §9", "NC permitted example.com, leaf SAN other.com, default host example.com",
               [L["ncother"], NC], chain=[L["ncother"], NC, ROOT],
               failures=[(0, "NameConstraints"), (0, "SSLHostname")], want=(R, -67689),
               notes="§13 defaults (host example.com) add a hostname failure; Compliance outranks Name.")
    evaluation("37c", "§13 #37 (control); §4.2", "NC permitted example.com, leaf SAN www.example.com",
               [L["ncok"], NC], host="www.example.com", chain=[L["ncok"], NC, ROOT], want=(U, 0),
               notes="Control: a subdomain at a label boundary is inside the permitted subtree.")
    evaluation("38", "§13 #38; §4.3 DuplicateExtension; §10", "duplicate SAN extension in the leaf",
               [L["dupsan"], INT], chain=[L["dupsan"], INT, ROOT], failures=[(0, "DuplicateExtension")],
               want=(R, -67903),
               notes="Parses (flagged at evaluation); both SANs say example.com so the hostname matches either way.")

    # --- inputs ------------------------------------------------------------------------------
    evaluation("39", "§13 #39; §1", "certs [root, int, leaf] reversed, BasicX509", [ROOT, INT, LEAF],
               policy="basic", chain=[ROOT], want=(U, 0),
               notes="Index 0 is always the 'leaf': the root is an anchor by itself; the other inputs are unused.")
    evaluation("40", "§13 #40; §1", "unrelated extra certificate in the input", [LEAF, g["UNRELATED"], INT],
               chain=full, want=(U, 0), notes="unrelated-root is ignored and never appears in the chain.")
    evaluation("41", "§13 #41; §2.2", "int's issuer Name is UTF8String, root's subject PrintableString",
               [LEAF, g["INT_UTF8"]], chain=[LEAF, g["INT_UTF8"]], failures=[(1, "MissingIntermediate")],
               want=(R, -25318),
               notes="Same text, different string type → no issuer match although root's signature is valid.")
    evaluation("42a", "§13 #42; §2.3", "two candidate intermediates, expired one listed first",
               [LEAF, g["INT_EXPIRED"], INT], chain=full, want=(U, 0),
               notes="Both have the same name and key; the valid one is preferred.")
    evaluation("42b", "§13 #42; §2.3", "two candidate intermediates, expired one listed last",
               [LEAF, INT, g["INT_EXPIRED"]], chain=full, want=(U, 0),
               notes="Order-independence of #42a (DFS explores the last-returned issuer first).")
    evaluation("43a", "§13 #43; §3", "SetAnchorCertificates([]), certs [leaf, int]", [LEAF, INT], anchors=[],
               chain=[LEAF, INT], failures=[(1, "MissingIntermediate")], want=(R, -25318),
               notes="Nothing is trusted; root is not supplied, so the top is the non-self-signed intermediate.")
    evaluation("43b", "§13 #43; §3", "SetAnchorCertificates([]), certs [leaf, int, root]", [LEAF, INT, ROOT],
               anchors=[], chain=full, failures=[(2, "AnchorTrusted")], want=(R, -67843),
               notes="Nothing is trusted; the supplied self-signed root tops the chain untrusted.")

    # --- policies ----------------------------------------------------------------------------
    evaluation("49", "§13 #49; §4.4", "SSL server policy with host nil, leaf without SAN", [L["nosan"], INT],
               host=None, chain=[L["nosan"], INT, ROOT], want=(U, 0),
               notes="No hostname check at all: a leaf that matches no name passes.")
    evaluation("50a", "§13 #50; §4.4 (client)", "SSL client policy, RSA-1024 SHA-1 leaf, EKU clientAuth",
               [L["client"], INT], policy="ssl-client", chain=[L["client"], INT, ROOT], want=(U, 0),
               notes="The client policy has no KeySize, SHA-1 ban or serverAuth rules; host example.com matches the SAN.")
    evaluation("50b", "§13 #50 (control); §4.4; §9", "the #50 leaf under the SSL server policy", [L["client"], INT],
               chain=[L["client"], INT, ROOT],
               failures=[(0, "KeySize"), (0, "SignatureHashAlgorithms"), (0, "ExtendedKeyUsage"), (0, "ServerAuthEKU")],
               want=(R, -67735), notes="Control: four server-only failures; KeySize outranks WeakHash and Usage.")
