#!/usr/bin/env bash
# Writes src/client/fonts/inter-core-wght.woff2: Inter Variable (from @fontsource-variable/inter,
# latin subset) cut down to ASCII and the few other characters the interface itself prints
# (quotes, dashes, ellipsis, arrows, ×, ·, ©, ≤ ≥, €), all weights. It is the face of the
# first paint, preloaded by every page: 30 KB instead of 48 KB. Any other character falls
# through to the full @fontsource faces, loaded only on a page that shows one.
#
# Run again after updating @fontsource-variable/inter. Needs fontTools with brotli
# (Debian: apt-get install python3-fonttools python3-brotli; or pip install fonttools brotli).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
UNICODES="U+0020-007E,U+00A0,U+00A9,U+00B7,U+00D7,U+00F7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+2190-2193,U+2212,U+2264-2265,U+20AC"
python3 -m fontTools.subset node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 \
  --unicodes="$UNICODES" --layout-features='*' --flavor=woff2 \
  --output-file=src/client/fonts/inter-core-wght.woff2
echo "unicode-range: ${UNICODES//,/, }"
