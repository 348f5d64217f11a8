/* Results as documents (src/write): each of the library's results written
   through a document (lietool/doc.h) as text, JSON and LaTeX, the same
   whether the command line or the Python package asks. A writer takes a
   document that lt_doc_start has started (the caller's "object" and
   "command"), writes the heading and the body, and leaves the document
   open: the caller may add rows (the theory verdict) and ends it with
   lt_doc_end. Writers never compute what the result does not hold; the
   parameters they take are those the result was computed with. */
#ifndef LIETOOL_WRITE_H
#define LIETOOL_WRITE_H

#include "lietool/doc.h"
#include "lietool/chartab.h"
#include "lietool/depth.h"
#include "lietool/ssm.h"
#include "lietool/job.h"

/* ---- groups: tables, isomorphisms; the BCH series ---- */

#include "lietool/perm.h"
/* table: the multiplication table of C (text: the elements, then the
   indices; LaTeX: arrays of at most 12 columns; JSON is the data file of
   lt_io_write_cayley, not a document). */
void lt_write_cayley_table(lt_doc *d, const lt_cayley_t C);
/* isomorphic: the answer R for the groups G (object) and H (other): the
   images of G's generators, or the invariant that tells them apart. */
void lt_write_isomorphic(lt_doc *d, const char *object, const char *other, const lt_pgrp_t G, const lt_pgrp_t H,
                         const lt_pgrp_iso_t R);
/* bch: the coefficients c of the series in the Lyndon basis B (symmetric:
   log(e^(X/2) e^Y e^(X/2))); and the plain table "index degree left right
   p/q" a line, for --table. */
/* order: the order of G (text: the number alone; LaTeX: the heading
   object) and its degree. */
void lt_write_order(lt_doc *d, const char *object, const lt_pgrp_t G);
/* center of a group: the order of the centre Z and its generators
   (LaTeX: the heading object, ": the center"). */
void lt_write_group_center(lt_doc *d, const char *object, const lt_pgrp_t Z);
/* conjugacy-classes: the classes C of G (lt_pgrp_conjugacy_classes), one
   line each (text: element order, size, representative), JSON the list
   "classes" of records {representative, size, element_order}. */
void lt_write_conjugacy_classes(lt_doc *d, const char *object, const lt_pgrp_t G, const lt_pgrp_classes_t C);
void lt_write_bch(lt_doc *d, const lt_lyndon_t B, const fmpq *c, int symmetric);
void lt_write_bch_table(FILE *f, const lt_lyndon_t B, const fmpq *c);
/* lt_write_bch from the compact series S, each coefficient formed here. */
void lt_write_bchw(lt_doc *d, const lt_bchw_t S);
/* The same table from the compact series to degree N, each coefficient
   formed as it is written; N is S->B->N, or S->B->N + 1 when that is even
   (the top degree's words are enumerated, not kept). */
void lt_write_bchw_table(FILE *f, const lt_bchw_t S, int N);
/* bch --estimate: degree N here (threads threads) and the degrees degs[k]
   under mpirun -np cores, one thread a rank (far[k]). */
void lt_write_bch_estimate(lt_doc *d, long N, int threads, const lt_free_bch_estimate_t *here, int cores,
                           const long *degs, const lt_free_bch_estimate_t *far, int nfar);
/* lyndon R N: the heading (LaTeX), the letters, the dimensions by degree
   and the basis B, an element a line (text: index, degree, word, bracket;
   LaTeX: a paragraph per degree; JSON "basis" records with the standard
   factors' indices "left" and "right"). */
void lt_write_lyndon(lt_doc *d, const lt_lyndon_t B, int R, long N);
/* bch --coefficient: the coefficient c of the word (text: c alone; JSON
   and LaTeX: word, letters, degree and coefficient, "p/q" in JSON; with
   lyndon, the coefficient of the word's Lyndon basis element, and its
   bracket). */
void lt_write_bch_coefficient(lt_doc *d, const char *word, const fmpq_t c, int lyndon);

/* dataset check: the file path's report R against the group spec of
   order elements: the heading, rows, bad rows, lengths, each
   convention's tally (the first wrong target), the convention of the
   file, and what its tokens suggest when no row fits. */
