"""Re-run chapter notebooks top to bottom in a fresh kernel and store their outputs.

Outputs are committed from such a run (in the pinned CPU environment), and nbval then
checks that every later run reproduces them. Usage:

    .venv/bin/python tools/execute_notebooks.py                 # every book/*.ipynb
    .venv/bin/python tools/execute_notebooks.py book/03_scaling.ipynb

Each notebook also gets the book's standard metadata (Colab asks for a GPU runtime)
and no per-cell timestamps, so a re-run changes only what the code prints.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

BOOK = Path(__file__).resolve().parent.parent / "book"
METADATA = {
    "accelerator": "GPU",
    "colab": {"provenance": [], "gpuType": "T4"},
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}


def merge_streams(nb) -> None:
    """One print can arrive as several stream outputs, depending on timing; store
    consecutive outputs of the same stream as one, so a re-run gives the same file."""
    for cell in nb.cells:
        merged = []
        for output in cell.get("outputs", []):
            previous = merged[-1] if merged else None
            if (
                output.get("output_type") == "stream"
                and previous is not None
                and previous.get("output_type") == "stream"
                and previous["name"] == output["name"]
            ):
                previous["text"] += output["text"]
            else:
                merged.append(output)
        if "outputs" in cell:
            cell["outputs"] = merged


def execute(path: Path) -> float:
    nb = nbformat.read(path, as_version=4)
    nb.metadata = nbformat.from_dict(METADATA)
    client = NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        record_timing=False,  # no timestamps in the committed notebook
        resources={"metadata": {"path": str(path.parent)}},  # run from book/, as nbval does
    )
    start = time.perf_counter()
    client.execute()  # raises on the first cell that raises (none should: see the tests)
    elapsed = time.perf_counter() - start
    nb.metadata["language_info"] = {"name": "python"}  # drop the interpreter's patch version
    merge_streams(nb)
    nbformat.write(nb, path)
    return elapsed


def main(argv: list[str]) -> None:
    paths = [Path(a) for a in argv] or sorted(BOOK.glob("*.ipynb"))
    missing = [str(p) for p in paths if p.suffix != ".ipynb" or not p.is_file()]
    if missing:
        sys.exit(f"not a notebook: {', '.join(missing)} (expected e.g. book/03_scaling.ipynb)")
    for path in paths:
        print(f"{path}: executed in {execute(path):.1f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
