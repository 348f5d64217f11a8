/* lietool._lietool: the CPython extension module behind the package
   `lietool` (python/lietool/__init__.py). It loads objects with the
   command line's loading path (lt_io_object), calls the library's
   functions (the ones the commands call) and builds the Python values
   from their result structures: orders as int, exact rationals as
   fractions.Fraction, matrices as lists of rows (the package makes NumPy
   arrays of them when NumPy is importable), records as dicts whose keys
   are those of `lietool CMD --json`. Two results are documents rather
   than structures, explain's prose and evidence and ssm eval's report:
   they are written by the library's writer (src/write) into a JSON
   document in memory, which the package parses.

   Library failures raise the package's exceptions (one class per exit
   status) with lietool's message, the command line's options in it
   rewritten as the functions' keyword arguments ("--max-order 100" ->
   "max_order=100").

   Every library call runs with the GIL released and under one module
   lock: lietool's global state (named-group tables) is not meant for
   concurrent calls, and a training loop's other threads keep running
   meanwhile. The Python values are built afterwards, with the GIL and
   without the lock (the allocation count is atomic). The hard
   --max-memory bound of the command line (lt_mem_set_limit, which ends
   the process) is not set here; max_memory bounds the tables where the
   library checks it (lt_ctx_check_memory) and raises LimitExceeded. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lietool.h"
#include "lietool/doc.h"
#include "lietool/write.h"
#include "lietool/dataset.h"
#include "lietool/free.h"
#include "lietool/model.h"
#include "lietool/ssm.h"

static PyObject *exc_base, *exc_usage, *exc_input, *exc_limit, *exc_numeric;
static PyObject *fraction;      /* fractions.Fraction */
static PyThread_type_lock lib_lock;

/* Each call is a run of its own: the files an earlier call read are not
   its inputs (lt_io_run_begin). */
#define LIB_BEGIN Py_BEGIN_ALLOW_THREADS PyThread_acquire_lock(lib_lock, WAIT_LOCK); lt_io_run_begin();
#define LIB_END PyThread_release_lock(lib_lock); Py_END_ALLOW_THREADS

/* msg with the command line's options as keyword arguments: "--max-order
   100" -> "max_order=100", "--max-enum" -> "max_enum=" (malloc'd). */
static char *keywords(const char *msg)
{
    size_t n = strlen(msg);
    char *out = malloc(2 * n + 1), *o = out;
    if (!out) return NULL;
    for (const char *p = msg; *p;) {
        if (p[0] == '-' && p[1] == '-' && islower((unsigned char)p[2]) && (p == msg || !isalnum((unsigned char)p[-1]))) {
            p += 2;
            while (isalnum((unsigned char)*p) || *p == '-') { *o++ = *p == '-' ? '_' : *p; p++; }
            *o++ = '=';
            if (*p == ' ' && (isdigit((unsigned char)p[1]) || isupper((unsigned char)p[1]) || p[1] == '\'')) p++;
            continue;
        }
        *o++ = *p++;
    }
    *o = '\0';
    return out;
}

/* Raises the exception of a library status with its message; NULL. */
static PyObject *raise_status(lt_status st, const char *msg)
{
    PyObject *cls = st == LT_EINPUT ? exc_input : st == LT_ELIMIT ? exc_limit : st == LT_ENUMERIC ? exc_numeric
                  : exc_base;
    char *m = keywords(msg && *msg ? msg : "internal error");
    PyErr_SetString(cls, m ? m : msg);
    free(m);
    return NULL;
}

static PyObject *raise_err(const lt_err_t err)
{
    return raise_status(err->status, err->msg);
}

/* ---- Python values of the library's ---- */

/* An integer of any size. */
static PyObject *py_mpz(const mpz_t z)
{
    if (mpz_fits_slong_p(z)) return PyLong_FromLong(mpz_get_si(z));
    char *s = PyMem_Malloc(mpz_sizeinbase(z, 10) + 2);
    if (!s) return PyErr_NoMemory();
    mpz_get_str(s, 10, z);
    PyObject *r = PyLong_FromString(s, NULL, 10);
    PyMem_Free(s);
    return r;
}

/* An exact rational as a fractions.Fraction. */
static PyObject *py_fmpq(const fmpq_t q)
{
    mpz_t a, b;
    mpz_init(a);
    mpz_init(b);
    fmpz_get_mpz(a, fmpq_numref(q));
    fmpz_get_mpz(b, fmpq_denref(q));
    PyObject *n = py_mpz(a), *d = n ? py_mpz(b) : NULL, *r = d ? PyObject_CallFunctionObjArgs(fraction, n, d, NULL) : NULL;
    Py_XDECREF(n);
    Py_XDECREF(d);
    mpz_clear(a);
    mpz_clear(b);
    return r;
}

/* An exact matrix: a list of rows of Fraction. */
static PyObject *py_qmat(const fmpq_mat_t M)
{
    PyObject *rows = PyList_New(fmpq_mat_nrows(M));
    for (slong i = 0; rows && i < fmpq_mat_nrows(M); i++) {
        PyObject *row = PyList_New(fmpq_mat_ncols(M));
        for (slong j = 0; row && j < fmpq_mat_ncols(M); j++) {
            PyObject *x = py_fmpq(fmpq_mat_entry(M, i, j));
            if (!x) Py_CLEAR(row); else PyList_SET_ITEM(row, j, x);
        }
        if (!row) Py_CLEAR(rows); else PyList_SET_ITEM(rows, i, row);
    }
    return rows;
}

/* v < 0: None (the JSON's null). */
static PyObject *py_long_or_none(long v)
{
    if (v < 0) Py_RETURN_NONE;
    return PyLong_FromLong(v);
}

static PyObject *py_str_or_none(const char *s)
{
    if (!s) Py_RETURN_NONE;
    return PyUnicode_FromString(s);
}

/* A string of the library's allocation (lt_malloc), released. */
static PyObject *py_own_str(char *s)
{
    PyObject *r = PyUnicode_FromString(s);
    lt_free(s);
    return r;
}

static PyObject *py_perm(const int *p, int n)
{
    return py_own_str(lt_perm_str(p, n));
}

/* A record under construction: put() steals v; a failure is remembered
   and end() raises it (NULL). */
typedef struct { PyObject *d; } rec;

static rec rec_new(void)
{
    return (rec){PyDict_New()};
}

static void put(rec *r, const char *key, PyObject *v)
{
    if (r->d && (!v || PyDict_SetItemString(r->d, key, v) < 0)) Py_CLEAR(r->d);
    Py_XDECREF(v);
}

static PyObject *rec_end(rec *r)
{
    if (!r->d && !PyErr_Occurred()) PyErr_NoMemory();
    return r->d;
}

/* A list under construction: append() steals v. */
static void append(PyObject **list, PyObject *v)
{
    if (*list && (!v || PyList_Append(*list, v) < 0)) Py_CLEAR(*list);
    Py_XDECREF(v);
}

/* A group's series: the terms' orders. */
static PyObject *py_pgrp_series(const lt_pgrp_series_t S)
{
    PyObject *l = PyList_New(0);
    for (int i = 0; i < S->len; i++) append(&l, py_mpz(S->terms[i].order));
    return l;
}

/* A Lie algebra's series: the terms' dimensions. */
static PyObject *py_lie_series(const lt_lseries_t S)
{
    PyObject *l = PyList_New(0);
    for (slong i = 0; i < S->len; i++) append(&l, PyLong_FromLong((long)S->terms[i].rank));
    return l;
}

/* ---- limits, objects ---- */

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
    size_t n = L->max_order ? strlen(L->max_order) : 0;
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

/* One call: its limits, status and message. */
typedef struct {
    lt_ctx_t ctx;
    lt_err_t err;
    lt_status st;
} call;

static int call_init(call *c, const limits *L)
{
    lt_err_init(c->err);
    c->st = LT_OK;
    return ctx_from(c->ctx, L);
}

/* The object spec names, loaded as the command line loads it (no GIL:
   called between LIB_BEGIN and LIB_END); release with unload. */
typedef struct {
    lt_pgrp_t G;
    lt_liealg_t L;
    int is_lie;
} object;

static void object_init(object *X)
{
    X->is_lie = 0;
    lt_pgrp_init(X->G, 1);
    lt_liealg_init(X->L);
}

static lt_status load(object *X, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    object_init(X);
    X->is_lie = lt_io_is_liealg(spec);
    return lt_io_object(X->G, X->L, X->is_lie, spec, ctx, err);
}

/* 0 when spec is of the kind cmd takes (want: 1 a group, 2 a Lie algebra,
   0 either), else -1 with UsageError raised. */
static int check_kind(const char *spec, int want, const char *cmd)
{
    int lie = lt_io_is_liealg(spec);
    if ((want == 1 && lie) || (want == 2 && !lie)) {
        PyErr_Format(exc_usage, "%s: '%s' is a %s; this function takes a %s", cmd, spec, lie ? "Lie algebra" : "group",
                     lie ? "group" : "Lie algebra");
        return -1;
    }
    return 0;
}

static void unload(object *X)
{
    lt_pgrp_clear(X->G);
    lt_liealg_clear(X->L);
}

/* Parses (spec, limits...), or (spec, INTARG, limits...) into *iv when
   intarg is not NULL, and loads the object: 0, or -1 with the exception
   raised (nothing to release). The GIL is released meanwhile. */
