/* lietool info: the algebraic profile of a group. */
#include <stdlib.h>
#include <string.h>
#include "doc.h"
#include "lietool/json.h"

const cli_decl cli_info_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_FLOAT | CLI_O_LIMITS, CLI_OBJECT_ARGS};

/* A row "not computed: MESSAGE" (JSON null; the message in "notes"). */
static void not_computed(lt_doc *d, const char *label, const char *msg)
{
    FILE *f = lt_doc_row(d, label);
    if (f && d->mode == LT_DOC_JSON) fputs("null", f);
    else if (f) {
        fputs("not computed: ", f);
        if (d->mode == LT_DOC_TEX) lt_tex_text(f, msg); else fputs(msg, f);
    }
    lt_doc_row_end(d);
}

/* The exponent when only bounds are known: a multiple of lo dividing hi. */
static void exponent_bounds(lt_doc *d, const cli_opts *o, const lt_pgrp_t G, const lt_pgrp_profile_t P)
{
    FILE *f = lt_doc_row(d, "exponent");
    if (f && d->mode == LT_DOC_JSON) fputs("null", f);
    else if (f) {
        const char *m = d->mode == LT_DOC_TEX ? "$" : "";
        fprintf(f, "a multiple of %s", m); cli_put_mpz(f, P->exponent_lo, 0);
        fprintf(f, "%s dividing %s", m, m); cli_put_mpz(f, P->exponent_hi, 0);
        fprintf(f, "%s (deciding it enumerates %s", m, m); cli_put_mpz(f, G->order, 0);
        fprintf(f, "%s elements, above %s %ld)", m, d->mode == LT_DOC_TEX ? "-{}-max-enum" : "--max-enum", o->ctx->max_enum);
    }
    lt_doc_row_end(d);
    lt_doc_mpz(d, "|exponent_multiple_of", P->exponent_lo);
    lt_doc_mpz(d, "|exponent_divides", P->exponent_hi);
}

/* The group's profile P: text, JSON or LaTeX. */
static void put_profile(const cli_opts *o, const lt_pgrp_t G, const lt_pgrp_profile_t P)
{
    lt_status zst = P->center_status, est = P->exponent_status;
    int eopen = !est && !P->exponent_decided;
    lt_doc D, *d = &D;
    cli_doc_begin(d, o, o->object, NULL);
    lt_doc_mpz(d, "order", G->order);
    lt_doc_long(d, "degree", G->n, NULL);
    lt_doc_bool(d, "abelian", P->abelian);
    lt_doc_bool(d, "nilpotent", P->nilpotent);
    lt_doc_bool(d, "solvable", P->solvable);
    lt_doc_bool(d, "perfect", P->perfect);
    lt_doc_pgrp_series(d, "derived series", P->derived, 0);
    lt_doc_long(d, "derived length", P->solvable ? P->derived_length : -1, "not solvable");
    lt_doc_pgrp_series(d, "lower central series", P->lower, 1);
    lt_doc_long(d, "nilpotency class", P->nilpotent ? P->nilpotency_class : -1, "not nilpotent");
    if (zst) not_computed(d, "center order", P->center_err->msg);
    else lt_doc_mpz(d, "center order", P->center->order);
    if (est) not_computed(d, "exponent", P->exponent_err->msg);
    else if (eopen) exponent_bounds(d, o, G, P);
    else lt_doc_mpz(d, "exponent", P->exponent_lo);
    if (lt_doc_row(d, "|base"))
        for (int i = 0; i < G->nlev; i++) printf("%s%d", i ? ", " : "[", lt_pgrp_base_point(G, i) + 1);
    if (d->mode == LT_DOC_JSON) fputs(G->nlev ? "]" : "[]", stdout);
    lt_doc_row_end(d);
    lt_doc_list_begin(d, "generators");
    for (int i = 0; i < G->ngens && d->mode == LT_DOC_JSON; i++) {
        char *s = lt_perm_str(G->gens[i], G->n);
        lt_json_put_string(lt_doc_elem(d), s);
        lt_free(s);
    }
    lt_doc_list_end(d);
    if (d->mode == LT_DOC_JSON && (zst || est || eopen)) {
        lt_doc_list_begin(d, "notes");
        if (zst) lt_json_put_string(lt_doc_elem(d), P->center_err->msg);
        if (est) lt_json_put_string(lt_doc_elem(d), P->exponent_err->msg);
        if (eopen) {
            fputs("\"exponent not decided: deciding it enumerates ", lt_doc_elem(d));
            mpz_out_str(stdout, 10, G->order);
            printf(" elements, above --max-enum %ld\"", o->ctx->max_enum);
        }
        lt_doc_list_end(d);
    }
    lt_doc_end(d, "(beneath each term of a series its order)");
}
int cmd_info(int argc, char **argv, const lt_cmd *self)
{
    cli_opts o;
    cli_object X;
    int r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    if (X.is_lie) {
        r = X.is_float ? cli_float_info(&o, &X) : cli_lie_info(&o, X.L);
        cli_close_object(&o, &X);
        return r;
    }
    lt_pgrp_profile_t P;
    lt_err_t err;
    lt_pgrp_profile_init(P);
    lt_err_init(err);
    /* the centre and the exponent may hit --max-enum; the rest still prints */
    if (lt_pgrp_profile(P, X.G, LT_PGRP_PROFILE_ALL, o.ctx, err)) r = cli_fail(err);
    else {
        put_profile(&o, X.G, P);
        r = 0;
    }
    lt_pgrp_profile_clear(P);
    cli_close_object(&o, &X);
    return r;
}
