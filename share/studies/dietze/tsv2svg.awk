# tsv2svg.awk - a line plot of a study table: one polyline per algorithm.
#
#   awk -v title=T [-v ymax=Y] [-v order='a b c'] -f tsv2svg.awk TABLE.tsv > PLOT.svg
#
# TABLE.tsv: a header line, then rows "n<TAB>algo<TAB>makespan".  x is n,
# y the makespan from 0 to ymax (default: the largest value, rounded up);
# lines leaving the plot are clipped.  order: the algorithms' legend order
# (default: as they appear).  Plain POSIX awk, no dependencies.
BEGIN {
	FS = "\t"
	W = 760; H = 470; L = 70; R = 190; T = 40; B = 55 # size and margins
	ncol = split("#1f77b4 #d62728 #2ca02c #ff7f0e #9467bd #8c564b #e377c2 #7f7f7f", col, " ")
	split("none 6,3 2,3 8,3,2,3 4,4 1,2 10,4 3,6", dash, " ")
	na = 0
	if (order != "")
		na = split(order, algo, " ")
	for (i = 1; i <= na; i++)
		known[algo[i]] = i
}
NR == 1 { next }
NF >= 3 {
	a = $2
	if (!(a in known)) {
		algo[++na] = a
		known[a] = na
	}
	k = known[a]
	np[k]++
	px[k, np[k]] = $1 + 0
	py[k, np[k]] = $3 + 0
	if (n == 0 || $1 + 0 < xmin) xmin = $1 + 0
	if (n == 0 || $1 + 0 > xmax) xmax = $1 + 0
	if ($3 + 0 > ydata) ydata = $3 + 0
	n++
}
function nice(x,    e, f) { # 1, 2 or 5 times a power of ten, >= x
	if (x <= 0) return 1
	e = 1
	while (e * 10 <= x) e *= 10
	while (e > x) e /= 10
	f = x / e
	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * e
}
function sx(x) { return L + (xmax > xmin ? (x - xmin) / (xmax - xmin) : 0.5) * (W - L - R) }
function sy(y) { return H - B - y / top * (H - T - B) }
function esc(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); return s }
END {
	if (n == 0) {
		print "tsv2svg.awk: no data rows" > "/dev/stderr"
		exit 1
	}
	top = ymax + 0 > 0 ? ymax + 0 : ydata
	ystep = nice(top / 6)
	top = ystep * int(top / ystep + 0.999999)
	xstep = nice((xmax - xmin) / 8)
	if (xstep < 1) xstep = 1
	printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H, W, H
	printf "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H
	printf "<defs><clipPath id=\"plot\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/></clipPath></defs>\n", L, T, W - L - R, H - T - B
	printf "<text x=\"%d\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">%s</text>\n", (L + W - R) / 2, esc(title)
	# grid, ticks and labels
	for (y = 0; y <= top + ystep / 2; y += ystep) {
		printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n", L, sy(y), W - R, sy(y)
		printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", L - 6, sy(y) + 4, y
	}
	for (x = xstep * int((xmin + xstep - 1) / xstep); x <= xmax; x += xstep) {
		printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#dddddd\"/>\n", sx(x), T, sx(x), H - B
		printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n", sx(x), H - B + 16, x
	}
	printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\"/>\n", L, T, W - L - R, H - T - B
	printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">number of tasks n</text>\n", (L + W - R) / 2, H - 14
	printf "<text x=\"16\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 16 %d)\">makespan (s)</text>\n", (T + H - B) / 2, (T + H - B) / 2
	# one polyline per algorithm, points in n order (rows may come unsorted)
	for (k = 1; k <= na; k++) {
		if (!np[k]) continue
		for (i = 2; i <= np[k]; i++) # insertion sort by n
			for (j = i; j > 1 && px[k, j - 1] > px[k, j]; j--) {
				t = px[k, j]; px[k, j] = px[k, j - 1]; px[k, j - 1] = t
				t = py[k, j]; py[k, j] = py[k, j - 1]; py[k, j - 1] = t
			}
		c = col[(k - 1) % ncol + 1]
		d = dash[(k - 1) % ncol + 1]
		da = (d == "none") ? "" : (" stroke-dasharray=\"" d "\"")
		printf "<polyline clip-path=\"url(#plot)\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"%s points=\"", c, da
		for (i = 1; i <= np[k]; i++)
			printf "%s%.1f,%.1f", (i > 1) ? " " : "", sx(px[k, i]), sy(py[k, i])
		printf "\"/>\n"
		ly = T + 14 + (k - 1) * 20
		printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1.6\"%s/>\n", W - R + 14, ly, W - R + 44, ly, c, da
		printf "<text x=\"%d\" y=\"%d\">%s</text>\n", W - R + 50, ly + 4, esc(algo[k])
	}
	printf "</svg>\n"
}
