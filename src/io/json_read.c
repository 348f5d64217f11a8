/* JSON reader: recursive descent with a depth limit; every error names the
   line and column. */
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "lietool/io.h"

#define MAX_DEPTH 256

typedef struct { const char *s; size_t n, i; int line, col; lt_err_struct *err; int flags; } parser;

static int peek(parser *P) { return P->i < P->n ? (unsigned char)P->s[P->i] : -1; }

static int next(parser *P)
{
    int c = peek(P);
    if (c < 0) return c;
    P->i++;
    if (c == '\n') { P->line++; P->col = 1; } else P->col++;
    return c;
}

static void ws(parser *P)
{
    int c;
    while ((c = peek(P)) == ' ' || c == '\t' || c == '\n' || c == '\r') next(P);
}

static lt_json *fail(parser *P, const char *what)
{
    int c = peek(P);
    if (c < 0) lt_err_set(P->err, LT_EINPUT, "%d:%d: %s at end of input", P->line, P->col, what);
    else if (c >= 32 && c < 127) lt_err_set(P->err, LT_EINPUT, "%d:%d: %s at '%c'", P->line, P->col, what, c);
    else lt_err_set(P->err, LT_EINPUT, "%d:%d: %s at byte 0x%02x", P->line, P->col, what, c);
    return NULL;
}

static lt_json *mk(parser *P, lt_json_type t)
{
    lt_json *v = lt_calloc(1, sizeof *v);
    v->type = t;
    v->line = P->line;
    v->col = P->col;
    return v;
}

static void put_utf8(char **buf, size_t *len, size_t *cap, unsigned long cp)
{
    char tmp[4];
    int k;
    if (cp < 0x80) { tmp[0] = (char)cp; k = 1; }
    else if (cp < 0x800) { tmp[0] = (char)(0xC0 | (cp >> 6)); tmp[1] = (char)(0x80 | (cp & 0x3F)); k = 2; }
    else if (cp < 0x10000) { tmp[0] = (char)(0xE0 | (cp >> 12)); tmp[1] = (char)(0x80 | ((cp >> 6) & 0x3F)); tmp[2] = (char)(0x80 | (cp & 0x3F)); k = 3; }
    else { tmp[0] = (char)(0xF0 | (cp >> 18)); tmp[1] = (char)(0x80 | ((cp >> 12) & 0x3F)); tmp[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); tmp[3] = (char)(0x80 | (cp & 0x3F)); k = 4; }
    if (*len + (size_t)k + 1 > *cap) { *cap = 2 * *cap + (size_t)k + 1; *buf = lt_realloc(*buf, *cap); }
    memcpy(*buf + *len, tmp, (size_t)k);
    *len += (size_t)k;
}

static int hex4(parser *P, unsigned long *out)
{
    unsigned long v = 0;
    for (int k = 0; k < 4; k++) {
        int c = peek(P);
        if (c >= '0' && c <= '9') v = v * 16 + (unsigned long)(c - '0');
        else if (c >= 'a' && c <= 'f') v = v * 16 + (unsigned long)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v = v * 16 + (unsigned long)(c - 'A' + 10);
        else return 0;
        next(P);
    }
    *out = v;
    return 1;
}

static char *string(parser *P)
{
    size_t cap = 16, len = 0;
    char *buf = lt_malloc(cap);
    next(P); /* opening quote */
    for (;;) {
        int c = peek(P);
        if (c < 0 || c < 0x20) { lt_free(buf); fail(P, c < 0 ? "unterminated string" : "control character in string"); return NULL; }
        next(P);
        if (c == '"') break;
        if (c == '\\') {
            int e = peek(P);
            unsigned long cp;
            next(P);
            switch (e) {
            case '"': case '\\': case '/': cp = (unsigned long)e; break;
            case 'b': cp = '\b'; break;
            case 'f': cp = '\f'; break;
            case 'n': cp = '\n'; break;
            case 'r': cp = '\r'; break;
            case 't': cp = '\t'; break;
            case 'u':
                if (!hex4(P, &cp)) { lt_free(buf); fail(P, "bad \\u escape"); return NULL; }
                if (cp >= 0xD800 && cp < 0xDC00) {
                    unsigned long lo;
                    if (peek(P) != '\\') { lt_free(buf); fail(P, "unpaired surrogate"); return NULL; }
                    next(P);
                    if (peek(P) != 'u') { lt_free(buf); fail(P, "unpaired surrogate"); return NULL; }
                    next(P);
                    if (!hex4(P, &lo) || lo < 0xDC00 || lo > 0xDFFF) { lt_free(buf); fail(P, "unpaired surrogate"); return NULL; }
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                } else if (cp >= 0xDC00 && cp < 0xE000) { lt_free(buf); fail(P, "unpaired surrogate"); return NULL; }
                break;
            default: lt_free(buf); fail(P, "bad escape"); return NULL;
            }
            /* a NUL would end the C string: "w\u0000x" would read as "w" */
            if (cp == 0) { lt_free(buf); fail(P, "a NUL character (\\u0000) in a string"); return NULL; }
            put_utf8(&buf, &len, &cap, cp);
            continue;
        }
        if (len + 2 > cap) { cap *= 2; buf = lt_realloc(buf, cap); }
        buf[len++] = (char)c;
    }
    buf[len] = '\0';
    return buf;
}

