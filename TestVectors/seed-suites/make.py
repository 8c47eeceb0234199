#!/usr/bin/env python3
"""Makes the AFNetworking and TrustKit seed suites, afnetworking/ and trustkit/ beside this script.

Each suite holds `cases.json` (one object per XCTest assertion about certificate trust or pinning),
`certs/` (the upstream's test certificates, byte for byte), `LICENSE` (the upstream's MIT notice)
and `SOURCE.txt`. Everything is read from the upstream git repositories at pinned commits:

    AFNetworking/AFNetworking  d9f589cc2c1fe9d55eb5eea00558010afea7a41e
        Tests/Tests/AFSecurityPolicyTests.m, AFHTTPSessionManagerTests.m, AFTestCase.m,
        the certificates of Tests/Resources/; plus AFSecurityPolicyTests.m at ec5c9550^ (4f3c6949),
        the last commit holding the commented-out google.com test, for the two historical cases
    datatheorem/TrustKit       c48790f306234926d66ed1eb04acf0c23b3df5a1
        TrustKitTests/TSKPublicKeyAlgorithmTests.m, TSKPinningValidatorTests.m,
        TSKEndToEndNSURLSessionTests.m, TSKCertificateUtils.m, the certificates of TrustKitTests/

The cases are parsed out of the Objective-C test methods; facts about the certificates (validity
windows, issuers, SPKI hashes) come from `cryptography`. What neither can say (a verify date chosen
inside a chain's validity, the system roots a chain ends in, a status such as `network`, prose
notes) is in the JUDGMENT tables below, each entry with its reason.

    python3 TestVectors/seed-suites/make.py --afnetworking GITDIR --trustkit GITDIR [--out DIR]
    python3 TestVectors/seed-suites/make.py --afnetworking GITDIR --trustkit GITDIR --check

GITDIR is any clone, bare or not, that holds the pinned commits; without them the script clones the
public GitHub repositories into a temporary directory. --out defaults to this script's directory.
--check makes the suites in a temporary directory and compares them with --out: it names every
file that differs and exits 1 if any does. Needs git, Python 3.10+ and `cryptography`.
"""
import argparse
import base64
import copy
import dataclasses
import datetime
import hashlib
import json
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

HERE = Path(__file__).resolve().parent
SCRIPT = "TestVectors/seed-suites/make.py"
UTC = datetime.timezone.utc


@dataclasses.dataclass(frozen=True)
class Upstream:
    name: str  # the suite's directory and the `suite` field of each case
    repo: str  # owner/name on GitHub
    commit: str
    license: str  # the upstream's license file

    @property
    def url(self):
        return f"https://github.com/{self.repo}"


AFNETWORKING = Upstream("afnetworking", "AFNetworking/AFNetworking", "d9f589cc2c1fe9d55eb5eea00558010afea7a41e",
                        "LICENSE")
TRUSTKIT = Upstream("trustkit", "datatheorem/TrustKit", "c48790f306234926d66ed1eb04acf0c23b3df5a1", "LICENSE")


# ==================================================================================================
# JUDGMENT: what the upstream sources cannot say. Every other field is read from them. The tables
# are keyed by test id (Class/testMethod) unless they say otherwise.
# ==================================================================================================

# The date at which a case is asked whether its expected NO still comes from the check the test was
# written for rather than from an expired certificate; it names that flag in each case.
CHECK_DATE = datetime.datetime(2026, 11, 22, tzinfo=UTC)
NO_LONGER_ISOLATES = f"no_longer_isolates_intended_check_at_{CHECK_DATE:%Y_%m_%d}"

# Status of a case that is not `active`. These talk to live servers (apple.com, yahoo.com,
# badssl.com ...) whose certificates have changed since; nothing offline can replay them.
STATUS = {
    "AFHTTPSessionManagerTests/testInvalidServerTrustProducesCorrectErrorForCertificatePinning": "network",
    "AFHTTPSessionManagerTests/testInvalidServerTrustProducesCorrectErrorForPublicKeyPinning": "network",
    "TSKEndToEndNSURLSessionTests/testPinningValidationFailed": "network",
    "TSKEndToEndNSURLSessionTests/testPinningValidationSucceeded": "network",
    "TSKEndToEndNSURLSessionTests/testPinningValidationFailedChainNotTrusted": "network",
    "TSKEndToEndNSURLSessionTests/testPinningValidationFailedChainNotTrustedAndNotPinned": "network",
}

# The google.com test was disabled in 2016 (commented out, "DISABLED UNTIL CERTS HAVE BEEN UPDATED")
# and deleted by ec5c9550 in 2017; its certificates are still in Tests/Resources. Keeping it is a
# choice: it is the only upstream case where a pinned root must be found by path building. It is
# read from the last commit that held it (ec5c9550^ = 4f3c6949), which its cases name as their
# commit; its two assertions become two cases, one per certification path.
AF_HISTORICAL_COMMIT = "ec5c9550598c4b60db10edebed45b155d4c90472^"
AF_HISTORICAL = {
    "AFSecurityPolicyTests/testPolicyWithCertificatePinningAllowsGoogleComServerTrustIncompleteChainWithRootCertificatePinnedAndValidDomainName":
        ("historical_disabled", ("path1", "path2")),
}


@dataclasses.dataclass(frozen=True)
class Chain:
    """What to assume about a server trust the AFNetworking tests evaluate at the current date."""
    verify_date: str  # inside the chain's validity, standing for the era the chain was captured in
    system_roots: tuple  # the system-store roots its paths end in (none of them ship with the test)


# Keyed by the folder of the trust's leaf under certs/. The script checks that each date lies inside
# the chain's validity window and that roots are named exactly for the chains that need them.
AF_CHAINS = {
    # httpbin.org as served in 2020: leaf, Amazon Server CA 1B, Amazon Root CA 1 cross-signed by
    # Starfield Services Root G2, and that root cross-signed by Starfield Class 2. Apple's store
    # holds the two self-signed roots; Starfield Class 2 ends the longest path.
    "HTTPBin.org/HTTPBinOrgServerTrustChain": Chain("2020-06-01T00:00:00Z", (
        "Amazon Root CA 1 (self-signed)",
        "Starfield Services Root Certificate Authority - G2 (self-signed)",
        "Starfield Class 2 Certification Authority")),
    # app.net in 2014-2015, issued under DigiCert High Assurance EV Root CA.
    "ADN.net/ADNNetServerTrustChain": Chain("2015-01-01T00:00:00Z", ("DigiCert High Assurance EV Root CA",)),
    # google.com in January 2016: path 1 ends in GeoTrust Global CA, path 2 (GeoTrust cross-signed)
    # in Equifax Secure Certificate Authority; the test pins one root per path.
    "Google.com/GoogleComServerTrustChainPath1": Chain("2016-01-15T00:00:00Z", (
        "GeoTrust Global CA (self-signed)", "Equifax Secure Certificate Authority")),
    "Google.com/GoogleComServerTrustChainPath2": Chain("2016-01-15T00:00:00Z", (
        "GeoTrust Global CA (self-signed)", "Equifax Secure Certificate Authority")),
    # Self-signed, valid 2014-2024: the date of httpbin.org keeps the suite in one era.
    "SelfSigned": Chain("2020-06-01T00:00:00Z", ()),
}

# +policyWithPinningMode: pins certificatesInBundle(mainBundle): under XCTest that is the test
# runner's bundle, whose certificates nobody can list. Where a case keeps that set, the outcome does
# not depend on it (the only such case runs mode None, which never reads the pinned set).
MAIN_BUNDLE_CERTIFICATES = "<certificatesInBundle(mainBundle) - irrelevant>"