static int open_object(object *X, call *c, PyObject *args, PyObject *kw, const char *intarg, int *iv, int want,
                       const char *cmd)
{
    static char *plain[] = {"spec", LIMIT_KW, NULL};
    char *with[] = {"spec", (char *)intarg, LIMIT_KW, NULL};
    const char *spec;
    limits L;
    int ok = intarg ? PyArg_ParseTupleAndKeywords(args, kw, "si" LIMIT_FMT, with, &spec, iv, LIMIT_ARGS(L))
                    : PyArg_ParseTupleAndKeywords(args, kw, "s" LIMIT_FMT, plain, &spec, LIMIT_ARGS(L));
    if (!ok || call_init(c, &L) || check_kind(spec, want, cmd)) return -1;
    LIB_BEGIN
    c->st = load(X, spec, c->ctx, c->err);
    LIB_END
    if (c->st) {
        unload(X);
        raise_err(c->err);
        return -1;
    }
    return 0;
}

/* ---- groups and Lie algebras ---- */

/* _order(spec, limits...) -> (order, degree) */
static PyObject *py_order(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    call c;
    object X;
    if (open_object(&X, &c, args, kw, NULL, NULL, 1, "order")) return NULL;
    LIB_BEGIN
    c.st = lt_pgrp_chain(X.G, NULL, c.ctx, c.err);
    LIB_END
    PyObject *r = c.st ? raise_err(c.err) : Py_BuildValue("(Ni)", py_mpz(X.G->order), X.G->n);
    unload(&X);
    return r;
}

/* _series(spec, kind, limits...) -> (sizes, reaches the bottom): kind 0
   the derived series, 1 the lower central series (lt_object_series, the
   commands' own) */
static PyObject *py_series(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    int kind;
    call c;
    object X;
    if (open_object(&X, &c, args, kw, "kind", &kind, 0, "series")) return NULL;
    lt_series_sizes_t T = {0};
    LIB_BEGIN
    c.st = lt_object_series(&T, X.is_lie ? NULL : X.G, X.L, kind, c.ctx, c.err);
    LIB_END
    PyObject *r = NULL;
    if (c.st) raise_err(c.err);
    else {
        PyObject *l = PyList_New(0);
        for (int i = 0; i < T.n; i++) append(&l, py_mpz(T.size + i));
        r = l ? Py_BuildValue("(NO)", l, T.reaches_bottom ? Py_True : Py_False) : NULL;
        lt_series_sizes_clear(&T);
    }
    unload(&X);
    return r;
}

/* The character-table invariants of info and character-table. */
static void put_chartab_invariants(rec *r, const lt_chartab_t T, const lt_chartab_inv_t *I)
{
    PyObject *deg = PyList_New(0);
    for (long x = 0; x < T->nclasses; x++) append(&deg, PyLong_FromLong(T->degree[x]));
    put(r, "character_degrees", deg);
    put(r, "minimal_faithful_real_dimension", PyLong_FromLong(I->min_faithful_real_dim));
    put(r, "householder_reflections_per_token",
        Py_BuildValue("{s:l,s:l,s:O}", "several_heads", I->reflections_heads, "one_head", I->reflections_one_head,
                      "one_head_exact", I->one_head_exact ? Py_True : Py_False));
}

/* info of a group: the rows of lt_write_profile_group */
static PyObject *info_group(const char *spec, lt_pgrp_t G, const lt_pgrp_profile_t P, long max_enum,
                            const lt_chartab_struct *T, const lt_chartab_inv_t *I, const char *chartab_note,
                            const lt_pgrp_mindeg_struct *mu)
{
    lt_status zst = P->center_status, est = P->exponent_status, kst = P->classes_status;
    int eopen = !est && !P->exponent_decided;
    rec r = rec_new();
    put(&r, "object", PyUnicode_FromString(spec));
    put(&r, "command", PyUnicode_FromString("info"));
    put(&r, "order", py_mpz(G->order));
    put(&r, "degree", PyLong_FromLong(G->n));
    put(&r, "abelian", PyBool_FromLong(P->abelian));
    put(&r, "nilpotent", PyBool_FromLong(P->nilpotent));
    put(&r, "solvable", PyBool_FromLong(P->solvable));
    put(&r, "perfect", PyBool_FromLong(P->perfect));
    put(&r, "derived_series", py_pgrp_series(P->derived));
    put(&r, "derived_length", py_long_or_none(P->solvable ? P->derived_length : -1));
    put(&r, "lower_central_series", py_pgrp_series(P->lower));
    put(&r, "nilpotency_class", py_long_or_none(P->nilpotent ? P->nilpotency_class : -1));
    put(&r, "center_order", zst ? py_str_or_none(NULL) : py_mpz(P->center->order));
    if (est || eopen) put(&r, "exponent", py_str_or_none(NULL));
    else put(&r, "exponent", py_mpz(P->exponent_lo));
    if (eopen) {
        put(&r, "exponent_multiple_of", py_mpz(P->exponent_lo));
        put(&r, "exponent_divides", py_mpz(P->exponent_hi));
    }
    if (P->parts & LT_PGRP_PROFILE_CLASSES) put(&r, "conjugacy_classes", kst ? py_str_or_none(NULL) : py_mpz(P->classes_count));
    if (T) put_chartab_invariants(&r, T, I);
    else {
        put(&r, "character_degrees", py_str_or_none(NULL));
        put(&r, "minimal_faithful_real_dimension", py_str_or_none(NULL));
        put(&r, "householder_reflections_per_token", py_str_or_none(NULL));
    }
    if (mu) {
        put(&r, "minimal_faithful_permutation_degree", py_long_or_none(mu->exact ? mu->lo : -1));
        put(&r, "minimal_faithful_permutation_degree_bounds", Py_BuildValue("[ll]", mu->lo, mu->hi));
        put(&r, "minimal_faithful_permutation_degree_method", py_str_or_none(mu->method));
    }
    PyObject *base = PyList_New(0), *gens = PyList_New(0);
    for (int i = 0; i < G->nlev; i++) append(&base, PyLong_FromLong(lt_pgrp_base_point(G, i) + 1));
    for (int i = 0; i < G->ngens; i++) append(&gens, py_perm(G->gens[i], G->n));
    put(&r, "base", base);
    put(&r, "generators", gens);
    if (zst || est || eopen || kst || chartab_note) {
        PyObject *notes = PyList_New(0);
        if (zst) append(&notes, PyUnicode_FromString(P->center_err->msg));
        if (est) append(&notes, PyUnicode_FromString(P->exponent_err->msg));
        if (kst) append(&notes, PyUnicode_FromString(P->classes_err->msg));
        if (chartab_note) append(&notes, PyUnicode_FromString(chartab_note));
        if (eopen) {
            char *o = mpz_get_str(NULL, 10, G->order);
            append(&notes, PyUnicode_FromFormat("exponent not decided: deciding it enumerates %s elements, above "
                                                "--max-enum %ld", o, max_enum));
            void (*freefn)(void *, size_t);
            mp_get_memory_functions(NULL, NULL, &freefn);
            freefn(o, strlen(o) + 1);
        }
        put(&r, "notes", notes);
    }
    return rec_end(&r);
}

/* info of a Lie algebra: the rows of lt_write_profile_lie */
static PyObject *info_lie(const char *spec, const lt_liealg_profile_t P)
{
    rec r = rec_new();
    put(&r, "object", PyUnicode_FromString(spec));
    put(&r, "command", PyUnicode_FromString("info"));
    put(&r, "dimension", PyLong_FromLong((long)P->dim));
    if (P->matrix_size) put(&r, "matrix_size", PyLong_FromLong((long)P->matrix_size));
    put(&r, "abelian", PyBool_FromLong(P->abelian));
    put(&r, "nilpotent", PyBool_FromLong(P->nilpotent));
    put(&r, "solvable", PyBool_FromLong(P->solvable));
    put(&r, "semisimple", PyBool_FromLong(P->semisimple));
    put(&r, "perfect", PyBool_FromLong(P->perfect));
    put(&r, "derived_series", py_lie_series(P->derived));
    put(&r, "derived_length", py_long_or_none(P->solvable ? (long)P->derived_length : -1));
    put(&r, "lower_central_series", py_lie_series(P->lower));
    put(&r, "nilpotency_class", py_long_or_none(P->nilpotent ? (long)P->nilpotency_class : -1));
    put(&r, "upper_central_series", py_lie_series(P->upper));
    put(&r, "center_dimension", PyLong_FromLong((long)P->center->rank));
    put(&r, "killing_rank", PyLong_FromLong((long)P->killing_rank));
    put(&r, "radical_dimension", PyLong_FromLong((long)P->radical->rank));
    return rec_end(&r);
}

/* _info(spec, limits...) -> info --json's record */
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
    lt_liealg_profile_t LP;
    lt_info_group_job_t J;
    lt_liealg_profile_init(LP);
    lt_info_group_job_init(J);
    LIB_BEGIN
    c.st = load(&X, spec, c.ctx, c.err);
    if (!c.st && X.is_lie) lt_liealg_profile(LP, X.L, LT_LIE_PROFILE_ALL);
    else if (!c.st) c.st = lt_info_group_job(J, X.G, c.ctx, c.err);
    LIB_END
    int have = J->have_chartab;
    PyObject *r = c.st ? raise_err(c.err) : X.is_lie ? info_lie(spec, LP)
                : info_group(spec, X.G, J->P, c.ctx->max_enum, have ? J->T : NULL, have ? &J->I : NULL,
                             have ? NULL : J->chartab_err->msg, J->have_mu ? J->mu : NULL);
    lt_info_group_job_clear(J);
    lt_liealg_profile_clear(LP);
    unload(&X);
    return r;
}

