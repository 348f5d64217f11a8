/* lietool core: status codes, error messages, allocation, limits. */
#ifndef LIETOOL_CORE_H
#define LIETOOL_CORE_H

#include <stddef.h>
#include <stdarg.h>
#include <stdint.h>

#define LIETOOL_VERSION "0.1.0"

/* Legitimate failures are returned as an lt_status (with a message in an
   lt_err_t); the command line maps them to its exit statuses. */
typedef enum {
    LT_OK = 0,
    LT_EINPUT = 3,      /* invalid input, or an argument outside its domain */
    LT_ELIMIT = 4,      /* a resource limit was reached */
    LT_ENUMERIC = 5,    /* numerical failure */
    LT_EINTERNAL = 70,  /* internal error */
    LT_EIO = 74,        /* an input/output error: a file that cannot be written (a full disk, a read-only
                           directory, a directory in its place); sysexits' EX_IOERR */
    LT_EMISSING = 127   /* a program or library the run needs is missing (as a shell's
                           "command not found"; ssm train without PyTorch) */
} lt_status;

/* An error message buffer filled by library functions that fail. */
typedef struct {
    lt_status status;
    char msg[1024];
} lt_err_struct;
typedef lt_err_struct lt_err_t[1];

void lt_err_init(lt_err_t err);

/* Parameters in messages. The library names a parameter (a limit, a
   setting) as `name` (backquoted, lower case, '_' between words: the
   field of lt_ctx or of a job's params) in the formats of lt_err_set,
   lt_err_prefix and lt_ctx_notice; the front end chooses how such a name
   reads: plain (max_enum, the default), dashed (--max-enum: the command
   line) or keyword (max_enum=, and "`max_enum` 100" reads max_enum=100).
   The library itself never spells a front end's options. */
typedef enum { LT_OPT_PLAIN, LT_OPT_DASHED, LT_OPT_KEYWORD } lt_opt_style;
void lt_set_opt_style(lt_opt_style style);
/* name as the front end spells it (a buffer of the calling thread, valid
   until its fourth next call) */
const char *lt_opt(const char *name);
/* text with its `name` markers spelled, into dst (n bytes, always ended
   when n > 0); the length of the whole result */
size_t lt_opt_text(char *dst, size_t n, const char *text);
/* Records a message (printf format) and returns status, so that callers can
   write `return lt_err_set(err, LT_EINPUT, "...", ...)`. */
/* A limit: LT_OK when value <= max, else LT_ELIMIT with the message
   "what: `name` VALUE is above `max_name` MAX". */
