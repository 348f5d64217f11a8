/* The depth commands' results as documents (lietool/write.h): min-depth,
   report and error-bound, with the rows they share. */
#include <stdio.h>
#include <mpfr.h>
#include "lietool/write.h"
#include "lietool/io.h"

void lt_write_depth_bound(lt_doc *d, lt_bound b)
{
    lt_doc_str(d, "|bound", lt_depth_bound_name(b), NULL);
    if (b == LT_BOUND_V1)
        lt_doc_claim(d, "bound|", NULL, "v1, superseded by v2: $c(k) = 2^(k-1)$ (arXiv:2603.05573v1); the default "
                      "is sharp, $2^k - 1$");
    else
        lt_doc_claim(d, "bound|", NULL, "sharp ($floor(log2 T) + 1$; derived length of class $c$): $c(k) = 2^k - 1$; "
                      "`bound` v1 for version 1's $2^(k-1)$");
}

/* The heading (the object), solvable and derived length, in the layout
   of info. */
static void head(lt_doc *d, const char *object, const lt_depth_profile_t P)
{
    lt_doc_heading(d, object, NULL);
    lt_doc_bool(d, "solvable", P->solvable);
    lt_doc_long(d, "derived length", P->solvable ? P->derived_length : -1, "not solvable");
}

/* A row with the derived (lower: lower central) series of P: orders of a
   group's terms, dimensions of a Lie algebra's. */
static void series(lt_doc *d, const char *label, const lt_depth_profile_t P, int lower)
{
    if (P->is_lie) lt_doc_lie_series(d, label, lower ? P->lie->lower : P->lie->derived, lower);
    else lt_doc_pgrp_series(d, label, lower ? P->grp->lower : P->grp->derived, lower);
}

/* ---- min-depth ---- */

void lt_write_min_depth(lt_doc *d, const char *object, const lt_depth_profile_t P, const lt_depth_min_t M, int layers,
                        int exact)
{
    unsigned long T = M->length;
    const char *cite37 = lt_depth_cite_reading(LT_SRC_HEO_PROP37, M->bound), *cite33 = lt_depth_cite(LT_SRC_HEO_PROP33);
    head(d, object, P);
    lt_doc_long(d, "|abelian_layers", M->abelian, "");
    lt_doc_long(d, "|restricted_layers", M->restricted, "");
    lt_doc_str(d, "|layers", layers == 2 ? "restricted" : "abelian", NULL);
    lt_doc_long(d, "|min_depth", layers == 2 ? M->restricted : M->abelian, "");
    lt_doc_str(d, "|bound", lt_depth_bound_name(M->bound), NULL);
    if (layers != 2 && M->abelian >= 0)
        lt_doc_claim(d, "abelian layers", NULL, "$%ld$ (%s and Proposition 3.3)", M->abelian, lt_depth_cite(LT_SRC_HEO_THM34));
    else if (layers != 2) lt_doc_claim(d, "abelian layers", cite33, "no constant depth");
    if (layers != 1 && M->restricted >= 0) lt_doc_claim(d, "restricted layers", cite33, "at least $%ld$", M->restricted);
    else if (layers != 1) lt_doc_claim(d, "restricted layers", cite33, "no constant depth");
    if (!T) {
        if (d->mode == LT_DOC_JSON)
            fputs(", \"length\": null, \"log_depth_bound\": null, \"log_depth_bound_v1\": null"
                  ", \"log_depth_bound_sharp\": null, \"depth_for_length\": null, \"tokens\": null, \"width_bound\": null", d->f);
        return;
    }
    lt_doc_long(d, "length", (long)T, NULL);
    lt_doc_long(d, "|log_depth_bound", M->log_bound, NULL);
    lt_doc_long(d, "|log_depth_bound_v1", M->log_bound_v1, NULL);
    lt_doc_long(d, "|log_depth_bound_sharp", M->log_bound_sharp, NULL);
    lt_doc_long(d, "|depth_for_length", M->within, NULL);
    if (M->bound == LT_BOUND_V1)
        lt_doc_claim(d, "bound", NULL, "v1, superseded by v2: $ceil(log2 T) + 1$ (arXiv:2603.05573v1); the default is "
                      "sharp, $floor(log2 T) + 1$");
    else
        lt_doc_claim(d, "bound", NULL, "sharp ($floor(log2 T) + 1$; derived length of class $c$): the free nilpotent "
                      "class $T$; `bound` v1 for version 1's ceil");
    lt_doc_claim(d, "log-depth bound", cite37, "$%d = %s(log2 %lu) + 1$ abelian layers", M->log_bound,
                  M->bound == LT_BOUND_V1 ? "ceil" : "floor", T);
    lt_doc_claim(d, "v1 / sharp", NULL, "$%d$ / $%d$", M->log_bound_v1, M->log_bound_sharp);
    if (M->abelian >= 0)
        lt_doc_claim(d, "layers for length", NULL, "at most $%ld$ (the smaller of the derived length $%ld$ and the "
                      "log-depth bound $%d$)", M->within, M->abelian, M->log_bound);
    lt_doc_row(d, "tokens");
    lt_doc_put_mpz(d, M->tokens);
    lt_doc_text(d, NULL, " (%s)", M->tokens_given ? "`tokens`" : P->is_lie ? "$dim L$; `tokens` $N$ to change"
                                                                            : "$|G|$; `tokens` $N$ to change");
    lt_doc_row_end(d);
    FILE *f = lt_doc_row(d, "width|width_bound");
    if (f && d->mode == LT_DOC_JSON && M->width_status) fputs("null", f);
    else if (f && M->width_status) {
        fputs("not computed: ", f);
        (d->mode == LT_DOC_TEX ? lt_tex_text : lt_doc_plain_prose)(f, M->width_err->msg);
    } else if (f) {
        if (d->mode == LT_DOC_JSON || exact) lt_doc_put_mpz(d, M->width);
        else {
            char wt[64];
            fputs(lt_depth_width_text(wt, sizeof wt, M->width, 0, d->mode == LT_DOC_TEX), f);
        }
        lt_doc_text(d, lt_depth_cite(LT_SRC_HEO_COR38),
                      ", the dimension of the free nilpotent Lie algebra of class $%lu$ on the tokens", T);
    }
    lt_doc_row_end(d);
    if (M->width_status && d->mode == LT_DOC_JSON) {
        fputs(", \"notes\": [", d->f);
        lt_json_put_string(d->f, M->width_err->msg);
        fputs("]", d->f);
    }
}

