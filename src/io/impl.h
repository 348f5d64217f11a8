/* Private to src/io. */
#ifndef LT_IO_IMPL_H
#define LT_IO_IMPL_H
#include <stddef.h>
#include "lietool/core.h"
struct lt_json_struct;
/* a regular file at p */
int lt_io_file_exists_(const char *p);
int lt_io_ends_with_(const char *s, const char *suf);
/* The top-level product signs of a group object (spec_read.c): up to max
   positions and separator lengths; returns how many (none when s names an
   existing file). */
int lt_io_split_product_(const char *s, size_t *pos, size_t *seplen, int max);
/* spec_read.c's argument helpers, for gapnames.c: a decimal integer in
   [lo, hi] (-1 and err set otherwise); LT_ELIMIT above --max-degree; the
   top-level arguments of NAME(...) at open (lt_free each and the array;
   a negative count is explained by lt_io_args_error_). */
#include "lietool/perm.h"
long lt_io_number_(const char *s, size_t len, long lo, long hi, const char *spec, const char *what, lt_err_t err);
lt_status lt_io_degree_ok_(double deg, const char *spec, const lt_ctx_t ctx, lt_err_t err);
int lt_io_split_args_(char ***out, const char *spec, const char *open);
lt_status lt_io_args_error_(int k, const char *spec, lt_err_t err);
/* GAP's constructors (gapnames.c): 1 and *st if spec is one, else 0. */
int lt_io_gap_name_(lt_pgrp_t G, lt_status *st, const char *spec, const lt_ctx_t ctx, lt_err_t err);
/* checkpoint_read.c, for torchzip_read.c: C takes buf; a tensor is appended
   (LT_EINPUT when the name is taken); a file is read whole, the running
   byte total checked against max_mb MiB. */
#include "lietool/io.h"
void lt_ckpt_own(lt_ckpt_t C, unsigned char *buf);
lt_status lt_ckpt_add(lt_ckpt_t C, const char *name, lt_st_dtype dtype, int ndim, const int64_t *shape,
                      const unsigned char *data, lt_err_t err);
/* lt_ckpt_get of one tensor (NULL: missing), shared with lt_safetensors_get;
   out NULL: the checks alone */
lt_status lt_ckpt_tensor_get_(float **out, const lt_ckpt_tensor *T, const char *name, int ndim, const int64_t *shape,
                              lt_err_t err);
lt_status lt_ckpt_slurp(unsigned char **out, size_t *size, const char *path, long max_mb, size_t *total, lt_err_t err);
/* 1 when DIR/sub of lt_io_algebras_dir is not a directory, with a note
   naming it ("; the named objects' directory '...' does not exist"), for
   the message of an unknown name; else 0 and note "". */
int lt_io_algebras_missing_(char *note, size_t len, const char *sub);
#endif
