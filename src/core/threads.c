/* Threads: one function on a team, and chunks of work put out in order.

   The team's threads are kept: started once (lt_threads_warm, or the first
   lt_threads_run), they wait for the next function spinning for 20 ms
   before they sleep. On this project's virtual machine an idle processor
   is halted and takes 2 to 12 ms to start a thread (as long as half the
   BCH series of degree 20 takes), and Linux puts a new thread on its
   creator's processor, where it waits for the next balancing (4 ms): a
   thread of the team starts on another processor than the caller's (then
   may run anywhere), and kept spinning between the steps of one
   computation, keeps it awake. A call made while the team is busy (from
   one of its threads, or from another caller) starts threads of its own. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <time.h>
#include <sched.h>
#include <flint/flint.h>
#include "lietool/core.h"

#define TEAM_MAX 63             /* threads besides the caller */
#define TEAM_SPIN_NS 20000000L  /* how long an idle thread stays awake */

static pthread_mutex_t team_use = PTHREAD_MUTEX_INITIALIZER;   /* one caller at a time */
static pthread_mutex_t team_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t team_go = PTHREAD_COND_INITIALIZER, team_done = PTHREAD_COND_INITIALIZER;
static int team_size;                   /* threads started (under team_use) */
static _Atomic unsigned long team_gen;  /* the number of the function posted last */
static _Atomic int team_pending;        /* threads that have not finished it */
static void (*team_fn)(void *arg, int t);
static void *team_arg;
static int team_nt;
static unsigned long team_seen[TEAM_MAX + 1];   /* thread t starts after function team_seen[t] */

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

static long elapsed_ns(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (t.tv_sec - t0->tv_sec) * 1000000000L + (t.tv_nsec - t0->tv_nsec);
}

/* Spins until *x != v or TEAM_SPIN_NS pass; whether it changed. */
static int spin_while(_Atomic unsigned long *x, unsigned long v)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int k = 1;; k++) {
        if (atomic_load(x) != v) return 1;
        cpu_relax();
        if (k % 256 == 0) {
            if (elapsed_ns(&t0) > TEAM_SPIN_NS) return 0;
            sched_yield();      /* to other work this processor has */
        }
    }
}

static cpu_set_t team_cpus;     /* the processors the team may use */

static void *team_main(void *p)
{
    int id = (int)(long)p;
    unsigned long seen = team_seen[id];
    pthread_setaffinity_np(pthread_self(), sizeof team_cpus, &team_cpus);
    for (;;) {
        if (!spin_while(&team_gen, seen)) {
            pthread_mutex_lock(&team_lock);
            while (atomic_load(&team_gen) == seen) pthread_cond_wait(&team_go, &team_lock);
            pthread_mutex_unlock(&team_lock);
        }
        seen = atomic_load(&team_gen);
        if (id < team_nt) {
            team_fn(team_arg, id);
            flint_cleanup();    /* FLINT's caches of this thread */
        }
        if (atomic_fetch_sub(&team_pending, 1) == 1) {
            pthread_mutex_lock(&team_lock);
            pthread_cond_broadcast(&team_done);
            pthread_mutex_unlock(&team_lock);
        }
    }
    return NULL;
}

/* A child of fork has none of the team's threads (and the locks as the
   parent's other threads held them): a new team. */
static void team_forked(void)
{
    team_size = 0;
    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    pthread_cond_t c = PTHREAD_COND_INITIALIZER;
    team_use = m;
    team_lock = m;
    team_go = c;
    team_done = c;
}

static pthread_once_t team_once = PTHREAD_ONCE_INIT;

static void team_init(void)
{
    pthread_atfork(NULL, NULL, team_forked);
}

/* At least n - 1 threads in the team (under team_use); those that start
   wait for the function after the current one. */
static void team_grow(int n)
{
    if (n - 1 > TEAM_MAX) n = TEAM_MAX + 1;
    if (team_size >= n - 1) return;
    pthread_once(&team_once, team_init);
    /* thread t starts on the t-th processor after the caller's */
    int here = sched_getcpu(), ncpu = 0, cpus[CPU_SETSIZE];
    if (sched_getaffinity(0, sizeof team_cpus, &team_cpus)) CPU_ZERO(&team_cpus);
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &team_cpus)) cpus[ncpu++] = c;
    int at0 = 0;
    while (at0 < ncpu && cpus[at0] != here) at0++;
    while (team_size < n - 1) {
        pthread_attr_t at;
        pthread_t th;
        pthread_attr_init(&at);
        pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
        if (ncpu > 1) {
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(cpus[(at0 + team_size + 1) % ncpu], &one);
            pthread_attr_setaffinity_np(&at, sizeof one, &one);
        }
        /* a new thread's first function is the next one posted */
        team_seen[team_size + 1] = atomic_load(&team_gen);
        int ok = pthread_create(&th, &at, team_main, (void *)(long)(team_size + 1)) == 0;
        pthread_attr_destroy(&at);
        if (!ok) break;
        team_size++;
    }
}

