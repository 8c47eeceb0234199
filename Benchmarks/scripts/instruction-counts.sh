#!/bin/sh
# Instructions per operation, counted by callgrind (perf events are not offered on these machines):
# each operation runs 1 and 11 times; (total(11) - total(1)) / 10 is the count of one operation
# without start-up. Repeatable whatever else the machine is doing.
#
#     cd Benchmarks && scripts/instruction-counts.sh      # needs valgrind (apt-get install valgrind)
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product InstructionCounts >/dev/null
# valgrind 3.19 cannot read the DWARF 5 of Swift 6 binaries: count a copy without debug information.
binary=$(mktemp)
trap 'rm -f "$binary"' EXIT
cp .build/release/InstructionCounts "$binary"
strip --strip-debug "$binary"
chmod +x "$binary"
total() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" "$3" 2>&1 >/dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '| operation | Vouch | swift-certificates | Vouch / swift-certificates |\n|---|---:|---:|---:|\n'
for operation in parse-leaf parse-bundle accessors-bundle chain-1 chain-100; do
    set --
    for library in vouch swift-certificates; do
        one=$(total "$operation" "$library" 1)
        eleven=$(total "$operation" "$library" 11)
        set -- "$@" $(( (eleven - one) / 10 ))
    done
    printf '| %s | %s | %s | %s |\n' "$operation" "$1" "$2" "$(python3 -c "print(f'{$1 / $2:.2f}')")"
done
