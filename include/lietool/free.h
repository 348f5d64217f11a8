/* The free Lie algebra on r letters: Lyndon words and the Lyndon basis,
   Witt's dimension formula, and exact Lie series in that basis (the
   Baker-Campbell-Hausdorff series and, more generally, the logarithm of a
   product of exponentials of letters).

   Letters are the integers 0..r-1, ordered 0 < 1 < ... < r-1; on the
   command line they are named X, Y (r = 2), X, Y, Z (r = 3), a, b, c, ...
   (4 <= r <= 26) and X (r = 1). */
#ifndef LIETOOL_FREE_H
#define LIETOOL_FREE_H

#include <gmp.h>
#include <flint/flint.h>
#include <flint/fmpq.h>
#include "lietool/core.h"

/* The Lyndon basis up to degree N: the Lyndon words of length 1..N ordered
   by length, then lexicographically (the order of the published BCH tables
   and of iisignature). Element i (0-based) of degree k >= 2 has the standard
   factorisation w = uv, v the longest proper suffix of w that is a Lyndon
   word; u and v are Lyndon words, elements left[i] and right[i], and the
   element stands for the standard bracketing P_w = [P_u, P_v] (letters
   stand for themselves; left and right are -1; both NULL in a basis made
   without them, lt_free_lyndon_words). */
typedef struct {
    int r;                  /* letters */
    int N;                  /* largest degree stored (N = 1 when r = 1; at most 255) */
    slong n;                /* elements (fewer than 2^31) */
    slong *deg_start;       /* elements of degree k: deg_start[k] .. deg_start[k+1]-1, k = 1..N */
    int bits;               /* bits per letter: 1 (r = 2), 2 (r <= 4), 4 (r <= 16) or 8 */
    slong *byte_start;      /* the words of degree k, from words + byte_start[k], (k bits + 7) / 8 bytes each */
    unsigned char *words;   /* packed, first letter in the highest bits; padding bits are 0 */
    unsigned char *deg;     /* deg[i]: the degree of element i */
    int32_t *left, *right;
} lt_lyndon_struct;
typedef lt_lyndon_struct lt_lyndon_t[1];

void lt_lyndon_init(lt_lyndon_t B);
void lt_lyndon_clear(lt_lyndon_t B);

static inline int lt_lyndon_degree(const lt_lyndon_t B, slong i)
{
    return B->deg[i];
}
/* The letters of element i, written to w (lt_lyndon_degree(B, i) <= 255 of
   them); returns w. */
static inline unsigned char *lt_lyndon_word(const lt_lyndon_t B, slong i, unsigned char *w)
{
    int k = B->deg[i], b = B->bits;
    const unsigned char *p = B->words + B->byte_start[k] + (i - B->deg_start[k]) * (slong)((k * b + 7) / 8);
    if (b == 1) {
        for (int j = 0; j < k; j++) w[j] = (unsigned char)((p[j >> 3] >> (7 - (j & 7))) & 1);
        return w;
    }
    if (b == 8) {
        for (int j = 0; j < k; j++) w[j] = p[j];
        return w;
    }
    int per = 8 / b;
    unsigned mask = (1u << b) - 1;
    for (int j = 0; j < k; j++) w[j] = (unsigned char)((p[j / per] >> (8 - b - b * (j % per))) & mask);
    return w;
}

/* Builds the basis for 1 <= r <= 255 letters up to degree N >= 1 (Duval's
   algorithm). LT_EINPUT for r or N out of range; LT_ELIMIT (naming
   --max-enum) when the basis has more than ctx->max_enum elements, and
   for a degree above 255 or 2^31 elements or more. */
lt_status lt_free_lyndon_basis(lt_lyndon_t B, int r, long N, const lt_ctx_t ctx, lt_err_t err);
/* The same without the factors (left and right NULL: 8 bytes an element
   fewer), which lt_lyndon_factors then finds from the words. */
lt_status lt_free_lyndon_words(lt_lyndon_t B, int r, long N, const lt_ctx_t ctx, lt_err_t err);
/* The standard factors of element i, f[0] = left[i] and f[1] = right[i]
   (-1 for a letter), stored or found (a split and two searches). */
void lt_lyndon_factors(const lt_lyndon_t B, slong i, int32_t *f);

/* The index of the Lyndon word w[0..len) in B, or -1. */
slong lt_free_lyndon_find(const lt_lyndon_t B, const unsigned char *w, slong len);

