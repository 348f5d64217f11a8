/* The checkpoint directories of bch and magnus --checkpoint (src/mpi/bch.c,
   lietool-formats(5) BCH CHECKPOINTS): the input becomes one class file of
   a directory that a clean run filled, and the series is run again from
   that directory.

   First byte: bits 0-4 pick the class file replaced, bit 5 the series
   (0: bch 5, 1: magnus --order 4 'a b a c'), bit 6 seals the rest of the
   input with its correct hash line (so that the parser behind the hash is
   reached), bit 7 makes the file a symbolic link to /dev/zero instead.
   Checked: the run never crashes or fails but for a limit; a file that
   is not sealed (it fails its hash) never changes the series; every
   coefficient read is in lowest terms with a positive denominator. */
#include <dirent.h>
#include <flint/fmpq_vec.h>
#include "fuzz.h"
#include "../../src/mpi/bch.h"

enum { NSERIES = 2, MAXFILES = 32 };
static char dir[256];
static struct {
    int n;
    char *name[MAXFILES];
    lt_lyndon_t B;
    fmpq *ref;
    lt_free_word_t W;
} S[NSERIES];

static void clean_dir(void)
{
    DIR *d = opendir(dir);
    if (!d) abort();
    struct dirent *e;
    char p[600];
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
    closedir(d);
}

static void remove_dir(void)
{
    clean_dir();
    rmdir(dir);
}

static lt_status run(int which, fmpq *c, const lt_ctx_t ctx, lt_err_t err)
{
    int root;
    if (which == 0) {
        /* the compact series, read out into c */
        lt_bchw_t Z;
        lt_lyndon_t B;
        lt_lyndon_init(B);
        int have = 0;
        lt_status st = lt_mpi_bch(Z, B, S[0].B->N, 0, 0, dir, &root, &have, ctx, err);
        if (!st)
            for (slong i = 0; i < S[0].B->n; i++) lt_bchw_get(c + i, Z, i);
        if (have) lt_bchw_clear(Z);
        lt_lyndon_clear(B);
        return st;
    }
    return lt_mpi_magnus(c, S[1].B, S[1].W, dir, &root, ctx, err);
}

static int equal(const fmpq *a, const fmpq *b, slong n)
{
    for (slong i = 0; i < n; i++)
        if (!fmpq_equal(a + i, b + i)) return 0;
    return 1;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc; (void)argv;
    const char *t = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/lietool-fuzz-ck-XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(dir)) { perror(dir); abort(); }
    atexit(remove_dir);
    lt_ctx_t ctx;
    fuzz_ctx(ctx);
    lt_err_t err;
    lt_err_init(err);
    char *words[] = {"a", "b", "a", "c"};
    for (int w = 0; w < NSERIES; w++) {
        lt_lyndon_init(S[w].B);
        lt_free_word_init(S[w].W);
        if (w == 1 && lt_free_word_read(S[w].W, words, 4, 100, err)) abort();
        if (lt_free_lyndon_basis(S[w].B, w ? S[w].W->r : 2, w ? 4 : 5, ctx, err)) abort();
        S[w].ref = _fmpq_vec_init(S[w].B->n);
        clean_dir();
        if (run(w, S[w].ref, ctx, err)) { fprintf(stderr, "fuzz: %s\n", err->msg); abort(); }
        DIR *d = opendir(dir);
        struct dirent *e;
        while ((e = readdir(d)))
            if (e->d_name[0] != '.' && S[w].n < MAXFILES) S[w].name[S[w].n++] = strdup(e->d_name);
        closedir(d);
        qsort(S[w].name, (size_t)S[w].n, sizeof *S[w].name, by_name);
    }
    return 0;
}

/* The directory as a clean run left it, but for file `name`. */
static void refill(int w, const fmpq *c, const lt_ctx_t ctx)
{
    lt_err_t err;
    lt_err_init(err);
    clean_dir();
    fmpq *t = _fmpq_vec_init(S[w].B->n);
    if (run(w, t, ctx, err)) abort();
    if (!equal(t, c, S[w].B->n)) abort();
    _fmpq_vec_clear(t, S[w].B->n);
}

static uint64_t fnv1a(const uint8_t *s, size_t n)
{
    uint64_t h = 14695981039346656037ULL;
    for (size_t i = 0; i < n; i++) { h ^= s[i]; h *= 1099511628211ULL; }
    return h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    lt_ctx_t ctx;
    fuzz_ctx(ctx);
    lt_err_t err;
    lt_err_init(err);
    int w = (data[0] >> 5) & 1, sealed = (data[0] >> 6) & 1, zero = data[0] >> 7;
    refill(w, S[w].ref, ctx);
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, S[w].name[(data[0] & 31) % S[w].n]);
    unlink(path);
    if (zero) {
        if (symlink("/dev/zero", path)) abort();
    } else {
        FILE *f = fopen(path, "wb");
        if (!f) abort();
        fwrite(data + 1, 1, size - 1, f);
        if (sealed) fprintf(f, "fnv1a64 %016llx\n", (unsigned long long)fnv1a(data + 1, size - 1));
        if (fclose(f)) abort();
    }
    fmpq *c = _fmpq_vec_init(S[w].B->n);
    lt_status st = run(w, c, ctx, err);
    fuzz_check(st, err);
    if (!st) {
        for (slong i = 0; i < S[w].B->n; i++)
            if (!fmpq_is_canonical(c + i)) abort();
        if (!sealed && !equal(c, S[w].ref, S[w].B->n)) {
            fprintf(stderr, "fuzz: a file that fails its hash changed the series\n");
            abort();
        }
    }
    _fmpq_vec_clear(c, S[w].B->n);
    return 0;
}
