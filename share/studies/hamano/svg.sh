#!/bin/sh
# svg.sh FILE.tsv - a grouped bar chart (SVG on stdout) of a table whose
# first row names the series and whose first column names the groups.
set -e
awk -F'\t' -v title="$(basename "$1" .tsv)" '
NR == 1 { ns = NF - 1; for (i = 2; i <= NF; i++) series[i - 1] = $i; next }
{ ng++; group[ng] = $1; for (i = 2; i <= NF; i++) { v[ng, i - 1] = $i; if ($i + 0 > max) max = $i + 0 } }
END {
	# A round top for the axis: 1, 2 or 5 times a power of ten.
	p = 1; while (p * 10 <= max) p *= 10; while (p > max && p > 1e-12) p /= 10
	top = p; if (top < max) top = 2 * p; if (top < max) top = 5 * p; if (top < max) top = 10 * p
	W = 640; H = 360; L = 80; R = 20; T = 40; B = 60
	pw = W - L - R; ph = H - T - B; gw = pw / ng; bw = gw * 0.8 / ns
	split("#4e79a7 #f28e2b #59a14f #e15759 #76b7b2 #edc948", col, " ")
	printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H
	printf "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H
	printf "<text x=\"%d\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">%s</text>\n", W / 2, title
	for (k = 0; k <= 5; k++) {
		y = T + ph - ph * k / 5
		printf "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", L, W - R, y, y
		printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", L - 6, y + 4, top * k / 5
	}
	for (g = 1; g <= ng; g++) {
		x0 = L + (g - 1) * gw + gw * 0.1
		for (s = 1; s <= ns; s++) {
			h = ph * v[g, s] / top
			printf "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s %s: %s</title></rect>\n", \
				x0 + (s - 1) * bw, T + ph - h, bw * 0.95, h, col[(s - 1) % 6 + 1], group[g], series[s], v[g, s]
		}
		printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", L + (g - 0.5) * gw, T + ph + 18, group[g]
	}
	printf "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", L, W - R, T + ph, T + ph
	for (s = 1; s <= ns; s++) {
		x = L + (s - 1) * (pw / ns)
		printf "<rect x=\"%.1f\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>\n", x, H - 24, col[(s - 1) % 6 + 1]
		printf "<text x=\"%.1f\" y=\"%d\">%s</text>\n", x + 16, H - 14, series[s]
	}
	print "</svg>"
}' "$1"