/* ---- report ---- */

/* The depths and exponents of the error section as a LaTeX array. */
static void tex_exponents(FILE *f, lt_bound b, long dl)
{
    fprintf(f, "\\begin{equation*}\n\\begin{array}{l|*{%d}{c}}\nk", LT_REPORT_DEPTHS);
    for (int k = 1; k <= LT_REPORT_DEPTHS; k++) fprintf(f, " & %d", k);
    fputs(" \\\\\n\\hline\n\\text{error } O(\\varepsilon^{e}),\\ e", f);
    for (int k = 1; k <= LT_REPORT_DEPTHS; k++)
        if (lt_depth_is_exact(k, dl)) fputs(" & -", f);
        else fprintf(f, " & %lu", lt_depth_error_exponent(k, b));
    fputs("\n\\end{array}\n\\end{equation*}\n(", f);
    lt_tex_text(f, lt_depth_cite_reading(LT_SRC_HEO_COR36, b));
    fputs(")\\par\n", f);
}

void lt_write_report(lt_doc *d, const char *object, const lt_depth_profile_t P, const lt_depth_report_t R)
{
    lt_bound b = R->bound;
    char after[160];
    if (b == LT_BOUND_V1)
        snprintf(after, sizeof after, ": depth report (bound %s, superseded by v2 of arXiv:2603.05573; the default is "
                 "sharp)", lt_depth_bound_name(b));
    else
        snprintf(after, sizeof after, ": depth report (bound %s: floor(log2 T) + 1, derived length of class c; v1 with "
                 "%s v1)", lt_depth_bound_name(b), lt_opt("bound"));
    lt_doc_heading(d, object, after);
    lt_doc_str(d, "|kind", P->is_lie ? "lie_algebra" : "group", NULL);
    lt_doc_section(d, "Algebraic profile");
    if (P->is_lie) lt_doc_long(d, "dimension", mpz_get_si(P->size), NULL);
    else lt_doc_mpz(d, "order", P->size);
    lt_doc_bool(d, "abelian", P->abelian);
    lt_doc_bool(d, "nilpotent", P->nilpotent);
    lt_doc_bool(d, "solvable", P->solvable);
    lt_doc_bool(d, "perfect", P->perfect);
    series(d, "derived series", P, 0);
    lt_doc_long(d, "derived length", R->derived_length, "not solvable");
    series(d, "lower central series", P, 1);
    lt_doc_long(d, "nilpotency class", P->nilpotent ? P->nilpotency_class : -1, "not nilpotent");
    lt_doc_long(d, "|abelian_layers", R->abelian, "");
    lt_doc_long(d, "|restricted_layers", R->abelian >= 0 ? R->restricted : -1, "");
    lt_doc_str(d, "|bound", lt_depth_bound_name(b), NULL);
    lt_doc_mpz(d, "|tokens", R->tokens);
    lt_doc_list_begin(d, "lengths");
    for (int i = 0; i < R->nlen; i++) {
        lt_doc_item_begin(d);
        lt_doc_long(d, "|length", (long)R->lengths[i], NULL);
        lt_doc_long(d, "|log_depth_bound", lt_depth_log_bound(R->lengths[i], b), NULL);
        if (R->width_status[i]) lt_doc_str(d, "|width_bound", NULL, NULL); else lt_doc_mpz(d, "|width_bound", R->width[i]);
        lt_doc_item_end(d);
    }
    lt_doc_list_end(d);
    lt_doc_list_begin(d, "error_exponents");
    for (int k = 1; k <= LT_REPORT_DEPTHS && d->mode == LT_DOC_JSON; k++)
        fprintf(lt_doc_elem(d), "%lu", lt_depth_error_exponent(k, b));
    lt_doc_list_end(d);
    long dl = R->derived_length;
    lt_doc_long(d, "|exact_from_depth", dl >= 0 ? (dl > 0 ? dl : 1) : -1, "");
    lt_doc_str(d, "|word_problem", P->is_lie ? NULL : lt_depth_word_problem_name(lt_depth_word_problem_class(dl)), NULL);
    int section = -1;
    lt_doc_list_begin(d, "claims");
    for (int i = 0; i < R->nclaims; i++) {
        const lt_report_claim *c = &R->claims[i];
        const char *src = c->src >= 0 ? lt_depth_cite_reading(c->src, b) : c->src_text && *c->src_text ? c->src_text : NULL;
        if ((int)c->section != section && d->mode != LT_DOC_JSON) {
            section = (int)c->section;
            if (d->mode == LT_DOC_TEX) { lt_doc_break(d); fputs("\\medskip\n", d->f); }
            lt_doc_section(d, lt_depth_report_section_name(c->section));
            if (d->mode == LT_DOC_TEX && c->section == LT_REPORT_ERROR) tex_exponents(d->f, b, dl);
        }
        lt_doc_item_begin(d);
        lt_doc_str(d, "|section", lt_depth_report_section_name(c->section), NULL);
        lt_doc_str(d, "|key", c->key, NULL);
        lt_doc_str(d, "|claim", c->text, NULL);
        lt_doc_str(d, "|source", src, NULL);
        lt_doc_item_end(d);
        if (!(c->numbers && d->mode == LT_DOC_TEX)) lt_doc_claim(d, c->key, src, "%s", d->mode == LT_DOC_TEX ? c->mark : c->text);
    }
    lt_doc_list_end(d);
    lt_doc_break(d);
    const char *heo = "Heo et al. 2026 is arXiv:2603.05573; lietool(1) lists every source under REFERENCES.";
    if (d->mode == LT_DOC_TEXT) fprintf(d->f, "\n%s\n", heo);
    else if (d->mode == LT_DOC_TEX) { fputs("\\medskip\n", d->f); lt_tex_par(d->f, heo); }
}

