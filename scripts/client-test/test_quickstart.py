"""The quick start in docs/integrations.md runs as written (issue #36): every `sh` block of the
page, in the page's order, in one bash session against a fresh demo server, with the page's
server address (https://loyalty.example.ly) replaced by the test server's, as the page tells a
reader to. Each curl fails the run on an answer that is not 2xx (`--fail-with-body`, `set -e`,
`pipefail`); an answer shown in a comment under a command (`# {"data": {"id": ...}}`) must have
every field the comment names. The page's signature checks (the Python and the JavaScript one)
must accept a delivery signed as the server signs and refuse a tampered one.

    python test_quickstart.py http://127.0.0.1:18402 docs/integrations.md   (run by run.sh)
"""

import hashlib
import hmac
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BASE = sys.argv[1].rstrip("/")
PAGE = Path(sys.argv[2])
SERVER = "https://loyalty.example.ly"
MARK = "@@quickstart-block"


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"quickstart: FAILED: {what}")
    print(f"quickstart: ok: {what}")


def blocks(text: str, language: str) -> list[tuple[str, str]]:
    """(section heading, code) of each fenced block in that language, in the page's order."""
    out, section = [], ""
    lines = iter(text.splitlines())
    for line in lines:
        if line.startswith("## ") or line.startswith("### "):
            section = line.lstrip("# ").strip()
        if line.strip() == f"```{language}":
            code = []
            for inner in lines:
                if inner.strip() == "```":
                    break
                code.append(inner)
            out.append((section, "\n".join(code)))
    return out


def fields_named(code: str) -> set[str]:
    """The fields the answers shown in the block's comments name."""
    shown = "\n".join(line.strip()[1:] for line in code.splitlines() if line.strip().startswith("#"))
    return set(re.findall(r'"([a-z_]+)":', shown))


def documents(output: str) -> list:
    """The JSON documents a block printed, one after another."""
    decoder, out, at = json.JSONDecoder(), [], 0
    while True:
        while at < len(output) and output[at].isspace():
            at += 1
        if at >= len(output):
            return out
        try:
            document, at = decoder.raw_decode(output, at)
        except json.JSONDecodeError:
            # A line that is not JSON (a secret kept with tee is JSON; nothing else prints).
            raise SystemExit(f"quickstart: FAILED: not JSON in the output: {output[at:at + 200]!r}")
        out.append(document)


def keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def run_shell(page: str) -> None:
    shell = blocks(page, "sh")
    check(len(shell) >= 6, f"the page has its shell blocks ({len(shell)})")
    script = [
        "set -euo pipefail",
        # Every answer is checked: a 4xx or 5xx fails the block, its body shown.
        'curl() { command curl --fail-with-body --silent --show-error "$@"; }',
    ]
    for n, (_, code) in enumerate(shell):
        script += [f"printf '\\n{MARK} {n}\\n'", code.replace(SERVER, BASE)]
    with tempfile.TemporaryDirectory() as work:
        ran = subprocess.run(["bash", "-c", "\n".join(script)], cwd=work, capture_output=True, text=True, timeout=300)
    parts = re.split(rf"\n{MARK} (\d+)\n", ran.stdout)
    outputs = {int(parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2)}
    last = max(outputs) if outputs else -1
    if ran.returncode != 0:
        section, code = shell[last] if last >= 0 else ("", "")
        raise SystemExit(
            f"quickstart: FAILED: the block in '{section}' exited {ran.returncode}:\n{code}\n"
            f"-- its output:\n{outputs.get(last, '')}\n-- stderr:\n{ran.stderr}"
        )
    check(last == len(shell) - 1, "every block ran")
    for n, (section, code) in enumerate(shell):
        answers = documents(outputs[n])
        named = fields_named(code)
        missing = named - set().union(*map(keys, answers)) if answers else named
        check(not missing, f"'{section}' block {n}: {len(answers)} answers, with the fields shown {sorted(named)}")


def run_verifiers(page: str) -> None:
    """The page's Python and JavaScript `verify`, on a body signed as the server signs it."""
    secret, body = "whsec_0123456789abcdef0123456789abcdef", b'{"id": "evt_1", "type": "ping"}'
    t = int(time.time())
    header = f"t={t},v1={hmac.new(secret.encode(), f'{t}.'.encode() + body, hashlib.sha256).hexdigest()}"
    python = blocks(page, "python")
    check(len(python) == 1, "the page has one Python block")
    scope: dict = {}
    exec(python[0][1], scope)  # noqa: S102 (the page's own code)
    verify = scope["verify"]
    check(verify(secret, header, body) and not verify(secret, header, body + b" "), "the page's Python verify")
    node = shutil.which("node")
    if node is None:
        print("quickstart: skipped: no node for the page's JavaScript verify")
        return
    javascript = blocks(page, "js")
    check(len(javascript) == 1, "the page has one JavaScript block")
    call = (
        f"\nconst [s, h, b] = {json.dumps([secret, header, body.decode()])};"
        "\nconsole.log(JSON.stringify([verify(s, h, Buffer.from(b)), verify(s, h, Buffer.from(b + ' '))]));"
    )
    ran = subprocess.run(
        [node, "--input-type=module", "-e", javascript[0][1] + call], capture_output=True, text=True, timeout=60
    )
    check(ran.stdout.strip() == "[true,false]", f"the page's JavaScript verify ({ran.stdout.strip()}{ran.stderr})")


def main() -> None:
    page = PAGE.read_text(encoding="utf-8")
    run_shell(page)
    run_verifiers(page)
    print("quickstart: all passed")


if __name__ == "__main__":
    main()
