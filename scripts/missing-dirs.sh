#!/usr/bin/env bash
# Usage: missing-dirs.sh DEST FILE...
# Prints, one per line, the folders under DEST that installing FILES
# (paths relative to DEST) would create, and "." when DEST itself is
# missing: `make install` keeps them in share/grocer/made-dirs, and
# `make uninstall` removes those, and only while they are empty.
set -euo pipefail
dest=$1
shift
{
    [[ -d $dest ]] || echo .
    for f in "$@"; do
        d=$(dirname "$f")
        while [[ $d != . && ! -d $dest/$d ]]; do
            echo "$d"
            d=$(dirname "$d")
        done
    done
} | sort -u
