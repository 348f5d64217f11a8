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

/* ---- the theory: verdict, report, error bound, profiles ---- */

/* ---- the simulator: cascade, drift, scan, evaluation, rotation ---- */

#endif
