/* The theory layer: how many layers of an order-blind (abelian) or a
   restricted sequence model a group or a Lie algebra needs, the error a
   shallower stack leaves, and the complexity of the word problem, each
   with the statement it comes from.

   The main source is Heo, Ngotiaoco, Irie, Gershman, Sabatini, "Why Depth
   Matters in Parallelizable Sequence Models: A Lie Algebraic View",
   arXiv:2603.05573 (2026). Version 2 of that paper corrected "an indexing
   error affecting Corollary 3.6, Proposition 3.7 and Figure 2"; lietool
   keeps both readings selectable (lt_bound):

   - LT_BOUND_V1, the statements as published in version 1: a depth-k stack
     reaches the free nilpotent class c(k) = 2^(k-1), and words of length
     T need ceil(log2 T) + 1 layers;
   - LT_BOUND_SHARP, the count the paper's argument gives: the k-th derived
     term of a free nilpotent Lie algebra lies in degrees >= 2^k, so class c
     has derived length at most floor(log2 c) + 1, k layers reach class
     2^k - 1, and words of length T need floor(log2 T) + 1 layers.

   Version 2 (9 June 2026) states the sharp reading, and it is a theorem
   (the derived terms of the free nilpotent algebra lie in the lower
   central terms 2^k), so it is the default (LT_BOUND_DEFAULT); v1 is kept
   to reproduce the statements of version 1, which version 2 superseded. */
#ifndef LIETOOL_DEPTH_H
#define LIETOOL_DEPTH_H

#include <gmp.h>
#include <mpfr.h>
#include <flint/flint.h>
#include "lietool/core.h"
#include "lietool/perm.h"
#include "lietool/liealg.h"
#include "lietool/rep.h"
#include "lietool/chartab.h"

typedef enum { LT_BOUND_V1 = 0, LT_BOUND_SHARP = 1 } lt_bound;
#define LT_BOUND_DEFAULT LT_BOUND_SHARP

/* "v1" or "sharp". */
const char *lt_depth_bound_name(lt_bound b);
/* Reads "v1" or "sharp"; returns 0 for anything else. */
int lt_depth_bound_parse(lt_bound *b, const char *s);

/* A derived length d >= 0, or -1 for an object that is not solvable. */

/* The number of abelian layers that simulate the object exactly: d
   (Heo et al., Theorem 3.4 for sufficiency, Proposition 3.3 for necessity;
   for groups also Shakerinava et al. 2026: a k-layer complex-diagonal SSM
   tracks a group iff its derived length is at most k); -1 (no constant
   depth) when d = -1. */
long lt_depth_abelian_layers(long d);
/* The lower bound on restricted (Mamba-like) layers: ceil(d / 2), since k
   restricted layers reach derived length at most 2k (Heo et al.,
   Proposition 3.3); -1 when d = -1. */
long lt_depth_restricted_layers(long d);

/* The number of abelian layers that solve the word problem for words of
   length at most T >= 1 through the free nilpotent Lie algebra of class T
   (Heo et al., Proposition 3.7): ceil(log2 T) + 1 (v1) or
   floor(log2 T) + 1 (sharp). */
int lt_depth_log_bound(ulong T, lt_bound b);

/* The class c(k) of the nilpotent truncation that a depth-k abelian stack
   reaches, 1 <= k <= 63: 2^(k-1) (v1) or 2^k - 1 (sharp). */
ulong lt_depth_truncation_class(int k, lt_bound b);
/* The exponent of its local error O(eps^(c(k)+1)), eps the generator mass
   (Heo et al., Corollary 3.6), 1 <= k <= 62. */
ulong lt_depth_error_exponent(int k, lt_bound b);
/* Is a depth-k abelian stack exact for an object of derived length d (a
   solvable object with d <= k; Theorem 3.4)? */
int lt_depth_is_exact(int k, long d);

/* The width of the construction of Proposition 3.7 (Heo et al., Corollary
   3.8): the dimension of the free nilpotent Lie algebra on n letters of
   class T, sum over m = 1..T of Witt's (1/m) sum_{d | m} mu(d) n^(m/d),
   exactly, for n >= 0 and T >= 1. The powers n^(m/d) are kept one per
   square-free d and advanced by one multiplication each, so the cost is
   about T^2 log n word operations. LT_ELIMIT when the result would have
   more than max_digits decimal digits (naming --max-digits), T is above
   2^32, or the work tables need more than ctx->max_memory_mb
   (--max-memory); digits (or NULL) then receives an estimate of the
   number of decimal digits (log10 of the width). */
