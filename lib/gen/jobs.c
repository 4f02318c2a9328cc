/* jobs.c - helpers of the batch-job generators (jobs.h). */
#include "jobs.h"
#include "hs/gen.h"
#include "hs/model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double hs_gen_duration(const char *opt, const char *arg, int zero_ok)
{
	size_t n = strlen(arg);
	double mult = 1, v;
	if (n > 1) {
		switch (arg[n - 1]) {
		case 's': mult = 1; n--; break;
		case 'm': mult = 60; n--; break;
		case 'h': mult = 3600; n--; break;
		case 'd': mult = 86400; n--; break;
		}
	}
	char *num = hs_strndup(arg, n);
	int bad = hs_parse_double(num, &v) < 0;
	free(num);
	if (bad)
		hs_die(HS_EXIT_USAGE, "option %s: '%s' is not a duration (seconds, or a number with "
				      "s, m, h or d)", opt, arg);
	if (!isfinite(v * mult))
		hs_die(HS_EXIT_USAGE, "option %s: '%s' is out of range", opt, arg);
	if (zero_ok ? v < 0 : !(v > 0))
		hs_die(HS_EXIT_USAGE, "option %s: '%s' must be %s 0", opt, arg,
		       zero_ok ? "at least" : "greater than");
	return v * mult;
}

void hs_gen_platform_fit(struct hs_stream *out, struct hs_gen_fit *fit)
{
	struct hs_instance in;
	memset(&in, 0, sizeof in);
	memset(fit, 0, sizeof *fit);
	if (hs_instance_load(&in, out) < 0)
		exit(HS_EXIT_USAGE); /* reported; the platform records were checked already */
	for (int c = 0; c < in.plat.nclusters; c++)
		if (in.plat.clusters[c].cores > fit->max_cluster)
			fit->max_cluster = in.plat.clusters[c].cores;
	for (int j = 0; j < in.plat.nnodes; j++) {
		int k = in.plat.nodes[j].cores;
		if (fit->min_node == 0 || k < fit->min_node)
			fit->min_node = k;
		if (k > fit->max_node)
			fit->max_node = k;
		fit->total += k;
	}
	fit->ref_flops = in.plat.ref_flops;
	hs_instance_release(&in);
}

int hs_gen_choice(const struct hs_cli *cli, const char *opt, const char *arg,
		  const char *const *words)
{
	int n = 0;
	while (words[n])
		n++;
	return hs_cli_choice(cli, opt, arg, words, n);
}

const char *const hs_gen_scopes[] = {"node", "cluster", "any", NULL};

long hs_gen_widest(const struct hs_gen_fit *fit, const char *scope)
{
	if (strcmp(scope, "node") == 0)
		return fit->max_node;
	return strcmp(scope, "any") == 0 ? fit->total : fit->max_cluster;
}

const char *hs_gen_task_scope(const struct hs_gen_fit *fit, const char *scope, long size)
{
	long node_cores = fit->min_node ? fit->min_node : 1;
	return strcmp(scope, "node") != 0 && size > node_cores ? scope : NULL;
}

struct hs_record *hs_gen_rigid_task(const char *id, long size, double time, double walltime)
{
	struct hs_record *t = hs_record_new("task", id);
	hs_record_set(t, "model", "rigid");
	hs_record_set_int(t, "size", size);
	hs_record_set_num(t, "time", time);
	if (walltime > 0)
		hs_record_set_num(t, "walltime", walltime);
	return t;
}
