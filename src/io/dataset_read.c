/* Reading and checking word-problem dataset CSV files (lietool-formats(5),
   WORD-PROBLEM DATASETS): one reader, row by row, against the group's
   table in both conventions. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/dataset.h"
#include "lietool/io.h"
#include "lietool/model.h"
#include "lietool/ssm.h"

/* ---- checking ---- */

void lt_dataset_report_init(lt_dataset_report_t R)
{
    memset(R, 0, sizeof *R);
    R->min_len = -1;
    R->max_token = -1;
}

void lt_dataset_report_clear(lt_dataset_report_t R)
{
    for (int i = 0; i < R->nkept; i++) lt_free(R->problems[i]);
}

__attribute__((format(printf, 4, 5)))
static void problem(lt_dataset_report_struct *R, long line, long col, const char *fmt, ...)
{
    R->nproblems++;
    if (R->nkept == LT_DATASET_KEEP) return;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    size_t l = strlen(msg) + 48;
    char *s = lt_malloc(l);
    snprintf(s, l, "%ld:%ld: %s", line, col, msg);
    R->problems[R->nkept++] = s;
}

typedef struct { const char *s; long len, col; } field;

/* Splits a CSV line (RFC 4180 quotes; no token needs a "" escape);
   returns the number of fields, or -1 for an unterminated quote and -2 for
   text after a closing quote (*col then points at the fault). */
static int split_csv(const char *line, field *f, int max, long *col)
{
    int k = 0;
    const char *p = line;
    for (;;) {
        field x;
        if (*p == '"') {
            const char *q = strchr(p + 1, '"');
            if (!q) { *col = (long)(p - line) + 1; return -1; }
            x.s = p + 1; x.len = (long)(q - p - 1); x.col = (long)(p - line) + 2;
            p = q + 1;
            if (*p && *p != ',') { *col = (long)(p - line) + 1; return -2; }
        } else {
            const char *q = p;
            while (*q && *q != ',') q++;
            x.s = p; x.len = (long)(q - p); x.col = (long)(p - line) + 1;
            p = q;
        }
        if (k < max) f[k] = x;
        k++;
        if (*p != ',') return k;
        p++;
    }
}

static const char *csv_fault(int code)
{
    return code == -1 ? "unterminated quote" : "text after a closing quote";
}

static const char *expected_header[3] = {"seed", "input", "target"};

static void check_header(lt_dataset_report_struct *R, const char *line)
{
    field f[8];
    long col = 1;
    int k = split_csv(line, f, 8, &col);
    if (k < 0) { R->bad_header = 1; problem(R, 1, col, "header: %s", csv_fault(k)); return; }
    for (int i = 0; i < 3 && i < k; i++) {
        /* field names may be quoted and padded */
        const char *s = f[i].s;
        long l = f[i].len, c = f[i].col;
        while (l && *s == ' ') { s++; l--; c++; }
        while (l && s[l - 1] == ' ') l--;
        if ((size_t)l != strlen(expected_header[i]) || strncmp(s, expected_header[i], (size_t)l) != 0) {
            R->bad_header = 1;
            problem(R, 1, c, "header field %d is '%.*s', expected '%s' (the header is seed,input,target)",
                    i + 1, (int)(l > 40 ? 40 : l), s, expected_header[i]);
            return;
        }
    }
    if (k != 3) {
        R->bad_header = 1;
        problem(R, 1, k > 3 ? f[3].col : (long)strlen(line) + 1,
                "the header has %d field%s, expected 3 (seed,input,target)", k, k == 1 ? "" : "s");
    }
}

/* Reads the tokens of a field; returns 0 and reports on the first bad one
   (after an element index out of range it reads on, for R->max_token). */
static int read_tokens(lt_dataset_report_struct *R, const field *f, const char *what, long row, long line,
                       long n, int **v, long *cap, long *count)
{
    long k = 0, i = 0;
    int bad = 0;
    while (i < f->len) {
        while (i < f->len && (f->s[i] == ' ' || f->s[i] == '\t')) i++;
        if (i == f->len) break;
        long start = i;
        while (i < f->len && f->s[i] != ' ' && f->s[i] != '\t') i++;
        const char *t = f->s + start;
        long tl = i - start;
        long col = f->col + start;
        int neg = t[0] == '-' || t[0] == '+', digits = tl > neg;
        for (long j = neg; j < tl; j++) if (!isdigit((unsigned char)t[j])) digits = 0;
        if (!digits) {
            problem(R, line, col, "row %ld: %s token %ld '%.*s' is not an integer", row, what, k + 1, (int)(tl > 40 ? 40 : tl), t);
            return 0;
        }
        long x = tl < 19 ? strtol(t, NULL, 10) : -1;
        if (t[0] != '-' && x > R->max_token) R->max_token = x;
        if (bad) continue;
        if (t[0] == '-' || x < 0 || x >= n) {
            problem(R, line, col, "row %ld: %s token %ld '%.*s' is not an element index 0..%ld", row, what, k + 1,
                    (int)(tl > 40 ? 40 : tl), t, n - 1);
            bad = 1;
            continue;
        }
        if (k == *cap) { *cap = 2 * *cap + 16; *v = lt_realloc(*v, (size_t)*cap * sizeof(int)); }
        (*v)[k++] = (int)x;
    }
    *count = k;
    return !bad;
}

