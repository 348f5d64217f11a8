/* Checkpoint containers: the named tensors of a trained model, whichever
   file format holds them (lietool-formats(5), CHECKPOINT FORMATS):
   - safetensors: model.safetensors (lietool/safetensors.h);
   - sharded safetensors: model.safetensors.index.json, whose "weight_map"
     names the shard (a file in the same directory) of every tensor;
   - torch.save's zip: pytorch_model.bin, a zip of stored (uncompressed)
     members PREFIX/data.pkl (a pickle of the state dict) and
     PREFIX/data/KEY (each storage's raw little-endian bytes), read by a
     restricted unpickler that knows only the opcodes and globals that
     torch.save writes for a dict of tensors: every other opcode or global
     is LT_EINPUT, nothing is imported or called;
   - sharded torch files: pytorch_model.bin.index.json, the same index over
     torch files.
   Every tensor's bytes are checked to lie in the file before it is used. */
#ifndef LIETOOL_CHECKPOINT_H
#define LIETOOL_CHECKPOINT_H

#include <stddef.h>
#include <stdint.h>
#include "lietool/core.h"
#include "lietool/safetensors.h"

typedef struct {
    char *name;
    lt_st_dtype dtype;
    int ndim;
    int64_t shape[LT_ST_MAX_DIM];
    uint64_t numel;
    const unsigned char *data;  /* numel x dtype size bytes, little-endian, row-major */
} lt_ckpt_tensor;

typedef struct {
    int n, alloc;
    lt_ckpt_tensor *t;
    int nbufs;
    unsigned char **bufs;       /* the files read and the copies made (owned) */
    const char *format;         /* "safetensors", "sharded safetensors", "torch zip", "sharded torch zip" */
    const char *file;           /* the file name in the directory that was read (static) */
} lt_ckpt_struct;
typedef lt_ckpt_struct lt_ckpt_t[1];

void lt_ckpt_init(lt_ckpt_t C);
void lt_ckpt_clear(lt_ckpt_t C);

/* A directory: tries model.safetensors, model.safetensors.index.json,
   pytorch_model.bin and pytorch_model.bin.index.json, in that order, and
   reads the first that exists. When none exists, LT_EINPUT with a message
   naming each file tried and why it failed. Files above max_mb MiB in all
   are LT_ELIMIT (--max-checkpoint-mb). Messages start with the file. */
lt_status lt_ckpt_read_dir(lt_ckpt_t C, const char *dir, long max_mb, lt_err_t err);

/* One file of a given format. */
lt_status lt_ckpt_read_safetensors(lt_ckpt_t C, const char *path, long max_mb, lt_err_t err);
/* The tensors of a safetensors file in memory: takes ownership of
   buf[0..size-1] (lt_malloc'd), as lt_safetensors_parse. */
lt_status lt_ckpt_parse_safetensors(lt_ckpt_t C, unsigned char *buf, size_t size, lt_err_t err);
lt_status lt_ckpt_read_torch(lt_ckpt_t C, const char *path, long max_mb, lt_err_t err);
/* An index (model.safetensors.index.json or pytorch_model.bin.index.json):
   torch = 1 for shards in torch's format. */
lt_status lt_ckpt_read_index(lt_ckpt_t C, const char *path, int torch, long max_mb, lt_err_t err);
/* torch.save's zip from memory: takes ownership of buf[0..size-1]
   (lt_malloc'd); tensors that are not contiguous are copied, up to
   max_copy bytes in all (LT_ELIMIT beyond). Adds to C's tensors. */
lt_status lt_ckpt_parse_torch(lt_ckpt_t C, unsigned char *buf, size_t size, size_t max_copy, lt_err_t err);

/* The tensor called name, or NULL. */
const lt_ckpt_tensor *lt_ckpt_find(const lt_ckpt_t C, const char *name);
/* Converts the tensor called name (F32, F16, BF16, F64) to a new
   lt_malloc'd float array *out after checking that its shape is
   shape[0..ndim-1]; LT_EINPUT naming the tensor otherwise. */
lt_status lt_ckpt_get(float **out, const lt_ckpt_t C, const char *name, int ndim, const int64_t *shape, lt_err_t err);

#endif
