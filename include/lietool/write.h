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
#include "lietool/depth.h"
#include "lietool/ssm.h"

/* ---- groups and Lie algebras: explain ---- */

/* The reasoning behind an answer (lietool explain), with the witnesses
   the library has checked: prose and equations in text and LaTeX, the
   "question", "answer" and evidence keys in JSON. There is no heading;
   the prose names the object as d->object (@), which the caller sets
   after lt_doc_start. */

/* The questions about one group or Lie algebra. */
typedef enum {
    LT_EXPLAIN_DERIVED_SERIES, LT_EXPLAIN_LOWER_CENTRAL_SERIES, LT_EXPLAIN_SOLVABLE,
    LT_EXPLAIN_NILPOTENT, LT_EXPLAIN_PERFECT, LT_EXPLAIN_ABELIAN, LT_EXPLAIN_MIN_DEPTH,
    LT_EXPLAIN_NQUESTIONS
} lt_explain_question;
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

/* ---- the theory: verdict, report, error bound, profiles ---- */

/* ---- the simulator: cascade, drift, scan, evaluation, rotation ---- */

#endif