lt_status lt_depth_width(mpz_t out, double *digits, const mpz_t n, ulong T, long max_digits,
                         const lt_ctx_t ctx, lt_err_t err);
/* A width as text, the one form every command prints: the integer below
   10^6, else "about 10^x.y" (log10 to one decimal; tex: "about $10^{x.y}$");
   a width not computed (w = 0) as "about 10^x.y" from digits, the
   estimate of lt_depth_width. JSON keeps the exact integer. */
const char *lt_depth_width_text(char *buf, size_t size, const mpz_t w, double digits, int tex);

/* The complexity of a finite group's word problem, from its derived
   length d (-1: not solvable). */
typedef enum {
    LT_WP_TRIVIAL = 0,      /* d = 0: the trivial group */
    LT_WP_ABELIAN,          /* d = 1: one order-blind layer */
    LT_WP_SOLVABLE,         /* d >= 2: constant depth, ACC0 (Barrington and Therien 1988) */
    LT_WP_NC1_COMPLETE      /* not solvable: NC1-complete (Barrington 1989) */
} lt_wp_class;
lt_wp_class lt_depth_word_problem_class(long d);
/* "trivial", "abelian", "solvable", "nc1-complete" */
const char *lt_depth_word_problem_name(lt_wp_class c);

/* The sources, as short citations for the output ("Heo et al. 2026,
   Theorem 3.4"); man/lietool.1 lists them in full under REFERENCES. */
typedef enum {
    LT_SRC_HEO_LEM31,       /* no abelian system simulates a non-abelian one */
    LT_SRC_HEO_THM32,       /* error of order the commutator mass, growing with the horizon */
    LT_SRC_HEO_PROP33,      /* k abelian layers: derived length <= k; k restricted: <= 2k */
    LT_SRC_HEO_THM34,       /* derived length k => k abelian layers suffice */
    LT_SRC_HEO_COR36,       /* depth-k error O(eps^(c(k)+1)) */
    LT_SRC_HEO_PROP37,      /* words of length T: logarithmic depth */
    LT_SRC_HEO_COR38,       /* its width: the free nilpotent dimension */
    LT_SRC_SHAKERINAVA,     /* k complex-diagonal SSM layers iff derived length <= k */
    LT_SRC_BARRINGTON,      /* non-solvable word problems are NC1-complete */
    LT_SRC_BARRINGTON_THERIEN, /* solvable word problems are in ACC0 */
    LT_SRC_MERRILL,         /* transformers and SSMs are in TC0 */
    LT_SRC_LIU,             /* O(log T) depth for every automaton, O(1) for solvable ones */
    LT_SRC_GRAZZI,          /* eigenvalues in [0,1] cannot count mod 2 */
    LT_SRC_WITT,            /* Witt's dimension formula */
    LT_SRC_MOAN_NIESEN,     /* the Magnus series converges when the integral of ||A||_2 is below pi */
    LT_SRC_COUNT
} lt_depth_source;
const char *lt_depth_cite(lt_depth_source s);
/* The same, naming the reading b of Corollary 3.6 and Proposition 3.7
   ("Heo et al. 2026, Proposition 3.7, v1 reading"). */
const char *lt_depth_cite_reading(lt_depth_source s, lt_bound b);

/* ---- the generator mass and the Magnus radius (src/depth/mass.c) ----
   The eps of Corollary 3.6 computed from the task's generators A_1..A_m:
   a window in which each generator acts once for time h has generator
   mass eps = h (||A_1|| + ... + ||A_m||), in the spectral norm ||.||_2
   (the largest singular value: the norm of Moan and Niesen's criterion);
   a window of w tokens has mass at most w h max_i ||A_i||. */
typedef struct {
    mpfr_t eps;             /* h sum_i ||A_i||_2, 64 bits */
    mpfr_t largest;         /* h max_i ||A_i||_2, 64 bits */
    slong count;            /* m, the generators */
} lt_depth_mass_struct;
typedef lt_depth_mass_struct lt_depth_mass_t[1];