/* Kernel of character x as 1-based class indices. */
static PyObject *py_kernel(const lt_chartab_t T, long x)
{
    PyObject *l = PyList_New(0);
    for (long c = 0; c < T->nclasses; c++)
        if (T->kernel[x][c]) append(&l, PyLong_FromLong(c + 1));
    return l;
}

/* character-table --json's record (put_json of src/write/chartab.c) */
static PyObject *chartab_record(const char *spec, const lt_chartab_t T, const lt_chartab_inv_t *I)
{
    long n = T->nclasses;
    rec r = rec_new();
    put(&r, "object", PyUnicode_FromString(spec));
    put(&r, "command", PyUnicode_FromString("character-table"));
    put(&r, "order", py_mpz(T->order));
    put(&r, "exponent", py_mpz(T->exponent));
    PyObject *classes = PyList_New(0);
    for (long c = 0; c < n; c++)
        append(&classes, Py_BuildValue("{s:s,s:N,s:N,s:N,s:N}", "name", T->class_names[c], "order",
                                       py_mpz(T->classes->orders[c]), "size", py_mpz(T->classes->sizes[c]),
                                       "centralizer_order", py_mpz(T->centralizer[c]), "representative",
                                       py_perm(T->classes->reps[c], T->classes->n)));
    put(&r, "classes", classes);
    PyObject *pm = PyDict_New();
    for (long i = 0; pm && i < T->nprimes; i++) {
        PyObject *l = PyList_New(0);
        for (long c = 0; c < n; c++) append(&l, PyLong_FromLong(T->power[i][c] + 1));
        char key[24];
        snprintf(key, sizeof key, "%ld", T->primes[i]);
        if (!l || PyDict_SetItemString(pm, key, l) < 0) Py_CLEAR(pm);
        Py_XDECREF(l);
    }
    put(&r, "power_maps", pm);
    PyObject *chars = PyList_New(0);
    for (long x = 0; x < n; x++) {
        PyObject *vals = PyList_New(0), *fl = PyList_New(0);
        for (long c = 0; c < n; c++) {
            double re, im;
            append(&vals, py_own_str(lt_cyc_str(T->values[x] + c)));
            lt_cyc_get_d(&re, &im, T->values[x] + c);
            append(&fl, PyComplex_FromDoubles(fabs(re) < 1e-12 ? 0 : re, fabs(im) < 1e-12 ? 0 : im));
        }
        append(&chars, Py_BuildValue("{s:N,s:l,s:i,s:N,s:N,s:N}", "name", PyUnicode_FromFormat("X.%ld", x + 1), "degree",
                                     T->degree[x], "indicator", T->indicator[x], "values", vals, "values_float", fl,
                                     "kernel", py_kernel(T, x)));
    }
    put(&r, "characters", chars);
    PyObject *reps = PyList_New(0);
    for (long i = 0; i < T->nreal; i++) {
        const lt_realrep_struct *R = T->real + i;
        PyObject *ch = R->chars[1] >= 0 ? Py_BuildValue("[ll]", R->chars[0] + 1, R->chars[1] + 1)
                                        : Py_BuildValue("[l]", R->chars[0] + 1);
        append(&reps, Py_BuildValue("{s:N,s:l,s:l,s:O,s:N}", "characters", ch, "dimension", R->dimension,
                                    "reflection_length", R->reflection_length, "faithful",
                                    R->faithful ? Py_True : Py_False, "kernel", py_kernel(T, R->chars[0])));
    }
    put(&r, "real_representations", reps);
    put_chartab_invariants(&r, T, I);
    return rec_end(&r);
}

/* _character_table(spec, limits...) -> character-table --json's record */
static PyObject *py_character_table(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    call c;
    object X;
    if (open_object(&X, &c, args, kw, NULL, NULL, 1, "character-table")) return NULL;
    lt_chartab_t T;
    lt_chartab_inv_t I;
    lt_chartab_init(T);
    LIB_BEGIN
    c.st = lt_chartab_compute(T, X.G, c.ctx, c.err);
    if (!c.st) lt_chartab_invariants(&I, T, 0);
    LIB_END
    const char *spec = PyUnicode_AsUTF8(PyTuple_GET_ITEM(args, 0));
    PyObject *r = c.st ? raise_err(c.err) : chartab_record(spec, T, &I);
    lt_chartab_clear(T);
    unload(&X);
    return r;
}

/* _conjugacy_classes(spec, limits...) -> [{representative, size, element_order}, ...] */
static PyObject *py_conjugacy_classes(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    call c;
    object X;
    if (open_object(&X, &c, args, kw, NULL, NULL, 1, "conjugacy-classes")) return NULL;
    lt_pgrp_classes_t C;
    lt_pgrp_classes_init(C);
    LIB_BEGIN
    c.st = lt_pgrp_conjugacy_classes(C, X.G, c.ctx, c.err);
    LIB_END
    PyObject *r = c.st ? raise_err(c.err) : PyList_New(0);
    for (long i = 0; r && i < C->nclasses; i++)
        append(&r, Py_BuildValue("{s:N,s:N,s:N}", "representative", py_perm(C->reps[i], C->n), "size",
                                 py_mpz(C->sizes[i]), "element_order", py_mpz(C->orders[i])));
    lt_pgrp_classes_clear(C);
    unload(&X);
    return r;
}

/* _isomorphic(spec, other, limits...) -> {isomorphic, order, invariant,
   detail, values, isomorphism} (lt_pgrp_isomorphism, as isomorphic) */
static PyObject *py_isomorphic(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"spec", "other", LIMIT_KW, NULL};
    const char *spec[2];
    limits L;
    call c;
    object X[2];
    if (!PyArg_ParseTupleAndKeywords(args, kw, "ss" LIMIT_FMT, kwlist, &spec[0], &spec[1], LIMIT_ARGS(L))
        || call_init(&c, &L) || check_kind(spec[0], 1, "isomorphic") || check_kind(spec[1], 1, "isomorphic"))
        return NULL;
    lt_pgrp_iso_t R;
    lt_pgrp_iso_init(R);
    LIB_BEGIN
    c.st = load(&X[0], spec[0], c.ctx, c.err);
    if (!c.st) c.st = lt_pgrp_chain(X[0].G, NULL, c.ctx, c.err);
    if (c.st) object_init(&X[1]);
    else c.st = load(&X[1], spec[1], c.ctx, c.err);
    if (!c.st) c.st = lt_pgrp_chain(X[1].G, NULL, c.ctx, c.err);
    if (!c.st) c.st = lt_pgrp_isomorphism(R, X[0].G, X[1].G, c.ctx, c.err);
    LIB_END
    rec r = {NULL};
    if (c.st) raise_err(c.err);
    else {
        r = rec_new();
        put(&r, "isomorphic", PyBool_FromLong(R->isomorphic));
        put(&r, "order", py_mpz(X[0].G->order));
        if (R->isomorphic) {
            PyObject *m = PyList_New(0);
            for (int i = 0; i < R->nimages && i < X[0].G->ngens; i++)
                append(&m, Py_BuildValue("(NN)", py_perm(X[0].G->gens[i], X[0].G->n), py_perm(R->images[i], X[1].G->n)));
            put(&r, "isomorphism", m);
        } else {
            put(&r, "invariant", PyUnicode_FromString(R->invariant));
            put(&r, "detail", PyUnicode_FromString(R->detail));
            put(&r, "values", Py_BuildValue("(ss)", R->gval, R->hval));
        }
    }
    lt_pgrp_iso_clear(R);
    unload(&X[0]);
    unload(&X[1]);
    return c.st ? NULL : rec_end(&r);
}

/* The Killing form of X's algebra (what 1: a matrix), or its basis (what
   0: a list of matrices, or of coordinate vectors for an algebra without
   a matrix form); X released. */
static PyObject *lie_result(object *X, int what)
{
    PyObject *r = NULL;
    if (what) {
        fmpq_mat_t K;
        fmpq_mat_init(K, X->L->dim, X->L->dim);
        lt_liealg_killing(K, X->L);
        r = py_qmat(K);
        fmpq_mat_clear(K);
    } else {
        /* the basis of L itself: element i is the i-th unit vector */
        slong dim = X->L->dim, n = X->L->n;
        fmpq *x = _fmpq_vec_init(dim > 0 ? dim : 1);
        fmpq_mat_t M;
        fmpq_mat_init(M, n, n);
        r = PyList_New(0);
        for (slong i = 0; r && i < dim; i++) {
            for (slong j = 0; j < dim; j++) fmpq_zero(x + j);
            fmpq_one(x + i);
            if (n > 0) {
                lt_liealg_element_matrix(M, X->L, x);
                append(&r, py_qmat(M));
            } else {
                PyObject *v = PyList_New(0);
                for (slong j = 0; j < dim; j++) append(&v, py_fmpq(x + j));
                append(&r, v);
            }
        }
        fmpq_mat_clear(M);
        _fmpq_vec_clear(x, dim > 0 ? dim : 1);
    }
    unload(X);
    return r;
}