void lt_threads_warm(int nt)
{
    if (nt < 2 || pthread_mutex_trylock(&team_use)) return;
    team_grow(nt);
    pthread_mutex_unlock(&team_use);
}

/* lt_threads_run on threads of its own */
typedef struct {
    void (*fn)(void *arg, int t);
    void *arg;
    int t;
} own_member;

static void *own_main(void *p)
{
    own_member *m = p;
    m->fn(m->arg, m->t);
    flint_cleanup();
    return NULL;
}

static int run_own(int nt, void (*fn)(void *arg, int t), void *arg)
{
    pthread_t th[TEAM_MAX + 1];
    own_member m[TEAM_MAX + 1];
    int started = 1;
    for (int t = 1; t < nt; t++) {
        m[started] = (own_member){fn, arg, started};
        if (pthread_create(th + started, NULL, own_main, m + started) == 0) started++;
    }
    fn(arg, 0);
    for (int t = 1; t < started; t++) pthread_join(th[t], NULL);
    return started;
}

int lt_threads_run(int nt, void (*fn)(void *arg, int t), void *arg)
{
    if (nt > TEAM_MAX + 1) nt = TEAM_MAX + 1;
    if (nt < 2) {
        fn(arg, 0);
        return 1;
    }
    if (pthread_mutex_trylock(&team_use)) return run_own(nt, fn, arg);
    team_grow(nt);
    if (team_size == 0) {
        pthread_mutex_unlock(&team_use);
        return run_own(nt, fn, arg);
    }
    int ran = nt <= team_size + 1 ? nt : team_size + 1;
    team_fn = fn;
    team_arg = arg;
    team_nt = ran;
    atomic_store(&team_pending, team_size);
    pthread_mutex_lock(&team_lock);
    atomic_fetch_add(&team_gen, 1);
    pthread_cond_broadcast(&team_go);
    pthread_mutex_unlock(&team_lock);
    fn(arg, 0);
    /* the others: a short wait spinning, a long one asleep */
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int k = 1; atomic_load(&team_pending) > 0; k++) {
        cpu_relax();
        if (k % 256 == 0 && elapsed_ns(&t0) > TEAM_SPIN_NS) {
            pthread_mutex_lock(&team_lock);
            while (atomic_load(&team_pending) > 0) pthread_cond_wait(&team_done, &team_lock);
            pthread_mutex_unlock(&team_lock);
        }
    }
    pthread_mutex_unlock(&team_use);
    return ran;
}

typedef struct {
    void *const *slots;
    void *arg;
    int (*take)(void *arg, void *slot, long k);
    void (*work)(void *arg, void *slot);
    void (*put)(void *arg, void *slot);
    pthread_mutex_t lock;       /* the next chunk to take */
    long next;
    int done;
    pthread_mutex_t turn_lock;  /* the next chunk to put */
    pthread_cond_t turn_cv;
    long turn;
} ordered;

static void ordered_member(void *p, int t)
{
    ordered *O = p;
    void *slot = O->slots[t];
    for (;;) {
        pthread_mutex_lock(&O->lock);
        long k = O->next;
        int got = !O->done && O->take(O->arg, slot, k);
        if (got) O->next++;
        else O->done = 1;
        pthread_mutex_unlock(&O->lock);
        if (!got) return;
        O->work(O->arg, slot);
        pthread_mutex_lock(&O->turn_lock);
        while (O->turn != k) pthread_cond_wait(&O->turn_cv, &O->turn_lock);
        pthread_mutex_unlock(&O->turn_lock);
        O->put(O->arg, slot);
        pthread_mutex_lock(&O->turn_lock);
        O->turn++;
        pthread_cond_broadcast(&O->turn_cv);
        pthread_mutex_unlock(&O->turn_lock);
    }
}

void lt_threads_ordered(int nt, void *const *slots, void *arg, int (*take)(void *arg, void *slot, long k),
                        void (*work)(void *arg, void *slot), void (*put)(void *arg, void *slot))
{
    ordered O = {slots, arg, take, work, put, PTHREAD_MUTEX_INITIALIZER, 0, 0,
                 PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0};
    lt_threads_run(nt, ordered_member, &O);
    pthread_mutex_destroy(&O.lock);
    pthread_mutex_destroy(&O.turn_lock);
    pthread_cond_destroy(&O.turn_cv);
}
