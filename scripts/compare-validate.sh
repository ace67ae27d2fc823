#!/usr/bin/env bash
# Runs two `checkout` binaries over every flow, example, test fixture, the YAML test suite's
# inputs, generated tax flows (mistakes, fall-backs, sizes around the compact-table
# threshold) and generated flows that repeat conditions, and diffs `checkout validate --format
# json` and the exit codes; for the generated condition flows that compile, also `checkout
# scenarios` and `checkout graph` (issue 21).
#
#   scripts/compare-validate.sh OLD_CHECKOUT NEW_CHECKOUT [SCRATCH_DIR]
#
# Prints the number of files per group and every file whose output or exit code differs;
# exits 1 when any does.
set -u
old=$1 new=$2 scratch=${3:-$(mktemp -d)}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
python3 scripts/generate-tax-flows.py "$scratch/generated"
python3 scripts/generate-condition-flows.py "$scratch/conditions"
differ=0
compare() {
    local group=$1 n=0; shift
    while IFS= read -r -d '' f; do
        n=$((n + 1))
        a=$("$old" validate --format json "$f" 2>&1); ra=$?
        b=$("$new" validate --format json "$f" 2>&1); rb=$?
        if [ "$ra" != "$rb" ] || [ "$a" != "$b" ]; then
            echo "DIFFERS ($ra/$rb): $f"; differ=$((differ + 1))
        fi
    done < <("$@")
    echo "$group: $n files"
}
compare flows find flows -type f \( -name '*.yaml' -o -name '*.yml' \) -print0
compare examples find examples -type f \( -name '*.yaml' -o -name '*.yml' \) -print0
compare tests find Tests -type f \( -name '*.yaml' -o -name '*.yml' \) -print0
compare yaml-test-suite find ../shared/yaml-test-suite -type f -name 'in.yaml' -print0
compare generated find "$scratch/generated" -type f -name '*.yaml' -print0
compare conditions find "$scratch/conditions" -type f -name '*.yaml' -print0
# The conditions' flows that compile: the scenarios each generates (guards the request decides
# are left out of coverage) and its graph.
n=0
for f in "$scratch"/conditions/*.yaml; do
    "$new" validate "$f" > /dev/null 2>&1 || continue
    n=$((n + 1))
    for command in "scenarios --output -" "graph"; do
        # shellcheck disable=SC2086
        a=$("$old" $command "$f" 2>&1); ra=$?
        # shellcheck disable=SC2086
        b=$("$new" $command "$f" 2>&1); rb=$?
        if [ "$ra" != "$rb" ] || [ "$a" != "$b" ]; then
            echo "DIFFERS ($command, $ra/$rb): $f"; differ=$((differ + 1))
        fi
    done
done
echo "conditions that compile, scenarios and graph: $n files"
echo "files that differ: $differ"
[ "$differ" = 0 ]
