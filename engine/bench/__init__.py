"""Benchmarks that print figures (never timed tests): playout speed, the computer players'
strength, and the page's own load and decision times in Chromium."""
