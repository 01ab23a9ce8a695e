"""PyScript entry point: builds the app once the runtime and the engine are loaded."""

from ui.app import main

main()
