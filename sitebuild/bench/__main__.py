"""`python3 -m sitebuild.bench COMMAND`: the page benchmarks (sitebuild.bench.cli)."""

from .cli import main

raise SystemExit(main())
