"""The page's Python, run in its worker (ui/worker.js): the table's controller, its views and the
DOM layer's operations. Imports the engine; the engine never imports this."""
