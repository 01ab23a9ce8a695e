"""Tutorial sites: what a parent page sends, checked (`spec`), positions and lessons step by step
(`tutor`), a lesson's box (`lesson`) and the page's part talking to the parent (`page`)."""