_AMAZON = 'pinned "Amazon" = Server CA 1B intermediate (== httpbin_1.cer)'
_AMAZON_ROOT = ('pinned "Amazon Root CA 1" is the CROSS-SIGNED variant (issuer Starfield Services Root G2, '
                "== httpbin_2.cer); same key as the self-signed Amazon Root CA 1 in the system store")
_GOOGLE = ('Commented out in 2016 ("DISABLED UNTIL CERTS HAVE BEEN UPDATED"), deleted in ec5c9550 (2017). '
           "Server sends an incomplete chain (no root); the pinned ROOT must be found by path building, so the "
           "pinned-cert search must run on the *evaluated* chain. GeoTrust Global CA / Equifax are NOT in Debian "
           "bookworm ca-certificates; the model uses the two root files shipped in Tests/Resources as "
           "era-appropriate system roots. Equifax root is RSA-1024/SHA-1 (rejected by modern SSL policy key-size "
           "rules).")

# Why AFSecurityPolicy answers as it does where that is not obvious ("rule 1" is the first `if` of
# -evaluateServerTrust:forDomain:, which refuses to check a domain without pinning when invalid
# certificates are allowed). A historical test's note goes to both of its cases.
AF_NOTES = {
    "AFSecurityPolicyTests/testPolicyWithPublicKeyPinningAllowsHTTPBinOrgServerTrustWithHTTPBinOrgIntermediateCertificatePinned":
        _AMAZON,
    "AFSecurityPolicyTests/testPolicyWithPublicKeyPinningAllowsHTTPBinOrgServerTrustWithHTTPBinOrgRootCertificatePinned":
        _AMAZON_ROOT,
    "AFSecurityPolicyTests/testPolicyWithCertificatePinningAllowsHTTPBinOrgServerTrustWithHTTPBinOrgIntermediateCertificatePinned":
        _AMAZON,
    "AFSecurityPolicyTests/testPolicyWithCertificatePinningAllowsHTTPBinOrgServerTrustWithHTTPBinOrgRootCertificatePinned":
        _AMAZON_ROOT,
    "AFSecurityPolicyTests/testThatPolicyWithDomainNameValidationAndSelfSignedCommonNameCertificateAllowsServerTrust":
        "hostname is never checked: PublicKey mode + allowInvalid skips evaluation; result is pure key comparison "
        "(CN-only cert would FAIL a real SSL hostname check on iOS13+/macOS10.15+)",
    "AFSecurityPolicyTests/testThatPolicyWithDomainNameValidationAndSelfSignedNoDomainCertificateDoesNotAllowServerTrust":
        "the pinned self-signed cert becomes the sole anchor; SSL(foobar.com) then fails on hostname "
        "(NoDomains has no SAN)",
    "AFSecurityPolicyTests/testThatPolicyWithInvalidCertificatesAllowedAllowsSelfSignedServerTrust":
        "domain nil => rule 1 not applicable; mode None + allowInvalid returns YES without evaluating",
    "AFSecurityPolicyTests/testThatPolicyWithInvalidCertificatesAllowedAndNoPinnedCertificatesAndPublicKeyPinningModeDoesNotAllowSelfSignedServerTrustForValidDomainName":
        "rule 1 (pinned set empty)",
    "AFSecurityPolicyTests/testThatPolicyWithInvalidCertificatesAllowedAndValidPinnedCertificatesAndNoPinningModeDoesNotAllowSelfSignedServerTrustForValidDomainName":
        "rule 1 (mode None) even though a matching cert is pinned",
    "AFSecurityPolicyTests/testThatPolicyWithInvalidCertificatesAllowedAndNoValidPinnedCertificatesAndNoPinningModeAndDomainValidationDoesNotAllowSelfSignedServerTrustForValidDomainName":
        "rule 1",
    "AFSecurityPolicyTests/testPolicyWithCertificatePinningAllowsGoogleComServerTrustIncompleteChainWithRootCertificatePinnedAndValidDomainName":
        _GOOGLE,
}

# What the tests without a trust evaluation assert, in words. Each statement is what holds when the
# test passes, so their `asserted.expected` is true (or the setter's throw / no-throw).
AF_ASSERTIONS = {
    "AFSecurityPolicyTests/testDefaultPolicyPinningModeIsSetToNone":
        "[AFSecurityPolicy defaultPolicy].SSLPinningMode == AFSSLPinningModeNone",
    "AFSecurityPolicyTests/testDefaultPolicyHasInvalidCertificatesAreDisabledByDefault":
        "defaultPolicy.allowInvalidCertificates == NO",
    "AFSecurityPolicyTests/testDefaultPolicyHasDomainNamesAreValidatedByDefault":
        "defaultPolicy.validatesDomainName == YES",
    "AFSecurityPolicyTests/testDefaultPolicyHasNoPinnedCertificates":
        "defaultPolicy.pinnedCertificates.count == 0 (nil set)",
    "AFSecurityPolicyTests/testPolicyWithPublicKeyPinningModeHasPinnedCertificates":
        "`policy.pinnedCertificates > 0` is a POINTER comparison: true iff policyWithPinningMode: produced a "
        "non-nil NSSet (certificatesInBundle(mainBundle), may be empty)",
    "AFSecurityPolicyTests/testPolicyWithPublicKeyPinningModeHasHTTPBinOrgPinnedCertificate":
        "certificatesInBundle(testBundle) (every *.cer at bundle root, raw bytes, NOT parsed) contains exactly "
        "one NSData equal to httpbinorg_02182021.cer",
    "AFSecurityPolicyTests/testPolicyWithCertificatePinningModeHasPinnedCertificates":
        "same pointer comparison as the PublicKey variant",
    "AFSecurityPolicyTests/testPolicyWithCertificatePinningModeHasHTTPBinOrgPinnedCertificate":
        "same as PublicKey variant",
    "AFSecurityPolicyTests/testThatPolicyCanBeCopied":
        "NSCopying: Certificate mode, allowInvalid YES, validatesDomainName NO, pinned {httpbinorg_02182021}: "
        "copy is a distinct object with equal fields and equal pinned set",
    "AFSecurityPolicyTests/testThatPolicyCanBeEncodedAndDecoded":
        "NSSecureCoding round trip (keys SSLPinningMode:NSNumber, allowInvalidCertificates:Bool, "
        "validatesDomainName:Bool, pinnedCertificates:NSSet<NSData>) preserves all four fields",
    "AFHTTPSessionManagerTests/testValidSecureNoPinningSecurityPolicy":
        "baseURL https://example.com, mode None -> setSecurityPolicy: does not throw",
    "AFHTTPSessionManagerTests/testValidInsecureNoPinningSecurityPolicy":
        "baseURL http://example.com, mode None -> no throw",
    "AFHTTPSessionManagerTests/testValidCertificatePinningSecurityPolicy":
        "baseURL https://example.com, mode Certificate -> no throw",
    "AFHTTPSessionManagerTests/testInvalidCertificatePinningSecurityPolicy":
        'baseURL http://example.com, mode Certificate -> throws NSException "Invalid Security Policy"',
    "AFHTTPSessionManagerTests/testValidPublicKeyPinningSecurityPolicy":
        "baseURL https://example.com, mode PublicKey -> no throw",
    "AFHTTPSessionManagerTests/testInvalidPublicKeyPinningSecurityPolicy":
        "baseURL http://example.com, mode PublicKey -> throws",
    "AFHTTPSessionManagerTests/testInvalidCertificatePinningSecurityPolicyWithoutBaseURL":
        "no baseURL, mode Certificate -> throws",
    "AFHTTPSessionManagerTests/testInvalidPublicKeyPinningSecurityPolicyWithoutBaseURL":
        "no baseURL, mode PublicKey -> throws",
    "AFHTTPSessionManagerTests/testInvalidServerTrustProducesCorrectErrorForCertificatePinning":
        "LIVE request to https://apple.com/ with Certificate pinning of google.com.cer (expired 2016) -> failure "
        "NSURLErrorDomain/NSURLErrorServerCertificateUntrusted (-1202), localizedDescription \"The certificate "
        "for this server is invalid. You might be connecting to a server that is pretending to be "
        "\u201capple.com\u201d which could put your confidential information at risk.\"",
    "AFHTTPSessionManagerTests/testInvalidServerTrustProducesCorrectErrorForPublicKeyPinning":
        "same with PublicKey pinning of google.com.cer",
    "AFHTTPSessionManagerTests/testThatServerTrustErrorIsCreatedWithProperUserInfoWithAllParameters":
        "serverTrustErrorForServerTrust:(HTTPBin chain trust) url:https://httpbin.org/get -> userInfo has "
        "NSURLErrorFailingURLPeerTrustErrorKey, NSURLErrorFailingURLErrorKey==url, "
        "NSURLErrorFailingURLStringErrorKey==url.absoluteString",
    "AFHTTPSessionManagerTests/testThatServerTrustErrorIsCreatedWithProperUserInfoWhenTrustIsNil":
        "trust nil -> no PeerTrust key; URL keys present",
    "AFHTTPSessionManagerTests/testThatServerTrustErrorIsCreatedWithProperUserInfoWhenURLIsNil":
        "url nil -> PeerTrust key present; URL keys absent",
    "AFHTTPSessionManagerTests/testThatServerTrustErrorIsCreatedWithProperUserInfoAllParametersAreNil":
        "both nil -> none of the three keys",
}