/* Is w[0..len) a Lyndon word (strictly smaller than each of its proper
   suffixes)? Linear time. */
int lt_free_is_lyndon(const unsigned char *w, slong len);

/* The standard factorisation of the Lyndon word w[0..len), len >= 2: the
   length of the left factor u in w = uv, v the longest proper Lyndon
   suffix. */
slong lt_free_lyndon_split(const unsigned char *w, slong len);
/* Duval's algorithm, one step: w[0..*len) the current Lyndon word on r
   letters of length <= N (start with *len = 0), the next one in
   lexicographic order into w and *len; 0 when there is none. w holds N
   letters. */
int lt_free_lyndon_next(unsigned char *w, int *len, int N, int r);

/* Witt's formula: the number of Lyndon words of length n on r letters, the
   dimension of the degree-n part of the free Lie algebra,
   (1/n) sum_{d | n} mu(d) r^(n/d); and the total over degrees 1..N. */
void lt_free_witt(mpz_t out, ulong r, ulong n);
void lt_free_witt_total(mpz_t out, ulong r, ulong N);

/* The name of letter i of r (X, Y, Z, a, b, ...; see above), at most 7
   characters. */
void lt_free_letter_name(char *buf, int r, int i);
/* Element i as a word ("XXY") and as its standard bracketing
   ("[X,[X,Y]]"): strings to be released with lt_free. */
char *lt_lyndon_word_str(const lt_lyndon_t B, slong i);
char *lt_lyndon_bracket_str(const lt_lyndon_t B, slong i);
/* The standard bracketing of the Lyndon word w in its own letters
   ("[A,[A,B]]"), malloc'd. */
char *lt_free_lyndon_word_bracket(const char *w);

/* Z = log(e^{t_1 x_{l_1}} e^{t_2 x_{l_2}} ... e^{t_m x_{l_m}}) in the Lyndon
   basis B, up to B's degree: c[i] (B->n entries, initialised by the caller)
   receives the exact coefficient of element i. letters[s] < B->r and the
   rational t[s] give the factors, leftmost first. The word coefficients are
   those of the series log(1 + W) = sum_k (-1)^(k+1) W^k / k in the free
   associative algebra, W = the product minus 1; they are projected onto the
   basis through the triangularity of the standard bracketing (see bch.c).
   LT_ELIMIT when the words do not fit in 64 bits (r^N >= 2^64) or the
   expansions need more than ctx->max_memory_mb (--max-memory). */
lt_status lt_free_log_exp(fmpq *c, const lt_lyndon_t B, slong m, const int *letters,
                          const fmpq *t, const lt_ctx_t ctx, lt_err_t err);
/* The same by the plain method only (through the expansions of the
   brackets), kept as an independent check of the fast one: on 2 letters
   lt_free_log_exp solves a triangular system per finely homogeneous class
   with on-demand bracket coefficients, in parallel ($LIETOOL_THREADS
   threads, default the processors online). */
lt_status lt_free_log_exp_plain(fmpq *c, const lt_lyndon_t B, slong m, const int *letters,
                                const fmpq *t, const lt_ctx_t ctx, lt_err_t err);

/* A word over named letters, as lt_free_log_exp and lt_free_magnus_errors
   take it (src/free/word.c): the tokens are given in time order, the
   first acting first; the distinct tokens, sorted as strings, are the
   letters 0..r-1, and factor s (leftmost first) is token m-1-s, applied
   for unit time. */
typedef struct {
    slong m;                /* factors */
    int r;                  /* distinct letters */
    char **names;           /* the letters' names, sorted (copies) */
    int *letters;           /* letters[s]: factor s, leftmost first */
    fmpq *t;                /* m ones */
} lt_free_word_struct;
typedef lt_free_word_struct lt_free_word_t[1];

void lt_free_word_init(lt_free_word_t W);
void lt_free_word_clear(lt_free_word_t W);
/* W from tokens[0..m) (earlier contents released); LT_EINPUT for more
   than 255 distinct letters. */
lt_status lt_free_word_set(lt_free_word_t W, char *const *tokens, slong m, lt_err_t err);
/* W from the words of a command line: the tokens are the words' parts
   between blanks, and a lone token of two or more letters ("abac") is a
   token per letter. LT_ELIMIT naming --max-length for more than max_length
   tokens; LT_EINPUT for a token that is not a name (letters, digits, _),
   or from lt_free_word_set. */
