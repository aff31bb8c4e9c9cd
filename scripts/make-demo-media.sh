#!/usr/bin/env bash
# Regenerates the demo media under public/demo/ from src/server/demo/words.json.
#
# The generated files are COMMITTED to the repository; this script only documents
# how they were made. It is NOT part of install, build or test. Run it by hand:
#
#   bash scripts/make-demo-media.sh
#
# Requirements (Debian): apt-get install imagemagick espeak-ng sox lame gifsicle pngquant fonts-dejavu-core
#                        (+ node, already needed by the app)
#
# ImageMagick is always run as /usr/bin/convert (Debian's package), never the first
# "convert" on PATH: a machine may have another program of that name earlier on PATH
# (e.g. a stand-in in /usr/local/bin). Set CONVERT=/path/to/convert to override.
#
# What it makes (no vocabulary word is printed on any of it: the games show the word
# next to the pictures and the sign, so a printed word would give the answer away):
#   niveles/<level>.png            level card with the level's title (not a vocabulary word)
#   palabras/<slug>/img-es.png     the word's picture (no text)
#   palabras/<slug>/img-en.png     the same picture (no text)
#   palabras/<slug>/menu.gif       the picture hopping (no text)
#   palabras/<slug>/sign.gif       PLACEHOLDER sign: a drawn person moving the hands along a
#                                  path derived from the slug. It is not real sign language.
#   palabras/<slug>/audio-*.mp3    the word spoken by espeak-ng
#   sounds/level-start.mp3         level start chime
#
# Idempotent: every output file is overwritten; running it twice gives the same files.
# words.json must stay in sync with src/server/demo/content.ts (same levels/slugs/texts).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORDS_JSON="$ROOT/src/server/demo/words.json"
OUT="$ROOT/public/demo"
FONT_BOLD="/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
FONT="/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

CONVERT="${CONVERT:-/usr/bin/convert}"
[[ -x "$CONVERT" ]] && "$CONVERT" -version 2>/dev/null | grep -q ImageMagick ||
  { echo "missing ImageMagick at $CONVERT (apt-get install imagemagick)" >&2; exit 1; }
convert() { "$CONVERT" "$@"; }
for tool in node espeak-ng sox lame gifsicle pngquant; do
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
    amarillo) echo "#fdd835";; rosado) echo "#f48fb1";; marron) echo "#8b5a2b";;
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

# A colour word's picture (about 150x130, centred on (0,0)): a paint splash with drops
# and a crayon, both in the colour. The level card keeps the plain splash of motif().
colour_picture() { # colour
  local c="$1" splash="circle 0,0 44,0 circle 40,-30 54,-30 circle -44,20 -32,20 circle 24,38 35,38
    circle -30,-38 -20,-38 circle -48,-16 -40,-16 circle 8,-44 16,-44 circle 44,10 50,10"
  local drops="circle 70,-48 76,-48 circle -66,40 -61,40 circle 52,-58 55.5,-58 circle -62,-48 -58,-48"
  echo "push graphic-context translate -22,-6
      push graphic-context fill #333333 stroke #333333 stroke-width 6 $splash pop graphic-context
      push graphic-context fill $c stroke none $splash pop graphic-context
      fill $c $drops
      push graphic-context fill #ffffff stroke none ellipse -14,-16 12,7 0,360 pop graphic-context
    pop graphic-context
    push graphic-context translate 44,28 rotate 35
      fill $c polygon -12,-40 12,-40 3,-64 -3,-64 roundrectangle -13,-42 13,46 4,4
      push graphic-context fill #000000 fill-opacity 0.3 stroke none rectangle -11.5,-24 11.5,-16 rectangle -11.5,28 11.5,36
      polygon -3,-64 3,-64 1.5,-60 -1.5,-60 pop graphic-context
      push graphic-context fill #ffffff fill-opacity 0.55 stroke none rectangle -8,-12 -3,22 pop graphic-context
    pop graphic-context"
}

