"""The base chain of the strict-profile vectors and how a case is built from it (for make.py).

Root (self-signed P-256 CA) -> intermediate (P-256 CA, pathLen 0) -> leaf (P-256, example.com),
shaped like TestVectors/example, plus a CRL the intermediate signs for the leaf's scope. The base
chain is trusted under both profiles at VERIFY_TIME for HOST. A `Chain` holds copies of the specs;
a mutation edits them and `files` builds every certificate again, so whatever changed is re-signed
by its issuer.
"""
import datetime

from x509_build import (
    CRLSpec, CertSpec, Ext, OID, RevokedEntry, aki_value, basic_constraints_value, day, dns,
    eku_value, enumerated, general_names, integer, key_usage_value, name, ski_value, uri, aia_value,
    ec_key,
)

VERIFY_TIME = "2026-06-01T00:00:00Z"
HOST = "example.com"

ROOT_KEY = ec_key("root")
INTERMEDIATE_KEY = ec_key("intermediate")
LEAF_KEY = ec_key("leaf")

ROOT_NAME = name((OID.country, "US"), (OID.organization, "Vouch Strict"), (OID.common_name, "Vouch Strict Root CA"))
INTERMEDIATE_NAME = name((OID.country, "US"), (OID.organization, "Vouch Strict"),
                         (OID.common_name, "Vouch Strict Intermediate CA"))
LEAF_NAME = name((OID.country, "US"), (OID.organization, "Vouch Strict"), (OID.common_name, "example.com"))

CA_START, ROOT_END, INTERMEDIATE_END = day(2025, 1, 1), day(2045, 1, 1), day(2035, 1, 1)
LEAF_START = day(2026, 1, 1)
LEAF_END = LEAF_START + datetime.timedelta(days=397)

SERIALS = {"root": bytes.fromhex("1a2b3c4d5e6f70810001"), "intermediate": bytes.fromhex("1a2b3c4d5e6f70810002"),
           "leaf": bytes.fromhex("1a2b3c4d5e6f70810003")}
CRL_NUMBER = 7


def ca_extensions(key_identifier, authority_identifier, path_len=None):
    extensions = [
        Ext(OID.basic_constraints, True, basic_constraints_value(True, path_len)),
        Ext(OID.key_usage, True, key_usage_value("keyCertSign", "cRLSign")),
        Ext(OID.subject_key_identifier, False, ski_value(key_identifier)),
    ]
    if authority_identifier is not None:
        extensions.append(Ext(OID.authority_key_identifier, False, aki_value(authority_identifier)))
    return extensions


def base_root():
    spec = CertSpec(ROOT_KEY, ROOT_NAME, ROOT_NAME, ROOT_KEY, CA_START, ROOT_END, SERIALS["root"], None)
    spec.extensions = ca_extensions(spec.key_identifier, None)
    return spec


def base_intermediate(root):
    spec = CertSpec(INTERMEDIATE_KEY, INTERMEDIATE_NAME, root.subject, root.key, CA_START, INTERMEDIATE_END,
                    SERIALS["intermediate"], None)
    spec.extensions = ca_extensions(spec.key_identifier, root.key_identifier, path_len=0)
    return spec


def base_leaf(intermediate):
    spec = CertSpec(LEAF_KEY, LEAF_NAME, intermediate.subject, intermediate.key, LEAF_START, LEAF_END,
                    SERIALS["leaf"], None)
    spec.extensions = [
        Ext(OID.basic_constraints, True, basic_constraints_value(False)),
        Ext(OID.key_usage, True, key_usage_value("digitalSignature")),
        Ext(OID.extended_key_usage, False, eku_value(OID.server_auth)),
        Ext(OID.subject_alt_name, False, general_names(dns("example.com"), dns("www.example.com"))),
        Ext(OID.subject_key_identifier, False, ski_value(spec.key_identifier)),
        Ext(OID.authority_key_identifier, False, aki_value(intermediate.key_identifier)),
        Ext(OID.authority_info_access, False,
            aia_value((OID.ca_issuers, uri("http://ca.example.net/intermediate.der")))),
    ]
    return spec


def base_crl(intermediate):
    """A complete, conforming CRL from the intermediate: it lists another serial (keyCompromise),
    so the leaf's status is good."""
    entry = RevokedEntry(bytes.fromhex("0bad"), day(2026, 3, 1),
                         [Ext(OID.reason_code, False, enumerated(1))])
    return CRLSpec(intermediate.subject, intermediate.key, day(2026, 5, 1), day(2026, 7, 1), [entry], [
        Ext(OID.authority_key_identifier, False, aki_value(intermediate.key_identifier)),
        Ext(OID.crl_number, False, integer(CRL_NUMBER)),
    ])


class Chain:
    """The certificates of one case: `anchor`, `intermediates` (nearest the leaf first), `leaf`,
    `crls` (None: no CRL given), the hostname and the verify time."""

    def __init__(self, with_crl=False):
        self.anchor = base_root()
        intermediate = base_intermediate(self.anchor)
        self.intermediates = [intermediate]
        self.leaf = base_leaf(intermediate)
        self.crls = [base_crl(intermediate)] if with_crl else None
        self.host = HOST
        self.verify_time = VERIFY_TIME

    @property
    def intermediate(self):
        return self.intermediates[0]

    def position(self, which):
        return {"leaf": self.leaf, "intermediate": self.intermediate, "anchor": self.anchor}[which]

    def reissue_below(self, spec, old_key=None):
        """After `spec`'s subject or key changed: the certificate it issued names it again and is
        signed by its key (its AKI too), and so are the CRLs it signed."""
        old_key = old_key or spec.key
        chain = [self.leaf] + self.intermediates + [self.anchor]
        index = next(i for i, c in enumerate(chain) if c is spec)
        if index > 0:
            child = chain[index - 1]
            child.issuer = spec.subject
            child.signer = spec.key
            if child.find(OID.authority_key_identifier) is not None:
                child.put(OID.authority_key_identifier, aki_value(spec.key_identifier))
        for crl in self.crls or []:
            if crl.signer is old_key:
                crl.issuer = spec.subject
                crl.signer = spec.key

    def rekey(self, spec, key):
        """Gives `spec` another key (its SKI follows) and re-issues what it signed."""
        from x509_build import spki_of
        old_key = spec.key
        spec.key = key
        spec.spki = spki_of(key.public_key())
        if spec.find(OID.subject_key_identifier) is not None:
            spec.put(OID.subject_key_identifier, ski_value(spec.key_identifier))
        if spec.signer is old_key:
            spec.signer = key
        self.reissue_below(spec, old_key)

    def files(self):
        """(leaf DER, [intermediate DER], anchor DER, [CRL DER])."""
        return (self.leaf.der(), [c.der() for c in self.intermediates], self.anchor.der(),
                [c.der() for c in self.crls or []])
