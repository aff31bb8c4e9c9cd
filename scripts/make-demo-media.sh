#!/usr/bin/env bash
# Regenerates the demo media under public/demo/ from src/server/db/seed/words.json.
#
# The generated files are COMMITTED to the repository; this script only documents
# how they were made. It is NOT part of install, build or test. Run it by hand:
#
#   bash scripts/make-demo-media.sh
#
# Requirements (Debian): espeak-ng sox imagemagick fonts-dejavu-core
#                        lame gifsicle pngquant   (+ node, already needed by the app)
#
# Idempotent: every output file is overwritten; running it twice gives the same files.
# words.json must stay in sync with src/server/db/seed/content.ts (same levels/slugs/texts).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORDS_JSON="$ROOT/src/server/db/seed/words.json"
OUT="$ROOT/public/demo"
FONT_BOLD="/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
FONT="/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

for tool in node convert espeak-ng sox lame gifsicle pngquant; do
  command -v "$tool" >/dev/null || { echo "missing tool: $tool" >&2; exit 1; }
done
[[ -f "$FONT_BOLD" && -f "$FONT" ]] || { echo "missing DejaVu fonts (fonts-dejavu-core)" >&2; exit 1; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# Keep PNGs reproducible (no timestamps) and strip metadata.
PNG_OPTS=(-strip -define png:exclude-chunks=date,time)

mkdir -p "$OUT/niveles" "$OUT/palabras" "$OUT/sounds"

# ---------------------------------------------------------------------------
# Level data (name, difficulty, colours). Slugs must match content.ts.
# ---------------------------------------------------------------------------
LEVELS=(animales colores familia comida)
level_name()   { case "$1" in animales) echo "Animales";; colores) echo "Colores";; familia) echo "Familia";; comida) echo "Comida";; esac; }
level_diff()   { case "$1" in animales|colores) echo "Fácil";; familia) echo "Medio";; comida) echo "Difícil";; esac; }
level_stars()  { case "$1" in animales|colores) echo 1;; familia) echo 2;; comida) echo 3;; esac; }
level_accent() { case "$1" in animales) echo "#ff9f1c";; colores) echo "#4d96ff";; familia) echo "#ff6b9a";; comida) echo "#3fae4f";; esac; }
level_light()  { case "$1" in animales) echo "#ffe3b3";; colores) echo "#cfe2ff";; familia) echo "#ffd6e4";; comida) echo "#d4f5d8";; esac; }
level_bg()     { case "$1" in animales) echo "#fff6e0";; colores) echo "#eef5ff";; familia) echo "#fff0f5";; comida) echo "#effbea";; esac; }

# Colour used to draw each word's picture.
word_color() {
  case "$1" in
    perro) echo "#c68642";; gato) echo "#9e9e9e";; pajaro) echo "#4fc3f7";;
    pez) echo "#ff8c42";; conejo) echo "#f8bbd0";; leon) echo "#f4b400";;
    rojo) echo "#e53935";; azul) echo "#1e88e5";; verde) echo "#43a047";;
    amarillo) echo "#fdd835";; rosado) echo "#f48fb1";; marron) echo "#8d6e63";;
    mama) echo "#ec407a";; papa) echo "#42a5f5";; nino) echo "#66bb6a";;
    nina) echo "#ab47bc";; abuelo) echo "#8d6e63";; bebe) echo "#ffd54f";;
    manzana) echo "#e53935";; platano) echo "#fdd835";; pina) echo "#f9a825";;
    limon) echo "#c0ca33";; pan) echo "#d7a86e";; leche) echo "#e3f2fd";;
    *) echo "#7e57c2";;
  esac
}

