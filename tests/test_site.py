"""The built site, opened in a real browser with no network.

Debian's chromium, driven by playwright, loads every page from a local server. Any
request to another host is blocked and fails the test: the book must work offline.
Without chromium these tests skip locally, and fail when CI=true.
"""

from __future__ import annotations

import functools
import os
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from conftest import BOOK, ROOT, SITE, require_built_site

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
ARTICLE = "article.bd-article"  # the book's own content, without the theme's chrome


def is_redirect(page: Path) -> bool:
    return 'http-equiv="Refresh"' in page.read_text(encoding="utf-8")[:1000]


def site_pages() -> list[str]:
    """Every page of the site (not the vendored assets, not the root redirect)."""
    if not SITE.exists():
        return []
    skip = {"_static", "_sources", "_images"}
    return sorted(
        str(p.relative_to(SITE))
        for p in SITE.rglob("*.html")
        if not skip & set(p.relative_to(SITE).parts) and not is_redirect(p)
    )


def colab_url(page: str) -> str | None:
    """The Colab address a notebook page must link to, or None for a Markdown page."""
    source = Path(page).with_suffix(".ipynb")
    if not (ROOT / source).exists():
        return None
    repo = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))["repository"]
    github = repo["url"].removeprefix("https://github.com/")
    return f"https://colab.research.google.com/github/{github}/blob/{repo['branch']}/{source.as_posix()}"


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server():
    require_built_site()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(SITE)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    if not shutil.which(CHROMIUM):
        message = f"no browser at {CHROMIUM}: apt-get install chromium"
        if os.environ.get("CI") == "true":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class PageVisit:
    """One page opened in a fresh context, with every problem the browser reports."""

    def __init__(self, browser, server: str, path: str):
        self.origin = urlsplit(server).netloc
        self.context = browser.new_context()
        self.page = self.context.new_page()
        self.external: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._only_local)
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on("requestfailed", lambda r: self.errors.append(f"failed request: {r.url} ({r.failure})"))
        self.page.goto(f"{server}/{path}", wait_until="load")

    def _only_local(self, route):
        if urlsplit(route.request.url).netloc == self.origin:
            route.continue_()
        else:
            self.external.append(route.request.url)
            route.abort()

    def close(self):
        self.context.close()


@pytest.fixture(scope="module")
def visits(browser, server):
    opened: dict[str, PageVisit] = {}

    def visit(path: str) -> PageVisit:
        if path not in opened:
            opened[path] = PageVisit(browser, server, path)
        return opened[path]

    yield visit
    for page_visit in opened.values():
        page_visit.close()


PAGES = site_pages()


@pytest.mark.parametrize("path", PAGES)
def test_page_typesets_its_math(visits, path):
    page = visits(path).page
    if not page.evaluate("() => !!document.querySelector('script[src*=\"mathjax\"]')"):
        assert page.locator(f"{ARTICLE} .math").count() == 0, f"{path}: math on the page but no MathJax"
        return
    page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise", timeout=20_000)
    page.evaluate("() => MathJax.startup.promise")
    typeset = page.locator("mjx-container").count()
    assert typeset > 0, f"{path}: MathJax loaded but typeset nothing"
    assert page.locator("mjx-merror").count() == 0, f"{path}: MathJax errors: {page.locator('mjx-merror').all_inner_texts()}"


@pytest.mark.parametrize("path", PAGES)
def test_page_draws_every_mermaid_diagram(visits, path):
    page = visits(path).page
    diagrams = page.locator(f"{ARTICLE} .mermaid")
    for i in range(diagrams.count()):
        diagram = diagrams.nth(i)
        diagram.scroll_into_view_if_needed()  # diagrams render when they become visible
        diagram.locator("svg").first.wait_for(state="attached", timeout=20_000)
        text = diagram.inner_text()
        assert "Syntax error" not in text, f"{path}: Mermaid diagram {i} failed to parse"