/* _closure(spec, limits...) -> closure --json's basis */
static PyObject *py_closure(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    call c;
    object X;
    return open_object(&X, &c, args, kw, NULL, NULL, 2, "closure") ? NULL : lie_result(&X, 0);
}

/* _killing(spec, limits...) -> killing --json's form */
static PyObject *py_killing(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    call c;
    object X;
    return open_object(&X, &c, args, kw, NULL, NULL, 2, "killing") ? NULL : lie_result(&X, 1);
}

/* ---- the free Lie algebra ---- */

/* Element i of B as a bracket of the letters' names (names NULL: B's own,
   X, Y, ...). */
static PyObject *py_bracket(const lt_lyndon_t B, slong i, char *const *names)
{
    if (!names) return py_own_str(lt_lyndon_bracket_str(B, i));
    if (B->left[i] < 0) return PyUnicode_FromString(names[i]);
    PyObject *a = py_bracket(B, B->left[i], names), *b = a ? py_bracket(B, B->right[i], names) : NULL;
    PyObject *r = b ? PyUnicode_FromFormat("[%U,%U]", a, b) : NULL;
    Py_XDECREF(a);
    Py_XDECREF(b);
    return r;
}

/* The non-zero terms of a series c in the Lyndon basis B: [(bracket, Fraction), ...]. */
static PyObject *py_terms(const lt_lyndon_t B, const fmpq *c, char *const *names)
{
    PyObject *l = PyList_New(0);
    for (slong i = 0; l && i < B->n; i++)
        if (!fmpq_is_zero(c + i)) append(&l, Py_BuildValue("(NN)", py_bracket(B, i, names), py_fmpq(c + i)));
    return l;
}

/* _bch_coefficient(word, max_length, lyndon, max_lyndon) -> a Fraction
   (lt_free_bch_coefficient; lyndon: lt_free_bch_lyndon_coefficient) */
static PyObject *py_bch_coefficient(PyObject *self, PyObject *args)
{
    (void)self;
    const char *w;
    Py_ssize_t n;
    long max_length, max_lyndon;
    int lyndon;
    if (!PyArg_ParseTuple(args, "s#lpl", &w, &n, &max_length, &lyndon, &max_lyndon)) return NULL;
    lt_err_t err;
    lt_err_init(err);
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    if ((Py_ssize_t)strlen(w) != n)
        return PyErr_Format(exc_input, "bch_coefficient: the word holds a NUL character");
    if (lt_free_bch_word_check(w, max_length, err)) return raise_err(err);
    fmpq_t q;
    fmpq_init(q);
    lt_status st;
    Py_BEGIN_ALLOW_THREADS
    if (lyndon) st = lt_free_bch_lyndon_coefficient(q, (const unsigned char *)w, (slong)n, max_lyndon, ctx, err);
    else st = lt_free_bch_coefficient(q, (const unsigned char *)w, (slong)n, err);
    Py_END_ALLOW_THREADS
    PyObject *r = st ? raise_err(err) : py_fmpq(q);
    fmpq_clear(q);
    return r;
}

/* _bch(n, symmetric, max_enum, max_memory) -> bch's terms (lt_free_bch_series) */
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
    lt_lyndon_t B;
    fmpq *q = NULL;
    lt_lyndon_init(B);
    LIB_BEGIN
    c.st = lt_free_bch_series(B, &q, n, symmetric, c.ctx, c.err);
    if (c.st) lt_err_prefix(c.err, "%s", "bch");
    LIB_END
    PyObject *r = c.st ? raise_err(c.err) : py_terms(B, q, NULL);
    if (q) _fmpq_vec_clear(q, B->n);
    lt_lyndon_clear(B);
    return r;
}

/* _magnus(tokens, order, max_length, max_enum, max_memory, max_dim) ->
   magnus's terms (tokens: a list of str, each as one operand of the
   command line) */
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
    if (K < 1 || K > 1000) return PyErr_Format(exc_usage, "magnus: order needs an integer from 1 to 1000, not '%ld'", K);
    if (max_length < 1) return PyErr_Format(exc_usage, "magnus: max_length must be positive");
    Py_ssize_t nw = PyList_GET_SIZE(list);
    if (nw < 1 || nw > INT_MAX) return PyErr_Format(exc_usage, "magnus: the word is empty");
    call c;
    if (call_init(&c, &L)) return NULL;
    char **words = PyMem_Calloc((size_t)nw, sizeof *words);
    if (!words) return PyErr_NoMemory();
    for (Py_ssize_t i = 0; i < nw; i++) {
        PyObject *o = PyList_GET_ITEM(list, i);
        Py_ssize_t len;
        const char *u = PyUnicode_Check(o) ? PyUnicode_AsUTF8AndSize(o, &len) : NULL;
        if (!u || (Py_ssize_t)strlen(u) != len) {
            PyMem_Free(words);
            if (!PyErr_Occurred()) PyErr_SetString(u ? exc_input : exc_usage, u ? "magnus: a token holds a NUL character"
                                                                              : "magnus: the word's tokens must be str");
            return NULL;
        }
        words[i] = (char *)u;
    }
    lt_free_word_t W;
    lt_lyndon_t B;
    fmpq *q = NULL;
    lt_free_word_init(W);
    lt_lyndon_init(B);
    LIB_BEGIN
    c.st = lt_free_word_read(W, words, (int)nw, max_length, c.err);
    if (!c.st) c.st = lt_free_magnus_series(B, &q, W, K, c.ctx, c.err);
    if (c.st) lt_err_prefix(c.err, "%s", "magnus");
    LIB_END
    PyMem_Free(words);
    PyObject *r = c.st ? raise_err(c.err) : py_terms(B, q, W->names);
    if (q) _fmpq_vec_clear(q, B->n);
    lt_lyndon_clear(B);
    lt_free_word_clear(W);
    return r;
}

/* _lyndon(r, n, max_enum, max_memory) -> (letters, dimensions by degree,
   basis [{index, degree, word, bracket, left, right}, ...]) */
static PyObject *py_lyndon(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"r", "n", "max_enum", "max_memory", NULL};
    long R, N;
    limits L = {.max_degree = 1, .max_dim = 1, .max_order = "1"};
    call c;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "llll", kwlist, &R, &N, &L.max_enum, &L.max_memory)) return NULL;
    if (R < 1 || R > 26)
        return PyErr_Format(exc_input, "lyndon: the number of letters must be an integer from 1 to 26, not '%ld'", R);
    if (N < 1 || N > 1000)
        return PyErr_Format(exc_input, "lyndon: the degree must be an integer from 1 to 1000, not '%ld'", N);
    if (call_init(&c, &L)) return NULL;
    lt_lyndon_t B;
    lt_lyndon_init(B);
    LIB_BEGIN
    c.st = lt_free_lyndon_basis(B, (int)R, N, c.ctx, c.err);
    if (c.st) lt_err_prefix(c.err, "%s", "lyndon");
    LIB_END
    PyObject *letters = NULL, *dims = NULL, *basis = NULL, *r = NULL;
    if (c.st) raise_err(c.err);
    else {
        char name[8];
        letters = PyList_New(0);
        dims = PyList_New(0);
        basis = PyList_New(0);
        for (int i = 0; i < R; i++) {
            lt_free_letter_name(name, (int)R, i);
            append(&letters, PyUnicode_FromString(name));
        }
        for (long k = 1; k <= N; k++)
            append(&dims, PyLong_FromLong(k <= B->N ? (long)(B->deg_start[k + 1] - B->deg_start[k]) : 0L));
        for (slong i = 0; i < B->n; i++)
            append(&basis, Py_BuildValue("{s:l,s:i,s:N,s:N,s:N,s:N}", "index", (long)i + 1, "degree",
                                         lt_lyndon_degree(B, i), "word", py_own_str(lt_lyndon_word_str(B, i)), "bracket",
                                         py_bracket(B, i, NULL), "left",
                                         py_long_or_none(B->left[i] < 0 ? -1 : (long)B->left[i] + 1), "right",
                                         py_long_or_none(B->left[i] < 0 ? -1 : (long)B->right[i] + 1)));
        if (letters && dims && basis) r = Py_BuildValue("(OOO)", letters, dims, basis);
    }
    Py_XDECREF(letters);
    Py_XDECREF(dims);
    Py_XDECREF(basis);
    lt_lyndon_clear(B);
    return r;
}

/* ---- the theory ---- */

/* The family a names ("diag-signed", "householder-2"). */
static PyObject *py_arch(const lt_arch *a)
{
    char fam[48];
    return PyUnicode_FromString(lt_arch_name(fam, sizeof fam, a));
}

/* 1, 0, -1: True, False, None */
static PyObject *py_tri(int v)
{
    if (v < 0) Py_RETURN_NONE;
    return PyBool_FromLong(v);
}

