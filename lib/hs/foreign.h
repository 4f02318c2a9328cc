/* hs/foreign.h - recognising files of other formats given where an hs
 * stream is expected, so that the error says what the file is and which hs
 * command reads it. */
#ifndef HS_FOREIGN_H
#define HS_FOREIGN_H

#include <stddef.h>

#include "hs/format.h"

/* What the input looks like, from its first line of text (line, len) and
 * the next few lines read from in: "an SWF trace: hs-gen ptask --swf NAME
 * makes an hs stream of its jobs" (NAME: the input's name), or NULL when
 * it looks like nothing known.  Malloc'd. */
char *hs_foreign_hint(struct hs_input *in, const char *line, size_t len);

#endif
