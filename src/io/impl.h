/* Private to src/io. */
#ifndef LT_IO_IMPL_H
#define LT_IO_IMPL_H
#include <stddef.h>
#include "lietool/core.h"
/* The whole file, NUL-terminated; NULL with err set: LT_EINPUT when it
   cannot be read or contains a NUL byte, LT_ELIMIT (naming --max-memory) when it is longer than
   ctx->max_memory_mb MiB divided by `share` (1 for text read line by line;
   JSON, whose parsed tree takes many times the text, passes 32). */
char *lt_io_read_file_(const char *path, size_t *len, int share, const lt_ctx_t ctx, lt_err_t err);
/* The JSON document in a file; NULL with err set (prefixed by the path for
   a syntax error). */
struct lt_json_struct;
struct lt_json_struct *lt_io_read_json_(const char *path, const lt_ctx_t ctx, lt_err_t err);
/* a regular file at p */
int lt_io_file_exists_(const char *p);
int lt_io_ends_with_(const char *s, const char *suf);
/* The top-level product signs of a group object (spec.c): up to max
   positions and separator lengths; returns how many (none when s names an
   existing file). */
int lt_io_split_product_(const char *s, size_t *pos, size_t *seplen, int max);
#endif
