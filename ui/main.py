"""PyScript entry point: builds the app once the runtime and the engine are loaded."""

import random

import js  # type: ignore[import-not-found]

js.performance.mark("tt:main")  # python build.py bench reports the time spent after this mark

# A repeat visit's Python comes from a memory snapshot (ui/pyodide.js), random's state with
# it: seeded afresh here, so no two visits deal the same "random" match.
random.seed()

from ui.app import main

main()
