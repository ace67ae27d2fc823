#!/usr/bin/env python3
"""Writes tax flows for scripts/compare-validate.sh: tables around the compact-table threshold
(2048 pairs) and tables with mistakes or entries that make the reader fall back (issue 21).

    scripts/generate-tax-flows.py OUT_DIR
"""
import os
import sys

THRESHOLD = 2048
HEADER = open(os.path.join(os.path.dirname(__file__), "..", "flows", "standard-checkout.yaml"), encoding="utf-8").read()
COUNTRIES = ["FR", "DE", "IT", "ES", "NL", "BE", "SE", "NO", "DK", "FI", "PL", "CZ", "AT", "IE", "PT", "GB"]


def rows(n):
    out = []
    for sub in range(1, 1000):
        for c in COUNTRIES:
            out.append(f"  {c}-{sub}: {sub % 25}.{sub % 10}{sub % 7}")
            if len(out) == n:
                return out
    return out


def write(out, name, lines, header=HEADER, prefix=b""):
    with open(os.path.join(out, name + ".yaml"), "wb") as f:
        f.write(prefix + (header + "tax:\n" + "\n".join(lines) + "\n").encode("utf-8"))


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for n in (THRESHOLD - 1, THRESHOLD, THRESHOLD + 1, 5000):
        write(out, f"clean-{n}", rows(n))
    late, early = THRESHOLD + 900, 10

    def changed(name, at, line, n=5000, insert=False):
        r = rows(n)
        if insert:
            r.insert(at, line)
        else:
            r[at] = line
        write(out, name, r)

    changed("duplicate-late", late, rows(5)[3])
    changed("duplicate-early", early, rows(5)[3])
    changed("duplicate-at-threshold", THRESHOLD - 1, rows(5)[3])
    changed("duplicate-after-threshold", THRESHOLD, rows(5)[3])
    changed("bad-rate-late", late, "  FR-999: abc")
    changed("bad-rate-range", late, "  FR-999: 150")
    changed("bad-rate-negative", late, "  FR-999: -1")
    changed("bad-region-late", late, "  ZZ-1: 7.5")
    changed("bad-region-lower", late, "  fr-1x: 7.5")
    changed("bad-region-state", late, "  US-XX: 7.5")
    r = rows(5000)
    r[early] = r[early].replace(": ", ": &rate ")
    r[late] = r[late].split(":")[0] + ": *rate"
    write(out, "anchor-alias", r)
    r = rows(5000)
    r[late] = r[late].split(":")[0] + ": !!str 7.5"
    write(out, "tag-late", r)
    changed("quoted-key-double", late, '  "FR-999": 7.5')
    changed("quoted-key-single", late, "  'FR-999': '7.5'")
    changed("quoted-escape", late, '  "FR-\\x39": "7.5"')
    changed("quoted-two-quotes", late, "  'FR-999': '7''5'")
    r = rows(5000)
    r = [f'  "{x.split(":")[0].strip()}": "{x.split(": ")[1]}"' for x in r]
    write(out, "all-quoted", r)
    changed("multiline-plain", late, "  FR-999: 7.5\n    continued", insert=True)
    changed("multiline-literal", late, "  FR-999: |\n    7.5", insert=True)
    changed("multiline-quoted", late, '  FR-999: "7.5\n    more"', insert=True)
    changed("flow-value", late, "  FR-999: {rate: 7.5}", insert=True)
    changed("nested-value", late, "  FR-999:\n    rate: 7.5", insert=True)
    changed("empty-value", late, "  FR-999:", insert=True)
    changed("comment-line", late, "  # a comment between rows", insert=True)
    changed("blank-line", late, "", insert=True)
    r = rows(5000)
    r = [x + ("  # note" if i % 3 == 0 else "") for i, x in enumerate(r)]
    write(out, "trailing-comments", r)
    changed("non-ascii-value", late, "  FR-999: 7.5é", insert=True)
    changed("non-ascii-key", late, "  FR-É9: 7.5", insert=True)
    r = rows(5000)
    r = [x + " # é" for x in r]
    write(out, "non-ascii-comments", r)
    changed("tab", late, "  FR-999:\t7.5", insert=True)
    changed("spaces-before-colon", late, "  FR-999   :   7.5", insert=True)
    write(out, "bom", rows(5000), prefix=b"\xef\xbb\xbf")
    r = rows(5000)
    write(out, "no-final-newline", r)
    with open(os.path.join(out, "no-final-newline.yaml"), "rb+") as f:
        f.seek(-1, 2)
        f.truncate()
    # A big table that is not the tax table: currencies' rates are few, so a big custom mapping
    # under `request.metadata`-like places is tried through an unknown key.
    write(out, "big-unknown-section", rows(3000), header=HEADER + "extra:\n" + "\n".join(rows(3000)) + "\n")
    # Several big tables in one file, the second starting right after the first.
    write(out, "two-tables", rows(3000), header=HEADER + "tax2:\n" + "\n".join(rows(2500)) + "\n")
    # A big table nested in a sequence entry (compact `- key: v` form).
    seq = ["  - " + rows(1)[0].strip()] + ["    " + x.strip() for x in rows(3000)[1:]]
    write(out, "table-in-sequence", rows(10), header=HEADER + "things:\n" + "\n".join(seq) + "\n")
    # A big table whose pairs hold flow values from the start (never compact).
    write(out, "flow-values", [x.split(":")[0] + ": [1]" for x in rows(3000)])


main()