#include "lietool/io.h"
void lt_write_dataset_check(lt_doc *d, const char *path, const char *spec, long order, const lt_dataset_report_t R);

/* rep check: whether the matrices R of file (lt_io_rep_read) extend to a
   homomorphism of the group object (C, lt_rep_check with tolerance tol):
   the heading, the arithmetic and the convention, then the distinct
   images and the kernel, or the relation that fails and why. */
#include "lietool/rep.h"
void lt_write_rep_check(lt_doc *d, const char *object, const char *file, const lt_rep_t R, const lt_rep_check_t C,
                        double tol);

/* ---- floating-point Lie algebras (--float, ssm lie) ---- */

#include "lietool/liealg.h"
/* The profile's rows (dimension, abelian ... killing rank). */
void lt_write_float_profile(lt_doc *d, const lt_fliealg_profile_t P);
/* Every rank decision of log, with the singular values on either side of
   its cut as far as round-off leaves them meaningful (JSON "rank_decisions"). */
void lt_write_rank_log(lt_doc *d, const lt_rank_log_t log);

/* ---- groups and Lie algebras: explain ---- */

/* The reasoning behind an answer (lietool explain), with the witnesses
   the library has checked: prose and equations in text and LaTeX, the
   "question", "answer" and evidence keys in JSON. There is no heading;
   the prose names the object as d->object (@), which the caller sets
   after lt_doc_start. */

/* The questions about one group or Lie algebra: lt_explain_question (lietool/job.h). */
/* Its name, as the command line reads it and JSON "question" says it:
   "derived-series", "lower-central-series", "solvable", "nilpotent",
   "perfect", "abelian", "min-depth". */
const char *lt_write_explain_question(lt_explain_question q);

/* The series of G or L from the object down (lt_pgrp_series_witness,
   lt_liealg_series_witness; derived or lower central as R->lower says),
   a witness per step, answering q (derived-series, lower-central-series,
   solvable, nilpotent or min-depth; min-depth: the derived series as the
   abelian tower of layers, and why fewer layers cannot do). */
void lt_write_explain_group_series(lt_doc *d, const lt_pgrp_series_witness_t R, const lt_pgrp_t G,
                                   lt_explain_question q);
void lt_write_explain_lie_series(lt_doc *d, const lt_liealg_series_witness_t R, const lt_liealg_t L,
                                 lt_explain_question q);
/* Perfect: [G, G] = G with each generator as a commutator (or commutators
   generating G), or the abelian quotient; the same for L with brackets. */
void lt_write_explain_group_perfect(lt_doc *d, const lt_pgrp_perfect_witness_t R, const lt_pgrp_t G);
void lt_write_explain_lie_perfect(lt_doc *d, const lt_liealg_perfect_witness_t R, const lt_liealg_t L);
/* Abelian: the pairs of generators (basis elements) checked, or the pair
   that does not commute. */
void lt_write_explain_group_abelian(lt_doc *d, const lt_pgrp_abelian_witness_t R, const lt_pgrp_t G);
void lt_write_explain_lie_abelian(lt_doc *d, const lt_liealg_abelian_witness_t R, const lt_liealg_t L);
/* Whether G (d->object) and H (named other) are isomorphic
   (lt_pgrp_isomorphism): the isomorphism on the generators and its check
   along the Cayley graph (lt_pgrp_iso_check; products: the products it
   checked), or the invariant that differs. */
void lt_write_explain_isomorphic(lt_doc *d, const lt_pgrp_iso_t R, const lt_pgrp_t G, const lt_pgrp_t H,
                                 const char *other, long long products);
/* The commutator contrast (lt_free_contrast): translations commute,
   rotations do not; the exact bracket, the products both ways and the BCH
   term Omega_2 (rotations: at R->prec bits). */
void lt_write_explain_commutator(lt_doc *d, const lt_contrast_t R);

/* ---- jobs (lietool/job.h) ---- */

/* explain: the answer of an explain job (lt_explain_job) about G or L,
   by the writer of its question (lt_write_explain_group_perfect, ...). */
void lt_write_explain(lt_doc *d, const lt_explain_job_t J, const lt_pgrp_t G, const lt_liealg_t L);

/* info of a group: lt_write_profile_group with the job's parts (max_enum:
   the limit it ran under). */