/* plan --json's "verdict" (lt_write_verdict) */
static PyObject *verdict_record(const lt_plan_verdict_t V)
{
    long T = V->length > 0 ? V->length : -1;
    rec r = rec_new();
    put(&r, "family", py_arch(&V->arch));
    put(&r, "layers", PyLong_FromLong(V->layers));
    put(&r, "length", py_long_or_none(T));
    put(&r, "bound", PyUnicode_FromString(lt_depth_bound_name(V->bound)));
    put(&r, "exact_at_every_length", py_tri(V->exact));
    put(&r, "impossible_at_every_depth", PyBool_FromLong(V->impossible_every_depth));
    put(&r, "fewest_layers_known_to_suffice", py_long_or_none(V->fewest_suffice));
    put(&r, "most_layers_known_not_to_suffice", py_long_or_none(V->most_not));
    put(&r, "suffices_up_to_length", py_tri(T > 0 ? V->suffices_T : -1));
    if (T > 0 && V->log_layers[0])
        put(&r, "log_depth_layers", Py_BuildValue("{s:i,s:i}", "v1", V->log_layers[0], "sharp", V->log_layers[1]));
    else put(&r, "log_depth_layers", py_str_or_none(NULL));
    put(&r, "width", mpz_sgn(V->width) > 0 ? py_mpz(V->width) : py_str_or_none(NULL));
    if (V->width_log10 >= 0) {
        char buf[64];
        snprintf(buf, sizeof buf, "%.2f", V->width_log10);
        put(&r, "width_log10", PyFloat_FromDouble(strtod(buf, NULL)));
    } else put(&r, "width_log10", py_str_or_none(NULL));
    put(&r, "assumption", py_str_or_none(V->assumption));
    PyObject *claims = PyList_New(0);
    for (int i = 0; i < V->nclaims; i++)
        append(&claims, Py_BuildValue("{s:s,s:s}", "claim", V->claims[i].claim, "source", V->claims[i].source));
    put(&r, "claims", claims);
    return rec_end(&r);
}

/* Reads a family (a layer family or an architecture's name, as plan's
   --arch); -1 with UsageError raised. note: the architecture's reading
   (NULL for a family). */
static int read_arch(lt_arch *a, const char **why, const char *s)
{
    *why = NULL;
    if (lt_arch_parse(a, s) == 0 || lt_arch_from_name(a, why, s, 0) == 0) return 0;
    PyErr_Format(exc_usage, "plan: arch= needs a layer family (%s) or an architecture (%s), not '%s'", lt_arch_list(),
                 lt_arch_names(), s);
    return -1;
}

/* _plan(spec, arch, layers, length, sharp, limits...) -> plan --json's
   "verdict" (layers 0: the planning table, {length, bound, families}) */
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
    const char *why;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "szllp" LIMIT_FMT, kwlist, &spec, &arch, &layers, &length, &sharp,
                                     LIMIT_ARGS(L)))
        return NULL;
    if (arch && read_arch(&a, &why, arch)) return NULL;
    if (layers < 0 || layers > 1000000)
        return PyErr_Format(exc_usage, "plan: layers= needs an integer from 1 to 10^6, not '%ld'", layers);
    if (layers && !arch) return PyErr_Format(exc_usage, "plan: layers needs arch (without both, the planning table)");
    if (length < 0) return PyErr_Format(exc_usage, "plan: length needs a positive integer, not '%ld'", length);
    if (call_init(&c, &L)) return NULL;
    lt_bound b = sharp ? LT_BOUND_SHARP : LT_BOUND_V1;
    lt_plan_verdict_t V;
    lt_plan_task_t P;
    lt_plan_row *rows = NULL;
    int n = 0;
    lt_plan_verdict_init(V);
    lt_plan_task_init(P);
    LIB_BEGIN
    c.st = load(&X, spec, c.ctx, c.err);
    if (!c.st && layers) {
        c.st = lt_plan_object(V, X.is_lie ? NULL : X.G, X.L, &a, layers, length, b, c.ctx, c.err);
        if (!c.st && why) {
            char fam[48], buf[400];
            snprintf(buf, sizeof buf, "%s is read as %s: %s", arch, lt_arch_name(fam, sizeof fam, &a), why);
            lt_plan_prepend_claim(V, "lietool: the architecture's transitions", buf);
        }
    } else if (!c.st) {
        c.st = X.is_lie ? lt_plan_task_liealg(P, X.L, c.ctx, c.err) : lt_plan_task_group(P, X.G, c.ctx, c.err);
        if (!c.st) c.st = lt_plan_table(&rows, &n, P, arch ? &a : NULL, length, b, c.ctx, c.err);
    }
    LIB_END
    PyObject *r = NULL;
    if (c.st) raise_err(c.err);
    else if (layers) r = verdict_record(V);
    else {
        PyObject *fams = PyList_New(0);
        for (int i = 0; i < n; i++) {
            const lt_plan_row *w = rows + i;
            rec f = rec_new();
            put(&f, "family", py_arch(&w->arch));
            put(&f, "fewest_layers_known_to_suffice", py_long_or_none(w->fewest));
            put(&f, "fewest_layers_at_length", py_long_or_none(length > 0 ? w->fewest_T : -1));
            put(&f, "impossible_at_every_depth", PyBool_FromLong(w->impossible));
            put(&f, "most_layers_known_not_to_suffice", py_long_or_none(w->most_not));
            put(&f, "assumption", py_str_or_none(w->assumption));
            put(&f, "size", py_str_or_none(w->size[0] ? w->size : NULL));
            put(&f, "claim", PyUnicode_FromString(w->claim));
            put(&f, "source", py_str_or_none(w->source));
            append(&fams, rec_end(&f));
        }
        r = fams ? Py_BuildValue("{s:N,s:s,s:N}", "length", py_long_or_none(length > 0 ? length : -1), "bound",
                                 lt_depth_bound_name(b), "families", fams) : NULL;
    }
    lt_free(rows);
    lt_plan_task_clear(P);
    lt_plan_verdict_clear(V);
    unload(&X);
    return r;
}

/* The depth functions' object: its profile (lower: with the lower
   central series). */
typedef struct {
    call c;
    object X;
    lt_depth_profile_t P;
    const char *spec;
} depth_call;

/* Parses (spec, bound, length, tokens, max_digits, limits...) into *p and
   profiles the object: 0, or -1 with the exception raised (D released). */
static int depth_open(depth_call *D, lt_depth_params *p, int lower, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"spec", "sharp", "length", "tokens", "max_digits", LIMIT_KW, NULL};
    int sharp;
    unsigned long long T, n;
    long max_digits;
    limits L;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "spKKl" LIMIT_FMT, kwlist, &D->spec, &sharp, &T, &n, &max_digits,
                                     LIMIT_ARGS(L)) || call_init(&D->c, &L))
        return -1;
    *p = (lt_depth_params){.bound = sharp ? LT_BOUND_SHARP : LT_BOUND_V1, .length = T, .tokens = n,
                           .max_digits = max_digits};
    lt_depth_profile_init(D->P);
    LIB_BEGIN
    D->c.st = load(&D->X, D->spec, D->c.ctx, D->c.err);
    if (!D->c.st && D->X.is_lie) lt_depth_profile_liealg(D->P, D->X.L, lower);
    else if (!D->c.st) D->c.st = lt_depth_profile_group(D->P, D->X.G, lower, D->c.ctx, D->c.err);
    LIB_END
    if (!D->c.st) return 0;
    raise_err(D->c.err);
    lt_depth_profile_clear(D->P);
    unload(&D->X);
    return -1;
}

static void depth_close(depth_call *D)
{
    lt_depth_profile_clear(D->P);
    unload(&D->X);
}

/* The record's first keys: object, command, solvable, derived length. */
static rec depth_record(const depth_call *D, const char *command)
{
    rec r = rec_new();
    put(&r, "object", PyUnicode_FromString(D->spec));
    put(&r, "command", PyUnicode_FromString(command));
    return r;
}

/* A series of the profile: orders of a group's terms, dimensions of a Lie algebra's. */
static PyObject *py_profile_series(const lt_depth_profile_t P, int lower)
{
    return P->is_lie ? py_lie_series(lower ? P->lie->lower : P->lie->derived)
                     : py_pgrp_series(lower ? P->grp->lower : P->grp->derived);
}

/* _min_depth(spec, sharp, length, tokens, max_digits, limits...) ->
   min-depth --json's record (lt_depth_min) */
static PyObject *py_min_depth(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    depth_call D;
    lt_depth_params p;
    if (depth_open(&D, &p, 0, args, kw)) return NULL;
    lt_depth_min_t M;
    lt_depth_min_init(M);
    LIB_BEGIN
    D.c.st = lt_depth_min(M, D.P, &p, D.c.ctx, D.c.err);
    LIB_END
    PyObject *res = NULL;
    if (D.c.st) raise_err(D.c.err);
    else {
        rec r = depth_record(&D, "min-depth");
        int T = M->length > 0;
        put(&r, "solvable", PyBool_FromLong(D.P->solvable));
        put(&r, "derived_length", py_long_or_none(D.P->solvable ? D.P->derived_length : -1));
        put(&r, "abelian_layers", py_long_or_none(M->abelian));
        put(&r, "restricted_layers", py_long_or_none(M->restricted));
        put(&r, "layers", PyUnicode_FromString("abelian"));
        put(&r, "min_depth", py_long_or_none(M->abelian));
        put(&r, "bound", PyUnicode_FromString(lt_depth_bound_name(M->bound)));
        put(&r, "length", T ? PyLong_FromUnsignedLong(M->length) : py_str_or_none(NULL));
        put(&r, "log_depth_bound", T ? PyLong_FromLong(M->log_bound) : py_str_or_none(NULL));
        put(&r, "log_depth_bound_v1", T ? PyLong_FromLong(M->log_bound_v1) : py_str_or_none(NULL));
        put(&r, "log_depth_bound_sharp", T ? PyLong_FromLong(M->log_bound_sharp) : py_str_or_none(NULL));
        put(&r, "depth_for_length", T ? PyLong_FromLong(M->within) : py_str_or_none(NULL));
        put(&r, "tokens", T ? py_mpz(M->tokens) : py_str_or_none(NULL));
        put(&r, "width_bound", T && !M->width_status ? py_mpz(M->width) : py_str_or_none(NULL));
        if (T && M->width_status) put(&r, "notes", Py_BuildValue("[s]", M->width_err->msg));
        res = rec_end(&r);
    }
    lt_depth_min_clear(M);
    depth_close(&D);
    return res;
}

