#!/bin/sh
# Issue 21's figures, measured again in one run (docs/benchmarks.md, "Issue 21's figures, again").
# Run from the repository root after `swift build -c release`; takes about three minutes.
set -eu
bin=.build/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== load: $(cut -d' ' -f1-3 /proc/loadavg)"

echo "== every shape at 1x, 10x, 100x; the 10.5 MB screens against tax rows"
"$bin/checkout-bench" --scaling --base 0.3 || true

echo "== a 56 MB flow (over the 16 MiB limit)"
python3 -c "
rows = ''.join('  FR-%06d: 20.5\n' % i for i in range(3000000))
open('$work/big.yaml', 'w').write('flow: big\ndsl: 1\nrequest:\n  price: { amount: 10.00, currency: EUR }\ntax:\n' + rows)"
/usr/bin/time -f "refused in %e s, peak %M KB" "$bin/checkout" validate "$work/big.yaml" > /dev/null 2> "$work/big.err" || true
tail -1 "$work/big.err"

echo "== cold start"
"$bin/checkout-bench" --startup --runs 40 || true

echo "== 10,000 scenarios"
mkdir -p "$work/ten"
cp flows/standard-checkout.yaml "$work/ten/"
mkdir -p "$work/examples/standard-checkout"
cp examples/standard-checkout/visa-approved.yaml examples/standard-checkout/invalid-answers.yaml "$work/examples/standard-checkout/"
python3 -c "
for k in range(4):
    with open('$work/ten/part%d.scenarios.yaml' % k, 'w') as f:
        for i in range(2500):
            a, s = (('visa-approved', 'success'), ('invalid-answers', 'invalid'))[i % 2]
            f.write('- name: scenario %d-%d\n  flow: standard-checkout.yaml\n  answers: ../examples/standard-checkout/%s.yaml\n  expect: { status: %s }\n' % (k, i, a, s))"
for round in 1 2 3; do
    for jobs in 1 2 4; do
        /usr/bin/time -f "--jobs $jobs: %e s" "$bin/checkout" test "$work/ten" --jobs $jobs > /dev/null 2>> "$work/ten.times"
    done
done
cat "$work/ten.times"
/usr/bin/time -f "loading only (--filter matching nothing): %e s" "$bin/checkout" test "$work/ten" --filter no-such-scenario > /dev/null

echo "== the interpreter against hand-written Swift"
"$bin/checkout-bench" --interpreter --seconds 3 || true

echo "== 10,000 files"
"$bin/checkout-bench" --validate-many 10000 || true
