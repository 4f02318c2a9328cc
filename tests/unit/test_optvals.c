/* test_optvals.c - option values: defaults, types, comma splitting, errors. */
#include <stdlib.h>
#include <string.h>

#include "hs/loader.h"
#include "tap.h"

static const struct hs_option table[] = {
	{"flag", HS_OPT_BOOL, "no", "b", NULL},
	{"count", HS_OPT_INT, "3", "i", NULL},
	{"ratio", HS_OPT_DOUBLE, "0.5", "d", NULL},
	{"label", HS_OPT_STRING, "", "s", NULL},
	{"mode", HS_OPT_CHOICE, "a", "c", "a|bb|c"},
	{NULL, 0, NULL, NULL, NULL},
};

int main(int argc, char **argv)
{
	(void)argc;
	hs_set_progname(argv[0]);
	struct hs_optvals *o = hs_optvals_new("t", table);
	TAP_OK(hs_opt_bool(o, "flag") == 0, "bool default 'no' reads 0");
	TAP_OK(hs_opt_int(o, "count") == 3, "int default");
	TAP_NEAR(hs_opt_double(o, "ratio"), 0.5, 0, "double default");
	TAP_NEAR(hs_opt_double(o, "count"), 3, 0, "an int option reads as double");
	TAP_STREQ(hs_opt_str(o, "label"), "", "empty string default");
	TAP_STREQ(hs_opt_str(o, "mode"), "a", "choice default");
	char *txt = hs_optvals_text(o);
	TAP_STREQ(txt, "flag=0,count=3,ratio=0.5,label=,mode=a", "text of the defaults");
	free(txt);

	TAP_OK(hs_optvals_set(o, "flag") == 0 && hs_opt_bool(o, "flag") == 1, "a bare bool is 1");
	TAP_OK(hs_optvals_set(o, "flag=FALSE") == 0 && hs_opt_bool(o, "flag") == 0,
	       "bool words are case-insensitive");
	TAP_OK(hs_optvals_set(o, "label=x,y,count=-4") == 0, "a string with a comma, then NAME=");
	TAP_STREQ(hs_opt_str(o, "label"), "x,y", "the comma stays in the string");
	TAP_OK(hs_opt_int(o, "count") == -4, "the option after it is set");
	TAP_OK(hs_optvals_set(o, "label=p,flag") == 0 && hs_opt_bool(o, "flag") == 1,
	       "a known bool name after a comma starts a new option");
	TAP_STREQ(hs_opt_str(o, "label"), "p", "and ends the string");
	TAP_OK(hs_optvals_set(o, "label=a=b") == 0, "a value may contain '='");
	TAP_STREQ(hs_opt_str(o, "label"), "a=b", "everything after the first '='");
	TAP_OK(hs_optvals_set(o, "mode=bb") == 0, "a choice");
	TAP_STREQ(hs_opt_str(o, "mode"), "bb", "its word");
	TAP_OK(hs_optvals_set(o, "ratio=1e-3") == 0, "a number in exponent form");
	TAP_NEAR(hs_opt_double(o, "ratio"), 1e-3, 0, "read back");

	TAP_OK(hs_optvals_set(o, "mode=b") < 0, "a prefix of a choice is not a choice");
	TAP_OK(hs_optvals_set(o, "count=1.5") < 0, "an int rejects 1.5");
	TAP_OK(hs_optvals_set(o, "count=") < 0, "an int rejects the empty string");
	TAP_OK(hs_optvals_set(o, "ratio=nan") < 0, "a number rejects nan");
	TAP_OK(hs_optvals_set(o, "ratio=inf") < 0, "a number rejects inf");
	TAP_OK(hs_optvals_set(o, "flag=2") < 0, "a bool rejects 2");
	TAP_OK(hs_optvals_set(o, "count") < 0, "an int needs a value");
	TAP_OK(hs_optvals_set(o, "nope=1") < 0, "an unknown option");
	TAP_OK(hs_optvals_set(o, "") < 0, "an empty option");
	TAP_OK(hs_optvals_set(o, "=1") < 0, "an empty name");
	TAP_OK(hs_opt_int(o, "count") == -4 && hs_opt_double(o, "ratio") == 1e-3,
	       "failed settings leave the values alone");
	hs_optvals_free(o);

	struct hs_optvals *none = hs_optvals_new("u", NULL);
	txt = hs_optvals_text(none);
	TAP_STREQ(txt, "", "no options: empty text");
	free(txt);
	TAP_OK(hs_optvals_set(none, "x") < 0, "no options: everything is unknown");
	hs_optvals_free(none);
	return tap_done();
}