/* ---- error-bound ---- */

/* An MPFR number in the open row: "%.6Re" (JSON null when absent), LaTeX
   math after lhs. */
static void put_mpfr(lt_doc *d, const char *lhs, const mpfr_t x, int present)
{
    if (!d->row) return;
    if (!present) fputs(d->mode == LT_DOC_JSON ? "null" : "-", d->f);
    else if (d->mode == LT_DOC_TEX) { fprintf(d->f, "$%s", lhs); lt_tex_mpfr(d->f, x, 7); fputc('$', d->f); }
    else mpfr_fprintf(d->f, "%.6Re", x);
}

/* The sources under the table (text and LaTeX): Corollary 3.6 and where
   the stack is exact. */
static void put_sources(lt_doc *d, lt_bound b, long dl)
{
    int tex = d->mode == LT_DOC_TEX;
    const char *c36 = lt_depth_cite_reading(LT_SRC_HEO_COR36, b);
    const char *cx = lt_depth_cite(dl >= 0 ? LT_SRC_HEO_THM34 : LT_SRC_HEO_PROP33);
    char what[96];
    if (dl > 0) snprintf(what, sizeof what, "xact from depth %s%ld%s, the derived length", tex ? "$" : "", dl, tex ? "$" : "");
    else if (dl == 0) snprintf(what, sizeof what, "xact at every depth (derived length %s)", tex ? "$0$" : "0");
    else snprintf(what, sizeof what, "ever exact at constant depth (not solvable)");
    int e = dl >= 0;
    if (!tex) {
        fprintf(d->f, "  O(eps^(c(k)+1)), eps the generator mass: %s\n", c36);
        fprintf(d->f, "  %s%s: %s\n", e ? "e" : "n", what, cx);
        return;
    }
    fputs("\\noindent $O(\\varepsilon^{c(k)+1})$, $\\varepsilon$ the generator mass (", d->f);
    lt_tex_text(d->f, c36);
    fprintf(d->f, ").\\par\n\\noindent %s%s (", e ? "E" : "N", what);
    lt_tex_text(d->f, cx);
    fputs(").\\par\n", d->f);
}