lt_status lt_free_word_read(lt_free_word_t W, char *const *words, int nwords, long max_length, lt_err_t err);
lt_status lt_free_magnus_series(lt_lyndon_t B, fmpq **c, const lt_free_word_t W, long K, const lt_ctx_t ctx,
                                lt_err_t err);
/* Token i of W in time order. */
static inline const char *lt_free_word_token(const lt_free_word_t W, slong i)
{
    return W->names[W->letters[W->m - 1 - i]];
}

/* The Baker-Campbell-Hausdorff series in the Lyndon basis B of rank 2
   (X = letter 0, Y = letter 1): Z = log(e^X e^Y), or with symmetric set
   Z = log(e^{X/2} e^Y e^{X/2}). */
lt_status lt_free_bch(fmpq *c, const lt_lyndon_t B, int symmetric, const lt_ctx_t ctx, lt_err_t err);
/* The BCH series held compactly (what bch --table streams: degree 28 in a
   few hundred MB). The symmetric series W = log(e^{X/2} e^Y e^{X/2}) has
   terms of odd degree only; they are kept as integer numerators over one
   denominator per class (degree n, o letters Y): 128-bit integers (16
   bytes each; at degree 23 three in four need more than 64 bits), and
   FLINT integers for a class where one needs more than 127 (exact at any
   degree). Unless symmetric,
   the coefficient of element i in Z = log(e^X e^Y) is formed from W when
   it is read (lt_bchw_get): Z = exp(ad_{X/2}) W, so Z_u is the sum of
   2^-k/k! W_l over the ways to write u = X^k l (src/free/bch.c). */
typedef struct {
    const lt_lyndon_struct *B;
    int symmetric;
    slong *off;             /* off[n]: the numerator of element deg_start[n] (odd n <= N) */
    uint64_t *num;          /* the elements of odd degree, in basis order: 2 words each
                               (low, high) of a two's complement 128-bit integer */
    fmpz **big;             /* big[n]: degree n's numerators as FLINT integers (NULL if unused) */
    char *isbig;            /* isbig[n (N+1) + o]: that class is in big[n] */
    fmpz *den;              /* den[n (N+1) + o]: the class of degree n with o letters Y */
} lt_bchw_struct;
typedef lt_bchw_struct lt_bchw_t[1];
/* S for the basis B on 2 letters (kept by reference), all zero. */
void lt_bchw_init(lt_bchw_t S, const lt_lyndon_t B, int symmetric);
void lt_bchw_clear(lt_bchw_t S);
/* The coefficient of element i: of W with symmetric, else of Z. */
void lt_bchw_get(fmpq_t c, const lt_bchw_t S, slong i);
/* The same for a Lyndon word w of degree N + 1, N = S->B->N odd (whose
   W term is 0: bch --table of even degree N + 1 keeps no basis for its
   top degree), and the indices of its standard factors in f[0], f[1]. */
void lt_bchw_get_top(fmpq_t c, int32_t *f, const lt_bchw_t S, const unsigned char *w);
/* The top degree's elements one by one, in order: w (256 bytes) and *len
   start at len 0; each call moves w to the next Lyndon word of degree
   N + 1 (Duval) and sets c and f as lt_bchw_get_top; 0 after the last. */
int lt_bchw_top_next(fmpq_t c, int32_t *f, const lt_bchw_t S, unsigned char *w, int *len);
/* Class (n, o) of S (n odd: the elements idx[0..s) of degree n with o
   letters Y, the whole class) set to numerators over D: num as
   lt_free_class_job_result gives them, or (num NULL) big. Not for two
   threads at once. */
void lt_bchw_set_class(lt_bchw_t S, int n, int o, const int32_t *idx, slong s, const fmpz_t D, const uint64_t *num,
                       const fmpz *big);
/* Its coefficient in W (0 at even degrees). */
void lt_bchw_get_w(fmpq_t c, const lt_bchw_t S, slong i);
/* The series to S->B's degree (<= 62) into S; lt_free_bch_check's limits. */
lt_status lt_free_bchw(lt_bchw_t S, const lt_ctx_t ctx, lt_err_t err);
/* The coefficient of the word w[0..n) in the free associative algebra in
   log(e^{x_{l_1}} e^{x_{l_2}} ... e^{x_{l_K}}), l_1 < l_2 < ... < l_K the
   distinct letters of w (any byte values, ordered as numbers): exact, and
   without the series (O(n^3) integer operations; src/free/bch.c). With
   two letters 0 < 1 it is the coefficient of w in the BCH series
   log(e^X e^Y): 1/2 for XY, -1/6 for XYX. LT_EINPUT for n < 1. */
