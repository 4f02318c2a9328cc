/* plugin/loader.c - find, check and load scheduling plugins (hs-plugin(7)).
 *
 * Every check happens before the plugin is trusted with anything: the file
 * must exist and be a shared object, export hs_plugin, say type "hs-sched"
 * and ABI HS_PLUGIN_ABI, and carry descriptors large enough for ABI 1.  The
 * descriptors are copied into zeroed host structs within the struct_size the
 * plugin declares, so a plugin built against older (smaller) headers reads as
 * having zero/NULL in the fields it does not know.  Each failure has its own
 * message, because "plugin not found" is useless when the plugin is there
 * but built for another ABI.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hs/guard.h"
#include "hs/loader.h"
#include "plugin/probe.h"

#ifndef HS_PLUGINDIR
#define HS_PLUGINDIR "/usr/local/lib/hs/plugins"
#endif

/* A plugin with more algorithms than this has a missing NULL terminator. */
#define MAX_ALGOS 4096

/* The smallest descriptors ABI 1 accepts: everything up to the last field
 * that existed when ABI 1 was fixed.  Fields added later stay optional. */
#define PLUGIN_MIN_SIZE (offsetof(struct hs_plugin, algos) + sizeof(void *))
#define ALGO_MIN_SIZE (offsetof(struct hs_algo, plan) + sizeof(hs_plan_fn))
/* Online operations of HS_ONLINE_ABI 1: up to finish. */
#define ONLINE_MIN_SIZE (offsetof(struct hs_online_ops, finish) + sizeof(void (*)(void *)))
/* abi, struct_size and type keep their offsets in every ABI: they are what
 * tells a host whether it can read the rest. */
#define HEADER_SIZE (offsetof(struct hs_plugin, type) + sizeof(const char *))

