/* test_batsim - the Batsim workload reader: each profile type's numbers as
 * hs uses them (spread amounts divided by hand), ids, walltimes, lines. */
#include "hs/batsim.h"
#include "hs/util.h"
#include "model_fixture.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static const char *W =
	"{\"nb_res\": 6, \"jobs\": [\n"
	" {\"id\": 7, \"subtime\": 1.5, \"res\": 3, \"profile\": \"tot\"},\n"
	" {\"id\": \"w!x\", \"subtime\": 2, \"walltime\": 10, \"res\": 2, \"profile\": \"par\"},\n"
	" {\"id\": -12, \"subtime\": 0, \"walltime\": -1, \"res\": 1, \"profile\": \"d\"},\n"
	" {\"id\": \"h\", \"subtime\": 3, \"res\": 1, \"profile\": \"hg\"},\n"
	" {\"id\": \"t1\", \"subtime\": 3, \"res\": 1, \"profile\": \"tot\"}],\n"
	"\"profiles\": {\"d\": {\"type\": \"delay\", \"delay\": 0},\n"
	" \"tot\": {\"type\": \"parallel_homogeneous_total\", \"cpu\": 9, \"com\": 12},\n"
	" \"par\": {\"type\": \"parallel\", \"cpu\": [1, 2], \"com\": [0, 3, 4, 0]},\n"
	" \"hg\": {\"type\": \"parallel_homogeneous\", \"cpu\": 5, \"com\": 6,\n"
	"        \"generation_strategy\": \"defined_amount_used_for_each_value\"}}}\n";

int main(void)
{
	hs_set_progname("test_batsim");
	char path[] = "/tmp/hs-test-batsim-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	fputs(W, f);
	fclose(f);
	struct hs_batsim *w = hs_batsim_load(path);
	TAP_OK(w && w->nb_res == 6 && w->njobs == 5, "nb_res 6, 5 jobs");
	if (w) {
		const struct hs_batsim_job *j = w->jobs;
		TAP_OK(strcmp(j[0].id, "7") == 0 && j[0].line == 2 && j[0].subtime == 1.5 &&
			       j[0].walltime == -1 && j[0].res == 3,
		       "job 7: integer id as text, line 2, no walltime");
		TAP_OK(j[0].kind == HS_BATSIM_HOMOGENEOUS && j[0].cpu1 == 3 && j[0].com1 == 2,
		       "total over 3 hosts: cpu 9/3 = 3, com 12/(3*2) = 2");
		TAP_OK(strcmp(j[1].id, "w!x") == 0 && j[1].walltime == 10 &&
			       j[1].kind == HS_BATSIM_PARALLEL && j[1].cpu[1] == 2 && j[1].com[2] == 4,
		       "parallel: the cpu vector and com matrix as written");
		TAP_OK(strcmp(j[2].id, "-12") == 0 && j[2].kind == HS_BATSIM_DELAY && j[2].delay == 0 &&
			       j[2].walltime == -1,
		       "a negative integer id; delay 0; walltime -1 is none");
		TAP_OK(j[3].kind == HS_BATSIM_HOMOGENEOUS && j[3].cpu1 == 5 && j[3].com1 == 6,
		       "homogeneous per host: 5 and 6 as written");
		TAP_OK(j[4].cpu1 == 9 && j[4].com1 == 0, "total on 1 host: cpu 9, no pair: com 0");
		TAP_STREQ(j[3].profile, "hg", "profile name");
	}
	hs_batsim_free(w);
	unlink(path);
	return tap_done();
}