void lt_depth_mass_init(lt_depth_mass_t M);
void lt_depth_mass_clear(lt_depth_mass_t M);
/* The mass of k >= 1 real n x n matrices (gens row by row, k n^2 doubles,
   as lt_io_float_gens gives them) at step h > 0. LT_ENUMERIC when a norm
   does not converge (lt_rmat_norm). */
lt_status lt_depth_mass_matrices(lt_depth_mass_t M, const double *gens, slong k, slong n, const fmpq_t h,
                                 lt_err_t err);
/* The mass of k generators whose spectral norms are given (a trained
   layer's: lt_model_element_norms), at step h > 0; an infinite norm makes
   eps infinite. */
void lt_depth_mass_norms(lt_depth_mass_t M, const double *norms, slong k, const fmpq_t h);
/* The mass of a representation R (lt_io_rep_read; where names its file):
   a token g acts by rho(g) = exp(A_g), A_g the principal logarithm, over
   the elements R assigns, at step h > 0. Each rho(g) must be orthogonal
   (every entry of rho(g)^T rho(g) - I at most tol in absolute value, for
   exact and decimal entries alike); then A_g is normal with eigenvalues
   i theta, theta in [-pi, pi] the rotation angles of rho(g), and
   ||A_g||_2 = max |theta| = 2 asin(||rho(g) - I||_2 / 2). LT_EINPUT
   naming where, the line and the element for a matrix that is not
   orthogonal (its logarithm's norm would depend on the basis). */
lt_status lt_depth_mass_rep(lt_depth_mass_t M, const lt_rep_t R, const fmpq_t h, double tol, const char *where,
                            lt_err_t err);
/* Is eps below pi? Moan and Niesen (2008, their main theorem) prove that the
   Magnus series converges when the integral of ||A(t)||_2 is below pi;
   at or above pi it need not converge, and the powers eps^n of Corollary
   3.6 bound nothing. 1 below pi, else 0. */
int lt_depth_magnus_converges(const mpfr_t eps);

/* ---- the lengths a depth covers (src/depth/verdict.c) ---- */
/* The longest length up to Tmax that k abelian layers cover for an object
   of derived length d: every length when 0 <= d <= k (Theorem 3.4),
   otherwise the lengths T whose logarithmic bound (Proposition 3.7) is at
   most k. */
long lt_depth_covered_length(int k, long d, long Tmax, lt_bound b);


/* ---- the theory verdict (src/depth/plan.c) ----
   One answer to "can k layers of this family track this task, at every
   length or up to length T?", used by every command that states it (plan,
   min-depth, report, explain min-depth, ssm eval, ssm sweep). Each part of
   the answer is a claim with its source; where no published result
   decides a question the answer is "open" (-1), never a guess. */

/* Layer families (lietool(1), plan). */
typedef enum {
    LT_FAM_ABELIAN = 0,     /* the paper's order-blind layer (commuting dynamics) */
    LT_FAM_DIAG_POSITIVE,   /* real diagonal, eigenvalues in [0,1]: Mamba-1 as parametrised by HF, GLA */
    LT_FAM_DIAG_SIGNED,     /* real diagonal in [-1,1]: signed Mamba */
    LT_FAM_DIAG_COMPLEX,    /* complex diagonal, modulus <= 1 */
    LT_FAM_HOUSEHOLDER,     /* products of N generalized Householder reflections in [-1,1] (DeltaNet N = 1, DeltaProduct) */
    LT_FAM_TRANSFORMER,     /* constant-depth softmax attention */
    LT_FAM_HOUSEHOLDER_POS, /* the same with eigenvalues in [0,1] (FLA's DeltaNet and DeltaProduct default) */
    LT_FAM_PD,              /* PD-SSM: a column one-hot (permutation) times a diagonal per token (Terzic et al. 2025) */
    LT_FAM_COUNT
} lt_family;

typedef struct {
    lt_family kind;
    int householders;       /* N of householder-N and householder-N-positive, 1..64 */
} lt_arch;

/* "abelian", "diag-positive", ..., "householder-N" into buf (>= 24 bytes). */
const char *lt_arch_name(char *buf, size_t size, const lt_arch *a);
/* Reads a family name ("householder" alone is householder-1); 0 on
   success, -1 for anything else. */
