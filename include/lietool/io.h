/* Reading objects: the group grammar of lietool(1) (OBJECTS), GAP syntax, .grp files
   and Cayley-table JSON files. */
#ifndef LIETOOL_IO_H
#define LIETOOL_IO_H

#include <stdio.h>
#include "lietool/core.h"
#include "lietool/perm.h"
#include "lietool/cayley.h"

/* Parses a group object. On success G holds generators (no chain yet) and,
   if name is not NULL, *name a malloc'd display name. */
lt_status lt_io_group(lt_pgrp_t G, char **name, const char *spec,
                      const lt_ctx_t ctx, lt_err_t err);
/* Parses one permutation in cycle notation (GAP syntax, 1-based; a product
   of cycles such as "(1,2)(2,3)" is multiplied left to right). The points
   are stored in *pts as a list of cycles separated by -1; returns the
   largest point, or -1 with err set. `where` names the source in messages. */
long lt_io_cycles(int **pts, int *npts, const char *s, const char *where, lt_err_t err);
/* Builds the permutation on n points from a cycle list. */
void lt_io_cycles_perm(int *p, int n, const int *pts, int npts);
/* Reads a Cayley table JSON file {"name", "elements", "table"} into its
   right regular representation; checks the group axioms. */
lt_status lt_io_cayley(lt_pgrp_t G, char **name, const char *path,
                       const lt_ctx_t ctx, lt_err_t err);
/* The Cayley table of the group object spec (lietool's group grammar) in
   the convention conv (lietool/cayley.h), replacing C's contents: in the
   abstract_algebra convention the dataset generator's families by name
   (C<n>, Z<n>, D<m>, H3, Heis(p), UT(3,p)) and products factor by factor;
   a Cayley table file as it stands. The order is bounded by --max-enum
   (elements are enumerated) and the table's size by --max-memory
   (LT_ELIMIT). */
lt_status lt_io_cayley_table(lt_cayley_t C, const char *spec, lt_convention conv,
                             const lt_ctx_t ctx, lt_err_t err);
/* Writes {"name", "description", "elements", "table"} on one line (the
   abstract_algebra JSON layout, read back by lt_io_cayley). */
void lt_io_write_cayley(FILE *f, const lt_cayley_t C);
/* Reads a .grp file (see lietool-formats(5)). */
lt_status lt_io_grp_file(lt_pgrp_t G, char **name, const char *path,
                         const lt_ctx_t ctx, lt_err_t err);
/* Opens path for reading (binary) when it is a regular file; NULL with
   err set (LT_EINPUT: "cannot open 'P': reason", or "'P' is a directory,
   not a regular file", likewise a FIFO, socket or device) otherwise. Never
   blocks (a FIFO is refused without waiting for a writer). If size is not
   NULL, *size is the file's size in bytes. Every file lietool reads is
   opened here. */
FILE *lt_io_open_read(const char *path, int64_t *size, lt_err_t err);
/* The whole file (lt_io_open_read), NUL-terminated, its length in *len;
   NULL with err set: LT_EINPUT when it cannot be read or contains a NUL
   byte, LT_ELIMIT (naming --max-memory, before anything is allocated)
   when it is longer than ctx->max_memory_mb MiB divided by share (1 for
   text read line by line; JSON, whose parsed tree takes many times the
   text, passes 32). */
char *lt_io_read_file(const char *path, size_t *len, int share, const lt_ctx_t ctx, lt_err_t err);
/* An output file written whole or not at all (--csv, --plot, --svg,
   --predictions, --logits): lt_io_out_open writes to a temporary file in
   path's directory ("-" is standard output); lt_io_out_commit renames it
   over path, so that a failed run leaves no half-written file and two runs
   writing one file do not interleave; lt_io_out_abort removes it. Write
   failures are LT_EINTERNAL (an I/O failure, exit status 70) naming the
   path. */
