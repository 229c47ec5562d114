#!/usr/bin/env python3
"""Writes Tests/Oracles/gitlint/regex-cases.json: regular expressions as a .gitlint writes them
(T7, B8, I1-I4, M1 and T5's words, which gitlint puts between \\b's), and what Python's re (the
engine gitlint 0.19.1 runs) says of each against texts: re.search and re.match, or the error
re.compile raises. GitlintRegexFidelityTests replays them through StableText's engine (PCRE2,
Protocol/README.md, "gitlint's rules") and holds it to how many it agrees on.

Usage: scripts/generate-gitlint-regex-cases.py   (Python 3.11, the standard library only)
"""
import json
import os
import re
import warnings

# What a team writes, and the corners where engines part: anchors and line ends, classes, word
# boundaries and Unicode's digits, letters and spaces, flags, groups and their references,
# lookaround, repeats Python alone spells, escapes Python alone knows, and what it refuses.
PATTERNS = [
    r"^(feat|fix|docs|style|refactor|perf|test|chore)(\([a-z-]+\))?!?: .+$",
    r"^[A-Z].{3,49}[^.]$", r"^WIP", r"WIP", r"(?i)\bwip\b", r"(?i)\bfix(es|ed)?\b #\d+",
    r"^Signed-off-by: .+ <[^@ ]+@[^@ ]+>$", r"(?m)^Signed-off-by: ", r"(?s)a.b", r"a.b", r"a$", r"a\Z",
    r"^a$", r"(?m)^$", r"(?m)a$", r"\Aa", r"^e$", r"e\u0301", r"\d+", r"^\d+$", r"\w+$", r"^\w+$", r"\W",
    r"\s", r"^\s+$", r"\S+", r"[\s]", r"[^\s]", r"\bwip\b", r"B1\b", r"1\b", r"\Bb", r"[]a]", r"[^]]",
    r"[[]", r"[[:alpha:]]", r"[a-]", r"[\w.-]+@[\w-]+\.\w+", r"^[^@ ]+@[^@ ]+\.[^@ ]+", r"(?P<t>\w+): (?P=t)",
    r"(\w+) \1", r"(?P<n>a)?(?(n)b|c)", r"(?<=a)b", r"(?<!a)b", r"(?<=ab|cd)e", r"a(?=b)", r"a(?!b)",
    r"a{,2}b", r"a{2,}", r"a{,}", r"x{2}", r"\u00e9", r"\U0001F600", r"\x41", r"\101", r"\0", r"\t",
    r"\v", r"\f", r"(?x) a b  # comment", r"(?i)straße", r"(?i)K", r"(?i)é", r"(?i:a)b", r"(?-i:a)",
    r"a++b", r"(?>a+)b", r"a*?b", r"(a|ab)(c|bcd)(d*)", r"\.", r"\-", r"\é", r"^$", r"", r"\bé", r"é\b",
    r"^.{1,72}$", r"^.{0,5}$",
    # Python refuses these.
    r"(", r"a)", r"[a", r"a**", r"*a", r"a{2,1}", r"\q", r"\z", r"\h", r"\K", r"\Q", r"\p{L}", r"(?<n>a)",
    r"(?|a)", r"(?R)", r"(*FAIL)", r"(?C)", r"a(?i)b", r"(?a)\w", r"(?L)a", r"\u12", r"\x4", r"(?P<1>a)",
    r"(?P=n)", r"\1", r"(?<=a+)b", r"\N{EM DASH}",
]

TEXTS = [
    "", "a", "b", "ab", "xa\n", "a\n", "a\nb", "a\rb", "e\u0301", "é", "wip: x", "wiping", "B1 , T3", "1a",
    "feat(parser): read it", "fix: 12", "Fixes #42 now", "٤٥", "²", "x²", "\u001c", "\u00a0", "\u2028",
    "a b", "word_1", "Signed-off-by: A U Thor <a@example.com>", "body\nSigned-off-by: Bob <b@x.org>\n",
    "ann@example.com", "ann@localhost", "foo foo", "ab ab", "abcd", "bc", "cde", "abe", "aab", "aaab",
    "STRASSE", "straße", "k", "\u212a", "É", "😀", "A", "\t", "\x0b", "\x0c", ".", "-", "]", "[", ":",
    "x" * 73, "Title", "t: t", "ac", "abcde", "Ab",
]


def outcome(pattern, text):
    try:
        compiled = re.compile(pattern)
    except re.error:
        return None
    return [compiled.search(text) is not None, compiled.match(text) is not None]


def main():
    # Python warns of a nested set (`[[:alpha:]]`) it reads as a plain one, which is the point.
    warnings.simplefilter("ignore", FutureWarning)
    cases = []
    for pattern in PATTERNS:
        try:
            re.compile(pattern)
        except re.error as error:
            cases.append({"pattern": pattern, "error": str(error)})
            continue
        # For each text of TEXTS, in order: search, then match, as 1 or 0.
        results = "".join(str(int(found)) for text in TEXTS for found in outcome(pattern, text))
        cases.append({"pattern": pattern, "results": results})
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    path = os.path.join(root, "Tests", "Oracles", "gitlint", "regex-cases.json")
    # One case a line: a change of Python's verdicts reads as a diff of the patterns it concerns.
    with open(path, "w", encoding="utf-8") as out:
        out.write('{"python": "3.11", "texts": ' + json.dumps(TEXTS, ensure_ascii=False) + ', "cases": [\n')
        out.write(",\n".join(json.dumps(case, ensure_ascii=False) for case in cases))
        out.write("\n]}\n")


if __name__ == "__main__":
    main()
