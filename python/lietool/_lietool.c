/* lietool._lietool: the CPython extension module behind the package
   `lietool` (python/lietool/__init__.py). It loads objects with the
   command line's loading path (lt_io_object), computes with the library
   and writes each result with the command line's own writer (src/write)
   into a JSON document in memory, so that the keys are those of
   `lietool CMD --json` by construction; the package turns the text into
   Python types. Datasets come back as int64 NumPy arrays parsed from the
   CSV of lt_dataset_generate (NumPy is imported by the first dataset
   call; the rest runs without it). Library failures raise the package's
   exceptions (one class per exit status) with lietool's message.

   Every library call runs with the GIL released and under one module
   lock: lietool's global state (named-group tables, the allocation
   count) is not meant for concurrent calls, and a training loop's other
   threads keep running meanwhile. The hard --max-memory bound of the
   command line (lt_mem_set_limit, which ends the process) is not set
   here; max_memory bounds the tables where the library checks it
   (lt_ctx_check_memory) and raises LimitExceeded. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lietool.h"
#include "lietool/doc.h"
#include "lietool/write.h"
#include "lietool/dataset.h"
#include "lietool/free.h"
#include "lietool/model.h"

static PyObject *exc_base, *exc_usage, *exc_input, *exc_limit, *exc_numeric;
static PyThread_type_lock lib_lock;

/* Each call is a run of its own: the files an earlier call read are not
   its inputs (lt_io_run_begin). */
#define LIB_BEGIN Py_BEGIN_ALLOW_THREADS PyThread_acquire_lock(lib_lock, WAIT_LOCK); lt_io_run_begin();
#define LIB_END PyThread_release_lock(lib_lock); Py_END_ALLOW_THREADS

/* Raises the exception of a library status with its message; NULL. */
static PyObject *raise_status(lt_status st, const char *msg)
{
    PyObject *cls = st == LT_EINPUT ? exc_input : st == LT_ELIMIT ? exc_limit : st == LT_ENUMERIC ? exc_numeric
                  : exc_base;
    PyErr_SetString(cls, msg && *msg ? msg : "internal error");
    return NULL;
}

static PyObject *raise_err(const lt_err_t err)
{
    return raise_status(err->status, err->msg);
}

/* The limits every function takes (the CLI's --max-* options). */
typedef struct {
    long max_degree, max_enum, max_memory, max_dim;
    const char *max_order;
} limits;

#define LIMIT_KW "max_degree", "max_order", "max_enum", "max_memory", "max_dim"
#define LIMIT_FMT "lslll"
#define LIMIT_ARGS(L) &(L).max_degree, &(L).max_order, &(L).max_enum, &(L).max_memory, &(L).max_dim

/* ctx from L: -1 when L is out of range (UsageError raised). */
static int ctx_from(lt_ctx_t ctx, const limits *L)
{
    lt_ctx_init(ctx);
    if (L->max_degree < 1 || L->max_degree > LT_MAX_DEGREE || L->max_enum < 1 || L->max_memory < 1
        || L->max_dim < 1) {
        PyErr_SetString(exc_usage, "the limits max_degree, max_enum, max_memory and max_dim must be positive "
                                   "(max_degree at most 10^9)");
        return -1;
    }
    if (!L->max_order) {
        PyErr_SetString(exc_usage, "the limits max_degree, max_order, max_enum, max_memory and max_dim are required");
        return -1;
    }
    size_t n = strlen(L->max_order);
    if (n == 0 || n >= sizeof ctx->max_order) {
        PyErr_SetString(exc_usage, "max_order must be a positive integer or 1eN, of at most 1099 digits");
        return -1;
    }
    ctx->max_degree = L->max_degree;
    ctx->max_enum = L->max_enum;
    ctx->max_memory_mb = L->max_memory;
    ctx->max_dim = L->max_dim;
    memcpy(ctx->max_order, L->max_order, n + 1);
    return 0;
}

/* A JSON document written into memory. */
typedef struct {
    char *buf;
    size_t size;
    FILE *f;
    lt_doc d;
} memdoc;

static int memdoc_start(memdoc *m, const char *object, const char *command)
{
    m->buf = NULL;
    m->size = 0;
    m->f = open_memstream(&m->buf, &m->size);
    if (!m->f) return -1;
    lt_doc_init(&m->d, m->f, LT_DOC_JSON);
    lt_doc_start(&m->d, object, command, command);
    return 0;
}

