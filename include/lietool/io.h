/* Reading and writing files: the group grammar of lietool(1) (OBJECTS), GAP syntax, .grp files,
   Cayley-table JSON, JSON itself, checkpoints (safetensors, torch zip) and dataset CSV files. */
#ifndef LIETOOL_IO_H
#define LIETOOL_IO_H

#include <stdio.h>
#include "lietool/core.h"
#include "lietool/perm.h"

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
   the convention conv (lietool/perm.h), replacing C's contents: in the
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
/* The object grammar in brief, the names the parser reads: of groups
   (lie 0) or of Lie algebras (lie 1), a line per form (`lietool help
   groups`, `lietool help algebras`). */
const char *lt_io_grammar(int lie);
/* The running binary's path (/proc/self/exe), malloc'd, or NULL. */
char *lt_io_self_path(void);
/* Names of the files in algebras/groups, for suggestions and listings. */
int lt_io_named_groups(char ***names);
/* The same for any subdirectory sub of algebras/ and file ending ext
   (".lie"): sorted, malloc'd, ending removed. */
int lt_io_named(const char *sub, const char *ext, char ***names);


/* ---- trained models (src/io/model_read.c; lietool-formats(5), TRAINED MODELS) ---- */
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
/* The experiments of the simulator (src/io/experiment_write.c; lietool(1), ssm):
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
   --csv; lietool/rotation.h): "position,words,mse,ideal_mse", a row
   per position, ideal_mse empty without the ideal model. */
void lt_io_write_rotation_eval_csv(FILE *f, const lt_model_rotation_t R);

/* ---- Lie algebras (src/io/lie_read.c) ---- */
#include "lietool/liealg.h"
/* 1 if the text names a Lie algebra rather than a group: LieAlgebra(...),
   a lower-case family (gl(n), sl(n), so(n), sp(2m), b(n), n(n), heis(2m+1),
   aff(n), se(2), se(3), abelian(n), fnil(r,c)), a .lie file, or a name in
   algebras/lie. */
int lt_io_is_liealg(const char *spec);
/* Parses a Lie algebra object into L; *name (if not NULL) a malloc'd name. */
lt_status lt_io_liealg(lt_liealg_t L, char **name, const char *spec,
                       const lt_ctx_t ctx, lt_err_t err);
/* The object spec names (src/io/object_read.c): with is_lie the Lie algebra
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
/* The Lie algebra of spec in doubles, closed with its rank decisions in
   log (tolerance tol): from GAP syntax with decimal entries
   (lt_io_float_gens), or from an exact object's matrix basis (L receives
   it; LT_EINPUT when it has no matrix form). */
lt_status lt_io_fliealg(lt_fliealg_t F, lt_liealg_t L, const char *spec, double tol, lt_rank_log_t log,
                        const lt_ctx_t ctx, lt_err_t err);

/* ---- matrix representations (src/io/rep_read.c; lietool-formats(5)) ---- */
#include "lietool/rep.h"
/* Reads the representation file at path for the group G (complete chain)
   into R (initialised; its contents are replaced); LT_EINPUT names the
   line: syntax, an unknown element, an element assigned twice, a
   non-square matrix or sizes that differ. The check is lt_rep_check. */
lt_status lt_io_rep_read(lt_rep_t R, const char *path, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err);


/* ==== JSON ==== */
/* A small JSON reader (RFC 8259) and writing helpers. */
#include <stdio.h>
#include "lietool/core.h"

typedef enum { LT_JSON_NULL, LT_JSON_BOOL, LT_JSON_NUMBER, LT_JSON_STRING,
               LT_JSON_ARRAY, LT_JSON_OBJECT } lt_json_type;

typedef struct lt_json_struct lt_json;
struct lt_json_struct {
    lt_json_type type;
    int boolean;
    char *str;          /* string value, or the number's text */
    int len;            /* array/object length */
    lt_json **items;    /* array items or object values */
    char **keys;        /* object keys */
    int line, col;      /* where the value starts */
};

/* Parses text[0..n-1]; on failure returns NULL and sets err (line:col). */
lt_json *lt_json_parse(const char *text, size_t n, lt_err_t err);
/* With LT_JSON_NONFINITE, also the numbers Infinity, -Infinity and NaN, as
   Python's json module writes them (a model's config.json may hold them);
   their text is the word, which strtod reads. */
