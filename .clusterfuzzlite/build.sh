#!/bin/bash -eu
# Builds Vouch's libFuzzer targets the way OSS-Fuzz and ClusterFuzzLite expect, into $OUT:
#   $OUT/<target>                   the fuzzer (Swift runtime and libgmp linked in statically)
#   $OUT/<target>_seed_corpus.zip   its seeds (Fuzz/scripts/make-corpus)
#   $OUT/<target>.dict              DER tags, lengths and OIDs (Fuzz/der.dict); XML plist markup
#                                   for FuzzPropertyList (Fuzz/plist.dict)
#   $OUT/<target>.options           libFuzzer options: max_len, timeout
# Inputs: $SRC (the checkout is $SRC/vouch, or $VOUCH_SRC), $OUT, $WORK (the Swift build folder
# goes there), $SANITIZER, SWIFT6_2FLAGS from the base image's `precompile_swift`, and optionally
# $VOUCH_FUZZ_TARGETS (only these targets). The same file serves an OSS-Fuzz project
# (projects/vouch/build.sh) unchanged. Fuzz/scripts/oss-fuzz-check runs it here without a
# container; see Fuzz/README.md.

VOUCH="${VOUCH_SRC:-$SRC/vouch}"
TARGETS="${VOUCH_FUZZ_TARGETS:-FuzzDERWalk FuzzPEM FuzzCertificate FuzzCMS FuzzSignature FuzzTrust FuzzTrustStructured FuzzDifferential FuzzPropertyList}"

# Sanitizer, libFuzzer and a static Swift runtime, from the base image's precompile_swift: the
# flags for toolchains from 6.2 (SwiftPM told --sanitize=fuzzer, so that it leaves `main` to
# libFuzzer), which Vouch needs (swift-tools-version 6.1, built with 6.3).
if [ -z "${SWIFT6_2FLAGS:-}" ]; then
    . precompile_swift
fi
# swiftc keeps only the last -sanitize= it is given, and SwiftPM hands it --sanitize=fuzzer and
# --sanitize=address as two flags: the Swift code would get ASan but no coverage instrumentation
# (libFuzzer then finds nothing: "Is the code instrumented for coverage?"). One flag naming both,
# last, gives both.
if [ "$SANITIZER" = "coverage" ]; then
    FLAGS="$SWIFT6_2FLAGS -Xswiftc -parse-as-library -Xswiftc -sanitize=fuzzer"
else
    FLAGS="$SWIFT6_2FLAGS -Xswiftc -parse-as-library -Xswiftc -sanitize=fuzzer,$SANITIZER"
fi

# libgmp: the runner image has no libgmp.so, so each fuzzer links Debian's libgmp.a. SwiftPM takes
# the link flags of the CGMP module from pkg-config (`-L$libdir -lgmp`), so a gmp.pc of our own,
# first on PKG_CONFIG_PATH, names a folder that holds only the archive: the linker finds no
# libgmp.so there and takes libgmp.a.
GMP_LIBDIR="$(pkg-config --variable=libdir gmp 2>/dev/null || echo /usr/lib/x86_64-linux-gnu)"
if [ ! -f "$GMP_LIBDIR/libgmp.a" ]; then
    echo "build.sh: no $GMP_LIBDIR/libgmp.a (apt-get install libgmp-dev)" >&2
    exit 1
fi
mkdir -p "$WORK/gmp-static"
ln -sf "$GMP_LIBDIR/libgmp.a" "$WORK/gmp-static/libgmp.a"
cat > "$WORK/gmp-static/gmp.pc" <<PC
Name: GNU MP (static, for fuzzers)
Description: libgmp.a alone, so that -lgmp links it
Version: $(pkg-config --modversion gmp 2>/dev/null || echo 6)
Cflags: -I$(pkg-config --variable=includedir gmp 2>/dev/null || echo /usr/include)
Libs: -L$WORK/gmp-static -lgmp
PC
export PKG_CONFIG_PATH="$WORK/gmp-static${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"

BUILD="$WORK/vouch-fuzz-build"
if [ -z "${VOUCH_FUZZ_TARGETS:-}" ]; then
    # shellcheck disable=SC2086  # FLAGS is a list of flags
    swift build -c release --package-path "$VOUCH/Fuzz" --scratch-path "$BUILD" \
        $FLAGS
else
    # Some targets only (Fuzz/scripts/coverage leaves out FuzzDifferential and so swift-crypto).
    for target in $TARGETS; do
        # shellcheck disable=SC2086
        swift build -c release --package-path "$VOUCH/Fuzz" --scratch-path "$BUILD" --product "$target" \
            $FLAGS
    done
fi
# shellcheck disable=SC2086
BIN="$(swift build -c release --package-path "$VOUCH/Fuzz" --scratch-path "$BUILD" $FLAGS --show-bin-path)"

python3 "$VOUCH/Fuzz/scripts/make-corpus" --force --out "$WORK/corpus" --zip "$OUT" $TARGETS

for target in $TARGETS; do
    cp "$BIN/$target" "$OUT/$target"
    case "$target" in
        FuzzPropertyList) cp "$VOUCH/Fuzz/plist.dict" "$OUT/$target.dict" ;;
        *) cp "$VOUCH/Fuzz/der.dict" "$OUT/$target.dict" ;;
    esac
    case "$target" in
        FuzzSignature) max_len=4096 ;;   # an RSA-4096 key, signature and message
        *) max_len=16384 ;;              # every real certificate and chain of the seeds
    esac
    # timeout: the 10 ms bound per input is measured by the targets themselves (FuzzSupport);
    # 10 s only catches hangs, as Fuzz/scripts/run does.
    printf '[libfuzzer]\nmax_len = %s\ntimeout = 10\n' "$max_len" > "$OUT/$target.options"
done