/* Ends the document; the text as a str (NULL on failure). */
static PyObject *memdoc_end(memdoc *m)
{
    lt_doc_end(&m->d, NULL);
    fclose(m->f);
    PyObject *s = PyUnicode_FromStringAndSize(m->buf, (Py_ssize_t)m->size);
    free(m->buf);
    return s;
}

static PyObject *memdoc_fail(void)
{
    return PyErr_NoMemory();
}

/* One call on an object: its limits, status, message and document. */
typedef struct {
    lt_ctx_t ctx;
    lt_err_t err;
    lt_status st;
    int nomem;
    memdoc m;
} call;

static int call_init(call *c, const limits *L)
{
    lt_err_init(c->err);
    c->st = LT_OK;
    c->nomem = 0;
    return ctx_from(c->ctx, L);
}

/* Starts the call's document (no GIL). */
static int call_doc(call *c, const char *spec, const char *command)
{
    if (memdoc_start(&c->m, spec, command)) c->nomem = 1;
    return c->nomem ? -1 : 0;
}

/* A call's result: its failure raised, or the document's text. */
static PyObject *finish(call *c)
{
    if (c->st) return raise_err(c->err);
    if (c->nomem) return memdoc_fail();
    return memdoc_end(&c->m);
}

/* The object spec names, loaded as the command line loads it (no GIL:
   called between LIB_BEGIN and LIB_END); release with unload. */
typedef struct {
    lt_pgrp_t G;
    lt_liealg_t L;
    int is_lie;
} object;

static lt_status load(object *X, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    X->is_lie = lt_io_is_liealg(spec);
    lt_pgrp_init(X->G, 1);
    lt_liealg_init(X->L);
    return lt_io_object(X->G, X->L, X->is_lie, spec, ctx, err);
}

static void unload(object *X)
{
    lt_pgrp_clear(X->G);
    lt_liealg_clear(X->L);
}

/* _info(spec, limits...) -> the JSON of `lietool info --json SPEC` */
static PyObject *py_info(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"spec", LIMIT_KW, NULL};
    const char *spec;
    limits L;
    call c;
    object X;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s" LIMIT_FMT, kwlist, &spec, LIMIT_ARGS(L)) || call_init(&c, &L))
        return NULL;
    LIB_BEGIN
    c.st = load(&X, spec, c.ctx, c.err);
    if (!c.st && X.is_lie) {
        lt_liealg_profile_t P;
        lt_liealg_profile_init(P);
        lt_liealg_profile(P, X.L, LT_LIE_PROFILE_ALL);
        if (!call_doc(&c, spec, "info")) lt_write_profile_lie(&c.m.d, spec, P);
        lt_liealg_profile_clear(P);
    } else if (!c.st) {
        lt_pgrp_profile_t P;
        lt_pgrp_profile_init(P);
        c.st = lt_pgrp_profile(P, X.G, LT_PGRP_PROFILE_ALL, c.ctx, c.err);
        lt_chartab_t T;
        lt_chartab_inv_t I;
        lt_err_t terr;
        lt_chartab_init(T);
        lt_err_init(terr);
        int have = !c.st && lt_chartab_profile(T, X.G, c.ctx, terr) == LT_OK;
        if (have) lt_chartab_invariants(&I, T, 0);
        lt_pgrp_mindeg_t mu;
        lt_pgrp_mindeg_init(mu);
        lt_err_t merr;
        lt_err_init(merr);
        int have_mu = !c.st && lt_pgrp_min_faithful_degree(mu, X.G, c.ctx, merr) == LT_OK;
        if (!c.st && !call_doc(&c, spec, "info"))
            lt_write_profile_group(&c.m.d, spec, X.G, P, c.ctx->max_enum, have ? T : NULL, have ? &I : NULL,
                                   have ? NULL : terr->msg, have_mu ? mu : NULL);
        lt_pgrp_mindeg_clear(mu);
        lt_chartab_clear(T);
        lt_pgrp_profile_clear(P);
    }
    unload(&X);
    LIB_END
    return finish(&c);
}

