#!/usr/bin/env python3
"""Draws the pictures of the DocC tutorial "Build a countries app": wireframes of the app's
screens in the moments the tutorial teaches (first load, pull-to-refresh, paging, a failed
reload's banner, retry, placeholders, the detail screen and its favorite button), as SVG files in the catalog's
Resources/Tutorial folder, which the tutorial embeds with `@Image`.

usage: python3 Scripts/draw-tutorial-images.py           draw them, overwriting the SVGs
       python3 Scripts/draw-tutorial-images.py --check   fail when a committed SVG differs

The output depends on nothing but this file, so the drawings are byte-stable. Flags are striped
rectangles (emoji do not render alike everywhere), and text asks for the system font.
"""
import math
import os
import sys

OUT = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..",
    "Sources/AsyncContentCore/AsyncContentCore.docc/Resources/Tutorial")

FONT = "-apple-system, 'SF Pro Text', 'Helvetica Neue', Helvetica, Arial, sans-serif"
GREY = "#8e8e93"
LINE = "#e5e5ea"
REDACTED = "#d1d1d6"
BLUE = "#007aff"
RED = "#ff3b30"


def stripes(colors, vertical=False):
    """Equal stripes, each drawn a little wider so no seam shows between them."""
    shapes = []
    for index, color in enumerate(colors):
        if vertical:
            shapes.append(f'<rect x="{index * 32 / 3:.2f}" y="0" width="{32 / 3 + 0.5:.2f}" '
                          f'height="22" fill="{color}"/>')
        else:
            shapes.append(f'<rect x="0" y="{index * 22 / 3:.2f}" width="32" '
                          f'height="{22 / 3 + 0.5:.2f}" fill="{color}"/>')
    return "".join(shapes)


def cross(background, color, x=11):
    return (f'<rect x="0" y="0" width="32" height="22" fill="{background}"/>'
            f'<rect x="{x}" y="0" width="4" height="22" fill="{color}"/>'
            f'<rect x="0" y="9" width="32" height="4" fill="{color}"/>')


# (name, capital, the flag's shapes in a 32 by 22 box)
COUNTRIES = [
    ("Austria", "Vienna", stripes(["#ed2939", "#ffffff", "#ed2939"])),
    ("Belgium", "Brussels", stripes(["#000000", "#fdda24", "#ef3340"], vertical=True)),
    ("Brazil", "Brasília", '<rect x="0" y="0" width="32" height="22" fill="#009c3b"/>'
     '<path d="M16 3 L29 11 L16 19 L3 11 Z" fill="#ffdf00"/>'
     '<circle cx="16" cy="11" r="4.5" fill="#002776"/>'),
    ("Canada", "Ottawa", stripes(["#ff0000", "#ffffff", "#ff0000"], vertical=True)
     + '<path d="M16 5 L19 10 L17.5 10 L18 15 L16 13.5 L14 15 L14.5 10 L13 10 Z" fill="#ff0000"/>'),
    ("Switzerland", "Bern", '<rect x="0" y="0" width="32" height="22" fill="#ff0000"/>'
     '<rect x="14" y="5" width="4" height="12" fill="#ffffff"/>'
     '<rect x="10" y="9" width="12" height="4" fill="#ffffff"/>'),
    ("Chile", "Santiago", '<rect x="0" y="0" width="32" height="11" fill="#ffffff"/>'
     '<rect x="0" y="11" width="32" height="11" fill="#d52b1e"/>'
     '<rect x="0" y="0" width="11" height="11" fill="#0039a6"/>'
     '<circle cx="5.5" cy="5.5" r="2" fill="#ffffff"/>'),
    ("China", "Beijing", '<rect x="0" y="0" width="32" height="22" fill="#ee1c25"/>'
     '<circle cx="7" cy="6" r="3" fill="#ffff00"/>'),
    ("Germany", "Berlin", stripes(["#000000", "#dd0000", "#ffce00"])),
    ("Denmark", "Copenhagen", cross("#c8102e", "#ffffff")),
    ("Egypt", "Cairo", stripes(["#ce1126", "#ffffff", "#000000"])),
    ("Spain", "Madrid", '<rect x="0" y="0" width="32" height="22" fill="#aa151b"/>'
     '<rect x="0" y="5.5" width="32" height="11" fill="#f1bf00"/>'),
    ("Finland", "Helsinki", cross("#ffffff", "#002f6c")),
]
JAPAN = ("Japan", "Tokyo", '<rect x="0" y="0" width="32" height="22" fill="#ffffff"/>'
         '<circle cx="16" cy="11" r="6" fill="#bc002d"/>')


