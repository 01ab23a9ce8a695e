"""The player's record of matches and puzzles (`record`), its sheet (`view`, `chart`) and the
page's part that keeps it (`page`)."""
