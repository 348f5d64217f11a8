/* torch.save's file format, read without Python: a zip archive (stored
   members only) holding PREFIX/data.pkl, a pickle of the saved object, and
   PREFIX/data/KEY, the raw bytes of each storage (torch/serialization.py,
   _save and _load). The pickle is run by a restricted machine that knows
   the opcodes the pickler writes for a dict of tensors at protocols 2 to 5
   and four kinds of global: collections.OrderedDict, the storage classes
   torch.FloatStorage and its siblings, torch._utils._rebuild_tensor_v2 and
   torch._utils._rebuild_parameter(_with_state). Nothing is imported or
   called; any other opcode or global is invalid input. Every size comes
   from the file and is checked against it before use. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "impl.h"

/* ---- the zip container ---- */

typedef struct { const unsigned char *name; size_t nlen; uint64_t off, size; int method; } zentry;
typedef struct { const unsigned char *buf; size_t size; zentry *e; long n; } zipf;

static uint32_t rd16(const unsigned char *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t rd32(const unsigned char *p) { return rd16(p) | rd16(p + 2) << 16; }
static uint64_t rd64(const unsigned char *p) { return rd32(p) | (uint64_t)rd32(p + 4) << 32; }

static lt_status zip_open(zipf *Z, lt_err_t err)
{
    const unsigned char *b = Z->buf;
    size_t size = Z->size;
    if (size < 22 || rd32(b) != 0x04034b50u) return lt_err_set(err, LT_EINPUT, "not a zip archive (torch.save's format since torch 1.6)");
    long eocd = -1;
    for (long p = (long)size - 22; p >= 0 && p >= (long)size - 22 - 65535; p--)
        if (rd32(b + p) == 0x06054b50u && (size_t)p + 22 + rd16(b + p + 20) == size) { eocd = p; break; }
    if (eocd < 0) return lt_err_set(err, LT_EINPUT, "zip: no end of central directory record");
    uint64_t n = rd16(b + eocd + 10), cdsize = rd32(b + eocd + 12), cdoff = rd32(b + eocd + 16);
    if (n == 0xFFFF || cdsize == 0xFFFFFFFFu || cdoff == 0xFFFFFFFFu) {       /* zip64 */
        if (eocd < 20 || rd32(b + eocd - 20) != 0x07064b50u) return lt_err_set(err, LT_EINPUT, "zip: no zip64 locator");
        uint64_t z = rd64(b + eocd - 12);
        if (size < 56 || z > size - 56 || rd32(b + z) != 0x06064b50u) return lt_err_set(err, LT_EINPUT, "zip: bad zip64 end record");
        n = rd64(b + z + 32);
        cdsize = rd64(b + z + 40);
        cdoff = rd64(b + z + 48);
    }
    if (cdoff > size || cdsize > size - cdoff) return lt_err_set(err, LT_EINPUT, "zip: central directory outside the file");
    if (n > cdsize / 46) return lt_err_set(err, LT_EINPUT, "zip: %llu entries do not fit the central directory", (unsigned long long)n);
    Z->e = lt_calloc((size_t)n + 1, sizeof *Z->e);
    const unsigned char *p = b + cdoff, *end = b + cdoff + cdsize;
    for (Z->n = 0; Z->n < (long)n; Z->n++) {
        zentry *E = &Z->e[Z->n];
        if (end - p < 46 || rd32(p) != 0x02014b50u) return lt_err_set(err, LT_EINPUT, "zip: bad central directory entry %ld", Z->n + 1);
        size_t nl = rd16(p + 28), el = rd16(p + 30), cl = rd16(p + 32);
        if ((size_t)(end - p) < 46 + nl + el + cl) return lt_err_set(err, LT_EINPUT, "zip: central directory entry %ld runs past it", Z->n + 1);
        uint64_t csize = rd32(p + 20), usize = rd32(p + 24), off = rd32(p + 42);
        const unsigned char *x = p + 46 + nl, *xe = x + el;
        while (xe - x >= 4) {                       /* the zip64 extra field */
            uint32_t id = rd16(x), len = rd16(x + 2);
            if ((size_t)(xe - x - 4) < len) break;
            if (id == 1) {
                const unsigned char *q = x + 4, *qe = q + len;
                if (usize == 0xFFFFFFFFu && qe - q >= 8) { usize = rd64(q); q += 8; }
                if (csize == 0xFFFFFFFFu && qe - q >= 8) { csize = rd64(q); q += 8; }
                if (off == 0xFFFFFFFFu && qe - q >= 8) { off = rd64(q); q += 8; }
            }
            x += 4 + len;
        }
        E->name = p + 46;
        E->nlen = nl;
        E->method = (int)rd16(p + 10);
        if (off > size || size - off < 30 || rd32(b + off) != 0x04034b50u)
            return lt_err_set(err, LT_EINPUT, "zip: member '%.*s' has no local header", (int)(nl > 200 ? 200 : nl), p + 46);
        uint64_t data = off + 30 + rd16(b + off + 26) + rd16(b + off + 28);
        if (data > size || csize > size - data)
            return lt_err_set(err, LT_EINPUT, "zip: member '%.*s' runs past the end of the file", (int)(nl > 200 ? 200 : nl), p + 46);
        E->off = data;
        E->size = E->method == 0 ? csize : usize;
        if (E->method == 0 && csize != usize)
            return lt_err_set(err, LT_EINPUT, "zip: stored member '%.*s' has two sizes", (int)(nl > 200 ? 200 : nl), p + 46);
        p += 46 + nl + el + cl;
    }
    return LT_OK;
}

static const zentry *zip_find(const zipf *Z, const char *prefix, size_t pl, const char *name)
{
    size_t l = strlen(name);
    for (long i = 0; i < Z->n; i++)
        if (Z->e[i].nlen == pl + l && memcmp(Z->e[i].name, prefix, pl) == 0 && memcmp(Z->e[i].name + pl, name, l) == 0)
            return &Z->e[i];
    return NULL;
}

/* ---- the restricted unpickler ---- */

typedef enum { V_NONE, V_BOOL, V_INT, V_STR, V_TUPLE, V_LIST, V_DICT, V_GLOBAL, V_STORAGE, V_TENSOR, V_MARK } vkind;
typedef enum { G_ORDEREDDICT, G_REBUILD_V2, G_REBUILD_PARAM, G_REBUILD_PARAM_STATE, G_STORAGE } gkind;

typedef struct val val;
struct val {
    vkind k;
    int64_t i;                  /* int, bool */
    char *s;                    /* str */
    int n, cap;
    val **items, **vals;        /* tuple/list items; dict keys and values */
    gkind g;                    /* global */
    lt_st_dtype dtype;          /* storage class, storage, tensor */
    const unsigned char *data;  /* storage bytes */
    uint64_t numel;             /* storage elements */
    val *storage;               /* tensor */
    int64_t off;
    int ndim;
    int64_t shape[LT_ST_MAX_DIM], stride[LT_ST_MAX_DIM];
};

typedef struct {
    const unsigned char *p;
    size_t n, i;
    val **pool; long npool, cpool;
    val **stack; long sp, cstack;
    val **memo; long nmemo;
    const zipf *Z;
    const char *prefix; size_t pl;
    lt_err_struct *err;
} upk;

#define MAX_STACK (1L << 20)

static val *mkv(upk *U, vkind k)
{
    if (U->npool == U->cpool) {
        U->cpool = U->cpool ? 2 * U->cpool : 256;
        U->pool = lt_realloc(U->pool, (size_t)U->cpool * sizeof *U->pool);
    }
    val *v = lt_calloc(1, sizeof *v);
    v->k = k;
    return U->pool[U->npool++] = v;
}

static void upk_free(upk *U)
{
    for (long i = 0; i < U->npool; i++) {
        lt_free(U->pool[i]->s);
        lt_free(U->pool[i]->items);
        lt_free(U->pool[i]->vals);
        lt_free(U->pool[i]);
    }
    lt_free(U->pool);
    lt_free(U->stack);
    lt_free(U->memo);
}

static lt_status bad(upk *U, size_t at, const char *fmt, const char *a)
{
    char m[400];
    snprintf(m, sizeof m, fmt, a);
    return lt_err_set(U->err, LT_EINPUT, "data.pkl: byte %zu: %s", at, m);
}

static int push(upk *U, val *v)
{
    if (U->sp >= MAX_STACK) return 0;
    if (U->sp == U->cstack) {
        U->cstack = U->cstack ? 2 * U->cstack : 64;
        U->stack = lt_realloc(U->stack, (size_t)U->cstack * sizeof *U->stack);
    }
    U->stack[U->sp++] = v;
    return 1;
}

static void append(val *c, val *x, val *y)
{
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 4;
        c->items = lt_realloc(c->items, (size_t)c->cap * sizeof *c->items);
        if (c->k == V_DICT) c->vals = lt_realloc(c->vals, (size_t)c->cap * sizeof *c->vals);
    }
    c->items[c->n] = x;
    if (c->k == V_DICT) c->vals[c->n] = y;
    c->n++;
}

