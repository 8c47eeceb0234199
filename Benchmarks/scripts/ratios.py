#!/usr/bin/env python3
"""Pairs the benchmarks of one run and prints the table of BENCHMARKS.md, with ratios.

    swift package --allow-writing-to-package-directory benchmark --format markdown --no-progress > run.md
    python3 scripts/ratios.py run.md

Reads the markdown that `swift package benchmark --format markdown` prints: a `### name` heading and
a table of percentiles per benchmark. Names are `<operation> [Vouch]` and `<operation> [swift-...]`.
For each operation: the median (p50) wall-clock time of each library, Vouch's time divided by the
other's at p50 and at p0 (the fastest iteration, the least disturbed by other processes on a shared
machine), and the malloc count of one operation. Operations over N certificates ("..., N
certificates", "... on N bundle certificates") are also given per certificate.
"""
import re
import sys


def parse(text):
    results = {}
    name = None
    for line in text.splitlines():
        if line.startswith("### "):
            name = line[4:].strip()
            results[name] = {}
            continue
        if name is None or not line.startswith("|") or line.startswith("|:") or "Metric" in line:
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        label, values = cells[0], cells[1:]
        scale = 1
        unit = re.search(r"\((ns|μs|us|ms|s|K|M|G)\)", label)
        factors = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9, "K": 1e3, "M": 1e6, "G": 1e9}
        if unit:
            scale = factors[unit.group(1)]
        numbers = [float(v.replace(",", "")) * scale for v in values[:7]]
        key = ("time" if label.startswith("Time (wall clock)") else "mallocs" if label.startswith("Malloc (total)")
               else "memory" if label.startswith("Memory (resident peak)") else None)
        if key:
            results[name][key] = dict(zip(["p0", "p25", "p50", "p75", "p90", "p99", "p100"], numbers))
    return results


def duration(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.0f} ns"


def count_of(operation):
    found = re.search(r"(\d+) (bundle )?certificates", operation)
    return int(found.group(1)) if found else 1


# Everything a chain decision costs but its two signature verifications (issue 16): the example
# chain's cold row minus the P-256 and RSA-2048 verification rows of the same run, for each side
# (swift-certificates' chain minus swift-crypto's verifications). The verification rows hash their
# short fixture message, so this slightly over-subtracts; medians, so it is an estimate.
CHAIN = "chain of 3, 1 root, SSL server policy for example.com"
VERIFICATIONS = ["verify ECDSA P-256 SHA-256", "verify RSA-2048 PKCS#1 v1.5 SHA-256"]


def overhead_row(results):
    def remainder(chain, library, metric, percentile="p50"):
        parts = [results.get(f"{name} [{library}]") for name in VERIFICATIONS]
        if chain is None or any(p is None for p in parts):
            return None
        return chain[metric][percentile] - sum(p[metric][percentile] for p in parts)
    vouch = remainder(results.get(f"{CHAIN} [Vouch]"), "Vouch", "time")
    other = remainder(results.get(f"{CHAIN} [swift-certificates]"), "swift-crypto", "time")
    if vouch is None or other is None:
        return None
    # The same difference of the fastest iterations (p0), the least disturbed on a shared machine.
    vouch0 = remainder(results.get(f"{CHAIN} [Vouch]"), "Vouch", "time", "p0")
    other0 = remainder(results.get(f"{CHAIN} [swift-certificates]"), "swift-crypto", "time", "p0")
    # No malloc difference: each row's count includes the harness's own allocations per iteration
    # (about 16 in the default configuration), so a difference of three rows would be off by one
    # such share; count the overhead's allocations with callgrind instead (BENCHMARKS.md).
    return [f"{CHAIN}, everything but the two signature verifications (derived: chain − P-256 − RSA-2048 rows)",
            duration(vouch), f"{duration(other)} (swift-certificates − swift-crypto)", f"**{vouch / other:.2f}**",
            f"{vouch0 / other0:.2f}", "—", "—"]


def main():
    results = parse(open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read())
    operations = []
    for name in results:
        found = re.match(r"(.*) \[(.*)\]$", name)
        if found and found.group(1) not in operations:
            operations.append(found.group(1))
    print("| operation | Vouch (p50) | other (p50) | Vouch / other, p50 | p0 | mallocs Vouch | mallocs other |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for operation in operations:
        vouch = results.get(f"{operation} [Vouch]")
        # A warm row (Vouch's verification cache) is compared with the other library's cold row.
        compared = operation.replace(", warm verification cache", "")
        other_name, other = next(((library, results[f"{compared} [{library}]"]) for library in ("swift-certificates", "swift-crypto")
                                  if f"{compared} [{library}]" in results), ("", None))
        n = count_of(operation)
        per = f" ({duration(vouch['time']['p50'] / n)}/cert)" if n > 1 else ""
        row = [operation, duration(vouch["time"]["p50"]) + per]
        mallocs_vouch = vouch["mallocs"]["p50"]
        mallocs = f"{mallocs_vouch:.0f}" + (f" ({mallocs_vouch / n:.2f}/cert)" if n > 1 else "")
        if other:
            other_per = f" ({duration(other['time']['p50'] / n)}/cert)" if n > 1 else ""
            ratio50 = vouch["time"]["p50"] / other["time"]["p50"]
            ratio0 = vouch["time"]["p0"] / other["time"]["p0"]
            other_mallocs = other["mallocs"]["p50"]
            row += [f"{duration(other['time']['p50'])}{other_per} ({other_name})", f"**{ratio50:.2f}**", f"{ratio0:.2f}", mallocs,
                    f"{other_mallocs:.0f}" + (f" ({other_mallocs / n:.2f}/cert)" if n > 1 else "")]
        else:
            row += ["—", "—", "—", mallocs, "—"]
        print("| " + " | ".join(row) + " |")
    derived = overhead_row(results)
    if derived:
        print("| " + " | ".join(derived) + " |")
    peak = max((r["memory"]["p100"] for r in results.values() if "memory" in r), default=0)
    print(f"\nPeak resident memory of the benchmark process: {peak / 1e6:.0f} MB.")


if __name__ == "__main__":
    main()
