/* lietool info: the algebraic profile of a group. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "lietool/json.h"

static void kv(const char *k, const char *v) { printf("  %-22s %s\n", k, v); }

static void put_bool(int json, const char *key, int v)
{
    if (json) printf(", \"%s\": %s", key, v ? "true" : "false");
    else kv(key, v ? "yes" : "no");
}

const cli_decl cli_info_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_FLOAT | CLI_O_LIMITS, CLI_OBJECT_ARGS};

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
    lt_pgrp_struct *G = X.G;
    lt_pgrp_profile_t P;
    lt_err_t err;
    lt_pgrp_profile_init(P);
    lt_err_init(err);
    /* the centre and the exponent may hit --max-enum; the rest still prints */
    if (lt_pgrp_profile(P, G, LT_PGRP_PROFILE_ALL, o.ctx, err)) {
        r = cli_fail(err);
        goto out;
    }
    lt_status zst = P->center_status, est = P->exponent_status;
    int eopen = !est && !P->exponent_decided;
    const lt_pgrp_series_struct *D = P->derived, *L = P->lower;
    const lt_pgrp_struct *Z = P->center;
    const __mpz_struct *e = P->exponent_lo, *ehi = P->exponent_hi;
    const char *zmsg = P->center_err->msg, *emsg = P->exponent_err->msg;
    int J = o.json;
    if (J) {
        cli_json_begin(&o);
        printf(", \"order\": ");
        cli_put_mpz(stdout, G->order, 1);
        printf(", \"degree\": %d", G->n);
    } else {
        printf("%s\n", o.object);
        printf("  %-22s ", "order"); cli_put_mpz(stdout, G->order, 0); printf("\n");
        printf("  %-22s %d\n", "degree", G->n);
    }
    put_bool(J, "abelian", P->abelian);
    put_bool(J, "nilpotent", P->nilpotent);
    put_bool(J, "solvable", P->solvable);
    put_bool(J, "perfect", P->perfect);
    if (J) {
        printf(", \"derived_series\": "); cli_put_series(stdout, D, 1);
        if (P->solvable) printf(", \"derived_length\": %d", P->derived_length); else printf(", \"derived_length\": null");
        printf(", \"lower_central_series\": "); cli_put_series(stdout, L, 1);
        if (P->nilpotent) printf(", \"nilpotency_class\": %d", P->nilpotency_class); else printf(", \"nilpotency_class\": null");
        printf(", \"center_order\": ");
        if (zst) printf("null"); else cli_put_mpz(stdout, Z->order, 1);
        printf(", \"exponent\": ");
        if (est || eopen) printf("null"); else cli_put_mpz(stdout, e, 1);
        if (eopen) {
            printf(", \"exponent_multiple_of\": "); cli_put_mpz(stdout, e, 1);
            printf(", \"exponent_divides\": "); cli_put_mpz(stdout, ehi, 1);
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
            if (zst) { lt_json_put_string(stdout, zmsg); }
            if (est) { if (zst) printf(", "); lt_json_put_string(stdout, emsg); }
            if (eopen) {
                if (zst || est) printf(", ");
                printf("\"exponent not decided: deciding it enumerates ");
                mpz_out_str(stdout, 10, G->order);
                printf(" elements, above --max-enum %ld\"", o.ctx->max_enum);
            }
            printf("]");
        }
        printf("}\n");
    } else {
        printf("  %-22s ", "derived series"); cli_put_series(stdout, D, 0); printf("\n");
        if (P->solvable) printf("  %-22s %d\n", "derived length", P->derived_length);
        else kv("derived length", "not solvable");
        printf("  %-22s ", "lower central series"); cli_put_series(stdout, L, 0); printf("\n");
        if (P->nilpotent) printf("  %-22s %d\n", "nilpotency class", P->nilpotency_class);
        else kv("nilpotency class", "not nilpotent");
        printf("  %-22s ", "center order");
        if (zst) printf("not computed: %s\n", zmsg); else { cli_put_mpz(stdout, Z->order, 0); printf("\n"); }
        printf("  %-22s ", "exponent");
        if (est) printf("not computed: %s\n", emsg);
        else if (eopen) {
            printf("a multiple of "); cli_put_mpz(stdout, e, 0);
            printf(" dividing "); cli_put_mpz(stdout, ehi, 0);
            printf(" (deciding it enumerates "); cli_put_mpz(stdout, G->order, 0);
            printf(" elements, above --max-enum %ld)\n", o.ctx->max_enum);
        } else { cli_put_mpz(stdout, e, 0); printf("\n"); }
    }
    r = 0;
out:
    lt_pgrp_profile_clear(P);
    cli_close_object(&o, &X);
    return r;
}
