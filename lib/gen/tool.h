/* gen/tool.h - the hs-gen tool around the generators of hs/gen.h
 * (tool.c): where the generator's name stands among hs-gen's own options,
 * the list of generators, a generator run with hs-gen's -o taken out of
 * its words.  The table of generators stays in cmd/hs-gen.c, as hs/gen.h
 * says.  Not installed: this interface is the tool's own, and may change
 * with it. */
#ifndef HS_GEN_TOOL_H
#define HS_GEN_TOOL_H

#include <stdio.h>

#include "hs/gen.h"

/* The index in argv of the generator's name: the first word that is
 * neither one of hs-gen's options (opts, its table) nor the argument of
 * one; argc when there is none. */
int hs_gen_word(int argc, char *const *argv, const struct hs_cli_opt *opts);

/* "NAME  SUMMARY" of each generator of gens (NULL-terminated) on f, each
 * line after indent, the summaries aligned. */
void hs_gen_list(FILE *f, const char *indent, const struct hs_generator *const *gens);

/* Run gen on its words argv[0 .. argc) (argv[0] its name): hs-gen's -o
 * FILE taken out of them wherever it stands (before "--"; output, the one
 * given before the name, or NULL: stdout) and, for --complete-words, added
 * to the generator's words; the stream written to stdout or atomically to
 * the file.  Returns the exit status. */
int hs_gen_run(const struct hs_generator *gen, int argc, char *const *argv, const char *output);

#endif