def text(x, y, value, size=15, weight="normal", fill="#1c1c1e", anchor="start"):
    return (f'<text x="{x}" y="{y}" font-family="{FONT}" font-size="{size}" '
            f'font-weight="{weight}" fill="{fill}" text-anchor="{anchor}">{value}</text>')


def flag(x, y, shapes):
    return (f'<g transform="translate({x} {y})">{shapes}'
            f'<rect x="0" y="0" width="32" height="22" rx="2" fill="none" stroke="{LINE}"/></g>')


def row(x, y, country, chevron=False, separator=True):
    name, capital, shapes = country
    parts = [flag(x + 18, y + 15, shapes), text(x + 64, y + 26, name, 15, "600"),
             text(x + 64, y + 44, capital, 12, fill=GREY)]
    if separator:
        parts.append(f'<line x1="{x + 64}" y1="{y + 56}" x2="{x + 276}" y2="{y + 56}" '
                     f'stroke="{LINE}"/>')
    if chevron:
        parts.append(f'<path d="M{x + 256} {y + 22} l6 6 l-6 6" fill="none" stroke="{REDACTED}" '
                     'stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>')
    return "".join(parts)


def redacted_row(x, y, width):
    return (f'<rect x="{x + 18}" y="{y + 15}" width="32" height="22" rx="3" fill="{REDACTED}"/>'
            f'<rect x="{x + 64}" y="{y + 15}" width="{width}" height="12" rx="5" fill="{REDACTED}"/>'
            f'<rect x="{x + 64}" y="{y + 34}" width="{width * 0.6:.0f}" height="9" rx="4" '
            f'fill="{REDACTED}"/>'
            f'<line x1="{x + 64}" y1="{y + 56}" x2="{x + 276}" y2="{y + 56}" stroke="{LINE}"/>')


def spinner(cx, cy, radius=12):
    parts = []
    for index in range(8):
        opacity = 0.25 + 0.75 * index / 7
        angle = index * 45
        parts.append(f'<line x1="{cx}" y1="{cy - radius * 0.45:.1f}" x2="{cx}" '
                     f'y2="{cy - radius:.1f}" stroke="{GREY}" stroke-width="3" '
                     f'stroke-linecap="round" opacity="{opacity:.2f}" '
                     f'transform="rotate({angle} {cx} {cy})"/>')
    return "".join(parts)


def phone(x, title, body, caption=None, screen="#ffffff"):
    """A phone at x: a bezel, a screen, a navigation title and the body. Nothing is clipped, so
    the drawing needs no references: DocC may show an SVG by its first id alone."""
    parts = [f'<rect x="{x + 10}" y="10" width="300" height="580" rx="40" fill="#1c1c1e"/>',
             f'<rect x="{x + 22}" y="22" width="276" height="556" rx="30" fill="{screen}"/>']
    if title:
        parts.append(text(x + 40, 96, title, 28, "700"))
    parts.append(body)
    parts.append(f'<rect x="{x + 125}" y="32" width="70" height="18" rx="9" fill="#1c1c1e"/>')
    if caption:
        parts.append(text(x + 160, 616, caption, 15, "600", fill=GREY, anchor="middle"))
    return "".join(parts)


def rows(x, y, count, start=0, chevron=False):
    return "".join(row(x + 22, y + index * 57, COUNTRIES[(start + index) % len(COUNTRIES)], chevron)
                   for index in range(count))


def banner(x, y):
    return (f'<rect x="{x + 22}" y="{y}" width="276" height="92" fill="{RED}"/>'
            + text(x + 160, y + 28, "The Internet connection", 14, "600", "#ffffff", "middle")
            + text(x + 160, y + 46, "appears to be offline.", 14, "600", "#ffffff", "middle")
            + text(x + 115, y + 76, "Dismiss", 15, "400", "#ffffff", "middle")
            + text(x + 205, y + 76, "Retry", 15, "400", "#ffffff", "middle"))


