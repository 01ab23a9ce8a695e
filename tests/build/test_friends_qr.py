"""The invite link's QR code in the built site: qrcode-generator vendored as one small minified
ES module (its MIT notice kept), left out of the service worker's install, reached only through
ui/web/invite.js's dynamic import, itself imported only by an operation; and the codes that
module makes for invite links read back to the links by tests/qr_read.py (a reader written
from the QR standard, not from that library), which refuses a code with one module wrong."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.qr_read import QRError, read_qr

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
QR = DIST / "runtime" / "qrcode-generator-2.0.4" / "qrcode.mjs"

needs_dist = pytest.mark.skipif(not QR.is_file(), reason="run build.py")

# As ui/web/invite.js makes them: level M, the smallest version, the link's UTF-8 bytes.
MATRIX = """
const [url, ...texts] = process.argv.slice(1);
const { qrcode } = await import(url);
console.log(JSON.stringify(texts.map((text) => {
  const q = qrcode(0, "M");
  q.addData(Buffer.from(text, "utf8").toString("latin1"), "Byte");
  q.make();
  const n = q.getModuleCount(), rows = [];
  for (let r = 0; r < n; r++) {
    let s = "";
    for (let c = 0; c < n; c++) s += q.isDark(r, c) ? "1" : "0";
    rows.push(s);
  }
  return rows;
})));
"""


def library_matrices(*texts: str) -> list[list[str]]:
    """The vendored module's QR codes of `texts`, under Node, as rows of "1" and "0"."""
    proc = subprocess.run(
        ["node", "--input-type=module", "-e", MATRIX, QR.as_uri(), *texts],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return [list(rows) for rows in json.loads(proc.stdout)]


@needs_dist
def test_the_qr_module_is_one_small_module_with_its_licence() -> None:
    text = QR.read_text(encoding="utf-8")
    assert text.startswith("// qrcode-generator 2.0.4, Copyright (c) 2009 Kazuhiko Arase, MIT")
    assert not re.search(r"(^|[;}\s])import\s*[\w{*\"']", text), "it imports another module"
    assert re.search(r"export\s*\{[^}]*\bas qrcode\b|export\s*\{[^}]*\bqrcode\b", text)
    size = len(gzip.compress(QR.read_bytes(), 9))
    assert 4_000 < size < 12_000, size


@needs_dist
def test_the_qr_module_is_not_in_the_install_precache() -> None:
    sw = (DIST / "sw.js").read_text(encoding="utf-8")
    install = set(re.findall(r'"url":"([^"]+)"', sw))
    assert "runtime/qrcode-generator-2.0.4/qrcode.mjs" not in install
    assert "ui/web/invite.js" in install  # (small, beside the page's other modules)
    assert '"runtime/qrcode-generator-2.0.4/qrcode.mjs"' in sw  # left to the network


def test_the_qr_code_is_imported_only_dynamically() -> None:
    web = ROOT / "ui" / "web"
    static = re.compile(r"^\s*import\b[^(]*from\s*[\"']([^\"']+)[\"']", re.M)
    for p in [*web.glob("*.js"), *(ROOT / "ui").glob("*.js"), ROOT / "index.html"]:
        names = static.findall(p.read_text(encoding="utf-8"))
        assert not [n for n in names if "invite" in n or "qrcode" in n], p.name
    assert 'import("./invite.js")' in (web / "ops.js").read_text(encoding="utf-8")
    invite = (web / "invite.js").read_text(encoding="utf-8")
    assert "import(QRCODE)" in invite and "qrcode-generator-2.0.4/qrcode.mjs" in invite
    assert "innerHTML" not in invite and "createElementNS" in invite


@needs_dist
@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_codes_read_back_to_the_links() -> None:
    links = [
        "http://127.0.0.1:8000/?friends=1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed",
        "https://someone.github.io/trick-table/?friends=3f1c2b7e-8a41-4b0e-9c55-0d2f1e6a7b90",
        "https://cards.example.org/games/trick-table/play/?friends=3f1c2b7e-8a41-4b0e-9c55-0d2f1e"
        "6a7b90&lang=tr",
        "https://xn--kartlar-5ya.example/ş/?friends=a",  # not ASCII: its UTF-8 bytes
    ]
    matrices = library_matrices(*links)
    versions = []
    for link, rows in zip(links, matrices, strict=True):
        text, version, level = read_qr(rows)
        assert (text, level) == (link, "M")
        versions.append(version)
    assert versions[0] <= versions[1] < versions[2] <= 10, versions  # longer, bigger
    rows = matrices[1]
    for r, c in ((20, 20), (len(rows) - 1, len(rows) - 1), (8, 2)):  # data, data, format
        bad = [list(row) for row in rows]
        bad[r][c] = "0" if bad[r][c] == "1" else "1"
        with pytest.raises(QRError):
            read_qr(["".join(row) for row in bad])
