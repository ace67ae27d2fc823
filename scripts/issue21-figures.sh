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
# Alternated rounds with millisecond times (a figure from another minute is not comparable:
# docs/benchmarks.md, "10,000 scenarios"); the medians and the best of each, and their ratios.
python3 - "$bin/checkout" "$work/ten" <<'PY'
import statistics, subprocess, sys, time
checkout, suite = sys.argv[1], sys.argv[2]
times = {1: [], 2: [], 4: []}
for _ in range(9):
    for jobs in times:
        start = time.perf_counter()
        subprocess.run([checkout, "test", suite, "--jobs", str(jobs)], stdout=subprocess.DEVNULL, check=False)
        times[jobs].append(time.perf_counter() - start)
for jobs, ts in times.items():
    print(f"--jobs {jobs}: median {statistics.median(ts) * 1000:.1f} ms, best {min(ts) * 1000:.1f} ms")
print(f"--jobs 2 against --jobs 1: {statistics.median(times[1]) / statistics.median(times[2]):.2f} (medians), "
      f"{min(times[1]) / min(times[2]):.2f} (best of each)")
PY
/usr/bin/time -f "loading only (--tag matching nothing): %e s" "$bin/checkout" test "$work/ten" --tag no-such-tag > /dev/null
/usr/bin/time -f "peak memory, --jobs 2: %M KB" "$bin/checkout" test "$work/ten" --jobs 2 > /dev/null

echo "== the interpreter against hand-written Swift"
"$bin/checkout-bench" --interpreter --seconds 3 || true

echo "== 10,000 files"
"$bin/checkout-bench" --validate-many 10000 || true
