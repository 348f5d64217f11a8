/* lietool info: the algebraic profile of a group. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "tex.h"
#include "lietool/json.h"

static void kv(const char *k, const char *v) { printf("  %-22s %s\n", k, v); }

static void put_bool(int json, const char *key, int v)
{
    if (json) printf(", \"%s\": %s", key, v ? "true" : "false");
    else kv(key, v ? "yes" : "no");
}

const cli_decl cli_info_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_FLOAT | CLI_O_LIMITS, CLI_OBJECT_ARGS};

/* The group's profile P as JSON. */
static void put_json(const cli_opts *o, const lt_pgrp_t G, const lt_pgrp_profile_t P)
{
    lt_status zst = P->center_status, est = P->exponent_status;
    int eopen = !est && !P->exponent_decided;
    cli_json_begin(o);
    printf(", \"order\": ");
    cli_put_mpz(stdout, G->order, 1);
    printf(", \"degree\": %d", G->n);
    put_bool(1, "abelian", P->abelian);
    put_bool(1, "nilpotent", P->nilpotent);
    put_bool(1, "solvable", P->solvable);
    put_bool(1, "perfect", P->perfect);
    printf(", \"derived_series\": "); cli_put_series(stdout, P->derived, 1);
    if (P->solvable) printf(", \"derived_length\": %d", P->derived_length); else printf(", \"derived_length\": null");
    printf(", \"lower_central_series\": "); cli_put_series(stdout, P->lower, 1);
    if (P->nilpotent) printf(", \"nilpotency_class\": %d", P->nilpotency_class); else printf(", \"nilpotency_class\": null");
    printf(", \"center_order\": ");
    if (zst) printf("null"); else cli_put_mpz(stdout, P->center->order, 1);
    printf(", \"exponent\": ");
    if (est || eopen) printf("null"); else cli_put_mpz(stdout, P->exponent_lo, 1);
    if (eopen) {
        printf(", \"exponent_multiple_of\": "); cli_put_mpz(stdout, P->exponent_lo, 1);
        printf(", \"exponent_divides\": "); cli_put_mpz(stdout, P->exponent_hi, 1);
    }
    printf(", \"base\": [");
    for (int i = 0; i < G->nlev; i++) printf("%s%d", i ? ", " : "", lt_pgrp_base_point(G, i) + 1);
    printf("], \"generators\": [");
    for (int i = 0; i < G->ngens; i++) {
        char *s = lt_perm_str(G->gens[i], G->n);
        if (i) printf(", ");
        lt_json_put_string(stdout, s);
        lt_free(s);
    }
    printf("]");
    if (zst || est || eopen) {
        printf(", \"notes\": [");
        if (zst) { lt_json_put_string(stdout, P->center_err->msg); }
        if (est) { if (zst) printf(", "); lt_json_put_string(stdout, P->exponent_err->msg); }
        if (eopen) {
            if (zst || est) printf(", ");
            printf("\"exponent not decided: deciding it enumerates ");
            mpz_out_str(stdout, 10, G->order);
            printf(" elements, above --max-enum %ld\"", o->ctx->max_enum);
        }
        printf("]");
    }
    printf("}\n");
}

