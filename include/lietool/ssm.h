/* The state-space-model simulator: linear recurrences run as sequential
   loops or as associative (Blelloch) scans, in double, float or emulated
   bfloat16, and the cascades of abelian (diagonal, unit-complex) layers
   that compute the word problem of a solvable group (the Kaloujnine-Krasner
   embedding along the derived series). lietool(1), "ssm", documents the
   command line. */
#ifndef LIETOOL_SSM_H
#define LIETOOL_SSM_H

#include <stdint.h>
#include "lietool/core.h"
#include "lietool/perm.h"

/* ---- finite precision ---- */
/* Values are held in doubles and rounded to the working precision after
   every arithmetic operation (+, -, *, /, sqrt): for float this is exactly
   IEEE single arithmetic (a double result rounded once to single is the
   correctly rounded single result of these operations); bfloat16 keeps 8
   significant bits (round to nearest, ties to even), the exponent range of
   float, and flushes results below 2^-126 to zero. */
typedef enum { LT_PREC_F64 = 0, LT_PREC_F32 = 1, LT_PREC_BF16 = 2 } lt_prec;
#define LT_NPREC 3
const char *lt_prec_name(lt_prec p);                 /* "f64", "f32", "bf16" */
int lt_prec_parse(lt_prec *p, const char *s);        /* 0 on success */
double lt_prec_round(double x, lt_prec p);
/* The unit roundoff 2^-53, 2^-24, 2^-8. */
double lt_prec_eps(lt_prec p);

/* ---- scans ---- */
typedef struct {
    lt_prec prec;
    int renormalize;        /* diagonal recurrences without b: h <- h/|h| after every step
                               (sequential) or every combine (parallel) */
    int parallel;           /* 0: the sequential loop; 1: the Blelloch scan */
    int threads;            /* threads of the parallel scan; 0: the online processors */
} lt_scan_opts;
void lt_scan_opts_init(lt_scan_opts *o);

/* ceil(log2 T): the levels of the scan tree. The parallel scan is
   Blelloch's (1990) work-efficient tree in the Brent-Kung form: an
   up-sweep over the levels, then a down-sweep back; every round's combines
   are independent and are shared among the threads. */
int lt_scan_levels(long T);

/* Diagonal complex recurrence over T steps and d channels:
       h_t = a_t * h_(t-1) + b_t   (elementwise in C^d), t = 0..T-1, h_(-1) = h0,
   row t of each array at offset t*d, complex numbers as separate real and
   imaginary arrays. b (both parts) may be NULL: b = 0. The outputs must
   not alias the inputs. Renormalisation needs b = NULL (LT_EINPUT
   otherwise). The parallel scan uses the threads that can be started; it
   fails only if their barrier cannot be made (LT_EINTERNAL). */
lt_status lt_scan_diag(double *h_re, double *h_im,
                       const double *a_re, const double *a_im,
                       const double *b_re, const double *b_im,
                       const double *h0_re, const double *h0_im,
                       long T, int d, const lt_scan_opts *o, lt_err_t err);

/* Dense real recurrence h_t = A_t h_(t-1) + b_t, A_t the d x d row-major
   matrix at A + t*d*d, b_t at b + t*d (b may be NULL), h0 of length d. */
lt_status lt_scan_dense(double *h, const double *A, const double *b, const double *h0,
                        long T, int d, const lt_scan_opts *o, lt_err_t err);

/* A diagonal layer driven by tokens, in double, as a fused loop: with
   tables lam and beta of ntok rows of d (beta may be NULL: 0),
       h_t = lam[x_t] * h_(t-1) + beta[x_t],   y_t = Re sum_j c_j h_t[j]
   for t = 0..T-1; h holds h_(-1) on entry and h_(T-1) on return; y (T
   values) is written when c is not NULL. The arithmetic is that of
   lt_scan_diag in double, plus the readout. */
void lt_scan_diag_tokens(double *h_re, double *h_im, const double *lam_re, const double *lam_im,
                         const double *beta_re, const double *beta_im, const double *c_re,
                         const double *c_im, const int *tokens, long T, int d, double *y);

/* ---- cascades for solvable groups ---- */
/* Layer i (1-based) tracks the image of a word in G(i-1)/G(i) of the
   derived series; the quotient is written as C_m1 x ... x C_mr (invariant
   factors, m1 | m2 | ... | mr) and held as r unit complex numbers, the
   channel of order m a power of exp(2 pi i/m). Element indices are those
   of the Cayley table the cascade was built from. */
