"""The notebook check itself is checked: nbval, as configured here, must fail on a
stale output or a raising cell (naming the notebook and the cell), the sanitizer
must mask only machine-dependent text, and a notebook over its time budget fails."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import nbformat
from nbformat.v4 import new_code_cell, new_notebook, new_output

from conftest import ROOT

SANITIZER = ROOT / "tests" / "nbval_sanitize.cfg"


def notebook(source: str, stored_text: str):
    cell = new_code_cell(source, execution_count=1)
    cell.outputs = [new_output("stream", name="stdout", text=stored_text)]
    kernelspec = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return new_notebook(cells=[cell], metadata={"kernelspec": kernelspec})


def run_pytest(folder, notebooks, **env):
    """Run pytest with this repository's nbval options on notebooks in `folder`."""
    (folder / "pytest.ini").write_text("[pytest]\n")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider",
         "--rootdir", str(folder), "-c", str(folder / "pytest.ini"),
         "-p", "notebook_time_budget", "--nbval", "--nbval-current-env",
         "--nbval-sanitize-with", str(SANITIZER), *notebooks],
        cwd=folder, capture_output=True, text=True, timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT / "tests"), **env},
    )
    return result.returncode, result.stdout + result.stderr


def test_nbval_fails_on_stale_outputs_and_raising_cells_but_not_on_device_names(tmp_path):
    cases = {
        # stored output from an older version of the code: must fail
        "stale.ipynb": notebook("print(f'row sum: {0.25 * 4:.2f}')", "row sum: 0.99\n"),
        # a cell that raises: must fail
        "raises.ipynb": notebook("raise ValueError('expected (3, 3), got (3, 4)')", "ok\n"),
        # only the device name differs (GPU machine vs CPU): must pass
        "device.ipynb": notebook("print('device: cpu')", "device: cuda\n"),
        # a real number differing in the same line as the device: must fail
        "device_and_number.ipynb": notebook("print('device: cpu, loss 0.50')", "device: cuda, loss 0.51\n"),
    }
    for name, nb in cases.items():
        nbformat.write(nb, tmp_path / name)
    returncode, log = run_pytest(tmp_path, list(cases))
    assert returncode == 1, log
    outcome = {
        stem: match.group(1)
        for stem in ("stale", "raises", "device", "device_and_number")
        # the verbose line names the notebook and the cell
        if (match := re.search(rf"^{stem}\W+ipynb::Cell 0 (PASSED|FAILED)", log, re.M))
    }
    assert outcome == {"stale": "FAILED", "raises": "FAILED", "device": "PASSED", "device_and_number": "FAILED"}, log
    assert "Cell 0: Cell outputs differ" in log and "Cell 0: Cell execution caused an exception" in log, log


def test_a_notebook_over_its_time_budget_fails(tmp_path):
    nbformat.write(notebook("import time; time.sleep(3); print('done')", "done\n"), tmp_path / "slow.ipynb")
    returncode, log = run_pytest(tmp_path, ["slow.ipynb"], NOTEBOOK_TIME_BUDGET_S="2")
    assert returncode == 1, log
    assert re.search(r"slow.ipynb took \d+\.\d s to run, over its budget of 2 s", log), log
