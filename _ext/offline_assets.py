"""Make the built book work with no network.

1. Copy MathJax (es5 build) and Mermaid (ESM build and its chunks) from ``node_modules``
   into ``_build/html/_static`` so the pages load them from the site itself.
   ``mathjax_path`` and ``mermaid_use_local`` in ``_config.yml`` point at these copies.
   (A root ``_static/`` folder is not used on purpose: Jupyter Book would inject every
   ``*.js`` file in it into every page.)
2. Give bibliography entries the ARIA role their list needs. Docutils marks each
   citation ``role="doc-biblioentry"`` (deprecated in DPUB-ARIA 1.1) inside a
   ``role="list"`` container, which then has no ``listitem`` children: axe-core reports
   both, one as critical.
3. Add the book's small stylesheet (``_ext/static/book.css``: link contrast in boxes,
   code size, wrapped outputs, Mermaid diagrams at their natural size).
4. Offer launch buttons (Colab, Binder) on .ipynb pages only. The preface is a MyST
   Markdown notebook (it runs one cell at build time), so the theme would offer to
   open ``preface.md`` in Colab, which Colab cannot do.
5. Drop the ``aria-label="Toggle hidden content"`` that myst-nb puts on the toggle of a
   folded code cell (``hide-input``): the toggle shows "Show code cell source", and a
   label that does not contain the visible text fails axe-core's
   ``label-content-name-mismatch``. Without the attribute, the visible text is the name.
6. Give a folded proof (``{prf:proof}`` with ``:class: dropdown``) a title. sphinx-proof
   writes "Proof." into the first paragraph instead of an ``admonition-title``, and
   sphinx-togglebutton, which folds any ``.dropdown.admonition``, then fails on the
   missing title (``Cannot read properties of null (reading 'insertAdjacentHTML')``)
   and leaves the proof unfoldable.
7. Work around sphinx-doc/sphinx#13402 (fixed in Sphinx 8.2, which jupyter-book 1.x
   rules out): inline scripts are emitted twice, which makes the browser report
   ``Identifier 'THEBE_JS_URL' has already been declared`` on every page.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
STATIC = Path(__file__).resolve().parent / "static"

# (source inside node_modules, destination inside _static)
ASSETS = [
    ("mathjax/es5", "mathjax"),
    ("mermaid/dist/mermaid.esm.min.mjs", "mermaid/mermaid.esm.min.mjs"),
    ("mermaid/dist/chunks/mermaid.esm.min", "mermaid/chunks/mermaid.esm.min"),
]


def check_assets_installed(app: Sphinx) -> None:
    missing = [src for src, _ in ASSETS if not (NODE_MODULES / src).exists()]
    if missing:
        raise ExtensionError(
            "offline assets are missing from node_modules: "
            + ", ".join(missing)
            + ". Run `npm ci` in the repository root first (make book does it)."
        )


def copy_assets(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    static = Path(app.outdir) / "_static"
    for src, dst in ASSETS:
        source, target = NODE_MODULES / src, static / dst
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, dirs_exist_ok=True)
        else:
            shutil.copy2(source, target)


def drop_duplicate_scripts(app: Sphinx, pagename, templatename, context, doctree) -> None:
    scripts = context.get("script_files")
    if not scripts:
        return
    seen, unique = set(), []
    for script in scripts:
        # An inline script has no file name (None in one copy, "" in the other: that is
        # why Sphinx's own check misses the duplicate); its body is one of its attributes.
        filename = getattr(script, "filename", script) or ""
        key = (str(filename), tuple(sorted(getattr(script, "attributes", {}).items())))
        if key not in seen:
            seen.add(key)
            unique.append(script)
    scripts[:] = unique


def fix_citation_roles(app: Sphinx, pagename, templatename, context, doctree) -> None:
    if "body" in context:
        context["body"] = context["body"].replace('role="doc-biblioentry"', 'role="listitem"')


def drop_toggle_aria_label(app: Sphinx, pagename, templatename, context, doctree) -> None:
    if "body" in context:
        context["body"] = context["body"].replace(
            '<summary aria-label="Toggle hidden content">', "<summary>"
        )


FOLDED_PROOF = re.compile(r'(<div class="proof dropdown admonition"[^>]*>)\s*<p>Proof\. ')


def title_folded_proofs(app: Sphinx, pagename, templatename, context, doctree) -> None:
    if "body" in context:
        context["body"] = FOLDED_PROOF.sub(
            r'\1\n<p class="admonition-title">Proof</p>\n<p>', context["body"]
        )


def add_stylesheet(app: Sphinx, config) -> None:
    config.html_static_path.append(str(STATIC))
    app.add_css_file("book.css")


def launch_buttons_on_ipynb_pages_only(app: Sphinx, pagename, templatename, context, doctree) -> None:
    if pagename in app.env.all_docs and not str(app.env.doc2path(pagename)).endswith(".ipynb"):
        buttons = context.get("header_buttons", [])
        buttons[:] = [b for b in buttons if b.get("label") != "launch-buttons"]


def setup(app: Sphinx) -> dict:
    app.connect("config-inited", add_stylesheet)
    app.connect("builder-inited", check_assets_installed)
    app.connect("build-finished", copy_assets)
    # Run after the extensions that add scripts in this event (e.g. mermaid's at 500).
    app.connect("html-page-context", drop_duplicate_scripts, priority=900)
    app.connect("html-page-context", fix_citation_roles)
    app.connect("html-page-context", drop_toggle_aria_label)
    app.connect("html-page-context", title_folded_proofs)
    # After sphinx-book-theme adds the launch buttons (priority 501).
    app.connect("html-page-context", launch_buttons_on_ipynb_pages_only, priority=600)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}