int lt_arch_parse(lt_arch *a, const char *s);
/* The family names, for messages: "abelian, diag-positive, ...". */
const char *lt_arch_list(void);
/* An architecture people train, by name (mamba, mamba2, gla, mamba-signed,
   mamba2-signed, mamba3, delta_net, delta_net-signed, gated_deltaproduct,
   pd_ssm, transformer), as the family that describes it: *why says which
   (and why), householders the N of gated_deltaproduct (0: 2). 0 on
   success, -1 for another name. */
int lt_arch_from_name(lt_arch *a, const char **why, const char *name, int householders);
/* The architecture names, for messages. */
const char *lt_arch_names(void);

/* What the verdict needs to know of a task: built from a group
   (lt_plan_task_group) or a Lie algebra (lt_plan_task_liealg). */
typedef struct {
    int is_lie;
    long derived_length;    /* -1: not solvable */
    /* groups only */
    int trivial;
    int order_odd_factor;   /* |G| has an odd prime factor (so G holds an element of odd prime order) */
    int two_group;          /* |G| is a power of 2 (> 1) */
    long frattini_length;   /* 2-groups: the length of G > Phi(G) > Phi(Phi(G)) > ... > 1; else -1 */
    int degree;             /* the points the group acts on */
    long reflection_length; /* max over g of degree - cycles(g): the reflections a permutation
                               matrix of g needs; -1 when not enumerated (above --max-enum) */
    int dihedral;           /* 1: dihedral of order 2n, n >= 3; 0: not; -1: not enumerated */
    int cyclic;             /* 1: cyclic; 0: not; -1: not decided */
    /* the real representations (lt_chartab_profile, lt_chartab_invariants):
       properties of the abstract group, not of the action given */
    int chartab;            /* 1: computed (|G| <= 10^6); 0: not, chartab_note says why */
    long refl_heads;        /* least N: real irreducibles moving <= N dimensions have trivial common kernel */
    long heads_used, heads_max_dim;     /* how many of them a construction uses, the largest dimension */
    long refl_one_head;     /* least N: a faithful sum of real irreducibles moving <= N dimensions */
    int refl_one_head_exact;            /* 0: an upper bound (the search stopped at its node bound) */
    long one_head_dim;      /* the dimension of that sum */
    long real_dim_min;      /* the least dimension of a faithful real representation */
    char chartab_note[1024];
    long min_perm_degree;   /* the least degree of a faithful permutation action, or -1 when not known */
    /* the derived series G > G' > ... down to 1 or to the perfect residual R:
       its abelian factors, how many of them have exponent > 2, and R's
       reflections per token with several heads (-1: solvable or not known) */
    long derived_factors;
    long derived_exp_gt2;
    long residual_refl_heads;
    char residual_order[32];
    mpz_t order;            /* |G| (the number of tokens of its word problem) */
    /* not solvable: the non-abelian composition factors in the order of a
       composition series ("A5", "A5, A5", "simple of order N"), or "" with
       simple_note saying why they are not known (a limit was reached) */
    char simple_factors[256];
    char simple_note[160];
} lt_plan_task_struct;
typedef lt_plan_task_struct lt_plan_task_t[1];

void lt_plan_task_init(lt_plan_task_t P);
void lt_plan_task_clear(lt_plan_task_t P);
/* G with a complete chain. Enumerates G (for the reflection length) only
   when |G| <= ctx->max_enum. */
lt_status lt_plan_task_group(lt_plan_task_t P, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err);
lt_status lt_plan_task_liealg(lt_plan_task_t P, const lt_liealg_t L, const lt_ctx_t ctx, lt_err_t err);

/* A claim of the verdict and where it comes from. */
typedef struct {
    char *claim;
    const char *source;
} lt_claim;

#define LT_PLAN_MAX_CLAIMS 12

typedef struct {
    lt_arch arch;
    long layers;            /* k >= 1 */
    long length;            /* T, 0: every length */
    lt_bound bound;         /* the reading of Proposition 3.7 */
    int exact;              /* exact at every length: 1, 0 (proved impossible), -1 open */
    int impossible_every_depth; /* no number of layers is exact at every length */
    long fewest_suffice;    /* the fewest layers known to be exact at every length; -1 none known */
    long most_not;          /* the most layers known not to be (0: only none); -1 when every depth
                               fails (impossible_every_depth) or for the trivial task */
    int suffices_T;         /* with T: k layers suffice for words up to length T: 1, 0, -1 open */
    int log_layers[2];      /* with T, abelian layers: Proposition 3.7's layers for length T, v1 and sharp (else 0) */
    double width_log10;     /* with T: log10 of the width of that construction (Corollary 3.8); -1 without */
    mpz_t width;            /* the width when it has at most 60 digits, else 0 */
    const char *assumption; /* a complexity assumption the answer rests on ("TC0 != NC1"), or NULL */
    int nclaims;
    lt_claim claims[LT_PLAN_MAX_CLAIMS];
} lt_plan_verdict_struct;
typedef lt_plan_verdict_struct lt_plan_verdict_t[1];

