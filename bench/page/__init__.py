"""The page's own figures, measured in Chromium on the built dist/ (`python3 -m bench.page`,
or `python3 build.py bench`): start, load, decision times, memory and frames. playwright is
imported only inside the functions that drive the browser."""
