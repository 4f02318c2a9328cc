/* batsim.c - `hs-gen batsim WORKLOAD.json`: a Batsim workload as hs tasks,
 * so Batsim users bring their files.
 *
 * Each job becomes a rigid task of res cores (a Batsim resource is a host;
 * Batsim's platforms have one core per host) released at its subtime, with
 * its walltime, app= its profile's name (hs-report's Batsim jobs.csv
 * writes it in the profile column) and cmd= --cmd's command, as it is (for
 * hs-exec, which sets HS_TIME).  What it runs comes from the profile:
 *   delay                 time=delay, nothing else: it takes that long;
 *   parallel_homogeneous  comp= and comm= one value each (per process, per
 *                         ordered pair of processes, as hs-gen ptask writes
 *                         them), time= the computation on the reference node;
 *   parallel              comp= the cpu vector, comm= the com matrix, time=
 *                         the largest computation on the reference node.
 * time= is what planners and the runtime model see; hs-sim's flow model
 * computes the real duration from comp and comm, as Batsim does. */
#include "jobs.h"
#include "hs/batsim.h"
#include "hs/gen.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { O_PLATFORM = 256, O_RELEASE, O_OVERSIZE, O_SCOPE, O_CMD };

static const struct hs_cli_opt opts[] = {
	HS_GEN_OPT_PLATFORM,
	{0, "release", "trace|shift|zero", "subtimes as they are (as Batsim), shifted so the "
					   "first is 0, or all 0 (default trace)"},
	HS_GEN_OPT_OVERSIZE,
	HS_GEN_OPT_SCOPE,
	HS_GEN_OPT_CMD,
	{'q', "quiet", NULL, "no count of the jobs left out on stderr"},
	{0, NULL, NULL, NULL},
};

static const struct hs_cli cli = {
	"hs-gen batsim",
	"--platform NAME|FILE [--release trace|shift|zero] [--oversize refuse|drop] "
	"[--scope node|cluster|any] [--cmd CMD] [-q] WORKLOAD",
	"A Batsim workload (JSON: jobs and their delay, parallel or parallel_homogeneous "
	"profiles) as rigid tasks.",
	opts,
	hs_gen_complete_platforms,
};

/* v[0, n) as "a,b,c" into a new string. */
static char *num_list(const double *v, long n)
{
	size_t cap = (size_t)n * 8 + 16, len = 0;
	char *s = hs_malloc(cap);
	for (long i = 0; i < n; i++) {
		char b[HS_NUMBUF];
		hs_fmt_double(b, v[i]);
		size_t k = strlen(b);
		if (len + k + 2 > cap) {
			cap = 2 * (len + k + 2);
			s = hs_realloc(s, cap);
		}
		if (i)
			s[len++] = ',';
		memcpy(s + len, b, k);
		len += k;
	}
	s[len] = '\0';
	return s;
}

static int any_positive(const double *v, long n)
{
	for (long i = 0; i < n; i++)
		if (v[i] > 0)
			return 1;
	return 0;
}

static struct hs_record *task_of(const struct hs_batsim_job *j, const struct hs_gen_fit *fit,
				 const char *scope, double release, const char *cmd)
{
	double ref = fit->ref_flops > 0 ? fit->ref_flops : 1e9, time = 0;
	switch (j->kind) {
	case HS_BATSIM_DELAY: time = j->delay; break;
	case HS_BATSIM_HOMOGENEOUS: time = j->cpu1 / ref; break;
	case HS_BATSIM_PARALLEL:
		for (long i = 0; j->cpu && i < j->res; i++)
			time = fmax(time, j->cpu[i] / ref);
		break;
	}
	struct hs_record *t = hs_gen_rigid_task(j->id, j->res, time, j->walltime);
	if (j->kind == HS_BATSIM_HOMOGENEOUS) {
		hs_record_set_num(t, "comp", j->cpu1);
		if (j->com1 > 0)
			hs_record_set_num(t, "comm", j->com1);
	} else if (j->kind == HS_BATSIM_PARALLEL) {
		char *s;
		if (j->cpu) {
			hs_record_set(t, "comp", s = num_list(j->cpu, j->res));
			free(s);
		}
		if (j->com && any_positive(j->com, j->res * j->res)) {
			hs_record_set(t, "comm", s = num_list(j->com, j->res * j->res));
			free(s);
		}
	}
	const char *sc = hs_gen_task_scope(fit, scope, j->res);
	if (sc)
		hs_record_set(t, "scope", sc);
	if (release > 0)
		hs_record_set_num(t, "release", release);
	hs_record_set(t, "app", j->profile);
	if (cmd)
		hs_record_set(t, "cmd", cmd);
	return t;
}

