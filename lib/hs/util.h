/* hs/util.h - program name, error reporting, exit codes, checked numbers.
 *
 * Every hs message has the form "PROG: FILE:LINE: message" (or "PROG: message")
 * so users and scripts can locate bad input.  Exit codes are fixed:
 * 0 success, 1 failure at run time, 2 bad input or usage.
 */
#ifndef HS_UTIL_H
#define HS_UTIL_H

#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>

#define HS_VERSION "0.1.0"

enum {
	HS_EXIT_OK = 0,
	HS_EXIT_FAIL = 1,  /* run-time failure: I/O error, solver failure, ... */
	HS_EXIT_USAGE = 2, /* bad input or usage: the user must change something */
};

#if defined(__GNUC__)
#define HS_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define HS_NORETURN __attribute__((noreturn))
#else
#define HS_PRINTF(a, b)
#define HS_NORETURN
#endif

/* Set once from main(): basename of argv[0] ("hs-plan"). */
void hs_set_progname(const char *argv0);
const char *hs_progname(void);

/* "PROG: msg\n" on stderr. */
void hs_error(const char *fmt, ...) HS_PRINTF(1, 2);
void hs_verror(const char *fmt, va_list ap);
/* "PROG: FILE:LINE: msg\n"; line <= 0 omits the line number. */
void hs_error_at(const char *file, int line, const char *fmt, ...) HS_PRINTF(3, 4);
void hs_warn(const char *fmt, ...) HS_PRINTF(1, 2);
/* Print like hs_error and exit with status. */
HS_NORETURN void hs_die(int status, const char *fmt, ...) HS_PRINTF(2, 3);
HS_NORETURN void hs_die_at(int status, const char *file, int line, const char *fmt, ...)
	HS_PRINTF(4, 5);

/* Cut every word (a run without blanks) of s longer than HS_MSG_WORD_MAX
 * bytes to its first 64 and last 16 around "[...N bytes...]", in place:
 * a long id in a message leaves room for the reason after it.  Every
 * message above goes through it; a message built ahead (a loader's) may
 * too.  Returns s. */
#define HS_MSG_WORD_MAX 256
char *hs_msg_shorten(char *s);

/* Whether hs_die or hs_die_at is ending the program (for exit hooks that
 * must not speak over the message it printed). */
int hs_dying(void);

/* Send the calling thread's messages (all of the above) to f instead of
 * stderr; NULL restores stderr.  A tool that reads inputs on worker threads
 * collects each input's messages and prints them in input order. */
void hs_msg_redirect(FILE *f);
/* Messages collected so (n bytes at s) written where this thread's go. */
void hs_msg_put(const char *s, size_t n);

/* Flush stdout at the end of a tool's output: HS_EXIT_OK, or after a write
 * error (a full disk, a closed pipe) "PROG: stdout: write error: ..." and
 * HS_EXIT_FAIL.  Any output that ends with exit 0 goes through it. */
int hs_stdout_status(void);

/* Allocation that never returns NULL (dies with status 1 on exhaustion). */
void *hs_malloc(size_t n);
void *hs_calloc(size_t n, size_t size);
void *hs_realloc(void *p, size_t n);
void *hs_reallocarray(void *p, size_t n, size_t size);
char *hs_strdup(const char *s);
char *hs_strndup(const char *s, size_t n);
char *hs_asprintf(const char *fmt, ...) HS_PRINTF(1, 2);

/* Checked number parsing: the whole string must be a finite number in range.
 * Return 0 on success, -1 on error (nothing printed; callers name the input).
 * hs_parse_double tells a number beyond what a double holds from text that
 * is no number at all: */
enum {
	HS_NUM_SYNTAX = -1, /* not a number ("abc", "", " 1", "inf") */
	HS_NUM_HUGE = -2,   /* overflows: "1e999" */
	HS_NUM_TINY = -3,   /* a non-zero number that rounds to 0: "1e-400" */
};
int hs_parse_double(const char *s, double *out);
/* For messages: "is out of range (...)" for HS_NUM_HUGE and HS_NUM_TINY,
 * NULL otherwise (the caller says what it expected). */
const char *hs_num_range(int rc);
int hs_parse_long(const char *s, long min, long max, long *out);
int hs_parse_int(const char *s, int min, int max, int *out);

/* Shortest decimal text that strtod() reads back bit-identical ("0.1", "1e-09",
 * "12.5").  buf must hold HS_NUMBUF bytes.  Returns buf. */
#define HS_NUMBUF 32
char *hs_fmt_double(char *buf, double v);

/* rel seen from the directory of file: rel itself when it is absolute or
 * file names no directory, else DIR/rel (malloc'd).  For paths written in a
 * file (xml=), which are relative to that file. */
char *hs_path_beside(const char *file, const char *rel);

/* Whether a tool frees its data before it exits.  Only in builds with
 * AddressSanitizer, whose leak check and use-after-free detection cover
 * the release code; otherwise exiting returns the memory at once, and
 * freeing a million records one by one cost 10-15% of a whole run. */
int hs_free_at_exit(void);

/* Seconds since an arbitrary origin, monotonic. */
double hs_now(void);

/* Write a file atomically: open a temporary .NAME.hs-tmp.PID.XXXXXX beside
 * it, caller writes, then commit renames it over the file (or abort removes
 * it).  Never leaves half-written files; the temporary is also removed on
 * exit() and on SIGINT, SIGTERM, SIGHUP and SIGPIPE left at their default.
 * A symbolic link is followed and the file it names replaced; an existing
 * file keeps its mode (and owner, where we may).  A FIFO, a character
 * device or /dev/stdout, /dev/fd/N is written through instead, never
 * replaced (tmp is NULL). */
struct hs_atomic_file {
	FILE *fp;
	char *path;   /* as given, for messages */
	char *tmp;
	char *target; /* path with its symbolic links followed (last: the
		       * struct only grows at its end) */
};
int hs_atomic_open(struct hs_atomic_file *af, const char *path);
int hs_atomic_commit(struct hs_atomic_file *af); /* 0 ok, -1 error (reported) */
void hs_atomic_abort(struct hs_atomic_file *af);

#endif
