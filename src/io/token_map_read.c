/* Token-map files (lietool-formats(5), TOKEN MAPS): a tokenizer's vocab.json
   or tokenizer.json read into an lt_token_map (lietool/dataset.h). */
#include <stdio.h>
#include <stdlib.h>
#include "lietool/dataset.h"
#include "lietool/io.h"

lt_status lt_token_map_choose(lt_token_map *T, long n, const char *path, long offset, long bos, lt_err_t err)
{
    if (path) return lt_token_map_read(T, n, path, bos, err);
    if (offset >= 0 || bos >= 0) return lt_token_map_offset(T, n, offset < 0 ? 0 : offset, bos, err);
    return LT_OK;
}

lt_status lt_token_map_read(lt_token_map *T, long n, const char *path, long bos, lt_err_t err)
{
    lt_token_map_clear(T);
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    lt_json *root = lt_io_read_json(path, ctx, err);
    if (!root) return LT_EINPUT;
    const lt_json *v = root, *m = root->type == LT_JSON_OBJECT ? lt_json_get(root, "model") : NULL;
    if (m && m->type == LT_JSON_OBJECT && lt_json_get(m, "vocab")) v = lt_json_get(m, "vocab");
    lt_status st = LT_OK;
    if (v->type != LT_JSON_OBJECT) st = lt_err_set(err, LT_EINPUT, "%s: not a JSON object of element: token", path);
    T->n = n;
    T->token = lt_malloc((size_t)(n ? n : 1) * sizeof *T->token);
    for (long e = 0; e < n && !st; e++) {
        char key[24];
        snprintf(key, sizeof key, "%ld", e);
        const lt_json *t = lt_json_get(v, key);
        long id;
        if (!t) st = lt_err_set(err, LT_EINPUT, "%s: element %ld (key \"%s\") has no token", path, e, key);
        else if (!lt_json_int(t, &id) || id < 0 || id >= (1L << 30))
            st = lt_err_set(err, LT_EINPUT, "%s: the token of element %ld is not an integer from 0 to 2^30", path, e);
        else T->token[e] = (int)id;
    }
    lt_json_free(root);
    if (!st) st = lt_token_map_check(T, bos, path, err);
    if (st) lt_token_map_clear(T);
    return st;
}
