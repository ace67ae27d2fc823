"""Validates flow files against the flow schema, independently of the Swift code.

    validate_schema.py [--yaml-1.1] SCHEMA FLOW...

Prints one JSON object: {"schemaErrors": [...], "flows": {FLOW: [{"path": ..., "message": ...}]}}.
"schemaErrors" lists what makes SCHEMA itself an invalid draft-07 schema; each flow maps to its
validation errors (empty when it validates), "path" being the dotted place of the error
("request.price.currency", "screens[0].kind"; "" for the top level).

The flows are read as YAML 1.2 (the flow language's reading, and an editor's), or with
`--yaml-1.1` by PyYAML's own `yaml.safe_load`, as a YAML 1.1 tool reads them: `on`, `off`,
`yes`, `no` (any case) are booleans there, so a shipped flow must quote such a key or value
(docs/language.md, "YAML 1.1 readers").

Exit status: 0 when it ran (whatever it found), 3 when jsonschema or PyYAML is missing.
Used by Tests/CheckoutEndToEndTests/SchemaTests.swift.
"""

import json
import math
import re
import sys

try:
    import jsonschema
    import yaml
except ImportError as error:
    print(
        f"validate_schema.py needs the Python packages jsonschema and PyYAML ({error}); "
        "install them as .ci/run does: apt-get install -y python3-jsonschema python3-yaml",
        file=sys.stderr,
    )
    sys.exit(3)


class YAML12Loader(yaml.SafeLoader):
    """PyYAML's safe loader with the YAML 1.2 core schema's implicit types.

    PyYAML implements YAML 1.1: it reads `NO` and `yes` as booleans, `01234` as the octal 668,
    `12:30` as a sexagesimal number and `2026-01-01` as a date. An editor's YAML language server
    (yaml-language-server) reads YAML 1.2 by default, where only `true`/`false` (any case style
    of the three the spec lists) are booleans, `01234` is the decimal integer 1234, and everything
    else above is a string. The schema is written for what the editor sends, so the flows are
    loaded the same way here: the 1.1 resolvers are dropped and the 1.2 core ones put in place.
    """


YAML12Loader.yaml_implicit_resolvers = {}

_CORE_TYPES = [
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
    (
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        list("-+0123456789."),
    ),
]
for _tag, _pattern, _first in _CORE_TYPES:
    YAML12Loader.add_implicit_resolver(_tag, re.compile(_pattern), _first)


def _construct_int(loader, node):
    text = loader.construct_scalar(node)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)  # leading zeros are decimal in YAML 1.2: 01234 is 1234


def _construct_float(loader, node):
    text = loader.construct_scalar(node).lower()
    if text.endswith(".inf"):
        return -math.inf if text.startswith("-") else math.inf
    if text == ".nan":
        return math.nan
    return float(text)


YAML12Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
YAML12Loader.add_constructor("tag:yaml.org,2002:float", _construct_float)
# `!pattern "REGEX"` in a scenario's `expect.result` (docs/testing.md) is text to the schema, as
# it is to an editor told `yaml.customTags: ["!pattern scalar"]`.
YAML12Loader.add_constructor("!pattern", lambda loader, node: loader.construct_scalar(node))


def dotted(path):
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def main(arguments):
    loader = YAML12Loader
    if arguments[:1] == ["--yaml-1.1"]:
        loader, arguments = yaml.SafeLoader, arguments[1:]
    if len(arguments) < 1:
        print(__doc__, file=sys.stderr)
        return 2
    with open(arguments[0], encoding="utf-8") as file:
        schema = json.load(file)
    report = {"schemaErrors": [], "flows": {}}
    try:
        jsonschema.Draft7Validator.check_schema(schema)
    except jsonschema.exceptions.SchemaError as error:
        report["schemaErrors"].append(f"{dotted(error.absolute_path)}: {error.message}")
    # Every pattern must also compile as a regular expression.
    def patterns(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "pattern" and isinstance(value, str):
                    yield value
                yield from patterns(value)
        elif isinstance(node, list):
            for item in node:
                yield from patterns(item)
    for pattern in patterns(schema):
        try:
            re.compile(pattern)
        except re.error as error:
            report["schemaErrors"].append(f"pattern {pattern!r}: {error}")
    validator = jsonschema.Draft7Validator(schema)
    for path in arguments[1:]:
        with open(path, "rb") as file:
            try:
                flow = yaml.load(file, Loader=loader)
            except (yaml.YAMLError, UnicodeDecodeError) as error:
                report["flows"][path] = [{"path": "", "message": f"not YAML: {error}"}]
                continue
        errors = sorted(validator.iter_errors(flow), key=lambda e: [str(p) for p in e.absolute_path])
        report["flows"][path] = [{"path": dotted(e.absolute_path), "message": e.message} for e in errors]
    print(json.dumps(report, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
