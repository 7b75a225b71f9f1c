#!/usr/bin/env bash
# Renders the application icon raid-advisor.svg into the PNG sizes the desktop file's icon theme
# lookup uses (hicolor/<n>x<n>/apps) and into raid-advisor.ico for the Windows installers. They
# are committed so that the build needs no SVG renderer; run this again after editing the SVG.
# Needs rsvg-convert (Debian: librsvg2-bin) and python3.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
for size in 16 24 32 48 64 128 256; do
    rsvg-convert --width "$size" --height "$size" raid-advisor.svg --output "raid-advisor-${size}.png"
done
# Windows icon (NSIS, WiX): an ICO holding the 16..256 PNGs as they are (PNG entries are valid
# ICO images since Windows Vista; ICONDIR/ICONDIRENTRY layout per Microsoft's ICO format notes).
python3 - <<'PY'
import struct
sizes = [16, 24, 32, 48, 64, 128, 256]
images = [open(f"raid-advisor-{s}.png", "rb").read() for s in sizes]
offset = 6 + 16 * len(sizes)
header = struct.pack("<HHH", 0, 1, len(sizes))
entries = b""
for s, data in zip(sizes, images):
    side = 0 if s == 256 else s  # 0 means 256
    entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
    offset += len(data)
with open("raid-advisor.ico", "wb") as f:
    f.write(header + entries + b"".join(images))
PY
