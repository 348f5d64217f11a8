/* The BCH and Magnus series shared out among processes (lietool bch N
   --mpi, lietool magnus --order K WORD --mpi, under mpirun) and kept in a
   checkpoint directory (--checkpoint DIR, with or without MPI). Linked
   into the lietool binary only: the library has no MPI dependency; it
   offers the classes one at a time (lt_free_class_job_*).

   The classes (one multidegree each: degree n, d_l letters l) are
   independent. Every rank sets up
   the same classes in the same order (largest predicted work first). The
   classes not in the checkpoint are split: a static part, about 85% of
   the predicted work, is dealt out by longest-processing-time first (each
   class to the rank with the least work so far: Graham, "Bounds on
   multiprocessing timing anomalies", SIAM J. Appl. Math. 17 (1969)), and
   the tail of small classes is a dynamic queue on rank 0. Each finished
   class goes to rank 0 (a Magnus class as text, the Lyndon word and its
   coefficient per line; a BCH class in binary, bch_message); rank 0
   writes it to the checkpoint directory, finishes the series and prints
   it with the same writer as a single process, so the output is
   identical byte for byte. For the BCH series only rank 0 holds the basis
   and the series: the other ranks hold the class they run (see the BCH
   section below), so that memory per rank falls as ranks are added.

   A checkpoint file, DIR/TAG-N-D1-...-D{r-1}.txt, holds one class: TAG is
   w for the symmetric BCH series W = log(e^(X/2) e^Y e^(X/2)) (the same
   for every degree of the run: w-N-O.txt), m and the hash of the word for
   a Magnus series (the same for every order); its lines are ended by a
   line "fnv1a64 HEX", the FNV-1a hash of the bytes before it. A file that does not parse, names words not in the
   class or fails its hash is reported and recomputed, never used. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <flint/fmpq_vec.h>
#include "lietool/free.h"
#include "lietool/io.h"
#include "bch.h"
#ifdef LT_HAVE_MPI
#include <dlfcn.h>
#include <mpi.h>

/* Open MPI is loaded by lt_mpi_init (dlopen of LT_MPI_SONAME, which the
   Makefile reads from the libmpi it compiles against), not at start-up: a
   command without --mpi does not pay for it (about 2.7 ms and 1.2 MB a
   process). The MPI names used below stand for the loaded functions and
   Open MPI's predefined objects; before lt_mpi_init, M.loaded is 0 and
   MPI counts as not initialised. */
#ifndef LT_MPI_SONAME
#define LT_MPI_SONAME "libmpi.so.40"
#endif
static struct {
    int loaded;
    __typeof__(MPI_Init) *init;
    __typeof__(MPI_Initialized) *initialized;
    __typeof__(MPI_Finalized) *finalized;
    __typeof__(MPI_Finalize) *finalize;
    __typeof__(MPI_Comm_size) *comm_size;
    __typeof__(MPI_Comm_rank) *comm_rank;
    __typeof__(MPI_Abort) *abort;
    __typeof__(MPI_Send) *send;
    __typeof__(MPI_Recv) *recv;
    __typeof__(MPI_Get_count) *get_count;
    __typeof__(MPI_Iprobe) *iprobe;
    __typeof__(MPI_Probe) *probe;
    __typeof__(MPI_Bcast) *bcast;
    __typeof__(MPI_Allreduce) *allreduce;
    void *comm_world, *t_char, *t_long, *t_int, *op_max;
} M;

/* Loads Open MPI: LT_EMISSING with the reason (lt_dl_open, lt_dl_syms). */
static lt_status mpi_load(lt_err_t err)
{
    if (M.loaded) return LT_OK;
    /* RTLD_GLOBAL: Open MPI's components, loaded by MPI_Init, look up
       libmpi's symbols. */
    void *h = lt_dl_open(LT_MPI_SONAME, "Open MPI (" LT_MPI_SONAME "; Debian package libopenmpi3)", 1, err);
    if (!h) return err->status;
    /* every symbol is found before any is kept: a partial load stays unloaded */
    const struct { const char *name; void **slot; } T[] = {
        {"MPI_Init", (void **)&M.init},           {"MPI_Initialized", (void **)&M.initialized},
        {"MPI_Finalized", (void **)&M.finalized}, {"MPI_Finalize", (void **)&M.finalize},
        {"MPI_Comm_size", (void **)&M.comm_size}, {"MPI_Comm_rank", (void **)&M.comm_rank},
        {"MPI_Abort", (void **)&M.abort},         {"MPI_Send", (void **)&M.send},
        {"MPI_Recv", (void **)&M.recv},           {"MPI_Get_count", (void **)&M.get_count},
        {"MPI_Iprobe", (void **)&M.iprobe},       {"MPI_Probe", (void **)&M.probe},
        {"MPI_Bcast", (void **)&M.bcast},         {"MPI_Allreduce", (void **)&M.allreduce},
        {"ompi_mpi_comm_world", &M.comm_world},   {"ompi_mpi_char", &M.t_char},
        {"ompi_mpi_long", &M.t_long},             {"ompi_mpi_int", &M.t_int},
        {"ompi_mpi_op_max", &M.op_max},
    };
    enum { NSYM = sizeof T / sizeof *T };
    const char *names[NSYM];
    void *p[NSYM];
    for (int i = 0; i < NSYM; i++) names[i] = T[i].name;
    if (lt_dl_syms(p, h, LT_MPI_SONAME, names, NSYM, err)) {
        lt_err_prefix(err, "not the Open MPI lietool was built against");
        return err->status;
    }
    for (int i = 0; i < NSYM; i++) *T[i].slot = p[i];
    M.loaded = 1;
    return LT_OK;
}

#undef MPI_COMM_WORLD
#undef MPI_CHAR
#undef MPI_LONG
#undef MPI_INT
#undef MPI_MAX
#define MPI_COMM_WORLD ((MPI_Comm)M.comm_world)
#define MPI_CHAR ((MPI_Datatype)M.t_char)
#define MPI_LONG ((MPI_Datatype)M.t_long)
#define MPI_INT ((MPI_Datatype)M.t_int)
#define MPI_MAX ((MPI_Op)M.op_max)
#define MPI_Init M.init
#define MPI_Finalized M.finalized
#define MPI_Finalize M.finalize
#define MPI_Comm_size M.comm_size
#define MPI_Comm_rank M.comm_rank
#define MPI_Abort M.abort
#define MPI_Send M.send
#define MPI_Recv M.recv
#define MPI_Get_count M.get_count
#define MPI_Iprobe M.iprobe
#define MPI_Probe M.probe
#define MPI_Bcast M.bcast
#define MPI_Allreduce M.allreduce
/* Not loaded: not initialised. */
#define MPI_Initialized(flag) (M.loaded ? M.initialized(flag) : (*(flag) = 0, MPI_SUCCESS))
#endif