/* _character_table(spec, limits...) -> the JSON of `lietool character-table --json SPEC` */
static PyObject *py_character_table(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"spec", LIMIT_KW, NULL};
    const char *spec;
    limits L;
    call c;
    object X;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s" LIMIT_FMT, kwlist, &spec, LIMIT_ARGS(L)) || call_init(&c, &L))
        return NULL;
    LIB_BEGIN
    c.st = load(&X, spec, c.ctx, c.err);
    if (!c.st && X.is_lie) c.st = lt_err_set(c.err, LT_EINPUT, "'%s' is a Lie algebra: character tables are of groups", spec);
    if (!c.st) {
        lt_chartab_t T;
        lt_chartab_init(T);
        c.st = lt_chartab_compute(T, X.G, c.ctx, c.err);
        if (!c.st) {
            lt_chartab_inv_t I;
            lt_chartab_invariants(&I, T, 0);
            if (!call_doc(&c, spec, "character-table")) lt_write_character_table(&c.m.d, spec, T, &I);
        }
        lt_chartab_clear(T);
    }
    unload(&X);
    LIB_END
    return finish(&c);
}

/* _series(spec, lower, length_only, limits...) -> the JSON of
   derived-series, or lower-central-series with lower; derived-length
   and nilpotency-class with length_only */
static PyObject *py_series(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"spec", "lower", "length_only", LIMIT_KW, NULL};
    static const char *const names[2][2] = {{"derived-series", "lower-central-series"},
                                            {"derived-length", "nilpotency-class"}};
    const char *spec;
    int lower, length_only;
    limits L;
    call c;
    object X;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "spp" LIMIT_FMT, kwlist, &spec, &lower, &length_only, LIMIT_ARGS(L))
        || call_init(&c, &L))
        return NULL;
    LIB_BEGIN
    c.st = load(&X, spec, c.ctx, c.err);
    lt_tex_series_t T;
    if (!c.st) c.st = lt_tex_series_of(&T, X.is_lie ? NULL : X.G, X.L, lower, c.ctx, c.err);
    if (!c.st) {
        if (!call_doc(&c, spec, names[length_only][lower])) lt_write_series(&c.m.d, spec, &T, lower, length_only);
        lt_tex_series_clear(&T);
    }
    unload(&X);
    LIB_END
    return finish(&c);
}

/* _plan(spec, arch, layers, length, sharp, limits...) -> the JSON of
   `lietool plan --json` (length 0: every length; sharp: --bound sharp) */
static PyObject *py_plan(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"spec", "arch", "layers", "length", "sharp", LIMIT_KW, NULL};
    const char *spec, *arch;
    long layers, length;
    int sharp;
    limits L;
    call c;
    object X;
    lt_arch a;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "ssllp" LIMIT_FMT, kwlist, &spec, &arch, &layers, &length, &sharp,
                                     LIMIT_ARGS(L)))
        return NULL;
    if (lt_arch_parse(&a, arch))
        return PyErr_Format(exc_usage, "plan: --arch needs a layer family (%s), not '%s'", lt_arch_list(), arch);
    if (layers < 1 || layers > 1000000)
        return PyErr_Format(exc_usage, "plan: --layers needs an integer from 1 to 10^6, not '%ld'", layers);
    if (length < 0) return PyErr_Format(exc_usage, "plan: --length needs a positive integer, not '%ld'", length);
    if (call_init(&c, &L)) return NULL;
    lt_plan_verdict_t V;
    LIB_BEGIN
    lt_plan_verdict_init(V);
    c.st = load(&X, spec, c.ctx, c.err);
    if (!c.st) c.st = lt_plan_object(V, X.is_lie ? NULL : X.G, X.L, &a, layers, length,
                                     sharp ? LT_BOUND_SHARP : LT_BOUND_V1, c.ctx, c.err);
    if (!c.st && !call_doc(&c, spec, "plan")) lt_write_verdict(&c.m.d, V, spec, "");
    lt_plan_verdict_clear(V);
    unload(&X);
    LIB_END
    return finish(&c);
}

