/* The rotation task of Heo, Ngotiaoco, Irie, Gershman, Sabatini (2026,
   arXiv:2603.05573): words over A5 act on R^3 by the icosahedral
   rotations, and a depth-k order-blind stack is modelled by the Magnus
   series of each window truncated at the class c(k) of the depth layer
   (lietool/depth.h).

   The representation. A5 is the group of even permutations of {0..4};
   its 60 elements are numbered as `lietool table A5` numbers them (the
   abstract_algebra convention of lietool/dataset.h: the even permutations
   of 1..5 in itertools.permutations order, so element 0 is the identity),
   and a product gh applies h first, (gh)(x) = g(h(x)). R is the
   homomorphism R(gh) = R(g) R(h) fixed by
       (0 1 2)     -> [[0,0,1],[1,0,0],[0,1,0]]
       (0 2 4 1 3) -> [[a,-b,1/2],[b,1/2,a],[-1/2,a,b]],
   a = (sqrt5 - 1)/4, b = (sqrt5 + 1)/4: the rotation by 120 degrees about
   (1,1,1) and the rotation by 72 degrees about (0, 1, (1 + sqrt5)/2), a
   vertex of the icosahedron. (The pairing of the second
   matrix with (0 1 2 3 4) used by the paper's released code is not a
   homomorphism: there the images of the generators multiply to an element
   of order 2 while (0 1 2)(0 1 2 3 4) has order 5.) Every entry lies in
   Q(sqrt5) as (m + n sqrt5)/4 with integers m, n; the 60 matrices are
   built exactly from the generators by a breadth-first closure, which
   checks that the assignment is consistent.

   The flow. X(g) = log R(g) in so(3) is the principal logarithm, written
   as a rotation vector omega (X = [omega]_x, the cross-product matrix,
   |omega| = the angle in [0, pi]); the identity maps to 0, and for the 15
   rotations by pi, whose axis is defined only up to sign, the axis is the
   unit vector whose first non-zero coordinate is positive. A word
   x_1 .. x_T with step h drives v_t = exp(h X(x_t)) v_(t-1) from
   v_0 = (1,1,1)/sqrt 3; at h = 1 this is v_t = R(x_t) ... R(x_1) v_0.

   The model. The flow over a window of steps is exp(Omega(h)),
   Omega(h) = log(exp(h X_W) ... exp(h X_1)) = sum_n h^n Omega_n, the
   Magnus expansion (W. Magnus, Comm. Pure Appl. Math. 7 (1954) 649-673;
   for products of exponentials see Iserles, Munthe-Kaas, Norsett and
   Zanna, Acta Numerica 9 (2000) 215-365), Omega_n a combination of
   (n-1)-fold nested brackets of the X_t. A depth-k order-blind stack
   replaces it by exp(sum_{n <= c(k)} h^n Omega_n); the error it leaves
   per window is O(h^(c(k)+1)) (Heo et al., Corollary 3.6).

   All floating-point work is in long double (on x86-64 the x87 format,
   64-bit significand, unit roundoff 2^-64 ~ 5.4e-20), so that the errors
   of depth 3 (down to h^8 with the sharp bound) are measured well above
   the rounding floor. */
#ifndef LIETOOL_ROTATION_H
#define LIETOOL_ROTATION_H

#include <stdint.h>
#include "lietool/core.h"
#include "lietool/depth.h"

#define LT_ROTATION_ORDER 60

/* ---- the icosahedral representation of A5 ---- */
typedef struct {
    int perm[LT_ROTATION_ORDER][5];         /* element i: images of 0..4 */
    int exact[LT_ROTATION_ORDER][9][2];     /* entry (m, n): (m + n sqrt5)/4, row by row */
    long double R[LT_ROTATION_ORDER][9];    /* R(g), row by row */
    long double omega[LT_ROTATION_ORDER][3];/* log R(g) = [omega]_x */
    long double angle[LT_ROTATION_ORDER];   /* |omega|: 0, 2pi/5, 2pi/3, 4pi/5 or pi */
    int gens[2];                            /* the indices of (0 1 2) and (0 2 4 1 3) */
} lt_rotation_icosa_struct;
typedef lt_rotation_icosa_struct lt_rotation_icosa_t[1];

