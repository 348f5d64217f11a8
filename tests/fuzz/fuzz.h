/* Shared helpers of the fuzz harnesses (tests/fuzz/fuzz-<name>.c).

   Each harness defines LLVMFuzzerTestOneInput for one input parser and is
   built two ways:
     make fuzz         with clang's libFuzzer (-fsanitize=fuzzer,address,undefined),
                       run for FUZZ_SECONDS on a copy of tests/fuzz/corpus/<name>/;
     make check        with tests/fuzz/replay.c as main, replaying the committed
                       corpus tests/fuzz/corpus/<name>/ once (a regression test).
   A harness fails (aborts) when the parser crashes, leaks (under ASan), or
   returns a status outside {ok, input, limit, numeric} or fails without a
   message. Limits are small so that every input runs in milliseconds. */
#ifndef LIETOOL_FUZZ_H
#define LIETOOL_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lietool.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* The input as a NUL-terminated string (stops at an embedded NUL). */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s) abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

/* Limits small enough to keep each input fast. */
static inline void fuzz_ctx(lt_ctx_t ctx)
{
    lt_ctx_init(ctx);
    ctx->max_degree = 256;
    snprintf(ctx->max_order, sizeof ctx->max_order, "1e40");
    ctx->max_enum = 20000;
    ctx->max_memory_mb = 64;
    ctx->max_dim = 16;
}

/* The algebras/ directory of the source tree, for named objects. */
static inline void fuzz_env(void)
{
#ifdef FUZZ_ALGEBRAS
    setenv("LIETOOL_ALGEBRAS", FUZZ_ALGEBRAS, 1);
#endif
}

/* Writes the input to a per-process file ending in ext; returns its path. */
static inline const char *fuzz_file(const uint8_t *data, size_t size, const char *ext)
{
    static char path[256];
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir) dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(path, sizeof path, "%s/lietool-fuzz-%ld%s", dir, (long)getpid(), ext);
    FILE *f = fopen(path, "wb");
    if (!f) { perror(path); abort(); }
    if (size && fwrite(data, 1, size, f) != size) abort();
    if (fclose(f) != 0) abort();
    return path;
}

/* A legitimate failure has one of the expected statuses and a message. */
static inline void fuzz_check(lt_status st, const lt_err_t err)
{
    if (st == LT_OK) return;
    if (st != LT_EINPUT && st != LT_ELIMIT && st != LT_ENUMERIC) {
        fprintf(stderr, "fuzz: unexpected status %d: %s\n", (int)st, err->msg);
        abort();
    }
    if (!err->msg[0]) {
        fprintf(stderr, "fuzz: status %d without a message\n", (int)st);
        abort();
    }
}

/* A spec that would name a file outside the harness's control (the spec
   harnesses leave files to the file harnesses). */
static inline int fuzz_names_path(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n') s++;
    if (strncmp(s, "LieAlgebra", 10) == 0 || strncmp(s, "Group", 5) == 0) return 0;
    return strchr(s, '/') != NULL || strstr(s, ".json") || strstr(s, ".grp")
        || strstr(s, ".lie") || strstr(s, ".gap");
}

#endif
