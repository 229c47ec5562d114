#!/usr/bin/env python3
"""Writes Tests/Oracles/gitlint/verdicts.json: gitlint's own verdicts on generated commit messages.

Run with gitlint-core 0.19.1 installed (`pip install gitlint-core==0.19.1`):

    python3 scripts/generate-gitlint-verdicts.py

Each case is a message (built from fragments that probe what gitlint's verdicts depend on: code
points, Python's whitespace and line boundaries, comment and scissors lines, special titles,
Conventional Commits titles, `gitlint-ignore:` lines), an author, and one of the configurations
below; the expected violations are what gitlint's linter gives, run as its command runs it (the
configuration rebuilt per commit after `set_config_from_commit`). GitlintVerdictTests replays them
through StableText's port. The seed is fixed, so the file changes only with this script or gitlint.
"""

import json
import random
import sys
from pathlib import Path
from unittest.mock import patch

from gitlint.config import LintConfigBuilder
from gitlint.git import GitContext
from gitlint.lint import GitLinter

CONFIGURATIONS = [
    [],
    [("general", "contrib", "CT1,CC1")],
    [
        ("title-max-length", "line-length", "20"),
        ("title-must-not-contain-word", "words", "WIP,fix,ä"),
        ("body-max-line-length", "line-length", "30"),
        ("body-min-length", "min-length", "5"),
        ("body-is-missing", "ignore-merge-commits", "false"),
        ("general", "ignore-merge-commits", "false"),
        ("general", "ignore-revert-commits", "false"),
        ("general", "ignore-fixup-commits", "false"),
        ("general", "ignore-fixup-amend-commits", "false"),
        ("general", "ignore-squash-commits", "false"),
    ],
    [
        ("title-match-regex", "regex", "^[a-z]+(\\(.+\\))?: "),
        ("body-match-regex", "regex", "Signed-off-by: .+$"),
        ("ignore-body-lines", "regex", "^Co-authored-by"),
        ("ignore-by-title", "regex", "^Release"),
        ("ignore-by-author-name", "regex", "bot\\b"),
        ("ignore-by-author-name", "ignore", "T1,B6"),
        ("author-valid-email", "regex", "[^@]+@example\\.com"),
        ("general", "contrib", "contrib-title-conventional-commits"),
        ("contrib-title-conventional-commits", "types", "feat,fix,ä"),
    ],
    [
        ("general", "ignore", "T5,body-is-missing"),
        ("ignore-by-body", "regex", "(?i)^skip"),
        ("ignore-by-body", "ignore", "B1,T3"),
        ("title-must-not-contain-word:second", "words", "todo"),
        ("general", "regex-style-search", "false"),
        ("author-valid-email", "regex", "[a-z]+@"),
    ],
    [
        ("general", "regex-style-search", "true"),
        ("title-must-not-contain-word", "words", "fix(es)?,w.p,[a-z]+\\d"),
        ("title-match-regex", "regex", "^(feat|fix)(\\([a-z]+\\))?!?: [^A-Z]"),
        ("body-match-regex", "regex", "(?m)^Signed-off-by: .+$"),
        ("ignore-body-lines", "regex", "\\s$"),
        ("ignore-by-body", "regex", "^gitlint-ignore:\\s*B1\\b"),
        ("ignore-by-author-name", "regex", "\\[bot\\]$"),
        ("author-valid-email", "regex", "@example\\.(com|org)$"),
    ],
]

TITLES = [
    "feat: add it", "fix(parser)!: handle ä", "feat_x: y", "feet: add it", "fix föo", "chore(): x",
    "Merge branch 'main'", "Merge: x", "Revert \"feat: x\"", "fixup! feat: x", "squash! x", "amend! x",
    "WIP: thing", "wip", "WIPING", "Release 1.0", "todo later", "ä", "e\u0301e\u0301", " leading",
    "trailing ", "tab\there", "end.", "end?", "end:", "x" * 19, "y" * 21, "ä" * 72, "ä" * 73, "",
    "#comment title", "日本語のタイトル", "fix: trailing\u00a0", "fix: sep\u2028x", "feat(a)(b): c",
    "feat!: ", "test: x\x1c", "doc:x",
]
BODY_LINES = [
    "", "", "A body line long enough to pass the minimum.", "short", "Signed-off-by: A <a@b.c>",
    "signed-off-by lower", "Co-authored-by: B <b@c.d>", "skip this one", "SKIP it", "gitlint-ignore: T1",
    "gitlint-ignore: all", "gitlint-ignore:B1 , T3", "# a comment", "# ------------------------ >8 ------------------------",
    "trailing space ", "tab\tinside", "z" * 31, "ä" * 80, "ä" * 81, " indented", "fix it WIP", "\u3000",
    "line\rwith cr", "line\x0bvt", "x\u0085y", "Body with todo", "Release notes",
]
AUTHORS = [
    (None, None), ("Jane", "jane@example.com"), ("dependabot[bot]", "bot@users.noreply.github.com"),
    ("robot", "robot@example.org"), ("Jöhn", "jöhn doe@x.com"), ("Ann", "ann@localhost"), ("Ann", ""),
]


def message(rng):
    title = rng.choice(TITLES)
    lines = [title]
    for _ in range(rng.choice([0, 0, 1, 2, 3, 4, 6])):
        lines.append(rng.choice(BODY_LINES))
    text = rng.choice(["\n", "\r\n"]).join(lines)
    return text + rng.choice(["", "\n", "\n\n"])


def lint(configuration, text, author):
    with patch("gitlint.git.git_commentchar", return_value="#"):
        commit = GitContext.from_commit_msg(text).commits[-1]
    commit.author_name, commit.author_email = author
    builder = LintConfigBuilder()
    for section, option, value in configuration:
        builder.set_option(section, option, value)
    builder.set_config_from_commit(commit)
    violations = GitLinter(builder.build()).lint(commit)
    return [[v.rule_id, v.message, v.content, v.line_nr] for v in violations]


def main():
    rng = random.Random(42)
    cases = []
    for index in range(600):
        configuration = CONFIGURATIONS[index % len(CONFIGURATIONS)]
        text = message(rng)
        author = rng.choice(AUTHORS)
        cases.append({
            "configuration": index % len(CONFIGURATIONS),
            "message": text,
            "authorName": author[0],
            "authorEmail": author[1],
            "violations": lint(configuration, text, author),
        })
    out = {
        "gitlint": "gitlint-core 0.19.1",
        "configurations": [[list(option) for option in c] for c in CONFIGURATIONS],
        "cases": cases,
    }
    path = Path(__file__).resolve().parent.parent / "Tests/Oracles/gitlint/verdicts.json"
    # One case a line, so that a change shows as the cases it changes.
    head = json.dumps({k: v for k, v in out.items() if k != "cases"}, ensure_ascii=False)[:-1]
    lines = [json.dumps(case, ensure_ascii=False) for case in cases]
    path.write_text(head + ', "cases": [\n' + ",\n".join(lines) + "\n]}\n", encoding="utf-8")
    print(f"{len(cases)} cases, {sum(len(c['violations']) for c in cases)} violations -> {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