/* The group's profile P as text. */
static void put_text(const cli_opts *o, const lt_pgrp_t G, const lt_pgrp_profile_t P)
{
    lt_status zst = P->center_status, est = P->exponent_status;
    int eopen = !est && !P->exponent_decided;
    printf("%s\n", o->object);
    printf("  %-22s ", "order"); cli_put_mpz(stdout, G->order, 0); printf("\n");
    printf("  %-22s %d\n", "degree", G->n);
    put_bool(0, "abelian", P->abelian);
    put_bool(0, "nilpotent", P->nilpotent);
    put_bool(0, "solvable", P->solvable);
    put_bool(0, "perfect", P->perfect);
    printf("  %-22s ", "derived series"); cli_put_series(stdout, P->derived, 0); printf("\n");
    if (P->solvable) printf("  %-22s %d\n", "derived length", P->derived_length);
    else kv("derived length", "not solvable");
    printf("  %-22s ", "lower central series"); cli_put_series(stdout, P->lower, 0); printf("\n");
    if (P->nilpotent) printf("  %-22s %d\n", "nilpotency class", P->nilpotency_class);
    else kv("nilpotency class", "not nilpotent");
    printf("  %-22s ", "center order");
    if (zst) printf("not computed: %s\n", P->center_err->msg); else { cli_put_mpz(stdout, P->center->order, 0); printf("\n"); }
    printf("  %-22s ", "exponent");
    if (est) printf("not computed: %s\n", P->exponent_err->msg);
    else if (eopen) {
        printf("a multiple of "); cli_put_mpz(stdout, P->exponent_lo, 0);
        printf(" dividing "); cli_put_mpz(stdout, P->exponent_hi, 0);
        printf(" (deciding it enumerates "); cli_put_mpz(stdout, G->order, 0);
        printf(" elements, above --max-enum %ld)\n", o->ctx->max_enum);
    } else { cli_put_mpz(stdout, P->exponent_lo, 0); printf("\n"); }
}

/* A table row with a series as a chain of its terms, each order beneath. */
static void tex_series_row(const char *key, const lt_pgrp_series_t S, int lower)
{
    cli_tex_series_t T;
    cli_tex_series_pgrp(&T, S, lower);
    cli_tex_table_key(stdout, key);
    printf("$");
    cli_tex_chain(stdout, &T);
    printf("$");
    cli_tex_table_row_end(stdout);
    cli_tex_series_clear(&T);
}

/* A table row "not computed: MESSAGE". */
static void tex_not_computed(const char *key, const char *msg)
{
    cli_tex_table_key(stdout, key);
    printf("not computed: ");
    cli_tex_text(stdout, msg);
    cli_tex_table_row_end(stdout);
}

/* The group's profile P as LaTeX: a table, the series as chains. */
static void put_tex(const cli_opts *o, const lt_pgrp_t G, const lt_pgrp_profile_t P)
{
    lt_status zst = P->center_status, est = P->exponent_status;
    int eopen = !est && !P->exponent_decided;
    cli_tex_begin(stdout, o);
    cli_tex_heading_object(stdout, o->object, "");
    cli_tex_table_begin(stdout);
    cli_tex_row_mpz(stdout, "order", G->order);
    cli_tex_row_num(stdout, "degree", G->n, "");
    cli_tex_row_yes(stdout, "abelian", P->abelian);
    cli_tex_row_yes(stdout, "nilpotent", P->nilpotent);
    cli_tex_row_yes(stdout, "solvable", P->solvable);
    cli_tex_row_yes(stdout, "perfect", P->perfect);
    tex_series_row("derived series", P->derived, 0);
    cli_tex_row_num(stdout, "derived length", P->solvable ? P->derived_length : -1, "not solvable");
    tex_series_row("lower central series", P->lower, 1);
    cli_tex_row_num(stdout, "nilpotency class", P->nilpotent ? P->nilpotency_class : -1, "not nilpotent");
    if (zst) tex_not_computed("center order", P->center_err->msg);
    else cli_tex_row_mpz(stdout, "center order", P->center->order);
    if (est) tex_not_computed("exponent", P->exponent_err->msg);
    else if (eopen) {
        cli_tex_table_key(stdout, "exponent");
        printf("a multiple of $"); cli_tex_mpz(stdout, P->exponent_lo);
        printf("$ dividing $"); cli_tex_mpz(stdout, P->exponent_hi);
        printf("$ (deciding it enumerates $"); cli_tex_mpz(stdout, G->order);
        printf("$ elements, above -{}-max-enum %ld)", o->ctx->max_enum);
        cli_tex_table_row_end(stdout);
    } else cli_tex_row_mpz(stdout, "exponent", P->exponent_lo);
    cli_tex_table_end(stdout);
    printf("(beneath each term of a series its order)\n");
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
        (o.latex ? put_tex : o.json ? put_json : put_text)(&o, X.G, P);
        r = 0;
    }
    lt_pgrp_profile_clear(P);
    cli_close_object(&o, &X);
    return r;
}
