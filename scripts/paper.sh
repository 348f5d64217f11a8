#!/bin/sh
# make paper: the paper's experiments at small scale on this machine, beside
# lietool's theory (scripts/paper.py has the details).
#
#   scripts/paper.sh [--scale tiny|default|full] [--out DIR] [--jobs N] [--only table|figure2|figure3]
#
# The environment gives the same settings: PAPER_SCALE (default: default,
# about an hour on 2 cores; tiny: a few minutes), PAPER_OUT (default: a new
# temporary directory, printed), PAPER_JOBS (default: the number of cores),
# LIETOOL (default: ./lietool). Needs Debian's python3-torch.
cd "$(dirname "$0")/.." || exit 1
if ! /usr/bin/python3 -c 'import torch' 2>/dev/null; then
    echo "paper: needs PyTorch for /usr/bin/python3: apt-get install python3-torch python3-numpy" >&2
    exit 1
fi
exec /usr/bin/python3 scripts/paper.py "$@"