/* Builds the 60 elements, their matrices and their logarithms. */
void lt_rotation_icosa_init(lt_rotation_icosa_t ico);
/* The token-to-rotation map: R above (faithful, the default), or the map
   of the paper's released code (paper): token i gets the matrix its
   breadth-first search over the Cayley graph of its own element list
   assigns to that list's element i (src/rotation/rotation.c); not a
   homomorphism: the images of (0 1 2) and (0 1 2 3 4) multiply to a
   rotation of order 2 where the permutations' product has order 5, and the
   60 tokens get only 30 distinct rotations. */
typedef enum { LT_ROTATION_MAP_FAITHFUL, LT_ROTATION_MAP_PAPER } lt_rotation_map;
/* lt_rotation_icosa_init, then with LT_ROTATION_MAP_PAPER exact, R, omega
   and angle of token i replaced by the paper's (perm and gens unchanged). */
void lt_rotation_icosa_init_map(lt_rotation_icosa_t ico, lt_rotation_map map);
void lt_rotation_icosa_clear(lt_rotation_icosa_t ico);
/* The index of the permutation p (images of 0..4), or -1 if p is not an
   even permutation of {0..4}. */
int lt_rotation_icosa_find(const lt_rotation_icosa_t ico, const int *p);

/* ---- rotations of R^3 (long double, matrices row by row) ---- */
/* X = [w]_x, the matrix of v -> w x v. */
void lt_rotation_hat(long double X[9], const long double w[3]);
/* R = exp(h [w]_x) by Rodrigues' formula. */
void lt_rotation_exp(long double R[9], const long double w[3], long double h);
/* y = R x (y may be x). */
void lt_rotation_apply(long double y[3], const long double R[9], const long double x[3]);
/* The principal logarithm of a rotation matrix as a rotation vector, with
   the axis rule above for angle pi (decided with tolerance tol on the
   entries, e.g. 1e-12). */
void lt_rotation_log(long double w[3], const long double R[9], long double tol);

/* ---- the Magnus series of a product, as a power series in h ----
   The product exp(h [w_m]_x) ... exp(h [w_1]_x) is kept as a unit
   quaternion whose coordinates are polynomials in h truncated at degree c
   (SU(2) covers SO(3); q = cos(phi/2) + sin(phi/2) n is the rotation by phi
   about n, and the quaternion product is the matrix product). Its
   logarithm is log q = v phi'/sin phi' (q = cos phi' + v, |v| = sin phi'),
   with phi'/sin phi' = sum_m g_m u^m in u = 1 - cos phi', g_0 = 1,
   g_m = g_(m-1) m/(2m+1), so Omega(h) = 2 log q term by term in h: an exact
   formal computation of the coefficients Omega_n up to degree c, the same
   numbers as the matrix power series log(prod exp(h X_t)) truncated at
   degree c (the unit tests compare both, and lt_free_log_exp). */
typedef struct {
    int c;                  /* the truncation degree */
    int cap;                /* the largest one (lt_rotation_series_init) */
    long double *q;         /* q[4n + 0..3]: coefficient of h^n, n = 0..c (scalar, vector) */
    long double *t;         /* work space */
} lt_rotation_series_struct;
typedef lt_rotation_series_struct lt_rotation_series_t[1];

/* S = 1, truncated at degree c >= 1 (and at most c until reset). */
void lt_rotation_series_init(lt_rotation_series_t S, int c);
void lt_rotation_series_clear(lt_rotation_series_t S);
/* The empty product again, now truncated at degree c, 1 <= c <= the
   degree S was initialised with. */
void lt_rotation_series_one(lt_rotation_series_t S, int c);
/* S = exp(h [w]_x) S: one more step, acting after the earlier ones. */
void lt_rotation_series_push(lt_rotation_series_t S, const long double w[3]);
/* The Magnus coefficients: omega[3(n-1) + i] is coordinate i of the
   rotation vector Omega_n, n = 1..c. */
void lt_rotation_series_log(long double *omega, const lt_rotation_series_t S);
/* w = sum_{n=1..c} h^n Omega_n. */
void lt_rotation_series_eval(long double w[3], const long double *omega, int c, long double h);
/* A bound on the coefficients: for steps whose rotation vectors have
   norms summing to M, |Omega_n| <= 2 a_n (M/2)^n, n = 1..c (a[0..c]),
   whatever the order of the steps (see rotation.c). */