# What to call the keys TrustKit's tests pin (the comments beside the pins in the sources are
# sometimes wrong, see the notes). Keyed by certificate: the hashes are computed.
TK_CERTIFICATE_LABELS = {
    "certs/RSA_4096/www.good.com.der": "leaf www.good.com",
    "certs/RSA_4096/GoodRootCA.der": "GoodRootCA (current)",
    "certs/RSA_2048/GlobalSignRootCA.der": "GlobalSign Root CA (R1)",
}
# Keyed by pin: keys no shipped certificate holds, identified by hand. GoodRootCA's key before the
# test certificates were re-issued in 2019 (fce4307), and GlobalSign's R3 root.
TK_OTHER_PIN_LABELS = {
    "iQMk4onrJJz/nwW1wCUR0Ycsh3omhbM+PqMEwNof/K0=": "stale pre-2019 GoodRootCA",
    "cGuxAXyFXFkWm61cF4HPWX8S0srS9j0aSqN0k4AP+4A=": "GlobalSign Root CA - R3",
}

# The test is named for an RSA-4096 key; the certificate now holds another (the script checks that
# the key named here is the certificate's).
TK_KEY_NOTES = {
    "TSKPublicKeyAlgorithmTests/testExtractRsa4096": "named RSA-4096 but the 2019 trustme re-issue is RSA-2048",
}

# The handleChallenge: tests assert only a disposition, but the validator runs verifyPublicKeyPin to
# reach it; with their pins (fake ones, or the leaf's key) and a valid chain, only this result gives
# the disposition asserted (cancel, or use the credential).
TK_IMPLIED_VERIFICATION = {
    "TSKPinningValidatorTests/testHandleChallengeCompletionHandlerPinningFailed":
        "TSKTrustEvaluationFailedNoMatchingPin",
    "TSKPinningValidatorTests/testHandleChallengeCompletionHandlerPinningSuccessful": "TSKTrustEvaluationSuccess",
}

# TrustKit fixes the verify date, so this flag is not about dates there: the self-signed www.good.com
# holds an RSA-1024 key, which today's SSL policy refuses before it finds the chain untrusted.
TK_NO_LONGER_ISOLATES = {"TSKPinningValidatorTests/testVerifyAgainstCaPublicKeyAndBadCertificateChain"}

# What a validator test also checks, or why it passes.
TK_NOTES = {
    "TSKPinningValidatorTests/testVerifyAgainstAnyPublicKey": "also asserts SPKI cache persisted (1 entry)",
    "TSKPinningValidatorTests/testVerifyAgainstCAPublicKey":
        "pinned CA is the ANCHOR, not in the presented array: must hash the evaluated chain",
    "TSKPinningValidatorTests/testVerifyAgainstBadPublicKey": "enforcePinning defaults to YES",
    "TSKPinningValidatorTests/testVerifyAgainstBadPublicKeyPinsExpired":
        "policy expirationDate compared with the wall clock ([NSDate date]), not the trust verify date; "
        "callback must NOT fire",
    "TSKPinningValidatorTests/testVerifyAgainstCaPublicKeyAndBadCertificateChain":
        'invalid chain blocks even with enforcePinning NO. Pin "CA key" iQMk\u2026 is the PRE-2019 GoodRootCA key '
        "(stale; irrelevant to the outcome)",
    "TSKPinningValidatorTests/testVerifyAgainstCaPublicKeyAndBadHostname":
        "verifyPublicKeyPin forces SecPolicyCreateSSL(YES, hostname) -> hostname mismatch is a chain failure",
    "TSKPinningValidatorTests/testVerifyAgainstInjectedCaPublicKey":
        'WEAK TEST: the pin labelled "Globalsign CA" (cGux\u2026) is GlobalSign Root CA - R3, but the injected '
        "cert is GlobalSign Root CA (R1, K87o\u2026), so the pin could not match even if the raw presented array "
        "were hashed. See derived case \u2026#correct-R1-pin.",
    "TSKPinningValidatorTests/testDomainNotPinned": "no callback",
    "TSKPinningValidatorTests/testHandleChallengeCompletionHandlerDomainNotPinned":
        "via TrustKit initWithConfiguration",
    "TSKPinningValidatorTests/testHandleChallengeCompletionHandlerPinningFailed":
        "ignorePinsForUserTrustAnchors:YES (macOS-only effect)",
}

# What the TrustKit tests without a single checkable result assert, in words.
_CACHE = "10/100 concurrent hashes of one cert -> cache has exactly 1 entry; no crash"
TK_ASSERTED_NOTES = {
    "TSKPublicKeyAlgorithmTests/testSPKICacheThreadSafetyAndProtectedData": _CACHE,
    "TSKPublicKeyAlgorithmTests/testSPKICacheThreadSafetyAndProtectedDataDoesntCrash": _CACHE,
    "TSKEndToEndNSURLSessionTests/testPinningValidationFailed":
        "decision Block, evaluationResult FailedNoMatchingPin, certificateChain count > 1; request errors",
    "TSKEndToEndNSURLSessionTests/testPinningValidationSucceeded":
        "pin = Google Trust Services CA key; decision Allow, Success; HTTP 200",
    "TSKEndToEndNSURLSessionTests/testPinningValidationFailedChainNotTrusted":
        "pins the self-signed leaf key but chain is untrusted -> Block, FailedInvalidCertificateChain, "
        "certificateChain count == 1",
    "TSKEndToEndNSURLSessionTests/testPinningValidationFailedChainNotTrustedAndNotPinned":
        "config pins www.yahoo.com only; wrong.host.badssl.com is not pinned -> default handling rejects hostname "
        "mismatch; request errors",
}

