"""The rules: one module per game family. Importing this package registers every game."""

from . import batak, bidding_kozel, kozel  # noqa: F401