/* _report(spec, sharp, length, tokens, max_digits, limits...) -> report
   --json's record (lt_depth_report, with a group's planning table) */
static PyObject *py_report(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    depth_call D;
    lt_depth_params p;
    if (depth_open(&D, &p, 1, args, kw)) return NULL;
    lt_depth_report_t R;
    lt_plan_task_t T;
    lt_plan_row *rows = NULL;
    int nrows = 0;
    lt_depth_report_init(R);
    lt_plan_task_init(T);
    LIB_BEGIN
    if (!D.X.is_lie) {
        D.c.st = lt_plan_task_group(T, D.X.G, D.c.ctx, D.c.err);
        if (!D.c.st) D.c.st = lt_plan_table(&rows, &nrows, T, NULL, 0, p.bound, D.c.ctx, D.c.err);
        p.plan = rows;
        p.nplan = nrows;
    }
    if (!D.c.st) D.c.st = lt_depth_report(R, D.P, &p, D.c.ctx, D.c.err);
    LIB_END
    PyObject *res = NULL;
    if (D.c.st) raise_err(D.c.err);
    else {
        const lt_depth_profile_struct *P = D.P;
        lt_bound b = R->bound;
        long dl = R->derived_length;
        rec r = depth_record(&D, "report");
        put(&r, "kind", PyUnicode_FromString(P->is_lie ? "lie_algebra" : "group"));
        put(&r, P->is_lie ? "dimension" : "order", py_mpz(P->size));
        put(&r, "abelian", PyBool_FromLong(P->abelian));
        put(&r, "nilpotent", PyBool_FromLong(P->nilpotent));
        put(&r, "solvable", PyBool_FromLong(P->solvable));
        put(&r, "perfect", PyBool_FromLong(P->perfect));
        put(&r, "derived_series", py_profile_series(D.P, 0));
        put(&r, "derived_length", py_long_or_none(dl));
        put(&r, "lower_central_series", py_profile_series(D.P, 1));
        put(&r, "nilpotency_class", py_long_or_none(P->nilpotent ? P->nilpotency_class : -1));
        put(&r, "abelian_layers", py_long_or_none(R->abelian));
        put(&r, "restricted_layers", py_long_or_none(R->abelian >= 0 ? R->restricted : -1));
        put(&r, "bound", PyUnicode_FromString(lt_depth_bound_name(b)));
        put(&r, "tokens", py_mpz(R->tokens));
        PyObject *lengths = PyList_New(0), *exps = PyList_New(0), *claims = PyList_New(0);
        for (int i = 0; i < R->nlen; i++)
            append(&lengths, Py_BuildValue("{s:k,s:i,s:N}", "length", R->lengths[i], "log_depth_bound",
                                           lt_depth_log_bound(R->lengths[i], b), "width_bound",
                                           R->width_status[i] ? py_str_or_none(NULL) : py_mpz(R->width[i])));
        for (int k = 1; k <= LT_REPORT_DEPTHS; k++) append(&exps, PyLong_FromUnsignedLong(lt_depth_error_exponent(k, b)));
        for (int i = 0; i < R->nclaims; i++) {
            const lt_report_claim *cl = &R->claims[i];
            const char *src = cl->src >= 0 ? lt_depth_cite_reading(cl->src, b)
                            : cl->src_text && *cl->src_text ? cl->src_text : NULL;
            append(&claims, Py_BuildValue("{s:s,s:s,s:s,s:N}", "section", lt_depth_report_section_name(cl->section),
                                          "key", cl->key, "claim", cl->text, "source", py_str_or_none(src)));
        }
        put(&r, "lengths", lengths);
        put(&r, "error_exponents", exps);
        put(&r, "exact_from_depth", py_long_or_none(dl >= 0 ? (dl > 0 ? dl : 1) : -1));
        put(&r, "word_problem", py_str_or_none(P->is_lie ? NULL
                                               : lt_depth_word_problem_name(lt_depth_word_problem_class(dl))));
        put(&r, "claims", claims);
        res = rec_end(&r);
    }
    lt_depth_report_clear(R);
    lt_free(rows);
    lt_plan_task_clear(T);
    depth_close(&D);
    return res;
}

/* An MPFR number as error-bound --json writes it ("%.6Re"), a float. */
static PyObject *py_mpfr6(const mpfr_t x)
{
    char buf[64];
    mpfr_snprintf(buf, sizeof buf, "%.6Re", x);
    return PyFloat_FromDouble(strtod(buf, NULL));
}

/* _error_bound(spec, sharp, depth, eps, limits...) -> error-bound --json's
   record (lt_depth_error_bound; depth 0: 1..8; eps "" for none, else p/q
   or a decimal) */
static PyObject *py_error_bound(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"spec", "sharp", "depth", "eps", "rep", "model", "offset", "step", LIMIT_KW, NULL};
    const char *spec, *eps_s, *rep, *model, *step_s;
    int sharp, depth;
    long offset;
    limits L;
    call c;
    object X;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "spizzzlz" LIMIT_FMT, kwlist, &spec, &sharp, &depth, &eps_s, &rep, &model,
                                     &offset, &step_s, LIMIT_ARGS(L))
        || call_init(&c, &L))
        return NULL;
    if (depth < 0 || depth > LT_ERROR_MAX_DEPTH)
        return PyErr_Format(exc_usage, "error_bound: depth needs an integer from 1 to %d, not '%d'", LT_ERROR_MAX_DEPTH,
                            depth);
    fmpq_t eps, h, step;
    fmpq_init(eps);
    fmpq_init(h);
    fmpq_init(step);
    fmpq_one(h);
    const char *e = NULL;
    if ((eps_s && (!lt_free_read_q(eps, eps_s, &e) || *e || fmpq_sgn(eps) <= 0))
        || (step_s && (!lt_free_read_q(step, step_s, &e) || *e || fmpq_sgn(step) <= 0))) {
        fmpq_clear(eps);
        fmpq_clear(h);
        fmpq_clear(step);
        return PyErr_Format(exc_usage, "error_bound: %s needs a positive number (0.1, 1e-3 or 1/8), not '%s'",
                            eps_s && e && e >= eps_s && e <= eps_s + strlen(eps_s) ? "eps" : "step", e ? e : "");
    }
    lt_depth_profile_t P;
    lt_depth_mass_t M;
    lt_depth_error_t E;
    lt_depth_profile_init(P);
    lt_depth_mass_init(M);
    lt_depth_error_init(E);
    lt_eps_source source = LT_EPS_NONE;
    int k0 = depth ? depth : 1, k1 = depth ? depth : 8;
    LIB_BEGIN
    c.st = load(&X, spec, c.ctx, c.err);
    if (!c.st && X.is_lie) lt_depth_profile_liealg(P, X.L, 0);
    else if (!c.st) c.st = lt_depth_profile_group(P, X.G, 0, c.ctx, c.err);
    if (!c.st) {
        /* the same mass as error-bound's (lt_task_mass) */
        lt_task_mass_params tp = {.spec = spec, .is_lie = X.is_lie, .eps = eps_s ? eps : NULL, .rep = rep, .model = model,
                                  .offset = offset, .step = step_s ? step : NULL, .tol = 1e-10};
        c.st = lt_task_mass(&source, M, h, &tp, X.G, c.ctx, c.err);
    }
    if (!c.st) lt_depth_error_bound(E, P->derived_length, k0, k1, sharp ? LT_BOUND_SHARP : LT_BOUND_V1, source, M, h);
    LIB_END
    PyObject *res = NULL;
    if (c.st) raise_err(c.err);
    else {
        static const char *const sources[] = {
            [LT_EPS_NONE] = NULL, [LT_EPS_OPTION] = "option", [LT_EPS_REP] = "rep", [LT_EPS_GENS] = "generators",
            [LT_EPS_MODEL] = "model"};
        int has = source != LT_EPS_NONE, pw = has && E->converges, mass = has && source != LT_EPS_OPTION;
        rec r = rec_new();
        put(&r, "object", PyUnicode_FromString(spec));
        put(&r, "command", PyUnicode_FromString("error-bound"));
        put(&r, "solvable", PyBool_FromLong(P->solvable));
        put(&r, "derived_length", py_long_or_none(P->solvable ? P->derived_length : -1));
        put(&r, "bound", PyUnicode_FromString(lt_depth_bound_name(E->bound)));
        put(&r, "eps", has ? py_mpfr6(E->M->eps) : py_str_or_none(NULL));
        put(&r, "eps_source", py_str_or_none(sources[source]));
        put(&r, "norm", py_str_or_none(mass ? "spectral" : NULL));
        put(&r, "step", mass ? py_mpfr6(E->step) : py_str_or_none(NULL));
        put(&r, "generators", mass ? PyLong_FromLong((long)E->M->count) : py_str_or_none(NULL));
        put(&r, "largest_generator", mass ? py_mpfr6(E->M->largest) : py_str_or_none(NULL));
        put(&r, "converges", has ? PyBool_FromLong(E->converges) : py_str_or_none(NULL));
        PyObject *depths = PyList_New(0);
        for (int k = E->k0; k <= E->k1; k++)
            append(&depths, Py_BuildValue("{s:i,s:k,s:k,s:O,s:N}", "depth", k, "truncation_class", E->c[k - 1],
                                          "error_exponent", E->e[k - 1], "exact", E->exact[k - 1] ? Py_True : Py_False,
                                          "eps_power", pw ? py_mpfr6(E->pw[k - 1]) : py_str_or_none(NULL)));
        put(&r, "depths", depths);
        res = rec_end(&r);
    }
    lt_depth_error_clear(E);
    lt_depth_mass_clear(M);
    lt_depth_profile_clear(P);
    fmpq_clear(eps);
    fmpq_clear(h);
    fmpq_clear(step);
    unload(&X);
    return res;
}

