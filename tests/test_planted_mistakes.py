"""The planted-mistake runner itself (tests/planting.py): it catches what it should, and
only that, and every chapter has a table of planted mistakes (tests/planted_mistakes/)."""

from __future__ import annotations

import ast

import pytest

from conftest import NOTEBOOKS, ROOT
from planting import LineNotFound, Planted, is_caught_by_a_check, plant, run_cells, run_variants

TABLES = ROOT / "tests" / "planted_mistakes"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_chapter_has_a_table_of_planted_mistakes(path):
    table = TABLES / f"test_{path.stem}.py"
    assert table.is_file(), f"{path.name} has no planted mistakes: add {table.relative_to(ROOT)}"
    names = [
        node.value.value
        for node in ast.walk(ast.parse(table.read_text(encoding="utf-8")))
        if isinstance(node, ast.Assign)
        and any(getattr(t, "id", None) == "NOTEBOOK" for t in node.targets)
    ]
    assert names == [path.name], f"{table.name} must set NOTEBOOK = {path.name!r}"


def test_a_failed_assert_or_assert_close_counts_as_caught():
    assert is_caught_by_a_check(run_cells(["x = 1", "assert x == 2, 'x is wrong'"]))
    assert is_caught_by_a_check(
        run_cells(["import torch", "torch.testing.assert_close(torch.ones(2), torch.zeros(2))"])
    )


def test_the_notebooks_own_value_error_counts_but_a_library_one_does_not():
    validate = "def check(n):\n    if n < 0:\n        raise ValueError(f'n={n} < 0')"
    assert is_caught_by_a_check(run_cells([validate, "check(-1)"]))
    assert not is_caught_by_a_check(run_cells(["int('not a number')"]))


def test_a_run_that_raises_nothing_or_crashes_is_not_caught():
    result = run_cells(["x = 1", "y = x + 1"])
    assert result["error"] is None and not is_caught_by_a_check(result)
    crash = run_cells(["import torch", "torch.ones(2, 3) @ torch.ones(2, 3)"])
    assert crash["error"] == "RuntimeError" and not is_caught_by_a_check(crash)
    assert crash["cell"] == 1


def test_a_line_that_is_gone_is_named_not_skipped():
    with pytest.raises(LineNotFound, match=r"ch\.ipynb: no code line reads 'z = 3'"):
        plant(["x = 1\ny = 2"], Planted(line="z = 3", wrong="z = 4", why="gone"), "ch.ipynb")


def test_a_repeated_line_must_be_planted_everywhere_or_made_unique():
    sources = ["  x = 1", "def f():\n    x = 1\n    return x"]
    with pytest.raises(LineNotFound, match=r"2 code lines read 'x = 1' \(code cells \[0, 1\]\)"):
        plant(sources, Planted(line="x = 1", wrong="x = 2", why="twice"), "ch.ipynb")
    everywhere = Planted(line="x = 1", wrong="x = 2", why="twice", everywhere=True)
    assert plant(sources, everywhere, "ch.ipynb") == ["  x = 2", "def f():\n    x = 2\n    return x"]


def test_a_planted_run_starts_from_the_state_the_unchanged_cells_built():
    unchanged = ["import random\nrandom.seed(0)\nx = random.random()", "y = x + 1", "assert y > 1"]
    variants = [
        ["import random\nrandom.seed(0)\nx = random.random()", "y = x - 1", "assert y > 1"],
        ["x = -5.0", "y = x + 1", "assert y > 1"],  # changed from the first cell on
    ]
    clean, (late, early) = run_variants(unchanged, variants)
    assert clean["error"] is None
    assert late["error"] == "AssertionError" and late["cell"] == 2
    assert early["error"] == "AssertionError" and early["cell"] == 2


def test_mistakes_after_a_failing_unchanged_cell_are_reported_as_not_run():
    clean, (after,) = run_variants(["x = 1", "1 / 0", "y = 2"], [["x = 1", "1 / 0", "y = 3"]])
    assert clean["error"] == "ZeroDivisionError" and clean["cell"] == 1
    assert after["error"] == "NotRun" and not is_caught_by_a_check(after)
