#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Validate KCIDB submissions against kcidb-io's schema (PROVENANCE.md):
validate.py SCHEMA FILE...; exit 1 with each error on stderr when a file
is not valid, 2 when jsonschema is not installed."""
import json
import sys

try:
    import jsonschema
except ImportError:
    sys.exit(2)


def main():
    with open(sys.argv[1]) as f:
        schema = json.load(f)
    schema.setdefault('$schema', 'http://json-schema.org/draft-07/schema#')
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())
    bad = 0
    for path in sys.argv[2:]:
        with open(path) as f:
            data = json.load(f)
        for e in validator.iter_errors(data):
            bad += 1
            where = '/'.join(str(p) for p in e.absolute_path)
            print('%s: %s: %s' % (path, where, e.message[:300]), file=sys.stderr)
    return 1 if bad else 0


sys.exit(main())