#define LT_JSON_NONFINITE 1
lt_json *lt_json_parse_flags(const char *text, size_t n, int flags, lt_err_t err);
void lt_json_free(lt_json *v);
const lt_json *lt_json_get(const lt_json *obj, const char *key);
/* Integer value of a number that is an exact integer in range; 0 on failure. */
int lt_json_int(const lt_json *v, long *out);
/* Compact text of a value (malloc'd), for messages. */
char *lt_json_text(const lt_json *v);

/* Writes s as a JSON string literal. */
void lt_json_put_string(FILE *f, const char *s);

/* The JSON document in a file; NULL with err set (prefixed by the path for
   a syntax error). */
lt_json *lt_io_read_json(const char *path, const lt_ctx_t ctx, lt_err_t err);

/* ==== safetensors ==== */
/* The safetensors checkpoint format (Hugging Face), read by hand: an
   8-byte little-endian header length n, n bytes of JSON
   {"NAME": {"dtype": "F32", "shape": [..], "data_offsets": [begin, end]},
    ..., "__metadata__": {"key": "string", ...}}, then the raw
   little-endian tensor bytes; data_offsets are relative to the first byte
   after the header. Everything is validated before any tensor is read:
   the header length against the file size, each tensor's offsets inside
   the data, tensors not overlapping, shape x dtype size == byte length.
   lietool-formats(5), SAFETENSORS CHECKPOINTS. */
#include <stddef.h>
#include <stdint.h>
#include "lietool/core.h"

typedef enum { LT_ST_F32, LT_ST_F16, LT_ST_BF16, LT_ST_F64,
               LT_ST_I64, LT_ST_I32, LT_ST_I16, LT_ST_I8, LT_ST_U8, LT_ST_BOOL, LT_ST_NDTYPES } lt_st_dtype;
/* "F32", ...; its size in bytes. */
const char *lt_st_dtype_name(lt_st_dtype d);
size_t lt_st_dtype_size(lt_st_dtype d);

#define LT_ST_MAX_DIM 8
typedef struct {
    char *name;
    lt_st_dtype dtype;
    int ndim;
    int64_t shape[LT_ST_MAX_DIM];
    uint64_t numel;
    uint64_t begin, end;        /* byte offsets in the data section */
} lt_st_tensor;

typedef struct {
    int n;
    lt_st_tensor *t;
    unsigned char *buf;         /* the whole file */
    size_t size;
    size_t data;                /* offset of the data section in buf */
} lt_safetensors_struct;
typedef lt_safetensors_struct lt_safetensors_t[1];

void lt_safetensors_init(lt_safetensors_t S);
void lt_safetensors_clear(lt_safetensors_t S);
/* Takes ownership of buf[0..size-1] (lt_malloc'd) and validates it;
   LT_EINPUT with a message naming the tensor and the problem. */
lt_status lt_safetensors_parse(lt_safetensors_t S, unsigned char *buf, size_t size, lt_err_t err);
/* Reads and validates a file; LT_ELIMIT when it is larger than max_mb MiB
   (--max-checkpoint-mb). */
lt_status lt_safetensors_read(lt_safetensors_t S, const char *path, long max_mb, lt_err_t err);
/* The tensor called name, or NULL. */
const lt_st_tensor *lt_safetensors_find(const lt_safetensors_t S, const char *name);
/* Converts the tensor called name to float (F32, F16, BF16, F64) into a
   new lt_malloc'd array *out, after checking that it exists and has the
   shape shape[0..ndim-1]; LT_EINPUT naming the tensor otherwise. */
lt_status lt_safetensors_get(float **out, const lt_safetensors_t S, const char *name,
                             int ndim, const int64_t *shape, lt_err_t err);


/* ==== checkpoints ==== */
/* Checkpoint containers: the named tensors of a trained model, whichever
   file format holds them (lietool-formats(5), CHECKPOINT FORMATS):
   - safetensors: model.safetensors (lietool/io.h);
   - sharded safetensors: model.safetensors.index.json, whose "weight_map"
     names the shard (a file in the same directory) of every tensor;
   - torch.save's zip: pytorch_model.bin, a zip of stored (uncompressed)
     members PREFIX/data.pkl (a pickle of the state dict) and
     PREFIX/data/KEY (each storage's raw little-endian bytes), read by a
     restricted unpickler that knows only the opcodes and globals that
     torch.save writes for a dict of tensors: every other opcode or global
     is LT_EINPUT, nothing is imported or called;
   - sharded torch files: pytorch_model.bin.index.json, the same index over
     torch files.
   Every tensor's bytes are checked to lie in the file before it is used. */
