#!/usr/bin/env bash
# Makes the UI fonts shipped in assets/fonts: DejaVu Sans (regular and bold)
# cut down to Latin letters with the accents of French and other western
# languages, punctuation, arrows and the geometric shapes used as seat marks.
# Needs Debian's fonts-dejavu-core and fonttools (pip install fonttools).
set -euo pipefail
cd "$(dirname "$0")/.."
src=/usr/share/fonts/truetype/dejavu
ranges="U+0020-007E,U+00A0-017F,U+21B6-21B7,U+24B6-24B7,U+25B6,U+25C0,U+2013-2014,U+2018-201E,U+2022,U+2026,U+2039-203A,U+20AC,U+2190-2193,U+21BA-21BB,U+2212,U+2215,U+25A0-25A1,U+25B2-25B3,U+25C6-25C7,U+25CB,U+25CF,U+2605,U+2713,U+00D7"
for face in DejaVuSans DejaVuSans-Bold; do
  pyftsubset "$src/$face.ttf" --unicodes="$ranges" --layout-features='*' \
    --output-file="assets/fonts/$face-subset.ttf"
done
cp /usr/share/doc/fonts-dejavu-core/copyright assets/fonts/DejaVu-LICENSE.txt 2>/dev/null || true
ls -l assets/fonts
