"""The rules: one module per game family. Importing this package registers every game, in
the order the lobby lists them (`engine.GAMES`): the order of the imports below."""

# isort: off
from . import batak  # noqa: F401
from . import kozel  # noqa: F401
from . import bidding_kozel  # noqa: F401
# isort: on
