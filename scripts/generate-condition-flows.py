#!/usr/bin/env python3
"""Writes flows whose stages repeat a few `when` texts, for scripts/compare-validate.sh: the
compiler checks a text once and reuses the result where the names it reads are known the same
way (issue 21), so the same text must come out the same whether it is read before or after the
stage that sets its names, on a route back, or spelled in another Unicode normalisation.

    scripts/generate-condition-flows.py OUT_DIR [COUNT]

The flows are random but the same for every run (a fixed seed per file).
"""
import os
import random
import sys

HEADER = """flow: {name}
dsl: 1
request:
  price: {{ amount: 10.00, currency: EUR }}
  mode: {mode}
fields:
  custom:
    - {{ id: f0, title: F0, options: [A, B, "\u00e9"] }}
    - {{ id: f1, title: F1 }}
"""

# Texts that read names set by different stages (billing, shipping, a step's outcome, a custom
# field, the card, 3-D Secure), names the request decides, and mistakes of every kind.
TEXTS = [
    "billing.country == FR",
    "billing.country != DE and custom.f0 == A",
    "shipping.country == GB",
    "outcome.t0 != failed",
    "outcome.t1 == success or outcome.t0 == failed",
    "outcome.charge != declined",
    "custom.f0 == B",
    "custom.f0 == C",
    "custom.f1 == x",
    "card.brand == VISA",
    "card.brand == DISCOVER",
    "paymentMethod == card",
    "threeDS.result == authenticated",
    "request.mode == checkout",
    "request.mode == choosePayment or billing.country == FR",
    "price.total > 5",
    "not (custom.f0 == A)",
    'custom.f0 == "\u00e9"',
    'custom.f0 == "e\u0301"',
    "'outcome.t0 in [failed, success]'",
]
# Names known at every stage after the card screen: flows of these compile, and their guards
# (some decided by the request) reach the pipeline and `checkout scenarios`.
KNOWN_EVERYWHERE = ["paymentMethod == card", "request.mode == checkout", "request.mode == choosePayment", "price.total > 5",
                    "card.brand == VISA", "not (card.brand == MASTERCARD)", "request.withEmail"]
MISTAKES = ["outcome.nope != failed", "billing.country == 3", "'billing.country =='", "true", "custom.f1 > 2"]


def flow(seed):
    rng = random.Random(seed)
    if seed % 2:
        pool = rng.sample(TEXTS, rng.randint(3, 7)) + ([rng.choice(MISTAKES)] if rng.random() < 0.3 else [])
    else:
        pool = rng.sample(KNOWN_EVERYWHERE, rng.randint(2, 4))
    screens = ["  - { id: card, kind: creditCard }"]
    middle = [("bill", "billing"), ("ship", "shipping"), ("form0", "form"), ("rev0", "review"), ("rev1", "review")]
    rng.shuffle(middle)
    for k in range(rng.randint(2, 12)):
        sid, kind = middle[k] if k < len(middle) else (f"rev{k}", "review")
        when = f", when: {rng.choice(pool)}" if rng.random() < 0.8 else ""
        fields = ", fields: [f0, f1]" if kind == "form" else ""
        screens.append(f"  - {{ id: {sid}, kind: {kind}{fields}{when} }}")
    steps = ["  - kind: createToken", "  - kind: tokenize"]
    ids = ["t1"] + [f"v{k}" for k in range(4)]
    rng.shuffle(ids)
    ids.insert(rng.randint(0, 2), "t0")
    for k in range(rng.randint(1, 6)):
        sid = ids[k]
        when = f", when: {rng.choice(pool)}" if rng.random() < 0.7 else ""
        route = f", on: {{ failed: {rng.choice(['bill', 'rev0', 'end', 'charge'])} }}" if rng.random() < 0.3 else ""
        steps.append(f"  - {{ id: {sid}, kind: threeDS{when}{route} }}")
    when = f", when: {rng.choice(pool)}" if rng.random() < 0.5 else ""
    route = f", on: {{ declined: {rng.choice(['card', 'end'])} }}" if rng.random() < 0.3 else ""
    steps.append(f"  - {{ id: charge, kind: sale{when}{route} }}")
    mode = "checkout"
    return HEADER.format(name=f"conditions{seed}", mode=mode) + "screens:\n" + "\n".join(screens) + "\nsteps:\n" + "\n".join(steps) + "\n"


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    os.makedirs(out, exist_ok=True)
    for seed in range(count):
        with open(os.path.join(out, f"conditions{seed:04d}.yaml"), "w", encoding="utf-8") as f:
            f.write(flow(seed))


if __name__ == "__main__":
    main()
