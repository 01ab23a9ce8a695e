"""Playing with friends: the messages both ways, checked (`protocol`), one peer's rate and
heartbeat (`peers`), the host's authority over the match: seats, tokens, views and moves
(`host`); on the page, the host's side (`session`, its set-up sheet `setup`), a guest's side
(`guest`) and the part the app holds (`page`). The transport is ui/web/'s: the page writes the
`friends-*` operations and reads the `friends` events."""