lt_status lt_err_above(lt_err_t err, const char *what, const char *name, long value, const char *max_name, long max);
lt_status lt_err_set(lt_err_t err, lt_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Prepends "prefix: " to an existing message. */
void lt_err_prefix(lt_err_t err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Out of memory: lt_malloc and friends call lt_oom(bytes), which calls the
   handler set here (the program's: the command line prints a message;
   none by default), then abort(). The library never prints or exits. */
void lt_set_oom_handler(void (*fn)(size_t n));
_Noreturn void lt_oom(size_t n);

/* Allocation: aborts with a message on out-of-memory. The bytes held by
   these wrappers are counted (one count for the process): lt_mem_in_use
   is what --max-memory bounds, through lt_ctx_check_memory and the
   stabiliser chains. */
void *lt_malloc(size_t n);
void *lt_calloc(size_t n, size_t size);
void *lt_realloc(void *p, size_t n);
char *lt_strdup(const char *s);
void lt_free(void *p);
size_t lt_mem_in_use(void);
/* A hard bound on lt_mem_in_use (0, the default: none): an allocation
   that would take the count above bytes calls exceeded (with the count
   it would reach) before it is made; exceeded must not return
   (the command line prints the --max-memory message and exits). */
void lt_mem_set_limit(size_t bytes, void (*exceeded)(size_t held, size_t limit));
/* Routes GMP's (and so MPFR's) and FLINT's allocations through these
   wrappers, so that the count and the bound cover them too. Call it once,
   before the first GMP, MPFR or FLINT number is made. */
void lt_mem_count_libraries(void);

/* $LIETOOL_THREADS as a thread count, 1..64 (larger values are 64), or 0
   when it is unset, empty or below 1. */
int lt_threads_env(void);
/* fn(arg, t) on threads t = 0 .. nt - 1 (at most 64; t = 0 is the
   caller's), returning when all have; a thread that cannot be started is
   left out: returns how many ran. The threads are kept for the next call
   (src/core/threads.c), awake for 20 ms after each. */
int lt_threads_run(int nt, void (*fn)(void *arg, int t), void *arg);
/* Starts the threads of lt_threads_run(nt, ...) now, so that they are
   awake when the work comes (a sleeping processor of a virtual machine
   takes milliseconds to wake). */
void lt_threads_warm(int nt);
/* Chunks of work in order, on nt threads (lt_threads_run; thread t uses
   slots[t]): take(arg, slot, k) is called for k = 0, 1, ... one at a
   time, in order, and sets chunk k up in slot (0: there is no chunk k,
   and none after); work(arg, slot) runs on the threads at once; and
   put(arg, slot) one at a time in the order of k (writing the chunks'
   results in order while the next are worked on). */
void lt_threads_ordered(int nt, void *const *slots, void *arg, int (*take)(void *arg, void *slot, long k),
                        void (*work)(void *arg, void *slot), void (*put)(void *arg, void *slot));

/* Levenshtein distance ignoring case, for "did you mean" suggestions
   (strings longer than 64 characters give 99). */
int lt_edit_distance(const char *a, const char *b);

/* The most points a permutation group may act on (permutations are int
   arrays): the largest point of cycle notation and of --max-degree. */
#define LT_MAX_DEGREE 1000000000L

/* Resource limits shared by every command; set by --max-* options. */
typedef struct {
    long max_degree;        /* --max-degree: points a permutation group may move, at most LT_MAX_DEGREE */
    char max_order[1100];   /* --max-order: group order, decimal or 1eN */
    long max_enum;          /* --max-enum: elements enumerated one by one */
    long max_memory_mb;     /* --max-memory: MiB held through lt_malloc, checked where tables grow */
    long max_dim;           /* --max-dim: Lie algebra dimension and matrix size */
    long max_tries;         /* random elements tried by randomised searches (conjugacy classes) */
    /* Optional progress report for long work: what is being done, and how
       far (done of total). The library only calls it; it never prints. */
    void (*progress)(void *arg, const char *what, double done, double total);
    void *progress_arg;
    /* Optional notices: what a run did that the caller may want to know
       (a checkpoint reused, a rank stopped on purpose), one sentence each;
       the library never prints them itself (lt_ctx_notice). */
    void (*notice)(void *arg, const char *msg);
    void *notice_arg;
} lt_ctx_struct;
typedef lt_ctx_struct lt_ctx_t[1];

void lt_ctx_init(lt_ctx_t ctx);
/* A notice through ctx->notice, when set (printf-style). */
void lt_ctx_notice(const lt_ctx_struct *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* BLAS and LAPACKE (OpenBLAS, LAPACKE), loaded at run time on first use
   (src/core/blas.c; once, thread-safe): LT_EMISSING with the reason when
   one cannot be loaded or lacks a function. Every public function that
   reaches them calls this first and returns its status. */
lt_status lt_blas_load(lt_err_t err);

/* Libraries loaded at run time (src/core/dl.c): dlopen of soname (what
   names it in the message, e.g. with its Debian package), RTLD_GLOBAL when
   global; NULL with LT_EMISSING in err when it cannot be loaded. */
void *lt_dl_open(const char *soname, const char *what, int global, lt_err_t err);
/* The n symbols names[i] of h into out[i]; LT_EMISSING ("LIB has no
   NAME") at the first one missing (out then partly filled: keep nothing). */
lt_status lt_dl_syms(void **out, void *h, const char *lib, const char *const *names, int n, lt_err_t err);
/* LT_ELIMIT with "WHERE: WHAT needs N MiB, above --max-memory M MiB" when
   bytes and what the process holds already (lt_mem_in_use) exceed
   ctx->max_memory_mb MiB; LT_OK otherwise. */
lt_status lt_ctx_check_memory(double bytes, const char *what, const char *where,
                              const lt_ctx_t ctx, lt_err_t err);

/* The random generator of the library (src/core/rng.c): SplitMix64
   (Steele, Lea and Flood, OOPSLA 2014).
   state += 0x9E3779B97F4A7C15; z = state;
   z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
   z = (z ^ (z >> 27)) * 0x94D049BB133111EB; output z ^ (z >> 31).
   lt_rng_below(n) draws outputs until one is below 2^64 - (2^64 mod n)
   and returns it mod n (no bias); lt_rng_unit is the top 53 bits of one
   output times 2^-53, uniform in [0, 1). */
typedef struct { uint64_t state; } lt_rng_struct;
typedef lt_rng_struct lt_rng_t[1];
void lt_rng_seed(lt_rng_t r, uint64_t seed);
uint64_t lt_rng_next(lt_rng_t r);
uint64_t lt_rng_below(lt_rng_t r, uint64_t n);
double lt_rng_unit(lt_rng_t r);

/* 1 if p is prime (trial division). */
int lt_is_prime(long p);

/* IEEE binary16 and bfloat16 to float (exact), and float to bfloat16
   (rounded to nearest, ties to even; NaN stays NaN): src/core/half.c */
float lt_st_f16_to_float(uint16_t h);
float lt_st_bf16_to_float(uint16_t h);
uint16_t lt_st_float_to_bf16(float f);

#endif
