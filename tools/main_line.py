"""What a reader sees of a chapter with every fold closed, and how much of it there is.

    python tools/main_line.py book/03_scaling.ipynb           # counts
    python tools/main_line.py book/03_scaling.ipynb --text    # the main line as text
    python tools/main_line.py book/03_scaling.ipynb --all     # ... with the folds too

The main line is the markdown outside dropdowns (`:::{dropdown}`, directives with
`:class: dropdown`, exercise solutions) plus the code cells not tagged hide-input,
hide-cell or remove-*, and the outputs not folded with them. Reading-time claims in a
chapter's introduction are made against these counts (see README, "Changing a chapter").
"""
from __future__ import annotations

import json
import re
import sys

FENCE = re.compile(r"^\s*(`{3,}|:{3,})\s*(\{[^}]*\})?(.*)$")
HIDDEN_INPUT = {"hide-input", "hide-cell", "remove-input", "remove-cell"}


def walk(nb: dict):
    """Yield (kind, text, on_main_line) for every piece of the notebook, in order."""
    in_solution = False
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            lines, stack, i = source.split("\n"), [], 0
            while i < len(lines):
                line = lines[i]
                if "{solution-start}" in line or "{solution-end}" in line:
                    in_solution = "{solution-start}" in line
                    i += 1
                    while i < len(lines) and not re.match(r"^\s*`{3,}\s*$", lines[i]):
                        i += 1
                    i += 1
                    continue
                match = FENCE.match(line)
                if match and match.group(2):
                    j, folded = i + 1, match.group(2) == "{dropdown}"
                    while j < len(lines) and lines[j].strip().startswith(":") \
                            and not lines[j].strip().startswith(":::"):
                        folded = folded or "dropdown" in lines[j]
                        j += 1
                    stack.append((match.group(1), folded))
                elif match and stack and match.group(1)[0] == stack[-1][0][0] \
                        and not match.group(3).strip():
                    yield "md", line, not (in_solution or any(f for _, f in stack))
                    stack.pop()
                    i += 1
                    continue
                yield "md", line, not (in_solution or any(f for _, f in stack))
                i += 1
        elif cell["cell_type"] == "code":
            tags = set(cell.get("metadata", {}).get("tags", []))
            shown = not in_solution and not (tags & HIDDEN_INPUT)
            yield "code", source, shown
            output_shown = not in_solution and not ({"hide-cell", "hide-output", "remove-cell"} & tags)
            for out in cell.get("outputs", []):
                text = "".join(out.get("text", "")) or "".join(out.get("data", {}).get("text/plain", ""))
                if "image/png" in out.get("data", {}):
                    text = "[FIGURE]"
                yield "output", text, output_shown


def main(argv: list[str]) -> None:
    if not argv or argv[0].startswith("-"):
        sys.exit(__doc__)
    path, show_all, as_text = argv[0], "--all" in argv, "--text" in argv or "--all" in argv
    nb = json.load(open(path, encoding="utf-8"))
    words = code_cells = code_lines = outputs = 0
    for kind, text, on_main in walk(nb):
        if as_text and (on_main or show_all):
            print(f"```python\n{text}\n```" if kind == "code" else text)
        if not on_main:
            continue
        if kind == "md":
            if not FENCE.match(text):  # fence and directive lines are markup, not prose
                words += len(re.findall(r"\S+", text))
        elif kind == "code":
            code_cells += 1
            code_lines += len(text.splitlines())
        elif text.strip():
            outputs += 1
    if not as_text:
        print(f"{path}: main line {words} words, {code_cells} visible code cells "
              f"({code_lines} lines), {outputs} outputs shown")


if __name__ == "__main__":
    main(sys.argv[1:])
