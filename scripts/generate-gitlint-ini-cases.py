#!/usr/bin/env python3
"""Writes Tests/Oracles/configparser/ini-cases.json: generated INI texts and what Python's
configparser.ConfigParser() (the reader gitlint 0.19.1 uses for .gitlint) gives for each: every
section's items() in order, or the kind of error it raises. IniSectionsDifferentialTests replays
them against StableText's reader (Protocol/README.md, "Where the rules come from").

Usage: scripts/generate-gitlint-ini-cases.py [COUNT]   (Python 3.11, the standard library only)
"""
import configparser
import json
import os
import random
import sys
import tempfile

COUNT = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
random.seed(42)
SCRATCH = os.path.join(tempfile.mkdtemp(prefix="ini-cases-"), ".gitlint")

NAMES = ["general", "T1", "title-max-length", "T5:no-wip", "DEFAULT", "B1", " spaced ", "x]y", "Gen"]
KEYS = ["ignore", "line-length", "Words", "contrib", "a b", "regex", "x", "IGNORE", "", "k1", "k2", "k3", "k4"]
VALUES = ["B6", "72", "WIP, TODO", "a = b", "c: d", "", "  padded  ", "#not a comment", "é\u00a0ü", "x;y",
          "T1,T2", "^WIP", "true"]
# Interpolation, rarer: `%%`, a reference that resolves, one that does not, a lone `%`.
PERCENT = ["100%%", "%(x)s!", "%(ignore)s", "%(missing)s", "50%", "%(X)s"]
SPACES = ["", " ", "  ", "\t", "\u00a0", "    "]
ENDS = ["\n", "\r\n", "\r"]


def line():
    kind = random.random()
    indent = random.choice(SPACES) if random.random() < 0.3 else ""
    if kind < 0.15:
        return indent + "[" + random.choice(NAMES) + "]" + random.choice(["", " trailing", "]"])
    if kind < 0.25:
        return indent + random.choice(["#", ";"]) + " comment"
    if kind < 0.33:
        return random.choice(["", " ", "\t"])
    if kind < 0.43:
        return random.choice(SPACES[1:]) + random.choice(VALUES)
    if kind < 0.44:
        return indent + "no delimiter here"
    key = random.choice(KEYS)
    delimiter = random.choice(["=", ":", " = ", " : ", "= ", " :"])
    value = random.choice(PERCENT) if random.random() < 0.08 else random.choice(VALUES)
    return indent + key + delimiter + value


def case():
    lines = [line() for _ in range(random.randint(1, 9))]
    if random.random() < 0.9 and not lines[0].lstrip().startswith("["):
        lines.insert(0, "[" + random.choice(NAMES) + "]")
    text = ""
    for item in lines:
        text += item + random.choice(ENDS)
    if random.random() < 0.2:
        text = text.rstrip("\r\n")
    # Read from a file as gitlint reads it (universal newlines: `\r` and `\r\n` end lines too,
    # which `read_string` would not do).
    with open(SCRATCH, "wb") as scratch:
        scratch.write(text.encode("utf-8"))
    parser = configparser.ConfigParser()
    try:
        with open(SCRATCH, encoding="utf-8") as config_file:
            parser.read_file(config_file, ".gitlint")
        sections = [[name, [[k, v] for k, v in parser.items(name)]] for name in parser.sections()]
        return {"text": text, "sections": sections}
    except configparser.Error as error:
        return {"text": text, "error": type(error).__name__}


cases = [case() for _ in range(COUNT)]
path = os.path.join(os.path.dirname(__file__), "..", "Tests", "Oracles", "configparser", "ini-cases.json")
with open(path, "w", encoding="utf-8") as out:
    json.dump({"python": sys.version.split()[0], "cases": cases}, out, ensure_ascii=False, indent=0)
    out.write("\n")
errors = sum(1 for c in cases if "error" in c)
print(f"{len(cases)} cases, {errors} errors, python {sys.version.split()[0]}", file=sys.stderr)