/* the position of the topmost mark, or -1 */
static long find_mark(const upk *U)
{
    for (long j = U->sp - 1; j >= 0; j--)
        if (U->stack[j]->k == V_MARK) return j;
    return -1;
}

static const struct { const char *name; lt_st_dtype dtype; } storages[] = {
    {"FloatStorage", LT_ST_F32}, {"DoubleStorage", LT_ST_F64}, {"HalfStorage", LT_ST_F16},
    {"BFloat16Storage", LT_ST_BF16}, {"LongStorage", LT_ST_I64}, {"IntStorage", LT_ST_I32},
    {"ShortStorage", LT_ST_I16}, {"CharStorage", LT_ST_I8}, {"ByteStorage", LT_ST_U8}, {"BoolStorage", LT_ST_BOOL},
};

static val *global(upk *U, const char *mod, const char *name, size_t at)
{
    val *g = mkv(U, V_GLOBAL);
    if (!strcmp(mod, "collections") && !strcmp(name, "OrderedDict")) g->g = G_ORDEREDDICT;
    else if (!strcmp(mod, "torch._utils") && !strcmp(name, "_rebuild_tensor_v2")) g->g = G_REBUILD_V2;
    else if (!strcmp(mod, "torch._utils") && !strcmp(name, "_rebuild_parameter")) g->g = G_REBUILD_PARAM;
    else if (!strcmp(mod, "torch._utils") && !strcmp(name, "_rebuild_parameter_with_state")) g->g = G_REBUILD_PARAM_STATE;
    else {
        int k, ns = (int)(sizeof storages / sizeof *storages);
        for (k = 0; k < ns && (strcmp(mod, "torch") || strcmp(name, storages[k].name)); k++) ;
        if (k == ns) {
            char m[200];
            snprintf(m, sizeof m, "%.80s.%.80s", mod, name);
            bad(U, at, "global '%s' is refused: a state dict needs only collections.OrderedDict, "
                "torch.*Storage and torch._utils._rebuild_tensor_v2 or _rebuild_parameter", m);
            return NULL;
        }
        g->g = G_STORAGE;
        g->dtype = storages[k].dtype;
    }
    return g;
}