lt_status lt_free_bch_coefficient(fmpq_t c, const unsigned char *w, slong n, lt_err_t err);
/* The coefficient of the Lyndon basis element P_w (the standard
   bracketing, as lt_free_lyndon_basis and bch --table have it) in the same
   series, w[0..n) a Lyndon word in the order of its bytes: with two letters
   0 < 1 the coefficient bch --table gives it, 1/12 for XXY ([X,[X,Y]]) and
   for XYY ([[X,Y],Y]). A triangular solve over the Lyndon words of w's
   multidegree up to w (src/free/bch.c). LT_EINPUT for n < 1 or a word that
   is not Lyndon; LT_ELIMIT naming --max-lyndon when there are more than
   max_words of those words, and when there is more than one and n > 62,
   or n > 255. ctx: the progress report. */
lt_status lt_free_bch_lyndon_coefficient(fmpq_t c, const unsigned char *w, slong n, slong max_words,
                                         const lt_ctx_t ctx, lt_err_t err);
/* A word as bch --coefficient and the Python package take it: letters
   A-Z and a-z (passed to lt_free_bch_coefficient as they are, so ordered
   as in ASCII), at least one. LT_EINPUT naming the first other character,
   or for an empty word; LT_ELIMIT naming --max-length for more than
   max_length letters. */
lt_status lt_free_bch_word_check(const char *w, long max_length, lt_err_t err);
/* LT_ELIMIT naming --max-enum when the BCH series up to degree N would
   take more than 1000 x --max-enum steps (about a minute), predicted from
   the class sizes of the Lyndon basis before it is built; lt_free_bch
   checks the same. */
lt_status lt_free_bch_check(long N, const lt_ctx_t ctx, lt_err_t err);
/* bch N: lt_free_bch_check, the Lyndon basis B on 2 letters to degree N
   (N - 1 for the table of an even N, whose top degree has no terms and
   whose words the writer enumerates), then S initialised on it (only on
   success) for lt_free_bchw or a shared run; without factors (which
   lt_free_bchw needs) the basis is lt_free_lyndon_words's. */
lt_status lt_free_bch_prepare(lt_bchw_t S, lt_lyndon_t B, long N, int symmetric, int table, int factors,
                              const lt_ctx_t ctx, lt_err_t err);
/* What the BCH series to degree N takes, predicted from the class sizes
   (necklace counts) and rates measured on this project's machine: procs
   processes (mpirun -np) of threads threads each; table: bch --table (no
   basis of an even top degree). The wall time is the work shared out, or
   the largest class if longer (a class runs on one thread); the memory is
   the peak of the one process, or with procs > 1 of rank 0, which holds
   the basis and the series and runs the procs-th largest class first,
   and of the other ranks, which hold the class they run.
   lt_free_bch_check's refusal states it. */
typedef struct {
    double elements;        /* the dimension of the free Lie algebra to degree N */
    double steps;           /* s n^2 + 2 s^2 over the classes of W */
    double largest;         /* the largest class's steps */
    double seconds;         /* wall time */
    double cpu_seconds;     /* CPU time, all workers */
    double bytes;           /* peak memory (of rank 0) */
    double rank_bytes;      /* with procs > 1: the peak of each other rank */
} lt_free_bch_estimate_t;
/* The worker threads of the series here: $LIETOOL_THREADS, else the
   processors online, 1 to 64. */
int lt_free_bch_threads(void);
void lt_free_bch_estimate(lt_free_bch_estimate_t *e, long N, int procs, int threads, int table);
/* e's time ("52 min", "3.4 h") and memory ("480 MB"), 64 bytes each. */
void lt_free_bch_estimate_str(char *tm, char *mem, const lt_free_bch_estimate_t *e);

