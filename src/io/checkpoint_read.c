/* Checkpoint containers (lietool/io.h): safetensors, sharded
   safetensors and torch files, as one list of named tensors. The torch zip
   and its unpickler are in torchzip_read.c. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "lietool/io.h"
#include "lietool/io.h"
#include "lietool/io.h"
#include "impl.h"

/* A whole file into memory, with the running total against max_mb MiB. */
lt_status lt_ckpt_slurp(unsigned char **out, size_t *size, const char *path, long max_mb, size_t *total, lt_err_t err)
{
    *out = NULL;
    int64_t n64 = -1;
    FILE *f = lt_io_open_read(path, &n64, err);     /* a regular file, never a FIFO */
    if (!f) return err->status;
    long n = (long)n64;
    if ((double)(*total + (size_t)n) > (double)max_mb * 1048576.0) {
        fclose(f);
        return lt_err_set(err, LT_ELIMIT, "%s: %s%ld bytes is above `max_checkpoint_mb` %ld", path,
                          *total ? "with the files before it, " : "", n + (long)*total, max_mb);
    }
    unsigned char *buf = lt_malloc((size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, f);
    fclose(f);
    if (got != (size_t)n) { lt_free(buf); return lt_err_set(err, LT_EINPUT, "%s: read error", path); }
    *total += (size_t)n;
    *out = buf;
    *size = (size_t)n;
    return LT_OK;
}

/* The tensors of a parsed safetensors file, its buffer moved into C. */
static lt_status take_safetensors(lt_ckpt_t C, lt_safetensors_t S, lt_err_t err)
{
    lt_status st = LT_OK;
    for (int i = 0; i < S->n && !st; i++) {
        const lt_st_tensor *T = &S->t[i];
        st = lt_ckpt_add(C, T->name, T->dtype, T->ndim, T->shape, S->buf + S->data + T->begin, err);
    }
    lt_ckpt_own(C, S->buf);
    S->buf = NULL;
    return st;
}

lt_status lt_ckpt_parse_safetensors(lt_ckpt_t C, unsigned char *buf, size_t size, lt_err_t err)
{
    lt_safetensors_t S;
    lt_safetensors_init(S);
    lt_status st = lt_safetensors_parse(S, buf, size, err);
    if (!st) st = take_safetensors(C, S, err);
    lt_safetensors_clear(S);
    return st;
}

static lt_status safetensors_file(lt_ckpt_t C, const char *path, long max_mb, size_t *total, lt_err_t err)
{
    unsigned char *buf;
    size_t size;
    lt_status st = lt_ckpt_slurp(&buf, &size, path, max_mb, total, err);
    if (st) return st;
    st = lt_ckpt_parse_safetensors(C, buf, size, err);
    if (st) lt_err_prefix(err, "%s", path);
    return st;
}

static lt_status torch_file(lt_ckpt_t C, const char *path, long max_mb, size_t *total, lt_err_t err)
{
    unsigned char *buf;
    size_t size;
    lt_status st = lt_ckpt_slurp(&buf, &size, path, max_mb, total, err);
    if (st) return st;
    double room = (double)max_mb * 1048576.0 - (double)*total;
    st = lt_ckpt_parse_torch(C, buf, size, room > 0 ? (size_t)room : 0, err);
    if (st) lt_err_prefix(err, "%s", path);
    return st;
}

lt_status lt_ckpt_read_safetensors(lt_ckpt_t C, const char *path, long max_mb, lt_err_t err)
{
    size_t total = 0;
    C->format = "safetensors";
    return safetensors_file(C, path, max_mb, &total, err);
}

lt_status lt_ckpt_read_torch(lt_ckpt_t C, const char *path, long max_mb, lt_err_t err)
{
    size_t total = 0;
    C->format = "torch zip";
    return torch_file(C, path, max_mb, &total, err);
}

/* A shard's name: a plain file name in the index's directory. */
static int plain_name(const char *s)
{
    return *s && !strchr(s, '/') && !strchr(s, '\\') && strcmp(s, ".") && strcmp(s, "..");
}

lt_status lt_ckpt_read_index(lt_ckpt_t C, const char *path, int torch, long max_mb, lt_err_t err)
{
    C->format = torch ? "sharded torch zip" : "sharded safetensors";
    unsigned char *text;
    size_t n, total = 0;
    lt_status st = lt_ckpt_slurp(&text, &n, path, max_mb, &total, err);
    if (st) return st;
    lt_json *root = lt_json_parse_flags((const char *)text, n, LT_JSON_NONFINITE, err);
    lt_free(text);
    if (!root) { lt_err_prefix(err, "%s", path); return LT_EINPUT; }
    const lt_json *wm = root->type == LT_JSON_OBJECT ? lt_json_get(root, "weight_map") : NULL;
    if (!wm || wm->type != LT_JSON_OBJECT || wm->len == 0) {
        lt_json_free(root);
        return lt_err_set(err, LT_EINPUT, "%s: no \"weight_map\" object naming each tensor's shard", path);
    }
    size_t dl = strlen(path);
    while (dl > 0 && path[dl - 1] != '/') dl--;
    /* every shard named, once, in the order of first mention */
    for (int i = 0; i < wm->len && !st; i++) {
        const lt_json *v = wm->items[i];
        if (v->type != LT_JSON_STRING || !plain_name(v->str)) {
            char *t = lt_json_text(v);
            st = lt_err_set(err, LT_EINPUT, "%s: tensor '%s': shard %s is not a file name in the index's directory",
                            path, wm->keys[i], t);
            lt_free(t);
            break;
        }
        int seen = 0;
        for (int j = 0; j < i && !seen; j++) seen = strcmp(wm->items[j]->str, v->str) == 0;
        if (seen) continue;
        char *sp = lt_malloc(dl + strlen(v->str) + 1);
        memcpy(sp, path, dl);
        strcpy(sp + dl, v->str);
        st = torch ? torch_file(C, sp, max_mb, &total, err) : safetensors_file(C, sp, max_mb, &total, err);
        lt_free(sp);
    }
    for (int i = 0; i < wm->len && !st; i++)
        if (!lt_ckpt_find(C, wm->keys[i]))
            st = lt_err_set(err, LT_EINPUT, "%s: tensor '%s' is not in its shard %s", path, wm->keys[i], wm->items[i]->str);
    lt_json_free(root);
    return st;
}

static const struct { const char *file, *format; int kind; } dir_files[] = {
    {"model.safetensors", "safetensors", 0},
    {"model.safetensors.index.json", "sharded safetensors", 1},
    {"pytorch_model.bin", "torch zip", 2},
    {"pytorch_model.bin.index.json", "sharded torch zip", 3},
};

lt_status lt_ckpt_read_dir(lt_ckpt_t C, const char *dir, long max_mb, lt_err_t err)
{
    lt_ckpt_clear(C);
    lt_ckpt_init(C);
    size_t len = strlen(dir) + 40;
    char *path = lt_malloc(len);
    lt_status st = LT_EINPUT;
    int k, nf = (int)(sizeof dir_files / sizeof *dir_files);
    char tried[512] = "";
    for (k = 0; k < nf; k++) {
        snprintf(path, len, "%s/%s", dir, dir_files[k].file);
        struct stat sb;     /* present; the reader refuses what is not a regular file */
        if (stat(path, &sb) != 0) {
            size_t l = strlen(tried);
            snprintf(tried + l, sizeof tried - l, "%s%s (%s: %s)", l ? ", " : "", dir_files[k].file,
                     dir_files[k].format, strerror(errno));
            continue;
        }
        switch (dir_files[k].kind) {
        case 0: st = lt_ckpt_read_safetensors(C, path, max_mb, err); break;
        case 1: st = lt_ckpt_read_index(C, path, 0, max_mb, err); break;
        case 2: st = lt_ckpt_read_torch(C, path, max_mb, err); break;
        default: st = lt_ckpt_read_index(C, path, 1, max_mb, err); break;
        }
        C->file = dir_files[k].file;
        break;
    }
    if (k == nf) st = lt_err_set(err, LT_EINPUT, "%s: no checkpoint file: tried %s", dir, tried);
    lt_free(path);
    if (st) { lt_ckpt_clear(C); lt_ckpt_init(C); }
    return st;
}

