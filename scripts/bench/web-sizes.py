#!/usr/bin/env python3
"""Gzip sizes of the web app's JavaScript in web/dist (issue #8, scenario 7).

The first page needs index.html's entry script and everything it imports statically (Vite
lists those as modulepreload links; the closure is computed from the chunks' own `import`
statements to be sure). Every other chunk is loaded lazily by a route; each lazy route is
reported with the chunks it pulls in beyond the first page. The login page is part of the
first page (it is not a lazy route). Prints `WEB <name> <raw bytes> <gzip bytes>` lines.
"""
import gzip
import re
import sys
from pathlib import Path

dist = Path(sys.argv[1] if len(sys.argv) > 1 else "web/dist")
assets = dist / "assets"
index = (dist / "index.html").read_text()
entry = re.findall(r'<script[^>]+src="/assets/([^"]+\.js)"', index)
css = re.findall(r'<link[^>]+rel="stylesheet"[^>]+href="/assets/([^"]+\.css)"', index)
static_re = re.compile(r'(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["\'`]\./([\w.\-]+\.js)["\'`]')
dynamic_re = re.compile(r'import\(\s*["\'`]\./([\w.\-]+\.js)["\'`]\s*\)')
# Vite's preload helper lists a lazy chunk's dependencies as "assets/x.js" strings.
deps_re = re.compile(r'["\']assets/([\w.\-]+\.js)["\']')


def text(name):
    return (assets / name).read_text(errors="replace")


def closure(roots):
    seen, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name in seen or not (assets / name).exists():
            continue
        seen.add(name)
        todo.extend(static_re.findall(text(name)))
    return seen


def gz(names):
    raw = sum((assets / n).stat().st_size for n in names)
    zipped = sum(len(gzip.compress((assets / n).read_bytes(), compresslevel=6)) for n in names)
    return raw, zipped


first = closure(entry)
raw, zipped = gz(first)
print(f"WEB first-page-js {raw} {zipped} ({len(first)} chunks)")
for name in sorted(first, key=lambda n: -(assets / n).stat().st_size):
    r, z = gz([name])
    print(f"WEBCHUNK {name} {r} {z}")
raw_css, zipped_css = gz(css)
print(f"WEB first-page-css {raw_css} {zipped_css}")
lazy_roots = set()
for name in first:
    lazy_roots.update(dynamic_re.findall(text(name)))
# Routes are the dynamic imports of the first page and of the lazily loaded layouts.
routes = {}
todo = sorted(lazy_roots)
while todo:
    root = todo.pop(0)
    if root in routes:
        continue
    extra = closure([root]) - first
    routes[root] = extra
    for name in extra:
        for d in dynamic_re.findall(text(name)):
            if d not in routes:
                todo.append(d)
for root in sorted(routes):
    raw, zipped = gz(routes[root])
    label = root[:-3]
    print(f"WEB lazy:{label} {raw} {zipped} ({len(routes[root])} chunks)")
all_js = [p.name for p in assets.glob("*.js")]
raw, zipped = gz(all_js)
print(f"WEB all-js {raw} {zipped} ({len(all_js)} chunks)")