void lt_plan_verdict_init(lt_plan_verdict_t V);
void lt_plan_verdict_clear(lt_plan_verdict_t V);
/* The verdict for k >= 1 layers of family a on task P, for every length
   (T = 0) or up to length T. LT_ELIMIT only from the width computation
   (it is then left out, width_log10 set from an estimate). */
lt_status lt_plan(lt_plan_verdict_t V, const lt_plan_task_t P, const lt_arch *a, long k, long T,
                  lt_bound b, const lt_ctx_t ctx, lt_err_t err);
/* lt_plan for the group G (with its chain), or for L when G is NULL
   (src/depth/object.c). */
lt_status lt_plan_object(lt_plan_verdict_t V, lt_pgrp_t G, const lt_liealg_t L, const lt_arch *a, long k, long T,
                         lt_bound b, const lt_ctx_t ctx, lt_err_t err);
/* The planning table: for each family (abelian, diag-positive,
   diag-signed, diag-complex, householder-1, -2, -4 and -R for the group's
   own reflection count R, householder-1-positive, -2-positive, pd,
   transformer; or the one family only when only is not NULL), what
   lt_plan says: the fewest layers known to suffice at every length and
   for words up to T, the most proved not to, the size of the
   construction, and the deciding claim with its source. */
typedef struct lt_plan_row_s {
    lt_arch arch;
    long fewest;            /* at every length; -1 none known */
    long fewest_T;          /* words up to length T (T > 0); -1 none known within 64 layers */
    long most_not;          /* -1: every depth fails, or the trivial task */
    int impossible;         /* no depth is exact at every length */
    const char *assumption; /* of an impossibility, or NULL */
    char size[200];         /* the construction's width, heads or state size; "" for none */
    char claim[512];        /* the first claim */
    const char *source;
} lt_plan_row;
/* rows: *n entries, lt_malloc'd (lt_free). */
lt_status lt_plan_table(lt_plan_row **rows, int *n, const lt_plan_task_t P, const lt_arch *only, long T, lt_bound b,
                        const lt_ctx_t ctx, lt_err_t err);
/* The planning table of the group G (with its chain) or, G NULL, of the
   Lie algebra L: its task, then lt_plan_table (plan, report). */
lt_status lt_plan_table_object(lt_plan_row **rows, int *n, lt_pgrp_t G, const lt_liealg_t L, const lt_arch *only, long T,
                               lt_bound b, const lt_ctx_t ctx, lt_err_t err);
/* Puts a claim (copied; source a constant) first, e.g. which family an
   architecture was read as; the last claim goes when the list is full. */
void lt_plan_prepend_claim(lt_plan_verdict_t V, const char *source, const char *text);
/* An answer of the verdict (exact, suffices_T): "yes" (1), "no" (0) or "open" (-1). */
const char *lt_plan_answer_name(int v);

/* ---- the depth commands' results (src/depth/profile.c, src/depth/report.c) ---- */

/* What the theory reads off an object: the library's profile of the group
   (lt_pgrp_profile) or of the Lie algebra (lt_liealg_profile), and the
   flags both have. */
typedef struct {
    int is_lie;
    mpz_t size;             /* |G|, or dim L */
    int abelian, nilpotent, solvable, perfect;
    long derived_length;    /* -1: not solvable */
    long nilpotency_class;  /* -1: not nilpotent, or not computed */
    lt_pgrp_profile_t grp;
    lt_liealg_profile_t lie;
} lt_depth_profile_struct;
typedef lt_depth_profile_struct lt_depth_profile_t[1];

void lt_depth_profile_init(lt_depth_profile_t P);
void lt_depth_profile_clear(lt_depth_profile_t P);
/* The profile of G (with a complete chain) or of L: the derived series and
   (lower) the lower central series. */
