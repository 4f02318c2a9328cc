#!/bin/sh
# svg.sh - a plain SVG box plot of a figure table from collect.sh:
# one group per case, one box (q1..q3, median line, min..max whiskers) per
# series.  fig5, fig5p: reference line at 1; fig6: log scale.
#   svg.sh fig5|fig5p|fig6|fig8 TABLE.tsv > FIG.svg
set -e
fig=$1
awk -F '\t' -v fig="$fig" '
	NR == 1 { next }
	{
		if (!($1 in cseen)) { cseen[$1] = ++nc; cname[nc] = $1 }
		if (!($2 in sseen)) { sseen[$2] = ++ns; sname[ns] = $2 }
		c = cseen[$1]; s = sseen[$2]
		have[c, s] = 1; mn[c, s] = $4; q1[c, s] = $5; md[c, s] = $6; q3[c, s] = $7; mx[c, s] = $8
		if (!init || $4 < lo) lo = $4
		if (!init || $8 > hi) hi = $8
		init = 1
	}
	function y(v) {
		if (logy) { v = v > 0 ? log(v) / log(10) : ylo; }
		return top + (yhi - v) / (yhi - ylo) * ph
	}
	END {
		logy = fig == "fig6"
		if (fig == "fig5p") { fig = "fig5"; title = "Makespan relative to approx32 -o paper (Fig. 5)" }
		else title = fig == "fig5" ? "Makespan relative to approx32 (Fig. 5)" : fig == "fig6" ? "CPU time of the algorithm, s (Fig. 6, log scale)" : "Guesses tested by the search (Fig. 8)"
		if (logy) { ylo = log(lo > 0 ? lo : 1e-6) / log(10); yhi = log(hi) / log(10); ylo = int(ylo) - (ylo < int(ylo)); yhi = int(yhi) + (yhi > int(yhi)) }
		else { ylo = fig == "fig5" ? (lo < 1 ? lo : 1) : 0; yhi = hi; if (fig == "fig5" && yhi < 1) yhi = 1; pad = (yhi - ylo) * 0.05; ylo -= pad; yhi += pad; if (fig == "fig8" && ylo < 0) ylo = 0 }
		if (yhi <= ylo) yhi = ylo + 1
		bw = 14; gap = 10; gw = ns * bw + gap
		left = 60; top = 40; ph = 320; pw = nc * gw + 10
		W = left + pw + 190; H = top + ph + 90
		printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"11\">\n", W, H
		printf "<text x=\"%d\" y=\"20\" font-size=\"14\">%s</text>\n", left, title
		printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#888\"/>\n", left, top, pw, ph
		for (t = 0; t <= 5; t++) {
			v = ylo + (yhi - ylo) * t / 5; yy = top + ph - ph * t / 5
			printf "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#eee\"/>\n", left, left + pw, yy, yy
			printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.3g</text>\n", left - 4, yy + 4, logy ? 10 ^ v : v
		}
		if (fig == "fig5") printf "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"red\"/>\n", left, left + pw, y(1), y(1)
		split("#1f77b4 #ff7f0e #2ca02c #d62728 #9467bd #8c564b #e377c2 #7f7f7f", col, " ")
		for (c = 1; c <= nc; c++) {
			x0 = left + 5 + (c - 1) * gw
			printf "<text x=\"%.1f\" y=\"%d\" transform=\"rotate(30 %.1f %d)\">%s</text>\n", x0, top + ph + 14, x0, top + ph + 14, cname[c]
			for (s = 1; s <= ns; s++) {
				if (!have[c, s]) continue
				x = x0 + (s - 1) * bw; cx = x + bw / 2 - 1
				printf "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", cx, cx, y(mn[c, s]), y(mx[c, s]), col[s]
				printf "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\" fill-opacity=\"0.5\" stroke=\"%s\"/>\n", x + 1, y(q3[c, s]), bw - 4, y(q1[c, s]) - y(q3[c, s]) + 0.5, col[s], col[s]
				printf "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>\n", x + 1, x + bw - 3, y(md[c, s]), y(md[c, s])
			}
		}
		for (s = 1; s <= ns; s++) {
			ly = top + 10 + 16 * (s - 1)
			printf "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>\n", left + pw + 12, ly, col[s]
			printf "<text x=\"%d\" y=\"%d\">%s</text>\n", left + pw + 26, ly + 9, sname[s]
		}
		print "</svg>"
	}' "$2"
