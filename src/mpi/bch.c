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
   class goes to rank 0 as text (the Lyndon word and its coefficient per
   line); rank 0 writes it to the checkpoint directory, finishes the
   series and prints it with the same writer as a single process, so the
   output is identical byte for byte.

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

/* Class C's coefficients in c as text: "n d_1 .. d_{r-1} s" (on 2 letters
   "n o s") then "word coefficient" per Lyndon word (the letters as digits
   0-9a-z), a line each; with k >= 0 (a message to rank 0), a first line
   "k". *len its length. */
static char *class_text(const lt_lyndon_t B, const lt_free_class_job *J, slong k, const lt_free_class *C, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f) return NULL;
    if (k >= 0) fprintf(f, "%ld\n", (long)k);
    fprintf(f, "%d", C->n);
    for (int l = 1; l < C->r; l++) fprintf(f, " %d", C->deg[l]);
    fprintf(f, " %ld\n", (long)C->s);
    unsigned char w[256];
    fmpq_t q;
    fmpq_init(q);
    for (slong i = 0; i < C->s; i++) {
        lt_lyndon_word(B, C->idx[i], w);
        for (int p = 0; p < C->n; p++) fputc(digits[w[p]], f);
        fputc(' ', f);
        lt_free_class_job_get(q, J, C->idx[i]);
        fmpq_fprint(f, q);
        fputc('\n', f);
    }
    fmpq_clear(q);
    fclose(f);
    return buf;
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

/* Writes class text to the checkpoint (a temporary file renamed over). */
static lt_status ck_write(const char *dir, const char *tag, const lt_free_class *C, const char *text, size_t len,
                          lt_err_t err)
{
    char post[64];
    snprintf(post, sizeof post, ".%ld.tmp", (long)getpid());
    char *path = ck_path(dir, tag, C, "", ".txt"), *tmp = ck_path(dir, tag, C, ".", post);
    if (!path || !tmp) { free(path); free(tmp); return lt_err_set(err, LT_ELIMIT, "out of memory"); }
    /* a new file: never through a symbolic link or over a file left in
       the temporary name's place */
    unlink(tmp);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (fd >= 0 && !f) close(fd);
    int ok = f && fwrite(text, 1, len, f) == len && fprintf(f, "fnv1a64 %016" PRIx64 "\n", fnv1a(text, len)) > 0;
    if (f && fclose(f)) ok = 0;
    if (ok && rename(tmp, path)) ok = 0;
    lt_status st = LT_OK;
    if (!ok) {
        st = lt_err_set(err, LT_EIO, "checkpoint: cannot write %s: %s", path, strerror(errno));
        unlink(tmp);
    }
    free(path);
    free(tmp);
    return st;
}

/* The longest file class C can be: its header, s lines of a word and a
   coefficient of at most 100000 characters (class_read's bound), the
   hash line. */
static double ck_cap(const lt_free_class *C)
{
    return 32.0 + 21.0 * C->r + (double)C->s * (C->n + 2.0 + 100001.0) + 32.0;
}

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

/* Class k from the file path into c: 1 when read, 0 when absent, -1 when
   corrupt or not a regular file (a notice, lt_ctx_notice; the class is
   then recomputed), -2 when reading it would pass --max-memory (err). */
static int ck_read_path(fmpq *c, const lt_lyndon_t B, lt_free_class_job *J, slong k, const char *path,
                        const char *what, const lt_ctx_t ctx, lt_err_t err)
{
    lt_free_class C;
    lt_free_class_job_class(J, k, &C);
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
    } else if (lt_ctx_check_memory((double)size + 1, "reading it", path, ctx, err)) {
        r = -2;
    } else {
        buf = lt_malloc((size_t)size + 2);
        /* a file that grows while it is read is not the file that was measured */
        size_t len = fread(buf, 1, (size_t)size + 1, f);
        buf[len] = '\0';
        if (!ferror(f) && len == (size_t)size && !memchr(buf, '\0', len) && !ck_unseal(buf, len))
            r = class_read(c, B, J, k, buf) ? -1 : 1;
    }
    int opened = f != NULL;
    if (f) fclose(f);
    lt_free(buf);
    if (r == -1 && !opened)
        lt_ctx_notice(ctx, "%s: checkpoint: %s; recomputing that class (degree %d)", what, why, C.n);
    else if (r == -1)
        lt_ctx_notice(ctx, "%s: checkpoint %s is corrupt (%s); recomputing that class (degree %d)", what, path, why,
                      C.n);
    return r;
}

