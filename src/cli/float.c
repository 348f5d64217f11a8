/* --float: the printers of the Lie-algebra commands in double precision
   (the object is loaded by cli_load_object, the profile computed by
   lt_fliealg_profile), with every SVD rank decision printed beside its
   singular-value gap. An ambiguous decision (the gap straddles the
   tolerance) makes the command fail with exit status 5 after printing what
   it found. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "doc.h"
#include "lietool/io.h"
#include "lietool/liealg.h"
#include "lietool/write.h"

int cli_float_begin(lt_doc *d, lt_fliealg_profile_t P, cli_opts *o, cli_object *X, unsigned parts)
{
    lt_err_t err;
    lt_err_init(err);
    lt_fliealg_profile_init(P);
    if (lt_fliealg_profile(P, X->F, parts, o->tol, X->log, err)) { lt_fliealg_profile_clear(P); return cli_fail(err); }
    cli_doc_begin(d, o, NULL, NULL);
    lt_doc_bool(d, "|float", 1);
    lt_doc_double(d, "|tol", "%g", o->tol);
    lt_doc_long(d, "|dimension", (long)X->F->dim, NULL);
    return -1;
}

/* The rank decisions (unless -q), the end of the document, and the exit
   status: CLI_NUMERIC when a decision is ambiguous (said on stderr). */
static int finish(lt_doc *d, const cli_opts *o, const lt_rank_log_struct *log, int r)
{
    if (o->json || !o->quiet) lt_write_rank_log(d, log);
    lt_doc_end(d, NULL);
    if (lt_rank_log_num_ambiguous(log)) {
        fprintf(stderr, "lietool: %ld rank decision(s) are numerically ambiguous at --tol %g: the answer is not reliable\n",
                (long)lt_rank_log_num_ambiguous(log), o->tol);
        if (lt_rank_log_below_roundoff(log))
            fprintf(stderr, "lietool: a kept singular value is within 100 x round-off (%.1e x scale) of 0: "
                            "--tol %g is below what double precision resolves; use a larger --tol\n",
                    DBL_EPSILON, o->tol);
        r = CLI_NUMERIC;
    }
    return r;
}

int cli_float_end(lt_doc *d, lt_fliealg_profile_t P, cli_opts *o, cli_object *X, int pred)
{
    int r = finish(d, o, X->log, pred == 0 ? CLI_NO : CLI_OK);
    lt_fliealg_profile_clear(P);
    return r;
}

int cli_float_predicate_value(const lt_fliealg_profile_t P, const char *key, unsigned *part)
{
    static const struct { const char *key; unsigned part; size_t off; } preds[] = {
        {"solvable", LT_FLIEALG_PROFILE_DERIVED, offsetof(lt_fliealg_profile_struct, solvable)},
        {"perfect", LT_FLIEALG_PROFILE_DERIVED, offsetof(lt_fliealg_profile_struct, perfect)},
        {"nilpotent", LT_FLIEALG_PROFILE_LOWER, offsetof(lt_fliealg_profile_struct, nilpotent)},
        {"abelian", LT_FLIEALG_PROFILE_LOWER, offsetof(lt_fliealg_profile_struct, abelian)},
        {"semisimple", LT_FLIEALG_PROFILE_KILLING, offsetof(lt_fliealg_profile_struct, semisimple)},
    };
    size_t k = 0;
    while (strcmp(preds[k].key, key) != 0) k++;
    if (part) *part = preds[k].part;
    return P ? *(const int *)((const char *)P + preds[k].off) : -1;
}

/* center, killing and dimension: one number of the profile */
static int one_number(cli_opts *o, cli_object *X, unsigned part, const char *label)
{
    lt_fliealg_profile_t P;
    lt_doc D, *d = &D;
    int r = cli_float_begin(d, P, o, X, part);
    if (r >= 0) return r;
    long v = part == LT_FLIEALG_PROFILE_CENTER ? P->center_dim : part ? P->killing_rank : X->F->dim;
    d->width = 0;
    d->indent = "";
    if (part) lt_doc_long(d, label, v, NULL);
    else if (d->mode == LT_DOC_TEXT) lt_doc_say(d, "%ld", v);
    return cli_float_end(d, P, o, X, -1);
}

int cli_float_center(cli_opts *o, cli_object *X)
{
    return one_number(o, X, LT_FLIEALG_PROFILE_CENTER, "dimension|center_dimension");
}

int cli_float_dimension(cli_opts *o, cli_object *X)
{
    return one_number(o, X, 0, NULL);
}

int cli_float_killing(cli_opts *o, cli_object *X)
{
    return one_number(o, X, LT_FLIEALG_PROFILE_KILLING, "rank|killing_rank");
}

int cli_float_profile_put(lt_doc *d, const lt_fliealg_profile_t P, const cli_opts *o, const lt_rank_log_t log)
{
    lt_write_float_profile(d, P);
    return finish(d, o, log, CLI_OK);
}

int cli_float_info(cli_opts *o, cli_object *X)
{
    lt_fliealg_profile_t P;
    lt_doc D, *d = &D;
    int r = cli_float_begin(d, P, o, X, LT_FLIEALG_PROFILE_ALL);
    if (r >= 0) return r;
    if (!o->json) printf("%s (floating point, tol %g)\n", o->object, o->tol);
    r = cli_float_profile_put(d, P, o, X->log);
    lt_fliealg_profile_clear(P);
    return r;
}