/* _bch(n, symmetric, max_enum, max_memory) -> the JSON of `lietool bch --json N` */
static PyObject *py_bch(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"n", "symmetric", "max_enum", "max_memory", NULL};
    long n;
    int symmetric;
    limits L = {.max_degree = 1, .max_dim = 1, .max_order = "1"};
    call c;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "lpll", kwlist, &n, &symmetric, &L.max_enum, &L.max_memory))
        return NULL;
    if (n < 1 || n > 1000)
        return PyErr_Format(exc_input, "bch: the degree must be an integer from 1 to 1000, not '%ld'", n);
    if (call_init(&c, &L)) return NULL;
    char object[32];
    snprintf(object, sizeof object, "%ld", n);
    lt_lyndon_t B;
    fmpq *q = NULL;
    LIB_BEGIN
    lt_lyndon_init(B);
    c.st = lt_free_bch_series(B, &q, n, symmetric, c.ctx, c.err);
    if (c.st) lt_err_prefix(c.err, "%s", "bch");
    else if (!call_doc(&c, object, "bch")) {
        lt_doc_heading(&c.m.d, NULL, NULL);
        lt_write_bch(&c.m.d, B, q, symmetric);
    }
    if (q) _fmpq_vec_clear(q, B->n);
    lt_lyndon_clear(B);
    LIB_END
    return finish(&c);
}

/* _magnus(tokens, order, max_length, max_enum, max_memory, max_dim) -> the
   JSON of `lietool magnus --order K --json TOKENS...` (tokens: a list of
   str, each as one operand of the command line) */
static PyObject *py_magnus(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"tokens", "order", "max_length", "max_enum", "max_memory", "max_dim", NULL};
    PyObject *list;
    long K, max_length;
    limits L = {.max_degree = 1, .max_order = "1"};
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!lllll", kwlist, &PyList_Type, &list, &K, &max_length, &L.max_enum,
                                     &L.max_memory, &L.max_dim))
        return NULL;
    if (K < 1 || K > 1000)
        return PyErr_Format(exc_usage, "magnus: --order needs an integer from 1 to 1000, not '%ld'", K);
    if (max_length < 1) return PyErr_Format(exc_usage, "magnus: max_length must be positive");
    Py_ssize_t nw = PyList_GET_SIZE(list);
    if (nw < 1 || nw > INT_MAX) return PyErr_Format(exc_usage, "magnus: the word is empty");
    call c;
    if (call_init(&c, &L)) return NULL;
    char **words = PyMem_Calloc((size_t)nw, sizeof *words);
    if (!words) return PyErr_NoMemory();
    size_t olen = 1;
    for (Py_ssize_t i = 0; i < nw; i++) {
        PyObject *o = PyList_GET_ITEM(list, i);
        Py_ssize_t ul = 0;
        const char *u = PyUnicode_Check(o) ? PyUnicode_AsUTF8AndSize(o, &ul) : NULL;
        if (!u) {
            PyMem_Free(words);
            if (!PyErr_Occurred()) PyErr_SetString(exc_usage, "magnus: the word's tokens must be str");
            return NULL;
        }
        /* a NUL would end the token early: 'a\0b' is not 'a' */
        if (strlen(u) != (size_t)ul) {
            PyMem_Free(words);
            return PyErr_Format(exc_input, "magnus: letter %zd contains a NUL character", i + 1);
        }
        words[i] = (char *)u;
        olen += strlen(u) + 1;
    }
    char *object = PyMem_Malloc(olen);
    if (!object) {
        PyMem_Free(words);
        return PyErr_NoMemory();
    }
    object[0] = '\0';
    for (Py_ssize_t i = 0; i < nw; i++) {
        if (i) strcat(object, " ");
        strcat(object, words[i]);
    }
    lt_free_word_t W;
    lt_lyndon_t B;
    fmpq *q = NULL;
    LIB_BEGIN
    lt_free_word_init(W);
    lt_lyndon_init(B);
    c.st = lt_free_word_read(W, words, (int)nw, max_length, c.err);
    if (!c.st) c.st = lt_free_magnus_series(B, &q, W, K, c.ctx, c.err);
    if (c.st) lt_err_prefix(c.err, "%s", "magnus");
    else if (!call_doc(&c, object, "magnus")) lt_write_magnus(&c.m.d, K, B, q, W);
    if (q) _fmpq_vec_clear(q, B->n);
    lt_lyndon_clear(B);
    lt_free_word_clear(W);
    LIB_END
    PyMem_Free(object);
    PyMem_Free(words);
    return finish(&c);
}