typedef struct {
    long qorder;            /* |G(i-1)/G(i)| */
    int r;                  /* channels (cyclic factors) */
    int *m;                 /* their orders */
    int *coset;             /* coset[g] in 0..qorder-1 for g in G(i-1), else -1; 0 is G(i) */
    int *rep;               /* rep[q]: the transversal s(q); rep[0] is the identity */
    int *expo;              /* expo[q*r + j]: exponent of factor j in coset q */
    int *code_to_q;         /* mixed-radix code of the exponents -> coset */
    int *qmul;              /* qmul[q*qorder + q2]: the product of cosets */
    int *coc;               /* coc[q*n + g] = s(q) g s(q g)^(-1) in G(i), for g in G(i-1) */
    double *lam_re, *lam_im;/* lam[g*r + j]: the phase of token g, rounded to the precision */
    double **root_re, **root_im; /* per channel the m roots of unity (double), for decoding */
} lt_cascade_layer;

typedef struct {
    long n;                 /* |G| */
    int identity;
    int *table;             /* copy of the Cayley table */
    int *inverse;
    int nterms;             /* terms of the derived series (G down to 1) */
    long *term_order;
    int derived_length;     /* nterms - 1 */
    int k;                  /* layers */
    lt_prec prec;           /* the precision of the phases */
    lt_cascade_layer *layer;/* k layers */
    char **member;          /* member[i][g]: g in G(i), i = 0..nterms-1 (from the group engine) */
} lt_cascade_struct;
typedef lt_cascade_struct lt_cascade_t[1];

void lt_cascade_init(lt_cascade_t K);
void lt_cascade_clear(lt_cascade_t K);
/* Builds a k-layer cascade for the group of the table C: the derived
   series comes from the group engine (the right regular permutation
   representation of C, Schreier-Sims, commutator subgroups). A group that
   is not solvable is refused (LT_EINPUT, naming 'lietool error-bound');
   k may be smaller than the derived length (the cascade then tracks
   G/G(k) only) or larger (the extra layers are empty); k = 0 means the
   derived length (one layer for the trivial group). The regular
   representation is bounded by --max-memory (LT_ELIMIT). */
lt_status lt_cascade_build(lt_cascade_t K, const lt_cayley_t C, int k, lt_prec prec,
                           const lt_ctx_t ctx, lt_err_t err);
/* The order of G/G(k): what the layers can track. */
long lt_cascade_tracked_order(const lt_cascade_t K);
/* The exponent of factor j in the image of element g in layer L's
   quotient (0 for g outside G(i-1)): the token's root of unity on channel
   j is exp(2 pi i e / m_j). */
static inline int lt_cascade_exponent(const lt_cascade_layer *L, long g, int j)
{
    return L->coset[g] >= 0 ? L->expo[(long)L->coset[g] * L->r + j] : 0;
}

/* Runs the cascade on a word x_1..x_T (word[0..T-1], element indices),
   layer after layer, each layer's recurrence by lt_scan_diag with o (its
   precision should be K's). The readout decodes every layer's phases to the
   nearest roots of unity (in double) and multiplies the transversal
   elements: out[t] = s_k(q_k) ... s_1(q_1) at t = 1..T (out[t-1]). If q is
   not NULL, q[i][t-1] receives the decoded state of layer i+1 (a coset
   index) after token t. Layer i+1's input at step t is the cocycle
   coc_i[q_i(t-1)][c_i(t)] of its own input and its decoded previous state
   (Kaloujnine-Krasner). */
lt_status lt_cascade_run(int *out, int **q, const lt_cascade_t K, const int *word, long T,
                         const lt_scan_opts *o, lt_err_t err);
/* The same computation in lockstep (all layers advance one token at a
   time, sequential loops in K's precision, no arrays), on tokens drawn
   from rng with lt_rng_below(|G|), until the readout first differs from the
   exact prefix product or T tokens have run, and records in D (the phase
   measurements only with measure: they cost an atan2 per channel and
   step; NAN without): */
typedef struct {
    long first_wrong;       /* 1-based position of the first wrong readout, 0 if none */
    long tokens;            /* tokens run */
    double max_phase_error; /* largest angle (radians) between a phase and its decoded
                               root of unity; the decoding margin of C_m is pi/m */
    double min_modulus, max_modulus;   /* extremes of |h| */
} lt_cascade_drift;
void lt_cascade_lockstep(lt_cascade_drift *D, const lt_cascade_t K, lt_rng_t rng, long T, int renormalize,
                         int measure);
