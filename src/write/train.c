/* The result of lietool ssm train (lietool/write.h, lietool/job.h). */
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include "lietool/write.h"

/* A number, JSON null when it is not finite (a trainer's NaN loss). */
static void put_num(lt_doc *d, const char *label, const char *fmt, double v)
{
    if (isfinite(v)) lt_doc_double(d, label, fmt, v);
    else lt_doc_str(d, label, NULL, "none");
}

/* "0.003" of a learning rate, "?" when train.json has none. */
static void put_try_text(FILE *f, int i, const lt_train_try *t)
{
    fprintf(f, "try %d: seed %ld, lr %g: validation ", i, t->seed, t->lr);
    if (isfinite(t->validation)) fprintf(f, "%.3f", t->validation); else fputs("none", f);
    fprintf(f, " after %ld steps (%s, %.1f s)", t->steps, *t->stopped ? t->stopped : "stopped", t->seconds);
}

static void put_tries(lt_doc *d, const lt_ssm_train_job_t J)
{
    const char *indent = d->indent;
    lt_doc_open(d, "training");
    lt_doc_list_begin(d, "tries");
    for (int i = 0; i < J->ntries; i++) {
        const lt_train_try *t = &J->tries[i];
        lt_doc_item_begin(d);
        lt_doc_strf(d, "|seed", "%ld", t->seed);
        put_num(d, "|lr", "%.6g", t->lr);
        lt_doc_long(d, "|steps", t->steps, NULL);
        lt_doc_long(d, "|best_step", t->best_step, NULL);
        put_num(d, "|validation", "%.6f", t->validation);
        put_num(d, "|final_loss", "%.6g", t->final_loss);
        lt_doc_str(d, "|stopped", t->stopped, NULL);
        put_num(d, "|seconds", "%.1f", t->seconds);
        lt_doc_item_end(d);
        if (d->mode == LT_DOC_TEXT) {
            fprintf(d->f, "%s", i == 0 ? "training: " : "          ");
            put_try_text(d->f, i + 1, t);
            fputc('\n', d->f);
        }
    }
    lt_doc_list_end(d);
    lt_doc_long(d, "|chosen", J->chosen, NULL);
    lt_doc_double(d, "|seconds", "%.1f", J->seconds);
    lt_doc_close(d);
    if (d->mode == LT_DOC_TEXT) {
        const lt_train_try *c = &J->tries[J->chosen - 1];
        fprintf(d->f, "          chosen: try %d (seed %ld, lr %g, %s)\n", J->chosen, c->seed, c->lr,
                *c->stopped ? c->stopped : "stopped");
    }
    d->indent = indent;
}

void lt_write_ssm_train(lt_doc *d, const lt_ssm_train_job_t J, const lt_ssm_train_params *P)
{
    int text = d->mode == LT_DOC_TEXT;
    char fam[64] = "";
    if (strcmp(P->arch, J->family_name)) snprintf(fam, sizeof fam, " (family %s)", J->family_name);
    if (text)
        fprintf(d->f, "ssm train %s: %ld %s layer%s%s, trained on words of length 2-%ld (%ld words), tested on %ld words "
                "of length %ld\n", P->group, P->layers, P->arch, P->layers == 1 ? "" : "s", fam, P->train_length,
                J->train_words, J->test_words, P->test_length);
    d->indent = "";
    d->width = 0;
    lt_doc_str(d, "|group", P->group, NULL);
    lt_doc_str(d, "|arch", P->arch, NULL);
    lt_doc_str(d, "|family", J->family_name, NULL);
    lt_doc_long(d, "|layers", P->layers, NULL);
    lt_doc_long(d, "|train_length", P->train_length, NULL);
    lt_doc_long(d, "|test_length", P->test_length, NULL);
    lt_doc_long(d, "|train_words", J->train_words, NULL);
    lt_doc_long(d, "|test_words", J->test_words, NULL);
    lt_doc_strf(d, "|seed", "%" PRIu64, P->seed);
    lt_doc_double(d, "|budget", "%g", P->budget);
    lt_write_verdict_after(d, J->V, P->group);
    if (text) fputc('\n', d->f);
    put_tries(d, J);
    if (text)
        fprintf(d->f, "test: sequence accuracy %.3f, token accuracy %.3f, longest prefix at 90%% %ld\n",
                J->sequence_accuracy, J->token_accuracy, J->longest_prefix_90);
    lt_doc_double(d, "|sequence_accuracy", "%.6f", J->sequence_accuracy);
    lt_doc_double(d, "|token_accuracy", "%.6f", J->token_accuracy);
    lt_doc_long(d, "|longest_prefix_90", J->longest_prefix_90, NULL);
    if (text) {
        fputs("loss: final ", d->f);
        if (isfinite(J->final_loss)) fprintf(d->f, "%.4f", J->final_loss); else fputs("none", d->f);
        fprintf(d->f, ", chance ln %ld = %.4f\n", J->order, J->chance_loss);
    }
    put_num(d, "|final_loss", "%.6g", J->final_loss);
    lt_doc_double(d, "|chance_loss", "%.6g", J->chance_loss);
    lt_doc_str(d, "outcome:|outcome", lt_train_outcome_name(J->outcome), NULL);
    if (J->advice && text) fprintf(d->f, "  %s\n", J->advice);
    lt_doc_str(d, "|advice", J->advice, NULL);
    if (text) {
        const char *q = strpbrk(P->group, " ()*?[]$;&|<>\"'\\") ? "'" : "";
        fprintf(d->f, "checkpoint: %s (lietool ssm eval %s %s %s%s%s %s %s/test.csv)\n", P->out, P->out, lt_opt("group"),
                q, P->group, q, lt_opt("data"), P->out);
    }
    lt_doc_str(d, "|out", P->out, NULL);
}
