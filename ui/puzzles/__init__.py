"""Puzzles: progress, addresses and the box (`progress`), the table's part judging a puzzle's
moves (`on_table`), and the page's part loading puzzle files (`page`)."""