/* The exact running products p_t = x_1 ... x_t by the table (each token
   multiplying on the right, as lt_cayley_prefix). */
void lt_cascade_exact(int *p, const lt_cascade_t K, const int *word, long T);
/* Whether a and b lie in the same coset of G(k) (the readout of a cascade
   with k < derived length is right modulo G(k)). */
int lt_cascade_same_mod(const lt_cascade_t K, int a, int b);

/* ---- experiments (src/ssm/experiment.c) ---- */
/* The sequential loop against the Blelloch scan on random recurrences of
   P->length steps and P->channels channels (a dense recurrence: d x d
   matrices with entries uniform in [-1, 1]/d and b uniform in
   [-1/2, 1/2]; a diagonal one: a = rho e^(i theta), rho uniform in
   [1/2, 1] (1 with renormalisation), b uniform in [-1/2, 1/2]^2 (none with
   renormalisation), all rounded to the precision), drawn from
   lt_rng_seed(P->seed). The stated tolerance, with u the unit roundoff and
   L = ceil(log2 T): 4 (w + 2) (2L + 1) u on these data, which do not
   amplify errors (w = 1 for diagonal, d for dense recurrences: dot
   products); 4 (T + 2L + 1) u for renormalised unit-modulus products, whose
   sequential error grows with T. Each output of the tree is a product
   along a path of at most 2L + 1 combines, the loop's of up to T steps.
   For bfloat16 (u = 2^-8) the bound exceeds 1 and says nothing. */
typedef struct {
    int dense;              /* dense real (else diagonal complex) */
    int channels;           /* d >= 1 */
    long length;            /* T >= 1 */
    uint64_t seed;
    lt_prec prec;
    int renormalize;        /* diagonal only */
    int threads;            /* of the parallel scan; 0: the online processors */
} lt_scan_compare_params;

typedef struct {
    int levels;             /* lt_scan_levels(T) */
    double max_difference;  /* max |h_seq - h_par| */
    double max_state;       /* max |h_seq| */
    double relative_difference; /* max_difference / max(1, max_state) */
    double tolerance;
    int within;             /* relative_difference <= tolerance */
} lt_scan_compare_result;

/* LT_ELIMIT naming --max-memory when the arrays need more than
   ctx->max_memory_mb; LT_EINPUT for renormalisation of a dense
   recurrence; the failures of the scans. */
lt_status lt_scan_compare(lt_scan_compare_result *Z, const lt_scan_compare_params *P,
                          const lt_ctx_t ctx, lt_err_t err);

/* The accuracy of a cascade on random words: P->samples words of
   P->length tokens drawn in order with lt_rng_below(|G|) from
   lt_rng_seed(P->seed), each run by lt_cascade_run with P->scan (whose
   precision should be the cascade's) and compared with the exact prefix
   products, position by position, exactly and modulo G(k). */
typedef struct {
    lt_scan_opts scan;
    long length;            /* T >= 1 */
    long samples;           /* N >= 1 */
    uint64_t seed;
} lt_cascade_accuracy_params;

#define LT_CASCADE_MARKS 20     /* 1, 10, ..., 10^18 and T */
typedef struct {
    long length, samples;
    long *right;            /* right[t]: words whose readout is right at position t + 1 */
    long *right_mod;        /* the same modulo G(k) (lt_cascade_same_mod) */
    long correct;           /* words right at every position */
    long correct_mod;       /* the same modulo G(k) */
    long first_wrong;       /* the first position wrong in some word, 0 if none */
    double mean_accuracy;   /* right[t] / N averaged over the positions */
    double sequence_accuracy, sequence_accuracy_mod;   /* correct / N, correct_mod / N */
    int nmarks;             /* the positions 1, 10, 100, ..., T at which a summary */
    long mark[LT_CASCADE_MARKS];    /* samples the accuracy (the last is T) */
} lt_cascade_accuracy_struct;
typedef lt_cascade_accuracy_struct lt_cascade_accuracy_t[1];

/* right[t] / N: the fraction of the words right at position t + 1. */
double lt_cascade_accuracy_at(const lt_cascade_accuracy_t Z, long t);

