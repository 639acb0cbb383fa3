"""Notebook hygiene: what nbval does not check on its own.

nbval (run on book/*.ipynb by the same pytest command) re-executes every notebook and
compares each stored output. These tests read the committed notebooks and check that
they were committed in a state worth comparing against, and that they stay readable
and runnable on Colab.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

import pytest
import yaml

from conftest import BOOK, NOTEBOOKS, ROOT

ALLOWED_THIRD_PARTY = {"torch", "numpy", "matplotlib", "mpl_toolkits"}
MAX_CODE_LINE = 88
MACHINE_PATH = re.compile(r"(/tmp/|/root/|/home/|/Users/|/work/|[A-Z]:\\\\)")


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def code_cells(nb: dict):
    for index, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code":
            yield index, cell


def text_of(output: dict) -> str:
    text = output.get("text", "")
    plain = output.get("data", {}).get("text/plain", "")
    join = lambda value: "".join(value) if isinstance(value, list) else value  # noqa: E731
    return join(text) + join(plain) + output.get("evalue", "")


def markdown_lines(path: Path) -> list[str]:
    return [
        line
        for cell in load(path)["cells"]
        if cell["cell_type"] == "markdown"
        for line in "".join(cell["source"]).splitlines()
    ]


def tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def toc_files() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]]
    for part in toc.get("parts", []):
        files += [chapter["file"] for chapter in part.get("chapters", [])]
    return files


def test_there_are_chapters():
    assert NOTEBOOKS, "no notebooks found under book/"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_was_run_top_to_bottom_in_one_kernel(path):
    counts = [cell["execution_count"] for _, cell in code_cells(load(path))]
    expected = list(range(1, len(counts) + 1))
    assert counts == expected, (
        f"{path.name}: execution counts are {counts}, expected {expected}. "
        f"Re-run it with `make execute NB=book/{path.name}` before committing."
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_has_stored_outputs(path):
    # Without stored outputs nbval has nothing to compare, so it would check nothing.
    nb = load(path)
    assert any(cell.get("outputs") for _, cell in code_cells(nb)), f"{path.name} has no stored outputs"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_cell_raises_so_run_all_goes_to_the_end(path):
    # Jupyter's and Colab's "Run all" stop at the first cell that raises, so a cell that
    # shows an error catches it and prints it (nbval then compares the message).
    problems = []
    for index, cell in code_cells(load(path)):
        errors = [out for out in cell["outputs"] if out["output_type"] == "error"]
        if errors:
            problems.append(f"cell {index}: stored error {errors[0]['ename']}: {errors[0]['evalue']}")
        if "raises-exception" in tags(cell):
            problems.append(f"cell {index}: tagged raises-exception (catch the error and print it)")
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_code_lines_fit_the_page(path):
    # The book's code column shows about 88 characters before it scrolls sideways.
    problems = [
        f"cell {index}, line {number}: {len(line)} characters"
        for index, cell in code_cells(load(path))
        for number, line in enumerate("".join(cell["source"]).splitlines(), start=1)
        if len(line) > MAX_CODE_LINE
    ]
    assert not problems, f"{path.name}: lines over {MAX_CODE_LINE} characters:\n" + "\n".join(problems)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_nothing_is_printed_to_stderr(path):
    problems = [
        f"cell {index}: {''.join(out['text'])[:200]!r}"
        for index, cell in code_cells(load(path))
        for out in cell["outputs"]
        if out["output_type"] == "stream" and out["name"] == "stderr"
    ]
    assert not problems, f"{path.name} prints to stderr (warnings?):\n" + "\n".join(problems)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_outputs_hold_no_memory_addresses_or_machine_paths(path):
    problems = []
    for index, cell in code_cells(load(path)):
        for out in cell["outputs"]:
            text = text_of(out)
            if re.search(r"\bat 0x[0-9a-f]+", text):
                problems.append(f"cell {index}: memory address (end plotting cells with plt.show())")
            if MACHINE_PATH.search(text):
                problems.append(f"cell {index}: a path of this machine")
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_imports_only_the_standard_library_torch_numpy_and_matplotlib(path):
    problems = []
    for index, cell in code_cells(load(path)):
        source = "".join(cell["source"])
        if re.search(r"^\s*[!%]", source, re.M):
            problems.append(f"cell {index}: shell or magic command (Colab and nbval readers differ)")
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] if node.level == 0 else ["(relative import)"]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top not in ALLOWED_THIRD_PARTY and top not in sys.stdlib_module_names:
                    problems.append(f"cell {index}: imports {name!r}")
    assert not problems, f"{path.name} must run alone on Colab:\n" + "\n".join(problems)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_asks_colab_for_a_gpu(path):
    metadata = load(path)["metadata"]
    assert metadata.get("accelerator") == "GPU", f"{path.name}: metadata lacks \"accelerator\": \"GPU\""
    assert metadata.get("kernelspec", {}).get("name") == "python3", f"{path.name}: kernelspec is not python3"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_figure_has_alt_text(path):
    problems = []
    for index, cell in code_cells(load(path)):
        images = [out for out in cell["outputs"] if {"image/png", "image/jpeg", "image/svg+xml"} & set(out.get("data", {}))]
        if not images:
            continue
        alt = cell["metadata"].get("mystnb", {}).get("image", {}).get("alt", "")
        if len(alt.split()) < 4:
            problems.append(f"cell {index}: figure without real alt text (cell metadata mystnb.image.alt)")
    for index, cell in enumerate(load(path)["cells"]):
        if cell["cell_type"] == "markdown" and re.search(r"!\[\s*\]\(", "".join(cell["source"])):
            problems.append(f"cell {index}: Markdown image without alt text")
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_has_one_title(path):
    titles = [line for line in markdown_lines(path) if line.startswith("# ")]
    assert len(titles) == 1, f"{path.name}: expected one '# Title' heading, found {titles}"


def test_every_chapter_is_in_the_toc():
    listed = set(toc_files())
    missing = [p.name for p in NOTEBOOKS if str(p.relative_to(ROOT).with_suffix("")) not in listed]
    assert not missing, f"notebooks missing from _toc.yml: {missing}"


def test_every_toc_entry_exists():
    missing = [
        entry
        for entry in toc_files()
        if not any((ROOT / f"{entry}{suffix}").exists() for suffix in (".ipynb", ".md"))
    ]
    assert not missing, f"_toc.yml lists files that do not exist: {missing}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_dropdown_titles_hold_no_links(path):
    # A link inside a <summary> is a control inside a control (axe: nested-interactive),
    # and the theme draws it with too little contrast: put the link in the box instead.
    bad = [
        line
        for line in markdown_lines(path)
        if line.lstrip().startswith(":::{dropdown}") and re.search(r"\{(ref|doc|numref|eq)\}`", line)
    ]
    assert not bad, f"{path.name}: dropdown titles with links: {bad}"