/* ---- documents: explain and ssm eval ---- */

/* A JSON document written into memory by the library's writer. */
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

/* The document's text as a str, or the failure raised (NULL). */
static PyObject *memdoc_end(memdoc *m, call *c, int started)
{
    if (started) {
        lt_doc_end(&m->d, NULL);
        fclose(m->f);
    }
    if (c->st) {
        free(m->buf);
        return raise_err(c->err);
    }
    if (!started) return PyErr_NoMemory();
    PyObject *s = PyUnicode_FromStringAndSize(m->buf, (Py_ssize_t)m->size);
    free(m->buf);
    return s;
}

/* _explain(question, spec, limits...) -> the JSON of `lietool explain
   --json QUESTION SPEC` (the witnesses the library checked, lt_explain_job,
   written by lt_write_explain) */
static PyObject *py_explain(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"question", "spec", LIMIT_KW, NULL};
    const char *question, *spec;
    limits L;
    call c;
    object X;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "ss" LIMIT_FMT, kwlist, &question, &spec, LIMIT_ARGS(L))
        || call_init(&c, &L))
        return NULL;
    int q = -1;
    for (int i = 0; i < LT_EXPLAIN_NQUESTIONS; i++)
        if (strcmp(question, lt_write_explain_question(i)) == 0) q = i;
    if (q < 0)
        return PyErr_Format(exc_usage, "explain: unknown question '%s' (derived-series, lower-central-series, solvable, "
                                       "nilpotent, perfect, abelian, min-depth)", question);
    memdoc m;
    int started = 0;
    LIB_BEGIN
    c.st = load(&X, spec, c.ctx, c.err);
    lt_explain_job_t J;
    lt_explain_job_init(J);
    if (!c.st) c.st = lt_explain_job(J, (lt_explain_question)q, X.is_lie ? NULL : X.G, X.L, c.ctx, c.err);
    if (!c.st && (started = !memdoc_start(&m, spec, "explain"))) {
        m.d.object = spec;
        lt_write_explain(&m.d, J, X.G, X.L);
    }
    lt_explain_job_clear(J);
    LIB_END
    if (!started) m.buf = NULL;
    unload(&X);
    return memdoc_end(&m, &c, started);
}

/* ---- datasets ---- */

/* _dataset(spec, length, samples, seed, gap, max_length, max_samples,
   max_tokens, bos, offset, token_map, limits...) -> (inputs, targets,
   rows, width, capped): inputs and targets the tokens as bytes of native
   int64, rows x width (lt_words_generate, the words of dataset generate) */
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
    call c;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "sllKplllllz" LIMIT_FMT, kwlist, &spec, &length, &samples, &seed, &gap,
                                     &DL.max_length, &DL.max_samples, &DL.max_tokens, &bos, &offset, &token_map,
                                     LIMIT_ARGS(L)))
        return NULL;
    if (bos < -1 || bos > (1L << 30) || offset < -1 || offset > (1L << 30))
        return PyErr_Format(exc_usage, "dataset: bos and offset must be from 0 to 2^30");
    if (offset >= 0 && token_map) return PyErr_Format(exc_usage, "dataset: give offset or token_map, not both");
    if (length < 1 || samples == 0 || samples < -1)
        return PyErr_Format(exc_usage, "dataset: length must be positive and samples positive or None (every word)");
    if (call_init(&c, &L) || check_kind(spec, 1, "dataset")) return NULL;
    lt_cayley_t C;
    lt_words_t W;
    lt_token_map map = {0};
    lt_cayley_init(C);
    lt_words_init(W);
    LIB_BEGIN
    c.st = lt_dataset_check_limits(&DL, length, samples, 0, NULL, c.err);
    if (!c.st) c.st = lt_io_cayley_table(C, spec, gap ? LT_CONV_GAP : LT_CONV_AA, c.ctx, c.err);
    if (!c.st) c.st = lt_dataset_check_limits(&DL, length, samples, C->n, spec, c.err);
    if (!c.st) c.st = lt_token_map_choose(&map, C->n, token_map, offset, bos, c.err);
    if (!c.st) c.st = lt_words_generate(W, C, length, samples, seed, c.ctx, c.err);
    LIB_END
    PyObject *r = NULL;
    if (c.st) raise_err(c.err);
    else {
        long width = length + (map.token && map.has_bos);
        Py_ssize_t bytes = (Py_ssize_t)(W->n * width * (long)sizeof(int64_t));
        PyObject *in = PyBytes_FromStringAndSize(NULL, bytes), *out = in ? PyBytes_FromStringAndSize(NULL, bytes) : NULL;
        if (out) {
            int64_t *a = (int64_t *)PyBytes_AS_STRING(in), *b = (int64_t *)PyBytes_AS_STRING(out);
            for (long w = 0; w < W->n; w++) {
                long j = 0;
                if (map.token && map.has_bos) { a[w * width] = b[w * width] = map.bos; j = 1; }
                for (long t = 0; t < length; t++, j++) {
                    a[w * width + j] = map.token ? map.token[W->input[w][t]] : W->input[w][t];
                    b[w * width + j] = map.token ? map.token[W->target[w][t]] : W->target[w][t];
                }
            }
            r = Py_BuildValue("(NNllO)", in, out, W->n, width, samples > 0 && W->n < samples ? Py_True : Py_False);
        } else Py_XDECREF(in);
    }
    lt_token_map_clear(&map);
    lt_words_clear(W);
    lt_cayley_clear(C);
    return r;
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

/* ssm eval --json's record (lt_write_ssm_eval_job), from the job's structs. */
static PyObject *ssm_eval_record(const lt_ssm_eval_job_t J, const lt_ssm_eval_job_params *P)
{
    const lt_model_struct *M = J->M;
    const lt_ssm_eval_struct *R = J->R;
    rec r = rec_new();
    put(&r, "object", PyUnicode_FromString(P->dir));
    put(&r, "command", PyUnicode_FromString("ssm eval"));
    put(&r, "model", PyUnicode_FromString(P->dir));
    put(&r, "architecture", PyUnicode_FromString(lt_model_arch_name(J->M)));
    put(&r, "layer_type", PyUnicode_FromString(lt_model_layer_name(J->M)));
    put(&r, "layers", PyLong_FromLong(M->n_layers));
    put(&r, "d_model", PyLong_FromLong(M->d_model));
    put(&r, "dtype", PyUnicode_FromString(M->dtype ? M->dtype : "F32"));
    put(&r, "group", PyUnicode_FromString(P->group));
    put(&r, "layout", PyUnicode_FromString(lt_model_layout_name(J->M)));
    put(&r, "format", PyUnicode_FromString(M->format));
    put(&r, "compute", PyUnicode_FromString(lt_model_compute_name(M->compute)));
    put(&r, "vocab_size", PyLong_FromLong(M->vocab));
    put(&r, "vocab_rows", PyLong_FromLong(M->vocab_rows));
    put(&r, "order", PyLong_FromLong(J->C->n));
    put(&r, "words", PyLong_FromLong(R->words));
    put(&r, "max_length", PyLong_FromLong(R->max_length));
    put(&r, "token_accuracy", PyFloat_FromDouble(R->token_accuracy));
    put(&r, "sequence_accuracy", PyFloat_FromDouble(R->sequence_accuracy));
    put(&r, "sequences_correct", PyLong_FromLong(R->correct_words));
    put(&r, "longest_prefix_90", PyLong_FromLong(R->longest_prefix));
    PyObject *pos = PyList_New(0), *pre = PyList_New(0);
    for (long t = 0; t < R->max_length; t++) {
        append(&pos, PyFloat_FromDouble(lt_ssm_eval_position_accuracy(J->R, t)));
        append(&pre, PyFloat_FromDouble(lt_ssm_eval_prefix_accuracy(J->R, t)));
    }
    put(&r, "per_position_accuracy", pos);
    put(&r, "prefix_accuracy", pre);
    put(&r, "last_position_90", PyLong_FromLong(R->last_position));
    put(&r, "threshold", PyFloat_FromDouble(P->threshold));
    put(&r, "bos", py_long_or_none(P->bos));
    put(&r, "derived_length", py_long_or_none(J->derived_length));
    put(&r, "verdict", J->has_family ? verdict_record(J->V) : py_str_or_none(NULL));
    return rec_end(&r);
}

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
        return PyErr_Format(exc_limit, "ssm eval: length=%ld is above max_length=%ld", P->length, P->max_len);
    if (P->samples > P->max_samples)
        return PyErr_Format(exc_limit, "ssm eval: samples=%ld is above max_samples=%ld", P->samples,
                            P->max_samples);
    call c;
    if (call_init(&c, &A->L)) return NULL;
    lt_ssm_eval_job_t J;
    LIB_BEGIN
    lt_ssm_eval_job_init(J);
    c.st = lt_ssm_eval_job(J, P, c.ctx, c.err);
    LIB_END
    PyObject *r = c.st ? raise_err(c.err) : ssm_eval_record(J, P);
    lt_ssm_eval_job_clear(J);
    return r;
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