/* persistent id ('storage', StorageClass, key, location, numel) */
static val *persistent(upk *U, val *t, size_t at)
{
    if (t->k != V_TUPLE || t->n != 5 || t->items[0]->k != V_STR || strcmp(t->items[0]->s, "storage")
        || t->items[1]->k != V_GLOBAL || t->items[1]->g != G_STORAGE || t->items[2]->k != V_STR
        || t->items[3]->k != V_STR || t->items[4]->k != V_INT || t->items[4]->i < 0) {
        bad(U, at, "%s", "persistent id is not ('storage', torch.*Storage, key, location, numel)");
        return NULL;
    }
    lt_st_dtype d = t->items[1]->dtype;
    char name[300];
    snprintf(name, sizeof name, "data/%.200s", t->items[2]->s);
    const zentry *E = zip_find(U->Z, U->prefix, U->pl, name);
    if (!E) { bad(U, at, "storage '%s' is not in the archive", name); return NULL; }
    if (E->method != 0) { bad(U, at, "storage '%s' is compressed (torch.save stores members)", name); return NULL; }
    uint64_t numel = (uint64_t)t->items[4]->i, es = lt_st_dtype_size(d);
    if (numel > E->size / es) { bad(U, at, "storage '%s' is shorter than its numel", name); return NULL; }
    val *s = mkv(U, V_STORAGE);
    s->dtype = d;
    s->data = U->Z->buf + E->off;
    s->numel = numel;
    return s;
}

