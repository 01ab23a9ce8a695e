"""The worker's shell: its entry and messages (`host`), the page object holding every part (`app`),
the address, storage and history (`env`), the DOM operations it writes (`dom`), clicks
(`controls`), keys (`keyboard`, `keymap`), the effects carried out (`runner`), the computer
players in the same worker (`brain`) and what each part of the page offers the others
(`parts`)."""
