#!/usr/bin/env python3
"""Builds the static site in dist/, or serves it: the entry point of the site builder
(sitebuild/; `python3 build.py --help` lists the commands).

    python3 build.py          build dist/
    python3 build.py serve    build, then serve dist/ on http://127.0.0.1:PORT/ (--port N)
    python3 build.py i18n     update the translation catalogs in i18n/
    python3 build.py bench    the page's goals measured in Chromium (bench.page)
"""

import sys

from sitebuild.cli import main

if __name__ == "__main__":
    sys.exit(main())