void lt_rotation_majorant(long double *a, int c);
/* The smallest degree n0 in 1..c with sum_{n0 < n <= c} 2 a_n x^n <= tol,
   x = h M/2: the truncations at degrees n0..c of the series evaluated at
   h, or at any smaller step, differ by at most tol. */
int lt_rotation_degree_needed(const long double *a, int c, long double x, long double tol);

/* ---- the task ---- */
#define LT_ROTATION_MAX_DEPTH 8
#define LT_ROTATION_MAX_FIT 32
/* The rounding floor of the RMS error for words of the given length: the
   errors of long double accumulate to about 3e-21 per step (2e-19 at
   T = 64, 2e-17 at T = 8192, measured); the floor is 1e-17 up to T = 256
   and grows in proportion to T after, 50 times or more above that level.
   RMS errors below it are left out of the slope fits. */
double lt_rotation_floor(long length);

typedef struct {
    int kmin, kmax;         /* depths, 1 <= kmin <= kmax <= LT_ROTATION_MAX_DEPTH */
    lt_bound bound;         /* c(k) = 2^(k-1) (v1) or 2^k - 1 (sharp) */
    long double step;       /* h */
    long length;            /* T >= 1 */
    long window;            /* W >= 1 */
    long samples;           /* N >= 1 */
    uint64_t seed;
    int nfit;               /* steps of the slope fit (0..LT_ROTATION_MAX_FIT) */
    long double fit[LT_ROTATION_MAX_FIT];
    /* NULL (random words), or the samples words to run: word i has
       word_len[i] tokens, 1 <= word_len[i] <= length, each below 60; the
       MSE at a position is then the mean over the words reaching it
       (lietool ssm eval --task rotation runs the checkpoint's words) */
    const int *const *words;
    const long *word_len;
    lt_rotation_map map;    /* the tokens' rotations (0: faithful) */
} lt_rotation_params;

/* The default fit steps: n steps h_max 2^(-j/2), j = 0..n-1,
   h_max = 1/(4W), so that the generator mass of a window, at most W h pi,
   stays below pi/4 (well inside the Magnus series' disc of convergence). */
void lt_rotation_default_fit(lt_rotation_params *P, int n);

typedef struct {
    int ndepth;             /* kmax - kmin + 1 */
    int nstep;              /* 1 + nfit: step[0] = h, then the fit steps */
    long length;
    long double *steps;
    ulong *cls;             /* c(k) per depth */
    ulong *expo;            /* c(k) + 1 */
    double *mse;            /* mse[(s ndepth + d) length + t]: mean over samples and the
                               3 coordinates of (v_model - v_true)^2 at position t + 1 */
    double *rms;            /* rms[s ndepth + d]: sqrt of the mean of mse over positions */
    double floor;           /* lt_rotation_floor(length) */
    double *slope;          /* per depth: least-squares slope of log rms against log h
                               over the fit steps whose rms is above the floor;
                               NAN when fewer than 2 are */
    int *points;            /* the fit steps used */
    double mass;            /* largest generator mass h sum |omega| of a window, at h */
    double fit_mass;        /* the same at the largest fit step (0 without fit) */
    long double gens[2][9]; /* the rotations of (1,2,3) and (1,3,5,2,4), row by row */
} lt_rotation_result_struct;
typedef lt_rotation_result_struct lt_rotation_result_t[1];

void lt_rotation_result_init(lt_rotation_result_t Z);
void lt_rotation_result_clear(lt_rotation_result_t Z);
/* The MSE at positions 1..length for step s (0: h) and depth index d
   (depth kmin + d), and its mean over the positions (the RMS error squared). */
const double *lt_rotation_mse(const lt_rotation_result_t Z, int s, int d);
double lt_rotation_mean_mse(const lt_rotation_result_t Z, int s, int d);

/* Runs the task: P->samples words of length P->length, tokens drawn in
   order with lt_rng_below(60) from lt_rng_seed(P->seed) (lietool/core.h;
   the draws of lietool dataset generate, without its redraw of a repeated word); for
   each step (h and the fit steps) the true flow and, for each depth, the
   model: windows of P->window steps (the last may be shorter), each the
   truncated Magnus series of its steps applied to the model's state at
   the window's start; at a position inside a window the model applies the
   truncated series of the window's steps so far. Degrees whose terms add
   less than 1e-25 at every step used are skipped (lt_rotation_majorant).
   LT_ELIMIT naming
   --max-memory when the tables need more than ctx->max_memory_mb;
   LT_ENUMERIC when the truncated series is not finite. ctx->progress is
   called per sample. */