@pytest.mark.parametrize("path", PAGES)
def test_page_loads_every_image(visits, path):
    page = visits(path).page
    broken = page.evaluate(
        """async () => {
            const images = [...document.images];
            for (const img of images) { img.loading = 'eager'; }
            await Promise.all(images.map(img => img.complete ? null : img.decode().catch(() => null)));
            return images.filter(img => !img.complete || img.naturalWidth === 0).map(img => img.src);
        }"""
    )
    assert not broken, f"{path}: images that did not load: {broken}"


@pytest.mark.parametrize("path", PAGES)
def test_page_has_no_browser_errors_and_requests_nothing_from_other_hosts(visits, path):
    visit = visits(path)
    visit.page.wait_for_load_state("networkidle")
    assert not visit.external, f"{path}: requests to other hosts: {visit.external}"
    assert not visit.errors, f"{path}: " + "\n".join(visit.errors)


@pytest.mark.parametrize("path", [p for p in PAGES if colab_url(p)])
def test_notebook_page_links_to_its_notebook_in_colab(visits, path):
    url = colab_url(path)
    assert visits(path).page.locator(f'a[href="{url}"]').count() >= 1, f"{path}: no link to {url}"


@pytest.mark.parametrize("path", [p for p in PAGES if not colab_url(p)])
def test_page_without_a_notebook_offers_no_colab_link(visits, path):
    # Colab can only open .ipynb files; a launch button on a Markdown page would fail.
    assert visits(path).page.locator('a[href*="colab.research.google.com"]').count() == 0, path


@pytest.mark.parametrize("path", PAGES)
def test_article_content_has_no_accessibility_violations(visits, path):
    page = visits(path).page
    page.add_script_tag(path=str(AXE))
    # The search page has no <article>: its content is the search form and results.
    result = page.evaluate(
        f"() => axe.run(document.querySelector('{ARTICLE}') || document.querySelector('.bd-search-container'))"
    )
    violations = [
        f"{v['id']} ({v['impact']}): {v['help']} — e.g. {v['nodes'][0]['html'][:160]}" for v in result["violations"]
    ]
    assert not violations, f"{path}:\n" + "\n".join(violations)


def test_site_root_opens_the_preface(visits):
    page = visits("index.html").page
    page.wait_for_url("**/book/preface.html", timeout=10_000)
    assert page.locator("h1").first.inner_text().startswith("Self-Attention from First Principles")


def test_every_chapter_has_a_page():
    require_built_site()
    missing = [nb.name for nb in BOOK.glob("*.ipynb") if not (SITE / "book" / f"{nb.stem}.html").exists()]
    assert not missing, f"chapters without a built page: {missing}"


def test_search_finds_a_word_from_the_book(visits):
    page = visits("search.html?q=softmax").page
    page.locator("#search-results li").first.wait_for(timeout=20_000)
    assert page.locator("#search-results li").count() >= 1


def test_chinese_text_renders_with_real_glyphs_not_boxes(visits):
    # A missing font draws every character as the same empty box, so distinct Chinese
    # characters drawn in the glossary's own font must give distinct pictures, and none
    # may look like an unassigned code point.
    page = visits("book/glossary.html").page
    pictures = page.evaluate(
        """() => {
            const cell = [...document.querySelectorAll('td')].find(td => td.textContent.includes('注意力'));
            const font = getComputedStyle(cell).font;
            const draw = (ch) => {
                const canvas = document.createElement('canvas');
                canvas.width = canvas.height = 48;
                const context = canvas.getContext('2d');
                context.font = font.replace(/\\d+(\\.\\d+)?px/, '32px');
                context.fillText(ch, 4, 40);
                return canvas.toDataURL();
            };
            return {han: [...'注意力查询键值'].map(draw), missing: draw('\\u0378')};
        }"""
    )
    assert len(set(pictures["han"])) == len(pictures["han"]), "Chinese characters render as identical boxes"
    assert pictures["missing"] not in pictures["han"], "Chinese characters render like a missing glyph"
