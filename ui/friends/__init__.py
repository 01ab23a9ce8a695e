"""Playing with friends, the host's side: the messages both ways, checked (`protocol`), one
peer's rate and heartbeat (`peers`) and the host's authority over the match: seats, tokens,
views and moves (`host`). No transport here: the page carries the messages."""
