"""gitlint itself (gitlint 0.19.1 from PyPI, in this virtual environment) over commitlint's own
history (kept beside the project in ../shared/third-party/commitlint-history), replayed
(scripts/replay-commitlint-history) with Tests/Oracles/commitlint-history/gitlint.ini as its
`.gitlint`, against `stabletext check --commits` with the same `.gitlint`: the rule ids must match
commit by commit.

gitlint takes 4.3 s over the newest 500 commits here and 83 to 95 s over all 3,466 (two shared
cores, loaded), so it runs over the newest NEWEST commits; the whole history is compared through gitlint-verdicts.json, gitlint's report over
every commit (scripts/generate-history-gitlint-verdicts), which the first test holds to gitlint's
word on this range, and StableTextRepositoryTests/HistoryCheckTests checks against every commit.
"""
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BIN = os.environ["STABLETEXT_BIN"]
ROOT = Path(__file__).resolve().parents[3]
# The project's records of gitlint's answers over the history, and the `.gitlint` they were made with.
ORACLES = ROOT / "Tests/Oracles/commitlint-history"
GITLINT = str(Path(sys.executable).parent / "gitlint")
NEWEST = 500
RANGE = f"main~{NEWEST}..main"


def load_script(name: str):
    loader = importlib.machinery.SourceFileLoader(name.replace("-", "_"), str(ROOT / "scripts" / name))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    """The replayed repository with gitlint.ini as its `.gitlint`, and gitlint's report over RANGE."""
    repository = tmp_path_factory.mktemp("history") / "history"
    pairs = load_script("replay-commitlint-history").replay(repository)
    shutil.copy(ORACLES / "gitlint.ini", repository / ".gitlint")
    index_by_prefix = {new[:10]: i for i, (new, _) in enumerate(pairs)}
    generator = load_script("generate-history-gitlint-verdicts")
    report, _ = generator.run_gitlint(GITLINT, repository, RANGE)
    in_range = subprocess.run(
        ["git", "rev-list", RANGE], cwd=repository, capture_output=True, text=True, check=True
    ).stdout.split()
    index_by_hash = {new: i for i, (new, _) in enumerate(pairs)}
    return {
        "repository": repository,
        "indexes": sorted(index_by_hash[h] for h in in_range),
        "index_by_hash": index_by_hash,
        "gitlint": generator.parse_report(report, index_by_prefix),
    }


def test_gitlint_says_what_the_recorded_report_says(history):
    recorded = json.loads((ORACLES / "gitlint-verdicts.json").read_text())["verdicts"]
    assert len(history["indexes"]) == NEWEST
    assert sum(len(history["gitlint"].get(i, [])) for i in history["indexes"]) > 100
    for index in history["indexes"]:
        assert history["gitlint"].get(index, []) == recorded.get(str(index), []), index


def test_check_commits_gives_gitlints_ids(history):
    """Waits for `check` to read `.gitlint` (Protocol/README.md, "Team conventions")."""
    result = subprocess.run(
        [BIN, "check", "--commits", RANGE, "--format", "json"],
        cwd=history["repository"], capture_output=True, text=True,
    )
    assert result.returncode in (0, 1), result.stderr
    found = {
        history["index_by_hash"][source["commit"]]: sorted(
            d["code"] for d in source["diagnostics"]
            if d["code"].split(":")[0] in {f"T{n}" for n in range(1, 9)} | {f"B{n}" for n in range(1, 9)}
            | {"M1", "I1", "I2", "I3", "I4", "CT1", "CC1"}
        )
        for source in json.loads(result.stdout)["commits"]
    }
    assert sorted(found) == history["indexes"]
    differences = [
        (index, sorted(v[1] for v in history["gitlint"].get(index, [])), found[index])
        for index in history["indexes"]
        if sorted(v[1] for v in history["gitlint"].get(index, [])) != found[index]
    ]
    assert differences == [], f"{len(differences)} of {NEWEST} commits differ: {differences[:10]}"
