/* Threads: one function on a team, and chunks of work put out in order. */
#include <pthread.h>
#include <flint/flint.h>
#include "lietool/core.h"

typedef struct {
    void (*fn)(void *arg, int t);
    void *arg;
    int t;
} team_member;

static void *team_main(void *p)
{
    team_member *m = p;
    m->fn(m->arg, m->t);
    flint_cleanup();        /* FLINT's caches of this thread */
    return NULL;
}

int lt_threads_run(int nt, void (*fn)(void *arg, int t), void *arg)
{
    if (nt > 64) nt = 64;
    pthread_t th[64];
    team_member m[64];
    int started = 1;
    for (int t = 1; t < nt; t++) {
        m[started] = (team_member){fn, arg, started};
        if (pthread_create(th + started, NULL, team_main, m + started) == 0) started++;
    }
    fn(arg, 0);
    for (int t = 1; t < started; t++) pthread_join(th[t], NULL);
    return started;
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
