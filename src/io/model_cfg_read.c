/* The helpers every model reader uses (src/io/model_read.h): config.json
   keys read with their ranges, and the weights taken by name and shape. In
   a file of their own so that the architectures' readers (fla_read.c, ...)
   and the dispatch in model.c do not depend on each other in a circle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/io.h"
#include "lietool/io.h"
#include "lietool/io.h"
#include "lietool/io.h"
#include "model_read.h"

int lt_io_cfg_int(int *out, lt_io_cfg *C, const char *key, long lo, long hi, long def)
{
    const lt_json *v = lt_json_get(C->root, key);
    long x;
    if (!v || v->type == LT_JSON_NULL) {
        if (def < lo) { lt_err_set(C->err, LT_EINPUT, "%s: missing key '%s'", C->path, key); return 0; }
        *out = (int)def;
        return 1;
    }
    if (!lt_json_int(v, &x) || x < lo || x > hi) {
        char *t = lt_json_text(v);
        lt_err_set(C->err, LT_EINPUT, "%s: '%s' is %s; it must be an integer from %ld to %ld", C->path, key, t, lo, hi);
        lt_free(t);
        return 0;
    }
    *out = (int)x;
    return 1;
}

int lt_io_cfg_bool(int *out, lt_io_cfg *C, const char *key, int def)
{
    const lt_json *v = lt_json_get(C->root, key);
    if (!v || v->type == LT_JSON_NULL) { *out = def; return 1; }
    if (v->type != LT_JSON_BOOL) { lt_err_set(C->err, LT_EINPUT, "%s: '%s' must be true or false", C->path, key); return 0; }
    *out = v->boolean;
    return 1;
}

int lt_io_cfg_signed(int *sgn, int *stated, lt_io_cfg *C, const lt_json *sc)
{
    static const char *keys[] = {"signed_eigenvalues", "positive_and_negative"};
    const char *first = NULL;
    *sgn = *stated = 0;
    for (int w = 0; w < 2; w++) {
        if (w && (!sc || sc->type != LT_JSON_OBJECT)) break;
        lt_io_cfg S = {w ? sc : C->root, C->path, C->err};
        for (int k = 0; k < 2; k++) {
            const lt_json *v = lt_json_get(S.root, keys[k]);
            if (!v || v->type == LT_JSON_NULL) continue;
            int b;
            if (!lt_io_cfg_bool(&b, &S, keys[k], 0)) return 0;
            if (*stated && b != *sgn) {
                lt_err_set(C->err, LT_EINPUT, "%s: '%s' and '%s' disagree on the eigenvalue range", C->path, first, keys[k]);
                return 0;
            }
            *sgn = b;
            *stated = 1;
            first = keys[k];
        }
    }
    return 1;
}

int lt_io_cfg_float(float *out, lt_io_cfg *C, const char *key, double def)
{
    const lt_json *v = lt_json_get(C->root, key);
    if (!v || v->type == LT_JSON_NULL) { *out = (float)def; return 1; }
    double x = v->type == LT_JSON_NUMBER ? strtod(v->str, NULL) : -1;
    if (!(x > 0 && x < 1)) { lt_err_set(C->err, LT_EINPUT, "%s: '%s' must be a number in (0, 1)", C->path, key); return 0; }
    *out = (float)x;
    return 1;
}

int lt_io_cfg_truthy(const lt_json *v, int def)
{
    if (!v) return def;
    switch (v->type) {
    case LT_JSON_NULL: return 0;
    case LT_JSON_BOOL: return v->boolean;
    case LT_JSON_NUMBER: return strtod(v->str, NULL) != 0;
    case LT_JSON_STRING: return v->str[0] != 0;
    default: return v->len > 0;
    }
}

int lt_io_cfg_refuse(lt_io_cfg *C, const char *key, const char *why)
{
    char *t = lt_json_text(lt_json_get(C->root, key));
    lt_err_set(C->err, LT_EINPUT, "%s: '%s' is %s: %s", C->path, key, t, why);
    lt_free(t);
    return 0;
}

int lt_io_cfg_head(lt_model_t M, lt_io_cfg *C, int tied_def)
{
    M->tied = lt_io_cfg_truthy(lt_json_get(C->root, "tie_word_embeddings"), tied_def);
    M->vocab_rows = M->vocab;
    if (!lt_io_cfg_int(&M->classes, C, "n_classes", 1, MAX_DIM, M->vocab)) return 0;
    if (M->tied && M->classes != M->vocab) {
        lt_err_set(C->err, LT_EINPUT, "%s: tied embeddings need n_classes (%d) = vocab_size (%d)", C->path, M->classes, M->vocab);
        return 0;
    }
    return 1;
}

/* ---- weights ---- */

float *lt_io_model_weight(lt_model_t M, const lt_ckpt_t S, const char *name, int ndim,
                     int64_t d0, int64_t d1, int64_t d2, lt_status *st, lt_err_t err)
{
    if (*st) return NULL;
    int64_t shape[3] = {d0, d1, d2};
    float *w;
    int borrowed;
    char full[224];
    snprintf(full, sizeof full, "%s%s", M->prefix, name);
    const lt_ckpt_tensor *T = lt_ckpt_find(S, full);
    if (T && !M->dtype) M->dtype = lt_st_dtype_name(T->dtype);
    /* F32 weights stay in the file's buffer (model_read.c keeps it) */
    if ((*st = lt_ckpt_view(&w, &borrowed, S, full, ndim, shape, err))) return NULL;
    lt_model_keep(M, w, (size_t)(d0 * (ndim > 1 ? d1 : 1) * (ndim > 2 ? d2 : 1)), borrowed);
    M->nparams = M->nweights;
    return w;
}

float *lt_io_model_head_bias(lt_model_t M, const lt_ckpt_t S, const char *name, lt_status *st, lt_err_t err)
{
    char full[224];
    snprintf(full, sizeof full, "%s%s", M->prefix, name);
    if (*st || M->task != LT_TASK_ROTATION || !lt_ckpt_find(S, full)) return NULL;
    return lt_io_model_weight(M, S, name, 1, M->classes, 0, 0, st, err);
}

float *lt_io_model_array(lt_model_t M, size_t n)
{
    return lt_model_keep(M, lt_malloc((n ? n : 1) * sizeof(float)), n, 0);
}
