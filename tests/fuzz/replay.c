/* A main for the fuzz harnesses without libFuzzer: replays every file of
   the directories (or files) given, or of the harness's committed corpus
   FUZZ_CORPUS, once each, and prints "fuzz-NAME: N passed, 0 failed" (a
   crash aborts, which tests/run.sh reports). */
#include <dirent.h>
#include <sys/stat.h>
#include "fuzz.h"

__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

static long ran;

static void one(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    size_t cap = 4096, n = 0, k;
    uint8_t *buf = malloc(cap);
    while (buf && (k = fread(buf + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (!buf) abort();
    /* an exact-size copy, so that ASan sees reads past the end */
    uint8_t *d = malloc(n ? n : 1);
    memcpy(d, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(d, n);
    free(d);
    ran++;
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void walk(const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0) { perror(path); exit(1); }
    if (!S_ISDIR(sb.st_mode)) { one(path); return; }
    DIR *d = opendir(path);
    if (!d) { perror(path); exit(1); }
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        names = realloc(names, (n + 1) * sizeof *names);
        names[n] = malloc(strlen(path) + strlen(e->d_name) + 2);
        sprintf(names[n++], "%s/%s", path, e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp);
    for (size_t i = 0; i < n; i++) { walk(names[i]); free(names[i]); }
    free(names);
}

int main(int argc, char **argv)
{
    if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
    if (argc > 1) for (int i = 1; i < argc; i++) walk(argv[i]);
    else walk(FUZZ_CORPUS);
    printf("fuzz-%s: %ld passed, 0 failed\n", FUZZ_NAME, ran);
    return 0;
}
