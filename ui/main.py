"""PyScript entry point: builds the app once the runtime and the engine are loaded."""

import js  # type: ignore[import-not-found]

js.performance.mark("tt:main")  # python build.py bench reports the time spent after this mark

from ui.app import main

main()