# The picture of a word: the motif, or for a colour word the colour picture.
picture() { # level slug colour
  if [[ "$1" == colores ]]; then colour_picture "$3"; else motif "$@"; fi
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
# Word pictures: img-es.png / img-en.png (320x240). The picture only: no text at all.
# Both files get the same picture (a school may later upload a different one per language).
# ---------------------------------------------------------------------------
make_word_image() { # level slug out
  local level="$1" slug="$2" out="$3" color accent
  color="$(word_color "$slug")"; accent="$(level_accent "$level")"
  convert -size 320x240 xc:"$(level_bg "$level")" \
    -fill "#ffffff" -stroke "$accent" -strokewidth 4 -draw "roundrectangle 6,6 313,233 22,22" \
    -stroke "#333333" -strokewidth 3 \
    -draw "push graphic-context translate 160,122 scale 1.2,1.2 $(picture "$level" "$slug" "$color") pop graphic-context" \
    "${PNG_OPTS[@]}" "$out"
  optimise_png "$out"
}

# ---------------------------------------------------------------------------
# Menu card: menu.gif (200x150, the picture hops and lands; no text)
# ---------------------------------------------------------------------------
make_menu_gif() { # level slug out
  local level="$1" slug="$2" out="$3" color accent pic f dy rx frames=()
  color="$(word_color "$slug")"; accent="$(level_accent "$level")"
  pic="$(picture "$level" "$slug" "$color")"
  for f in 0 1 2 3 4 5; do
    dy="$(awk -v f="$f" 'BEGIN { printf "%.1f", 10 * sin(atan2(0, -1) * f / 6) }')"
    rx="$(awk -v dy="$dy" 'BEGIN { printf "%.1f", 34 - dy }')"
    convert -size 200x150 xc:"$(level_bg "$level")" \
      -fill "#ffffff" -stroke "$accent" -strokewidth 3 -draw "roundrectangle 3,3 196,146 16,16" \
      -fill "#e4e4e4" -stroke none -draw "ellipse 100,133 $rx,5 0,360" \
      -stroke "#333333" -strokewidth 3 \
      -draw "push graphic-context translate 100,$(awk -v dy="$dy" 'BEGIN { print 76 - dy }') scale 0.66,0.66 $pic pop graphic-context" \
      "$TMP/menu-$f.png"
    frames+=(-delay "$([[ $f == 0 ]] && echo 40 || echo 8)" "$TMP/menu-$f.png")
  done
  convert -loop 0 "${frames[@]}" +dither -colors 64 "$TMP/menu.gif"
  gifsicle -O3 --colors 32 --no-comments --no-names "$TMP/menu.gif" -o "$out"
}

# ---------------------------------------------------------------------------
# Sign placeholder: sign.gif (320x240, 16 frames at 10 fps, looping, no text).
# A friendly drawn person "signs": the hands follow a smooth path chosen from the slug
# (see make_sign_gif): one hand, both hands mirrored or both in turn; a circle, up and down,
# side to side, taps or a twisting wiggle; at the chest, the chin, beside the head or low in
# front of the body; plus amplitude, height and direction. It is NOT a real sign: a school
# replaces it with its own recording (README, "Adding real signs").
# ---------------------------------------------------------------------------
SIGN_FRAMES=16
SIGN_DELAY=10 # 1/100 s per frame

# The static part: background, torso, neck and head (the arms are drawn over it per frame).
# A faint film strip down the left edge marks it as a stand-in for a recording; it also keeps
# every row of the picture asymmetric, so a mirrored frame never equals the original (the sign
# player's mirror e2e test relies on that, and some movements are symmetric).
make_sign_person() { # shirt-colour out
  local shirt="$1" out="$2" holes="" y
  for ((y = 4; y < 240; y += 20)); do holes+="roundrectangle 6,$y 14,$((y + 9)) 2,2 "; done
  convert -size 320x240 xc:"#fbf8f1" \
    -fill "#e8e1d3" -stroke none -draw "rectangle 0,0 19,240" -fill "#fbf8f1" -draw "$holes" \
    -stroke "#333333" -strokewidth 3 -fill "$shirt" \
    -draw "path 'M 100,242 L 104,150 Q 106,118 134,114 L 186,114 Q 214,118 216,150 L 220,242 Z'" \
    -fill "#f6c89f" -draw "path 'M 149,96 L 149,116 Q 160,124 171,116 L 171,96 Z'" \
    -fill "#f6c89f" -draw "circle 127,70 127,80 circle 193,70 193,80" \
    -draw "circle 160,68 160,102" \
    -fill "#6d4c41" -draw "path 'M 126,70 Q 120,30 160,30 Q 200,30 194,70 Q 186,50 170,46 Q 150,56 126,70 Z'" \
    -fill "#333333" -stroke none -draw "circle 148,70 148,75 circle 172,70 172,75" \
    -fill "#f8bbd0" -draw "circle 140,84 140,89 circle 180,84 180,89" \
    -fill none -stroke "#333333" -strokewidth 3 -draw "path 'M 150,86 Q 160,96 170,86'" \
    -strokewidth 2.5 -draw "path 'M 141,60 Q 148,56 155,60' path 'M 165,60 Q 172,56 179,60'" \
    "$out"
}

# MVG of both arms and hands for each frame, one frame per line.
sign_arms() { # hands move place hand amplitude height turn frames shirt   (see make_sign_gif)
  awk -v hands="$1" -v move="$2" -v place="$3" -v hand="$4" -v amp="$5" -v height="$6" -v turn="$7" \
      -v F="$8" -v shirt="$9" '
  # one arm: shoulder (sx,sy), wrist (tx,ty), side s (-1 = left of the picture), extra hand
  # turn tw (degrees). A drawing seen from the front: the elbow stays near a relaxed place (out
  # and down) and follows the hand a little; a forearm pointing at the viewer just looks shorter.
  function arm(sx, sy, tx, ty, s, tw,   ex, ey, dx, dy, d, wx, wy, mx, my, ang, out) {
    ex = sx + s * 34; ey = sy + 46
    ex += 0.3 * (tx - ex); ey += 0.3 * (ty - ey)
    dx = ex - tx; dy = ey - ty; d = sqrt(dx * dx + dy * dy)
    if (d > L2) { ex = tx + dx * L2 / d; ey = ty + dy * L2 / d }
    wx = tx; wy = ty
    mx = sx + 0.55 * (ex - sx); my = sy + 0.55 * (ey - sy)
    ang = atan2(wy - ey, wx - ex) * 180 / pi + 90 + s * tw
    # bare arm, then a short sleeve over its top
    out = sprintf("push graphic-context fill none stroke-linecap round stroke-linejoin round ")
    out = out sprintf("stroke #333333 stroke-width 18 polyline %.1f,%.1f %.1f,%.1f %.1f,%.1f ", sx, sy, ex, ey, wx, wy)
    out = out sprintf("stroke #f6c89f stroke-width 12.5 polyline %.1f,%.1f %.1f,%.1f %.1f,%.1f ", sx, sy, ex, ey, wx, wy)
    out = out sprintf("stroke #333333 stroke-width 24 line %.1f,%.1f %.1f,%.1f ", sx, sy, mx, my)
    out = out sprintf("stroke %s stroke-width 18.5 line %.1f,%.1f %.1f,%.1f pop graphic-context ", shirt, sx, sy, mx, my)
    # open hand, palm to the viewer, fingers along the forearm, thumb towards the body
    out = out sprintf("push graphic-context translate %.1f,%.1f rotate %.1f scale %.2f,1.25 ", wx, wy, ang, -1.25 * s)
    out = out "fill #f6c89f stroke #333333 stroke-width 2 "
    out = out "roundrectangle -11,-30 -5.5,-10 3,3 roundrectangle -5.5,-35 0,-10 3,3 roundrectangle 0,-34 5.5,-10 3,3 roundrectangle 5.5,-28 11,-10 3,3 "
    out = out "push graphic-context translate 10,-6 rotate 40 roundrectangle -3.5,-16 3.5,2 3.5,3.5 pop graphic-context "
    out = out "roundrectangle -11,-17 11,2 7,7 "
    out = out "push graphic-context stroke none roundrectangle -9,-18 9,-6 4,4 pop graphic-context pop graphic-context "
    return out
  }
  # offset of a hand from its place at time t; o = 1 for the hand on the right of the picture,
  # -1 on the left (x outwards), so two hands with the same t move mirrored
  function offset(t, o) {
    tw = 0
    if (move == 0) {        # circle
      ox = o * 16 * A * cos(dir * t); oy = 14 * A * sin(dir * t)
    } else if (move == 1) { # up and down
      ox = 0; oy = 18 * A * sin(t)
    } else if (move == 2) { # side to side
      ox = o * 22 * A * sin(t); oy = -4 * cos(2 * t)
    } else if (move == 3) { # two taps on the place
      k = (1 - cos(2 * t)) / 2; k = 1 - k * k
      ox = o * 24 * A * k; oy = 14 * A * k
    } else {                # wiggle: small quick circles, the hand twisting
      ox = o * 5 * A * cos(2 * t); oy = 5 * A * sin(2 * t); tw = 26 * sin(2 * t)
    }
  }
  function clampx(v) { return v < 62 ? 62 : (v > 258 ? 258 : v) }
  function clampy(v) { return v < 80 ? 80 : (v > 214 ? 214 : v) }
  BEGIN {
    pi = atan2(0, -1); L2 = 56
    LSX = 126; LSY = 132; RSX = 194; RSY = 132
    D = hand ? 1 : -1                 # the moving hand when only one moves: right or left of the picture
    A = 0.75 + amp * 0.07             # amplitude, 0.75 to 1.24
    up = (height - 1) * 6             # a little higher or lower, -6 to 6 px
    dir = turn ? 1 : -1               # direction of the circles
    # where the hands are: one hand (x from the middle, y), two hands (x from the middle, y)
    if (place == 0)      { x1 = 22; y1 = 160 + up; x2 = 34; y2 = 162 + up }   # chest
    else if (place == 1) { x1 = 10; y1 = 136;      x2 = 32; y2 = 146 }        # chin
    else if (place == 2) { x1 = 64; y1 = 102;      x2 = 64; y2 = 104 }        # beside the head
    if (place == 1 || place == 2) A *= 0.7  # smaller near the face, which stays visible
    else                 { x1 = 26; y1 = 186 + up; x2 = 36; y2 = 184 + up }   # low, in front of the body
    for (f = 0; f < F; f++) {
      t = 2 * pi * f / F
      if (hands == 0) {       # one hand moves, the other rests low in front of the body
        offset(t, D); x = 160 + D * x1 + ox; y = y1 + oy; twr = tw
        if (D < 0) { lx = x; ly = y; ltw = twr; rx = 178; ry = 204; rtw = 0 }
        else       { rx = x; ry = y; rtw = twr; lx = 142; ly = 204; ltw = 0 }
      } else {                # both hands: mirrored (hands == 1) or in turn (hands == 2)
        offset(t, 1); rx = 160 + x2 + ox; ry = y2 + oy; rtw = tw
        offset(hands == 1 ? t : t + pi, -1); lx = 160 - x2 + ox; ly = y2 + oy; ltw = tw
      }
      print arm(LSX, LSY, clampx(lx), clampy(ly), -1, ltw) arm(RSX, RSY, clampx(rx), clampy(ry), 1, rtw)
    }
  }'
}

# The movement comes from md5("$SIGN_SALT:<slug>"): byte 0 % 3 = hands (one, both mirrored,
# both in turn), byte 1 % 5 = movement, byte 2 % 4 = place, byte 3 % 2 = which hand,
# byte 4 % 8 = amplitude, byte 5 % 3 = height, byte 6 % 2 = direction of circles.
# The salt was picked once so that no two of the 24 demo words get the same hands, movement
# and place, and every movement and place is used several times; any other word still gets
# a movement (it may then repeat another word's).
SIGN_SALT=13315

make_sign_gif() { # level slug out
  local level="$1" slug="$2" out="$3" shirt m f=0 mvg frames=()
  shirt="$(level_accent "$level")"
  m="$(printf '%s:%s' "$SIGN_SALT" "$slug" | md5sum | cut -c1-14)"
  make_sign_person "$shirt" "$TMP/sign-bg.png"
  while IFS= read -r mvg; do
    convert "$TMP/sign-bg.png" -draw "$mvg" "$TMP/sign-$f.png"
    frames+=("$TMP/sign-$f.png"); f=$((f + 1))
  done < <(sign_arms $((16#${m:0:2} % 3)) $((16#${m:2:2} % 5)) $((16#${m:4:2} % 4)) $((16#${m:6:2} % 2)) \
             $((16#${m:8:2} % 8)) $((16#${m:10:2} % 3)) $((16#${m:12:2} % 2)) "$SIGN_FRAMES" "$shirt")
  # one palette of 24 colours for all frames (gifsicle), which keeps the 24 signs near 0.75 MB
  convert -delay "$SIGN_DELAY" -loop 0 "${frames[@]}" +dither -colors 64 "$TMP/sign.gif"
  gifsicle -O3 --colors 24 --no-comments --no-names "$TMP/sign.gif" -o "$out"
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
  make_word_image "$level" "$slug" "$dir/img-es.png"
  cp "$dir/img-es.png" "$dir/img-en.png"
  make_audio es "$es" "$dir/audio-es.mp3"
  make_audio en-us "$en" "$dir/audio-en.mp3"
  make_sign_gif "$level" "$slug" "$dir/sign.gif"
  make_menu_gif "$level" "$slug" "$dir/menu.gif"
done < <(node -e '
  const w = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  for (const x of w) console.log([x.level, x.slug, x.es, x.en].join("\t"));
' "$WORDS_JSON")

echo "Sounds..."
make_chime

du -sh "$OUT"