void lt_write_info_group(lt_doc *d, const char *object, const lt_pgrp_t G, const lt_info_group_job_t J, long max_enum);

/* ssm train: the heading (text), the run's parameters, the verdict
   (lt_write_verdict_after), the tries, lietool's accuracies on the test
   words, the losses, the outcome and its advice, the checkpoint. The
   job's DIR/result.json is this document in JSON. */
void lt_write_ssm_train(lt_doc *d, const lt_ssm_train_job_t J, const lt_ssm_train_params *P);
/* The paper (lt_paper_job): text, the summary with its tables; JSON,
   every row and point (DIR/result.json). */
void lt_write_paper(lt_doc *d, const lt_paper_job_struct *J, const lt_paper_params *P);
/* DIR/table.csv (part LT_PAPER_TABLE), figure2.csv or figure3.csv. */
void lt_write_paper_csv(FILE *f, const lt_paper_job_struct *J, lt_paper_part part);
/* DIR/summary.md: the machine, the tables, the outcome counts and what they mean. */
void lt_write_paper_summary(FILE *f, const lt_paper_job_struct *J, const lt_paper_params *P);

/* ---- the theory: verdict, report, error bound, profiles ---- */

/* The verdict of lt_plan (plan; beside min-depth, report, explain and ssm
   eval): JSON, the key "verdict" (an object: family, layers, length,
   bound, the answers, width, assumption and the list "claims"); text, the
   line "K FAMILY layers on OBJECT:", the answers and the claims, each line
   starting with indent; LaTeX, the answers as a table and the claims with
   their sources. Writes no heading of the document's own. */
void lt_write_verdict(lt_doc *d, const lt_plan_verdict_t V, const char *object, const char *indent);
/* plan without --arch and --layers: one row per family (text a table,
   JSON "families"), T the length asked about (0: none). */
void lt_write_plan_table(lt_doc *d, const char *object, const lt_plan_row *R, int n, long T, lt_bound b);
/* The verdict after a command's own answer: a break (a blank line in
   text), then lt_write_verdict with no indent. */
void lt_write_verdict_after(lt_doc *d, const lt_plan_verdict_t V, const char *object);

/* The rows of the reading b: JSON "bound" (v1 or sharp), text and LaTeX
   c(k) and the other reading (error-bound, ssm rotation). */
void lt_write_depth_bound(lt_doc *d, lt_bound b);
/* min-depth: the heading object, solvable and derived length, the layers
   (layers: 1 abelian only, 2 restricted only, 0 both; JSON "min_depth"
   the one chosen, abelian for 0) and with a length its logarithmic bound
   and width. */
void lt_write_min_depth(lt_doc *d, const char *object, const lt_depth_profile_t P, const lt_depth_min_t M, int layers,
                        int exact);
/* report: the heading (object and the reading), the algebraic profile P
   and R's claims by section (LaTeX: the error exponents as an array); JSON
   also the lengths, the error exponents and the word problem's class. */
void lt_write_report(lt_doc *d, const char *object, const lt_depth_profile_t P, const lt_depth_report_t R);
/* What error-bound's text says of where eps came from: the task as given,
   and the file (LT_EPS_REP) or the checkpoint with the words its norms
   were taken over (LT_EPS_MODEL: words of length length, element i token
   offset + i). */
typedef struct {
    const char *object;
    const char *rep;
    const char *model;
    long words, length, offset;
} lt_write_eps_params;
/* error-bound: the heading (p->object), solvable, derived length, the
   reading, eps and where it comes from, whether the Magnus series
   converges, the table of depths (JSON "depths") and (text and LaTeX)
   the sources. */
void lt_write_error_bound(lt_doc *d, const lt_depth_profile_t P, const lt_depth_error_t E, const lt_write_eps_params *p);

/* info: the heading (object) and the profile of a group (P of
   lt_pgrp_profile with every part; max_enum the limit the centre and the
   exponent were computed under, named where they were not decided) or of
   a Lie algebra (LT_LIE_PROFILE_ALL). JSON: the keys of `info --json`.
   T and I: the character table and its invariants (lt_chartab_profile),
   or NULL with chartab_note saying why they are missing; mu the minimal
   faithful permutation degree (lt_pgrp_min_faithful_degree), or NULL. */