void lt_cascade_accuracy_init(lt_cascade_accuracy_t Z);
void lt_cascade_accuracy_clear(lt_cascade_accuracy_t Z);
/* LT_ELIMIT naming --max-memory when a run of length T needs more than
   ctx->max_memory_mb; the failures of lt_cascade_run. ctx->progress is
   called per word. */
lt_status lt_cascade_accuracy_run(lt_cascade_accuracy_t Z, const lt_cascade_t K,
                                  const lt_cascade_accuracy_params *P, const lt_ctx_t ctx, lt_err_t err);

/* Drift: how long the cascades of some groups stay right in finite
   precision. For each group (a Cayley table), each precision and without
   and with renormalisation, the cascade of derived-length depth is run in
   lockstep (lt_cascade_lockstep, phases measured) on P->samples words from
   lt_rng_seed(P->seed) (the same words for both renormalisation
   settings) until its first wrong readout or P->max_length tokens. */
typedef struct {
    int nprec;              /* 1..LT_NPREC */
    lt_prec prec[LT_NPREC];
    long samples;           /* N >= 1 */
    long max_length;        /* L >= 1 */
    uint64_t seed;
} lt_cascade_drift_params;

/* One cell: a group at one precision, without or with renormalisation. */
typedef struct {
    long min, median;       /* least and (lower) median first wrong position over the words;
                               0: right through max_length */
    double max_phase_error; /* the largest over the words */
    double min_modulus, max_modulus;
} lt_cascade_drift_cell;

typedef struct {
    int ngroups, nprec;
    long samples, max_length;
    long *order;            /* per group: |G|, layers, channels (summed over the layers) */
    int *layers, *channels;
    lt_cascade_drift *runs; /* per cell its samples words: lt_cascade_drift_index */
    lt_cascade_drift_cell *cells;   /* cells[(g nprec + p) 2 + renormalize] */
} lt_cascade_drift_result_struct;
typedef lt_cascade_drift_result_struct lt_cascade_drift_result_t[1];

static inline long lt_cascade_drift_index(const lt_cascade_drift_result_t Z, int g, int p, int renormalize)
{
    return ((long)g * Z->nprec + p) * 2 + renormalize;
}

void lt_cascade_drift_result_init(lt_cascade_drift_result_t Z);
void lt_cascade_drift_result_clear(lt_cascade_drift_result_t Z);
/* groups[0..ngroups): the tables. The failures of lt_cascade_build (a group
   that is not solvable, --max-memory). ctx->progress is called per group. */
lt_status lt_cascade_drift_run(lt_cascade_drift_result_t Z, const lt_cayley_struct *groups, int ngroups,
                               const lt_cascade_drift_params *P, const lt_ctx_t ctx, lt_err_t err);

/* ---- benchmarks (src/ssm/bench.c; make bench) ---- */

/* A token-driven diagonal layer on d channels with LT_BENCH_DIAG_TOKENS
   token types: h_t = lam[x_t] h_(t-1) + beta[x_t], y_t = Re c.h_t, the
   tables and tokens drawn from lt_rng_seed(seed) in the order
   bench/bench-ssm.sh draws them, h_0 = 1. Sequential: the fused loop
   lt_scan_diag_tokens; parallel: blocks of 256 steps through the parallel
   lt_scan_diag, then the readout. The result: the wall-clock and CPU
   seconds of the run, the checksum sum_t y_t and |h_T|^2. */
#define LT_BENCH_DIAG_TOKENS 16
typedef struct {
    int channels;           /* d >= 1 */
    long length;            /* T >= 1 */
    uint64_t seed;
    int parallel;
    int threads;            /* of the parallel scan; 0: the online processors */
} lt_bench_diag_params;
typedef struct {
    double seconds, cpu_seconds;
    double tokens_per_second, tokens_per_cpu_second;    /* by the wall and the CPU clock */
    double checksum, final_norm2;
} lt_bench_diag_result;
lt_status lt_bench_diag(lt_bench_diag_result *Z, const lt_bench_diag_params *P, lt_err_t err);

/* A cascade timed on samples random words of length tokens (drawn with
   lt_rng_below(|G|) from lt_rng_seed(seed)), run by lt_cascade_run
   (sequential or parallel scan, then checked against the exact prefix
   products) or in lockstep (lt_cascade_lockstep); positions_right counts
   the right readouts. */