# A case not upstream: testVerifyAgainstInjectedCaPublicKey pins GlobalSign R3 while it injects R1,
# so it cannot show what it means to. This one pins the injected R1 key (computed) in place of the
# upstream's first pin; the answer must not change, because the injected root is not on the
# evaluated chain. Value: the id suffix and the note.
TK_DERIVED = {
    "TSKPinningValidatorTests/testVerifyAgainstInjectedCaPublicKey": (
        "correct-R1-pin",
        "DERIVED (not upstream): same as testVerifyAgainstInjectedCaPublicKey but pinning the injected GlobalSign "
        "R1 key; must still fail because the injected root is not part of the evaluated chain "
        "[www.good.com, GoodRootCA]"),
}


# ==================================================================================================
# Reading the upstream repositories
# ==================================================================================================

class Tree:
    """The files of one commit of a git repository."""

    def __init__(self, gitdir, commit):
        self.gitdir, self.commit = str(gitdir), commit
        self._git("cat-file", "-e", f"{commit}^{{commit}}")

    def _git(self, *args):
        result = subprocess.run(["git", "-C", self.gitdir, *args], capture_output=True)
        if result.returncode != 0:
            sys.exit(f"git {' '.join(args)} in {self.gitdir}: {result.stderr.decode().strip()}")
        return result.stdout

    def at(self, commit):
        return Tree(self.gitdir, commit)

    def read(self, path):
        return self._git("cat-file", "blob", f"{self.commit}:{path}")

    def text(self, path):
        return self.read(path).decode("utf-8")

    def blob_id(self, path):
        return self._git("rev-parse", f"{self.commit}:{path}").decode().strip()

    def paths(self):
        return [p.decode() for p in self._git("ls-tree", "-r", "-z", "--name-only", self.commit).split(b"\0") if p]


class Bundle:
    """The certificates a test target copies into its bundle. Xcode flattens the resource folders,
    so a test finds a file by its name alone (pathForResource:ofType:) or a folder by its own name.
    `certs/` keeps each file's path below the first of `roots` that holds it."""

    def __init__(self, tree, roots, extensions):
        self.tree, self.roots = tree, roots
        self.files = sorted(p for p in tree.paths()
                            if any(p.startswith(r) for r in roots) and p.endswith(extensions))

    def certs_path(self, path):
        root = next(r for r in self.roots if path.startswith(r))
        return "certs/" + path[len(root):]

    def file(self, name):
        matches = [p for p in self.files if posixpath.basename(p) == name]
        if len(matches) != 1:
            raise ValueError(f"{len(matches)} bundle files named {name!r}")
        return self.certs_path(matches[0])

    def folder(self, name):
        """The files of a folder in the order AFUTTrustChainForCertsInDirectory passes them on:
        -contentsOfDirectoryAtPath: leaves the order open, and upstream numbers the files from the
        leaf up (httpbin_0 ... httpbin_3), so name order is the order meant (check_chain_order checks)."""
        files = [p for p in self.files if posixpath.basename(posixpath.dirname(p)) == name]
        if not files:
            raise ValueError(f"no bundle folder {name!r}")
        return [self.certs_path(p) for p in files]

    def repo_path(self, certs_path):
        return next(p for p in self.files if self.certs_path(p) == certs_path)

    def certificate(self, certs_path):
        return load_certificate(self.tree.read(self.repo_path(certs_path)))


# ==================================================================================================
# Certificates
# ==================================================================================================

def load_certificate(data):
    if data.lstrip().startswith(b"-----BEGIN"):
        return x509.load_pem_x509_certificate(data)
    return x509.load_der_x509_certificate(data)


def spki_sha256(certificate):
    """TrustKit's pin: base64 of SHA-256 over the DER SubjectPublicKeyInfo."""
    spki = certificate.public_key().public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()


def key_description(certificate):
    key = certificate.public_key()
    if isinstance(key, rsa.RSAPublicKey):
        return f"RSA-{key.key_size}"
    if isinstance(key, ec.EllipticCurvePublicKey):
        return f"EC P-{key.curve.key_size}"
    raise ValueError(f"unexpected key {type(key).__name__}")


def issued_by(certificate, issuer):
    """True when `certificate` names `issuer` as its issuer and `issuer`'s key made its signature.
    (Not Certificate.verify_directly_issued_by, which refuses the SHA-1 of the 2014-2016 chains.)"""
    if certificate.issuer != issuer.subject:
        return False
    key, algorithm = issuer.public_key(), certificate.signature_hash_algorithm
    try:
        if isinstance(key, rsa.RSAPublicKey):
            key.verify(certificate.signature, certificate.tbs_certificate_bytes, padding.PKCS1v15(), algorithm)
        elif isinstance(key, ec.EllipticCurvePublicKey):
            key.verify(certificate.signature, certificate.tbs_certificate_bytes, ec.ECDSA(algorithm))
        else:
            return False
    except InvalidSignature:
        return False
    return True


def check_chain_order(paths, certificates):
    for (path, certificate), issuer in zip(zip(paths, certificates), certificates[1:]):
        if not issued_by(certificate, issuer):
            raise ValueError(f"{path} is not issued by the next certificate of its chain")


def validity_window(certificates):
    """The time during which every certificate of the chain is valid."""
    return (max(c.not_valid_before_utc for c in certificates), min(c.not_valid_after_utc for c in certificates))


def needs_system_roots(certificates):
    """Whether a trust without anchors of its own (as every AFNetworking test makes them) depends on
    the system store: it does when its top certificate was issued by a root it does not include, or
    is itself a root (a self-signed CA) that only the store can make trusted. A lone self-signed
    end-entity certificate is no root any store holds, so the store cannot change the answer."""
    top = certificates[-1]
    if not issued_by(top, top):
        return True
    try:
        return top.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    except x509.ExtensionNotFound:
        return False


