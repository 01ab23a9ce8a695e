"""The content apart from the rules and the players: lessons (`lessons`, checked against the
engine when they load), the safe Markdown subset of their text (`markup`), and the puzzles: the
builder and prover (`puzzles`, `python3 -m engine.content.puzzles`), the file format the page
loads (`puzzle_file`) and what the loader says about a file (`puzzle_messages`).

Nothing here is imported by `import engine`; each module is imported where it is used (the
page's lessons and puzzles), and its messages register then."""