static int valid_algo_name(const char *s)
{
	if (!s || !*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
			return 0;
	return 1;
}

/* dlerror() text usually starts with the path: drop it, we print it first. */
static const char *strip_path(const char *err, const char *path)
{
	size_t n = strlen(path);
	if (err && strncmp(err, path, n) == 0 && err[n] == ':' && err[n + 1] == ' ')
		return err + n + 2;
	return err ? err : "unknown error";
}

static int is_elf(const char *path)
{
	unsigned char magic[4] = {0};
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0;
	size_t n = fread(magic, 1, 4, f);
	fclose(f);
	return n == 4 && magic[0] == 0x7f && magic[1] == 'E' && magic[2] == 'L' && magic[3] == 'F';
}

static void unload_guarded(struct hs_loaded *pl);

static int fail(struct hs_loaded *pl, char **why, char *msg)
{
	if (pl->dl)
		unload_guarded(pl);
	free(pl->algos);
	free(pl->online);
	free(pl->path);
	memset(pl, 0, sizeof *pl);
	*why = msg;
	return -1;
}

/* Check algorithm k's online operations and copy them into a zeroed host
 * struct (fields beyond the plugin's struct_size read as zero). */
static char *copy_online(struct hs_loaded *pl, const char *path, int k)
{
	struct hs_algo *a = &pl->algos[k];
	const struct hs_online_ops *o = a->online;
	if (!o)
		return NULL;
	if (o->struct_size < ONLINE_MIN_SIZE)
		return hs_asprintf("%s: plugin '%s': algorithm '%s': online operations too small "
				   "(struct_size %u, online ABI %d needs at least %zu)",
				   path, pl->desc.name, a->name, (unsigned)o->struct_size,
				   HS_ONLINE_ABI, ONLINE_MIN_SIZE);
	/* An ABI only grows: a plugin built for an older one runs as it is. */
	if (o->online_abi < 1 || o->online_abi > HS_ONLINE_ABI)
		return hs_asprintf("%s: plugin '%s': algorithm '%s': online ABI %u, this hs supports "
				   "online ABI 1 to %d",
				   path, pl->desc.name, a->name, (unsigned)o->online_abi, HS_ONLINE_ABI);
	size_t sz = o->struct_size < sizeof *o ? o->struct_size : sizeof *o;
	memcpy(&pl->online[k], o, sz);
	if (!pl->online[k].events)
		return hs_asprintf("%s: plugin '%s': algorithm '%s': online operations without an "
				   "events function",
				   path, pl->desc.name, a->name);
	a->online = &pl->online[k];
	return NULL;
}

/* Copy the algorithm descriptors after init (init may build them). */
static char *copy_algos(struct hs_loaded *pl, const char *path)
{
	const struct hs_algo *const *list = pl->desc.algos;
	int n = 0;
	while (list && n <= MAX_ALGOS && list[n])
		n++;
	if (n == 0)
		return hs_asprintf("%s: plugin '%s' offers no algorithms", path, pl->desc.name);
	if (n > MAX_ALGOS)
		return hs_asprintf("%s: plugin '%s': algorithm list is not NULL-terminated", path,
				   pl->desc.name);
	pl->algos = hs_calloc((size_t)n, sizeof *pl->algos);
	pl->online = hs_calloc((size_t)n, sizeof *pl->online);
	for (int k = 0; k < n; k++) {
		const struct hs_algo *a = list[k];
		if (a->struct_size < ALGO_MIN_SIZE)
			return hs_asprintf("%s: plugin '%s': algorithm %d: descriptor too small "
					   "(struct_size %u, ABI %d needs at least %zu)",
					   path, pl->desc.name, k + 1, (unsigned)a->struct_size,
					   HS_PLUGIN_ABI, ALGO_MIN_SIZE);
		size_t sz = a->struct_size < sizeof *a ? a->struct_size : sizeof *a;
		memcpy(&pl->algos[k], a, sz);
		if (!valid_algo_name(pl->algos[k].name))
			return hs_asprintf("%s: plugin '%s': algorithm %d: bad name '%s' "
					   "(use [a-z0-9-])",
					   path, pl->desc.name, k + 1,
					   pl->algos[k].name ? pl->algos[k].name : "(null)");
		for (int j = 0; j < k; j++)
			if (strcmp(pl->algos[j].name, pl->algos[k].name) == 0)
				return hs_asprintf("%s: plugin '%s': algorithm '%s' listed twice", path,
						   pl->desc.name, pl->algos[k].name);
		if (!pl->algos[k].summary)
			pl->algos[k].summary = "";
		char *err = copy_online(pl, path, k);
		if (err)
			return err;
		if (!pl->algos[k].plan && !pl->algos[k].online)
			return hs_asprintf("%s: plugin '%s': algorithm '%s' has neither a planner nor "
					   "online operations",
					   path, pl->desc.name, pl->algos[k].name);
	}
	pl->nalgos = n;
	return NULL;
}

/* init or fini, under a guard (hs/guard.h): a crash names the plugin. */
static int guarded(const struct hs_loaded *pl, int (*init)(void), void (*fini)(void),
		   const char *doing)
{
	struct hs_guard g;
	hs_guard_init(&g, pl->desc.name, NULL, pl->path);
	hs_guard_enter(&g, doing);
	int rc = 0;
	if (init)
		rc = init();
	else
		fini();
	hs_guard_leave(&g);
	hs_guard_release(&g);
	return rc;
}

/* dlopen and dlclose run the plugin's constructors and destructors: under
 * a guard too, which names the file (the descriptor is not read yet). */
static void *open_guarded(struct hs_loaded *pl, const char *path)
{
	struct hs_guard g;
	hs_guard_init(&g, NULL, NULL, pl->path);
	hs_guard_enter(&g, "loading");
	void *dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	hs_guard_leave(&g);
	hs_guard_release(&g);
	return dl;
}

static void unload_guarded(struct hs_loaded *pl)
{
	struct hs_guard g;
	hs_guard_init(&g, pl->desc.name, NULL, pl->path);
	hs_guard_enter(&g, "unloading");
	dlclose(pl->dl);
	hs_guard_leave(&g);
	hs_guard_release(&g);
	pl->dl = NULL;
}

int hs_plugin_load(struct hs_loaded *pl, const char *path, char **why)
{
	memset(pl, 0, sizeof *pl);
	struct stat st;
	if (stat(path, &st) < 0)
		return fail(pl, why,
			    hs_asprintf("%s: cannot open plugin: %s", path,
					errno == ENOENT ? "no such file" : strerror(errno)));
	if (S_ISDIR(st.st_mode))
		return fail(pl, why, hs_asprintf("%s: cannot open plugin: is a directory", path));
	/* dlopen searches the library path for names without '/'. */
	char *open_path = strchr(path, '/') ? hs_strdup(path) : hs_asprintf("./%s", path);
	dlerror();
	pl->path = hs_strdup(path);
	pl->dl = open_guarded(pl, open_path);
	if (!pl->dl) {
		const char *err = strip_path(dlerror(), open_path);
		char *msg = is_elf(path)
				    ? hs_asprintf("%s: cannot open plugin: %s", path, err)
				    : hs_asprintf("%s: cannot open plugin: not a shared library: %s",
						  path, err);
		free(open_path);
		return fail(pl, why, msg);
	}
	free(open_path);

	dlerror();
	const struct hs_plugin *d = dlsym(pl->dl, HS_PLUGIN_SYMBOL);
	if (!d)
		return fail(pl, why,
			    hs_asprintf("%s: not an hs plugin (no symbol '%s')", path, HS_PLUGIN_SYMBOL));
	if (d->struct_size < HEADER_SIZE)
		return fail(pl, why,
			    hs_asprintf("%s: not an hs plugin (descriptor of %u bytes)", path,
					(unsigned)d->struct_size));
	if (!d->type || strcmp(d->type, HS_PLUGIN_TYPE) != 0)
		return fail(pl, why,
			    hs_asprintf("%s: plugin type '%s' is not '%s'", path,
					d->type ? d->type : "", HS_PLUGIN_TYPE));
	if (d->abi != HS_PLUGIN_ABI)
		return fail(pl, why,
			    hs_asprintf("%s: plugin ABI %u, this hs supports ABI %d", path,
					(unsigned)d->abi, HS_PLUGIN_ABI));
	if (d->struct_size < PLUGIN_MIN_SIZE)
		return fail(pl, why,
			    hs_asprintf("%s: plugin descriptor too small (struct_size %u, ABI %d "
					"needs at least %zu)",
					path, (unsigned)d->struct_size, HS_PLUGIN_ABI, PLUGIN_MIN_SIZE));
	memcpy(&pl->desc, d, d->struct_size < sizeof *d ? d->struct_size : sizeof *d);
	if (!valid_algo_name(pl->desc.name))
		return fail(pl, why,
			    hs_asprintf("%s: plugin family name '%s' is not [a-z0-9-]", path,
					pl->desc.name ? pl->desc.name : "(null)"));
	if (!pl->desc.version)
		pl->desc.version = "";
	if (!pl->desc.summary)
		pl->desc.summary = "";
	if (pl->desc.init && guarded(pl, pl->desc.init, NULL, "initialising") != 0)
		return fail(pl, why,
			    hs_asprintf("%s: plugin '%s' init failed", path, pl->desc.name));
	char *err = copy_algos(pl, path);
	if (err) {
		if (pl->desc.fini)
			guarded(pl, NULL, pl->desc.fini, "finishing");
		return fail(pl, why, err);
	}
	return 0;
}

void hs_plugin_unload(struct hs_loaded *pl)
{
	if (!pl || !pl->dl)
		return;
	if (pl->desc.fini)
		guarded(pl, NULL, pl->desc.fini, "finishing");
	unload_guarded(pl);
	free(pl->algos);
	free(pl->online);
	free(pl->path);
	memset(pl, 0, sizeof *pl);
}

const struct hs_algo *hs_plugin_algo(const struct hs_loaded *pl, const char *name)
{
	for (int k = 0; k < pl->nalgos; k++)
		if (strcmp(pl->algos[k].name, name) == 0)
			return &pl->algos[k];
	return NULL;
}

/* "a, b, c" */
static char *algo_names(const struct hs_loaded *pl)
{
	size_t len = 1;
	for (int k = 0; k < pl->nalgos; k++)
		len += strlen(pl->algos[k].name) + 2;
	char *s = hs_malloc(len);
	s[0] = '\0';
	for (int k = 0; k < pl->nalgos; k++) {
		if (k)
			strcat(s, ", ");
		strcat(s, pl->algos[k].name);
	}
	return s;
}

/* ---------------- the search path ---------------- */

static void push(char ***v, int *n, char *s)
{
	*v = hs_reallocarray(*v, (size_t)*n + 2, sizeof **v);
	(*v)[(*n)++] = s;
	(*v)[*n] = NULL;
}

char **hs_plugin_dirs(void)
{
	char **dirs = hs_calloc(1, sizeof *dirs); /* NULL-terminated */
	int n = 0;
	const char *env = getenv("HS_PLUGIN_PATH");
	if (env && *env) {
		int m;
		char **parts = hs_split_list(env, ':', &m);
		for (int k = 0; k < m; k++)
			if (parts[k][0]) /* "a::b" and a trailing ':' add nothing */
				push(&dirs, &n, hs_strdup(parts[k]));
		free(parts);
	}
	char exe[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len > 0) {
		exe[len] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			char *dir = hs_asprintf("%s/../build/plugins", exe);
			char *real = realpath(dir, NULL); /* for readable -l output */
			push(&dirs, &n, real ? hs_strdup(real) : hs_strdup(dir));
			free(real);
			free(dir);
		}
	}
	push(&dirs, &n, hs_strdup(HS_PLUGINDIR));
	return dirs;
}

