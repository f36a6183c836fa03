#!/usr/bin/env bash
# Makes the sample images in this folder, with the vips command (Debian's libvips-tools), and
# expected.txt, what reading them must give: their text, as `ocr read Samples` prints it.
# They are committed; run this only to change them.
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# page NAME FONT DPI MARGIN TEXT: black text on white, saved as NAME (format from its extension).
page() {
    vips text "$work/mask.v" "$5" --font "$2" --dpi "$3"
    vips invert "$work/mask.v" "$work/ink.v"
    width=$(vipsheader -f width "$work/ink.v"); height=$(vipsheader -f height "$work/ink.v")
    vips embed "$work/ink.v" "$1" "$4" "$4" $((width + 2 * $4)) $((height + 2 * $4)) --extend white
}

page letter.png "DejaVu Serif 11" 200 80 "Dear Ms Okafor,

Thank you for your letter of 14 March. The parts you ordered
left our warehouse this morning and should reach you by Friday.

If anything is missing, reply to this letter and quote
order number 2024-0117.

Yours sincerely,
Tomasz Nowak"

page receipt.jpg[Q=85] "DejaVu Sans Mono 9" 200 60 "CORNER SHOP
12 High Street, Leeds

Milk 2L              1.45
Bread                1.10
Coffee beans 500g    6.99
Apples x6            2.40

TOTAL               11.94
CARD                11.94

Thank you for shopping!"

page notice.webp[Q=90] "DejaVu Sans Bold 16" 150 50 "NOTICE
Platform 4 is closed
until 18:30 today"
