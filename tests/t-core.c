/* src/core: the random generator, primes, messages, limits, threads. */
#include <string.h>
#include <stdint.h>
#include "lietool/core.h"
#include "unit.h"

/* SplitMix64 from seed 0 (the published reference values) and the
   unbiased draw */
static void rng(void)
{
    unit_case = "splitmix64";
    lt_rng_t r;
    lt_rng_seed(r, 0);
    static const uint64_t want[3] = {0xe220a8397b1dcdafULL, 0x6e789e6aa1b965f4ULL, 0x06c45d188009454fULL};
    for (int i = 0; i < 3; i++) {
        uint64_t x = lt_rng_next(r);
        CHECK(x == want[i], "output %d is %016llx", i, (unsigned long long)x);
    }
    unit_case = "below";
    lt_rng_seed(r, 42);
    long count[6] = {0};
    int in_range = 1;
    for (int i = 0; i < 60000; i++) {
        uint64_t x = lt_rng_below(r, 6);
        if (x >= 6) in_range = 0; else count[x]++;
    }
    CHECK(in_range, "a draw out of range");
    for (int k = 0; k < 6; k++) CHECK(count[k] > 9500 && count[k] < 10500, "value %d drawn %ld times of 60000", k, count[k]);
    lt_rng_seed(r, 1);
    CHECK(lt_rng_below(r, 1) == 0, "below(1)");
    /* 2^63 + 1: more than half of the outputs are rejected, none returned out of range */
    uint64_t big = (1ULL << 63) + 1;
    int ok = 1;
    for (int i = 0; i < 200; i++) if (lt_rng_below(r, big) >= big) ok = 0;
    CHECK(ok, "below(2^63+1) out of range");
}

/* lt_rng_unit: in [0, 1), the top 53 bits of an output */
static void unit_draws(void)
{
    unit_case = "unit";
    lt_rng_t r, s;
    lt_rng_seed(r, 7);
    lt_rng_seed(s, 7);
    int ok = 1;
    for (int i = 0; i < 1000; i++) {
        double u = lt_rng_unit(r);
        if (!(u >= 0 && u < 1) || u != (double)(lt_rng_next(s) >> 11) * 0x1p-53) ok = 0;
    }
    CHECK(ok, "a draw outside [0, 1) or not the top 53 bits");
}

static void primes(void)
{
    unit_case = "primes";
    static const long p[] = {2, 3, 5, 7, 11, 13, 97, 65537, 2147483647};
    static const long c[] = {-7, 0, 1, 4, 9, 15, 91, 65535, 2147483649L};
    for (size_t i = 0; i < sizeof p / sizeof *p; i++) CHECK(lt_is_prime(p[i]), "%ld is prime", p[i]);
    for (size_t i = 0; i < sizeof c / sizeof *c; i++) CHECK(!lt_is_prime(c[i]), "%ld is not prime", c[i]);
}

/* one accounting for --max-memory: what lt_malloc holds counts against
   every later check, whoever allocated it */
static void memory(void)
{
    unit_case = "memory";
    size_t before = lt_mem_in_use();
    char *a = lt_malloc(3 << 20);
    memset(a, 1, 3 << 20);
    CHECK(lt_mem_in_use() >= before + (3 << 20), "in use %zu after 3 MiB, %zu before", lt_mem_in_use(), before);
    a = lt_realloc(a, 5 << 20);
    CHECK(lt_mem_in_use() >= before + (5 << 20), "in use %zu after growing to 5 MiB", lt_mem_in_use());
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    ctx->max_memory_mb = (long)((before >> 20) + 6);
    lt_err_t err;
    lt_err_init(err);
    /* 2 MiB alone fits; with the 5 MiB held it does not */
    CHECK(lt_ctx_check_memory(2.0 * 1048576, "the table", "here", ctx, err) == LT_ELIMIT, "2 MiB more accepted with 5 MiB held");
    CHECK(strstr(err->msg, "already in use, above --max-memory") != NULL, "message '%s'", err->msg);
    lt_free(a);
    CHECK(lt_mem_in_use() <= before + 4096, "in use %zu after the free, %zu before", lt_mem_in_use(), before);
    lt_err_init(err);
    CHECK(lt_ctx_check_memory(2.0 * 1048576, "the table", "here", ctx, err) == LT_OK, "2 MiB refused after the free: %s", err->msg);
}