void lt_write_profile_group(lt_doc *d, const char *object, const lt_pgrp_t G, const lt_pgrp_profile_t P, long max_enum,
                            const lt_chartab_struct *T, const lt_chartab_inv_t *inv, const char *chartab_note,
                            const lt_pgrp_mindeg_struct *mu);
void lt_write_profile_lie(lt_doc *d, const char *object, const lt_liealg_profile_t P);
/* A subspace S of L (center, radical, closure): LaTeX the heading object
   and what (": the center"); its dimension (text: not when bare) and its
   basis (JSON "basis": the matrices M, S->rank of them
   (lt_liealg_space_matrices), when L has a matrix form; else, M NULL, the
   coordinate vectors), text an element a line, indented unless bare. */
void lt_write_lie_space(lt_doc *d, const char *object, const char *what, const lt_liealg_t L, const lt_qspace_t S,
                        const fmpq_mat_struct *M, int bare);
/* The dimension: text the number alone, JSON a row, LaTeX the heading
   object and a row. */
void lt_write_lie_dimension(lt_doc *d, const char *object, slong dim);
/* The Killing form K of rank rank: LaTeX the heading object and the
   matrix kappa, text the matrix a row a line, JSON "killing" and "rank". */
void lt_write_killing(lt_doc *d, const char *object, const fmpq_mat_t K, slong rank);

/* composition-factors, chief-series: the series' orders, its length and
   each factor (order, abelian or not, the simple group's name and, in a
   chief series, the number of its copies). */
void lt_write_compser(lt_doc *d, const char *object, const lt_pgrp_compser_t R);
/* A series T (kind 0 derived, 1 lower central, 2 upper central): LaTeX an
   equation OBJECT = chain; JSON the series (unless length_only) and its
   length ("derived_length" or "nilpotency_class", null when it does not
   reach the bottom); text the series as "24 > 12 > 1", or its length
   alone (or "not solvable", "not nilpotent"). */
void lt_write_series(lt_doc *d, const char *object, const lt_series_sizes_t *T, int kind, int length_only);
/* A predicate's value: JSON the key, text "yes" or "no". */
void lt_write_predicate(lt_doc *d, const char *key, int value);

/* magnus: the word (JSON "word"), its letters, the order K, the
   dimension of the Lyndon basis B and the expansion's terms (c its
   coefficients; text a term a line, LaTeX an align*). */
void lt_write_magnus(lt_doc *d, long K, const lt_lyndon_t B, const fmpq *c, const lt_free_word_t W);
/* magnus --matrices: the masses and the certified error of each order
   (JSON "orders"; LaTeX a table) in the norm of P. */
void lt_write_magnus_errors(lt_doc *d, const lt_magnus_params *P, const lt_magnus_result_t R, const lt_free_word_t W);

/* ---- the simulator: cascade, drift, scan, evaluation, rotation ---- */

#include "lietool/model.h"
#include "lietool/rotation.h"

/* ssm cascade: the cascade K of the group spec (its table in convention
   conv) and its accuracy Z on the words of P. */
void lt_write_cascade(lt_doc *d, const char *spec, const lt_cascade_struct *K, lt_convention conv,
                      const lt_cascade_accuracy_params *P, const lt_cascade_accuracy_struct *Z);
/* ssm tables (JSON): K's lookup tables, its group's table in convention conv. */
void lt_write_cascade_tables(lt_doc *d, const lt_cascade_struct *K, lt_convention conv);
/* ssm drift: the first wrong positions Z of the groups names[0..Z->ngroups). */
void lt_write_drift(lt_doc *d, const lt_cascade_drift_params *P, const lt_cascade_drift_result_struct *Z,
                    const char *const *names);
/* ssm scan: the sequential loop against the parallel scan. */
void lt_write_scan(lt_doc *d, const lt_scan_compare_params *P, const lt_scan_compare_result *Z);
/* ssm bench-diag and bench-cascade (the cascade K of the group spec): the timings. */
void lt_write_bench_diag(lt_doc *d, const lt_bench_diag_params *P, const lt_bench_diag_result *Z);
void lt_write_bench_cascade(lt_doc *d, const char *spec, const lt_cascade_struct *K, const lt_bench_cascade_params *P,
                            const lt_bench_cascade_result *Z);