/* The BCH or Magnus series class by class, for a driver that shares the
   classes out among processes (lietool bch --mpi, magnus --mpi). A class
   is the Lyndon words of one multidegree (deg[l] letters l). The job sets
   up the classes, ordered by predicted work, largest first;
   lt_free_class_job_run(J, k) writes the coefficients of class k (the
   elements C->idx[0..s)) into c or S; once every class has been run (or
   set), lt_free_class_job_finish completes the series. The same result as
   lt_free_bch / lt_free_log_exp.
   - lt_free_bch_job_new: S->B on 2 letters to degree <= 62; the classes
     are the odd degrees of the symmetric series W = log(e^(X/2) e^Y
     e^(X/2)), written into S (whose readers form log(e^X e^Y) unless
     symmetric); finish does nothing.
   - lt_free_bch_job_alone: the same classes of W to degree N (<= 62),
     without a basis: running class k makes the basis of its own words
     and their standard factors (the Lyndon words of its multidegree) and
     keeps its coefficients until lt_free_class_job_release (C->idx is
     NULL; lt_free_class_job_get and _set are not for it). A job's memory
     is then the classes it holds, not the series: what the ranks other
     than 0 of bch --mpi run.
   - lt_free_magnus_job_new: log of the word W's exponentials, B on W's
     letters to order <= 62 with (order + 1)^letters <= 2^22 (LT_EINPUT
     otherwise); finish does nothing. */
typedef struct lt_free_class_job_s lt_free_class_job;
typedef struct {
    int n, r;               /* degree, letters */
    const int *deg;         /* deg[l]: letters l in each word (r entries) */
    slong s;                /* Lyndon words in the class */
    double work;            /* predicted steps: s n^2 + 2 s^2 */
    const int32_t *idx;     /* their indices in the basis */
} lt_free_class;
lt_status lt_free_bch_job_new(lt_free_class_job **J, lt_bchw_t S, const lt_ctx_t ctx, lt_err_t err);
lt_status lt_free_bch_job_alone(lt_free_class_job **J, int N, const lt_ctx_t ctx, lt_err_t err);
lt_status lt_free_magnus_job_new(lt_free_class_job **J, fmpq *c, const lt_lyndon_t B, const lt_free_word_t W,
                                 const lt_ctx_t ctx, lt_err_t err);
void lt_free_class_job_free(lt_free_class_job *J);
slong lt_free_class_job_classes(const lt_free_class_job *J);
void lt_free_class_job_class(const lt_free_class_job *J, slong k, lt_free_class *C);
void lt_free_class_job_run(lt_free_class_job *J, slong k);
void lt_free_class_job_finish(lt_free_class_job *J);
/* The coefficient of basis element i as the job holds it (for bch: in W),
   and class k's coefficients set from v[0..s) (in the order of C->idx),
   as when it is run. */
void lt_free_class_job_get(fmpq_t c, const lt_free_class_job *J, slong i);
void lt_free_class_job_set(lt_free_class_job *J, slong k, const fmpq *v);
/* Word t (0 <= t < C->s) of class k, once run or set: its letters into w
   (C->n of them), its coefficient into c; lt_free_class_job_release frees
   what a job without a basis holds of class k (nothing otherwise). */
void lt_free_class_job_word(unsigned char *w, const lt_free_class_job *J, slong k, slong t);
void lt_free_class_job_coef(fmpq_t c, const lt_free_class_job *J, slong k, slong t);
void lt_free_class_job_release(lt_free_class_job *J, slong k);
/* Class k of a job without a basis, once run: D its denominator, and its
   numerators in the class's order, 2 words each (low, high) of a two's
   complement 128-bit integer; or, when one needs more than 127 bits, NULL
   and *big the FLINT integers. Valid until the class is released. */
const uint64_t *lt_free_class_job_result(fmpz_t D, const fmpz **big, const lt_free_class_job *J, slong k);

/* The whole series as the commands (bch, magnus) and the Python package
   take it (src/free/series.c): B the Lyndon basis to the degree, *c its
   B->n coefficients (NULL on failure; release with _fmpq_vec_clear(*c,
   B->n)). lt_free_bch_series: log(e^X e^Y) to degree N (symmetric:
   log(e^(X/2) e^Y e^(X/2))), after lt_free_bch_check; lt_free_magnus_series:
   the Magnus expansion of the word W to order K (lt_free_log_exp). */
lt_status lt_free_bch_series(lt_lyndon_t B, fmpq **c, long N, int symmetric, const lt_ctx_t ctx, lt_err_t err);

/* ---- the free nilpotent Lie algebra (src/free/nilpotent.c) ---- */
#include "lietool/liealg.h"
/* fnil(r,c), the free Lie algebra of rank r modulo its terms of degree
   above c, into L (just initialised): the Lyndon basis up to degree c with
   standard bracketing; [P_u, P_v] is written in this basis by removing the
   lexicographically smallest word, which is Lyndon with coefficient 1 in
   its P_w (Reutenauer, Free Lie Algebras, Theorem 5.1). No matrix form.
   LT_EINPUT when r or c is below 1, LT_ELIMIT above --max-dim, for words
   beyond 64-bit codes, or above --max-memory; spec, the object as written,
   is quoted in messages. */
