#!/usr/bin/env bash
# Draws the web app's icons (web/icon-192.png, web/icon-512.png) with
# ImageMagick: a 5×5 board of wood cells on the page's dark green, the
# golden cell in the centre with a marble on it. Everything sits inside the
# middle 80 %, so the icon also works masked to a circle ("maskable").
set -euo pipefail
cd "$(dirname "$0")/.."
draw() {
  local size=$1 out=$2
  local s=$((size * 1000 / 512))  # thousandths of the 512-pixel design
  local args=()
  local cell=$((56 * s / 1000)) gap=$((6 * s / 1000)) origin=$((101 * s / 1000))
  for row in 0 1 2 3 4; do
    for col in 0 1 2 3 4; do
      local x=$((origin + col * (cell + gap))) y=$((origin + row * (cell + gap)))
      local colour='#b98a55'
      if [ "$row" = 2 ] && [ "$col" = 2 ]; then colour='#f59e0a'; fi
      args+=(-fill "$colour" -draw "roundrectangle $x,$y $((x + cell)),$((y + cell)) $((cell / 8)),$((cell / 8))")
    done
  done
  local c=$((size / 2)) r=$((22 * s / 1000))
  args+=(-fill '#2f6fd6' -draw "circle $c,$((c - r / 3)) $((c + r)),$((c - r / 3))")
  args+=(-fill '#ffffff80' -draw "circle $((c - r / 3)),$((c - r * 2 / 3)) $((c - r / 3 + r / 4)),$((c - r * 2 / 3))")
  convert -size "${size}x${size}" 'xc:#222b29' \
    -fill '#3a2a1c' -draw "roundrectangle $((origin - 3 * gap)),$((origin - 3 * gap)) $((size - origin + 3 * gap)),$((size - origin + 3 * gap)) $((cell / 4)),$((cell / 4))" \
    "${args[@]}" -strip "PNG24:$out"
}
draw 192 web/icon-192.png
draw 512 web/icon-512.png
echo "wrote web/icon-192.png web/icon-512.png"