# MVG primitives of a word's picture, centred on (0,0), about 150x130 px.
# Outline colour/width are set by the caller (-stroke "#333333" -strokewidth N).
# Local style changes are wrapped in push/pop graphic-context.
SK="#f6c89f" # skin tone
EYES="push graphic-context fill #333333 stroke none circle -10,-40 -6.5,-40 circle 10,-40 13.5,-40 pop graphic-context"
SMILE="push graphic-context fill none path 'M -11,-26 Q 0,-16 11,-26' pop graphic-context"
motif() { # level slug colour
  local level="$1" slug="$2" c="$3"
  case "$slug" in
    # --- animals --------------------------------------------------------------
    perro) echo "fill #8d5524 ellipse -46,4 15,32 0,360 ellipse 46,4 15,32 0,360 fill $c circle 0,0 46,0
      push graphic-context fill #333333 stroke none circle -16,-12 -11,-12 circle 16,-12 21,-12 pop graphic-context
      fill #f3dcc0 ellipse 0,17 21,15 0,360 fill #333333 ellipse 0,10 8,5 0,360
      fill none path 'M -8,22 Q 0,29 8,22'" ;;
    gato) echo "fill $c polygon -44,-14 -36,-62 -6,-42 polygon 44,-14 36,-62 6,-42 circle 0,0 46,0
      push graphic-context fill #333333 stroke none ellipse -16,-8 5,9 0,360 ellipse 16,-8 5,9 0,360 pop graphic-context
      fill #f48fb1 polygon -7,7 7,7 0,15
      push graphic-context stroke-width 2 line -20,14 -60,6 line -20,20 -60,26 line 20,14 60,6 line 20,20 60,26 pop graphic-context
      fill none path 'M -9,21 Q -4,27 0,19 Q 4,27 9,21'" ;;
    pajaro) echo "push graphic-context stroke-width 4 line -10,48 -13,64 line 10,48 13,64 pop graphic-context
      fill $c polygon -36,8 -72,-8 -66,28 circle 0,5 46,5 fill #0288d1 ellipse -8,18 24,14 0,360
      fill #ff9800 polygon 42,-12 68,-2 42,8
      fill #ffffff circle 20,-12 30,-12 push graphic-context fill #333333 stroke none circle 23,-12 27,-12 pop graphic-context" ;;
    pez) echo "fill #e06a1b polygon -10,-26 14,-52 28,-26 fill $c polygon -36,0 -72,-30 -72,30 ellipse 5,0 52,33 0,360
      fill #ffffff circle 32,-8 40,-8 push graphic-context fill #333333 stroke none circle 34,-8 38,-8 pop graphic-context
      fill none path 'M 42,12 Q 48,16 54,9' circle 66,-40 71,-40 circle 74,-58 77,-58
      push graphic-context stroke-width 2 path 'M -14,-16 Q -4,0 -14,16' pop graphic-context" ;;
    conejo) echo "fill $c ellipse -18,-38 13,32 0,360 ellipse 18,-38 13,32 0,360
      push graphic-context fill #f06292 stroke none ellipse -18,-38 5,22 0,360 ellipse 18,-38 5,22 0,360 pop graphic-context
      circle 0,18 42,18
      push graphic-context fill #333333 stroke none circle -14,10 -9.5,10 circle 14,10 18.5,10 pop graphic-context
      fill #f06292 ellipse 0,22 6,4 0,360 fill #ffffff rectangle -7,31 7,42 line 0,31 0,42" ;;
    leon) echo "fill #d35400 circle 52,0 68,0 circle 36.8,36.8 52.8,36.8 circle 0,52 16,52 circle -36.8,36.8 -20.8,36.8
      circle -52,0 -36,0 circle -36.8,-36.8 -20.8,-36.8 circle 0,-52 16,-52 circle 36.8,-36.8 52.8,-36.8
      push graphic-context stroke none circle 0,0 56,0 pop graphic-context
      fill $c circle -27,-30 -17,-30 circle 27,-30 37,-30 circle 0,2 38,2
      push graphic-context fill #333333 stroke none circle -13,-8 -8.5,-8 circle 13,-8 17.5,-8 pop graphic-context
      fill #6d4c41 polygon -8,6 8,6 0,15 fill none path 'M -10,22 Q -5,28 0,18 Q 5,28 10,22'" ;;
    # --- family ---------------------------------------------------------------
    mama) echo "fill #6d4c41 roundrectangle -35,-70 35,2 26,26 fill $c roundrectangle -36,-6 36,64 18,18
      fill $SK circle 0,-36 28,-36 fill #6d4c41 path 'M -28,-42 Q -22,-74 0,-66 Q 22,-74 28,-42 Q 4,-58 -28,-42 Z' $EYES $SMILE" ;;
    papa) echo "fill $c roundrectangle -36,-6 36,64 18,18 fill $SK circle 0,-36 28,-36
      fill #4e342e path 'M -28,-38 Q -28,-70 0,-68 Q 28,-70 28,-38 Q 18,-54 -28,-42 Z' $EYES
      fill #4e342e path 'M -12,-27 Q 0,-33 12,-27 Q 0,-24 -12,-27 Z' $SMILE" ;;
    nino) echo "fill $c roundrectangle -32,0 32,62 16,16 fill $SK circle 0,-34 28,-34
      fill #e67e22 path 'M -28,-38 L -24,-64 L -12,-56 L -4,-70 L 6,-58 L 16,-68 L 20,-56 L 28,-38 Q 8,-52 -28,-40 Z' $EYES $SMILE" ;;
    nina) echo "fill #a0522d circle -38,-46 -25,-46 circle 38,-46 51,-46 fill $c polygon -30,62 30,62 18,-2 -18,-2
      fill $SK circle 0,-36 28,-36 fill #a0522d path 'M -28,-42 Q -22,-72 0,-66 Q 22,-72 28,-42 Q 0,-56 -28,-42 Z'
      fill #ff4081 circle -32,-58 -26,-58 circle 32,-58 38,-58 $EYES $SMILE" ;;
    abuelo) echo "fill $c roundrectangle -36,-6 36,64 18,18 fill $SK circle 0,-36 28,-36
      fill #e0e0e0 ellipse -27,-44 8,14 0,360 ellipse 27,-44 8,14 0,360 $EYES
      push graphic-context fill none stroke-width 2 circle -10,-40 -1,-40 circle 10,-40 19,-40 line -1,-40 1,-40 pop graphic-context
      $SMILE fill #e0e0e0 path 'M -13,-31 Q 0,-38 13,-31 Q 0,-28 -13,-31 Z'" ;;
    bebe) echo "fill $c roundrectangle -28,0 28,54 18,18 fill $SK circle 0,-30 32,-30
      fill none path 'M 0,-62 Q 12,-72 4,-78'
      push graphic-context fill #333333 stroke none circle -11,-34 -7,-34 circle 11,-34 15,-34 pop graphic-context
      push graphic-context fill #f8bbd0 stroke none circle -20,-22 -14,-22 circle 20,-22 26,-22 pop graphic-context
      fill none path 'M -8,-20 Q 0,-13 8,-20'" ;;
    # --- food -----------------------------------------------------------------
    manzana) echo "push graphic-context stroke #6d4c41 stroke-width 6 line 0,-34 5,-56 pop graphic-context
      fill #4caf50 ellipse 20,-50 15,7 0,360
      fill $c path 'M 0,-34 C 30,-56 66,-30 56,10 C 48,48 20,62 0,52 C -20,62 -48,48 -56,10 C -66,-30 -30,-56 0,-34 Z'
      push graphic-context fill #ffffff stroke none ellipse -28,-8 7,13 0,360 pop graphic-context" ;;
    platano) echo "fill $c path 'M -58,-34 Q -46,56 58,36 Q 68,30 62,20 Q -6,8 -34,-36 Q -44,-46 -58,-34 Z'
      fill #6d4c41 circle -56,-36 -51,-36 circle 60,26 65,26" ;;
    pina) echo "fill #4caf50 polygon 0,-72 -12,-30 12,-30 polygon -30,-62 -16,-28 4,-32 polygon 30,-62 16,-28 -4,-32
      fill $c ellipse 0,16 38,48 0,360
      push graphic-context fill #c17900 stroke none circle -8,-14 -5,-14 circle 8,-14 11,-14 circle -16,2 -13,2 circle 0,2 3,2 circle 16,2 19,2
      circle -24,20 -21,20 circle -8,20 -5,20 circle 8,20 11,20 circle 24,20 27,20 circle -16,38 -13,38 circle 0,38 3,38 circle 16,38 19,38
      circle -8,54 -5,54 circle 8,54 11,54 pop graphic-context" ;;
    limon) echo "fill #4caf50 ellipse 22,-40 16,7 0,360 fill $c path 'M -66,0 Q -52,-42 0,-40 Q 52,-42 66,0 Q 52,42 0,40 Q -52,42 -66,0 Z'
      push graphic-context fill #ffffff stroke none ellipse -24,-14 12,6 0,360 pop graphic-context" ;;
    pan) echo "fill #b5762d path 'M -46,50 L -46,-6 Q -70,-20 -56,-44 Q -30,-70 0,-56 Q 30,-70 56,-44 Q 70,-20 46,-6 L 46,50 Z'
      push graphic-context stroke none fill #f5deb3 translate 0,4 scale 0.78,0.78
      path 'M -46,50 L -46,-6 Q -70,-20 -56,-44 Q -30,-70 0,-56 Q 30,-70 56,-44 Q 70,-20 46,-6 L 46,50 Z' pop graphic-context" ;;
    leche) echo "fill $c polygon -34,-58 34,-58 27,60 -27,60
      push graphic-context fill #ffffff stroke none path 'M -31,-22 Q -16,-30 0,-22 Q 16,-14 31,-22 L 27,56 L -27,56 Z' pop graphic-context
      push graphic-context fill none path 'M -31,-22 Q -16,-30 0,-22 Q 16,-14 31,-22' pop graphic-context
      push graphic-context fill #ffffff stroke none rectangle -24,-50 -17,-30 pop graphic-context" ;;
    # --- colours and fallback -------------------------------------------------
    *) # paint splash in the word's colour
      echo "fill $c circle 0,0 52,0 circle 58,-32 72,-32 circle -60,22 -48,22 circle 42,48 52,48 circle -38,-52 -29,-52
      push graphic-context fill #ffffff stroke none ellipse -18,-20 13,8 0,360 pop graphic-context" ;;
  esac
}