/* _lie(spec, what, limits...) -> the JSON of `lietool closure --json SPEC`
   (what 0: a basis as matrices) or `lietool killing --json SPEC` (what 1) */
static PyObject *py_lie(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"spec", "what", LIMIT_KW, NULL};
    const char *spec;
    int what;
    limits L;
    call c;
    object X;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "si" LIMIT_FMT, kwlist, &spec, &what, LIMIT_ARGS(L)) || call_init(&c, &L))
        return NULL;
    const char *cmd = what ? "killing" : "closure";
    if (!lt_io_is_liealg(spec))
        return PyErr_Format(exc_usage, "%s: '%s' is a group; this command takes a Lie algebra (see 'lietool help "
                                       "algebras')", cmd, spec);
    LIB_BEGIN
    c.st = load(&X, spec, c.ctx, c.err);
    if (!c.st && !call_doc(&c, spec, cmd)) {
        if (what) {
            fmpq_mat_t K;
            fmpq_mat_init(K, X.L->dim, X.L->dim);
            lt_liealg_killing(K, X.L);
            lt_write_killing(&c.m.d, spec, K, X.L->dim ? lt_qmat_rank(K) : 0);
            fmpq_mat_clear(K);
        } else {
            lt_qspace_t S;
            lt_qspace_init(S, X.L->dim);
            lt_qspace_full(S, X.L->dim);
            lt_write_lie_space(&c.m.d, spec, ": a basis", X.L, S, 1);
            lt_qspace_clear(S);
        }
    }
    unload(&X);
    LIB_END
    return finish(&c);
}

/* Reads the next decimal token of the CSV at *s; -1 on a malformed field. */
static int read_token(const char **s, npy_int64 *v)
{
    const char *p = *s;
    if (*p < '0' || *p > '9') return -1;
    npy_int64 x = 0;
    while (*p >= '0' && *p <= '9') x = x * 10 + (*p++ - '0');
    *v = x;
    *s = p;
    return 0;
}

/* The rows "seed,a b c,x y z" of buf (after the header) into in and out,
   rows x len each; -1 if the text is not that. */
static int parse_csv(const char *buf, long rows, long len, npy_int64 *in, npy_int64 *out)
{
    const char *s = strchr(buf, '\n');
    if (!s) return -1;
    s++;
    for (long r = 0; r < rows; r++) {
        s = strchr(s, ',');
        if (!s) return -1;
        s++;
        for (int part = 0; part < 2; part++) {
            npy_int64 *dst = (part ? out : in) + r * len;
            for (long t = 0; t < len; t++) {
                if (t && *s++ != ' ') return -1;
                if (read_token(&s, dst + t)) return -1;
            }
            if (*s++ != (part ? '\n' : ',')) return -1;
        }
    }
    return *s == '\0' ? 0 : -1;
}

/* _dataset(spec, length, samples, seed, convention, max_length,
   max_samples, max_tokens, limits...) -> (inputs, targets, capped) */