static int run(int argc, char **argv, struct hs_stream *out)
{
	const char *platform = NULL, *release = "trace", *scope = "cluster", *cmd = NULL, *arg;
	int o, ind, drop = 0, quiet = 0;
	while ((o = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1) {
		switch (o) {
		case O_PLATFORM: platform = arg; break;
		case O_RELEASE:
			hs_gen_choice(&cli, "--release", arg,
				      (const char *const[]){"trace", "shift", "zero", NULL});
			release = arg;
			break;
		case O_OVERSIZE:
			drop = hs_gen_choice(&cli, "--oversize", arg,
					     (const char *const[]){"refuse", "drop", NULL});
			break;
		case O_SCOPE:
			hs_gen_choice(&cli, "--scope", arg, hs_gen_scopes);
			scope = arg;
			break;
		case O_CMD: cmd = arg; break;
		case 'q': quiet = 1; break;
		}
	}
	if (!platform)
		hs_cli_usage_error(&cli, "option --platform is required: the platform the workload "
					 "is replayed on (a built-in one, a file, or none)");
	if (ind >= argc)
		hs_cli_usage_error(&cli, "missing workload (a Batsim JSON file; - for stdin)");
	if (ind + 1 < argc)
		hs_cli_usage_error(&cli, "unexpected argument '%s'", argv[ind + 1]);
	const char *path = argv[ind];

	struct hs_record *p = hs_gen_prov_new("batsim");
	hs_stream_append(out, p);
	if (hs_gen_platform_append(out, platform) < 0)
		exit(HS_EXIT_USAGE);
	struct hs_gen_fit fit;
	hs_gen_platform_fit(out, &fit);
	long widest = hs_gen_widest(&fit, scope);

	struct hs_batsim *w = hs_batsim_load(path);
	if (!w)
		exit(HS_EXIT_USAGE);
	long over = 0, kept = 0;
	double first = HUGE_VAL;
	for (int i = 0; i < w->njobs; i++) {
		const struct hs_batsim_job *j = &w->jobs[i];
		if (widest && j->res > widest) {
			if (!drop) {
				hs_error_at(w->name, j->line,
					    "job '%s' needs %ld cores, more than the largest %s of "
					    "platform '%s' (%ld core%s): give a platform that holds it%s, "
					    "or --oversize drop to leave such jobs out",
					    j->id, j->res, strcmp(scope, "node") == 0 ? "node"
							   : strcmp(scope, "any") == 0 ? "set of nodes"
										       : "cluster",
					    platform, widest, widest == 1 ? "" : "s",
					    strcmp(scope, "cluster") == 0 && j->res <= fit.total
						    ? ", --scope any to let it span clusters"
						    : "");
				hs_batsim_free(w);
				exit(HS_EXIT_USAGE);
			}
			over++;
			continue;
		}
		first = fmin(first, j->subtime);
		kept++;
	}
	/* The resources the workload was made for: more than the platform has
	 * would replay it on a smaller machine than its jobs expect (Batsim
	 * refuses it too). */
	if (fit.total && w->nb_res > fit.total && !drop) {
		hs_error("%s: workload: nb_res %ld is more than the %ld core%s of platform '%s': give "
			 "a platform of at least %ld cores, or --oversize drop to replay it on fewer",
			 w->name, w->nb_res, fit.total, fit.total == 1 ? "" : "s", platform, w->nb_res);
		hs_batsim_free(w);
		exit(HS_EXIT_USAGE);
	}
	double offset = strcmp(release, "shift") == 0 && kept ? first : 0;
	int zero = strcmp(release, "zero") == 0;
	hs_record_set(p, "workload", path);
	hs_record_set(p, "platform", platform);
	hs_record_set_int(p, "nb_res", w->nb_res);
	hs_record_set(p, "release", release);
	if (offset > 0)
		hs_record_set_num(p, "release_offset", offset);
	hs_record_set(p, "scope", scope);
	hs_record_set(p, "oversize", drop ? "drop" : "refuse");
	hs_record_set_int(p, "jobs", w->njobs);
	hs_record_set_int(p, "kept", kept);
	if (over)
		hs_record_set_int(p, "left_oversize", over);
	for (int i = 0; i < w->njobs; i++) {
		const struct hs_batsim_job *j = &w->jobs[i];
		if (widest && j->res > widest)
			continue;
		hs_stream_append(out,
				 task_of(j, &fit, scope, zero ? 0 : j->subtime - offset, cmd));
	}
	if (over && !quiet)
		hs_error("%s: %d job%s read, %ld kept; left out: %ld wider than the platform", w->name,
			 w->njobs, w->njobs == 1 ? "" : "s", kept, over);
	hs_batsim_free(w);
	return 0;
}

const struct hs_generator hs_gen_batsim = {
	"batsim",
	"a Batsim workload (JSON): jobs with delay, parallel or parallel_homogeneous profiles",
	run,
};
