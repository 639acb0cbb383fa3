"""Paths the tests read, and the check that the site has been built."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
SITE = ROOT / "_build" / "html"
NOTEBOOKS = sorted(BOOK.glob("*.ipynb"))


def require_built_site() -> Path:
    if not (SITE / "index.html").exists():
        pytest.fail(f"no built site at {SITE.relative_to(ROOT)}: run `make book` first", pytrace=False)
    return SITE