static PyObject *py_dataset(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"spec", "length", "samples", "seed", "gap", "max_length", "max_samples", "max_tokens",
                             "bos", "offset", "token_map", LIMIT_KW, NULL};
    const char *spec, *token_map = NULL;
    long length, samples, bos = -1, offset = -1;
    unsigned long long seed;
    int gap;
    lt_dataset_limits DL;
    limits L;
    lt_ctx_t ctx;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "sllKplllllz" LIMIT_FMT, kwlist, &spec, &length, &samples, &seed, &gap,
                                     &DL.max_length, &DL.max_samples, &DL.max_tokens, &bos, &offset, &token_map,
                                     LIMIT_ARGS(L)))
        return NULL;
    if (bos < -1 || bos > (1L << 30) || offset < -1 || offset > (1L << 30)) {
        PyErr_SetString(exc_usage, "dataset: bos and offset must be from 0 to 2^30");
        return NULL;
    }
    if (offset >= 0 && token_map) {
        PyErr_SetString(exc_usage, "dataset: give offset or token_map, not both");
        return NULL;
    }
    /* NumPy is imported here, not with the module: the rest works without it */
    if (!PyArray_API && _import_array() < 0) return NULL;
    if (length < 1 || samples == 0 || samples < -1) {
        PyErr_SetString(exc_usage, "dataset: length must be positive and samples positive or None (every word)");
        return NULL;
    }
    if (ctx_from(ctx, &L)) return NULL;
    if (lt_io_is_liealg(spec)) {
        PyErr_Format(exc_usage, "dataset: '%s' is a Lie algebra; this command takes a group", spec);
        return NULL;
    }
    lt_err_t err;
    lt_err_init(err);
    lt_cayley_t C;
    char *buf = NULL;
    size_t size = 0;
    int capped = 0, nomem = 0;
    lt_status st;
    LIB_BEGIN
    lt_cayley_init(C);
    st = lt_dataset_check_limits(&DL, length, samples, 0, NULL, err);
    if (!st) st = lt_io_cayley_table(C, spec, gap ? LT_CONV_GAP : LT_CONV_AA, ctx, err);
    if (!st) st = lt_dataset_check_limits(&DL, length, samples, C->n, spec, err);
    if (!st) {
        lt_token_map map = {0};
        st = lt_token_map_choose(&map, C->n, token_map, offset, bos, err);
        FILE *f = st ? NULL : open_memstream(&buf, &size);
        if (!st && !f) nomem = 1;
        else if (!st) {
            st = lt_dataset_generate_tokens(f, C, length, samples, seed, map.token ? &map : NULL, &capped, ctx, err);
            fclose(f);
        }
        lt_token_map_clear(&map);
    }
    lt_cayley_clear(C);
    LIB_END
    if (st || nomem) {
        free(buf);
        return nomem ? memdoc_fail() : raise_err(err);
    }
    long rows = -1;
    for (const char *p = buf; *p; p++) rows += *p == '\n';
    length += bos >= 0;     /* the BOS token leads every input and target */
    npy_intp dims[2] = {rows < 0 ? 0 : rows, length};
    PyObject *in = PyArray_SimpleNew(2, dims, NPY_INT64), *out = in ? PyArray_SimpleNew(2, dims, NPY_INT64) : NULL;
    if (!out) {
        Py_XDECREF(in);
        free(buf);
        return NULL;
    }
    int bad;
    Py_BEGIN_ALLOW_THREADS
    bad = rows < 0 || parse_csv(buf, rows, length, PyArray_DATA((PyArrayObject *)in),
                                PyArray_DATA((PyArrayObject *)out));
    Py_END_ALLOW_THREADS
    free(buf);
    if (bad) {
        Py_DECREF(in);
        Py_DECREF(out);
        PyErr_SetString(exc_base, "dataset: the generated CSV did not parse (internal error)");
        return NULL;
    }
    return Py_BuildValue("(NNO)", in, out, capped ? Py_True : Py_False);
}

/* _defaults() -> the command line's limits: {"max_degree": ..., ...} */
static PyObject *py_defaults(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    const lt_dataset_limits DL = LT_DATASET_LIMITS_DEFAULT;
    return Py_BuildValue("{s:l,s:s,s:l,s:l,s:l,s:l,s:l,s:l}", "max_degree", ctx->max_degree, "max_order",
                         ctx->max_order, "max_enum", ctx->max_enum, "max_memory", ctx->max_memory_mb, "max_dim",
                         ctx->max_dim, "max_length", DL.max_length, "max_samples", DL.max_samples, "max_tokens",
                         DL.max_tokens);
}

/* What ssm eval takes: the job's parameters (a checkpoint directory, or
   config.json's text and model.safetensors' bytes in memory) and the
   limits of loading the group. */
typedef struct {
    lt_ssm_eval_job_params P;
    unsigned long long seed;
    limits L;
} ev_args;

/* Checks A; then ssm eval's JSON (lt_ssm_eval_job, the command's own
   function), or the exception raised. */