/* The rows on the generators eps was computed from. */
static void put_generators(lt_doc *d, const lt_depth_error_t E, const lt_write_eps_params *p)
{
    int tex = d->mode == LT_DOC_TEX;
    if (E->source == LT_EPS_REP)
        lt_doc_claim(d, "generators|", NULL, "$%ld$, the logarithms of the matrices of %s (their rotation angles)",
                     (long)E->M->count, p->rep);
    else if (E->source == LT_EPS_MODEL)
        lt_doc_claim(d, "generators|", NULL, "$%ld$, the first layer's transitions of %s, one per element: the largest log-norm"
                      " over %ld words of length %ld (seed 0; element i is token %ld + i)", (long)E->M->count, p->model,
                      p->words, p->length, p->offset);
    else lt_doc_claim(d, "generators|", NULL, "$%ld$, the matrices of %s", (long)E->M->count, p->object);
    lt_doc_claim(d, tex ? "step|" : "step h|", NULL, tex ? "$h = %s$" : "%s", E->step_text);
}

/* The table of depths: JSON the list "depths", text and LaTeX a table. */
static void put_depths(lt_doc *d, const lt_depth_error_t E, int pw)
{
    int tex = d->mode == LT_DOC_TEX;
    if (d->mode == LT_DOC_TEXT) fprintf(d->f, "  depth  class c(k)  exponent c(k)+1  error%s\n", pw ? "        eps^(c(k)+1)" : "");
    else if (tex)
        fprintf(d->f, "\\begin{center}\n\\begin{tabular}{rrrl%s}\ndepth $k$ & class $c(k)$ & exponent $c(k)+1$ & error%s"
                " \\\\\n\\hline\n", pw ? "l" : "", pw ? " & $\\varepsilon^{c(k)+1}$" : "");
    lt_doc_list_begin(d, "depths");
    for (int k = E->k0; k <= E->k1; k++) {
        int exact = E->exact[k - 1];
        ulong c = E->c[k - 1], e = E->e[k - 1];
        if (d->mode == LT_DOC_JSON) {
            lt_doc_item_begin(d);
            lt_doc_long(d, "|depth", k, NULL);
            lt_doc_long(d, "|truncation_class", (long)c, NULL);
            lt_doc_long(d, "|error_exponent", (long)e, NULL);
            lt_doc_bool(d, "|exact", exact);
            lt_doc_row(d, "|eps_power");
            put_mpfr(d, "", E->pw[k - 1], pw);
            lt_doc_row_end(d);
            lt_doc_item_end(d);
        } else if (tex) {
            fprintf(d->f, "$%d$ & $%lu$ & $%lu$ & ", k, c, e);
            if (exact) fputs("$0$ (exact)", d->f); else fprintf(d->f, "$O(\\varepsilon^{%lu})$", e);
            if (pw && exact) fputs(" & --", d->f);
            else if (pw) { fputs(" & $", d->f); lt_tex_mpfr(d->f, E->pw[k - 1], 7); fputc('$', d->f); }
            fputs(" \\\\\n", d->f);
        } else {
            char err[32];
            snprintf(err, sizeof err, exact ? "0 (exact)" : "O(eps^%lu)", e);
            fprintf(d->f, "  %5d  %10lu  %15lu  %-*s", k, c, e, pw ? 12 : 0, err);
            if (pw && !exact) mpfr_fprintf(d->f, " %.6Re", E->pw[k - 1]);
            else if (pw) fputs(" -", d->f);
            fputc('\n', d->f);
        }
    }
    lt_doc_list_end(d);
    if (tex) fputs("\\end{tabular}\n\\end{center}\n", d->f);
}