typedef struct { FILE *f; char *path, *tmp; } lt_io_out_struct;
typedef lt_io_out_struct lt_io_out_t[1];
FILE *lt_io_out_open(lt_io_out_t O, const char *path, lt_err_t err);
lt_status lt_io_out_commit(lt_io_out_t O, lt_err_t err);
void lt_io_out_abort(lt_io_out_t O);
/* Every file read through lt_io_open_read is an input of the run, by
   device and inode: lt_io_out_open and lt_io_out_commit refuse (LT_EINPUT)
   to replace an input or a file another open output replaces, and
   lt_io_open_read refuses a file that an open output will replace or that
   is standard output. lt_io_out_check(path) is the same test for a writer
   of its own (LT_OK when path does not exist). */
lt_status lt_io_out_check(const char *path, lt_err_t err);
/* Forgets the inputs read so far: a process that makes several runs (the
   Python package: one per call) starts each with this. */
void lt_io_run_begin(void);
/* Removes the temporary files of every output still open (a run that
   stops at once: lt_mem_set_limit's handler). */
void lt_io_out_remove_pending(void);
/* The figure F as an SVG document (lt_plot_write_svg) to O, opened by
   lt_io_out_open, then lt_io_out_commit: a write error names the path. */
#include "lietool/plot.h"
lt_status lt_io_out_svg(lt_io_out_t O, const lt_plot_t F, lt_err_t err);
/* Directory of the named objects (algebras/); malloc'd. */
char *lt_io_algebras_dir(void);
/* Names of the files in algebras/groups, for suggestions and listings. */
int lt_io_named_groups(char ***names);
/* The same for any subdirectory sub of algebras/ and file ending ext
   (".lie"): sorted, malloc'd, ending removed. */
int lt_io_named(const char *sub, const char *ext, char ***names);


/* ---- trained models (src/io/model.c; lietool-formats(5), TRAINED MODELS) ---- */
#include "lietool/model.h"
/* Reads DIR/config.json and the weights in DIR (lt_ckpt_read_dir: model.safetensors,
   the sharded index, pytorch_model.bin, ...) into M (initialised; its
   contents are replaced); the layout (lietool-diag, Hugging Face's Mamba,
   mamba_ssm's) comes from the config and every tensor name may carry a
   prefix such as "model."; every tensor's shape is checked against the
   config. LT_EINPUT naming the file, key or tensor; LT_ELIMIT above max_mb
   MiB. */
lt_status lt_io_model_read(lt_model_t M, const char *dir, long max_mb, lt_err_t err);
/* The same with the precision of the forward pass (LT_COMPUTE_CONFIG: the
   default, f32); the parameters are rounded to it. */
lt_status lt_io_model_load(lt_model_t M, const char *dir, long max_mb, lt_model_compute compute, lt_err_t err);
/* The same from memory: the text of config.json and the bytes of a
   model.safetensors (copied); name stands for the directory in messages
   (the Python package's PyTorch hook: a module in training). */
lt_status lt_io_model_load_mem(lt_model_t M, const char *name, const char *config, size_t config_len,
                               const unsigned char *safetensors, size_t size, lt_model_compute compute, lt_err_t err);
/* The outputs of an evaluation (lietool ssm eval --predictions, --logits;
   lietool-formats(5)): the header of each file, then per word a row
   "seed,input,target,prediction" (tokens separated by spaces; the training
   script's file, byte for byte), and the word's tokens on one line followed
   by its T rows of classes logits (%.9g). */
void lt_io_write_predictions_header(FILE *f);
void lt_io_write_predictions_row(FILE *f, const char *seed, const int *input, const int *target,
                                 const int *prediction, long T);
void lt_io_write_logits_header(FILE *f, long words, long max_len, int classes);
void lt_io_write_logits_row(FILE *f, const int *input, const float *logits, long T, int classes);
/* The experiments of the simulator (src/io/experiment.c; lietool(1), ssm):
   per position "position,correct,samples,accuracy,correct_modulo_tracked"
   (ssm cascade --csv), and per drift run (group g, precision prec[p],
   renormalisation, word) "group,precision,renormalize,sample,first_wrong,
   tokens,max_phase_error,min_modulus,max_modulus", names[g] the groups as
   given (quoted), first_wrong empty when right throughout (ssm drift --csv). */
