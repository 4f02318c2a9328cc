#!/bin/sh
# collect.sh - the Dutot study's tables from its cases (case.sh rows:
# exp seed fcomm variant makespan killed wall_s links_peak shared_peak
# shared_saturated_s).
#   collect.sh runs CASE.tsv...   every run, with a header
#   collect.sh summary RUNS.tsv   one row per variant (below)
#   collect.sh orders RUNS.tsv    §5.4: mean makespan per set, ordering, variant
#   collect.sh byf RUNS.tsv       mean makespan per F_comm and variant
#   collect.sh timing RUNS.tsv    one line on stderr: runs, time per run
set -e
mode=$1
shift
variants="basic be-contiguous be-local contiguous local"
case $mode in
runs)
	printf 'exp\tseed\tfcomm\tvariant\tmakespan\tkilled\twall_s\tlinks_peak\tshared_peak\tshared_saturated_s\n'
	cat "$@"
	;;
summary)
	# Per variant: runs; mean makespan; the least-squares line makespan =
	# a + b * F_comm (Fig. 1's trend line) and the spread of the points
	# around it (residual sd, relative to the mean: "stability"); the mean
	# over instances (exp, seed, F_comm) of makespan / basic's makespan on
	# the same instance and how often the variant beats basic (< by 0.1%)
	# or loses; killed jobs per run; the largest utilisation of a shared
	# link (switch, backbone) and the longest time one was saturated.
	awk -F'\t' -v vs="$variants" '
		NR == 1 { next }
		{
			v = $4; k = $1 SUBSEP $2 SUBSEP $3
			n[v]++; x = $3 / 1e7; y = $5
			sx[v] += x; sy[v] += y; sxx[v] += x * x; sxy[v] += x * y; syy[v] += y * y
			mk[k, v] = y; inst[k] = 1
			kil[v] += $6
			if ($9 > sp[v]) sp[v] = $9
			if ($10 > ss[v]) ss[v] = $10
		}
		END {
			printf "variant\truns\tmean_makespan\ttrend_a\ttrend_b_per_1e7\tresid_sd\tresid_sd_rel\tvs_basic\twins\tlosses\tkilled_per_run\tshared_peak_max\tshared_saturated_max_s\n"
			nv = split(vs, V, " ")
			for (i = 1; i <= nv; i++) {
				v = V[i]
				if (!n[v]) continue
				d = n[v] * sxx[v] - sx[v] * sx[v]
				b = d > 0 ? (n[v] * sxy[v] - sx[v] * sy[v]) / d : 0
				a = (sy[v] - b * sx[v]) / n[v]
				# residual sum of squares of the fit
				rss = syy[v] - 2 * a * sy[v] - 2 * b * sxy[v] + n[v] * a * a + 2 * a * b * sx[v] + b * b * sxx[v]
				if (rss < 0) rss = 0
				sd = n[v] > 2 ? sqrt(rss / (n[v] - 2)) : 0
				m = sy[v] / n[v]
				r = 0; c = 0; w = 0; l = 0
				for (k in inst) if (((k SUBSEP v) in mk) && ((k SUBSEP "basic") in mk) && mk[k, "basic"] > 0) {
					q = mk[k, v] / mk[k, "basic"]; r += q; c++
					if (q < 0.999) w++; else if (q > 1.001) l++
				}
				printf "%s\t%d\t%.6g\t%.6g\t%.6g\t%.4g\t%.4f\t%.4f\t%d\t%d\t%.2f\t%.4g\t%.4g\n", v, n[v], m, a, b,
					sd, (m > 0 ? sd / m : 0), (c ? r / c : 0), w, l, kil[v] / n[v], sp[v], ss[v]
			}
		}' "$1"
	;;
orders)
	awk -F'\t' -v vs="$variants" '
		NR == 1 { next }
		{ e[$1] = 1; s[$1, $4] += $5; n[$1, $4]++ }
		END {
			nv = split(vs, V, " ")
			printf "exp"; for (i = 1; i <= nv; i++) printf "\t%s", V[i]; printf "\n"
			m = 0; for (x in e) E[++m] = x
			for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (E[j] < E[i]) { t = E[i]; E[i] = E[j]; E[j] = t }
			for (i = 1; i <= m; i++) {
				printf "%s", E[i]
				for (j = 1; j <= nv; j++) printf "\t%s", n[E[i], V[j]] ? sprintf("%.6g", s[E[i], V[j]] / n[E[i], V[j]]) : "-"
				printf "\n"
			}
		}' "$1"
	;;
byf)
	# Fig. 1's data as a table: per F_comm, each variant's mean makespan
	# over the seeds (and platforms), then the mean killed jobs per run.
	awk -F'\t' -v vs="$variants" '
		NR == 1 { next }
		{ f[$3] = 1; s[$3, $4] += $5; n[$3, $4]++; k[$3] += $6; kn[$3]++ }
		END {
			nv = split(vs, V, " ")
			printf "fcomm"; for (i = 1; i <= nv; i++) printf "\t%s", V[i]; printf "\tkilled_per_run\n"
			m = 0; for (x in f) F[++m] = x + 0
			for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (F[j] < F[i]) { t = F[i]; F[i] = F[j]; F[j] = t }
			for (i = 1; i <= m; i++) {
				printf "%d", F[i]
				for (j = 1; j <= nv; j++) printf "\t%s", n[F[i], V[j]] ? sprintf("%.6g", s[F[i], V[j]] / n[F[i], V[j]]) : "-"
				printf "\t%.1f\n", k[F[i]] / kn[F[i]]
			}
		}' "$1"
	;;
timing)
	awk -F'\t' 'NR > 1 { n++; t += $7 } END { if (n) printf "dutot: %s: %d runs, %.1f s of hs-sim in all, %.3f s per run (whole process)\n", FILENAME, n, t, t / n > "/dev/stderr" }' "$1"
	;;
*)
	echo "collect.sh: unknown mode '$mode'" >&2
	exit 2
	;;
esac