/* With P->words, those words instead of the random ones. */
lt_status lt_rotation_run(lt_rotation_result_t Z, const lt_rotation_params *P,
                          const lt_ctx_t ctx, lt_err_t err);

/* The figure of a run (lietool ssm rotation --plot): the MSE against the
   position, one line per depth, and with two or more fit steps the RMS
   error against the step h (log-log) with the fitted slopes. F
   (initialised) is replaced; lt_plot_write_svg writes it. */
#include "lietool/plot.h"
void lt_rotation_plot(lt_plot_t F, const lt_rotation_params *P, const lt_rotation_result_t Z);


/* ==== the rotation task's models ==== */
/* A trained checkpoint on the rotation task (lietool ssm eval --task
   rotation): its outputs scored against the exact targets of
   above, beside the ideal depth-k model of lt_rotation_run. (No parameter
   here is named I: <complex.h>, read by some users of this header,
   defines it.) */
#include "lietool/ssm.h"


/* ---- a checkpoint on the rotation task (src/rotation/eval.c) ---- */

typedef struct {
    int has_bos, bos;       /* a BOS token read before every word (its output is not scored) */
    lt_bound bound;         /* of the ideal model: c(k) */
    long double step;       /* h of the ideal model's flow (1: the task the checkpoint is scored on) */
    long window;            /* W of the ideal model */
    lt_rotation_map map;    /* the tokens' rotations, of the targets and the ideal model */
} lt_model_rotation_params;
typedef struct {
    long words, max_length;         /* the words, the longest (positions 1..max_length, no BOS) */
    long tokens;                    /* positions scored: the sum of the words' lengths */
    lt_rotation_map map;            /* the tokens' rotations used */
    long *count;                    /* per position: the words reaching it */
    double *mse;                    /* per position: mean over those words and the 3 coordinates of
                                       (y - v_t)^2, y the head's outputs, v_t = R(x_t)...R(x_1) v0 */
    double mean_mse;                /* over every scored position (count-weighted) */
    int depth;                      /* the ideal model's depth: the checkpoint's layers; 0 when
                                       they are outside 1..LT_ROTATION_MAX_DEPTH (no ideal) */
    lt_rotation_params P;           /* the ideal's run (words and word_len cleared after it) */
    lt_rotation_result_t ideal;     /* lt_rotation_run on the same words: lt_rotation_mse(ideal, 0, 0) */
    double ideal_mean_mse;          /* count-weighted as mean_mse */
} lt_model_rotation_struct;
typedef lt_model_rotation_struct lt_model_rotation_t[1];

void lt_model_rotation_init(lt_model_rotation_t R);
void lt_model_rotation_clear(lt_model_rotation_t R);
/* Runs the rotation-task checkpoint M (M->task LT_TASK_ROTATION) on the
   words of W (elements of A5, lietool/rotation.h's numbering) and scores
   its 3 outputs per position against the exact targets at step 1 (long
   double, lt_rotation_icosa); beside it the ideal depth-k model,
   k = M->n_layers, from lt_rotation_run on the same words (the function
   of lietool ssm rotation) with P's bound, step and window. LT_EINPUT for
   a word-problem checkpoint, a token of W above 59 or a BOS outside the
   vocabulary; LT_ENUMERIC naming the word and position of an output that
   is not finite; lt_rotation_run's errors. */
lt_status lt_model_rotation_eval(lt_model_rotation_t R, const lt_model_t M, const lt_words_t W,
                                 const lt_model_rotation_params *P, const lt_ctx_t ctx, lt_err_t err);

/* The figure of ssm sweep --task rotation: the MSE per position of each
   checkpoint R[i] (dirs[i], layers[i] layers; solid) and of the ideal model
   of its depth (dashed, the same colour), log scale; note (or NULL) a line
   under it. F (initialised) is replaced. */
#include "lietool/plot.h"
void lt_model_rotation_sweep_plot(lt_plot_t F, const char *const *dirs, const int *layers,
                                  const lt_model_rotation_struct *R, int n, const char *note);

#endif