def toggle(x, on):
    knob = x + 266 if on else x + 246
    track = "#34c759" if on else REDACTED
    # The screen's bottom corners are rounded: so is the bar.
    return (f'<path d="M{x + 22} 516 H{x + 298} V548 A30 30 0 0 1 {x + 268} 578 H{x + 52} '
            f'A30 30 0 0 1 {x + 22} 548 Z" fill="#f2f2f7"/>'
            + text(x + 40, 546, "Make requests fail", 14)
            + f'<rect x="{x + 236}" y="528" width="42" height="26" rx="13" fill="{track}"/>'
            + f'<circle cx="{knob}" cy="541" r="11" fill="#ffffff"/>')


def svg(width, parts, label):
    height = 630
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{label}">'
            f'<title>{label}</title><g id="drawing">{"".join(parts)}</g></svg>\n')


def arrow(x):
    return (f'<path d="M{x} 300 h36" stroke="{GREY}" stroke-width="3" stroke-linecap="round"/>'
            f'<path d="M{x + 28} 290 l10 10 l-10 10" fill="none" stroke="{GREY}" stroke-width="3" '
            'stroke-linecap="round" stroke-linejoin="round"/>')


def failure_view(x):
    cx = x + 160
    return (f'<circle cx="{cx}" cy="250" r="26" fill="none" stroke="{GREY}" stroke-width="3"/>'
            f'<ellipse cx="{cx}" cy="250" rx="11" ry="26" fill="none" stroke="{GREY}" '
            'stroke-width="3"/>'
            f'<line x1="{cx - 26}" y1="250" x2="{cx + 26}" y2="250" stroke="{GREY}" '
            'stroke-width="3"/>'
            + text(cx, 312, "No countries", 20, "700", anchor="middle")
            + text(cx, 338, "The Internet connection appears", 13, fill=GREY, anchor="middle")
            + text(cx, 356, "to be offline.", 13, fill=GREY, anchor="middle")
            + f'<rect x="{cx - 44}" y="378" width="88" height="34" rx="17" fill="#e5f0ff"/>'
            + text(cx, 400, "Retry", 15, "600", BLUE, "middle"))


def star(cx, cy, filled, radius=9):
    """A five-pointed star, filled or outlined, as SF Symbols' star.fill and star."""
    points = []
    for index in range(10):
        r = radius if index % 2 == 0 else radius * 0.45
        angle = math.radians(-90 + index * 36)
        points.append(f"{cx + r * math.cos(angle):.1f},{cy + r * math.sin(angle):.1f}")
    fill = BLUE if filled else "none"
    return (f'<polygon points="{" ".join(points)}" fill="{fill}" stroke="{BLUE}" '
            'stroke-width="1.5" stroke-linejoin="round"/>')


def detail(x, favorite=None):
    """The detail screen of Japan; with `favorite` (False or True), the favorite button above
    Reload, its star outlined or filled."""
    actions = (f'<rect x="{x + 34}" y="392" width="252" height="44" rx="10" fill="#ffffff"/>'
               + text(x + 50, 420, "Reload", 15, fill=BLUE))
    if favorite is not None:
        label = "Remove from favorites" if favorite else "Add to favorites"
        actions = (f'<rect x="{x + 34}" y="392" width="252" height="88" rx="10" fill="#ffffff"/>'
                   + star(x + 60, 414, favorite)
                   + text(x + 78, 420, label, 15, fill=BLUE)
                   + f'<line x1="{x + 50}" y1="436" x2="{x + 286}" y2="436" stroke="{LINE}"/>'
                   + text(x + 50, 464, "Reload", 15, fill=BLUE))
    return (text(x + 40, 136, "COUNTRY", 11, fill=GREY)
            + f'<rect x="{x + 34}" y="144" width="252" height="57" rx="10" fill="#ffffff"/>'
            + row(x + 34, 142, JAPAN, separator=False)
            + text(x + 40, 228, "FACTS", 11, fill=GREY)
            + f'<rect x="{x + 34}" y="236" width="252" height="132" rx="10" fill="#ffffff"/>'
            + text(x + 50, 262, "Population: 6,480,315", 15)
            + f'<line x1="{x + 50}" y1="280" x2="{x + 286}" y2="280" stroke="{LINE}"/>'
            + text(x + 50, 306, "Area: 168,483 km²", 15)
            + f'<line x1="{x + 50}" y1="324" x2="{x + 286}" y2="324" stroke="{LINE}"/>'
            + text(x + 50, 350, "Language 6", 15)
            + actions)


