/* The Lie algebra of a trained layer (lietool/model.h, lt_model_lie): the
   layer's state-transition matrices X collected over tokens or sampled
   words, their generators log X (the principal real logarithm, so that
   X = exp(log X) is the flow of dh/dt = (log X) h over one step, as in Heo
   et al. 2026, section 2) or X - I ([X - I, Y - I] = [X, Y]: the same
   commutators, defined when X has no real logarithm), and the algebra they
   generate by the floating-point closure (lietool/liealg.h) with its
   profile. */
#include <stdio.h>
#include <string.h>
#include "lietool/model.h"
#include "lietool/ssm.h"
#include "lietool/liealg.h"

void lt_model_lie_init(lt_model_lie_t R)
{
    memset(R, 0, sizeof *R);
    lt_fliealg_init(R->L);
    lt_fliealg_profile_init(R->P);
    lt_rank_log_init(R->log);
}

void lt_model_lie_clear(lt_model_lie_t R)
{
    lt_fliealg_clear(R->L);
    lt_fliealg_profile_clear(R->P);
    lt_rank_log_clear(R->log);
}

/* the generator of transition X (n x n) into G */
static lt_status generator(double *G, const double *X, long n, int use_log, long which, const char *what, lt_err_t err)
{
    if (use_log) {
        lt_status st = lt_fliealg_real_log(G, X, n, err);
        if (st) {
            char msg[sizeof err->msg];
            snprintf(msg, sizeof msg, "%s", err->msg);
            lt_err_set(err, st, "the transition %s %ld: %s (generators X - I instead: `generators` diff)", what, which, msg);
        }
        return st;
    }
    memcpy(G, X, (size_t)n * n * sizeof *G);
    for (long i = 0; i < n; i++) G[i * n + i] -= 1;
    return LT_OK;
}

lt_status lt_model_lie(lt_model_lie_t R, const lt_model_t M, const lt_model_lie_params *p, const lt_ctx_t ctx, lt_err_t err)
{
    long n = lt_model_transition_size(M);
    if (n == 0) return lt_err_set(err, LT_EINPUT, "%s layers have no state-transition matrices", lt_model_layer_name(M));
    if (p->layer < 0 || p->layer >= M->n_layers)
        return lt_err_set(err, LT_EINPUT, "layer %d: the model has %d layer%s", p->layer + 1, M->n_layers,
                          M->n_layers == 1 ? "" : "s");
    if (p->token_lo < 0 || p->token_hi > M->vocab || p->token_lo >= p->token_hi)
        return lt_err_set(err, LT_EINPUT, "tokens %ld-%ld: the model reads tokens 0-%d", p->token_lo, p->token_hi - 1,
                          M->vocab - 1);
    if (ctx && ctx->max_dim > 0 && n > ctx->max_dim)
        return lt_err_set(err, LT_ELIMIT, "the transitions are %ld x %ld matrices, above `max_dim` %ld", n, n, ctx->max_dim);
    R->n = n;
    R->generators = p->generators;
    R->sampled = !(p->layer == 0 && lt_model_first_layer_token_local(M));
    long ntok = p->token_hi - p->token_lo, T = R->sampled ? p->length : 1, words = R->sampled ? p->words : ntok;
    if (T < 1 || words < 1) return lt_err_set(err, LT_EINPUT, "no transitions to read: give `words` and `length`");
    size_t nn = (size_t)n * n;
    if ((double)words * T * nn > 1e9)
        return lt_err_set(err, LT_ELIMIT, "%ld words of length %ld give %.3g matrix entries, above 1e9: give fewer `words`",
                          words, T, (double)words * T * nn);
    double *X = lt_malloc((size_t)T * nn * sizeof *X), *G = lt_malloc((size_t)words * T * nn * sizeof *G);
    int *tok = lt_malloc((size_t)T * sizeof *tok);
    lt_rng_t rng;
    lt_rng_seed(rng, p->seed);
    lt_status st = LT_OK;
    long k = 0;
    for (long w = 0; !st && w < words; w++) {
        for (long t = 0; t < T; t++) tok[t] = (int)(R->sampled ? p->token_lo + (long)lt_rng_below(rng, (uint64_t)ntok) : p->token_lo + w);
        lt_model_transitions(X, M, p->layer, tok, T);
        for (long t = 0; !st && t < T; t++, k++)
            st = generator(G + (size_t)k * nn, X + (size_t)t * nn, n, p->generators == LT_MODEL_LIE_LOG,
                           R->sampled ? k + 1 : tok[0], R->sampled ? "at sample" : "of token", err);
    }
    R->transitions = k;
    if (!st) st = lt_fliealg_closure(R->L, G, k, n, p->tol, R->log, ctx, err);
    if (!st) st = lt_fliealg_profile(R->P, R->L, LT_FLIEALG_PROFILE_ALL, p->tol, R->log, err);
    lt_free(X);
    lt_free(G);
    lt_free(tok);
    return st;
}
