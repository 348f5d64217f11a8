/* Private to src/io. */
#ifndef LT_IO_IMPL_H
#define LT_IO_IMPL_H
#include <stddef.h>
#include "lietool/core.h"
char *lt_io_read_file_(const char *path, size_t *len, lt_err_t err);
/* a regular file at p */
int lt_io_file_exists_(const char *p);
int lt_io_ends_with_(const char *s, const char *suf);
#endif
