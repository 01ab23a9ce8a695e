"""The builder's npm packages, at pinned versions: the Pyodide and PyScript runtimes (`npm pack`,
unpacked once into .cache/npm/) and tools installed from a lockfile (`npm ci`, once per
lockfile into .cache/)."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

from .files import CACHE, log

NPM_CACHE = CACHE / "npm"
PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
PACKAGES = {
    "pyodide": ("pyodide", PYODIDE_VERSION),
    "pyscript": ("@pyscript/core", PYSCRIPT_VERSION),
}


def npm_package(key: str) -> Path:
    """Unpack the pinned npm tarball (fetched once with `npm pack`) and return its folder."""
    name, version = PACKAGES[key]
    dest = NPM_CACHE / f"{key}-{version}"
    if (dest / "package.json").exists():
        return dest
    NPM_CACHE.mkdir(parents=True, exist_ok=True)
    tgz_name = f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    tgz = NPM_CACHE / tgz_name
    if not tgz.exists():
        log(f"npm pack {name}@{version}")
        if shutil.which("npm") is None:
            sys.exit(
                "build.py needs npm (and Node.js >= 18) to fetch the runtime once: "
                "apt-get install nodejs npm"
            )
        proc = subprocess.run(
            ["npm", "pack", "--silent", f"{name}@{version}"],
            cwd=NPM_CACHE,
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode or not tgz.exists():
            sys.exit(f"build.py: `npm pack {name}@{version}` failed:\n{proc.stderr[-2000:]}")
    tmp = NPM_CACHE / f".unpack-{key}"
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(tgz) as tar:
        tar.extractall(tmp, filter="data")
    shutil.rmtree(dest, ignore_errors=True)
    (tmp / "package").rename(dest)
    shutil.rmtree(tmp, ignore_errors=True)
    return dest


def npm_tools(folder: Path, prefix: str, package: str) -> Path:
    """The npm packages of `folder`'s lockfile (package.json + package-lock.json), installed
    once with `npm ci` into .cache/<prefix>-<hash of the lockfile>/; `package` is the one
    that must be there. SystemExit says why when npm is missing or fails."""
    lock = (folder / "package-lock.json").read_bytes()
    dest = CACHE / (prefix + "-" + hashlib.sha256(lock).hexdigest()[:12])
    if (dest / "node_modules" / package / "package.json").exists():
        return dest
    if shutil.which("npm") is None:
        sys.exit(
            f"build.py needs npm (and Node.js >= 18) for {package}: apt-get install nodejs npm"
        )
    log(f"npm ci {package} (once)")
    tmp = CACHE / (dest.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy2(folder / name, tmp / name)
    proc = subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund", "--silent"],
        cwd=tmp,
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode:
        sys.exit(f"build.py: npm ci for {package} failed:\n{proc.stderr[-2000:]}")
    shutil.rmtree(dest, ignore_errors=True)
    tmp.rename(dest)
    return dest
