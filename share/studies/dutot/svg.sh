#!/bin/sh
# svg.sh - Figs. 1 and 3 of Dutot et al. as plain SVG: one panel per
# variant, every run a point (makespan against F_comm), and the
# least-squares line of each panel (the paper's "linear trendline";
# hs-report --plot draws means with error bars, not scatters, so the line
# is fitted here, as collect.sh summary fits it).
#   svg.sh TITLE RUNS.tsv > FIG.svg
set -e
awk -F'\t' -v title="$1" -v vs="basic be-contiguous be-local contiguous local" '
	NR == 1 { next }
	{
		v = $4; x = $3; y = $5
		n[v]++; X[v, n[v]] = x; Y[v, n[v]] = y
		sx[v] += x; sy[v] += y; sxx[v] += x * x; sxy[v] += x * y
		if (!init || x > xhi) xhi = x
		if (!init || y > yhi) yhi = y
		init = 1
	}
	END {
		if (xhi <= 0) xhi = 1
		if (yhi <= 0) yhi = 1
		yhi *= 1.05
		nv = split(vs, V, " ")
		split("#1f77b4 #ff7f0e #2ca02c #d62728 #9467bd", col, " ")
		pw = 200; ph = 220; gap = 20; left = 70; top = 40
		W = left + nv * (pw + gap) + 10; H = top + ph + 60
		printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"11\">\n", W, H
		printf "<text x=\"%d\" y=\"20\" font-size=\"14\">%s</text>\n", left, title
		for (t = 0; t <= 5; t++) {
			yy = top + ph - ph * t / 5
			printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.3g</text>\n", left - 4, yy + 4, yhi * t / 5
		}
		printf "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">makespan (s)</text>\n", top + ph / 2, top + ph / 2
		for (i = 1; i <= nv; i++) {
			v = V[i]; x0 = left + (i - 1) * (pw + gap)
			printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#888\"/>\n", x0, top, pw, ph
			for (t = 1; t <= 4; t++) {
				yy = top + ph - ph * t / 5
				printf "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#eee\"/>\n", x0, x0 + pw, yy, yy
			}
			printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\">%s</text>\n", x0 + pw / 2, top - 6, v
			printf "<text x=\"%d\" y=\"%d\">0</text>\n", x0, top + ph + 14
			printf "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.3g</text>\n", x0 + pw, top + ph + 14, xhi
			printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">F_comm</text>\n", x0 + pw / 2, top + ph + 30
			for (k = 1; k <= n[v]; k++)
				printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"1.5\" fill=\"%s\" fill-opacity=\"0.5\"/>\n", x0 + pw * X[v, k] / xhi, top + ph - ph * Y[v, k] / yhi, col[i]
			if (n[v] > 1) {
				d = n[v] * sxx[v] - sx[v] * sx[v]
				b = d > 0 ? (n[v] * sxy[v] - sx[v] * sy[v]) / d : 0
				a = (sy[v] - b * sx[v]) / n[v]
				y0 = a; y1 = a + b * xhi
				printf "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"black\" stroke-width=\"1.5\"/>\n", x0, x0 + pw, top + ph - ph * y0 / yhi, top + ph - ph * y1 / yhi
			}
		}
		print "</svg>"
	}' "$2"