# Five-pointed star polygon at (cx,cy) with outer radius r.
star() { # cx cy r
  awk -v cx="$1" -v cy="$2" -v r="$3" 'BEGIN {
    pi = atan2(0, -1); s = "polygon";
    for (i = 0; i < 10; i++) {
      rr = (i % 2 == 0) ? r : r * 0.45; a = -pi / 2 + i * pi / 5;
      s = s sprintf(" %.1f,%.1f", cx + rr * cos(a), cy + rr * sin(a));
    }
    print s }'
}

optimise_png() { pngquant --force --skip-if-larger --quality 60-95 --speed 1 --strip --output "$1" -- "$1" || true; }

# Transparent text layer that fits in WxH (font size chosen automatically).
text_layer() { # out font colour WxH text [stroke]
  local out="$1" font="$2" color="$3" size="$4" text="$5" stroke="${6:-}"
  local extra=()
  [[ -n "$stroke" ]] && extra=(-stroke "$stroke" -strokewidth 2)
  convert -background none -fill "$color" "${extra[@]}" -font "$font" -size "$size" -gravity center \
    label:"$text" "$out"
}

# ---------------------------------------------------------------------------
# Level cards: public/demo/niveles/<level>.png (480x320)
# ---------------------------------------------------------------------------
make_level_card() { # level
  local level="$1" name diff nstars accent light bg out
  name="$(level_name "$level")"; diff="$(level_diff "$level")"; nstars="$(level_stars "$level")"
  accent="$(level_accent "$level")"; light="$(level_light "$level")"; bg="$(level_bg "$level")"
  out="$OUT/niveles/$level.png"

  mapfile -t slugs < <(node -e '
    const w = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    w.filter(x => x.level === process.argv[2]).slice(0, 3).forEach(x => console.log(x.slug));
  ' "$WORDS_JSON" "$level")

  local draw="" x=(100 240 380) i
  for i in 0 1 2; do
    draw+="push graphic-context translate ${x[$i]},196 scale 0.66,0.66 $(motif "$level" "${slugs[$i]}" "$(word_color "${slugs[$i]}")") pop graphic-context "
  done
  local stars="" sx
  for ((i = 0; i < nstars; i++)); do
    sx=$((330 + i * 34)); stars+="$(star "$sx" 283 13) "
  done

  text_layer "$TMP/title.png" "$FONT_BOLD" "#ffffff" 440x96 "$name" "#333333"
  text_layer "$TMP/diff.png" "$FONT_BOLD" "#333333" 150x30 "$diff"

  convert -size 480x320 xc:"$bg" \
    -fill "$accent" -stroke none -draw "roundrectangle 10,10 470,120 28,28" \
    -fill "$light" -draw "circle 40,300 40,250 circle 450,150 450,115" \
    -stroke "#333333" -strokewidth 4 -draw "$draw" \
    -strokewidth 3 -fill "#ffffff" -draw "roundrectangle 120,262 420,304 20,20" \
    -fill "#ffd23f" -strokewidth 2 -draw "$stars" \
    "$TMP/title.png" -geometry +20+17 -composite \
    "$TMP/diff.png" -geometry +150+268 -composite \
    "${PNG_OPTS[@]}" "$out"
  optimise_png "$out"
}

# ---------------------------------------------------------------------------
# Word pictures: img-es.png / img-en.png (320x240)
# ---------------------------------------------------------------------------
make_word_image() { # level slug text langlabel out
  local level="$1" slug="$2" text="$3" lang="$4" out="$5" color bg accent
  color="$(word_color "$slug")"; bg="$(level_bg "$level")"; accent="$(level_accent "$level")"
  text_layer "$TMP/word.png" "$FONT_BOLD" "#333333" 296x62 "$text"
  text_layer "$TMP/lang.png" "$FONT_BOLD" "#ffffff" 84x18 "$lang"
  convert -size 320x240 xc:"$bg" \
    -fill "#ffffff" -stroke "$accent" -strokewidth 4 -draw "roundrectangle 6,6 313,233 22,22" \
    -fill "$accent" -stroke none -draw "roundrectangle 14,14 110,38 12,12" \
    -stroke "#333333" -strokewidth 3 \
    -draw "push graphic-context translate 160,102 scale 0.88,0.88 $(motif "$level" "$slug" "$color") pop graphic-context" \
    "$TMP/lang.png" -geometry +20+17 -composite \
    "$TMP/word.png" -geometry +12+166 -composite \
    "${PNG_OPTS[@]}" "$out"
  optimise_png "$out"
}

# ---------------------------------------------------------------------------
# Menu card: menu.gif (200x150, 2 frames: the picture "hops")
# ---------------------------------------------------------------------------
make_menu_gif() { # level slug text out
  local level="$1" slug="$2" text="$3" out="$4" color bg accent f dy
  color="$(word_color "$slug")"; bg="$(level_bg "$level")"; accent="$(level_accent "$level")"
  text_layer "$TMP/mword.png" "$FONT_BOLD" "#333333" 184x40 "$text"
  for f in 0 1; do
    dy=$((62 - f * 6))
    convert -size 200x150 xc:"$bg" \
      -fill "#ffffff" -stroke "$accent" -strokewidth 3 -draw "roundrectangle 3,3 196,146 16,16" \
      -stroke "#333333" -strokewidth 2 \
      -draw "push graphic-context translate 100,$dy scale 0.52,0.52 $(motif "$level" "$slug" "$color") pop graphic-context" \
      "$TMP/mword.png" -geometry +8+104 -composite "$TMP/menu-$f.png"
  done
  convert -delay 45 -loop 0 "$TMP/menu-0.png" "$TMP/menu-1.png" +dither -colors 32 "$TMP/menu.gif"
  gifsicle -O3 --no-comments --no-names "$TMP/menu.gif" -o "$out"
}

# ---------------------------------------------------------------------------
# Sign placeholder: sign.gif (320x240, 8 frames, a waving hand). Says DEMO.
# ---------------------------------------------------------------------------
HAND="fill #f6c89f push graphic-context translate -22,22 rotate -42 roundrectangle -8,-48 8,4 8,8 pop graphic-context roundrectangle -30,-62 -16,-4 7,7 roundrectangle -14,-72 0,-4 7,7 roundrectangle 2,-70 16,-4 7,7 roundrectangle 18,-58 32,-4 7,7 roundrectangle -30,-18 32,42 16,16"

make_sign_gif() { # level slug text out
  local level="$1" slug="$2" text="$3" out="$4" accent f
  accent="$(level_accent "$level")"
  text_layer "$TMP/sdemo.png" "$FONT_BOLD" "#e63946" 78x24 "DEMO"
  text_layer "$TMP/sesena.png" "$FONT_BOLD" "#ffffff" 200x24 "Seña de ejemplo"
  text_layer "$TMP/swater.png" "$FONT_BOLD" "#ede7dc" 300x110 "DEMO"
  text_layer "$TMP/sword.png" "$FONT_BOLD" "#333333" 296x46 "$text"
  convert -size 320x240 xc:"#fffdf7" \
    "$TMP/swater.png" -geometry +10+52 -composite \
    -fill "#e63946" -stroke none -draw "rectangle 0,0 320,40" \
    -fill "#ffffff" -draw "roundrectangle 8,7 96,33 10,10" \
    -fill "$accent" -draw "rectangle 0,190 320,240" \
    -fill "#ffffff" -draw "roundrectangle 8,196 312,234 14,14" \
    "$TMP/sesena.png" -geometry +108+8 -composite \
    "$TMP/sword.png" -geometry +12+192 -composite \
    "$TMP/sdemo.png" -geometry +13+8 -composite \
    "$TMP/sign-bg.png"

  local frames=()
  for f in 0 1 2 3 4 5 6 7; do
    # position on an arc and a gentle rotation, computed for each frame
    read -r hx hy ang < <(awk -v f="$f" 'BEGIN { pi = atan2(0, -1); t = 2 * pi * f / 8;
      printf "%.1f %.1f %.1f\n", 160 + 55 * sin(t), 125 - 12 * cos(t) * cos(t), 14 * sin(t) }')
    convert "$TMP/sign-bg.png" -stroke "#333333" -strokewidth 3 \
      -draw "push graphic-context translate $hx,$hy rotate $ang $HAND pop graphic-context" \
      "$TMP/sign-$f.png"
    frames+=("$TMP/sign-$f.png")
  done
  convert -delay 15 -loop 0 "${frames[@]}" +dither -colors 32 "$TMP/sign.gif"
  gifsicle -O3 --no-comments --no-names "$TMP/sign.gif" -o "$out"
}

# ---------------------------------------------------------------------------
# Audio: audio-es.mp3 / audio-en.mp3 (espeak-ng -> mono 32 kbps mp3)
# ---------------------------------------------------------------------------
make_audio() { # voice text out
  local voice="$1" text="$2" out="$3"
  espeak-ng -v "$voice" -s 130 -w "$TMP/raw.wav" "$text"
  sox -D "$TMP/raw.wav" -r 22050 -c 1 "$TMP/clean.wav" norm -1 pad 0.05 0.15
  lame --quiet -b 32 -m m --noreplaygain "$TMP/clean.wav" "$out"
}

# ---------------------------------------------------------------------------
# Level start chime: sounds/level-start.mp3 (~0.6 s, three rising notes)
# ---------------------------------------------------------------------------
make_chime() {
  local out="$OUT/sounds/level-start.mp3"
  sox -D -n -r 44100 -c 1 "$TMP/n1.wav" synth 0.15 sine 1046.5 fade q 0.005 0.15 0.06 vol 0.5
  sox -D -n -r 44100 -c 1 "$TMP/n2.wav" synth 0.15 sine 1318.5 fade q 0.005 0.15 0.06 vol 0.5
  sox -D -n -r 44100 -c 1 "$TMP/n3.wav" synth 0.30 sine 1568 fade q 0.005 0.30 0.22 vol 0.5
  sox -D "$TMP/n1.wav" "$TMP/n2.wav" "$TMP/n3.wav" "$TMP/chime.wav" norm -3
  lame --quiet -b 48 -m m --noreplaygain "$TMP/chime.wav" "$out"
}

# ---------------------------------------------------------------------------
echo "Level cards..."
for level in "${LEVELS[@]}"; do make_level_card "$level"; done

echo "Words..."
while IFS=$'\t' read -r level slug es en; do
  dir="$OUT/palabras/$slug"
  mkdir -p "$dir"
  echo "  $slug ($es / $en)"
  make_word_image "$level" "$slug" "$es" "Español" "$dir/img-es.png"
  make_word_image "$level" "$slug" "$en" "English" "$dir/img-en.png"
  make_audio es "$es" "$dir/audio-es.mp3"
  make_audio en-us "$en" "$dir/audio-en.mp3"
  make_sign_gif "$level" "$slug" "$es" "$dir/sign.gif"
  make_menu_gif "$level" "$slug" "$es" "$dir/menu.gif"
done < <(node -e '
  const w = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  for (const x of w) console.log([x.level, x.slug, x.es, x.en].join("\t"));
' "$WORDS_JSON")

echo "Sounds..."
make_chime

du -sh "$OUT"