void hs_plugin_dirs_free(char **dirs)
{
	if (!dirs)
		return;
	for (int k = 0; dirs[k]; k++)
		free(dirs[k]);
	free(dirs);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.so file on the search path, in search order, each file once
 * (by real path: the build tree may also be the install directory). */
static char **plugin_files(int *count)
{
	char **dirs = hs_plugin_dirs();
	char **files = hs_calloc(1, sizeof *files), **seen = NULL;
	int n = 0, nseen = 0;
	for (int d = 0; dirs[d]; d++) {
		DIR *dir = opendir(dirs[d]);
		if (!dir)
			continue;
		char **names = NULL;
		int nn = 0;
		struct dirent *e;
		while ((e = readdir(dir))) {
			size_t l = strlen(e->d_name);
			if (l > 3 && strcmp(e->d_name + l - 3, ".so") == 0)
				push(&names, &nn, hs_strdup(e->d_name));
		}
		closedir(dir);
		if (nn)
			qsort(names, (size_t)nn, sizeof *names, cmp_str);
		for (int k = 0; k < nn; k++) {
			char *path = hs_asprintf("%s/%s", dirs[d], names[k]);
			free(names[k]);
			struct stat st;
			char *real = realpath(path, NULL);
			int dup = 0;
			for (int j = 0; real && j < nseen; j++)
				dup |= strcmp(seen[j], real) == 0;
			if (!real || dup || stat(path, &st) < 0 || !S_ISREG(st.st_mode)) {
				free(real);
				free(path);
				continue;
			}
			push(&seen, &nseen, real);
			push(&files, &n, path);
		}
		free(names);
	}
	for (int k = 0; k < nseen; k++)
		free(seen[k]);
	free(seen);
	hs_plugin_dirs_free(dirs);
	*count = n;
	return files;
}

static void free_files(char **files, int n)
{
	for (int k = 0; k < n; k++)
		free(files[k]);
	free(files);
}

/* A spec names a file when it has a '/' before its last ':' (or anywhere if
 * there is none) or ends in ".so". */
static int spec_is_path(const char *spec, char **path, char **name)
{
	size_t len = strlen(spec);
	if (len > 3 && strcmp(spec + len - 3, ".so") == 0) {
		*path = hs_strdup(spec);
		*name = NULL;
		return 1;
	}
	const char *colon = strrchr(spec, ':');
	const char *head_end = colon ? colon : spec + len;
	if (!memchr(spec, '/', (size_t)(head_end - spec)))
		return 0;
	*path = hs_strndup(spec, (size_t)(head_end - spec));
	*name = colon ? hs_strdup(colon + 1) : NULL;
	return 1;
}

static int algo_kinds(const struct hs_algo *a)
{
	return (a->plan ? HS_ALGO_OFFLINE : 0) | (a->online ? HS_ALGO_ONLINE : 0);
}

/* The only algorithm of pl of the kinds, or NULL. */
static const struct hs_algo *only_algo(const struct hs_loaded *pl, int kinds)
{
	const struct hs_algo *found = NULL;
	for (int k = 0; k < pl->nalgos; k++)
		if (algo_kinds(&pl->algos[k]) & kinds) {
			if (found)
				return NULL;
			found = &pl->algos[k];
		}
	return found;
}

static int resolve_path(const char *path, const char *name, int kinds, struct hs_loaded *pl,
			const struct hs_algo **algo)
{
	char *why = NULL;
	if (hs_plugin_load(pl, path, &why) < 0) {
		hs_error("%s", why);
		free(why);
		return -1;
	}
	if (!name && (pl->nalgos == 1 || (*algo = only_algo(pl, kinds)))) {
		if (!*algo)
			*algo = &pl->algos[0];
		return 0;
	}
	if (name && (*algo = hs_plugin_algo(pl, name)))
		return 0;
	char *has = algo_names(pl);
	if (name)
		hs_error("%s: no algorithm '%s' in plugin '%s' (has: %s)", path, name, pl->desc.name,
			 has);
	else
		hs_error("%s: plugin '%s' has %d algorithms, pick one with %s:NAME (has: %s)", path,
			 pl->desc.name, pl->nalgos, path, has);
	free(has);
	hs_plugin_unload(pl);
	return -1;
}

/* A plugin that failed while it was tried: one that misbehaved (crashed,
 * ended the process) is always worth a word, one that was merely refused
 * (a bad ABI) only when the algorithm asked for was not found. */
static void note_broken(const struct hs_probe *pr)
{
	if (pr->misbehaved)
		hs_warn("%s; skipped it", pr->why);
	else
		hs_error("note: skipped broken plugin %s", pr->why);
}

/* The kinds of the algorithm called name in pr, or 0. */
static int probed_kinds(const struct hs_probe *pr, const char *name)
{
	for (int k = 0; k < pr->nalgos; k++)
		if (strcmp(pr->algos[k].name, name) == 0)
			return pr->algos[k].kinds ? pr->algos[k].kinds : -1;
	return 0;
}

int hs_algo_resolve(const char *spec, int kinds, struct hs_loaded *pl, const struct hs_algo **algo)
{
	char *path, *name;
	memset(pl, 0, sizeof *pl);
	*algo = NULL;
	if (spec_is_path(spec, &path, &name)) {
		int rc = resolve_path(path, name, kinds, pl, algo);
		free(path);
		free(name);
		return rc;
	}
	int n;
	char **files = plugin_files(&n);
	struct hs_probe *broken = NULL;
	int nbroken = 0;
	/* The first plugin with an algorithm of that name and of the kinds
	 * wins; failing that, the first of any kind (the tool then says
	 * which tool runs it).  Each is tried in a child process, in order,
	 * until one has it: only that one is loaded here. */
	const char *found = NULL, *other = NULL;
	for (int k = 0; k < n && !found; k++) {
		struct hs_probe pr;
		if (hs_plugin_probe(files[k], &pr) < 0) {
			if (pr.misbehaved) {
				note_broken(&pr);
				hs_probe_free(&pr);
			} else {
				broken = hs_reallocarray(broken, (size_t)nbroken + 1, sizeof *broken);
				broken[nbroken++] = pr;
			}
			continue;
		}
		int has = probed_kinds(&pr, spec);
		if (has > 0 && (has & kinds))
			found = files[k];
		else if (has && !other)
			other = files[k];
		hs_probe_free(&pr);
	}
	if (!found)
		found = other;
	if (found) {
		/* Loaded here under the guard, as a file given by path is. */
		char *why = NULL;
		if (hs_plugin_load(pl, found, &why) == 0)
			*algo = hs_plugin_algo(pl, spec);
		if (why)
			hs_error("%s", why);
		free(why);
		if (!*algo && pl->dl) {
			hs_error("%s: plugin '%s' no longer offers '%s'", found, pl->desc.name, spec);
			hs_plugin_unload(pl);
		}
	} else {
		hs_error("unknown algorithm '%s' (%s -l lists them)", spec, hs_progname());
		for (int k = 0; k < nbroken; k++)
			note_broken(&broken[k]);
	}
	for (int k = 0; k < nbroken; k++)
		hs_probe_free(&broken[k]);
	free(broken);
	free_files(files, n);
	return *algo ? 0 : -1;
}

/* ---------------- listing ---------------- */

struct listed {
	char *name, *summary, *family, *file;
	int shadowed;
	int kinds; /* HS_ALGO_OFFLINE | HS_ALGO_ONLINE */
	uint32_t flags;
};

/* Try every plugin on the path, each in a child process (probe.h), and
 * collect its algorithms: a bad one is reported, the others listed. */
static struct listed *collect(int *count, int report_broken)
{
	int n, nl = 0;
	char **files = plugin_files(&n);
	struct listed *l = NULL;
	for (int k = 0; k < n; k++) {
		struct hs_probe pr;
		if (hs_plugin_probe(files[k], &pr) < 0) {
			if (report_broken)
				note_broken(&pr);
			hs_probe_free(&pr);
			continue;
		}
		l = hs_reallocarray(l, (size_t)(nl + pr.nalgos), sizeof *l);
		for (int a = 0; a < pr.nalgos; a++) {
			struct listed *e = &l[nl++];
			e->name = hs_strdup(pr.algos[a].name);
			e->summary = hs_strdup(pr.algos[a].summary);
			e->family = hs_strdup(pr.family ? pr.family : "");
			e->file = hs_strdup(files[k]);
			e->shadowed = 0;
			e->kinds = pr.algos[a].kinds;
			e->flags = pr.algos[a].flags;
			for (int j = 0; j < nl - 1; j++)
				if (strcmp(l[j].name, e->name) == 0 && !l[j].shadowed)
					e->shadowed = 1;
		}
		hs_probe_free(&pr);
	}
	free_files(files, n);
	*count = nl;
	return l;
}

static void free_listed(struct listed *l, int n)
{
	for (int k = 0; k < n; k++) {
		free(l[k].name);
		free(l[k].summary);
		free(l[k].family);
		free(l[k].file);
	}
	free(l);
}

int hs_algo_list(FILE *f, int verbose, int kinds)
{
	int n, wn = 0, ws = 0, listed = 0;
	struct listed *l = collect(&n, 1);
	for (int k = 0; k < n; k++) {
		if ((l[k].shadowed && !verbose) || !(l[k].kinds & kinds))
			continue;
		int a = (int)strlen(l[k].name), b = (int)strlen(l[k].summary);
		wn = a > wn ? a : wn;
		ws = b > ws ? b : ws;
	}
	for (int k = 0; k < n; k++) {
		if ((l[k].shadowed && !verbose) || !(l[k].kinds & kinds))
			continue;
		fprintf(f, "%-*s  %-*s  (%s, %s)%s\n", wn, l[k].name, ws, l[k].summary, l[k].family,
			l[k].file, l[k].shadowed ? " [shadowed]" : "");
		listed++;
	}
	free_listed(l, n);
	return listed;
}

void hs_algo_list_names(FILE *f, int kinds)
{
	int n;
	struct listed *l = collect(&n, 0);
	for (int k = 0; k < n; k++)
		if (!l[k].shadowed && (l[k].kinds & kinds))
			fprintf(f, "%s\n", l[k].name);
	free_listed(l, n);
}

int hs_algo_check_instance(const struct hs_algo *algo, const struct hs_instance *in)
{
	if (algo->flags & HS_ALGO_DEPS)
		return 0;
	const struct hs_task *t = NULL;
	for (int i = 0; i < in->ntasks && !t; i++)
		if (in->tasks[i].ndeps > 0)
			t = &in->tasks[i];
	if (!t)
		return 0;
	/* The offline algorithms found that do, for the message. */
	int n;
	struct listed *l = collect(&n, 0);
	size_t len = 1;
	for (int k = 0; k < n; k++)
		len += strlen(l[k].name) + 2;
	char *names = hs_malloc(len);
	names[0] = '\0';
	for (int k = 0; k < n; k++)
		if (!l[k].shadowed && (l[k].kinds & HS_ALGO_OFFLINE) && (l[k].flags & HS_ALGO_DEPS)) {
			if (names[0])
				strcat(names, ", ");
			strcat(names, l[k].name);
		}
	free_listed(l, n);
	const char *input = in->stream && in->stream->name ? in->stream->name : "stdin";
	hs_error("%s: does not handle task dependencies (deps=; %s:%d: task %s has some); "
		 "algorithms that do: %s",
		 algo->name, input, t->rec ? t->rec->line : 0, t->id, names[0] ? names : "none found");
	free(names);
	return -1;
}

void hs_algo_complete_words(FILE *f, const char *spec, int kinds)
{
	hs_algo_list_names(f, kinds);
	struct hs_loaded pl;
	const struct hs_algo *a;
	if (spec && hs_algo_resolve(spec, kinds, &pl, &a) == 0) {
		hs_options_complete_words(f, a);
		hs_plugin_unload(&pl);
	}
}
