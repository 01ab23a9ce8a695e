"""The table: the match and its transitions (`table`), the computers' pace (`pace`), the view
model and the table's HTML (`view`, `pieces`), the live region's sentences (`speech`) and the
felt drawn from them (`felt`)."""