lt_status lt_depth_profile_group(lt_depth_profile_t P, lt_pgrp_t G, int lower, const lt_ctx_t ctx, lt_err_t err);
void lt_depth_profile_liealg(lt_depth_profile_t P, const lt_liealg_t L, int lower);

/* The questions of min-depth and report: the reading, the length T of
   Proposition 3.7 (0: none), the number of input tokens n of the width
   (0: |G| or dim L) and the most decimal digits the width may have. */
typedef struct {
    lt_bound bound;
    ulong length;
    ulong tokens;
    long max_digits;
    /* report: the planning table of the group (lt_plan_table), whose
       verdicts the word-problem section states; NULL: none */
    const struct lt_plan_row_s *plan;
    int nplan;
} lt_depth_params;

/* The minimum depths of an object (min-depth): the abelian layers and the
   restricted layers' lower bound, and for words of length at most T the
   logarithmic bound and the width of its construction. */
typedef struct {
    lt_bound bound;
    long derived_length, abelian, restricted;   /* -1: none */
    ulong length;           /* T, or 0 */
    int log_bound, log_bound_v1, log_bound_sharp;   /* with T: the reading's, v1's, sharp's */
    long within;            /* with T: the layers for words of length <= T */
    int tokens_given;       /* n was given (lt_depth_params.tokens), not |G| or dim L */
    mpz_t tokens, width;    /* with T: n; the width unless width_status */
    lt_status width_status; /* LT_ELIMIT: the width is not computed, width_err says why */
    lt_err_t width_err;
} lt_depth_min_struct;
typedef lt_depth_min_struct lt_depth_min_t[1];

void lt_depth_min_init(lt_depth_min_t M);
void lt_depth_min_clear(lt_depth_min_t M);
/* The minimum depths of the object of profile P. Fails only where the
   width fails other than at its limit (lt_depth_width). */
lt_status lt_depth_min(lt_depth_min_t M, const lt_depth_profile_t P, const lt_depth_params *p, const lt_ctx_t ctx,
                       lt_err_t err);

/* The report (lietool report): the minimum depths, the error exponents of
   depths 1..LT_REPORT_DEPTHS, the word problem's complexity (for a Lie
   algebra, its flow), as claims with their sources, each in a section. */
#define LT_REPORT_DEPTHS 8
#define LT_REPORT_MAX_CLAIMS 40
typedef enum { LT_REPORT_MIN, LT_REPORT_ERROR, LT_REPORT_WORD_PROBLEM, LT_REPORT_FLOW } lt_report_section;
/* "Minimum depth", "Error of a depth-k order-blind stack", "Word problem", "Flow" */
const char *lt_depth_report_section_name(lt_report_section s);

/* A claim: text, and the same with $...$ marking plain notation (mark,
   for lt_tex_prose). */
typedef struct {
    lt_report_section section;
    char key[32];
    char text[320], mark[360];
    int src;                /* an lt_depth_source, or -1 */
    const char *src_text;   /* with src -1: the source as text (a plan verdict's), or NULL */
    int numbers;            /* a row of the numbers by depth (the error exponents) */
} lt_report_claim;

typedef struct {
    lt_bound bound;
    long derived_length, abelian, restricted;
    ulong lengths[2];       /* T, or the paper's 128 and 256 */
    int nlen;
    mpz_t tokens, width[2]; /* n; the widths at the lengths unless width_status */
    lt_status width_status[2];  /* LT_ELIMIT: not computed */
    double width_digits[2]; /* then: about so many decimal digits */
    int nclaims;
    lt_report_claim claims[LT_REPORT_MAX_CLAIMS];
} lt_depth_report_struct;
typedef lt_depth_report_struct lt_depth_report_t[1];

void lt_depth_report_init(lt_depth_report_t R);
void lt_depth_report_clear(lt_depth_report_t R);
/* The report on the object of profile P, for the lengths p->length (or
   128 and 256). Fails only where a width fails other than at its limit. */
lt_status lt_depth_report(lt_depth_report_t R, const lt_depth_profile_t P, const lt_depth_params *p,
                          const lt_ctx_t ctx, lt_err_t err);