#include <stddef.h>
#include <stdint.h>
#include "lietool/core.h"

typedef struct {
    char *name;
    lt_st_dtype dtype;
    int ndim;
    int64_t shape[LT_ST_MAX_DIM];
    uint64_t numel;
    const unsigned char *data;  /* numel x dtype size bytes, little-endian, row-major */
} lt_ckpt_tensor;

typedef struct {
    int n, alloc;
    lt_ckpt_tensor *t;
    int nbufs;
    unsigned char **bufs;       /* the files read and the copies made (owned) */
    const char *format;         /* "safetensors", "sharded safetensors", "torch zip", "sharded torch zip" */
    const char *file;           /* the file name in the directory that was read (static) */
} lt_ckpt_struct;
typedef lt_ckpt_struct lt_ckpt_t[1];

void lt_ckpt_init(lt_ckpt_t C);
void lt_ckpt_clear(lt_ckpt_t C);

/* A directory: tries model.safetensors, model.safetensors.index.json,
   pytorch_model.bin and pytorch_model.bin.index.json, in that order, and
   reads the first that exists. When none exists, LT_EINPUT with a message
   naming each file tried and why it failed. Files above max_mb MiB in all
   are LT_ELIMIT (--max-checkpoint-mb). Messages start with the file. */
lt_status lt_ckpt_read_dir(lt_ckpt_t C, const char *dir, long max_mb, lt_err_t err);

/* One file of a given format. */
lt_status lt_ckpt_read_safetensors(lt_ckpt_t C, const char *path, long max_mb, lt_err_t err);
/* The tensors of a safetensors file in memory: takes ownership of
   buf[0..size-1] (lt_malloc'd), as lt_safetensors_parse. */
lt_status lt_ckpt_parse_safetensors(lt_ckpt_t C, unsigned char *buf, size_t size, lt_err_t err);
lt_status lt_ckpt_read_torch(lt_ckpt_t C, const char *path, long max_mb, lt_err_t err);
/* An index (model.safetensors.index.json or pytorch_model.bin.index.json):
   torch = 1 for shards in torch's format. */
lt_status lt_ckpt_read_index(lt_ckpt_t C, const char *path, int torch, long max_mb, lt_err_t err);
/* torch.save's zip from memory: takes ownership of buf[0..size-1]
   (lt_malloc'd); tensors that are not contiguous are copied, up to
   max_copy bytes in all (LT_ELIMIT beyond). Adds to C's tensors. */
lt_status lt_ckpt_parse_torch(lt_ckpt_t C, unsigned char *buf, size_t size, size_t max_copy, lt_err_t err);

/* The tensor called name, or NULL. */
const lt_ckpt_tensor *lt_ckpt_find(const lt_ckpt_t C, const char *name);
/* Converts the tensor called name (F32, F16, BF16, F64) to a new
   lt_malloc'd float array *out after checking that its shape is
   shape[0..ndim-1]; LT_EINPUT naming the tensor otherwise. */
lt_status lt_ckpt_get(float **out, const lt_ckpt_t C, const char *name, int ndim, const int64_t *shape, lt_err_t err);
/* The same, but an F32 tensor whose bytes are float-aligned on a
   little-endian host is not copied: *out points into C's buffers and
   *borrowed is 1 (the caller takes the buffers over with
   lt_ckpt_take_buffers before C is cleared); otherwise a copy as
   lt_ckpt_get makes, *borrowed 0. */
lt_status lt_ckpt_view(float **out, int *borrowed, const lt_ckpt_t C, const char *name, int ndim, const int64_t *shape,
                       lt_err_t err);
/* Moves C's buffers (the files read and the copies made) to the caller:
   *n of them in a new lt_malloc'd array, each to be lt_free'd. */
unsigned char **lt_ckpt_take_buffers(lt_ckpt_t C, int *n);