/* getline with a bound: -1 at the end of the file, -2 for a line longer
   than limit bytes (the caller stops reading). The stream is locked once
   a line, not once a byte (getc's lock was a tenth of ssm eval's time on
   small models, and it runs before the threads start). */
static ssize_t read_line(char **line, size_t *cap, FILE *f, size_t limit)
{
    size_t n = 0;
    int c;
    flockfile(f);
    while ((c = getc_unlocked(f)) != EOF) {
        if (n + 2 > *cap) {
            if (n >= limit) { funlockfile(f); return -2; }
            *cap = *cap ? 2 * *cap : 256;
            *line = lt_realloc(*line, *cap);
        }
        (*line)[n++] = (char)c;
        if (c == '\n') break;
    }
    funlockfile(f);
    if (n == 0 && c == EOF) return -1;
    (*line)[n] = '\0';
    return (ssize_t)n;
}

/* A well-formed row, to the reader's caller. */
typedef lt_status (*row_fn)(void *arg, const field *seed, const int *in, const int *tg, long len, long row,
                            long line, lt_err_t err);

/* The one reader of dataset CSV files: the header is checked and every
   malformed row is a problem in R; every well-formed row (integer seed,
   input and target of the same length, tokens below n) goes to row. Stops
   at a read error, a NUL byte, a line above a quarter of --max-memory or a status of
   row; strict: also at the first problem. */
static lt_status read_rows(lt_dataset_report_struct *R, FILE *f, long n, int strict, row_fn row, void *arg,
                           const lt_ctx_t ctx, lt_err_t err)
{
    char *line = NULL;
    size_t lcap = 0;
    ssize_t got;
    long lineno = 0;
    int *in = NULL, *tg = NULL;
    long incap = 0, tgcap = 0;
    int seen_header = 0;
    lt_status st = LT_OK;
    /* a line holds a word and its targets, int each token: a quarter of
       --max-memory keeps those within it */
    size_t limit = ((size_t)ctx->max_memory_mb << 20) / 4;
    while (!st && !(strict && R->nproblems) && (got = read_line(&line, &lcap, f, limit)) != -1) {
        lineno++;
        if (got == -2) {
            st = lt_err_set(err, LT_ELIMIT, "line %ld is longer than %zu bytes (a quarter of `max_memory` %ld MiB)",
                            lineno, limit, ctx->max_memory_mb);
            break;
        }
        if (memchr(line, '\0', (size_t)got)) {
            st = lt_err_set(err, LT_EINPUT, "line %ld contains a NUL byte", lineno);
            break;
        }
        while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r')) line[--got] = '\0';
        char *text = line;
        if (lineno == 1 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB && (unsigned char)text[2] == 0xBF)
            text += 3;     /* a UTF-8 byte order mark */
        if (!seen_header) {
            seen_header = 1;
            check_header(R, text);
            continue;
        }
        if (!*text) continue;
        long rowno = ++R->rows;
        field fs[4];
        long col = 1;
        int k = split_csv(text, fs, 4, &col);
        long nin = 0, ntg = 0;
        if (k < 0) { problem(R, lineno, col, "row %ld: %s", rowno, csv_fault(k)); R->bad_rows++; continue; }
        if (k != 3) {
            problem(R, lineno, k > 3 ? fs[3].col : (long)strlen(text) + 1,
                    "row %ld has %d field%s, expected 3 (seed,input,target)", rowno, k, k == 1 ? "" : "s");
            R->bad_rows++;
            continue;
        }
        /* the seed: an integer */
        {
            const char *sd = fs[0].s;
            long l = fs[0].len, j = (l && (sd[0] == '-' || sd[0] == '+'));
            int ok = l > j;
            for (; j < l; j++) if (!isdigit((unsigned char)sd[j])) ok = 0;
            if (!ok) {
                problem(R, lineno, fs[0].col, "row %ld: seed '%.*s' is not an integer", rowno, (int)(l > 40 ? 40 : l), sd);
                R->bad_rows++;
                continue;
            }
        }
        if (!read_tokens(R, &fs[1], "input", rowno, lineno, n, &in, &incap, &nin)
            || !read_tokens(R, &fs[2], "target", rowno, lineno, n, &tg, &tgcap, &ntg)) {
            R->bad_rows++;
            continue;
        }
        if (nin != ntg) {
            problem(R, lineno, fs[2].col, "row %ld: the target has %ld token%s but the input has %ld",
                    rowno, ntg, ntg == 1 ? "" : "s", nin);
            R->bad_rows++;
            continue;
        }
        if (R->min_len < 0 || nin < R->min_len) R->min_len = nin;
        if (nin > R->max_len) R->max_len = nin;
        st = row(arg, &fs[0], in, tg, nin, rowno, lineno, err);
    }
    int readerr = ferror(f);
    if (!st && !seen_header && !readerr) {
        R->bad_header = 1;
        problem(R, 1, 1, "the file is empty (expected the header seed,input,target)");
    }
    lt_free(line);
    lt_free(in);
    lt_free(tg);
    if (!st && readerr) st = lt_err_set(err, LT_EINPUT, "read error at line %ld", lineno + 1);
    return st;
}