/* The error bound (error-bound): for depths k = k0..k1 the class c(k),
   the exponent e = c(k)+1 of the local error O(eps^e) (Corollary 3.6),
   whether the stack is exact (Theorem 3.4) and, when eps is known and below
   pi, the number eps^e (MPFR, 64 bits). */
#define LT_ERROR_MAX_DEPTH 24   /* exponents up to 2^24: eps^e stays within MPFR's range */
/* Where eps comes from: none, given, the logarithms of a representation,
   the matrices of LieAlgebra(...) generators, a trained model's first layer. */
typedef enum { LT_EPS_NONE, LT_EPS_OPTION, LT_EPS_REP, LT_EPS_GENS, LT_EPS_MODEL } lt_eps_source;
typedef struct {
    long derived_length;
    lt_bound bound;
    int k0, k1;
    lt_eps_source source;
    int converges;          /* eps < pi (lt_depth_magnus_converges) */
    lt_depth_mass_t M;      /* eps (every source), the generators and the largest (the computed masses) */
    mpfr_t step;            /* h */
    char *step_text;        /* h as a rational ("1/4"), flint_malloc'd */
    ulong c[LT_ERROR_MAX_DEPTH], e[LT_ERROR_MAX_DEPTH];
    int exact[LT_ERROR_MAX_DEPTH];
    mpfr_t pw[LT_ERROR_MAX_DEPTH];
} lt_depth_error_struct;
typedef lt_depth_error_struct lt_depth_error_t[1];

void lt_depth_error_init(lt_depth_error_t E);
void lt_depth_error_clear(lt_depth_error_t E);
/* The table for 1 <= k0 <= k1 <= LT_ERROR_MAX_DEPTH, derived length d, at
   step h > 0; eps from source: M's (LT_EPS_NONE: M is NULL). */
void lt_depth_error_bound(lt_depth_error_t E, long d, int k0, int k1, lt_bound b, lt_eps_source source,
                          const lt_depth_mass_t M, const fmpq_t h);

/* ---- series as sizes, for the documents (src/depth/object.c) ---- */
/* Series: the terms' sizes (orders of a group's subgroups, dimensions of
   a Lie algebra's subalgebras), n of them, from the whole object down.
   lower: the lower central series (gamma_1 > gamma_2 > ...), else the
   derived series (G^{(0)} > G^{(1)} > ...). */
typedef struct {
    int n;
    const __mpz_struct *size;
    int lower, is_lie;
    int reaches_bottom;     /* the last term is 1 (0 for a Lie algebra) */
} lt_series_sizes_t;
/* S from a group's series (orders) or a Lie algebra's (dimensions):
   S->size allocated here, released by lt_series_sizes_clear. */
void lt_series_sizes_pgrp(lt_series_sizes_t *S, const lt_pgrp_series_t G, int lower);
void lt_series_sizes_lie(lt_series_sizes_t *S, const lt_lseries_t L, int lower);
void lt_series_sizes_clear(lt_series_sizes_t *S);
/* The series of kind 0 (derived), 1 (lower central) or 2 (upper central,
   largest first) of the group G (with its chain) or, G NULL, of the
   Lie algebra L, into S: computed by perm/ and liealg/ (src/depth/object.c);
   src/doc writes it. */
lt_status lt_object_series(lt_series_sizes_t *S, lt_pgrp_t G, const lt_liealg_t L, int kind, const lt_ctx_t ctx,
                           lt_err_t err);
/* The same from a floating-point profile F (its derived series, or its
   lower central one when lower), dimensions. */
void lt_series_sizes_float(lt_series_sizes_t *S, const lt_fliealg_profile_t F, int lower);
/* A predicate of G (with its chain) or, G NULL, of the exact Lie algebra
   L, into *value (1 yes, 0 no): key "abelian", "nilpotent", "perfect",
   "solvable", or (Lie algebras) "semisimple" (is-abelian, ...). */
lt_status lt_object_predicate(int *value, lt_pgrp_t G, const lt_liealg_t L, const char *key, const lt_ctx_t ctx,
                              lt_err_t err);
/* The profile of G (with its chain) or, G NULL, of L (lt_depth_profile_group,
   lt_depth_profile_liealg; lower: with the lower central series). */
lt_status lt_depth_profile_object(lt_depth_profile_t P, lt_pgrp_t G, const lt_liealg_t L, int lower, const lt_ctx_t ctx,
                                  lt_err_t err);

#endif
