"""Helpers of the site tests: Chromium through Playwright (Debian's chromium), a plain static server,
and a link crawler that follows every link of a static site from its index."""

from __future__ import annotations

import http.server
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

CHROMIUM = os.environ.get("ANYAPP_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run"]
HAVE_CHROMIUM = os.access(CHROMIUM, os.X_OK)


def open_page(browser: Any, url: str | Path) -> tuple[Any, list[str]]:
    """A new page at ``url`` (a path opens as file://), collecting console errors and failed requests."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("requestfailed", lambda r: errors.append(f"request failed: {r.url}"))
    response = page.goto(url.as_uri() if isinstance(url, Path) else url)
    page.wait_for_load_state("load")
    if response is not None and not isinstance(url, Path):
        assert response.ok, f"{url}: HTTP {response.status}"
    return page, errors


def check_links(page: Any, path: Path) -> list[Path]:
    """Every href/src on the page resolves (files exist, fragments name an element); returns linked pages."""
    pages = []
    targets = page.eval_on_selector_all("a[href], img[src]", "els => els.map(e => e.href || e.src)")
    assert targets
    for url in targets:
        parsed = urlparse(url)
        assert parsed.scheme == "file", f"non-local link {url} on {path}"
        target = Path(unquote(parsed.path))
        assert target.is_file(), f"{url} on {path} does not resolve"
        if parsed.fragment and target == path:
            assert page.locator(f"[id='{parsed.fragment}']").count() == 1, f"no #{parsed.fragment} on {path}"
        if target.suffix == ".html" and target != path:
            pages.append(target)
    broken = page.eval_on_selector_all("img", "els => els.filter(e => !(e.complete && e.naturalWidth > 0)).length")
    assert broken == 0
    return pages


@contextmanager
def static_server(root: Path) -> Iterator[str]:
    """A plain static HTTP server over ``root`` (Python's ``http.server``); yields its base URL."""
    handler = partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(str(a["id"]))
        for key in ("href", "src"):
            value = a.get(key)
            if value and tag in ("a", "img", "link", "script", "iframe"):
                self.links.append(value)


@dataclass
class Crawl:
    pages: set[Path] = field(default_factory=set)
    files: set[Path] = field(default_factory=set)  # every local target reached (pages, images, plots)
    broken: list[str] = field(default_factory=list)
    external: list[str] = field(default_factory=list)


def crawl(index: Path) -> Crawl:
    """Follow every link from ``index`` (breadth first, HTML pages only): what is reachable and what
    does not resolve (a missing file, or a ``#fragment`` no element of the target carries)."""
    result = Crawl()
    parsed_pages: dict[Path, _Links] = {}

    def parse(path: Path) -> _Links:
        if path not in parsed_pages:
            parser = _Links()
            parser.feed(path.read_text(encoding="utf-8"))
            parsed_pages[path] = parser
        return parsed_pages[path]

    todo = [index.resolve()]
    result.pages.add(todo[0])
    fragments: list[tuple[Path, str, str]] = []
    while todo:
        page = todo.pop()
        for link in parse(page).links:
            url = urlparse(link)
            if url.scheme in ("http", "https") or link.startswith("//"):
                result.external.append(f"{page}: {link}")
                continue
            if url.scheme == "data":
                continue
            target = (page.parent / unquote(url.path)).resolve() if url.path else page
            if not target.is_file():
                result.broken.append(f"{page}: {link}")
                continue
            result.files.add(target)
            if url.fragment:
                fragments.append((target, url.fragment, f"{page}: {link}"))
            if target.suffix == ".html" and target not in result.pages:
                result.pages.add(target)
                todo.append(target)
    for target, fragment, where in fragments:
        if target.suffix == ".html" and fragment not in parse(target).ids:
            result.broken.append(f"{where} (no element #{fragment})")
    return result