/* Class k from the checkpoint into c (ck_read_path), under the tag's name
   or, absent, under the name of the old hash (old: NULL, none). */
static int ck_read(fmpq *c, const lt_lyndon_t B, lt_free_class_job *J, slong k, const char *dir, const char *tag,
                   const char *old, const char *what, const lt_ctx_t ctx, lt_err_t err)
{
    lt_free_class C;
    lt_free_class_job_class(J, k, &C);
    int r = 0;
    for (int pass = 0; pass < 2 && r == 0; pass++) {
        const char *t = pass ? old : tag;
        if (!t) break;
        char *path = ck_path(dir, t, &C, "", ".txt");
        if (!path) return lt_err_set(err, LT_ELIMIT, "out of memory"), -2;
        r = ck_read_path(c, B, J, k, path, what, ctx, err);
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

typedef struct {
    fmpq *c;
    const lt_lyndon_struct *B;
    lt_free_class_job *J;
    const char *dir, *tag, *what;
    const char *old_tag;    /* the checkpoint's name under the old hash (magnus), or NULL */
    const lt_ctx_struct *ctx;   /* notices (lt_ctx_notice), --max-memory */
    int rank, size;
    char *have;             /* class k in c (from the checkpoint or done) */
} drv;

/* A finished class on rank 0: into the checkpoint. */
static lt_status root_store(drv *D, slong k, const char *text, size_t len, lt_err_t err)
{
    D->have[k] = 1;
    if (!D->dir) return LT_OK;
    lt_free_class C;
    lt_free_class_job_class(D->J, k, &C);
    return ck_write(D->dir, D->tag, &C, text, len, err);
}

/* Runs class k here; on rank 0 stores it, elsewhere sends it to rank 0. */
static lt_status run_class(drv *D, slong k, int *sent, lt_err_t err)
{
    lt_free_class_job_run(D->J, k);
    if (D->rank == 0 && !D->dir) { D->have[k] = 1; return LT_OK; }
    lt_free_class C;
    lt_free_class_job_class(D->J, k, &C);
    size_t len;
    char *text = class_text(D->B, D->J, D->rank == 0 ? -1 : k, &C, &len);
    if (!text) return lt_err_set(err, LT_ELIMIT, "out of memory");
    lt_status st = LT_OK;
    if (D->rank == 0) st = root_store(D, k, text, len, err);
#ifdef LT_HAVE_MPI
    else {
        MPI_Send(text, (int)len, MPI_CHAR, 0, TAG_RESULT, MPI_COMM_WORLD);
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
    const lt_lyndon_struct *B = D.B;
    fmpq *c = D.c;
    int bad = st != LT_OK;
#ifdef LT_HAVE_MPI
    if (D.size > 1) MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
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
            for (slong k = 0; k < nk && !st; k++) {
                int got = ck_read(c, B, D.J, k, D.dir, D.tag, D.old_tag, D.what, D.ctx, err);
                if (got == -2) st = err->status;
                D.have[k] = got == 1;
            }
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
        int r = 0;
        for (int q = 1; q < D.size; q++) if (load[q] < load[r]) r = q;
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

lt_status lt_mpi_bch(lt_bchw_t S, const char *checkpoint, int *root, const lt_ctx_t ctx, lt_err_t err)
{
    drv D = {.c = NULL, .B = S->B, .dir = checkpoint, .tag = "w", .what = "bch", .ctx = ctx};
    lt_status st = lt_free_bch_job_new(&D.J, S, ctx, err);
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
