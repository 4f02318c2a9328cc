#!/bin/sh
# svg.sh results.tsv - energy (MWh) against mean wait (s), one point per
# idle time T, labelled (SVG on stdout).
set -e
awk -F'\t' '
NR == 1 { next }
{ n++; lab[n] = $1 == "off" ? "no shutdown" : "T=" $1 " s"; x[n] = $4; y[n] = $2 / 3.6e9
  if (x[n] > xmax) xmax = x[n]; if (y[n] > ymax) ymax = y[n] }
END {
	W = 640; H = 400; L = 80; R = 30; T = 40; B = 60; pw = W - L - R; ph = H - T - B
	xmax *= 1.1; ymax *= 1.1
	printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H
	printf "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H
	printf "<text x=\"%d\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">Curie, one month, EASY: energy against mean wait</text>\n", W / 2
	for (k = 0; k <= 5; k++) {
		yy = T + ph - ph * k / 5; xx = L + pw * k / 5
		printf "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", L, W - R, yy, yy
		printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.0f</text>\n", L - 6, yy + 4, ymax * k / 5
		printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.0f</text>\n", xx, T + ph + 18, xmax * k / 5
	}
	printf "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", L, W - R, T + ph, T + ph
	printf "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", L, L, T, T + ph
	printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">mean wait (s)</text>\n", L + pw / 2, H - 20
	printf "<text x=\"18\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 18 %d)\">energy (MWh)</text>\n", T + ph / 2, T + ph / 2
	for (i = 1; i <= n; i++) {
		px = L + pw * x[i] / xmax; py = T + ph - ph * y[i] / ymax
		if (i > 1) printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#4e79a7\"/>\n", ox, oy, px, py
		printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#e15759\"><title>%s: %.1f MWh, %.0f s</title></circle>\n", px, py, lab[i], y[i], x[i]
		printf "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", px + 7, py - 7, lab[i]
		ox = px; oy = py
	}
	print "</svg>"
}' "$1"
