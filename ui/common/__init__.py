"""What every part of the page uses: the language (`i18n`), the effect values the table returns
(`effects`), cards and words as HTML (`render`) and what the reader may see (`seen`)."""
