"""The sheets over the table: which one is open (`overlay`), the sheets' frames (`view`) and what
they hold (`content`)."""