lt_status lt_free_nilpotent(lt_liealg_t L, long r, long c, const char *spec,
                            const lt_ctx_t ctx, lt_err_t err);

/* ---- Lie series on real matrices (src/free/magnus.c) ---- */
#include <mpfr.h>

/* Reads a real number written as an integer, p/q or a decimal with an
   optional exponent (-0.25, 1.5e-3, .5), exactly, from s: returns 1 and
   sets *end past it, or returns 0 when s does not start with such a number
   (a zero denominator, an exponent above 100000 in size). */
int lt_free_read_q(fmpq_t x, const char *s, const char **end);
/* The same for a positive number, rounded to the nearest long double
   (a step h of the rotation task): 1, or 0 when it is not positive or
   does not fit. */
int lt_free_read_positive(long double *out, const char *s, const char **end);

/* Named square matrices with exact entries, all of one size: a matrices
   file (lietool-formats(5)) has one definition per letter,
       name = [[1, -1/2], [0.25, 0]]     # a comment
   names made of letters, digits and _, entries read by lt_free_read_q;
   blank lines and '#' comments are ignored, and a definition may continue
   over several lines while its brackets are open. */
typedef struct {
    int count;              /* matrices */
    slong n;                /* their common size (0 when count = 0) */
    char **names;
    long *line;             /* the line each definition starts on */
    fmpq **entries;         /* entries[i]: n*n entries, row by row */
} lt_matfile_struct;
typedef lt_matfile_struct lt_matfile_t[1];

void lt_matfile_init(lt_matfile_t F);
void lt_matfile_clear(lt_matfile_t F);
/* Parses text (`where` names it in messages, "FILE:LINE: ..."). LT_EINPUT
   for a syntax error, an entry that is not a number, ragged rows, a
   non-square matrix, sizes that differ, a name defined twice; LT_ELIMIT
   (naming --max-dim) for a matrix larger than ctx->max_dim. */
lt_status lt_free_matfile_parse(lt_matfile_t F, const char *text, const char *where,
                                const lt_ctx_t ctx, lt_err_t err);
/* The index of the matrix called name, or -1. */
int lt_free_matfile_find(const lt_matfile_t F, const char *name);
/* One matrix "[[e, e], [e, e]]" at *p, spread over lines if need be, with
   '#' comments (*line counts the newlines passed; where, name and kinds,
   what an entry may be, are for messages). Each entry is read by
   entry(arg, k, text, &end), k = 0, 1, ... row by row, which returns 1 and
   sets end past the entry, or 0 when text does not start one. On success
   *rows and *cols give the shape (rows of equal length; LT_ELIMIT beyond
   ctx->max_dim); *p and *line are past the matrix, or at the error. */
lt_status lt_free_scan_matrix(slong *rows, slong *cols, const char **p, long *line,
                              const char *where, const char *name, const char *kinds,
                              int (*entry)(void *arg, slong k, const char *text, const char **end),
                              void *arg, const lt_ctx_t ctx, lt_err_t err);

/* Square real matrices with MPFR entries of one precision, row by row. */
typedef struct {
    slong n;
    mpfr_prec_t prec;
    __mpfr_struct *e;
} lt_rmat_struct;
typedef lt_rmat_struct lt_rmat_t[1];

/* The zero matrix of size n >= 1 at prec bits. */
void lt_rmat_init(lt_rmat_t M, slong n, mpfr_prec_t prec);
void lt_rmat_clear(lt_rmat_t M);
static inline mpfr_ptr lt_rmat_entry(const lt_rmat_t M, slong i, slong j)
{
    return M->e + i * M->n + j;
}
void lt_rmat_zero(lt_rmat_t M);
void lt_rmat_one(lt_rmat_t M);
/* M = A, rounded to M's precision (sizes agree). */
void lt_rmat_set(lt_rmat_t M, const lt_rmat_t A);
/* M = h a, a n*n exact entries row by row, h NULL for 1; rounded to nearest. */
void lt_rmat_set_fmpq(lt_rmat_t M, const fmpq *a, const fmpq_t h);
void lt_rmat_add(lt_rmat_t C, const lt_rmat_t A, const lt_rmat_t B);
void lt_rmat_sub(lt_rmat_t C, const lt_rmat_t A, const lt_rmat_t B);
/* C += x A */
void lt_rmat_addmul_fmpq(lt_rmat_t C, const lt_rmat_t A, const fmpq_t x);
/* C = A B; C is neither A nor B. Each factor is rounded to fixed point
   (an integer matrix times a power of 2, C's precision + log2(n) + 8 bits
   below its largest entry) and the integer product is exact (FLINT), so
   the error is normwise, about 2^-prec ||A|| ||B||. */