enum { LT_BENCH_SEQUENTIAL, LT_BENCH_PARALLEL, LT_BENCH_LOCKSTEP };
typedef struct {
    long length, samples;   /* T, N >= 1 */
    uint64_t seed;
    int scan;               /* LT_BENCH_* */
    int threads;
} lt_bench_cascade_params;
typedef struct {
    double seconds, cpu_seconds;
    double tokens_per_second, tokens_per_cpu_second;    /* samples x length tokens */
    long positions_right;
} lt_bench_cascade_result;
lt_status lt_bench_cascade(lt_bench_cascade_result *Z, const lt_cascade_t K, const lt_bench_cascade_params *P,
                           lt_err_t err);

/* ==== trained checkpoints in the simulator (lietool/model.h) ==== */
#include "lietool/model.h"

/* ---- the Lie algebra of a trained layer (src/ssm/lie.c) ---- */

#include "lietool/liealg.h"
enum { LT_MODEL_LIE_LOG, LT_MODEL_LIE_DIFF };
typedef struct {
    int layer;                  /* 0-based */
    long token_lo, token_hi;    /* the tokens read: token_lo .. token_hi - 1 */
    long words, length;         /* the sampled words, where transitions depend on earlier tokens */
    uint64_t seed;              /* of the sampled words (lt_rng) */
    int generators;             /* LT_MODEL_LIE_LOG: log X; LT_MODEL_LIE_DIFF: X - I */
    double tol;                 /* of the rank decisions (lietool/liealg.h) */
} lt_model_lie_params;
typedef struct {
    long n;                     /* the transitions are n x n */
    long transitions;           /* how many were read */
    int sampled;                /* from words of random tokens (else one per token) */
    int generators;             /* as the parameters */
    lt_fliealg_t L;             /* the Lie algebra the generators generate */
    lt_fliealg_profile_t P;     /* its profile (every part) */
    lt_rank_log_t log;          /* every rank decision */
} lt_model_lie_struct;
typedef lt_model_lie_struct lt_model_lie_t[1];
void lt_model_lie_init(lt_model_lie_t R);
void lt_model_lie_clear(lt_model_lie_t R);
/* The Lie algebra generated by layer p->layer's transitions: for the first
   layer of a model whose first transitions are functions of the token
   (lt_model_first_layer_token_local), the transition of each token read
   alone; otherwise every position of p->words words of p->length random
   tokens. Generators: the principal real logarithm of each transition
   (LT_ENUMERIC naming the transition when it has none: a negative or zero
   eigenvalue) or X - I. LT_EINPUT for a layer the model does not have or
   an architecture without transition matrices; LT_ELIMIT when n is above
   ctx->max_dim or the matrices above 10^9 entries. */
lt_status lt_model_lie(lt_model_lie_t R, const lt_model_t M, const lt_model_lie_params *p, const lt_ctx_t ctx, lt_err_t err);

/* ---- evaluation on a word problem (src/ssm/eval.c) ---- */

/* Words with their targets (the running products), as a dataset's rows
   "seed,input,target" hold them. */
typedef struct {
    long n, alloc;
    long max_len;           /* the longest word */
    long *len;
    int **input, **target;
    char **seed;            /* each row's seed field, as given */
} lt_words_struct;
typedef lt_words_struct lt_words_t[1];

void lt_words_init(lt_words_t W);
void lt_words_clear(lt_words_t W);
/* Appends a word (everything copied). */
void lt_words_push(lt_words_t W, const char *seed, const int *input, const int *target, long len);
/* The rows lt_dataset_generate writes for (C, len, samples, seed), in
   memory (lt_cayley_words_start); earlier contents are released. */
lt_status lt_words_generate(lt_words_t W, const lt_cayley_t C, long len, long samples, uint64_t seed,
                            const lt_ctx_t ctx, lt_err_t err);

/* Called after each word's forward pass with its logits (T rows of
   M->classes) and the predictions (their argmax, the first maximum as
   torch.argmax takes it). */
typedef void (*lt_ssm_eval_word_fn)(void *arg, long i, const float *logits, const int *prediction, long T);
typedef struct {
    double threshold;       /* of longest_prefix and last_position (0.9; 0 in a zeroed struct means 0.9) */
    lt_ssm_eval_word_fn word;   /* NULL, or called per word */
    void *arg;
    /* A BOS token in front of every word, as the paper's word-problem code
       does (its tokenizer's template "[BOS] $A" applies to inputs and
       targets alike): the model reads bos first, the target at that
       position is bos, and the position counts in every tally; word
       positions are then 1..T and the metrics' positions 0..T. */
    int has_bos;
    int bos;
    /* NULL, or the tokens of the elements (and the BOS, which then replaces
       has_bos and bos); the predictions passed to word are then mapped
       back to elements, -1 for a token that is no element's. */
    const struct lt_token_map_s *map;
} lt_ssm_eval_params;