/* `name` markers in the library's messages, as each front end spells them */
static void test_opt_style(void)
{
    unit_case = "option names";
    lt_err_t err;
    lt_err_init(err);
    static const struct { lt_opt_style st; const char *want; } C[] = {
        {LT_OPT_PLAIN, "order 120 is above max_enum 100 (raise max_enum); keep `Not` ``this''"},
        {LT_OPT_DASHED, "order 120 is above --max-enum 100 (raise --max-enum); keep `Not` ``this''"},
        {LT_OPT_KEYWORD, "order 120 is above max_enum=100 (raise max_enum=); keep `Not` ``this''"},
    };
    for (size_t i = 0; i < sizeof C / sizeof *C; i++) {
        lt_set_opt_style(C[i].st);
        lt_err_set(err, LT_ELIMIT, "order %d is above `max_enum` %d (raise `max_enum`); keep `Not` ``this''", 120, 100);
        CHECK(strcmp(err->msg, C[i].want) == 0, "style %d: '%s'", (int)C[i].st, err->msg);
    }
    lt_set_opt_style(LT_OPT_DASHED);
    CHECK(strcmp(lt_opt("max_checkpoint_mb"), "--max-checkpoint-mb") == 0, "lt_opt: %s", lt_opt("max_checkpoint_mb"));
    char small[8];
    size_t n = lt_opt_text(small, sizeof small, "a `max_enum` b");
    CHECK(n == strlen("a --max-enum b") && strcmp(small, "a --max") == 0, "truncated: %zu '%s'", n, small);
}

/* lt_threads_run: every t once, on as many threads as asked (the team
   kept between calls, and a call from inside one starting its own);
   lt_threads_ordered: the chunks put in order whatever the threads. */
typedef struct {
    int hits[64];
    int nested;
} run_arg;

static void run_fn(void *p, int t)
{
    run_arg *a = p;
    a->hits[t]++;
    if (t == 1 && !a->nested) {
        run_arg inner = {{0}, 1};
        int ran = lt_threads_run(3, run_fn, &inner);
        a->nested = ran == 3 && inner.hits[0] == 1 && inner.hits[1] == 1 && inner.hits[2] == 1 ? 2 : 1;
    }
}

typedef struct {
    long next_put, bad;
    long n;
} ord_arg;

static int ord_take(void *p, void *slot, long k)
{
    ord_arg *a = p;
    if (k >= a->n) return 0;
    ((long *)slot)[0] = k;
    return 1;
}

static void ord_work(void *p, void *slot)
{
    (void)p;
    long *s = slot;
    volatile long x = 0;
    for (long i = 0; i < (s[0] % 7) * 20000; i++) x += i;   /* chunks of unequal work */
    s[1] = s[0] * s[0];
}

static void ord_put(void *p, void *slot)
{
    ord_arg *a = p;
    long *s = slot;
    if (s[0] != a->next_put || s[1] != s[0] * s[0]) a->bad++;
    a->next_put++;
}

static void threads(void)
{
    unit_case = "threads";
    for (int nt = 1; nt <= 5; nt++)
        for (int rep = 0; rep < 3; rep++) {
            run_arg a = {{0}, nt < 2};
            int ran = lt_threads_run(nt, run_fn, &a);
            int ok = ran == nt;
            for (int t = 0; t < 64; t++) ok &= a.hits[t] == (t < nt);
            CHECK(ok, "lt_threads_run(%d): %d ran", nt, ran);
            CHECK(nt < 2 || a.nested == 2, "a call from a thread of the team (%d threads)", nt);
        }
    for (int nt = 1; nt <= 4; nt++) {
        long slots[4][2];
        void *sp[4] = {slots[0], slots[1], slots[2], slots[3]};
        ord_arg a = {0, 0, 200};
        lt_threads_ordered(nt, sp, &a, ord_take, ord_work, ord_put);
        CHECK(a.bad == 0 && a.next_put == 200, "lt_threads_ordered(%d): %ld put, %ld wrong", nt, a.next_put, a.bad);
    }
}

int main(void)
{
    test_opt_style();
    threads();
    rng();
    unit_draws();
    primes();
    memory();
    UNIT_DONE("t-core");
}
