"""Planted mistakes: does a chapter's own visible check catch a plausible bug?

A *planted mistake* is one line of a chapter's code, found by its exact text, replaced
by the wrong version a reader could plausibly write. The chapter's code cells then run
top to bottom in a fresh Python process (matplotlib on Agg, cwd book/, as nbval runs
them), stopping at the first cell that raises. The mistake counts as caught only if
what stops the run is one of the chapter's own checks:

- an ``AssertionError`` (``assert``, ``torch.testing.assert_close``, or the
  ``raise AssertionError`` of a cell that expected an error and got none), or
- a ``ValueError`` raised by a ``raise`` statement in the notebook's own code (its input
  validation), not one raised inside torch, numpy or a builtin.

Anything else (no error at all, a ``RuntimeError`` from a shape mismatch, a
``NameError``) means the chapter does not check what the mistake breaks: add the check to
the chapter, never drop the mistake.

The tables live in ``tests/planted_mistakes/test_<chapter>.py``, one file per chapter,
and use ``planted_mistake_tests`` to get their tests. To run one chapter's table:

    .venv/bin/python -m pytest tests/planted_mistakes/test_ch01_soft_lookup.py -n 2
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
# A chapter runs in under 30 s under nbval; a mistake can make a loop run longer.
RUN_TIMEOUT_S = 180


@dataclass(frozen=True)
class Planted:
    """One planted mistake: ``line`` (the exact text of one line of a code cell,
    leading and trailing spaces ignored) becomes ``wrong`` (same indentation), and
    ``why`` says in words why a reader could write it."""

    line: str
    wrong: str
    why: str
    # The same line can appear in several cells (a function defined twice, say):
    # True plants the mistake in every copy; False asks for exactly one.
    everywhere: bool = False

    def __post_init__(self):
        if self.line.strip() == self.wrong.strip():
            raise ValueError(f"planted mistake changes nothing: {self.line!r}")
        if not self.why.strip():
            raise ValueError(f"planted mistake {self.line!r} has no reason (why=...)")


class LineNotFound(LookupError):
    pass


def code_sources(notebook: str) -> list[str]:
    nb = json.loads((BOOK / notebook).read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def plant(sources: list[str], mistake: Planted, notebook: str) -> list[str]:
    """The cell sources with the mistake planted; LineNotFound names what is missing."""
    target = mistake.line.strip()
    places = [
        (c, i)
        for c, source in enumerate(sources)
        for i, text in enumerate(source.split("\n"))
        if text.strip() == target
    ]
    if not places:
        raise LineNotFound(
            f"{notebook}: no code line reads {target!r}; the chapter changed, so update "
            f"this planted mistake (tests/planted_mistakes/) to a line that exists"
        )
    if len(places) > 1 and not mistake.everywhere:
        cells = sorted({c for c, _ in places})
        raise LineNotFound(
            f"{notebook}: {len(places)} code lines read {target!r} (code cells {cells}); "
            f"plant it in all of them with everywhere=True, or pick a line that is unique"
        )
    planted = [source.split("\n") for source in sources]
    for c, i in places:
        text = planted[c][i]
        indent = text[: len(text) - len(text.lstrip())]
        planted[c][i] = "\n".join(indent + part for part in mistake.wrong.strip().split("\n"))
    return ["\n".join(lines) for lines in planted]


def run_cells(sources: list[str]) -> dict:
    """Run the cells in a fresh interpreter; report the first error, if any."""
    with tempfile.TemporaryDirectory() as tmp:
        cells_file = Path(tmp) / "cells.json"
        result_file = Path(tmp) / "result.json"
        cells_file.write_text(json.dumps(sources), encoding="utf-8")
        env = dict(os.environ, MPLBACKEND="Agg", PYTHONHASHSEED="0")
        proc = subprocess.run(
            [sys.executable, __file__, str(cells_file), str(result_file)],
            cwd=BOOK,
            env=env,
            capture_output=True,
            text=True,
            timeout=RUN_TIMEOUT_S,
        )
        if not result_file.exists():
            raise RuntimeError(
                f"the cell runner itself failed (exit {proc.returncode}):\n{proc.stderr[-3000:]}"
            )
        return json.loads(result_file.read_text(encoding="utf-8"))


def describe(result: dict) -> str:
    if result["error"] is None:
        return "every cell ran to the end without an error"
    return (
        f"code cell {result['cell']} raised {result['error']}"
        f"{' (by a raise in the notebook)' if result['in_notebook'] else ''}: "
        f"{result['message'][:300]}"
    )


def is_caught_by_a_check(result: dict) -> bool:
    if result["error"] is None:
        return False
    if result["is_assertion"]:
        return True
    # The chapter's validation: a ValueError raised by a function the notebook defines.
    return result["is_value_error"] and result["in_notebook"]


def assert_caught(notebook: str, mistake: Planted) -> None:
    sources = plant(code_sources(notebook), mistake, notebook)
    result = run_cells(sources)
    if not is_caught_by_a_check(result):
        pytest.fail(
            f"planted mistake NOT caught by a check in {notebook}\n"
            f"  line:  {mistake.line.strip()}\n"
            f"  wrong: {mistake.wrong.strip()}\n"
            f"  why a reader writes it: {mistake.why}\n"
            f"  what happened: {describe(result)}\n"
            f"Add a visible check to the chapter that this mistake makes fail.",
            pytrace=False,
        )


def assert_runs_clean(notebook: str) -> None:
    result = run_cells(code_sources(notebook))
    if result["error"] is not None:
        pytest.fail(f"{notebook} unchanged: {describe(result)}", pytrace=False)


def planted_mistake_tests(notebook: str, mistakes: list[Planted], minimum: int = 6):
    """The tests of one chapter's table: the unchanged chapter runs clean (so a caught
    mistake is caught because of the mistake), the table is big enough, and each
    mistake is caught."""
    if not (BOOK / notebook).is_file():
        raise FileNotFoundError(f"planted mistakes name {notebook}, which is not in book/")

    def test_the_unchanged_chapter_raises_nothing():
        assert_runs_clean(notebook)

    def test_the_table_has_enough_mistakes():
        assert len(mistakes) >= minimum, (
            f"{notebook} has {len(mistakes)} planted mistakes; at least {minimum} expected"
        )

    @pytest.mark.parametrize("mistake", mistakes, ids=lambda m: m.why[:60])
    def test_planted_mistake_is_caught_by_a_visible_check(mistake):
        assert_caught(notebook, mistake)

    return (
        test_the_unchanged_chapter_raises_nothing,
        test_the_table_has_enough_mistakes,
        test_planted_mistake_is_caught_by_a_visible_check,
    )


def _run_in_this_process(cells_file: str, result_file: str) -> None:
    """Child side: exec each cell in one namespace, as a kernel would."""
    import linecache
    import traceback

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sources = json.loads(Path(cells_file).read_text(encoding="utf-8"))
    for index, source in enumerate(sources):
        # So that tracebacks know each cell's text (see `raised_by_the_notebook`).
        name = f"<cell {index}>"
        linecache.cache[name] = (len(source), None, source.splitlines(True), name)
    namespace = {"__name__": "__main__"}
    result = {"error": None, "cell": None, "message": "", "is_assertion": False,
              "is_value_error": False, "in_notebook": False}
    for index, source in enumerate(sources):
        try:
            exec(compile(source, f"<cell {index}>", "exec"), namespace)
        except BaseException as error:  # noqa: BLE001 - we report whatever stops the run
            frames = traceback.extract_tb(error.__traceback__)
            result.update(
                error=type(error).__name__,
                cell=index,
                message=str(error),
                is_assertion=isinstance(error, AssertionError),
                is_value_error=isinstance(error, ValueError),
                # A `raise` statement in the notebook's own code, not an error from
                # inside torch, numpy or a builtin such as int("a").
                in_notebook=bool(frames)
                and frames[-1].filename.startswith("<cell ")
                and (frames[-1].line or "").lstrip().startswith("raise"),
            )
            break
        finally:
            plt.close("all")
    Path(result_file).write_text(json.dumps(result), encoding="utf-8")


if __name__ == "__main__":
    _run_in_this_process(sys.argv[1], sys.argv[2])
