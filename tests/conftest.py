"""Shared test settings: the notebook time budget and the paths the tests read."""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
SITE = ROOT / "_build" / "html"
NOTEBOOKS = sorted(BOOK.glob("*.ipynb"))

# A chapter must run top to bottom in this many seconds on a 2-core CPU, kernel start
# included, as nbval runs it (two notebooks at a time under `make test`).
NOTEBOOK_TIME_BUDGET_S = float(os.environ.get("NOTEBOOK_TIME_BUDGET_S", "30"))

_seconds_per_notebook: dict[str, float] = defaultdict(float)
_last_cell_of: dict[str, str] = {}


def _notebook_of(item) -> str | None:
    path = Path(str(item.path))
    return str(path.relative_to(ROOT)) if path.suffix == ".ipynb" else None


def pytest_collection_modifyitems(config, items):
    for item in items:
        notebook = _notebook_of(item)
        if notebook:
            _last_cell_of[notebook] = item.nodeid


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    notebook = _notebook_of(item)
    if notebook is None:
        return
    # Setup of the first cell includes starting the kernel.
    _seconds_per_notebook[notebook] += call.duration
    report = outcome.get_result()
    spent = _seconds_per_notebook[notebook]
    if call.when == "call" and item.nodeid == _last_cell_of.get(notebook) and spent > NOTEBOOK_TIME_BUDGET_S:
        report.outcome = "failed"
        message = (
            f"{notebook} took {spent:.1f} s to run, over its budget of "
            f"{NOTEBOOK_TIME_BUDGET_S:.0f} s on a 2-core CPU: make it faster."
        )
        report.longrepr = f"{report.longrepr}\n{message}" if report.longrepr else message


def require_built_site() -> Path:
    if not (SITE / "index.html").exists():
        pytest.fail(f"no built site at {SITE.relative_to(ROOT)}: run `make book` first", pytrace=False)
    return SITE