def rfc3339(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_rfc3339(text):
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


# ==================================================================================================
# Objective-C sources: just enough to read XCTest methods
# ==================================================================================================

_STRING = r'"(?:\\.|[^"\\\n])*"'
_STRING_OR_COMMENT = re.compile(rf"{_STRING}|//[^\n]*|/\*.*?\*/", re.S)


def strip_comments(source):
    """The source without comments; line breaks stay, so line numbers do too."""
    return _STRING_OR_COMMENT.sub(lambda m: m.group() if m.group().startswith('"') else "\n" * m.group().count("\n"),
                                  source)


def mask_strings(code):
    """The code with string literal contents blanked, so a brace or semicolon in a message is not code."""
    return re.sub(_STRING, lambda m: '"' + " " * (len(m.group()) - 2) + '"', code)


def uncomment(source):
    """A file whose commented-out code is to be read as code: drops the `//` opening each line."""
    return re.sub(r"^//", "", source, flags=re.M)


def block(code, start):
    """The text between the first `{` at or after `start` and its matching `}`."""
    masked = mask_strings(code)
    opening = masked.index("{", start)
    depth = 0
    for index in range(opening, len(masked)):
        depth += {"{": 1, "}": -1}.get(masked[index], 0)
        if depth == 0:
            return code[opening + 1:index]
    raise ValueError("unbalanced braces")


@dataclasses.dataclass
class Method:
    cls: str
    name: str
    line: int
    body: str

    @property
    def id(self):
        return f"{self.cls}/{self.name}"


def test_methods(source):
    """The `- (void)testXxx` methods of a file, in order."""
    code = strip_comments(source)
    methods = []
    for match in re.finditer(r"^-\s*\(void\)\s*(test\w+)", mask_strings(code), re.M):
        cls = re.findall(r"@implementation\s+(\w+)", code[:match.start()])[-1]
        methods.append(Method(cls, match.group(1), code.count("\n", 0, match.start()) + 1, block(code, match.end())))
    return methods


def c_functions(source):
    """The C functions of a file, name -> body."""
    code = strip_comments(source)
    return {m.group(1): block(code, m.end() - 1)
            for m in re.finditer(r"^(?:static\s+)?\w+\s+\*?(\w+)\s*\([^)]*\)\s*\{", code, re.M)}


def statements(body):
    """The statements of a method body, whitespace collapsed."""
    pieces, start = [], 0
    for index, char in enumerate(mask_strings(body)):
        if char == ";":
            pieces.append(" ".join(body[start:index].split()))
            start = index + 1
    return [p for p in pieces if p]


def creation_policy(body):
    """The SecPolicy a helper creates its trust with, as written."""
    return re.search(r"SecPolicyRef policy = (SecPolicyCreate\w+\([^)]*\))", body).group(1)


def common_fields(upstream, case_id, file, commit=None):
    return {"id": case_id, "suite": upstream.name, "repo": upstream.repo, "commit": commit or upstream.commit,
            "file": file}


# ==================================================================================================
# AFNetworking
# ==================================================================================================

AF_POLICY_TESTS = "Tests/Tests/AFSecurityPolicyTests.m"
AF_SESSION_TESTS = "Tests/Tests/AFHTTPSessionManagerTests.m"
AF_TEST_CASE = "Tests/Tests/AFTestCase.m"
EVALUATE = "evaluateServerTrust:forDomain:"
# NSURLError.h
NSURL_ERRORS = {"NSURLErrorServerCertificateUntrusted": -1202}


@dataclasses.dataclass
class Policy:
    """An AFSecurityPolicy as a test leaves it. The defaults are AFSecurityPolicy.m's: -init
    validates domain names and refuses invalid certificates; +defaultPolicy pins nothing."""
    constructor: str
    pinning_mode: str
    allow_invalid_certificates: bool = False
    validates_domain_name: bool = True
    pinned_certificates: list = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class ServerTrust:
    helper: str
    certificates: list  # certs/ paths, leaf first
    creation_policy: str


@dataclasses.dataclass
class Evaluation:
    """One XCTAssertTrue/False([policy evaluateServerTrust:trust forDomain:domain])."""
    method: Method
    policy: Policy
    trust: ServerTrust
    domain: object  # str or None
    macro: str


class AFHelpers:
    """The static functions at the top of AFSecurityPolicyTests.m: which bundle file each certificate
    helper loads and which bundle folder each trust helper reads; and the policies that
    AFUTTrustWithCertificate and AFTestCase.m's AFUTTrustChainForCertsInDirectory create trusts with."""

    def __init__(self, source, test_case_source, bundle):
        self.bundle = bundle
        self.certificate_files, self.trust_folders = {}, {}
        functions = {**c_functions(source), **c_functions(test_case_source)}
        for name, body in functions.items():
            if "SecTrustSetAnchorCertificates" in body or "SecTrustSetVerifyDate" in body:
                raise ValueError(f"{name} sets anchors or a verify date: server_trust must say so")
            if resource := re.search(r'pathForResource:@"([^"]+)" ofType:@"(\w+)"', body):
                self.certificate_files[name] = f"{resource.group(1)}.{resource.group(2)}"
            elif "AFUTTrustChainForCertsInDirectory(" in body:
                self.trust_folders[name] = re.search(r'stringByAppendingPathComponent:@"([^"]+)"', body).group(1)
        self.single_policy = creation_policy(functions["AFUTTrustWithCertificate"])
        self.folder_policy = creation_policy(functions["AFUTTrustChainForCertsInDirectory"])

    def certificate(self, helper):
        return self.bundle.file(self.certificate_files[helper])

    def single(self, certificate_helper):
        return ServerTrust(f"AFUTTrustWithCertificate({certificate_helper})", [self.certificate(certificate_helper)],
                           self.single_policy)

    def trust(self, helper):
        return ServerTrust(helper, self.bundle.folder(self.trust_folders[helper]), self.folder_policy)


def af_evaluations(method, helpers):
    """Runs a test method's statements far enough to know the policy, the trust and the domain of
    each evaluateServerTrust:forDomain: it asserts on."""
    if "SecTrustSetAnchorCertificates" in method.body or "SecTrustSetVerifyDate" in method.body:
        raise ValueError(f"{method.id} sets anchors or a verify date: server_trust must say so")
    policy, certificate_helpers, trusts, found = None, {}, {}, []

    def trust_of(expression):
        if expression in trusts:
            return trusts[expression]
        call = re.fullmatch(r"(\w+)\((\w*)\)", expression)
        if call.group(1) == "AFUTTrustWithCertificate":
            return helpers.single(certificate_helpers[call.group(2)])
        return helpers.trust(call.group(1))

    for statement in statements(method.body):
        if m := re.fullmatch(r"(?:SecCertificateRef )?(\w+) = (\w+)\(\)", statement):
            certificate_helpers[m.group(1)] = m.group(2)
        elif m := re.fullmatch(r"SecTrustRef (\w+) = (.+)", statement):
            trusts[m.group(1)] = trust_of(m.group(2))
        elif m := re.fullmatch(r"AFSecurityPolicy \*\w+ = \[AFSecurityPolicy (defaultPolicy"
                               r"|policyWithPinningMode:AFSSLPinningMode(\w+))\]", statement):
            policy = (Policy("defaultPolicy", "None") if m.group(2) is None else
                      Policy("policyWithPinningMode:", m.group(2), pinned_certificates=[MAIN_BUNDLE_CERTIFICATES]))
        elif m := re.fullmatch(r"(?:\w+\.pinnedCertificates = |\[\w+ setPinnedCertificates:)\[NSSet (.*)\]\]?",
                               statement):
            policy.pinned_certificates = [
                helpers.certificate(name if call else certificate_helpers[name])
                for name, call in re.findall(r"SecCertificateCopyData\((\w+)(\(\))?\)", m.group(1))]
        elif m := re.fullmatch(r"(?:\w+\.(allowInvalidCertificates|validatesDomainName) = "
                               r"|\[\w+ set(AllowInvalidCertificates|ValidatesDomainName):)(YES|NO)\]?", statement):
            name = m.group(1) or m.group(2)[0].lower() + m.group(2)[1:]
            field = {"allowInvalidCertificates": "allow_invalid_certificates",
                     "validatesDomainName": "validates_domain_name"}[name]
            setattr(policy, field, m.group(3) == "YES")
        elif m := re.match(r'(XCTAssert(?:True|False))\(\[\w+ evaluateServerTrust:(.+?) forDomain:(nil|@"[^"]*")\]',
                           statement):
            domain = None if m.group(3) == "nil" else m.group(3)[2:-1]
            found.append(Evaluation(method, copy.deepcopy(policy), trust_of(m.group(2)), domain, m.group(1)))
    return found


def af_evaluation_reached(policy, domain):
    """Whether -evaluateServerTrust:forDomain: (AFSecurityPolicy.m) evaluates the trust, and so
    depends on the date, before it answers."""
    mode, allow_invalid = policy.pinning_mode, policy.allow_invalid_certificates
    if domain and allow_invalid and policy.validates_domain_name and (mode == "None" or not policy.pinned_certificates):
        return False  # rule 1: NO straight away
    if mode == "None":
        return not allow_invalid  # allowInvalid: YES without evaluating
    # PublicKey mode evaluates only when invalid certificates are refused; Certificate mode always
    # evaluates again with the pinned certificates as anchors.
    return not allow_invalid or mode == "Certificate"


def af_evaluate_case(bundle, evaluation, case_id, line, status, commit):
    trust, policy = evaluation.trust, evaluation.policy
    certificates = [bundle.certificate(p) for p in trust.certificates]
    check_chain_order(trust.certificates, certificates)
    start, end = validity_window(certificates)
    chain = AF_CHAINS[posixpath.dirname(trust.certificates[0]).removeprefix("certs/")]
    if not start <= parse_rfc3339(chain.verify_date) <= end:
        raise ValueError(f"{case_id}: verify date {chain.verify_date} outside the chain's validity")
    needs_roots = needs_system_roots(certificates)
    if needs_roots != bool(chain.system_roots):
        raise ValueError(f"{case_id}: system roots named for a chain that {'needs' if needs_roots else 'lacks'} them")
    expected = evaluation.macro == "XCTAssertTrue"
    reached = af_evaluation_reached(policy, evaluation.domain)
    return {
        **common_fields(AFNETWORKING, case_id, AF_POLICY_TESTS, commit),
        "line": line,
        "status": status,
        "kind": EVALUATE,
        "policy": dataclasses.asdict(policy),
        "server_trust": {
            "helper": trust.helper,
            "certificates": trust.certificates,
            "creation_policy": trust.creation_policy,
            "anchors": None,  # no AFNetworking test sets anchors or a verify date (AFHelpers, af_evaluations check)
            "verify_date_set_by_test": None,
        },
        "domain": evaluation.domain,
        "asserted": {"macro": evaluation.macro, "expected": expected},
        "chain_validity_window": [rfc3339(start), rfc3339(end)],
        "suggested_verify_date": chain.verify_date,
        "needs_system_roots": needs_roots,
        "system_roots_involved": list(chain.system_roots),
        "note": AF_NOTES.get(evaluation.method.id, ""),
        # A NO stays a NO at any date; a YES does only when the trust is never evaluated.
        "outcome_date_independent": not expected or not reached,
        # An expected NO from an evaluation that an expired chain now fails anyway no longer shows
        # that the intended check (hostname, pinning ...) refuses.
        NO_LONGER_ISOLATES: not expected and reached and not start <= CHECK_DATE <= end,
    }


def af_session_expectation(body):
    """The kind of an AFHTTPSessionManagerTests case and what it asserts."""
    if "serverTrustErrorForServerTrust" in body:
        return "api", "ok"  # every XCTAssert of the method holds
    if re.search(r"\bGET:", body):
        code = re.search(r"XCTAssertEqual\(error\.code, (\w+)\)", body).group(1)
        return "network", f"fail:{NSURL_ERRORS[code]}"
    if "XCTAssertThrows" in body:
        return "setter", "throw"
    if "XCTAssertNoThrow" in body:
        return "setter", "no-throw"
    raise ValueError("unrecognised security policy test")


def afnetworking_cases(tree):
    bundle = Bundle(tree, ["Tests/Resources/"], (".cer",))
    source = tree.text(AF_POLICY_TESTS)
    evaluate, config = [], []
    helpers = AFHelpers(source, tree.text(AF_TEST_CASE), bundle)
    for method in test_methods(source):
        evaluations = af_evaluations(method, helpers)
        if len(evaluations) > 1:
            raise ValueError(f"{method.id}: more than one evaluation, needs ids")
        if evaluations:
            evaluate.append(af_evaluate_case(bundle, evaluations[0], method.id, method.line,
                                             STATUS.get(method.id, "active"), AFNETWORKING.commit))
        else:
            config.append({**common_fields(AFNETWORKING, method.id, AF_POLICY_TESTS), "line": method.line,
                           "status": STATUS.get(method.id, "active"), "kind": "config",
                           "assertion": AF_ASSERTIONS[method.id], "asserted": {"expected": True}})

    historical_tree = tree.at(AF_HISTORICAL_COMMIT)
    historical_source = uncomment(historical_tree.text(AF_POLICY_TESTS))
    historical_helpers = AFHelpers(historical_source, historical_tree.text(AF_TEST_CASE), bundle)
    for method in test_methods(historical_source):
        if method.id not in AF_HISTORICAL:
            continue
        status, suffixes = AF_HISTORICAL[method.id]
        for evaluation, suffix in zip(af_evaluations(method, historical_helpers), suffixes, strict=True):
            for path in evaluation.trust.certificates + evaluation.policy.pinned_certificates:
                repo_path = bundle.repo_path(path)
                if historical_tree.blob_id(repo_path) != tree.blob_id(repo_path):
                    raise ValueError(f"{repo_path} changed since the historical test")
            # The test is not in the file at the pinned commit, so it has no line there.
            evaluate.append(af_evaluate_case(bundle, evaluation, f"{method.id}#{suffix}", None, status,
                                             AF_HISTORICAL_COMMIT))

    session = []
    for method in test_methods(tree.text(AF_SESSION_TESTS)):
        if "AFSecurityPolicy" not in method.body and "serverTrustErrorForServerTrust" not in method.body:
            continue
        kind, expected = af_session_expectation(method.body)
        pinned = [bundle.file(f"{name}.{extension}") for name, extension in
                  re.findall(r'URLForResource:@"([^"]+)" withExtension:@"(\w+)"', method.body)]
        session.append({**common_fields(AFNETWORKING, method.id, AF_SESSION_TESTS), "line": method.line,
                        "status": STATUS.get(method.id, "active"), "kind": kind,
                        "assertion": AF_ASSERTIONS[method.id], "asserted": {"expected": expected},
                        "pinned_certificates": pinned or None})

    cases = evaluate + config + session
    return bundle, {
        "suite": "AFNetworking AFSecurityPolicy",
        "repo": AFNETWORKING.repo,
        "commit": AFNETWORKING.commit,
        "schema_notes": "certificate paths are relative to seed-suites/afnetworking/. server_trust.certificates is "
                        "the array passed to SecTrustCreateWithCertificates (index 0 = leaf). pinned_certificates are "
                        "DER files whose bytes form policy.pinnedCertificates. asserted.expected is what the XCTest "
                        "asserts. ",
        "counts": {
            "total": len(cases),
            "evaluate_active": sum(c["kind"] == EVALUATE and c["status"] == "active" for c in cases),
            "evaluate_historical": sum(c["status"] == "historical_disabled" for c in cases),
            "config": len(config),
            "session_manager": len(session),
            NO_LONGER_ISOLATES: sum(bool(c.get(NO_LONGER_ISOLATES)) for c in cases),
        },
        "cases": cases,
    }


# ==================================================================================================
# TrustKit
# ==================================================================================================

TK_UTILS = "TrustKitTests/TSKCertificateUtils.m"
TK_ALGORITHM_TESTS = "TrustKitTests/TSKPublicKeyAlgorithmTests.m"
TK_VALIDATOR_TESTS = "TrustKitTests/TSKPinningValidatorTests.m"
TK_END_TO_END_TESTS = "TrustKitTests/TSKEndToEndNSURLSessionTests.m"
TK_TRUST_HELPER = "TSKCertificateUtils createTrustWithCertificates:anchorCertificates:"
VALIDATOR_KIND = "verifyPublicKeyPin + TSKPinningValidator"
CF_EPOCH = datetime.datetime(2001, 1, 1, tzinfo=UTC)  # CFAbsoluteTime 0
SUBDOMAIN_FLAGS = ("IncludeSubdomains", "ExcludeSubdomainFromParentPolicy")
TK_SCHEMA_NOTES = (
    "paths relative to seed-suites/trustkit/. All pinning-validator trusts are built with "
    "SecPolicyCreateSSL(true,NULL), SecTrustSetAnchorCertificates([GoodRootCA]) and "
    "SecTrustSetVerifyDate(2016-01-22T13:54:00Z); verifyPublicKeyPin replaces the policy with "
    "SecPolicyCreateSSL(true, hostname), evaluates, then hashes the SPKI of every cert of the EVALUATED chain from "
    "root to leaf.")


def tk_trust_recipe(utils_source):
    """How TSKCertificateUtils' createTrustWithCertificates:... builds every validator test's trust."""
    code = strip_comments(utils_source)
    body = block(code, code.index("createTrustWithCertificates:"))
    seconds = float(re.search(r"CFAbsoluteTime verifyTime = ([\d.]+);", body).group(1))
    return {
        "creation_policy": creation_policy(body),
        # SecTrustSetAnchorCertificates alone makes the anchors the only ones trusted.
        "anchors_only": "SecTrustSetAnchorCertificatesOnly" not in body,
        "verify_date": rfc3339(CF_EPOCH + datetime.timedelta(seconds=seconds)),
    }


def tk_pinned_domains(body):
    """The kTSKPinnedDomains entries of the test's trustKitConfig literal, name -> entry text."""
    config = re.search(r"NSDictionary \*trustKitConfig\s*=(.*?);", body, re.S).group(1)
    return re.findall(r'@"([^"]+)"\s*:\s*@\{([^{}]*)\}', config)


def tk_pins(entry):
    return re.findall(r'@"([^"]+)"', re.search(r"kTSKPublicKeyHashes\s*:\s*@\[(.*?)\]", entry, re.S).group(1))


def tk_domain_config(body):
    domains = tk_pinned_domains(body)
    pinned = [entry for _, entry in domains if "kTSKPublicKeyHashes" in entry]
    if len(pinned) != 1:
        raise ValueError("expected one pinned domain")
    enforce = re.search(r"kTSKEnforcePinning\s*:\s*@(YES|NO)", pinned[0])
    expiration = re.search(r'kTSKExpirationDate\s*:\s*@"([^"]+)"', pinned[0])
    if len(domains) == 1:
        description = domains[0][0]
    else:  # name the subdomain rules that make the domains differ
        description = " + ".join(
            "{} ({})".format(name, ", ".join(flag[0].lower() + flag[1:] for flag in SUBDOMAIN_FLAGS
                                             if re.search(rf"kTSK{flag}\s*:\s*@YES", entry)))
            for name, entry in domains)
    return {
        "domain": description,
        "publicKeyHashes": tk_pins(pinned[0]),
        "enforcePinning": None if enforce is None else enforce.group(1) == "YES",
        "expirationDate": expiration and expiration.group(1),
    }


def tk_hostname(body):
    for pattern in (r'forHostname:@"([^"]+)"', r'\bhost\]\)\.andReturn\(@"([^"]+)"\)', r'initWithHost:@"([^"]+)"'):
        if match := re.search(pattern, body):
            return match.group(1)
    raise ValueError("no hostname")


def tk_decision(body):
    """What a test asserts TSKPinningValidator decides: evaluateTrust:forHostname:'s result, or what
    handleChallenge:completionHandler: does with the challenge."""
    evaluated = re.search(r"XCTAssertEqual\((?:result|\[[^\]]*evaluateTrust:[^\]]*\]),\s*(TSKTrustDecision\w+)\)", body)
    if evaluated:
        return evaluated.group(1)
    if re.search(r"XCTAssertFalse\(wasChallengeHandled\)", body):
        if not re.search(r"XCTAssertFalse\(wasHandlerCalled\)", body):
            raise ValueError("unhandled challenge with a completion handler call")
        method = re.search(r"authenticationMethod\]\)\.andReturn\(NSURLAuthenticationMethod(\w+)\)", body).group(1)
        return f"handled=NO, completion handler not called (authenticationMethod {method})"
    if not re.search(r"XCTAssertTrue\(wasChallengeHandled\)", body):
        raise ValueError("no decision asserted")
    disposition = re.search(r"XCTAssertEqual\(disposition,\s*(\w+)\)", body).group(1)
    if re.search(r"XCTAssertNil\(credential\)", body):
        credential = "nil"
    else:
        expected = re.search(r"XCTAssertEqualObjects\(\w+,\s*(\w+)\)", body).group(1)
        credential = re.search(rf"NSURLCredential \*{expected} = (.+?);", body).group(1)
    return f"handled=YES, disposition={disposition}, credential={credential}"


def tk_pin_labels(pins, certificate_labels):
    def label(pin):
        if len(set(pin.rstrip("="))) == 1:
            return "fake"  # AAAA...= and BBBB...=: placeholders no key hashes to
        return certificate_labels.get(pin) or TK_OTHER_PIN_LABELS[pin]
    return {pin: label(pin) for pin in pins}


def tk_validator_case(method, ivars, recipe, certificate_labels):
    body = method.body
    arrays = {name: [ivars[v.strip()] for v in values.split(",")] for name, values in
              re.findall(r"SecCertificateRef (\w+)\[\d+\] = \{([^}]*)\}", body)}
    if "createTrustWithCertificates:" not in body:
        raise ValueError(f"{method.id} builds its trust another way")
    config = tk_domain_config(body)
    verification = re.search(r"XCTAssertEqual\(verificationResult,\s*(TSKTrustEvaluation\w+)", body)
    verification = verification.group(1) if verification else TK_IMPLIED_VERIFICATION.get(method.id)
    case = {
        **common_fields(TRUSTKIT, method.id, TK_VALIDATOR_TESTS),
        "status": STATUS.get(method.id, "active"),
        "kind": VALIDATOR_KIND,
        "derived": False,
        "server_trust": {
            "helper": TK_TRUST_HELPER,
            "certificates": arrays["certChainArray"],
            "creation_policy": recipe["creation_policy"],
            "anchors": arrays["trustStoreArray"],
            "anchors_only": recipe["anchors_only"],
            "verify_date_set_by_test": recipe["verify_date"],
        },
        "pinned_domain_config": config,
        "hostname": tk_hostname(body),
        "asserted": {"verifyPublicKeyPin": verification, "decision": tk_decision(body)},
        "pin_labels": tk_pin_labels(config["publicKeyHashes"], certificate_labels),
        "note": TK_NOTES.get(method.id, ""),
    }
    # The flag is about the pin verification, so only cases that assert one carry it.
    if verification:
        case[NO_LONGER_ISOLATES] = method.id in TK_NO_LONGER_ISOLATES
    return case


def tk_derived_case(base, bundle, certificate_labels):
    suffix, note = TK_DERIVED[base["id"]]
    case = copy.deepcopy(base)
    injected = bundle.certificate(case["server_trust"]["certificates"][-1])
    pins = [spki_sha256(injected)] + case["pinned_domain_config"]["publicKeyHashes"][1:]
    case.update({"id": f"{base['id']}#{suffix}", "status": "derived", "derived": True, "note": note,
                 "pin_labels": tk_pin_labels(pins, certificate_labels)})
    case["pinned_domain_config"]["publicKeyHashes"] = pins
    return case


def trustkit_cases(tree):
    bundle = Bundle(tree, ["TrustKitTests/Certificates/", "TrustKitTests/"], (".der", ".pem"))
    certificate_labels = {spki_sha256(bundle.certificate(path)): label
                          for path, label in TK_CERTIFICATE_LABELS.items()}

    hashes, caches = [], []
    for method in test_methods(tree.text(TK_ALGORITHM_TESTS)):
        path = bundle.file(re.search(r'createCertificateFromDer:@"([^"]+)"', method.body).group(1) + ".der")
        fields = {**common_fields(TRUSTKIT, method.id, TK_ALGORITHM_TESTS), "status": STATUS.get(method.id, "active")}
        if asserted := re.search(r'XCTAssertEqualObjects\(spkiPin,\s*@"([^"]+)"\)', method.body):
            certificate = bundle.certificate(path)
            if spki_sha256(certificate) != asserted.group(1):
                raise ValueError(f"{method.id}: the certificate's SPKI hash is not the asserted one")
            key = TK_KEY_NOTES.get(method.id, key_description(certificate))
            if key_description(certificate) not in key:
                raise ValueError(f"{method.id}: key note does not name the certificate's key")
            hashes.append({**fields, "kind": "spki_sha256", "certificate": path, "key": key,
                           "asserted": {"spki_sha256_base64": asserted.group(1)}})
        elif "OCMClassMock([UIApplication class])" in method.body and "dispatch_group_async" in method.body:
            caches.append({**fields, "kind": "cache/concurrency (UIApplication mocked)", "certificate": path,
                           "asserted": {"note": TK_ASSERTED_NOTES[method.id]}})
        else:
            raise ValueError(f"{method.id}: neither a hash nor a cache test")

    validator_source = tree.text(TK_VALIDATOR_TESTS)
    setup_code = strip_comments(validator_source)
    setup = block(setup_code, re.search(r"^-\s*\(void\)\s*setUp\b", setup_code, re.M).end())
    ivars = {ivar: bundle.file(name + ".der") for ivar, name in
             re.findall(r'(_\w+) = \[TSKCertificateUtils createCertificateFromDer:@"([^"]+)"\]', setup)}
    recipe = tk_trust_recipe(tree.text(TK_UTILS))
    if recipe["verify_date"] not in TK_SCHEMA_NOTES or not recipe["anchors_only"]:
        raise ValueError("TSKCertificateUtils changed: update TK_SCHEMA_NOTES")
    validators = [tk_validator_case(m, ivars, recipe, certificate_labels) for m in test_methods(validator_source)]
    derived = [tk_derived_case(c, bundle, certificate_labels) for c in validators if c["id"] in TK_DERIVED]

    live = []
    for method in test_methods(tree.text(TK_END_TO_END_TESTS)):
        pinned = [entry for _, entry in tk_pinned_domains(method.body)]
        live.append({**common_fields(TRUSTKIT, method.id, TK_END_TO_END_TESTS),
                     "status": STATUS.get(method.id, "active"), "kind": "live NSURLSession + TSKPinningValidator",
                     "url": re.search(r'dataTaskWithURL:\[NSURL URLWithString:@"([^"]+)"\]', method.body).group(1),
                     "pinned_domain_config": {"publicKeyHashes": tk_pins(pinned[0])},
                     "asserted": {"note": TK_ASSERTED_NOTES[method.id]}})

    cases = hashes + caches + validators + derived + live
    return bundle, {
        "suite": "TrustKit SPKI pinning",
        "repo": TRUSTKIT.repo,
        "commit": TRUSTKIT.commit,
        "schema_notes": TK_SCHEMA_NOTES,
        "counts": {
            "total": len(cases),
            "spki": len(hashes),
            "pinning_validator": len(validators),
            "derived": len(derived),
            NO_LONGER_ISOLATES: sum(bool(c.get(NO_LONGER_ISOLATES)) for c in cases),
        },
        "cases": cases,
    }


# ==================================================================================================
# Output
# ==================================================================================================

def write_suite(out, upstream, tree, bundle, document, source_line):
    directory = out / upstream.name
    if directory.exists():
        shutil.rmtree(directory)
    for path in bundle.files:
        target = directory / bundle.certs_path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(tree.read(path))
    referenced = {p for case in document["cases"] for p in referenced_certificates(case)}
    missing = sorted(referenced - {bundle.certs_path(p) for p in bundle.files})
    if missing:
        raise ValueError(f"{upstream.name}: cases name certificates the bundle lacks: {missing}")
    # indent=1 and no trailing newline: the layout of the copy the Swift tests were written against,
    # so the two compare byte for byte.
    (directory / "cases.json").write_text(json.dumps(document, indent=1))
    (directory / "LICENSE").write_bytes(tree.read(upstream.license))
    (directory / "SOURCE.txt").write_text(source_line + "\n")


def referenced_certificates(case):
    trust = case.get("server_trust") or {}
    policy = case.get("policy") or {}
    paths = [case.get("certificate"), *trust.get("certificates", []), *(trust.get("anchors") or []),
             *(policy.get("pinned_certificates") or []), *(case.get("pinned_certificates") or [])]
    return [p for p in paths if p and p.startswith("certs/")]


def generate(out, afnetworking_dir, trustkit_dir):
    af_tree = Tree(afnetworking_dir, AFNETWORKING.commit)
    bundle, document = afnetworking_cases(af_tree)
    write_suite(out, AFNETWORKING, af_tree, bundle, document,
                f"{AFNETWORKING.url} at {AFNETWORKING.commit} (historical cases: AFSecurityPolicyTests.m at "
                f"{AF_HISTORICAL_COMMIT}), made by {SCRIPT}")
    tk_tree = Tree(trustkit_dir, TRUSTKIT.commit)
    bundle, document = trustkit_cases(tk_tree)
    write_suite(out, TRUSTKIT, tk_tree, bundle, document, f"{TRUSTKIT.url} at {TRUSTKIT.commit}, made by {SCRIPT}")


def differing_files(made, committed):
    """Files of the suites that differ between two directories, each with what is wrong."""
    found = []
    for suite in (AFNETWORKING.name, TRUSTKIT.name):
        files = {}
        for side, root in (("made", made), ("committed", committed)):
            files[side] = {p.relative_to(root).as_posix() for p in (root / suite).rglob("*") if p.is_file()}
        for path in sorted(files["made"] | files["committed"]):
            if path not in files["committed"]:
                found.append(f"not committed: {path}")
            elif path not in files["made"]:
                found.append(f"no longer made: {path}")
            elif (made / path).read_bytes() != (committed / path).read_bytes():
                found.append(f"differs: {path}")
    return found


def clone(upstream, into):
    target = into / f"{upstream.name}.git"
    print(f"cloning {upstream.url}", file=sys.stderr)
    subprocess.run(["git", "clone", "--quiet", "--bare", upstream.url, str(target)], check=True)
    return target


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--afnetworking", type=Path, help="git directory of AFNetworking (default: clone it)")
    parser.add_argument("--trustkit", type=Path, help="git directory of TrustKit (default: clone it)")
    parser.add_argument("--out", type=Path, default=HERE, help="where the suites go (default: %(default)s)")
    parser.add_argument("--check", action="store_true", help="compare a fresh make with --out instead of writing")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        afnetworking = args.afnetworking or clone(AFNETWORKING, scratch)
        trustkit = args.trustkit or clone(TRUSTKIT, scratch)
        if not args.check:
            generate(args.out, afnetworking, trustkit)
            return 0
        made = scratch / "made"
        generate(made, afnetworking, trustkit)
        differences = differing_files(made, args.out)
    for line in differences:
        print(line)
    print(f"{len(differences)} files differ" if differences else "the committed suites are what make.py makes")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
