"""The lobby: its choices and where the page opens (`choices`), the address (`query`), its HTML
(`view`) and the page's part that shows it (`lobby`)."""