/* The word problem a checkpoint is evaluated on (ssm eval, ssm sweep). */
typedef struct {
    const char *group;          /* the group as given */
    long order;
    long derived_length;        /* -1: not solvable */
    long words, length;         /* sweep: the words' number and length */
    const char *data;           /* the CSV file of the words, or NULL: generated from seed */
    uint64_t seed;
    double threshold;           /* of the longest prefix and the last position */
    long bos;                   /* the token read before every word, or -1 */
} lt_write_ssm_task;

/* ssm eval: the model M in directory dir and its accuracies R on task T.
   The caller adds the verdict. */
void lt_write_ssm_eval(lt_doc *d, const char *dir, const lt_model_t M, const lt_ssm_eval_t R, const lt_write_ssm_task *T);
/* Instead of the verdict, for a model whose layers no family of the
   theory describes (lt_model_family gives LT_FAM_COUNT): JSON "verdict":
   null, text a line saying so. */
void lt_write_no_verdict(lt_doc *d, const lt_model_t M);
/* ssm eval's whole answer for a job run with P (lt_ssm_eval_job): the
   model and its accuracies, then the verdict or why there is none. */
void lt_write_ssm_eval_job(lt_doc *d, const lt_ssm_eval_job_t J, const lt_ssm_eval_job_params *P);
/* ssm sweep: a row per model of S, V[i] the verdict of row i (JSON:
   lt_write_verdict into the row's record; none, "-", for a row without a
   family). */
void lt_write_ssm_sweep(lt_doc *d, const lt_ssm_sweep_t S, lt_plan_verdict_struct *const *V, const lt_write_ssm_task *T);

/* ssm eval --task rotation: the checkpoint M in dir and its MSE per
   position beside the ideal model's (T: data, seed, bos). The caller adds
   the verdict. */
#include "lietool/rotation.h"
void lt_write_ssm_eval_rotation(lt_doc *d, const char *dir, const lt_model_t M, const lt_model_rotation_t R,
                                const lt_write_ssm_task *T);
/* ssm sweep --task rotation: a row per checkpoint (dirs[i], layers[i]
   layers of type types[i], R[i] its run on the task T's words): its mean
   MSE beside the ideal model of its depth; JSON with both per position. */
void lt_write_ssm_sweep_rotation(lt_doc *d, const char *const *dirs, const int *layers, const char *const *types,
                                 const lt_model_rotation_struct *R, int n, const lt_write_ssm_task *T);

/* ssm lie: the heading (the model directory dir, its layer type and
   layer), the transitions R read with P and the generators taken from
   them; the caller adds the profile and the rank decisions
   (lt_write_float_profile, lt_write_rank_log). */
void lt_write_model_lie(lt_doc *d, const char *dir, const lt_model_t M, const lt_model_lie_params *P,
                        const lt_model_lie_t R);

/* ssm rotation: the rotation task run with P (its bound's rows by lt_write_depth_bound). */
void lt_write_rotation(lt_doc *d, const lt_rotation_params *P, const lt_rotation_result_t Z);
/* The token-to-rotation map's line: the paper's always, saying it is not
   a homomorphism; the faithful one when always (JSON: "map",
   "homomorphism"); label: the text row's label ("map|"). */
void lt_write_rotation_map(lt_doc *d, lt_rotation_map map, int always, const char *label);

/* ---- character tables (src/write/chartab.c) ---- */
/* character-table: text in the shape of GAP's
   Display(CharacterTable(G), rec(indicator := true)) (centraliser orders
   by prime, class names, power maps, indicators, irrational values named
   A, B, ... with the key below), then the real representations; JSON the
   classes, power maps, characters (exact and float values, kernels), real
   representations and the invariants; LaTeX arrays. */
void lt_write_character_table(lt_doc *d, const char *object, const lt_chartab_t T, const lt_chartab_inv_t *inv);
/* The invariants alone (info --json): character_degrees,
   minimal_faithful_real_dimension, householder_reflections_per_token. */
void lt_write_chartab_invariants(lt_doc *d, const lt_chartab_t T, const lt_chartab_inv_t *inv);

#endif
