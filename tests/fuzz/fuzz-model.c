/* Trained-model directories (lt_io_model_read): the input is config.json, then
   a NUL byte, then model.safetensors (none: an empty file). A loaded model
   is run on a few tokens. */
#include <sys/stat.h>
#include "fuzz.h"
#include "lietool/model.h"
#include "lietool/ssm.h"

static char dir[256];

static void put(const char *name, const uint8_t *p, size_t n)
{
    char path[300];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) { perror(path); abort(); }
    if (n && fwrite(p, 1, n, f) != n) abort();
    if (fclose(f) != 0) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        const char *t = getenv("TMPDIR");
        if (!t || !*t) t = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
        snprintf(dir, sizeof dir, "%s/lietool-fuzz-model-%ld", t, (long)getpid());
        if (mkdir(dir, 0700) != 0 && access(dir, W_OK) != 0) { perror(dir); abort(); }
    }
    const uint8_t *nul = memchr(data, 0, size);
    size_t nc = nul ? (size_t)(nul - data) : size;
    put("config.json", data, nc);
    put("model.safetensors", nul ? nul + 1 : data, nul ? size - nc - 1 : 0);
    lt_err_t err; lt_err_init(err);
    lt_model_t M; lt_model_init(M);
    lt_status st = lt_io_model_read(M, dir, 1, err);
    fuzz_check(st, err);
    if (!st) {
        if (!lt_model_arch_name(M) || !lt_model_layer_name(M)) abort();
        int tokens[3] = {0, M->vocab - 1, 0};
        float *logits = lt_malloc(3 * (size_t)M->classes * sizeof *logits);
        lt_model_forward(logits, M, tokens, 3);
        lt_free(logits);
    }
    lt_model_clear(M);
    return 0;
}
