"""The browser game's page code (PyScript). Imports the engine; the engine never imports this."""