int lt_mpi_available(void)
{
#ifdef LT_HAVE_MPI
    return 1;
#else
    return 0;
#endif
}

lt_status lt_mpi_init(int *argc, char ***argv, lt_err_t err)
{
#ifdef LT_HAVE_MPI
    if (mpi_load(err)) return err->status;
    if (MPI_Init(argc, argv) != MPI_SUCCESS) return lt_err_set(err, LT_EINTERNAL, "MPI did not start (MPI_Init failed)");
    return LT_OK;
#else
    (void)argc;
    (void)argv;
    return lt_err_set(err, LT_EMISSING, "this lietool was built without MPI");
#endif
}

void lt_mpi_finalize(void)
{
#ifdef LT_HAVE_MPI
    int inited = 0, done = 0;
    MPI_Initialized(&inited);
    if (inited) MPI_Finalized(&done);
    if (inited && !done) MPI_Finalize();
#endif
}

void lt_mpi_abort(int status)
{
#ifdef LT_HAVE_MPI
    int inited = 0, size = 1;
    MPI_Initialized(&inited);
    if (inited) MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size > 1) MPI_Abort(MPI_COMM_WORLD, status);
#else
    (void)status;
#endif
}

/* FNV-1a (Fowler, Noll and Vo) with the 64-bit offset basis; checkpoint
   files written before the constant was corrected used
   FNV_BASIS_OLD (one digit short) and are still accepted. */
#define FNV_BASIS 14695981039346656037ULL
#define FNV_BASIS_OLD 1469598103934665603ULL

static uint64_t fnv1a_from(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) { h ^= (unsigned char)s[i]; h *= 1099511628211ULL; }
    return h;
}

static uint64_t fnv1a(const char *s, size_t n)
{
    return fnv1a_from(FNV_BASIS, s, n);
}

static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";

/* Class k's coefficients as text: "n d_1 .. d_{r-1} s" (on 2 letters
   "n o s") then "word coefficient" per Lyndon word (the letters as digits
   0-9a-z), a line each; with m >= 0 (a message to rank 0), a first line
   "m". *len its length. */
static char *class_text(const lt_free_class_job *J, slong k, slong m, size_t *len)
{
    lt_free_class C;
    lt_free_class_job_class(J, k, &C);
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f) return NULL;
    if (m >= 0) fprintf(f, "%ld\n", (long)m);
    fprintf(f, "%d", C.n);
    for (int l = 1; l < C.r; l++) fprintf(f, " %d", C.deg[l]);
    fprintf(f, " %ld\n", (long)C.s);
    unsigned char w[256];
    fmpq_t q;
    fmpq_init(q);
    for (slong i = 0; i < C.s; i++) {
        lt_free_class_job_word(w, J, k, i);
        for (int p = 0; p < C.n; p++) fputc(digits[w[p]], f);
        fputc(' ', f);
        lt_free_class_job_coef(q, J, k, i);
        fmpq_fprint(f, q);
        fputc('\n', f);
    }
    fmpq_clear(q);
    fclose(f);
    return buf;
}

/* The classes as every rank has set them up (degree, multidegree, size),
   hashed: the ranks must agree on them */
static uint64_t classes_hash(const lt_free_class_job *J)
{
    uint64_t h = FNV_BASIS;
    slong nk = lt_free_class_job_classes(J);
    for (slong k = 0; k < nk; k++) {
        lt_free_class C;
        lt_free_class_job_class(J, k, &C);
        long v[3] = {C.n, C.r > 1 ? C.deg[1] : 0, (long)C.s};
        h = fnv1a_from(h, (const char *)v, sizeof v);
    }
    return h;
}

typedef struct { slong idx, pos; } idx_pos;

static int idx_pos_cmp(const void *a, const void *b)
{
    slong x = ((const idx_pos *)a)->idx, y = ((const idx_pos *)b)->idx;
    return (x > y) - (x < y);
}

/* Reads class text into J (the class is set in J, whose coefficients
   live in c or in the compact BCH series; c itself is not used); 0 when
   it is exactly class k of J: the header, then each of the class's words
   once (no word missing, repeated or foreign) with a coefficient in lowest
   terms (a zero denominator is corruption), and nothing after. J is
   changed only on success. */
static int class_read(fmpq *c, const lt_lyndon_t B, lt_free_class_job *J, slong k, const char *text)
{
    (void)c;
    lt_free_class C;
    lt_free_class_job_class(J, k, &C);
    long s, v;
    int used;
    const char *p = text;
    for (int l = 0; l < C.r; l++) {
        if (sscanf(p, "%ld%n", &v, &used) != 1 || v != (l ? C.deg[l] : C.n)) return -1;
        p += used;
    }
    if (sscanf(p, "%ld%n", &s, &used) != 1 || s != C.s) return -1;
    p += used;
    if (*p++ != '\n') return -1;
    unsigned char word[64];
    fmpq *q = _fmpq_vec_init(C.s);
    slong *at = lt_malloc(((size_t)C.s + 1) * sizeof *at);   /* the class position of line i */
    char *seen = lt_calloc((size_t)C.s + 1, 1);
    /* the class's words by basis index, to find a line's word in log s
       steps (a scan of the class for each line made resuming a class of
       742,900 words take minutes) */
    idx_pos *byidx = lt_malloc(((size_t)C.s + 1) * sizeof *byidx);
    for (slong t = 0; t < C.s; t++) byidx[t] = (idx_pos){C.idx[t], t};
    qsort(byidx, (size_t)C.s, sizeof *byidx, idx_pos_cmp);
    int bad = 0;
    for (slong i = 0; i < s && !bad; i++) {
        int len = 0;
        const char *d;
        while (*p && (d = strchr(digits, *p)) && d - digits < C.r) { if (len < 63) word[len] = (unsigned char)(d - digits); len++; p++; }
        if (len != C.n || *p++ != ' ') { bad = 1; break; }
        const char *e = strchr(p, '\n');
        if (!e || e - p > 100000) { bad = 1; break; }
        char *num = strndup(p, (size_t)(e - p));
        bad = !num || fmpq_set_str(q + i, num, 10) != 0 || fmpz_is_zero(fmpq_denref(q + i)) || !fmpq_is_canonical(q + i);
        free(num);
        p = e + 1;
        if (bad) break;
        slong j = lt_free_lyndon_find(B, word, C.n);
        /* the word must be one of the class's, and new */
        idx_pos key = {j, 0};
        const idx_pos *hit = bsearch(&key, byidx, (size_t)C.s, sizeof *byidx, idx_pos_cmp);
        slong t = hit ? hit->pos : C.s;
        if (t == C.s || seen[t]) { bad = 1; break; }
        seen[t] = 1;
        at[i] = t;
    }
    if (!bad && *p) bad = 1;   /* lines beyond the s words */
    if (!bad) {
        /* in the class's order, set as when it is run */
        fmpq *v = _fmpq_vec_init(C.s);
        for (slong i = 0; i < s; i++) fmpq_swap(v + at[i], q + i);
        lt_free_class_job_set(J, k, v);
        _fmpq_vec_clear(v, C.s);
    }
    _fmpq_vec_clear(q, C.s);
    lt_free(at);
    lt_free(seen);
    lt_free(byidx);
    return bad ? -1 : 0;
}