IMAGES = {
    "countries-app.svg": svg(680, [
        phone(0, "Countries", rows(0, 112, 6, chevron=True) + spinner(160, 470) + toggle(0, False)),
        phone(360, "Japan", detail(360), screen="#f2f2f7"),
    ], "The countries app: a paged list of countries with a spinner at its end, and the details "
       "of one country"),
    "countries-first-load.svg": svg(680, [
        phone(0, "Countries", spinner(160, 300), "Loading"),
        arrow(322),
        phone(360, "Countries", rows(360, 112, 7), "Loaded"),
    ], "The first load: a spinner, then the list of countries"),
    "countries-refresh.svg": svg(320, [
        phone(0, "Countries", spinner(160, 132) + rows(0, 156, 7), "Reloading"),
    ], "Pull-to-refresh: the refresh spinner above the list, which stays on screen"),
    "countries-paging.svg": svg(680, [
        phone(0, "Countries", rows(0, 112, 7) + spinner(160, 530), "Loading more"),
        phone(360, "Countries", rows(360, 112, 6, start=6)
              + text(520, 478, "That's every country", 14, fill=GREY, anchor="middle")
              + text(520, 504, "Reload", 15, fill=BLUE, anchor="middle"), "End of list"),
    ], "Paging: a spinner at the end of the list loads the next page; after the last page, the "
       "footer says so and offers a Reload button"),
    "countries-banner.svg": svg(320, [
        phone(0, "Countries", banner(0, 112) + rows(0, 204, 5) + toggle(0, True), "Reload failed"),
    ], "A failed reload: the list stays, under a red banner with the error, Dismiss and Retry"),
    "countries-retry.svg": svg(320, [
        phone(0, "Countries", failure_view(0) + toggle(0, True), "Failed"),
    ], "A failed first load: nothing to show, so the error fills the screen with a Retry button"),
    "countries-placeholders.svg": svg(320, [
        phone(0, "Countries", "".join(redacted_row(22, 112 + index * 57, width)
                                      for index, width in enumerate([120, 90, 140, 100, 110, 80,
                                                                     130])), "Placeholders"),
    ], "Placeholders: redacted rows in the list's own place while the first page loads"),
    "countries-detail.svg": svg(320, [
        phone(0, "Japan", detail(0), "Details", screen="#f2f2f7"),
    ], "The detail screen of Japan: the country's row, its facts and a Reload button"),
    "countries-favorite.svg": svg(680, [
        phone(0, "Japan", detail(0, favorite=False), "Before the tap", screen="#f2f2f7"),
        arrow(322),
        phone(360, "Japan", detail(360, favorite=True), "At once, while the request runs",
              screen="#f2f2f7"),
    ], "The favorite button: before the tap, an outlined star and Add to favorites; at once after "
       "the tap, while the request runs, a filled star and Remove from favorites"),
}


def main(argv):
    check = argv[1:] == ["--check"]
    if argv[1:] and not check:
        print(__doc__.strip().splitlines()[4], file=sys.stderr)
        return 2
    stale = []
    for name, content in IMAGES.items():
        path = os.path.join(OUT, name)
        if check:
            current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
            if current != content:
                stale.append(name)
        else:
            with open(path, "w", encoding="utf-8") as file:
                file.write(content)
    if stale:
        print("error: out of date, draw them with `python3 Scripts/draw-tutorial-images.py`: "
              + ", ".join(stale), file=sys.stderr)
        return 1
    print(f"tutorial images: {len(IMAGES)} {'match' if check else 'drawn'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
