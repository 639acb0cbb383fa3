"""Every internal link and #anchor in the built site points at something that exists.

Sphinx's linkcheck cannot run offline; this walks _build/html with the standard
library instead: each relative href/src must name an existing file, and each
#fragment must match an id (or name) on the target page.
"""

from __future__ import annotations

from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from conftest import SITE, require_built_site

# Vendored assets (MathJax, Mermaid) and Sphinx's copies of sources are not pages.
SKIP_DIRS = {"_static", "_sources", "_images"}


class LinksAndIds(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for key in ("id", "name"):
            if attrs.get(key):
                self.ids.add(attrs[key])
        for key in ("href", "src"):
            if attrs.get(key) and not (tag == "a" and key == "src"):
                self.links.append(attrs[key])


@cache
def parse(page: Path) -> LinksAndIds:
    parser = LinksAndIds()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def pages() -> list[Path]:
    if not SITE.exists():
        return []
    return sorted(p for p in SITE.rglob("*.html") if not SKIP_DIRS & set(p.relative_to(SITE).parts))


def broken_links(page: Path) -> list[str]:
    problems = []
    for link in parse(page).links:
        url = urlsplit(link)
        if url.scheme or url.netloc or link.startswith(("data:", "javascript:")):
            continue  # external: not followed offline (the browser test blocks any request to them)
        target = (page.parent / unquote(url.path)).resolve() if url.path else page
        if target.is_dir():
            target = target / "index.html"
        if not target.exists():
            problems.append(f"{link}: no such file")
        elif url.fragment and target.suffix == ".html" and unquote(url.fragment) not in parse(target).ids:
            problems.append(f"{link}: no id {url.fragment!r} on {target.relative_to(SITE)}")
    return problems


def test_the_site_has_pages():
    require_built_site()
    assert len(pages()) >= 5, [str(p) for p in pages()]


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(SITE)))
def test_every_internal_link_and_anchor_resolves(page):
    problems = broken_links(page)
    assert not problems, f"{page.relative_to(SITE)}:\n" + "\n".join(problems)