void lt_write_error_bound(lt_doc *d, const lt_depth_profile_t P, const lt_depth_error_t E, const lt_write_eps_params *p)
{
    int has = E->source != LT_EPS_NONE, mass = has && E->source != LT_EPS_OPTION, pw = has && E->converges;
    int tex = d->mode == LT_DOC_TEX, json = d->mode == LT_DOC_JSON;
    const char *mn = lt_depth_cite(LT_SRC_MOAN_NIESEN);
    head(d, p->object, P);
    lt_write_depth_bound(d, E->bound);
    if (mass) put_generators(d, E, p);
    if (has || !tex) {
        lt_doc_row(d, tex ? "generator mass|eps" : "eps");
        if (!has && !json)
            fprintf(d->f, "not computed: give %s E, %s FILE (a group) or the generators as LieAlgebra(Rationals, [...])",
                    lt_opt("eps"), lt_opt("rep"));
        else put_mpfr(d, "\\varepsilon = ", E->M->eps, has);
        if (mass && !tex && !json) fputs(", h times the sum of their spectral norms", d->f);
        lt_doc_row_end(d);
    }
    static const char *const source[] = {
        [LT_EPS_NONE] = NULL, [LT_EPS_OPTION] = "option", [LT_EPS_REP] = "rep", [LT_EPS_GENS] = "generators",
        [LT_EPS_MODEL] = "model",
    };
    lt_doc_str(d, "|eps_source", source[E->source], NULL);
    lt_doc_str(d, "|norm", mass ? "spectral" : NULL, NULL);
    lt_doc_row(d, "|step");
    put_mpfr(d, "", E->step, mass);
    lt_doc_row_end(d);
    lt_doc_long(d, "|generators", mass ? (long)E->M->count : -1, "");
    if (mass && d->mode == LT_DOC_TEXT)
        mpfr_fprintf(d->f, "  %-22s %.6Re, so a window of w tokens has mass at most w times this\n", "largest h ||A_i||",
                     E->M->largest);
    lt_doc_row(d, tex ? (mass ? "largest generator" : "|") : "|largest_generator");
    put_mpfr(d, "h \\max_i \\|A_i\\|_2 = ", E->M->largest, mass);
    lt_doc_row_end(d);
    if (lt_doc_row(d, has ? "convergence|converges" : "|converges") && json)
        fputs(!has ? "null" : E->converges ? "true" : "false", d->f);
    else if (has && E->converges)
        lt_doc_text(d, NULL, "yes: $eps < pi$, so the Magnus series converges (%s%s)", mn, tex ? "" : ", spectral norm");
    else if (has)
        lt_doc_text(d, NULL, "no: $eps >= pi$, where the Magnus series need not converge and $eps^(c(k)+1)$ bounds nothing"
                     " (it converges for $eps < pi$: %s)", mn);
    lt_doc_row_end(d);
    lt_doc_break(d);
    put_depths(d, E, pw);
    if (!json) put_sources(d, E->bound, E->derived_length);
}
