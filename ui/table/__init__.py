"""The table: the match and its transitions (`table`), as its parts see it (`core`), the
reader's hand (`hand`), the computers' pace (`pace`), the view model and the table's HTML
(`view`, `pieces`), the live region's sentences (`speech`) and the felt drawn from them
(`felt`)."""