/* dataset check: each row against both conventions */
typedef struct { lt_dataset_report_struct *R; const lt_cayley_struct *C; } tally_arg;

static lt_status tally_row(void *arg, const field *seed, const int *in, const int *tg, long len, long row,
                           long line, lt_err_t err)
{
    const tally_arg *A = arg;
    (void)seed; (void)err;
    long n = A->C[0].n;
    for (int c = 0; c < LT_NCONV; c++) {
        const lt_cayley_struct *G = &A->C[c];
        long acc = G->identity, t;
        for (t = 0; t < len; t++) {
            acc = G->table[acc * n + in[t]];
            if (acc != tg[t]) break;
        }
        lt_dataset_tally *T = &A->R->conv[c];
        if (t == len) { T->correct++; continue; }
        T->wrong++;
        if (!T->row) { T->row = row; T->line = line; T->pos = t + 1; T->got = tg[t]; T->want = acc; }
    }
    return LT_OK;
}

lt_status lt_dataset_check(lt_dataset_report_t R, FILE *f, const lt_cayley_struct *C,
                           const lt_ctx_t ctx, lt_err_t err)
{
    tally_arg A = {R, C};
    lt_status st = read_rows(R, f, C[0].n, 0, tally_row, &A, ctx, err);
    int ok[LT_NCONV], good = R->rows > R->bad_rows;
    for (int c = 0; c < LT_NCONV; c++) ok[c] = good && R->conv[c].wrong == 0;
    R->same_tables = C[0].n == C[1].n && memcmp(C[0].table, C[1].table, (size_t)C[0].n * (size_t)C[0].n * sizeof(int)) == 0;
    R->verdict = !good ? LT_DATASET_UNDECIDED : ok[0] && ok[1] ? LT_DATASET_BOTH
               : ok[0] ? LT_CONV_AA : ok[1] ? LT_CONV_GAP : LT_DATASET_NEITHER;
    return st;
}

/* lt_dataset_read: the caller's function, with the seed as a string */
typedef struct { lt_dataset_row_fn fn; void *arg; char *seed; size_t cap; } read_arg;

static lt_status pass_row(void *arg, const field *seed, const int *in, const int *tg, long len, long row,
                          long line, lt_err_t err)
{
    read_arg *A = arg;
    (void)row;
    if ((size_t)seed->len + 1 > A->cap) {
        A->cap = (size_t)seed->len + 1;
        A->seed = lt_realloc(A->seed, A->cap);
    }
    memcpy(A->seed, seed->s, (size_t)seed->len);
    A->seed[seed->len] = '\0';
    return A->fn(A->arg, A->seed, in, tg, len, line, err);
}

lt_status lt_dataset_read(FILE *f, const char *name, long order, lt_dataset_row_fn row, void *arg,
                          const lt_ctx_t ctx, lt_err_t err)
{
    lt_dataset_report_t R;
    lt_dataset_report_init(R);
    read_arg A = {row, arg, NULL, 0};
    lt_status st = read_rows(R, f, order, 1, pass_row, &A, ctx, err);
    if (!st && R->nproblems) st = lt_err_set(err, LT_EINPUT, "%s:%s", name, R->problems[0]);
    else if (st) lt_err_prefix(err, "%s", name);
    lt_free(A.seed);
    lt_dataset_report_clear(R);
    return st;
}

/* ---- the words of a dataset, for ssm eval ---- */

typedef struct { lt_words_struct *W; long max_len, max_samples; } words_arg;

static lt_status push_row(void *arg, const char *seed, const int *input, const int *target, long len, long line,
                          lt_err_t err)
{
    words_arg *A = arg;
    if (len == 0) return lt_err_set(err, LT_EINPUT, "line %ld: the word is empty", line);
    if (len > A->max_len)
        return lt_err_set(err, LT_ELIMIT, "line %ld: a word of %ld tokens, above `max_length` %ld", line, len, A->max_len);
    if (A->W->n >= A->max_samples) return lt_err_set(err, LT_ELIMIT, "more than `max_samples` %ld words", A->max_samples);
    lt_words_push(A->W, seed, input, target, len);
    return LT_OK;
}

lt_status lt_words_read(lt_words_t W, FILE *f, const char *name, long order, long max_len, long max_samples,
                        const lt_ctx_t ctx, lt_err_t err)
{
    words_arg A = {W, max_len, max_samples};
    lt_status st = lt_dataset_read(f, name, order, push_row, &A, ctx, err);
    if (!st && W->n == 0) st = lt_err_set(err, LT_EINPUT, "%s: no words", name);
    return st;
}