typedef struct {
    long words, max_length;             /* max_length counts the BOS position, if any */
    long tokens, correct_tokens;
    long correct_words;     /* words right at every position */
    /* The paper's metric (its code's max_prefix_at_threshold over the
       cumulative sequence accuracies): the largest t such that at least
       threshold of the words reaching position t are right at every
       position 1..t. */
    long longest_prefix;
    /* The largest t whose own accuracy (position t alone) is at least the threshold. */
    long last_position;
    long *position_correct, *position_total;    /* per position, max_length entries */
    long *prefix_correct;   /* per position t: words right at every position up to t */
    double token_accuracy, sequence_accuracy;
} lt_ssm_eval_struct;
typedef lt_ssm_eval_struct lt_ssm_eval_t[1];

void lt_ssm_eval_init(lt_ssm_eval_t R);
void lt_ssm_eval_clear(lt_ssm_eval_t R);
/* The accuracy at position t (0-based); 0 where no word reaches it. */
double lt_ssm_eval_position_accuracy(const lt_ssm_eval_t R, long t);
/* The cumulative accuracy at position t (0-based): the fraction of the
   words reaching t that are right at every position up to t. */
double lt_ssm_eval_prefix_accuracy(const lt_ssm_eval_t R, long t);
/* Runs M on every word of W (tokens below M->vocab) and tallies the
   predictions against the targets. LT_ENUMERIC naming the word and the
   position when an output is not finite; LT_EINPUT for no words. */
lt_status lt_ssm_eval_run(lt_ssm_eval_t R, const lt_model_t M, const lt_words_t W,
                          const lt_ssm_eval_params *P, lt_err_t err);

/* A sweep (lietool ssm sweep): checkpoints of one task evaluated on the
   same words, a row each, ordered by depth (models of one depth in the
   order they were added). */
typedef struct {
    char *name;             /* the model's name (its directory), copied */
    int layers;
    const char *layer_type; /* lt_model_layer_name */
    lt_arch family;         /* lt_model_family */
    double token_accuracy, sequence_accuracy;
    long longest_prefix;
} lt_ssm_sweep_row;
typedef struct { int n, alloc; lt_ssm_sweep_row *row; } lt_ssm_sweep_struct;
typedef lt_ssm_sweep_struct lt_ssm_sweep_t[1];

void lt_ssm_sweep_init(lt_ssm_sweep_t S);
void lt_ssm_sweep_clear(lt_ssm_sweep_t S);
/* Evaluates M on W (lt_ssm_eval_run with P, P->word ignored) and adds its
   row, named name, in its place by depth. Errors as lt_ssm_eval_run's;
   S is unchanged on error. */
lt_status lt_ssm_sweep_add(lt_ssm_sweep_t S, const char *name, const lt_model_t M, const lt_words_t W,
                           const lt_ssm_eval_params *P, lt_err_t err);

/* The generator norm of each of n elements (lietool error-bound --model):
   the largest lt_model_transition_norms over the positions of the words of
   W where the element is read (as token element + offset); a Mamba layer's
   step size depends on the tokens before it (its convolution), so the norm
   is the largest the words show. LT_EINPUT when the elements do not fit
   the vocabulary or one never occurs in W. */
lt_status lt_model_element_norms(double *norm, const lt_model_t M, const lt_words_t W, long n, long offset, lt_err_t err);

/* The figure of lietool ssm sweep: the longest prefix with at least 90%
   accuracy against depth, n models (depth[i], prefix[i]), beside the
   longest length up to max_length that depth k covers in theory
   (lt_depth_covered_length, bounds v1 and sharp) for a group of the given
   derived length (-1: not solvable). F (initialised) is replaced;
   lt_plot_write_svg writes it. */
#include "lietool/plot.h"
void lt_ssm_sweep_plot(lt_plot_t F, const char *group, long derived_length, long max_length, const int *depth,
                       const long *prefix, int n);
/* The same for the rows of a sweep. */
void lt_ssm_sweep_plot_rows(lt_plot_t F, const char *group, long derived_length, long max_length, const lt_ssm_sweep_t S);

#endif
