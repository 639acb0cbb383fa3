"""Promises the repository makes to a newcomer and to CI."""

from __future__ import annotations

import re

import yaml

from conftest import ROOT


def test_every_python_requirement_is_pinned_to_an_exact_version():
    lines = [
        line.split("#")[0].strip()
        for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    ]
    loose = [line for line in lines if line and not re.fullmatch(r"[A-Za-z0-9_.\-\[\]]+==[\w.+\-]+", line)]
    assert not loose, f"requirements not pinned with ==: {loose}"


def test_torch_is_pinned_to_the_version_with_a_local_cpu_wheel():
    # Any other torch spec downloads several GB of CUDA packages on the project's machines.
    assert "torch==2.13.0" in (ROOT / "requirements.txt").read_text(encoding="utf-8").split()


def test_ci_runs_the_test_command_from_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^make test\b", readme, re.M), "README no longer shows `make test`"
    assert re.search(r"^make test$", ci, re.M), ".ci/run does not run `make test`"


def test_the_book_is_built_from_the_committed_outputs():
    # nbval re-runs the notebooks; the build must show exactly what nbval checked.
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert config["execute"]["execute_notebooks"] == "off"
    assert config["only_build_toc_files"] is True
