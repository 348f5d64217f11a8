/* Private to src/io. */
#ifndef LT_IO_IMPL_H
#define LT_IO_IMPL_H
#include <stddef.h>
#include "lietool/core.h"
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
