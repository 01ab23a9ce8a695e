"""Benchmarks that print figures (never timed tests), in CPython: playout speed, the computer
players' strength, the open-deal solver and decisions compared with another checkout. The page's
own figures in Chromium are the site builder's (bench.page)."""