#include "lietool/ssm.h"
void lt_io_write_cascade_csv(FILE *f, const lt_cascade_accuracy_t Z);
void lt_io_write_drift_csv(FILE *f, const lt_cascade_drift_result_t Z, const lt_prec *prec, const char *const *names);
/* The MSE of a rotation run (lietool ssm rotation --csv; lietool/rotation.h)
   as CSV: "kind,step,depth,truncation_class,position,mse", a row per
   position of the run at h ("run") and of each fit step ("fit"). */
#include "lietool/rotation.h"
void lt_io_write_rotation_csv(FILE *f, const lt_rotation_params *P, const lt_rotation_result_t Z);
/* A checkpoint on the rotation task (lietool ssm eval --task rotation
   --csv; lietool/model_rotation.h): "position,words,mse,ideal_mse", a row
   per position, ideal_mse empty without the ideal model. */
#include "lietool/model_rotation.h"
void lt_io_write_rotation_eval_csv(FILE *f, const lt_model_rotation_t R);

/* ---- Lie algebras (src/io/lie.c) ---- */
#include "lietool/liealg.h"
/* 1 if the text names a Lie algebra rather than a group: LieAlgebra(...),
   a lower-case family (gl(n), sl(n), so(n), sp(2m), b(n), n(n), heis(2m+1),
   aff(n), se(2), se(3), abelian(n), fnil(r,c)), a .lie file, or a name in
   algebras/lie. */
int lt_io_is_liealg(const char *spec);
/* Parses a Lie algebra object into L; *name (if not NULL) a malloc'd name. */
lt_status lt_io_liealg(lt_liealg_t L, char **name, const char *spec,
                       const lt_ctx_t ctx, lt_err_t err);
/* The object spec names (src/io/object.c): with is_lie the Lie algebra
   into L (lt_io_liealg), else the group into G with its stabilizer chain
   (lt_io_group, lt_pgrp_chain). is_lie is lt_io_is_liealg(spec) unless
   the caller knows better. */
lt_status lt_io_object(lt_pgrp_t G, lt_liealg_t L, int is_lie, const char *spec, const lt_ctx_t ctx, lt_err_t err);
/* Parses one rational matrix "[[1,0],[0,-1/2]]" starting at s; *end is set
   past it. Entries: integers or p/q (decimals are refused here). */
lt_status lt_io_qmat(fmpq_mat_t M, const char *s, const char **end,
                     const char *where, const lt_ctx_t ctx, lt_err_t err);
/* Writes / reads GAP's structure-constant table format (the list printed by
   StructureConstantsTable(Basis(L)), see lietool-formats(5)). */
void lt_io_write_gap_table(FILE *f, const lt_liealg_t L);
lt_status lt_io_read_gap_table(lt_liealg_t L, const char *text, const char *where,
                               const lt_ctx_t ctx, lt_err_t err);

/* Generators with decimal entries for the floating-point path:
   LieAlgebra(Rationals or Reals, [ matrices ]) with integer, p/q or decimal
   entries; *gens holds *k matrices of size *n, row by row (lt_free it). */
lt_status lt_io_float_gens(double **gens, slong *k, slong *n, const char *spec,
                           const lt_ctx_t ctx, lt_err_t err);

/* ---- matrix representations (src/io/rep.c; lietool-formats(5)) ---- */
#include "lietool/rep.h"
/* Reads the representation file at path for the group G (complete chain)
   into R (initialised; its contents are replaced); LT_EINPUT names the
   line: syntax, an unknown element, an element assigned twice, a
   non-square matrix or sizes that differ. The check is lt_rep_check. */
lt_status lt_io_rep_read(lt_rep_t R, const char *path, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err);

#endif
