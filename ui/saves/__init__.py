"""The saved match: its format (`store`) and the page's part writing it and watching other tabs
(`page`)."""