static PyObject *ssm_eval(ev_args *A)
{
    lt_ssm_eval_job_params *P = &A->P;
    P->seed = A->seed;
    if (!(P->threshold > 0 && P->threshold <= 1) || P->compute < 0 || P->compute > 3 || P->max_mb < 1)
        return PyErr_Format(exc_usage, "ssm eval: threshold must be in (0, 1] and max_checkpoint_mb positive");
    if (!P->data && (P->length < 1 || P->samples < 1))
        return PyErr_Format(exc_usage, "ssm eval: give data (a dataset CSV), or length and samples (positive)");
    if (P->data && (P->length > 0 || P->samples > 0))
        return PyErr_Format(exc_usage, "ssm eval: data takes its words from the file; drop length and samples");
    if (P->offset >= 0 && P->token_map)
        return PyErr_Format(exc_usage, "ssm eval: give offset or token_map, not both");
    if (P->predictions && P->logits && strcmp(P->predictions, P->logits) == 0)
        return PyErr_Format(exc_usage, "ssm eval: predictions and logits name the same file '%s'", P->logits);
    if (P->length > P->max_len)
        return PyErr_Format(exc_limit, "ssm eval: --length %ld is above --max-length %ld", P->length, P->max_len);
    if (P->samples > P->max_samples)
        return PyErr_Format(exc_limit, "ssm eval: --samples %ld is above --max-samples %ld", P->samples,
                            P->max_samples);
    call c;
    if (call_init(&c, &A->L)) return NULL;
    lt_ssm_eval_job_t J;
    LIB_BEGIN
    lt_ssm_eval_job_init(J);
    c.st = lt_ssm_eval_job(J, P, c.ctx, c.err);
    if (!c.st && !call_doc(&c, P->dir, "ssm eval")) lt_write_ssm_eval_job(&c.m.d, J, P);
    lt_ssm_eval_job_clear(J);
    LIB_END
    return finish(&c);
}

#define EV_KW "group", "length", "samples", "seed", "threshold", "bos", "offset", "compute", "max_checkpoint_mb", \
              "max_length", "max_samples", "data", "predictions", "logits", "token_map", LIMIT_KW
#define EV_FMT "sllKdllilll|zzzz" LIMIT_FMT
#define EV_ARGS(A) &(A).P.group, &(A).P.length, &(A).P.samples, &(A).seed, &(A).P.threshold, &(A).P.bos, \
                   &(A).P.offset, &(A).P.compute, &(A).P.max_mb, &(A).P.max_len, &(A).P.max_samples, &(A).P.data, \
                   &(A).P.predictions, &(A).P.logits, &(A).P.token_map, LIMIT_ARGS((A).L)

/* _ssm_eval(dir, group, length, samples, seed, threshold, bos, offset,
   compute, max_checkpoint_mb, max_length, max_samples, data, predictions,
   logits, token_map, limits...) -> the JSON of `lietool ssm eval DIR
   --group G ... --json` (length, samples 0 with data; bos, offset -1:
   not given; compute 0 f32, 1 bf16, 2 f16, 3 the config's; data,
   predictions, logits, token_map None: not given) */
static PyObject *py_ssm_eval(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"dir", EV_KW, NULL};
    ev_args A = {0};
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s" EV_FMT, kwlist, &A.P.dir, EV_ARGS(A))) return NULL;
    return ssm_eval(&A);
}

/* _ssm_eval_mem(name, config, weights, group, ...) -> the same for a model
   in memory: config.json's text and model.safetensors' bytes */
static PyObject *py_ssm_eval_mem(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"name", "config", "weights", EV_KW, NULL};
    ev_args A = {0};
    Py_buffer wb;
    Py_ssize_t clen;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "ss#y*" EV_FMT, kwlist, &A.P.dir, &A.P.config, &clen, &wb,
                                     EV_ARGS(A)))
        return NULL;
    A.P.config_len = (size_t)clen;
    A.P.weights = wb.buf;
    A.P.weights_len = (size_t)wb.len;
    PyObject *r = ssm_eval(&A);
    PyBuffer_Release(&wb);
    return r;
}

/* _mem_in_use() -> the bytes the library holds through lt_malloc (and
   GMP's, FLINT's when counted): the leak check of the tests */
static PyObject *py_mem_in_use(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    size_t n;
    LIB_BEGIN
    n = lt_mem_in_use();
    LIB_END
    return PyLong_FromSize_t(n);
}