/* _ssm_paper(out, scale, parts, groups, seeds, jobs, map, force, lietool,
   python, trainer) -> the JSON of `lietool ssm paper --json` (lt_paper_job,
   the command's own function; written by lt_write_paper): parts the
   lt_paper_part bits (0: all), groups a sequence of str or None, seeds a
   sequence of int or None, jobs 0: the processors, map 0 faithful 1 paper,
   python and trainer None: found as the command finds them; limits... */
static PyObject *py_ssm_paper(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {"out", "scale", "parts", "groups", "seeds", "jobs", "map", "force", "lietool", "python",
                             "trainer", LIMIT_KW, NULL};
    lt_paper_params P = {0};
    PyObject *groups = Py_None, *seeds = Py_None;
    unsigned int parts = 0;
    limits L;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "ssIOOlipszz" LIMIT_FMT, kwlist, &P.out, &P.scale, &parts, &groups,
                                     &seeds, &P.jobs, &P.map, &P.force, &P.self, &P.python, &P.trainer, LIMIT_ARGS(L)))
        return NULL;
    P.parts = parts;
    const char *gv[64];
    uint64_t sv[64];
    PyObject *gf = NULL, *sf = NULL;
    if (groups != Py_None) {
        if (!(gf = PySequence_Fast(groups, "ssm paper: groups is a list of str"))) return NULL;
        P.ngroups = (int)PySequence_Fast_GET_SIZE(gf);
        if (P.ngroups > 64) { Py_DECREF(gf); return PyErr_Format(exc_usage, "ssm paper: at most 64 groups"); }
        for (int i = 0; i < P.ngroups; i++)
            if (!(gv[i] = PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(gf, i)))) { Py_DECREF(gf); return NULL; }
        P.groups = gv;
    }
    if (seeds != Py_None) {
        if (!(sf = PySequence_Fast(seeds, "ssm paper: seeds is a list of int"))) { Py_XDECREF(gf); return NULL; }
        P.nseeds = (int)PySequence_Fast_GET_SIZE(sf);
        if (P.nseeds > 64) { Py_XDECREF(gf); Py_DECREF(sf); return PyErr_Format(exc_usage, "ssm paper: at most 64 seeds"); }
        for (int i = 0; i < P.nseeds; i++) {
            sv[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(sf, i));
            if (PyErr_Occurred()) { Py_XDECREF(gf); Py_DECREF(sf); return NULL; }
        }
        P.seeds = sv;
    }
    call c;
    if (call_init(&c, &L)) { Py_XDECREF(gf); Py_XDECREF(sf); return NULL; }
    memdoc m = {0};
    int started = 0;
    lt_paper_job_t J;
    LIB_BEGIN
    lt_paper_job_init(J);
    c.st = lt_paper_job(J, &P, c.ctx, c.err);
    if (!c.st && (started = !memdoc_start(&m, J->scale->name, "ssm paper"))) lt_write_paper(&m.d, J, &P);
    lt_paper_job_clear(J);
    LIB_END
    Py_XDECREF(gf);
    Py_XDECREF(sf);
    return memdoc_end(&m, &c, started);
}

static PyMethodDef methods[] = {
    {"_order", (PyCFunction)(void (*)(void))py_order, METH_VARARGS | METH_KEYWORDS,
     "_order(spec, limits...) -> (order, degree)"},
    {"_series", (PyCFunction)(void (*)(void))py_series, METH_VARARGS | METH_KEYWORDS,
     "_series(spec, kind, limits...) -> (sizes, reaches the bottom): kind 0 derived, 1 lower central"},
    {"_info", (PyCFunction)(void (*)(void))py_info, METH_VARARGS | METH_KEYWORDS,
     "_info(spec, limits...) -> dict: info --json"},
    {"_character_table", (PyCFunction)(void (*)(void))py_character_table, METH_VARARGS | METH_KEYWORDS,
     "_character_table(spec, limits...) -> dict: character-table --json"},
    {"_conjugacy_classes", (PyCFunction)(void (*)(void))py_conjugacy_classes, METH_VARARGS | METH_KEYWORDS,
     "_conjugacy_classes(spec, limits...) -> list of dict"},
    {"_isomorphic", (PyCFunction)(void (*)(void))py_isomorphic, METH_VARARGS | METH_KEYWORDS,
     "_isomorphic(spec, other, limits...) -> dict"},
    {"_closure", (PyCFunction)(void (*)(void))py_closure, METH_VARARGS | METH_KEYWORDS,
     "_closure(spec, limits...) -> a basis: matrices (lists of rows of Fraction)"},
    {"_killing", (PyCFunction)(void (*)(void))py_killing, METH_VARARGS | METH_KEYWORDS,
     "_killing(spec, limits...) -> the Killing form (rows of Fraction)"},
    {"_bch_coefficient", py_bch_coefficient, METH_VARARGS, "the coefficient of a word in log(e^A e^B ...)"},
    {"_bch", (PyCFunction)(void (*)(void))py_bch, METH_VARARGS | METH_KEYWORDS,
     "_bch(n, symmetric, max_enum, max_memory) -> [(bracket, Fraction), ...]"},
    {"_magnus", (PyCFunction)(void (*)(void))py_magnus, METH_VARARGS | METH_KEYWORDS,
     "_magnus(tokens, order, max_length, max_enum, max_memory, max_dim) -> [(bracket, Fraction), ...]"},
    {"_lyndon", (PyCFunction)(void (*)(void))py_lyndon, METH_VARARGS | METH_KEYWORDS,
     "_lyndon(r, n, max_enum, max_memory) -> (letters, dimensions, basis)"},
    {"_plan", (PyCFunction)(void (*)(void))py_plan, METH_VARARGS | METH_KEYWORDS,
     "_plan(spec, arch, layers, length, sharp, limits...) -> the verdict (layers 0: the planning table)"},
    {"_min_depth", (PyCFunction)(void (*)(void))py_min_depth, METH_VARARGS | METH_KEYWORDS,
     "_min_depth(spec, sharp, length, tokens, max_digits, limits...) -> dict: min-depth --json"},
    {"_report", (PyCFunction)(void (*)(void))py_report, METH_VARARGS | METH_KEYWORDS,
     "_report(spec, sharp, length, tokens, max_digits, limits...) -> dict: report --json"},
    {"_error_bound", (PyCFunction)(void (*)(void))py_error_bound, METH_VARARGS | METH_KEYWORDS,
     "_error_bound(spec, sharp, depth, eps, limits...) -> dict: error-bound --json"},
    {"_explain", (PyCFunction)(void (*)(void))py_explain, METH_VARARGS | METH_KEYWORDS,
     "_explain(question, spec, limits...) -> str: explain --json"},
    {"_dataset", (PyCFunction)(void (*)(void))py_dataset, METH_VARARGS | METH_KEYWORDS,
     "_dataset(spec, length, samples, seed, gap, max_length, max_samples, max_tokens, bos, offset, token_map, limits...)"
     " -> (inputs, targets, rows, width, capped)"},
    {"_defaults", py_defaults, METH_NOARGS, "_defaults() -> dict: the command line's limits"},
    {"_ssm_eval", (PyCFunction)(void (*)(void))py_ssm_eval, METH_VARARGS | METH_KEYWORDS,
     "_ssm_eval(dir, group, length, samples, seed, threshold, bos, offset, compute, max_checkpoint_mb, max_length,"
     " max_samples, limits...) -> str: ssm eval --json"},
    {"_ssm_eval_mem", (PyCFunction)(void (*)(void))py_ssm_eval_mem, METH_VARARGS | METH_KEYWORDS,
     "_ssm_eval_mem(name, config, weights, group, ...) -> str: ssm eval --json of a model in memory"},
    {"_ssm_paper", (PyCFunction)(void (*)(void))py_ssm_paper, METH_VARARGS | METH_KEYWORDS,
     "_ssm_paper(out, scale, parts, groups, seeds, jobs, map, force, lietool, python, trainer, limits...) -> str: "
     "ssm paper --json"},
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
    lt_set_opt_style(LT_OPT_DASHED);   /* the messages are then rewritten as keyword arguments */
    lib_lock = PyThread_allocate_lock();
    if (!lib_lock) return PyErr_NoMemory();
    PyObject *fr = PyImport_ImportModule("fractions");
    fraction = fr ? PyObject_GetAttrString(fr, "Fraction") : NULL;
    Py_XDECREF(fr);
    if (!fraction) return NULL;
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