static int int_tuple(const val *t, int64_t *out, int *n)
{
    if (t->k != V_TUPLE || t->n > LT_ST_MAX_DIM) return 0;
    for (int j = 0; j < t->n; j++) {
        if (t->items[j]->k != V_INT || t->items[j]->i < 0) return 0;
        out[j] = t->items[j]->i;
    }
    *n = t->n;
    return 1;
}

static val *reduce(upk *U, val *f, val *a, size_t at)
{
    if (f->k != V_GLOBAL || a->k != V_TUPLE) { bad(U, at, "%s", "REDUCE of something that is not an allowed global"); return NULL; }
    switch (f->g) {
    case G_ORDEREDDICT:
        if (a->n != 0) { bad(U, at, "%s", "OrderedDict with arguments"); return NULL; }
        return mkv(U, V_DICT);
    case G_REBUILD_PARAM:
    case G_REBUILD_PARAM_STATE:
        if (a->n != (f->g == G_REBUILD_PARAM ? 3 : 4) || a->items[0]->k != V_TENSOR) {
            bad(U, at, "%s", "_rebuild_parameter without a tensor");
            return NULL;
        }
        return a->items[0];
    case G_REBUILD_V2: {
        val *t = mkv(U, V_TENSOR);
        int sn = -1;
        if ((a->n != 6 && a->n != 7) || a->items[0]->k != V_STORAGE || a->items[1]->k != V_INT || a->items[1]->i < 0
            || !int_tuple(a->items[2], t->shape, &t->ndim) || !int_tuple(a->items[3], t->stride, &sn) || sn != t->ndim) {
            bad(U, at, "%s", "_rebuild_tensor_v2 arguments are not (storage, offset, size, stride, ...)");
            return NULL;
        }
        t->storage = a->items[0];
        t->dtype = t->storage->dtype;
        t->off = a->items[1]->i;
        /* the last element it reaches must lie in the storage */
        uint64_t last = (uint64_t)t->off, numel = 1;
        for (int j = 0; j < t->ndim; j++) {
            if (t->shape[j] > (1LL << 40) || t->stride[j] > (1LL << 40)) { bad(U, at, "%s", "tensor size too large"); return NULL; }
            numel *= (uint64_t)t->shape[j];
            if (numel > (1ULL << 40)) { bad(U, at, "%s", "tensor size too large"); return NULL; }
        }
        if (numel) for (int j = 0; j < t->ndim; j++) last += (uint64_t)(t->shape[j] - 1) * (uint64_t)t->stride[j];
        if (numel && last >= t->storage->numel) { bad(U, at, "%s", "tensor reaches past the end of its storage"); return NULL; }
        return t;
    }
    default:
        bad(U, at, "%s", "a storage class called as a function");
        return NULL;
    }
}

/* A string of len bytes into *out: NULL, or what is wrong with it. */
static const char *rd_str(upk *U, size_t len, val **out)
{
    if (len > U->n - U->i) return "string past the end";
    /* a NUL would end the name early: 'embed.weight\0evil' is not 'embed.weight' */
    if (memchr(U->p + U->i, 0, len)) return "a NUL character in a string";
    val *v = mkv(U, V_STR);
    v->s = lt_malloc(len + 1);
    memcpy(v->s, U->p + U->i, len);
    v->s[len] = 0;
    U->i += len;
    *out = v;
    return NULL;
}

