/* test_strmap - the id map: keys of every length around the 8 bytes kept
 * in a slot, equal heads, growth, replacement, absent keys. */
#include "util/strmap.h"
#include "hs/util.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	enum { N = 5000 };
	static char keys[N][24];
	struct hs_strmap m;
	hs_strmap_init(&m, 4); /* grows many times */
	for (int i = 0; i < N; i++) {
		/* lengths 1..16; many share their first 8 bytes */
		snprintf(keys[i], sizeof keys[i], "%.*s%d", i % 9, "abcdefghi", i);
		if (hs_strmap_put(&m, keys[i], i) != -1)
			printf("# duplicate key %s\n", keys[i]);
	}
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += hs_strmap_get(&m, keys[i]) != i;
	TAP_OK(bad == 0, "%d keys of 1 to 16 bytes found after growing (%d wrong)", N, bad);
	char probe[64];
	bad = 0;
	for (int i = 0; i < N; i++) {
		snprintf(probe, sizeof probe, "%.23sx", keys[i]); /* one byte longer */
		bad += hs_strmap_get(&m, probe) != -1;
		probe[strlen(keys[i]) - 1] = '\0'; /* one byte shorter */
		bad += hs_strmap_get(&m, probe) != -1 && strcmp(probe, keys[hs_strmap_get(&m, probe)]) != 0;
	}
	TAP_OK(bad == 0, "longer and shorter keys are not taken for stored ones");
	TAP_OK(hs_strmap_get(&m, "") == -1 && hs_strmap_get(&m, NULL) == -1, "empty and NULL keys absent");
	TAP_OK(hs_strmap_put(&m, keys[7], 99) == 7, "put of a present key returns its value");
	hs_strmap_set(&m, keys[7], 99);
	hs_strmap_set(&m, "new-key-longer-than-8", 5);
	TAP_OK(hs_strmap_get(&m, keys[7]) == 99 && hs_strmap_get(&m, "new-key-longer-than-8") == 5,
	       "set replaces and inserts");
	TAP_OK(m.n == N + 1, "%zu keys", m.n);
	hs_strmap_release(&m);
	return tap_done();
}