void lt_rmat_mul(lt_rmat_t C, const lt_rmat_t A, const lt_rmat_t B);
/* C = [A, B] = AB - BA; C is neither A nor B. */
void lt_rmat_bracket(lt_rmat_t C, const lt_rmat_t A, const lt_rmat_t B);

/* E = exp(M) by scaling and squaring: M/2^s with ||M/2^s||_F <= 2^-j
   (j about sqrt(prec)/2), its Taylor series summed until the terms fall
   below the working precision, then s squarings; the working precision is
   E's plus s + j + 2 log2(n) + 20 guard bits. LT_ENUMERIC when ||M||_F is
   2^30 or more or the result overflows. E is not M. */
lt_status lt_rmat_exp(lt_rmat_t E, const lt_rmat_t M, lt_err_t err);

typedef enum { LT_NORM_FROBENIUS = 0, LT_NORM_SPECTRAL = 1 } lt_norm_kind;
/* The Frobenius norm sqrt(sum m_ij^2), or the spectral norm, the largest
   singular value, by one-sided Jacobi (Hestenes) rotations of the columns
   of M until every pair is orthogonal to relative accuracy 2^-(p+4), p the
   precision of out (or its inner product is at the level of rounding);
   the result is then accurate to about 2^-p relative. LT_ENUMERIC if
   Jacobi does not converge in 200 sweeps. */
lt_status lt_rmat_norm(mpfr_t out, const lt_rmat_t M, lt_norm_kind kind, lt_err_t err);

/* The truncation error of the Magnus expansion on real matrices. The word
   is given as for lt_free_log_exp: letters[0..m) index B's letters, the
   leftmost factor first (so letters[0] is the last letter of the word read
   in time order), and c holds the exact Lyndon coefficients of
   Omega = log(exp(A_{l_0}) ... exp(A_{l_{m-1}})) (lt_free_log_exp with
   t = 1). gens[j] holds the n*n exact entries of letter j's matrix, each
   multiplied by h (NULL for 1). For k = 1..K, errors[k-1] receives
   ||exp(Omega^[k]) - P||, Omega^[k] the sum of the terms of degree <= k
   (brackets evaluated as AB - BA through the standard factorisation) and
   P = exp(hA_{l_0}) ... exp(hA_{l_{m-1}}); eps receives sum_s ||h A_{l_s}||
   and comm the norm of the degree-2 part Omega_2. Everything is computed
   with prec + 32 + 2 log2(n) bits and rounded to the outputs' precisions.
   B must reach degree max(K, 2) (or have one letter). names (or NULL)
   names the letters in messages. LT_ELIMIT naming
   --max-memory when the evaluated brackets need more than
   ctx->max_memory_mb; LT_ENUMERIC from lt_rmat_exp or lt_rmat_norm. */
lt_status lt_free_magnus_errors(mpfr_ptr errors, mpfr_t eps, mpfr_t comm, long K,
                                const lt_lyndon_t B, const fmpq *c, slong m, const int *letters,
                                const fmpq *const *gens, slong n, const fmpq_t h,
                                lt_norm_kind norm, mpfr_prec_t prec, char *const *names,
                                const lt_ctx_t ctx, lt_err_t err);

/* ---- certified truncation errors (src/free/magnus_run.c) ---- */
typedef struct {
    long order;             /* K >= 1 */
    lt_norm_kind norm;
    mpfr_prec_t prec;       /* bits of the values reported */
    int digits;             /* significant digits they are certified to (1..60) */
} lt_magnus_params;

typedef struct {
    long K;
    mpfr_prec_t prec, check_prec;   /* check_prec = prec + 64 */
    __mpfr_struct *errors;  /* errors[k-1]: the order-k error, k = 1..K, at prec */
    mpfr_t eps, comm;       /* generator mass and ||Omega_2||, at prec */
    /* The certificate: 0 when every value above, rounded to `digits`
       significant digits, equals its twin computed at check_prec; else the
       value that needs the most extra bits (-1 eps, -2 comm, k the order-k
       error), its twin and a precision that should do. */
    long worst;
    mpfr_t worst_check;
    long suggested_prec;
} lt_magnus_result_struct;
typedef lt_magnus_result_struct lt_magnus_result_t[1];

