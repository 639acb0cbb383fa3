"""The notebook check itself is checked: nbval, as configured here, must fail on a
stale output or a raising cell (naming the notebook and the cell), and the sanitizer
must mask only machine-dependent text."""

from __future__ import annotations

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
    return new_notebook(cells=[cell], metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}})


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
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "--rootdir", str(tmp_path),
         "-c", str(tmp_path / "pytest.ini"), "--nbval", "--nbval-current-env",
         "--nbval-sanitize-with", str(SANITIZER), *cases],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )
    log = result.stdout + result.stderr
    assert result.returncode == 1, log
    outcome = {
        stem: match.group(1)
        for stem in ("stale", "raises", "device", "device_and_number")
        # the verbose line names the notebook and the cell
        if (match := re.search(rf"^{stem}\W+ipynb::Cell 0 (PASSED|FAILED)", log, re.M))
    }
    assert outcome == {"stale": "FAILED", "raises": "FAILED", "device": "PASSED", "device_and_number": "FAILED"}, log
    assert "Cell 0: Cell outputs differ" in log and "Cell 0: Cell execution caused an exception" in log, log