/* ==== word-problem dataset files (src/io/dataset_read.c) ==== */
/* The check of a CSV file against both conventions. */
#define LT_DATASET_KEEP 20          /* problem messages kept */
typedef struct {
    long correct, wrong;            /* well-formed rows */
    long row, line, pos;            /* first wrong row (1-based; 0 if none), its line, token */
    long got, want;                 /* the target found there and the product */
} lt_dataset_tally;
typedef struct {
    long rows;                      /* data rows read (blank lines skipped) */
    long bad_rows;                  /* malformed rows (the header counts as row 0) */
    int bad_header;
    long min_len, max_len;          /* word lengths of well-formed rows */
    long max_token;                 /* the largest token in any row, in range or not (-1: none) */
    lt_dataset_tally conv[LT_NCONV];
    /* the verdict: the convention (lt_convention) that every well-formed
       row agrees with, LT_DATASET_BOTH (then same_tables: the two tables
       are one), LT_DATASET_NEITHER, or LT_DATASET_UNDECIDED without
       well-formed rows */
    int verdict, same_tables;
    long nproblems;                 /* all problems found */
    int nkept;
    char *problems[LT_DATASET_KEEP];/* "LINE:COL: message" */
} lt_dataset_report_struct;
typedef lt_dataset_report_struct lt_dataset_report_t[1];
enum { LT_DATASET_BOTH = LT_NCONV, LT_DATASET_NEITHER, LT_DATASET_UNDECIDED };
void lt_dataset_report_init(lt_dataset_report_t R);
void lt_dataset_report_clear(lt_dataset_report_t R);
/* Reads every row of f; C[c] is the group in convention c (same order),
   and decides the verdict. Malformed rows go to the report, not to the
   status; the status fails only for a read error. */
lt_status lt_dataset_check(lt_dataset_report_t R, FILE *f, const lt_cayley_struct *C,
                           const lt_ctx_t ctx, lt_err_t err);

/* The words of a dataset CSV, for a caller that needs them all well
   formed (lietool ssm eval --data): the reader of lt_dataset_check, which
   stops at the first malformed row or a bad header with LT_EINPUT
   "NAME:LINE:COL: message" (NAME: the file's name in messages). Every
   row goes to row(arg, seed field as given, input, target, length, line);
   a status other than LT_OK from it stops the read and is returned (its
   message prefixed with "NAME: "). Tokens are checked below order. */
typedef lt_status (*lt_dataset_row_fn)(void *arg, const char *seed, const int *input, const int *target,
                                       long len, long line, lt_err_t err);
lt_status lt_dataset_read(FILE *f, const char *name, long order, lt_dataset_row_fn row, void *arg,
                          const lt_ctx_t ctx, lt_err_t err);

/* ==== matrix files (src/io/matfile_read.c) ==== */
#include "lietool/free.h"
/* lt_free_matfile_parse on the file at path (LT_EINPUT when it cannot be
   read). */
lt_status lt_io_matfile_read(lt_matfile_t F, const char *path, const lt_ctx_t ctx, lt_err_t err);

/* ==== token maps (src/io/token_map_read.c) ==== */
#include "lietool/dataset.h"
/* The tokens dataset generate writes (its --token-map, --offset, --bos;
   the Python package's dataset): path a token-map file (else NULL), or
   offset (-1: not given; --bos alone means offset 0); T->token NULL when
   none of the three is given. */
lt_status lt_token_map_choose(lt_token_map *T, long n, const char *path, long offset, long bos, lt_err_t err);
/* A JSON file mapping elements to tokens: an object whose keys are the
   elements' indices in decimal ("0", "1", ...) and values token ids,
   other keys ignored (a tokenizer's vocab.json), or a tokenizer.json whose
   "model": {"vocab": ...} is such an object. Every element 0..n-1 must be
   there; tokens distinct and not bos. */
lt_status lt_token_map_read(lt_token_map *T, long n, const char *path, long bos, lt_err_t err);

/* ==== the words of a dataset (src/io/dataset_read.c) ==== */
#include "lietool/model.h"
/* Appends the words of a dataset CSV (lt_dataset_read: LT_EINPUT at the
   first malformed row, "NAME:LINE:COL: message"; NAME is the file's name
   in messages), tokens below order. An empty word is LT_EINPUT; a word
   above max_len tokens or more than max_samples words LT_ELIMIT; a file
   without words LT_EINPUT. */
lt_status lt_words_read(lt_words_t W, FILE *f, const char *name, long order, long max_len, long max_samples,
                        const lt_ctx_t ctx, lt_err_t err);

#endif