void lt_magnus_result_init(lt_magnus_result_t R);
void lt_magnus_result_clear(lt_magnus_result_t R);

/* The truncation errors of the Magnus expansion of the word W on the
   letters' matrices in F, each multiplied by h (NULL for 1), as
   lt_free_magnus_errors computes them (the Lyndon coefficients come from
   lt_free_log_exp to degree max(K, 2)), certified: everything is computed
   again at prec + 64 bits, and the rounding error at prec must not decide
   any of the reported digits. When it does, R->worst names the value, the
   status is LT_ENUMERIC and err says "--prec P is too low for the printed
   digits: ... ; try --prec Q" (Q = R->suggested_prec). LT_EINPUT naming
   `where` (the file F came from) when F has no matrix for a letter of W
   (the first such letter in time order); otherwise the failures of
   lt_free_lyndon_basis, lt_free_log_exp and lt_free_magnus_errors. */
lt_status lt_free_magnus_run(lt_magnus_result_t R, const lt_magnus_params *P, const lt_free_word_t W,
                             const lt_matfile_t F, const char *where, const fmpq_t h,
                             const lt_ctx_t ctx, lt_err_t err);

/* ---- the commutator contrast (src/free/contrast.c): translations of the
   plane commute, rotations of space do not. Translations: X (east) and Y
   (north) as 3 x 3 matrices on homogeneous coordinates (x, y, 1); they
   are nilpotent, so e^X = I + X exactly, and everything is exact.
   Rotations: the generators L_x, L_y, L_z of so(3), (L_i)_jk = -eps_ijk,
   exact, and two 90-degree rotations X = (pi/2) L_x, Y = (pi/2) L_y in
   MPFR. Both with the BCH term Omega_2 = c [X, Y], c the coefficient of
   [X,Y] in log(e^X e^Y) from the exact series (lt_free_bch). ---- */
typedef enum { LT_CONTRAST_TRANSLATIONS, LT_CONTRAST_ROTATIONS } lt_contrast_kind;

typedef struct {
    lt_contrast_kind kind;
    fmpq_t bch;                 /* c, the coefficient of [X,Y]: 1/2 */
    fmpq_mat_t x, y, z;         /* 3 x 3: east, north, 0; or L_x, L_y, L_z */
    fmpq_mat_t bracket;         /* [x, y] = xy - yx, exact */
    int commute;                /* [x, y] = 0 */
    int bracket_is_z;           /* [x, y] = z (rotations: [L_x, L_y] = L_z) */
    int nilpotent;              /* x^2 = y^2 = 0 (translations) */
    /* translations, exact: e^X e^Y, e^Y e^X and Omega_2 = c [X, Y] */
    fmpq_mat_t exp_xy, exp_yx, omega2;
    int products_equal;
    /* rotations, at prec bits: e^X e^Y, e^Y e^X and Omega_2 = c [X, Y] */
    mpfr_prec_t prec;
    lt_rmat_t rexp_xy, rexp_yx, romega2;
    mpfr_t coefficient;         /* c (pi/2)^2 = pi^2/8: exactly, Omega_2 = coefficient L_z */
    int agrees;                 /* ||romega2 - coefficient L_z||_F < 2^-100 */
    /* both: ||e^X e^Y - e^Y e^X||_F and ||Omega_2||_F, at prec bits */
    mpfr_t difference_norm, omega2_norm;
} lt_contrast_struct;
typedef lt_contrast_struct lt_contrast_t[1];

/* prec: the precision of the MPFR parts (at least 128 for the 2^-100 check). */
void lt_contrast_init(lt_contrast_t R, mpfr_prec_t prec);
void lt_contrast_clear(lt_contrast_t R);
/* Fills R for kind. LT_EINTERNAL if a check fails (translations: nilpotent,
   commuting, equal products; rotations: [L_x, L_y] = L_z and the numeric
   Omega_2 within 2^-100 of the exact one); the failures of lt_free_bch and
   lt_rmat_exp. */
lt_status lt_free_contrast(lt_contrast_t R, lt_contrast_kind kind, const lt_ctx_t ctx, lt_err_t err);

#endif