/* Runs the pickle to STOP; *out is the object. */
static lt_status unpickle(upk *U, val **out)
{
    long puts = 0;
    for (;;) {
        size_t at = U->i;
        if (U->i >= U->n) return bad(U, at, "%s", "the pickle ends before STOP");
        int op = U->p[U->i++];
        size_t left = U->n - U->i;
        val *v = NULL, *x, *y;
        long m;
#define NEED(k) do { if (left < (size_t)(k)) return bad(U, at, "%s", "truncated opcode"); } while (0)
#define POP(x) do { if (U->sp <= 0 || U->stack[U->sp - 1]->k == V_MARK) return bad(U, at, "%s", "stack underflow"); x = U->stack[--U->sp]; } while (0)
#define TOP(x) do { if (U->sp <= 0 || U->stack[U->sp - 1]->k == V_MARK) return bad(U, at, "%s", "stack underflow"); x = U->stack[U->sp - 1]; } while (0)
        switch (op) {
        case 0x80: NEED(1); if (U->p[U->i] < 2 || U->p[U->i] > 5) return bad(U, at, "%s", "pickle protocol outside 2..5"); U->i++; break;
        case 0x95: NEED(8); U->i += 8; break;                                   /* FRAME */
        case '.': POP(*out); return LT_OK;                                      /* STOP */
        case '(': v = mkv(U, V_MARK); break;
        case ')': v = mkv(U, V_TUPLE); break;
        case ']': v = mkv(U, V_LIST); break;
        case '}': v = mkv(U, V_DICT); break;
        case 'N': v = mkv(U, V_NONE); break;
        case 0x88: case 0x89: v = mkv(U, V_BOOL); v->i = op == 0x88; break;
        case 'K': NEED(1); v = mkv(U, V_INT); v->i = U->p[U->i]; U->i += 1; break;
        case 'M': NEED(2); v = mkv(U, V_INT); v->i = rd16(U->p + U->i); U->i += 2; break;
        case 'J': NEED(4); v = mkv(U, V_INT); v->i = (int32_t)rd32(U->p + U->i); U->i += 4; break;
        case 0x8a: {                                                            /* LONG1 */
            NEED(1);
            int k = U->p[U->i++];
            if (k > 8 || (size_t)k > left - 1) return bad(U, at, "%s", "LONG1 wider than 64 bits");
            uint64_t u = 0;
            for (int j = k - 1; j >= 0; j--) u = u << 8 | U->p[U->i + j];
            if (k > 0 && k < 8 && (U->p[U->i + k - 1] & 0x80)) u |= ~0ULL << (8 * k);   /* sign */
            U->i += (size_t)k;
            v = mkv(U, V_INT);
            v->i = (int64_t)u;
            break;
        }
        case 'X': NEED(4); { size_t l = rd32(U->p + U->i); U->i += 4; const char *why = rd_str(U, l, &v); if (why) return bad(U, at, "%s", why); } break;
        case 0x8c: NEED(1); { size_t l = U->p[U->i]; U->i += 1; const char *why = rd_str(U, l, &v); if (why) return bad(U, at, "%s", why); } break;
        case 'c': {                                                             /* GLOBAL module\nname\n */
            const unsigned char *a = U->p + U->i, *nl1 = memchr(a, '\n', left > 256 ? 256 : left);
            if (!nl1) return bad(U, at, "%s", "GLOBAL without its module");
            const unsigned char *b = nl1 + 1, *nl2 = memchr(b, '\n', (size_t)(U->p + U->n - b) > 256 ? 256 : (size_t)(U->p + U->n - b));
            if (!nl2) return bad(U, at, "%s", "GLOBAL without its name");
            char mod[257], name[257];
            memcpy(mod, a, (size_t)(nl1 - a)); mod[nl1 - a] = 0;
            memcpy(name, b, (size_t)(nl2 - b)); name[nl2 - b] = 0;
            U->i = (size_t)(nl2 + 1 - U->p);
            if (!(v = global(U, mod, name, at))) return LT_EINPUT;
            break;
        }
        case 0x93:                                                              /* STACK_GLOBAL */
            POP(y); POP(x);
            if (x->k != V_STR || y->k != V_STR) return bad(U, at, "%s", "STACK_GLOBAL of non-strings");
            if (!(v = global(U, x->s, y->s, at))) return LT_EINPUT;
            break;
        case 't': case 'l': case 'd':                                           /* TUPLE, LIST, DICT from the mark */
            if ((m = find_mark(U)) < 0) return bad(U, at, "%s", "no mark");
            v = mkv(U, op == 't' ? V_TUPLE : op == 'l' ? V_LIST : V_DICT);
            if (op == 'd' && (U->sp - m - 1) % 2) return bad(U, at, "%s", "DICT of an odd count");
            for (long j = m + 1; j < U->sp; j += op == 'd' ? 2 : 1) append(v, U->stack[j], op == 'd' ? U->stack[j + 1] : NULL);
            U->sp = m;
            break;
        case 0x85: case 0x86: case 0x87: {                                      /* TUPLE1..3 */
            int k = op - 0x84;
            if (U->sp < k) return bad(U, at, "%s", "stack underflow");
            for (int j = 0; j < k; j++) if (U->stack[U->sp - k + j]->k == V_MARK) return bad(U, at, "%s", "stack underflow");
            v = mkv(U, V_TUPLE);
            for (int j = 0; j < k; j++) append(v, U->stack[U->sp - k + j], NULL);
            U->sp -= k;
            break;
        }
        case 'a': POP(y); TOP(x); if (x->k != V_LIST) return bad(U, at, "%s", "APPEND to a non-list"); append(x, y, NULL); break;
        case 'e':
            if ((m = find_mark(U)) < 1 || U->stack[m - 1]->k != V_LIST) return bad(U, at, "%s", "APPENDS to a non-list");
            for (long j = m + 1; j < U->sp; j++) append(U->stack[m - 1], U->stack[j], NULL);
            U->sp = m;
            break;
        case 's': POP(y); POP(x); TOP(v); if (v->k != V_DICT) return bad(U, at, "%s", "SETITEM on a non-dict"); append(v, x, y); v = NULL; break;
        case 'u':
            if ((m = find_mark(U)) < 1 || U->stack[m - 1]->k != V_DICT || (U->sp - m - 1) % 2)
                return bad(U, at, "%s", "SETITEMS on a non-dict");
            for (long j = m + 1; j < U->sp; j += 2) append(U->stack[m - 1], U->stack[j], U->stack[j + 1]);
            U->sp = m;
            break;
        case 'b': POP(y); TOP(x); if (x->k != V_DICT && x->k != V_TENSOR) return bad(U, at, "%s", "BUILD of something other than a dict or tensor"); break;
        case 'R': POP(y); POP(x); if (!(v = reduce(U, x, y, at))) return LT_EINPUT; break;
        case 'Q': POP(x); if (!(v = persistent(U, x, at))) return LT_EINPUT; break;
        case 'q': case 'r': case 0x94: {                                        /* BINPUT, LONG_BINPUT, MEMOIZE */
            long key;
            if (op == 'q') { NEED(1); key = U->p[U->i]; U->i += 1; }
            else if (op == 'r') { NEED(4); key = (long)rd32(U->p + U->i); U->i += 4; }
            else key = U->nmemo;
            TOP(x);
            if (key > puts) return bad(U, at, "%s", "memo key out of sequence");
            if (key >= U->nmemo) {
                U->memo = lt_realloc(U->memo, (size_t)(key + 1) * sizeof *U->memo);
                for (long j = U->nmemo; j <= key; j++) U->memo[j] = NULL;
                U->nmemo = key + 1;
            }
            U->memo[key] = x;
            puts++;
            break;
        }
        case 'h': case 'j': {                                                   /* BINGET, LONG_BINGET */
            long key;
            if (op == 'h') { NEED(1); key = U->p[U->i]; U->i += 1; }
            else { NEED(4); key = (long)rd32(U->p + U->i); U->i += 4; }
            if (key >= U->nmemo || !U->memo[key]) return bad(U, at, "%s", "memo key not stored");
            v = U->memo[key];
            break;
        }
        default: {
            char m2[8];
            snprintf(m2, sizeof m2, "0x%02x", op);
            return bad(U, at, "opcode %s is not one torch.save writes for a state dict", m2);
        }
        }
#undef NEED
#undef POP
#undef TOP
        if (v && !push(U, v)) return bad(U, at, "%s", "stack deeper than 2^20");
    }
}

