"""Checks Mermaid files with Mermaid's own parser: mermaid.js 11.12.0 as the PyPI wheel
mmdc 0.7.0 bundles it (mmdc/assets/mermaid.js), run in QuickJS-ng (the wheel's `quickjs`
dependency) with the wheel's DOM shim. `mermaid.parse` is the grammar check the Mermaid Live
Editor and GitHub's renderer run before drawing. Prints `ok FILE` or `error FILE: MESSAGE`
for each file; exit 0 when every file parses, 1 when one does not, 3 when mmdc is missing.

.ci/test installs it into .build/consumers-venv (`pip install mmdc==0.7.0`); GraphConsumerTests
runs this with that environment's Python (or CHECKOUT_CONSUMERS_VENV's)."""
import sys
import warnings

warnings.simplefilter("ignore")  # mmdc's notice that it is renamed mermaidx
try:
    from mmdc.engine import Engine
except ImportError as error:
    print(f"mermaid_parse.py needs the PyPI package mmdc 0.7.0 ({error}); .ci/test installs it", file=sys.stderr)
    sys.exit(3)


def parse_all(engine, paths):
    ctx = engine._ctx
    results = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            code = f.read()
        ctx.eval("__resetDocument();")
        ctx.eval("mermaid.initialize({startOnLoad: false});")
        ctx.set("__code", code)
        ctx.eval(
            "globalThis.__parseError = null; globalThis.__parsed = false;\n"
            "mermaid.parse(__code).then(() => { globalThis.__parsed = true; })"
            ".catch(e => { globalThis.__parseError = String((e && e.message) || e); });"
        )
        engine._pump_jobs()
        error = ctx.eval("globalThis.__parseError")
        if not error and not ctx.eval("globalThis.__parsed"):
            error = "mermaid.parse gave no answer"
        results.append((path, error))
    return results


def main(paths):
    engine = Engine()
    engine.start()
    try:
        results = engine._executor.submit(parse_all, engine, paths).result()
    finally:
        engine.close()
    failed = 0
    for path, error in results:
        if error:
            failed += 1
            print(f"error {path}: {' '.join(str(error).split())}")
        else:
            print(f"ok {path}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
