/* lietool core: status codes, error messages, allocation, limits. */
#ifndef LIETOOL_CORE_H
#define LIETOOL_CORE_H

#include <stddef.h>
#include <stdarg.h>

#define LIETOOL_VERSION "0.1.0"

/* Legitimate failures are returned as an lt_status; the values are the exit
   statuses of the command line (DESIGN.md section 3). */
typedef enum {
    LT_OK = 0,
    LT_NO = 1,          /* a predicate answered no */
    LT_EUSAGE = 2,      /* bad command line */
    LT_EINPUT = 3,      /* invalid input */
    LT_ELIMIT = 4,      /* a resource limit was reached */
    LT_ENUMERIC = 5,    /* numerical failure */
    LT_EINTERNAL = 70   /* internal error */
} lt_status;

/* An error message buffer filled by library functions that fail. */
typedef struct {
    lt_status status;
    char msg[1024];
} lt_err_struct;
typedef lt_err_struct lt_err_t[1];

void lt_err_init(lt_err_t err);
/* Records a message (printf format) and returns status, so that callers can
   write `return lt_err_set(err, LT_EINPUT, "...", ...)`. */
lt_status lt_err_set(lt_err_t err, lt_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Prepends "prefix: " to an existing message. */
void lt_err_prefix(lt_err_t err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Allocation: aborts with a message on out-of-memory. */
void *lt_malloc(size_t n);
void *lt_calloc(size_t n, size_t size);
void *lt_realloc(void *p, size_t n);
char *lt_strdup(const char *s);
void lt_free(void *p);

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
    long max_memory_mb;     /* --max-memory: the large tables (stabiliser chains, structure constants) in MiB */
    long max_dim;           /* --max-dim: Lie algebra dimension and matrix size */
    /* Optional progress report for long work: what is being done, and how
       far (done of total). The library only calls it; it never prints. */
    void (*progress)(void *arg, const char *what, double done, double total);
    void *progress_arg;
} lt_ctx_struct;
typedef lt_ctx_struct lt_ctx_t[1];

void lt_ctx_init(lt_ctx_t ctx);

#endif
