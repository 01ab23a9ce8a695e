"""`python3 -m bench.page COMMAND`: the page benchmarks (bench.page.cli)."""

from .cli import main

raise SystemExit(main())
