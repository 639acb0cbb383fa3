"""Planted mistakes: does a chapter's own visible check catch a plausible bug?

A *planted mistake* is one line of a chapter's code, found by its exact text, replaced
by the wrong version a reader could plausibly write. The chapter's code cells then run
top to bottom (matplotlib on Agg, cwd book/, as nbval runs them), stopping at the first
cell that raises. The mistake counts as caught only if what stops the run is one of the
chapter's own checks:

- an ``AssertionError`` (``assert``, ``torch.testing.assert_close``, or the
  ``raise AssertionError`` of a cell that expected an error and got none), or
- a ``ValueError`` raised by a ``raise`` statement in the notebook's own code (its input
  validation), not one raised inside torch, numpy or a builtin.

Anything else (no error at all, a ``RuntimeError`` from a shape mismatch, a
``NameError``) means the chapter does not check what the mistake breaks: add the check to
the chapter, never drop the mistake.

How a table runs, cheaply: one fresh Python process runs the unchanged chapter cell by
cell. Just before the first cell a mistake changes, it forks; the child runs the planted
version from that cell on, in the namespace the unchanged cells before it built (exactly
the state a fresh run of the planted chapter would have there), and reports. So the cells
before a mistake run once per chapter, not once per mistake. The process uses one torch
thread, so that forking is safe (no OpenMP thread pool exists to be copied).

The tables live in ``tests/planted_mistakes/test_<notebook stem>.py``, one file per
notebook, and get their tests from ``planted_mistake_tests``. To run one table:

    .venv/bin/python -m pytest tests/planted_mistakes/test_01_soft_lookup.py
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
# A chapter runs in under 30 s; a planted mistake can make a loop run much longer.
RUN_TIMEOUT_S = 120
TABLE_TIMEOUT_S = 900


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


def run_variants(unchanged: list[str], variants: list[list[str]]) -> tuple[dict, list[dict]]:
    """Run the unchanged cells, and each variant (the same number of cells, some
    changed), in one fresh interpreter; return the first error of each, if any."""
    with tempfile.TemporaryDirectory() as tmp:
        job = Path(tmp) / "job.json"
        job.write_text(json.dumps({"unchanged": unchanged, "variants": variants}), encoding="utf-8")
        env = dict(os.environ, MPLBACKEND="Agg", PYTHONHASHSEED="0")
        proc = subprocess.run(
            [sys.executable, __file__, str(job), tmp],
            cwd=BOOK, env=env, capture_output=True, text=True, timeout=TABLE_TIMEOUT_S,
        )
        results_file = Path(tmp) / "unchanged.json"
        if not results_file.exists():
            raise RuntimeError(
                f"the cell runner itself failed (exit {proc.returncode}):\n{proc.stderr[-3000:]}"
            )
        unchanged_result = json.loads(results_file.read_text(encoding="utf-8"))
        results = []
        for v in range(len(variants)):
            path = Path(tmp) / f"variant{v}.json"
            results.append(
                json.loads(path.read_text(encoding="utf-8")) if path.exists() else {
                    "error": "NotRun", "cell": None, "is_assertion": False,
                    "is_value_error": False, "in_notebook": False,
                    "message": "the unchanged cells before this mistake failed first",
                }
            )
        return unchanged_result, results


def run_cells(sources: list[str]) -> dict:
    """Run the cells in a fresh interpreter; report the first error, if any."""
    return run_variants(sources, [])[0]


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


def planted_mistake_tests(notebook: str, mistakes: list[Planted], minimum: int = 6):
    """The tests of one notebook's table: the unchanged notebook runs clean (so a
    caught mistake is caught because of the mistake), the table is big enough, and
    each mistake is caught. The whole table runs once, in one process."""
    if not (BOOK / notebook).is_file():
        raise FileNotFoundError(f"planted mistakes name {notebook}, which is not in book/")

    cache: dict = {}

    def table_results():
        # Run once per table; every test of the table (one module, one worker) reads it.
        if not cache:
            sources = code_sources(notebook)
            variants, missing = [], {}
            for index, mistake in enumerate(mistakes):
                try:
                    variants.append(plant(sources, mistake, notebook))
                except LineNotFound as error:
                    missing[index] = str(error)
                    variants.append(sources)  # a placeholder, never reported
            cache["unchanged"], cache["results"] = run_variants(sources, variants)
            cache["missing"] = missing
        return cache["unchanged"], cache["results"], cache["missing"]

    def test_the_unchanged_chapter_raises_nothing():
        unchanged, _, _ = table_results()
        if unchanged["error"] is not None:
            pytest.fail(f"{notebook} unchanged: {describe(unchanged)}", pytrace=False)

    def test_the_table_has_enough_mistakes():
        assert len(mistakes) >= minimum, (
            f"{notebook} has {len(mistakes)} planted mistakes; at least {minimum} expected"
        )

    @pytest.mark.parametrize("index", range(len(mistakes)), ids=[m.why[:60] for m in mistakes])
    def test_planted_mistake_is_caught_by_a_visible_check(index):
        _, results, missing = table_results()
        mistake = mistakes[index]
        if index in missing:
            pytest.fail(missing[index], pytrace=False)
        if not is_caught_by_a_check(results[index]):
            pytest.fail(
                f"planted mistake NOT caught by a check in {notebook}\n"
                f"  line:  {mistake.line.strip()}\n"
                f"  wrong: {mistake.wrong.strip()}\n"
                f"  why a reader writes it: {mistake.why}\n"
                f"  what happened: {describe(results[index])}\n"
                f"Add a visible check to the chapter that this mistake makes fail.",
                pytrace=False,
            )

    return (
        test_the_unchanged_chapter_raises_nothing,
        test_the_table_has_enough_mistakes,
        test_planted_mistake_is_caught_by_a_visible_check,
    )


# ----------------------------------------------------------------- the child process


def _run_cell(sources: list[str], index: int, namespace: dict) -> dict | None:
    """Exec one cell in namespace, as a kernel would; its error, if any."""
    import linecache
    import traceback

    import matplotlib.pyplot as plt

    name = f"<cell {index}>"
    # So that tracebacks know each cell's text (see in_notebook below).
    linecache.cache[name] = (len(sources[index]), None, sources[index].splitlines(True), name)
    try:
        exec(compile(sources[index], name, "exec"), namespace)
    except BaseException as error:  # noqa: BLE001 - we report whatever stops the run
        frames = traceback.extract_tb(error.__traceback__)
        return {
            "error": type(error).__name__,
            "cell": index,
            "message": str(error),
            "is_assertion": isinstance(error, AssertionError),
            "is_value_error": isinstance(error, ValueError),
            # A `raise` statement in the notebook's own code, not an error from inside
            # torch, numpy or a builtin such as int("a").
            "in_notebook": bool(frames)
            and frames[-1].filename.startswith("<cell ")
            and (frames[-1].line or "").lstrip().startswith("raise"),
        }
    finally:
        plt.close("all")
    return None


CLEAN = {"error": None, "cell": None, "message": "", "is_assertion": False,
         "is_value_error": False, "in_notebook": False}


def _run_from(sources: list[str], start: int, namespace: dict) -> dict:
    for index in range(start, len(sources)):
        error = _run_cell(sources, index, namespace)
        if error is not None:
            return error
    return CLEAN


def _child(job_file: str, out_dir: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    try:
        import torch

        torch.set_num_threads(1)  # no OpenMP thread pool, so fork() below is safe
    except ImportError:  # the runner's own tests need no torch
        pass

    job = json.loads(Path(job_file).read_text(encoding="utf-8"))
    unchanged, variants = job["unchanged"], job["variants"]
    first_change = [
        next((c for c, (a, b) in enumerate(zip(unchanged, v)) if a != b), None) for v in variants
    ]
    out = Path(out_dir)
    namespace = {"__name__": "__main__"}
    result = CLEAN
    for index in range(len(unchanged) + 1):
        for v, start in enumerate(first_change):
            if start == index:
                _fork_variant(variants[v], index, namespace, out / f"variant{v}.json")
        if index == len(unchanged):
            break
        error = _run_cell(unchanged, index, namespace)
        if error is not None:
            result = error
            break  # variants that start later are reported as not run
    (out / "unchanged.json").write_text(json.dumps(result), encoding="utf-8")


def _fork_variant(sources: list[str], start: int, namespace: dict, result_file: Path) -> None:
    """Run a planted variant from its first changed cell in a forked copy of this
    process, whose namespace holds exactly what the unchanged cells before it built."""
    import signal

    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        signal.alarm(RUN_TIMEOUT_S)  # a mistake that makes a loop endless is reported
        result_file.write_text(json.dumps(_run_from(sources, start, namespace)), encoding="utf-8")
        sys.stdout.flush()
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    if not result_file.exists():
        message = f"the planted run died (wait status {status}; over {RUN_TIMEOUT_S} s?)"
        result = dict(CLEAN, error="Died", cell=start, message=message)
        result_file.write_text(json.dumps(result), encoding="utf-8")


if __name__ == "__main__":
    _child(sys.argv[1], sys.argv[2])