/* TAG-N-D1-..-D{r-1} */
static char *ck_name(const char *tag, const lt_free_class *C)
{
    size_t n = strlen(tag) + 16 * (size_t)C->r + 16;
    char *p = malloc(n);
    if (!p) return NULL;
    int at = snprintf(p, n, "%s-%d", tag, C->n);
    for (int l = 1; l < C->r; l++) at += snprintf(p + at, n - (size_t)at, "-%d", C->deg[l]);
    return p;
}

static char *ck_path(const char *dir, const char *tag, const lt_free_class *C, const char *pre, const char *post)
{
    char *name = ck_name(tag, C);
    size_t n = strlen(dir) + (name ? strlen(name) : 0) + strlen(pre) + strlen(post) + 4;
    char *p = name ? malloc(n) : NULL;
    if (p) snprintf(p, n, "%s/%s%s%s", dir, pre, name, post);
    free(name);
    return p;
}

/* A class file being written: a new temporary file (never through a
   symbolic link or over a file left in its place; named by the process
   and the class, so that threads write side by side), sealed with the
   FNV-1a hash of what was put and renamed over DIR/TAG-N-... */
typedef struct {
    FILE *f;
    char *path, *tmp;
    uint64_t h;
    int ok;
} ck_file;

static lt_status ck_begin(ck_file *W, const char *dir, const char *tag, const lt_free_class *C, slong k, lt_err_t err)
{
    char post[64];
    snprintf(post, sizeof post, ".%ld.%ld.tmp", (long)getpid(), (long)k);
    W->path = ck_path(dir, tag, C, "", ".txt");
    W->tmp = ck_path(dir, tag, C, ".", post);
    W->h = FNV_BASIS;
    W->f = NULL;
    if (!W->path || !W->tmp) {
        free(W->path); free(W->tmp);
        return lt_err_set(err, LT_ELIMIT, "out of memory");
    }
    unlink(W->tmp);
    int fd = open(W->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    W->f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (fd >= 0 && !W->f) close(fd);
    W->ok = W->f != NULL;
    return LT_OK;
}

static void ck_put(ck_file *W, const char *s, size_t n)
{
    if (W->ok) W->ok = fwrite(s, 1, n, W->f) == n;
    W->h = fnv1a_from(W->h, s, n);
}

static lt_status ck_end(ck_file *W, lt_err_t err)
{
    if (W->ok) W->ok = fprintf(W->f, "fnv1a64 %016" PRIx64 "\n", W->h) > 0;
    if (W->f && fclose(W->f)) W->ok = 0;
    if (W->ok && rename(W->tmp, W->path)) W->ok = 0;
    lt_status st = LT_OK;
    if (!W->ok) {
        st = lt_err_set(err, LT_EIO, "checkpoint: cannot write %s: %s", W->path, strerror(errno));
        unlink(W->tmp);
    }
    free(W->path);
    free(W->tmp);
    return st;
}

/* Writes class k's text to the checkpoint. */
static lt_status ck_write(const char *dir, const char *tag, const lt_free_class *C, slong k, const char *text,
                          size_t len, lt_err_t err)
{
    ck_file W;
    if (ck_begin(&W, dir, tag, C, k, err)) return err->status;
    ck_put(&W, text, len);
    return ck_end(&W, err);
}

/* The longest file class C can be: its header, s lines of a word and a
   coefficient of at most 100000 characters (class_read's bound), the
   hash line. */
static double ck_cap(const lt_free_class *C)
{
    return 32.0 + 21.0 * C->r + (double)C->s * (C->n + 2.0 + 100001.0) + 32.0;
}

typedef struct {
    fmpq *c;
    const lt_lyndon_struct *B;
    lt_free_class_job *J;
    const char *dir, *tag, *what;
    const char *old_tag;    /* the checkpoint's name under the old hash (magnus), or NULL */
    const lt_ctx_struct *ctx;   /* notices (lt_ctx_notice), --max-memory */
    int rank, size;
    char *have;             /* class k in c or S (from the checkpoint or done) */
    int bch;                /* the BCH series: J has no basis; rank 0 stores into S */
    lt_bchw_struct *S;
    pthread_mutex_t *lock;  /* guards S and have between threads */
} drv;

/* Checks the hash line that ends buf (len bytes) and cuts it off: 0 when
   it is the FNV-1a hash of the bytes before it (with the current offset
   basis or the old one). */
static int ck_unseal(char *buf, size_t len)
{
    if (len < 2 || buf[len - 1] != '\n') return -1;
    char *h = buf + len - 1;
    while (h > buf && h[-1] != '\n') h--;
    uint64_t want;
    char tail;
    if (strncmp(h, "fnv1a64 ", 8) != 0 || sscanf(h + 8, "%16" SCNx64 "%c", &want, &tail) != 2 || tail != '\n'
        || strlen(h) != 8 + 16 + 1)
        return -1;
    size_t n = (size_t)(h - buf);
    if (fnv1a(buf, n) != want && fnv1a_from(FNV_BASIS_OLD, buf, n) != want) return -1;
    *h = '\0';
    return 0;
}

/* ---- The BCH series: every rank runs its classes without a basis
   (lt_free_bch_job_alone). Rank 0 stores each finished class in the
   compact series S, found by its words in S's basis, writes it to the
   checkpoint line by line and reads it back from there in passes over
   the file: it holds no more of a class than its words and numerators
   (24 bytes a word), however it arrives. The other ranks send a class as
   its words and numerators in binary (bch_message). ---- */

/* The n letters of a word held as bits (the first letter highest). */
static void bits_letters(unsigned char *w, uint64_t x, int n)
{
    for (int p = 0; p < n; p++) w[p] = (unsigned char)((x >> (n - 1 - p)) & 1);
}

/* Class k's words (bits) in S's basis, into idx: 0, or -1 unless they
   are the class exactly (increasing, o letters Y each, Lyndon words). */
static int bch_index(const drv *D, slong k, const uint64_t *bits, int32_t *idx)
{
    lt_free_class C;
    lt_free_class_job_class(D->J, k, &C);
    unsigned char w[64];
    for (slong t = 0; t < C.s; t++) {
        if ((t && bits[t] <= bits[t - 1]) || (C.n < 64 && bits[t] >> C.n)
            || __builtin_popcountll(bits[t]) != C.deg[1])
            return -1;
        bits_letters(w, bits[t], C.n);
        slong j = lt_free_lyndon_find(D->B, w, C.n);
        if (j < 0) return -1;
        idx[t] = (int32_t)j;
    }
    return 0;
}

/* Numerator t of a class: num (2 words each) or big. */
static void class_num(fmpz_t x, const uint64_t *num, const fmpz *big, slong t)
{
    if (num) fmpz_set_signed_uiui(x, num[2 * t + 1], num[2 * t]);
    else fmpz_set(x, big + t);
}

/* Writes class k (its words and numerators over den) to the checkpoint
   as class_text would, line by line. */
static lt_status ck_write_bch(const drv *D, slong k, const uint64_t *bits, const fmpz_t den, const uint64_t *num,
                              const fmpz *big, lt_err_t err)
{
    lt_free_class C;
    lt_free_class_job_class(D->J, k, &C);
    ck_file W;
    if (ck_begin(&W, D->dir, D->tag, &C, k, err)) return err->status;
    char line[128];
    int hl = snprintf(line, sizeof line, "%d %d %ld\n", C.n, C.deg[1], (long)C.s);
    ck_put(&W, line, (size_t)hl);
    fmpz_t x;
    fmpq_t q;
    fmpz_init(x);
    fmpq_init(q);
    for (slong t = 0; t < C.s && W.ok; t++) {
        for (int p = 0; p < C.n; p++) line[p] = (char)('0' + ((bits[t] >> (C.n - 1 - p)) & 1));
        line[C.n] = ' ';
        ck_put(&W, line, (size_t)C.n + 1);
        class_num(x, num, big, t);
        fmpq_set_fmpz_frac(q, x, den);
        char *c = fmpq_get_str(NULL, 10, q);
        ck_put(&W, c, strlen(c));
        ck_put(&W, "\n", 1);
        flint_free(c);
    }
    fmpz_clear(x);
    fmpq_clear(q);
    return ck_end(&W, err);
}

/* Class k (words bits, numerators over den) into S on rank 0, and into
   the checkpoint when write is set; the words are checked: -1 (nothing
   stored) when they are not class k's. */
static int bch_put(drv *D, slong k, const uint64_t *bits, const fmpz_t den, const uint64_t *num, const fmpz *big,
                   int write, lt_status *st, lt_err_t err)
{
    lt_free_class C;
    lt_free_class_job_class(D->J, k, &C);
    int32_t *idx = malloc(((size_t)C.s + 1) * sizeof *idx);
    if (!idx) { *st = lt_err_set(err, LT_ELIMIT, "out of memory"); return 0; }
    int bad = bch_index(D, k, bits, idx);
    if (!bad) {
        pthread_mutex_lock(D->lock);
        lt_bchw_set_class(D->S, C.n, C.deg[1], idx, C.s, den, num, big);
        D->have[k] = 1;
        pthread_mutex_unlock(D->lock);
        if (write && D->dir) *st = ck_write_bch(D, k, bits, den, num, big, err);
    }
    free(idx);
    return bad;
}

/* Class k as it was run here (a job without a basis): its words as bits
   (allocated), denominator and numerators (in the job, until released). */
static uint64_t *bch_result(const drv *D, slong k, fmpz_t den, const uint64_t **num, const fmpz **big)
{
    lt_free_class C;
    lt_free_class_job_class(D->J, k, &C);
    uint64_t *bits = malloc(((size_t)C.s + 1) * sizeof *bits);
    if (!bits) return NULL;
    unsigned char w[64];
    for (slong t = 0; t < C.s; t++) {
        lt_free_class_job_word(w, D->J, k, t);
        uint64_t x = 0;
        for (int p = 0; p < C.n; p++) x = x << 1 | w[p];
        bits[t] = x;
    }
    *num = lt_free_class_job_result(den, big, D->J, k);
    return bits;
}

/* One line of a class file, "word coefficient" (s: line, its length
   without the newline): the word's bits and the coefficient in lowest
   terms with a positive denominator; 0, or -1 when it is not that. */
static int bch_line(char *s, size_t len, int n, uint64_t *bits, fmpq_t q)
{
    if (len < (size_t)n + 2 || len > 100000 || s[n] != ' ') return -1;
    uint64_t x = 0;
    for (int p = 0; p < n; p++) {
        if (s[p] != '0' && s[p] != '1') return -1;
        x = x << 1 | (uint64_t)(s[p] - '0');
    }
    *bits = x;
    s[len] = '\0';
    const char *c = s + n + 1;
    for (const char *p = c; *p; p++)
        if (!strchr("0123456789-/", *p)) return -1;
    return fmpq_set_str(q, c, 10) || fmpz_sgn(fmpq_denref(q)) <= 0 || !fmpq_is_canonical(q) ? -1 : 0;
}

/* Class k from its checkpoint file f (size bytes) into S, in passes over
   the file: the hash, the words and the common denominator, the
   numerators (and, when one needs more than 127 bits, again into FLINT
   integers). 1 when read, -1 when it is not class k's sealed text. */
static int bch_ck_parse(drv *D, slong k, FILE *f, int64_t size)
{
    lt_free_class C;
    lt_free_class_job_class(D->J, k, &C);
    /* the hash line, "fnv1a64 " and 16 hex digits, ends the file */
    enum { HL = 8 + 16 + 1 };
    char tail[HL + 1];
    uint64_t want;
    char end;
    if (size < HL + 2 || fseeko(f, (off_t)(size - HL - 1), SEEK_SET) || fread(tail, 1, HL + 1, f) != HL + 1
        || tail[0] != '\n' || strncmp(tail + 1, "fnv1a64 ", 8) || sscanf(tail + 9, "%16" SCNx64 "%c", &want, &end) != 2
        || end != '\n')
        return -1;
    rewind(f);
    uint64_t h = FNV_BASIS, h_old = FNV_BASIS_OLD;
    char buf[65536];
    for (int64_t left = size - HL; left > 0;) {
        size_t m = fread(buf, 1, left < (int64_t)sizeof buf ? (size_t)left : sizeof buf, f);
        if (!m || memchr(buf, '\0', m)) return -1;
        h = fnv1a_from(h, buf, m);
        h_old = fnv1a_from(h_old, buf, m);
        left -= (int64_t)m;
    }
    if (h != want && h_old != want) return -1;
    char *line = NULL;
    size_t cap = 0;
    uint64_t *bits = malloc(((size_t)C.s + 1) * sizeof *bits);
    uint64_t *num = malloc((2 * (size_t)C.s + 1) * sizeof *num);
    fmpz *big = NULL;
    fmpz_t den, x;
    fmpq_t q;
    fmpz_init_set_ui(den, 1);
    fmpz_init(x);
    fmpq_init(q);
    int bad = !bits || !num;
    for (int pass = 0; pass < 3 && !bad; pass++) {
        if (pass == 2 && !big) break;
        rewind(f);
        ssize_t got = getline(&line, &cap, f);
        int n, o;
        long s;
        char nl;
        if (got <= 0 || sscanf(line, "%d %d %ld%c", &n, &o, &s, &nl) != 4 || nl != '\n' || n != C.n || o != C.deg[1]
            || s != C.s) { bad = 1; break; }
        for (slong t = 0; t < C.s && !bad; t++) {
            uint64_t b;
            got = getline(&line, &cap, f);
            if (got <= 0 || line[got - 1] != '\n' || bch_line(line, (size_t)got - 1, C.n, &b, q)) { bad = 1; break; }
            if (pass == 0) {
                bits[t] = b;
                fmpz_lcm(den, den, fmpq_denref(q));
                continue;
            }
            /* the numerator over the common denominator */
            fmpz_divexact(x, den, fmpq_denref(q));
            fmpz_mul(x, x, fmpq_numref(q));
            if (pass == 2) fmpz_set(big + t, x);
            else if (fmpz_bits(x) <= 126) {
                ulong hi, lo;
                fmpz_get_signed_uiui(&hi, &lo, x);
                num[2 * t] = lo;
                num[2 * t + 1] = hi;
            } else if (!big) big = _fmpz_vec_init(C.s);
        }
        /* the hash line follows the s lines */
        if (!bad && ftello(f) != (off_t)(size - HL)) bad = 1;
    }
    lt_status st = LT_OK;
    lt_err_t err;
    lt_err_init(err);
    if (!bad) bad = bch_put(D, k, bits, den, big ? NULL : num, big, 0, &st, err);
    free(line);
    free(bits);
    free(num);
    if (big) _fmpz_vec_clear(big, C.s);
    fmpz_clear(den);
    fmpz_clear(x);
    fmpq_clear(q);
    return bad || st ? -1 : 1;
}

/* Class k from the file path into c or S: 1 when read, 0 when absent, -1
   when corrupt or not a regular file (a notice, lt_ctx_notice; the class
   is then recomputed), -2 when reading it would pass --max-memory (err). */
static int ck_read_path(drv *D, slong k, const char *path, lt_err_t err)
{
    lt_free_class C;
    lt_free_class_job_class(D->J, k, &C);
    struct stat sb;
    if (stat(path, &sb) != 0 && errno == ENOENT) return 0;
    lt_err_t e2;
    lt_err_init(e2);
    const char *why = "it fails its hash or does not parse";
    char reason[1100];
    int64_t size = 0;
    /* a FIFO, device or directory is refused before it is read from */
    FILE *f = lt_io_open_read(path, &size, e2);
    char *buf = NULL;
    int r = -1;
    if (!f) {
        snprintf(reason, sizeof reason, "%s", e2->msg);
        why = reason;
    } else if ((double)size > ck_cap(&C)) {
        snprintf(reason, sizeof reason, "%" PRId64 " bytes, more than its class can hold", size);
        why = reason;
    } else if (D->bch) {
        /* in passes over the file: its words and numerators in memory */
        if (lt_ctx_check_memory(24.0 * (double)C.s + 65536.0, "reading it", path, D->ctx, err)) r = -2;
        else r = bch_ck_parse(D, k, f, size);
    } else if (lt_ctx_check_memory((double)size + 1, "reading it", path, D->ctx, err)) {
        r = -2;
    } else {
        buf = lt_malloc((size_t)size + 2);
        /* a file that grows while it is read is not the file that was measured */
        size_t len = fread(buf, 1, (size_t)size + 1, f);
        buf[len] = '\0';
        if (!ferror(f) && len == (size_t)size && !memchr(buf, '\0', len) && !ck_unseal(buf, len))
            r = class_read(D->c, D->B, D->J, k, buf) ? -1 : 1;
    }
    int opened = f != NULL;
    if (f) fclose(f);
    lt_free(buf);
    if (r == -1 && !opened)
        lt_ctx_notice(D->ctx, "%s: checkpoint: %s; recomputing that class (degree %d)", D->what, why, C.n);
    else if (r == -1)
        lt_ctx_notice(D->ctx, "%s: checkpoint %s is corrupt (%s); recomputing that class (degree %d)", D->what, path,
                      why, C.n);
    return r;
}

/* Class k from the checkpoint (ck_read_path), under the tag's name or,
   absent, under the name of the old hash (D->old_tag: NULL, none). */
static int ck_read(drv *D, slong k, lt_err_t err)
{
    lt_free_class C;
    lt_free_class_job_class(D->J, k, &C);
    int r = 0;
    for (int pass = 0; pass < 2 && r == 0; pass++) {
        const char *t = pass ? D->old_tag : D->tag;
        if (!t) break;
        char *path = ck_path(D->dir, t, &C, "", ".txt");
        if (!path) return lt_err_set(err, LT_ELIMIT, "out of memory"), -2;
        r = ck_read_path(D, k, path, err);
        free(path);
    }
    return r;
}

#ifdef LT_HAVE_MPI
/* A test hook: LIETOOL_MPI_FAULT=R:K makes rank R abort after it has sent
   K classes, as kill -9 would (tests/check-mpi.sh kills a rank this way). */
static int fault_after(int rank)
{
    const char *e = getenv("LIETOOL_MPI_FAULT");
    int r, k;
    if (e && sscanf(e, "%d:%d", &r, &k) == 2 && r == rank) return k;
    return -1;
}
#endif

enum { TAG_RESULT = 1, TAG_REQUEST = 2, TAG_WORK = 3 };

/* A finished class on rank 0: into the checkpoint. */
static lt_status root_store(drv *D, slong k, const char *text, size_t len, lt_err_t err)
{
    D->have[k] = 1;
    if (!D->dir) return LT_OK;
    lt_free_class C;
    lt_free_class_job_class(D->J, k, &C);
    return ck_write(D->dir, D->tag, &C, k, text, len, err);
}

/* Class k of the BCH series as a worker sends it, in binary (the ranks
   run one lietool): k, s, the denominator's length in decimal and 1 when
   the numerators are in 128 bits (4 int64), the s words (8 bytes each),
   the numerators (16 bytes each), the denominator, and else the
   numerators in decimal, each ended by a newline. */
static char *bch_message(const drv *D, slong k, size_t *len)
{
    fmpz_t den;
    fmpz_init(den);
    const uint64_t *num;
    const fmpz *big;
    uint64_t *bits = bch_result(D, k, den, &num, &big);
    lt_free_class C;
    lt_free_class_job_class(D->J, k, &C);
    char *buf = NULL, *ds = fmpz_get_str(NULL, 10, den);
    FILE *f = bits ? open_memstream(&buf, len) : NULL;
    if (f) {
        int64_t hdr[4] = {k, C.s, (int64_t)strlen(ds), num != NULL};
        fwrite(hdr, sizeof hdr, 1, f);
        fwrite(bits, sizeof *bits, (size_t)C.s, f);
        if (num) fwrite(num, 2 * sizeof *num, (size_t)C.s, f);
        fputs(ds, f);
        for (slong t = 0; t < C.s && !num; t++) {
            fmpz_fprint(f, big + t);
            fputc('\n', f);
        }
        if (fclose(f)) { free(buf); buf = NULL; }
    }
    flint_free(ds);
    free(bits);
    fmpz_clear(den);
    return buf;
}

/* Rank 0: a worker's message of a class of the BCH series (bch_message,
   len bytes at p, 8-byte aligned) into S and the checkpoint; 0, or -1
   when it is not a class as sent. */
static int bch_message_read(drv *D, const char *p, size_t len, lt_status *st, lt_err_t err)
{
    int64_t hdr[4];
    if (len < sizeof hdr) return -1;
    memcpy(hdr, p, sizeof hdr);
    slong k = (slong)hdr[0];
    if (k < 0 || k >= lt_free_class_job_classes(D->J)) return -1;
    lt_free_class C;
    lt_free_class_job_class(D->J, k, &C);
    size_t at = sizeof hdr + 8 * (size_t)C.s + (hdr[3] ? 16 * (size_t)C.s : 0);
    if (hdr[1] != C.s || hdr[2] < 1 || hdr[2] > 100000 || len < at + (size_t)hdr[2]) return -1;
    const uint64_t *bits = (const uint64_t *)(p + sizeof hdr);
    const uint64_t *num = hdr[3] ? bits + C.s : NULL;
    char *ds = strndup(p + at, (size_t)hdr[2]);
    fmpz_t den;
    fmpz_init(den);
    int bad = !ds || fmpz_set_str(den, ds, 10) || fmpz_sgn(den) <= 0;
    free(ds);
    at += (size_t)hdr[2];
    fmpz *big = NULL;
    if (!bad && !num) {
        /* the numerators in decimal, a line each */
        big = _fmpz_vec_init(C.s);
        for (slong t = 0; t < C.s && !bad; t++) {
            const char *e = memchr(p + at, '\n', len - at);
            char *v = e ? strndup(p + at, (size_t)(e - (p + at))) : NULL;
            bad = !v || fmpz_set_str(big + t, v, 10);
            free(v);
            if (e) at = (size_t)(e - p) + 1;
        }
    }
    if (!bad && at != len) bad = 1;   /* nothing after */
    if (!bad) bad = bch_put(D, k, bits, den, num, big, 1, st, err);
    if (big) _fmpz_vec_clear(big, C.s);
    fmpz_clear(den);
    return bad ? -1 : 0;
}

/* Runs class k here; on rank 0 stores it, elsewhere sends it to rank 0. */
static lt_status run_class(drv *D, slong k, int *sent, lt_err_t err)
{
    lt_free_class_job_run(D->J, k);
    lt_status st = LT_OK;
    if (D->bch && D->rank == 0) {
        /* into S, found by its words, and into the checkpoint */
        fmpz_t den;
        fmpz_init(den);
        const uint64_t *num;
        const fmpz *big;
        uint64_t *bits = bch_result(D, k, den, &num, &big);
        if (!bits) st = lt_err_set(err, LT_ELIMIT, "out of memory");
        else if (bch_put(D, k, bits, den, num, big, 1, &st, err) && !st)
            st = lt_err_set(err, LT_EINTERNAL, "bch: class %ld is not in the basis", (long)k);
        free(bits);
        fmpz_clear(den);
        lt_free_class_job_release(D->J, k);
        return st;
    }
    if (D->rank == 0 && !D->dir) { D->have[k] = 1; return LT_OK; }
    size_t len;
    char *text = D->bch ? bch_message(D, k, &len) : class_text(D->J, k, D->rank == 0 ? -1 : k, &len);
    if (!text) return lt_err_set(err, LT_ELIMIT, "out of memory");
    if (D->rank == 0) st = root_store(D, k, text, len, err);
#ifdef LT_HAVE_MPI
    else {
        MPI_Send(text, (int)len, MPI_CHAR, 0, TAG_RESULT, MPI_COMM_WORLD);
        lt_free_class_job_release(D->J, k);   /* sent: this rank keeps nothing of it */
        int f = fault_after(D->rank);
        if (f >= 0 && ++*sent >= f) {
            lt_ctx_notice(D->ctx, "%s: rank %d stops here (LIETOOL_MPI_FAULT)", D->what, D->rank);
            raise(SIGKILL);
        }
    }
#else
    (void)sent;
#endif
    free(text);
    return st;
}

#ifdef LT_HAVE_MPI
/* Rank 0: one message from a worker (a result, or a request for work). */
static lt_status root_message(drv *D, MPI_Status *ms, slong *next_tail, const slong *tail, slong ntail,
                              int *stopped, lt_err_t err)
{
    if (ms->MPI_TAG == TAG_RESULT) {
        int len;
        MPI_Get_count(ms, MPI_CHAR, &len);
        char *text = malloc((size_t)len + 1);
        if (!text) return lt_err_set(err, LT_ELIMIT, "out of memory");
        MPI_Recv(text, len, MPI_CHAR, ms->MPI_SOURCE, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        text[len] = '\0';
        if (D->bch) {
            lt_status st = LT_OK;
            if (bch_message_read(D, text, (size_t)len, &st, err) && !st)
                st = lt_err_set(err, LT_EINTERNAL, "%s `mpi`: rank %d sent a class that does not parse", D->what,
                                ms->MPI_SOURCE);
            free(text);
            return st;
        }
        char *body;
        long k = strtol(text, &body, 10);
        lt_status st = LT_OK;
        if (*body == '\n') body++;
        if (k < 0 || k >= lt_free_class_job_classes(D->J) || class_read(D->c, D->B, D->J, k, body))
            st = lt_err_set(err, LT_EINTERNAL, "%s `mpi`: rank %d sent a class that does not parse", D->what, ms->MPI_SOURCE);
        else st = root_store(D, k, body, strlen(body), err);
        free(text);
        return st;
    }
    long dummy;
    MPI_Recv(&dummy, 1, MPI_LONG, ms->MPI_SOURCE, TAG_REQUEST, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    long k = *next_tail < ntail ? (long)tail[(*next_tail)++] : -1;
    if (k < 0) (*stopped)++;
    MPI_Send(&k, 1, MPI_LONG, ms->MPI_SOURCE, TAG_WORK, MPI_COMM_WORLD);
    return LT_OK;
}
#endif

/* One process: LIETOOL_THREADS threads (else one a processor) run the
   classes it owns, largest first, each written to the checkpoint as it
   ends. */
typedef struct {
    drv *D;
    const int *owner;
    slong nk, next;
    lt_status st;
    lt_err_struct err;
    pthread_mutex_t lock;
} thr_pool;

static void thr_work(void *arg, int t)
{
    (void)t;
    thr_pool *P = arg;
    for (;;) {
        pthread_mutex_lock(&P->lock);
        while (P->next < P->nk && P->owner[P->next] != P->D->rank) P->next++;
        slong k = P->st || P->next >= P->nk ? -1 : P->next++;
        pthread_mutex_unlock(&P->lock);
        if (k < 0) break;
        lt_err_t e;
        lt_err_init(e);
        int sent = 0;
        lt_status st = run_class(P->D, k, &sent, e);
        if (st) {
            pthread_mutex_lock(&P->lock);
            if (!P->st) { P->st = st; P->err = e[0]; }
            pthread_mutex_unlock(&P->lock);
        }
    }
}

static lt_status run_threads(drv *D, const int *owner, slong nk, lt_err_t err)
{
    thr_pool P = {.D = D, .owner = owner, .nk = nk};
    pthread_mutex_init(&P.lock, NULL);
    lt_threads_run(lt_free_bch_threads(), thr_work, &P);
    pthread_mutex_destroy(&P.lock);
    if (P.st) err[0] = P.err;
    return P.st;
}

/* Rank 0 reads the checkpoint's classes on LIETOOL_THREADS threads (else
   one a processor), each into its own part of c or S. */
typedef struct {
    drv *D;
    slong nk, next;
    lt_status st;
    lt_err_struct err;
    pthread_mutex_t lock;
} rd_pool;

static void rd_work(void *arg, int t)
{
    (void)t;
    rd_pool *P = arg;
    for (;;) {
        pthread_mutex_lock(&P->lock);
        slong k = P->st || P->next >= P->nk ? -1 : P->next++;
        pthread_mutex_unlock(&P->lock);
        if (k < 0) break;
        lt_err_t e;
        lt_err_init(e);
        int got = ck_read(P->D, k, e);
        pthread_mutex_lock(&P->lock);
        if (got == -2 && !P->st) { P->st = e->status; P->err = e[0]; }
        P->D->have[k] = got == 1;
        pthread_mutex_unlock(&P->lock);
    }
}

static lt_status read_threads(drv *D, slong nk, lt_err_t err)
{
    rd_pool P = {.D = D, .nk = nk};
    pthread_mutex_init(&P.lock, NULL);
    lt_threads_run(lt_free_bch_threads(), rd_work, &P);
    pthread_mutex_destroy(&P.lock);
    if (P.st) err[0] = P.err;
    return P.st;
}

/* The driver: D->J set up on every rank (st its status). */
static lt_status drive(drv D, lt_status st, int *root, lt_err_t err)
{
    D.rank = 0;
    D.size = 1;
#ifdef LT_HAVE_MPI
    int inited = 0;
    MPI_Initialized(&inited);
    if (inited) {
        MPI_Comm_rank(MPI_COMM_WORLD, &D.rank);
        MPI_Comm_size(MPI_COMM_WORLD, &D.size);
    }
#endif
    *root = D.rank == 0;
    int bad = st != LT_OK;
#ifdef LT_HAVE_MPI
    if (D.size > 1) MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (!bad && D.size > 1) {
        /* rank 0 counted the classes in its basis, the others by formula */
        uint64_t h = classes_hash(D.J), h0 = h;
        MPI_Bcast(&h0, (int)sizeof h0, MPI_CHAR, 0, MPI_COMM_WORLD);
        bad = h != h0;
        MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        if (bad) st = lt_err_set(err, LT_EINTERNAL, "%s `mpi`: the ranks set up different classes", D.what);
    }
#endif
    if (bad) {
        if (!st) st = lt_err_set(err, LT_EINTERNAL, "%s `mpi`: another rank failed to set up", D.what);
        lt_free_class_job_free(D.J);
        return st;
    }
    slong nk = lt_free_class_job_classes(D.J);
    D.have = calloc((size_t)nk + 1, 1);
    slong *tail = malloc(((size_t)nk + 1) * sizeof *tail);
    double *load = calloc((size_t)D.size, sizeof *load);
    int *owner = malloc(((size_t)nk + 1) * sizeof *owner);
    if (!D.have || !tail || !load || !owner) {
        st = lt_err_set(err, LT_ELIMIT, "out of memory");
        goto done;
    }
    if (D.rank == 0 && D.dir) {
        struct stat sb;
        if (mkdir(D.dir, 0777) && errno != EEXIST) {
            st = lt_err_set(err, LT_EIO, "checkpoint: cannot create the directory %s: %s", D.dir, strerror(errno));
        } else if (stat(D.dir, &sb) || !S_ISDIR(sb.st_mode)) {
            st = lt_err_set(err, LT_EINPUT, "checkpoint: %s is not a directory", D.dir);
        } else {
            st = read_threads(&D, nk, err);
        }
    }
#ifdef LT_HAVE_MPI
    if (D.size > 1) {
        int b2 = st != LT_OK;
        MPI_Bcast(&b2, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (b2) {
            if (!st) st = lt_err_set(err, LT_EINTERNAL, "%s `mpi`: rank 0 failed", D.what);
            goto done;
        }
        MPI_Bcast(D.have, (int)nk, MPI_CHAR, 0, MPI_COMM_WORLD);
    }
#endif
    if (st) goto done;
    if (D.rank == 0 && D.dir) {
        slong reused = 0;
        for (slong k = 0; k < nk; k++) reused += D.have[k];
        lt_ctx_notice(D.ctx, "%s: checkpoint %s: %ld of %ld classes reused, %ld to compute", D.what, D.dir,
                      (long)reused, (long)nk, (long)(nk - reused));
    }
    /* the static part by LPT, the tail to the queue */
    double rest = 0, dealt = 0;
    lt_free_class C;
    for (slong k = 0; k < nk; k++)
        if (!D.have[k]) { lt_free_class_job_class(D.J, k, &C); rest += C.work; }
    slong ntail = 0;
    for (slong k = 0; k < nk; k++) {
        owner[k] = -1;
        if (D.have[k]) continue;
        lt_free_class_job_class(D.J, k, &C);
        if (D.size > 1 && dealt > 0.85 * rest) { tail[ntail++] = k; continue; }
        /* the least loaded rank, the highest of equals: rank 0, which
           holds the basis and the series, gets a class only after every
           other rank has one, so that its peak is not the largest class's */
        int r = D.size - 1;
        for (int q = D.size - 2; q >= 0; q--) if (load[q] < load[r]) r = q;
        owner[k] = r;
        load[r] += C.work;
        dealt += C.work;
    }
    int sent = 0;
    if (D.size == 1) {
        /* one process: its threads take the classes in turn */
        st = run_threads(&D, owner, nk, err);
        goto finish;
    }
    for (slong k = 0; k < nk && !st; k++) {
        if (owner[k] != D.rank) continue;
        st = run_class(&D, k, &sent, err);
#ifdef LT_HAVE_MPI
        /* rank 0 takes in what has arrived between its own classes */
        if (D.rank == 0 && D.size > 1) {
            int flag = 1;
            slong nt = 0;
            int stopped = 0;
            while (!st && flag) {
                MPI_Status ms;
                MPI_Iprobe(MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &flag, &ms);
                if (flag) st = root_message(&D, &ms, &nt, tail, 0, &stopped, err);
            }
        }
#endif
    }
#ifdef LT_HAVE_MPI
    if (D.size > 1 && !st) {
        if (D.rank != 0) {
            for (;;) {
                long req = D.rank, k;
                MPI_Send(&req, 1, MPI_LONG, 0, TAG_REQUEST, MPI_COMM_WORLD);
                MPI_Recv(&k, 1, MPI_LONG, 0, TAG_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                if (k < 0) break;
                if ((st = run_class(&D, (slong)k, &sent, err))) break;
            }
        } else {
            slong next = 0;
            int stopped = 0;
            /* serve the workers; work on the tail while no one asks */
            while (!st && stopped < D.size - 1) {
                int flag;
                MPI_Status ms;
                MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &ms);
                if (flag) st = root_message(&D, &ms, &next, tail, ntail, &stopped, err);
                else if (next < ntail) st = run_class(&D, tail[next++], &sent, err);
                else {
                    MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &ms);
                    st = root_message(&D, &ms, &next, tail, ntail, &stopped, err);
                }
            }
            for (slong k = 0; k < nk && !st; k++)
                if (!D.have[k]) st = lt_err_set(err, LT_EINTERNAL, "%s `mpi`: class %ld was never computed", D.what, (long)k);
        }
    }
#endif
finish:
    if (!st && D.rank == 0) lt_free_class_job_finish(D.J);
done:
    free(D.have);
    free(tail);
    free(load);
    free(owner);
    lt_free_class_job_free(D.J);
    return st;
}

lt_status lt_mpi_bch(lt_bchw_t S, lt_lyndon_t B, long N, int symmetric, int table, const char *checkpoint,
                     int *root, int *have, const lt_ctx_t ctx, lt_err_t err)
{
    int rank = 0;
#ifdef LT_HAVE_MPI
    int inited = 0;
    MPI_Initialized(&inited);
    if (inited) MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#endif
    *have = 0;
    pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    drv D = {.c = NULL, .dir = checkpoint, .tag = "w", .what = "bch", .ctx = ctx, .bch = 1, .lock = &lock};
    lt_status st = LT_OK;
    if (rank == 0) {
        /* the basis and the series: rank 0 reads the checkpoint, takes the
           classes in and prints the table */
        st = lt_free_bch_prepare(S, B, N, symmetric, table, 0, ctx, err);
        if (!st) {
            *have = 1;
            D.B = S->B;
            D.S = S;
            /* what stays in memory: the basis (packed words and the degree:
               the factors are found as the table is written) and W's
               numerators */
            double est = (double)B->n * (2.0 + B->N / 8.0) + 16.0 * (double)S->off[B->N + 1];
            if (est > (double)ctx->max_memory_mb * 1048576.0)
                st = lt_err_set(err, LT_ELIMIT, "the %ld coefficients up to degree %d need about %.0f MiB, more than "
                                "`max_memory` %ld MiB", (long)B->n, B->N, est / 1048576.0 + 0.5, ctx->max_memory_mb);
        }
    } else st = lt_free_bch_check(N, ctx, err);
    /* the classes on every rank, each made when it is run (and, but on
       rank 0, let go when it is sent) */
    if (!st) st = lt_free_bch_job_alone(&D.J, (int)(table && N % 2 == 0 ? N - 1 : N), ctx, err);
    return drive(D, st, root, err);
}

lt_status lt_mpi_magnus(fmpq *c, const lt_lyndon_t B, const lt_free_word_t W, const char *checkpoint, int *root,
                        const lt_ctx_t ctx, lt_err_t err)
{
    /* the tag: m and the hash of the letters' count and the factors */
    char *text = NULL, tag[32], old[32];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return lt_err_set(err, LT_ELIMIT, "out of memory");
    fprintf(f, "%d %ld", W->r, (long)W->m);
    for (slong s = 0; s < W->m; s++) {
        fprintf(f, " %d:", W->letters[s]);
        fmpq_fprint(f, W->t + s);
    }
    fclose(f);
    snprintf(tag, sizeof tag, "m%016" PRIx64, fnv1a(text, len));
    snprintf(old, sizeof old, "m%016" PRIx64, fnv1a_from(FNV_BASIS_OLD, text, len));
    free(text);
    drv D = {.c = c, .B = B, .dir = checkpoint, .tag = tag, .old_tag = old, .what = "magnus", .ctx = ctx};
    lt_status st = LT_OK;
    if (W->r > 36)
        st = lt_err_set(err, LT_EINPUT, "`mpi` and `checkpoint` take words of at most 36 distinct letters, not %d", W->r);
    else st = lt_free_magnus_job_new(&D.J, c, B, W, ctx, err);
    return drive(D, st, root, err);
}
