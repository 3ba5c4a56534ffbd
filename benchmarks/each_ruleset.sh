#!/bin/bash
# Every ruleset's games/s/core, each in its own process (one process for all of them slows
# the later rulesets by up to a fifth: the earlier ones' objects stay alive).
#
#   benchmarks/each_ruleset.sh [PYTHON] [GAMES]      # defaults: python, 600
#
# PYTHON is the environment to measure (a compiled build's, or the plain one); to measure
# another source tree in the plain build, set PYTHONPATH=<tree>/src.
PY=${1:-python}; N=${2:-600}
HERE=$(cd "$(dirname "$0")" && pwd)
for r in legends-hs legends-college legends-pro grid 5d20 1st-and-roll; do
  "$PY" "$HERE/throughput.py" --rules "$r" --games "$N" --coach solitaire 2>&1 \
    | grep games/s | awk '{printf "%s %s  ", $1, $9}'
done
echo
