/* The JSON reader (RFC 8259) under the Cayley tables and configs. */
#include "fuzz.h"
#include "lietool/io.h"

static void walk(const lt_json *v, int depth)
{
    long x;
    (void)lt_json_int(v, &x);
    char *t = lt_json_text(v);   /* the abbreviated text used in messages */
    if (strlen(t) > 60) { fprintf(stderr, "fuzz: message text '%s' is too long\n", t); abort(); }
    lt_free(t);
    if (v->type == LT_JSON_OBJECT)
        for (int i = 0; i < v->len; i++)
            if (lt_json_get(v, v->keys[i]) == NULL) abort();
    if (v->type == LT_JSON_ARRAY || v->type == LT_JSON_OBJECT)
        for (int i = 0; i < v->len && depth < 64; i++) walk(v->items[i], depth + 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lt_err_t err; lt_err_init(err);
    lt_json *v = lt_json_parse((const char *)data, size, err);
    if (v) {
        walk(v, 0);
        lt_json_free(v);
    } else fuzz_check(err->status ? err->status : LT_EINTERNAL, err);
    return 0;
}
