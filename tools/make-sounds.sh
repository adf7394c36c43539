#!/usr/bin/env bash
# Makes the game's sounds (assets/sounds/*.ogg) with SoX, from nothing but
# synthesis: short wooden knocks for moves, a glassy ring for marbles, a
# chime for victory. Needs Debian's sox and libsox-fmt-all.
set -euo pipefail
cd "$(dirname "$0")/../assets/sounds"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
r="-r 44100 -c 1"

# A knock of wood: a low thump and a band of noise, both dying fast.
knock() { # out pitch_hz noise_centre_hz length_s gain_db
  sox -n $r "$tmp/a.wav" synth "$4" sine "$2" fade q 0.002 "$4" "$4" gain -3
  sox -n $r "$tmp/b.wav" synth "$4" whitenoise band "$3" 400 fade q 0.001 "$4" "$4" gain -8
  sox -m "$tmp/a.wav" "$tmp/b.wav" "$tmp/k.wav"
  sox "$tmp/k.wav" "$tmp/$1.wav" fade q 0 "$4" "$(echo "$4 * 0.9" | bc -l)" gain "$5"
}

knock move 200 1200 0.11 -2
sox "$tmp/move.wav" move.ogg

# A token set on a token: two knocks, the second higher and closer.
knock s1 240 1600 0.07 -3
knock s2 300 2000 0.08 -2
sox "$tmp/s1.wav" "$tmp/s2.wav" stack.ogg pad 0 0.02

# A capture: a hard knock, then the taken token sliding away.
knock c1 150 900 0.14 0
sox -n $r "$tmp/c2.wav" synth 0.25 sine 420-180 fade q 0.01 0.25 0.2 gain -14
sox "$tmp/c1.wav" "$tmp/c2.wav" capture.ogg

# A marble taken: a glassy ring falling in pitch over a thud.
sox -n $r "$tmp/m1.wav" synth 0.5 sine 1760-1100 sine 2640-1650 fade q 0.002 0.5 0.45 gain -10
knock m2 120 700 0.18 -1
sox -m "$tmp/m1.wav" "$tmp/m2.wav" marble-capture.ogg

# An elimination: a low tone sinking away.
sox -n $r "$tmp/e.wav" synth 0.9 sine 330-110 sine 495-165 fade q 0.05 0.9 0.6 tremolo 6 40 gain -9
sox "$tmp/e.wav" elimination.ogg

# Arcanor: a hollow piece coming down over the one it eats: a low, hollow
# knock with a short resonance, then the two pieces seating.
knock e1 140 520 0.16 0
sox "$tmp/e1.wav" "$tmp/e1r.wav" reverb 40 50 20 gain -2
knock e2 210 900 0.06 -8
sox "$tmp/e1r.wav" "$tmp/e2.wav" eat.ogg pad 0 0.01

# Arcanor: a top piece lifted off its duo: a light knock and a soft rising air.
knock r1 260 1800 0.06 -4
sox -n $r "$tmp/r2.wav" synth 0.16 pinknoise band 2400 900 fade q 0.04 0.16 0.1 gain -20
sox "$tmp/r1.wav" "$tmp/r2.wav" release.ogg

# Arcanor: a piece settling, frozen on its target row: a soft knock and a
# small bell.
knock t1 170 800 0.12 -2
sox -n $r "$tmp/t2.wav" synth 0.5 pluck E6 pluck B6 fade q 0.003 0.5 0.4 gain -12
sox -m "$tmp/t1.wav" "$tmp/t2.wav" settle.ogg

# Victory: a rising major arpeggio with a ringing last note.
for n in C5:0.14 E5:0.14 G5:0.14 C6:0.9; do
  note=${n%%:*}; len=${n##*:}
  sox -n $r "$tmp/v-$note.wav" synth "$len" pluck "$note" pluck "$note" fade q 0.005 "$len" "$(echo "$len * 0.7" | bc -l)" gain -4
done
sox "$tmp/v-C5.wav" "$tmp/v-E5.wav" "$tmp/v-G5.wav" "$tmp/v-C6.wav" victory.ogg reverb 30 gain -2

# The clock warning: two short beeps.
sox -n $r "$tmp/w.wav" synth 0.09 sine 880 fade q 0.005 0.09 0.02 gain -12
sox -n $r "$tmp/gap.wav" trim 0 0.08
sox "$tmp/w.wav" "$tmp/gap.wav" "$tmp/w.wav" clock-warning.ogg

# A UI click: a tiny soft tick.
sox -n $r "$tmp/u.wav" synth 0.03 sine 1400 fade q 0.001 0.03 0.025 gain -16
sox "$tmp/u.wav" click.ogg

ls -l ./*.ogg
