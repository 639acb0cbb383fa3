"""Promises the repository makes to a newcomer and to CI."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

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


def test_the_readme_sets_up_with_exactly_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Build and test: two commands", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```bash\n(.*?)```", section, re.S)
    commands = [line.split("#")[0].strip() for block in blocks for line in block.splitlines()]
    assert [c for c in commands if c] == ["make book", "make test"]


def test_a_missing_system_package_stops_with_the_command_to_run(tmp_path):
    # A PATH with no node, npm, chromium or apt-get, as on a fresh machine without root.
    for tool in ("env", "id", "bash"):
        (tmp_path / tool).symlink_to(shutil.which(tool))
    run = subprocess.run(
        ["bash", str(ROOT / "tools" / "system_packages.sh"), "test"],
        env={"PATH": str(tmp_path), "PYTHON": sys.executable},
        capture_output=True, text=True,
    )
    assert run.returncode == 1
    assert "sudo apt-get install -y nodejs npm chromium fonts-wqy-zenhei" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr


def test_make_installs_system_packages_before_building_and_testing():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^install: system-packages\b", makefile, re.M)
    recipe = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "tools/system_packages.sh test" in recipe
    # Notebooks and then the tests, so together they cover everything pytest.ini names.
    assert "$(PYTEST) book" in recipe and "$(PYTEST) tests" in recipe