static PyMethodDef methods[] = {
    {"_info", (PyCFunction)(void (*)(void))py_info, METH_VARARGS | METH_KEYWORDS,
     "_info(spec, max_degree, max_order, max_enum, max_memory, max_dim) -> str: info --json"},
    {"_character_table", (PyCFunction)(void (*)(void))py_character_table, METH_VARARGS | METH_KEYWORDS,
     "_character_table(spec, max_degree, max_order, max_enum, max_memory, max_dim) -> str: character-table --json"},
    {"_series", (PyCFunction)(void (*)(void))py_series, METH_VARARGS | METH_KEYWORDS,
     "_series(spec, kind, length_only, limits...) -> str: derived-series --json and its kin"},
    {"_plan", (PyCFunction)(void (*)(void))py_plan, METH_VARARGS | METH_KEYWORDS,
     "_plan(spec, arch, layers, length, bound, limits...) -> str: plan --json"},
    {"_bch", (PyCFunction)(void (*)(void))py_bch, METH_VARARGS | METH_KEYWORDS,
     "_bch(n, symmetric, max_enum, max_memory) -> str: bch --json"},
    {"_magnus", (PyCFunction)(void (*)(void))py_magnus, METH_VARARGS | METH_KEYWORDS,
     "_magnus(tokens, order, max_length, max_enum, max_memory, max_dim) -> str: magnus --json"},
    {"_lie", (PyCFunction)(void (*)(void))py_lie, METH_VARARGS | METH_KEYWORDS,
     "_lie(spec, what, limits...) -> str: closure --json (what 0) or killing --json (what 1)"},
    {"_dataset", (PyCFunction)(void (*)(void))py_dataset, METH_VARARGS | METH_KEYWORDS,
     "_dataset(spec, length, samples, seed, gap, max_length, max_samples, max_tokens, limits...)"
     " -> (inputs, targets, capped)"},
    {"_defaults", py_defaults, METH_NOARGS, "_defaults() -> dict: the command line's limits"},
    {"_ssm_eval", (PyCFunction)(void (*)(void))py_ssm_eval, METH_VARARGS | METH_KEYWORDS,
     "_ssm_eval(dir, group, length, samples, seed, threshold, bos, offset, compute, max_checkpoint_mb, max_length,"
     " max_samples, limits...) -> str: ssm eval --json"},
    {"_ssm_eval_mem", (PyCFunction)(void (*)(void))py_ssm_eval_mem, METH_VARARGS | METH_KEYWORDS,
     "_ssm_eval_mem(name, config, weights, group, ...) -> str: ssm eval --json of a model in memory"},
    {"_mem_in_use", py_mem_in_use, METH_NOARGS, "_mem_in_use() -> int: bytes the library holds (lt_mem_in_use)"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_lietool", "lietool's library as a CPython extension (use the package lietool).", -1,
    methods, NULL, NULL, NULL, NULL
};

/* One exception class with its exit status as the class attribute status. */
static PyObject *new_exc(PyObject *m, const char *name, PyObject *base, int status, const char *doc)
{
    char full[64];
    snprintf(full, sizeof full, "lietool.%s", name);
    PyObject *cls = PyErr_NewExceptionWithDoc(full, doc, base, NULL);
    if (!cls) return NULL;
    PyObject *st = PyLong_FromLong(status);
    if (!st || PyObject_SetAttrString(cls, "status", st) < 0 || PyModule_AddObjectRef(m, name, cls) < 0) {
        Py_XDECREF(st);
        Py_DECREF(cls);
        return NULL;
    }
    Py_DECREF(st);
    return cls;
}

PyMODINIT_FUNC PyInit__lietool(void)
{
    lib_lock = PyThread_allocate_lock();
    if (!lib_lock) return PyErr_NoMemory();
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (!(exc_base = new_exc(m, "LietoolError", PyExc_Exception, 70,
                             "A lietool failure; status is the command line's exit status."))
        || !(exc_usage = new_exc(m, "UsageError", exc_base, 2, "A call lietool does not take (exit status 2)."))
        || !(exc_input = new_exc(m, "InvalidInput", exc_base, 3, "Input lietool cannot read (exit status 3)."))
        || !(exc_limit = new_exc(m, "LimitExceeded", exc_base, 4,
                                 "A limit (max_order, max_enum, max_memory, ...) was reached (exit status 4)."))
        || !(exc_numeric = new_exc(m, "NumericalFailure", exc_base, 5, "A numerical failure (exit status 5)."))) {
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddStringConstant(m, "version", LIETOOL_VERSION) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
