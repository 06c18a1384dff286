#!/bin/sh
# A loom that appends its arguments to $LOGGING_LOOM_LOG, then runs loom:
# a test sees which commands a script ran through it.
echo "$@" >> "$LOGGING_LOOM_LOG"
exec loom "$@"