static lt_json *value(parser *P, int depth);

static int by_key(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* A key that appears twice in object v, or NULL. lietool would read the
   first value and Python's json the last: one file, two meanings. */
static const char *duplicate_key(const lt_json *v)
{
    if (v->len < 2) return NULL;
    char **k = lt_malloc((size_t)v->len * sizeof *k);
    memcpy(k, v->keys, (size_t)v->len * sizeof *k);
    qsort(k, (size_t)v->len, sizeof *k, by_key);
    const char *d = NULL;
    for (int i = 1; i < v->len && !d; i++)
        if (strcmp(k[i - 1], k[i]) == 0) d = k[i];
    lt_free(k);
    return d;
}

static lt_json *container(parser *P, int depth, int obj)
{
    lt_json *v = mk(P, obj ? LT_JSON_OBJECT : LT_JSON_ARRAY);
    int cap = 0;
    next(P);
    ws(P);
    if (peek(P) == (obj ? '}' : ']')) { next(P); return v; }
    for (;;) {
        char *key = NULL;
        ws(P);
        if (obj) {
            if (peek(P) != '"') { lt_json_free(v); return fail(P, "expected a string key"); }
            if (!(key = string(P))) { lt_json_free(v); return NULL; }
            ws(P);
            if (peek(P) != ':') { lt_free(key); lt_json_free(v); return fail(P, "expected ':'"); }
            next(P);
        }
        lt_json *item = value(P, depth + 1);
        if (!item) { lt_free(key); lt_json_free(v); return NULL; }
        if (v->len == cap) {
            cap = cap ? 2 * cap : 8;
            v->items = lt_realloc(v->items, (size_t)cap * sizeof *v->items);
            if (obj) v->keys = lt_realloc(v->keys, (size_t)cap * sizeof *v->keys);
        }
        v->items[v->len] = item;
        if (obj) v->keys[v->len] = key;
        v->len++;
        ws(P);
        int c = peek(P);
        if (c == ',') { next(P); continue; }
        if (c == (obj ? '}' : ']')) {
            const char *d = obj ? duplicate_key(v) : NULL;
            if (d) {
                char what[160];
                snprintf(what, sizeof what, "the key \"%.100s%s\" appears twice in an object", d, strlen(d) > 100 ? "..." : "");
                fail(P, what);
                lt_json_free(v);
                return NULL;
            }
            next(P);
            return v;
        }
        lt_json_free(v);
        return fail(P, obj ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

/* Python's json module writes the non-finite floats as these words. */
static const char *const nonfinite[] = {"Infinity", "-Infinity", "NaN"};

static lt_json *number(parser *P)
{
    size_t start = P->i;
    if (P->flags & LT_JSON_NONFINITE)
        for (int k = 0; k < 3; k++) {
            size_t m = strlen(nonfinite[k]);
            if (P->n - P->i >= m && memcmp(P->s + P->i, nonfinite[k], m) == 0) {
                lt_json *v = mk(P, LT_JSON_NUMBER);
                for (size_t j = 0; j < m; j++) next(P);
                v->str = lt_strdup(nonfinite[k]);
                return v;
            }
        }
    lt_json *v = mk(P, LT_JSON_NUMBER);
    if (peek(P) == '-') next(P);
    if (peek(P) == '0') next(P);
    else if (peek(P) >= '1' && peek(P) <= '9') while (peek(P) >= '0' && peek(P) <= '9') next(P);
    else { lt_json_free(v); return fail(P, "bad number"); }
    if (peek(P) == '.') {
        next(P);
        if (!(peek(P) >= '0' && peek(P) <= '9')) { lt_json_free(v); return fail(P, "bad number"); }
        while (peek(P) >= '0' && peek(P) <= '9') next(P);
    }
    if (peek(P) == 'e' || peek(P) == 'E') {
        next(P);
        if (peek(P) == '+' || peek(P) == '-') next(P);
        if (!(peek(P) >= '0' && peek(P) <= '9')) { lt_json_free(v); return fail(P, "bad number"); }
        while (peek(P) >= '0' && peek(P) <= '9') next(P);
    }
    size_t len = P->i - start;
    v->str = lt_malloc(len + 1);
    memcpy(v->str, P->s + start, len);
    v->str[len] = '\0';
    return v;
}

static lt_json *literal(parser *P, const char *word, lt_json_type t, int b)
{
    size_t k = strlen(word);
    if (P->n - P->i < k || memcmp(P->s + P->i, word, k) != 0) return fail(P, "unexpected token");
    lt_json *v = mk(P, t);
    v->boolean = b;
    for (size_t j = 0; j < k; j++) next(P);
    return v;
}

static lt_json *value(parser *P, int depth)
{
    if (depth > MAX_DEPTH) return fail(P, "nesting deeper than 256");
    ws(P);
    int c = peek(P);
    switch (c) {
    case '{': return container(P, depth, 1);
    case '[': return container(P, depth, 0);
    case '"': {
        lt_json *v = mk(P, LT_JSON_STRING);
        if (!(v->str = string(P))) { lt_free(v); return NULL; }
        return v;
    }
    case 't': return literal(P, "true", LT_JSON_BOOL, 1);
    case 'f': return literal(P, "false", LT_JSON_BOOL, 0);
    case 'n': return literal(P, "null", LT_JSON_NULL, 0);
    default:
        if (c == '-' || (c >= '0' && c <= '9') || ((P->flags & LT_JSON_NONFINITE) && (c == 'I' || c == 'N')))
            return number(P);
        return fail(P, "unexpected token");
    }
}

lt_json *lt_json_parse(const char *text, size_t n, lt_err_t err)
{
    return lt_json_parse_flags(text, n, 0, err);
}

lt_json *lt_json_parse_flags(const char *text, size_t n, int flags, lt_err_t err)
{
    parser P = {text, n, 0, 1, 1, err, flags};
    lt_json *v = value(&P, 0);
    if (!v) return NULL;
    ws(&P);
    if (P.i != P.n) { lt_json_free(v); return fail(&P, "trailing characters"); }
    return v;
}

void lt_json_free(lt_json *v)
{
    if (!v) return;
    for (int i = 0; i < v->len; i++) {
        lt_json_free(v->items[i]);
        if (v->keys) lt_free(v->keys[i]);
    }
    lt_free(v->items);
    lt_free(v->keys);
    lt_free(v->str);
    lt_free(v);
}

const lt_json *lt_json_get(const lt_json *obj, const char *key)
{
    if (!obj || obj->type != LT_JSON_OBJECT) return NULL;
    for (int i = 0; i < obj->len; i++)
        if (strcmp(obj->keys[i], key) == 0) return obj->items[i];
    return NULL;
}

int lt_json_int(const lt_json *v, long *out)
{
    if (!v || v->type != LT_JSON_NUMBER) return 0;
    char *end;
    errno = 0;
    long x = strtol(v->str, &end, 10);
    if (errno || *end) return 0;
    *out = x;
    return 1;
}

static void text_rec(const lt_json *v, char **buf, size_t *len, size_t *cap)
{
    char tmp[64];
    const char *s = tmp;
    switch (v->type) {
    case LT_JSON_NULL: s = "null"; break;
    case LT_JSON_BOOL: s = v->boolean ? "true" : "false"; break;
    case LT_JSON_NUMBER: s = v->str; break;
    case LT_JSON_STRING: s = v->str; break;
    case LT_JSON_ARRAY: s = "[...]"; break;
    case LT_JSON_OBJECT: s = "{...}"; break;
    }
    size_t k = strlen(s);
    if (*len + k + 1 > *cap) { *cap = *len + k + 1; *buf = lt_realloc(*buf, *cap); }
    memcpy(*buf + *len, s, k + 1);
    *len += k;
}

char *lt_json_text(const lt_json *v)
{
    size_t len = 0, cap = 1;
    char *buf = lt_malloc(1);
    buf[0] = '\0';
    text_rec(v, &buf, &len, &cap);
    if (len > 60) strcpy(buf + 57, "...");
    return buf;
}

void lt_json_put_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\t': fputs("\\t", f); break;
        case '\r': fputs("\\r", f); break;
        default:
            if (*p < 0x20) fprintf(f, "\\u%04x", *p);
            else fputc(*p, f);
        }
    }
    fputc('"', f);
}