static int contiguous(const val *t)
{
    int64_t want = 1;
    for (int j = t->ndim - 1; j >= 0; j--) {
        if (t->shape[j] != 1 && t->stride[j] != want) return 0;
        want *= t->shape[j];
    }
    return 1;
}

lt_status lt_ckpt_parse_torch(lt_ckpt_t C, unsigned char *buf, size_t size, size_t max_copy, lt_err_t err)
{
    lt_ckpt_own(C, buf);
    zipf Z = {buf, size, NULL, 0};
    upk U;
    memset(&U, 0, sizeof U);
    U.err = err;
    lt_status st = zip_open(&Z, err);
    const zentry *pk = NULL;
    for (long i = 0; !st && i < Z.n; i++) {                 /* PREFIX/data.pkl, the prefix one level deep */
        const zentry *E = &Z.e[i];
        const unsigned char *sl = memchr(E->name, '/', E->nlen);
        if (sl && (size_t)(E->name + E->nlen - sl) == 9 && memcmp(sl, "/data.pkl", 9) == 0) {
            if (pk) st = lt_err_set(err, LT_EINPUT, "zip: two data.pkl members");
            pk = E;
        }
    }
    if (!st && !pk) st = lt_err_set(err, LT_EINPUT, "zip: no PREFIX/data.pkl member: not a torch.save file");
    if (st) goto done;
    char prefix[256];
    size_t pl = (size_t)((const unsigned char *)memchr(pk->name, '/', pk->nlen) - pk->name) + 1;
    if (pl >= sizeof prefix) { st = lt_err_set(err, LT_EINPUT, "zip: archive name too long"); goto done; }
    memcpy(prefix, pk->name, pl);
    prefix[pl] = 0;
    if (pk->method != 0) { st = lt_err_set(err, LT_EINPUT, "zip: data.pkl is compressed (torch.save stores members)"); goto done; }
    const zentry *bo = zip_find(&Z, prefix, pl, "byteorder");
    if (bo && !(bo->size == 6 && memcmp(buf + bo->off, "little", 6) == 0)) {
        st = lt_err_set(err, LT_EINPUT, "zip: byteorder is not 'little' (big-endian checkpoints are not read)");
        goto done;
    }
    U.p = buf + pk->off;
    U.n = (size_t)pk->size;
    U.Z = &Z;
    U.prefix = prefix;
    U.pl = pl;
    val *top = NULL;
    if ((st = unpickle(&U, &top))) goto done;
    if (top->k != V_DICT) { st = lt_err_set(err, LT_EINPUT, "data.pkl: the saved object is not a dict of tensors"); goto done; }
    size_t copied = 0;
    for (int j = 0; j < top->n && !st; j++) {
        const val *k = top->items[j], *t = top->vals[j];
        if (k->k != V_STR) { st = lt_err_set(err, LT_EINPUT, "data.pkl: entry %d: a key that is not a string", j + 1); break; }
        if (t->k != V_TENSOR) { st = lt_err_set(err, LT_EINPUT, "data.pkl: entry '%s' is not a tensor", k->s); break; }
        size_t es = lt_st_dtype_size(t->dtype);
        const unsigned char *data = t->storage->data + (size_t)t->off * es;
        if (!contiguous(t)) {                               /* a strided view: copied element by element */
            uint64_t numel = 1;
            for (int d = 0; d < t->ndim; d++) numel *= (uint64_t)t->shape[d];
            if (numel * es > max_copy - copied) {
                st = lt_err_set(err, LT_ELIMIT, "data.pkl: copying the strided tensor '%s' goes above `max_checkpoint_mb`", k->s);
                break;
            }
            copied += numel * es;
            unsigned char *c = lt_malloc(numel * es + 1);
            int64_t idx[LT_ST_MAX_DIM] = {0};
            for (uint64_t e = 0; e < numel; e++) {
                uint64_t o = (uint64_t)t->off;
                for (int d = 0; d < t->ndim; d++) o += (uint64_t)idx[d] * (uint64_t)t->stride[d];
                memcpy(c + e * es, t->storage->data + o * es, es);
                for (int d = t->ndim - 1; d >= 0 && ++idx[d] == t->shape[d]; d--) idx[d] = 0;
            }
            lt_ckpt_own(C, c);
            data = c;
        }
        st = lt_ckpt_add(C, k->s, t->dtype, t->ndim, t->shape, data, err);
        if (st) lt_err_prefix(err, "data.pkl");
    }
done:
    upk_free(&U);
    lt_free(Z.e);
    return st;
}
