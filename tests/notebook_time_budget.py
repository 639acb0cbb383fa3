"""pytest plugin (loaded by pytest.ini with `-p notebook_time_budget`): a notebook that
runs longer than its budget fails, and the run time of every notebook is reported.

It is a plugin rather than part of tests/conftest.py because a conftest's hooks only
reach the tests in its own folder, and nbval's items live in book/.
"""

from __future__ import annotations

import os
from collections import defaultdict

import pytest

# A chapter must run top to bottom in this many seconds on a 2-core CPU, kernel start
# included, as nbval runs it (two notebooks at a time under `make test`).
NOTEBOOK_TIME_BUDGET_S = float(os.environ.get("NOTEBOOK_TIME_BUDGET_S", "30"))

_seconds_per_notebook: dict[str, float] = defaultdict(float)
_last_cell_of: dict[str, str] = {}


def _notebook_of(item) -> str | None:
    """The notebook an nbval cell belongs to, as named in its test id."""
    path = item.nodeid.split("::")[0]
    return path if path.endswith(".ipynb") else None


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
    if call.when != "call" or item.nodeid != _last_cell_of.get(notebook):
        return
    # Travels with the report (also from xdist workers) to the summary below.
    report.user_properties.append(("notebook_seconds", (notebook, spent)))
    if spent > NOTEBOOK_TIME_BUDGET_S:
        report.outcome = "failed"
        message = (
            f"{notebook} took {spent:.1f} s to run, over its budget of "
            f"{NOTEBOOK_TIME_BUDGET_S:.0f} s on a 2-core CPU: make it faster."
        )
        report.longrepr = f"{report.longrepr}\n{message}" if report.longrepr else message


_reported_seconds: dict[str, float] = {}


def pytest_runtest_logreport(report):
    for key, value in report.user_properties:
        if key == "notebook_seconds":
            notebook, seconds = value
            _reported_seconds[notebook] = seconds


def pytest_terminal_summary(terminalreporter):
    if _reported_seconds:
        terminalreporter.section(f"notebook run times (budget {NOTEBOOK_TIME_BUDGET_S:.0f} s each)")
        for notebook, seconds in sorted(_reported_seconds.items()):
            terminalreporter.line(f"{seconds:6.1f} s  {notebook}")
