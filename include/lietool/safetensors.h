/* The safetensors checkpoint format (Hugging Face), read by hand: an
   8-byte little-endian header length n, n bytes of JSON
   {"NAME": {"dtype": "F32", "shape": [..], "data_offsets": [begin, end]},
    ..., "__metadata__": {"key": "string", ...}}, then the raw
   little-endian tensor bytes; data_offsets are relative to the first byte
   after the header. Everything is validated before any tensor is read:
   the header length against the file size, each tensor's offsets inside
   the data, tensors not overlapping, shape x dtype size == byte length.
   lietool-formats(5), SAFETENSORS CHECKPOINTS. */
#ifndef LIETOOL_SAFETENSORS_H
#define LIETOOL_SAFETENSORS_H

#include <stddef.h>
#include <stdint.h>
#include "lietool/core.h"

typedef enum { LT_ST_F32, LT_ST_F16, LT_ST_BF16, LT_ST_F64,
               LT_ST_I64, LT_ST_I32, LT_ST_I16, LT_ST_I8, LT_ST_U8, LT_ST_BOOL, LT_ST_NDTYPES } lt_st_dtype;
/* "F32", ...; its size in bytes. */
const char *lt_st_dtype_name(lt_st_dtype d);
size_t lt_st_dtype_size(lt_st_dtype d);

#define LT_ST_MAX_DIM 8
typedef struct {
    char *name;
    lt_st_dtype dtype;
    int ndim;
    int64_t shape[LT_ST_MAX_DIM];
    uint64_t numel;
    uint64_t begin, end;        /* byte offsets in the data section */
} lt_st_tensor;

typedef struct {
    int n;
    lt_st_tensor *t;
    unsigned char *buf;         /* the whole file */
    size_t size;
    size_t data;                /* offset of the data section in buf */
} lt_safetensors_struct;
typedef lt_safetensors_struct lt_safetensors_t[1];

void lt_safetensors_init(lt_safetensors_t S);
void lt_safetensors_clear(lt_safetensors_t S);
/* Takes ownership of buf[0..size-1] (lt_malloc'd) and validates it;
   LT_EINPUT with a message naming the tensor and the problem. */
lt_status lt_safetensors_parse(lt_safetensors_t S, unsigned char *buf, size_t size, lt_err_t err);
/* Reads and validates a file; LT_ELIMIT when it is larger than max_mb MiB
   (--max-checkpoint-mb). */
lt_status lt_safetensors_read(lt_safetensors_t S, const char *path, long max_mb, lt_err_t err);
/* The tensor called name, or NULL. */
const lt_st_tensor *lt_safetensors_find(const lt_safetensors_t S, const char *name);
/* Converts the tensor called name to float (F32, F16, BF16, F64) into a
   new lt_malloc'd array *out, after checking that it exists and has the
   shape shape[0..ndim-1]; LT_EINPUT naming the tensor otherwise. */
lt_status lt_safetensors_get(float **out, const lt_safetensors_t S, const char *name,
                             int ndim, const int64_t *shape, lt_err_t err);

/* Half-precision conversions (round to nearest even), exposed for tests. */
float lt_st_f16_to_float(uint16_t h);
float lt_st_bf16_to_float(uint16_t h);
uint16_t lt_st_float_to_bf16(float f);

#endif
