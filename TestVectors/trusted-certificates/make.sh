#!/usr/bin/env bash
# Makes the p11-kit fixtures of this folder with the real `trust extract` (p11-kit 0.24.1, Debian
# bookworm's `p11-kit` and `p11-kit-modules`) without touching the system's trust configuration:
#
# - four throwaway P-256 CAs from `openssl req -x509` (keys go to /dev/null);
# - a private trust source: `<tmp>/trust/anchors/` (anchors), `<tmp>/trust/blocklist/` (distrusted),
#   and one `.p11-kit` object file at `<tmp>/trust/` (neither: `trusted: false`), the layout
#   p11-kit-trust reads under each of its paths (trust/token.c);
# - a user pkcs11.conf (`user-config: only`) and a p11-kit-trust.module whose
#   `x-init-reserved: paths=<tmp>/trust` points the trust module at that source only, found through
#   HOME=<tmp>/home. p11-kit ignores user configuration when run as root (p11-kit/conf.c), so as root
#   the commands run as `nobody`.
#
#   bash TestVectors/trusted-certificates/make.sh   # writes p11-kit-*.trust.crt here
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home/.config/pkcs11/modules" "$work/trust/anchors" "$work/trust/blocklist" "$work/out"

ca() {  # ca NAME FILE [openssl req options...]
    local name=$1 file=$2; shift 2
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout /dev/null \
        -subj "/CN=$name" -days 36500 "$@" -out "$file" 2>/dev/null
}
ca "Vouch p11-kit Anchor" "$work/trust/anchors/anchor.pem"
ca "Vouch p11-kit Blocklisted" "$work/trust/blocklist/blocked.pem"
ca "Vouch p11-kit Stapled" "$work/stapled.pem"
ca "Vouch p11-kit Untrusted" "$work/untrusted.pem"

# The stapled anchor: the certificate plus three stapled extensions, as Fedora's
# /usr/share/pki/ca-trust-source/ca-bundle.trust.p11-kit writes them: extendedKeyUsage
# (serverAuth, emailProtection) becomes the trust list, p11-kit's OpenSSL reject extension
# 1.3.6.1.4.1.3319.6.10.1 (codeSigning) the reject list, subjectKeyIdentifier (01 02 … 14) the keyid.
openssl x509 -in "$work/stapled.pem" -noout -pubkey > "$work/stapled.pub"
stapled() {  # stapled OID VALUE-HEX: one x-certificate-extension object
    printf '\n[p11-kit-object-v1]\nclass: x-certificate-extension\nlabel: "Vouch p11-kit Stapled"\n'
    printf 'object-id: %s\nvalue: "%s"\n' "$1" "$(printf '%s' "$2" | sed 's/../%&/g')"
    cat "$work/stapled.pub"
}
{
    printf '[p11-kit-object-v1]\nclass: certificate\ncertificate-type: x-509\n'
    printf 'label: "Vouch p11-kit Stapled"\ntrusted: true\n'
    cat "$work/stapled.pem"
    #        Extension SEQUENCE { OID 2.5.29.37, OCTET STRING { SEQUENCE { serverAuth, emailProtection } } }
    stapled 2.5.29.37 301d0603551d250416301406082b0601050507030106082b06010505070304
    #        { OID 1.3.6.1.4.1.3319.6.10.1, OCTET STRING { SEQUENCE { codeSigning } } }
    stapled 1.3.6.1.4.1.3319.6.10.1 301a060a2b060104019977060a01040c300a06082b06010505070303
    #        { OID 2.5.29.14, OCTET STRING { OCTET STRING 01 02 … 14 } }
    stapled 2.5.29.14 301d0603551d0e04160414$(printf '%02x' $(seq 1 20))
} > "$work/trust/anchors/stapled.p11-kit"
{
    printf '[p11-kit-object-v1]\nclass: certificate\ncertificate-type: x-509\n'
    printf 'label: "Vouch p11-kit Untrusted"\ntrusted: false\n'
    cat "$work/untrusted.pem"
} > "$work/trust/untrusted.p11-kit"

printf 'user-config: only\n' > "$work/home/.config/pkcs11/pkcs11.conf"
printf 'module: p11-kit-trust.so\npriority: 1\ntrust-policy: yes\nx-init-reserved: paths=%s\n' \
    "$work/trust" > "$work/home/.config/pkcs11/modules/p11-kit-trust.module"

as_user=()
if [ "$(id -u)" = 0 ]; then
    chown -R nobody: "$work"
    chmod 755 "$work"
    as_user=(runuser -u nobody --)
fi
extract() {  # extract FILTER FILE
    "${as_user[@]}" env HOME="$work/home" trust extract --format=openssl-bundle --filter="$1" "$work/out/$2"
    cp "$work/out/$2" "$here/$2"
    chmod 644 "$here/$2"
}
extract certificates p11-kit-all.trust.crt
extract blocklist p11-kit-blocklist.trust.crt
echo "wrote $here/p11-kit-all.trust.crt and p11-kit-blocklist.trust.crt"
