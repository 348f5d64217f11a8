/* Options: one parser reads every command's declaration (cli.h), and the
   usage lines and -h are printed from the same declarations. The integer
   readers check every value against its range before it is stored. */
#include <assert.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "lietool/io.h"

/* ---- numbers ---- */

int cli_read_u64(uint64_t *out, const char *v, uint64_t min, uint64_t max)
{
    uint64_t x = 0;
    if (!*v) return -1;
    for (const char *c = v; *c; c++) {
        if (*c < '0' || *c > '9') return -1;
        unsigned d = (unsigned)(*c - '0');
        if (x > (UINT64_MAX - d) / 10) return -1;
        x = 10 * x + d;
    }
    if (x < min || x > max) return -1;
    *out = x;
    return 0;
}

int cli_read_count(uint64_t *out, const char *v, uint64_t min, uint64_t max)
{
    uint64_t x, k;
    if (v[0] == '1' && (v[1] == 'e' || v[1] == 'E')) {
        if (cli_read_u64(&k, v + 2, 0, 19)) return -1;      /* 10^19 < 2^64 */
        for (x = 1; k > 0; k--) x *= 10;
    } else if (cli_read_u64(&x, v, 0, UINT64_MAX)) return -1;
    if (x < min || x > max) return -1;
    *out = x;
    return 0;
}

/* A bound as messages write it: 10^k for a power of ten from 10^6 up. */
static void put_bound(char *buf, size_t size, uint64_t x)
{
    int k = 0;
    uint64_t y = x;
    while (y >= 10 && y % 10 == 0) { y /= 10; k++; }
    if (y == 1 && k >= 6) snprintf(buf, size, "10^%d", k);
    else snprintf(buf, size, "%" PRIu64, x);
}

/* --max-order: a positive decimal integer, or 1eN with N up to
   CLI_MAX_ORDER_EXPONENT, short enough for ctx->max_order; 0 with it
   copied to dst, -1 otherwise. */
#define MAX_ORDER_SIZE sizeof ((lt_ctx_struct *)0)->max_order
_Static_assert(MAX_ORDER_SIZE == 1100, "the message of --max-order says 1099 digits");
static int read_max_order(void *dst, const char *v)
{
    uint64_t e;
    size_t l = strlen(v);
    int ok = l < MAX_ORDER_SIZE;
    if (v[0] == '1' && (v[1] == 'e' || v[1] == 'E')) ok = ok && !cli_read_u64(&e, v + 2, 0, CLI_MAX_ORDER_EXPONENT);
    else ok = ok && l > 0 && strspn(v, "0123456789") == l && strspn(v, "0") < l;
    if (!ok) return -1;
    memcpy(dst, v, l + 1);
    return 0;
}

/* ---- progress ---- */

static void progress(void *arg, const char *what, double done, double total);
static void progress_end(void)
{
    progress(NULL, "", 1, 1);
}

/* Progress on stderr when it is a terminal, after the first second. */
static void progress(void *arg, const char *what, double done, double total)
{
    static struct timespec start;
    static int started, shown;
    struct timespec now;
    (void)arg;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (!started) { start = now; started = 1; }
    if (done >= total) {
        if (shown) fprintf(stderr, "\r%70s\r", "");
        shown = 0;
        return;
    }
    double t = (double)(now.tv_sec - start.tv_sec) + 1e-9 * (double)(now.tv_nsec - start.tv_nsec);
    if (t < 1.0) return;
    fprintf(stderr, "\rlietool: %s: %.0f%%   ", what, total > 0 ? 100.0 * done / total : 0.0);
    static int registered;
    if (!registered) atexit(progress_end);
    registered = shown = 1;
}

/* ---- the shared options ---- */

#define OPTS_AT(f, ctype) .in_opts = 1, CLI_AT(cli_opts, f, ctype)

static const cli_choice format_choices[] = {{"text", 0, 0}, {"json", 1, 0}, {NULL, 0, 0}};

static const cli_optdecl common[CLI_NCOMMON] = {
    [CLI_B_JSON] = {.name = "--json", .kind = CLI_FLAG, OPTS_AT(json, int), .group = CLI_G_OUTPUT,
                    .help = "one JSON object on one line instead of text"},
    [CLI_B_FORMAT] = {.name = "--format", .kind = CLI_ENUM, OPTS_AT(format, int), .choices = format_choices,
                      .flags = CLI_HIDDEN, .group = CLI_G_OUTPUT, .help = "text (the default) or json (as --json)"},
    [CLI_B_LATEX] = {.name = "--latex", .kind = CLI_FLAG, OPTS_AT(latex, int), .group = CLI_G_OUTPUT,
                     .help = "a LaTeX fragment (amsmath) instead of text"},
    [CLI_B_QUIET] = {.name = "-q", .alias = "--quiet", .kind = CLI_FLAG, OPTS_AT(quiet, int), .flags = CLI_HIDDEN,
                     .help = "print less: no answer (the exit status is it), no rank decisions (--float)"},
    [CLI_B_FLOAT] = {.name = "--float", .kind = CLI_FLAG, OPTS_AT(flt, int), .flags = CLI_HIDDEN,
                     .help = "double precision, printing every rank decision (Lie algebras)"},
    [CLI_B_TOL] = {.name = "--tol", .kind = CLI_DOUBLE, OPTS_AT(tol, double), .meta = "T", .dmin = 0, .dmax = 1,
                   .flags = CLI_HIDDEN | CLI_OPEN, .help = "the relative tolerance of floating-point decisions (default 1e-10)"},
    [CLI_B_MAX_DEGREE] = {.name = "--max-degree", .kind = CLI_LONG, OPTS_AT(ctx[0].max_degree, long), .meta = "N",
                          .min = 1, .max = LT_MAX_DEGREE, .flags = CLI_HIDDEN,
                          .help = "refuse groups on more than N points (default 100000)"},
    [CLI_B_MAX_ORDER] = {.name = "--max-order", .kind = CLI_CUSTOM, .in_opts = 1, .off = offsetof(cli_opts, ctx[0].max_order),
                         .parse = read_max_order, .meta = "N", .flags = CLI_HIDDEN,
                         .want = "a positive integer of at most 1099 digits or 1eN with N up to 10^9",
                         .help = "give up on a group of order above N (default 1e1000)"},
    [CLI_B_MAX_ENUM] = {.name = "--max-enum", .kind = CLI_LONG, OPTS_AT(ctx[0].max_enum, long), .meta = "N",
                        .min = 1, .max = CLI_MAX_ENUM, .flags = CLI_HIDDEN,
                        .help = "enumerate at most N elements one by one (default 1e7)"},
    [CLI_B_MAX_MEMORY] = {.name = "--max-memory", .kind = CLI_LONG, OPTS_AT(ctx[0].max_memory_mb, long), .meta = "MIB",
                          .min = 1, .max = CLI_MAX_MIB, .flags = CLI_HIDDEN,
                          .help = "all the run holds, in MiB (default 2048)"},
    [CLI_B_MAX_DIM] = {.name = "--max-dim", .kind = CLI_LONG, OPTS_AT(ctx[0].max_dim, long), .meta = "N",
                       .min = 1, .max = CLI_MAX_DIM, .flags = CLI_HIDDEN,
                       .help = "refuse Lie algebras and matrices above dimension N (default 1024)"},
};

/* ---- the options of one declaration ---- */

#define MAX_OPTS 64

typedef struct {
    const cli_optdecl *opt;
    int shown;          /* in the synopsis */
} entry;

typedef struct { entry e[MAX_OPTS]; int n; } optset;

static const cli_optdecl *own_named(const cli_optdecl *list, const char *name)
{
    for (const cli_optdecl *p = list; p && p->name; p++)
        if (strcmp(p->name, name) == 0) return p;
    return NULL;
}

static void add(optset *S, const cli_optdecl *p, int shown)
{
    assert(S->n < MAX_OPTS);
    S->e[S->n++] = (entry){p, shown};
}

static void add_common(optset *S, const cli_decl *top, const cli_decl *d, int from, int to, int which)
{
    for (int b = from; b < to; b++) {
        unsigned bit = 1u << b;
        int in_top = (top->common & bit) != 0, in_d = (d->common & bit) != 0;
        if (!(which & 1 && in_top) && !(which & 2 && in_d && !in_top)) continue;
        if (own_named(top->opts, common[b].name) || own_named(d->opts, common[b].name)) continue;
        unsigned show = in_top ? top->show : d->show;
        add(S, &common[b], !(common[b].flags & CLI_HIDDEN) || (show & bit));
    }
}

static void add_own(optset *S, const cli_optdecl *list)
{
    for (const cli_optdecl *p = list; p && p->name; p++) add(S, p, !(p->flags & CLI_HIDDEN));
}

/* The options d takes, in the order of usage lines: the shared output
   options, the command's own, the subcommand's own, the other shared ones.
   which: 1 the command's part, 2 the subcommand's part, 3 both. */
static void collect(optset *S, const lt_cmd *cmd, const cli_decl *d, int which)
{
    const cli_decl *top = cmd->decl;
    S->n = 0;
    if (d == top) which = 3;
    add_common(S, top, d, 0, CLI_B_FLOAT, which);
    if (which & 1 && d != top) add_own(S, top->opts);
    if (which & 2) add_own(S, d->opts);
    add_common(S, top, d, CLI_B_FLOAT, CLI_NCOMMON, which);
}

static int find(const optset *S, const char *name, size_t len)
{
    for (int k = 0; k < S->n; k++) {
        const cli_optdecl *p = S->e[k].opt;
        if ((strlen(p->name) == len && strncmp(p->name, name, len) == 0)
            || (p->alias && strlen(p->alias) == len && strncmp(p->alias, name, len) == 0))
            return k;
    }
    return -1;
}

static int takes_value(const cli_optdecl *p)
{
    return p->kind != CLI_FLAG;
}

/* ---- usage lines ---- */

typedef struct { char *s; size_t len, cap; } sbuf;

static void sb_put(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_put(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if (b->len + (size_t)n + 1 > b->cap) {
        b->cap = 2 * (b->len + (size_t)n + 1);
        b->s = lt_realloc(b->s, b->cap);
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* "--name META": META from the declaration, an enum's choices, or nothing. */
static void put_opt(sbuf *b, const cli_optdecl *p)
{
    sb_put(b, "%s", p->name);
    if (!takes_value(p)) return;
    if (p->meta) { sb_put(b, " %s", p->meta); return; }
    if (p->kind == CLI_ENUM) {
        int first = 1;
        for (const cli_choice *c = p->choices; c->name; c++)
            if (!c->alias) { sb_put(b, "%s%s", first ? " " : "|", c->name); first = 0; }
        return;
    }
    sb_put(b, " X");
}

/* The options of S in synopsis form: [--a | --b] [--c N [--d]] --e T */
static void put_synopsis(sbuf *b, const optset *S)
{
    int done[MAX_OPTS] = {0};
    for (int k = 0; k < S->n; k++) {
        const cli_optdecl *p = S->e[k].opt;
        if (done[k] || !S->e[k].shown || p->needs) continue;
        if (p->group) {
            sb_put(b, " [");
            int first = 1;
            for (int j = k; j < S->n; j++)
                if (S->e[j].opt->group == p->group && S->e[j].shown) {
                    if (!first) sb_put(b, " | ");
                    put_opt(b, S->e[j].opt);
                    done[j] = 1;
                    first = 0;
                }
            sb_put(b, "]");
            continue;
        }
        int req = p->flags & CLI_REQUIRED;
        sb_put(b, req ? " " : " [");
        put_opt(b, p);
        for (int j = 0; j < S->n; j++)
            if (S->e[j].opt->needs && S->e[j].shown && strcmp(S->e[j].opt->needs, p->name) == 0) {
                sb_put(b, " [");
                put_opt(b, S->e[j].opt);
                sb_put(b, "]");
            }
        if (!req) sb_put(b, "]");
    }
}

static void put_args(sbuf *b, const cli_decl *d)
{
    if (d->args && *d->args) sb_put(b, " %s", d->args);
}

/* The usage line after "lietool ": the command's synopsis (its
   subcommands' joined by " | "), or one subcommand's. */
static void synopsis(sbuf *b, const lt_cmd *cmd, const cli_decl *sub)
{
    const cli_decl *top = cmd->decl;
    optset S;
    sb_put(b, "%s", cmd->name);
    if (sub && sub->name) {
        sb_put(b, " %s", sub->name);
        collect(&S, cmd, sub, 3);
        put_synopsis(b, &S);
        put_args(b, sub);
        return;
    }
    if (!top->subs) {
        collect(&S, cmd, top, 3);
        put_synopsis(b, &S);
        put_args(b, top);
        return;
    }
    collect(&S, cmd, top, 3);
    put_synopsis(b, &S);
    for (int i = 0; top->subs[i]; i++) {
        const cli_decl *s = top->subs[i];
        sb_put(b, i ? " |" : "");
        if (s->name) sb_put(b, " %s", s->name);
        if (s->brief) { sb_put(b, " ..."); continue; }
        collect(&S, cmd, s, 2);
        put_synopsis(b, &S);
        put_args(b, s);
    }
}

static void put_usage_line(FILE *f, const lt_cmd *cmd, const cli_decl *sub)
{
    sbuf b = {0};
    synopsis(&b, cmd, sub);
    fprintf(f, "usage: lietool %s\n", b.s);
    lt_free(b.s);
}

int cli_usage_error(const lt_cmd *cmd, const cli_decl *sub, const char *fmt, ...)
{
    va_list ap;
    if (sub && sub->name) fprintf(stderr, "lietool: %s %s: ", cmd->name, sub->name);
    else fprintf(stderr, "lietool: %s: ", cmd->name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    put_usage_line(stderr, cmd, sub);
    return CLI_USAGE;
}

static void put_option_help(FILE *f, const optset *S)
{
    int w = 0;
    char left[MAX_OPTS][64];
    for (int k = 0; k < S->n; k++) {
        sbuf b = {0};
        const cli_optdecl *p = S->e[k].opt;
        if (p->alias) sb_put(&b, "%s, ", p->name);
        put_opt(&b, p->alias ? &(cli_optdecl){.name = p->alias, .kind = p->kind, .meta = p->meta, .choices = p->choices} : p);
        snprintf(left[k], sizeof left[k], "%s", b.s);
        lt_free(b.s);
        int l = (int)strlen(left[k]);
        if (l > w) w = l;
    }
    if (w < 10) w = 10;
    if (w > 24) w = 24;
    fprintf(f, "options:\n");
    for (int k = 0; k < S->n; k++) {
        const cli_optdecl *p = S->e[k].opt;
        if ((int)strlen(left[k]) > w) fprintf(f, "  %s\n  %*s  %s", left[k], w, "", p->help ? p->help : "");
        else fprintf(f, "  %-*s  %s", w, left[k], p->help ? p->help : "");
        if (p->flags & CLI_REQUIRED) fprintf(f, " (required)");
        if (p->needs) fprintf(f, " (with %s)", p->needs);
        fputc('\n', f);
    }
    fprintf(f, "  %-*s  %s\n  %-*s  %s\n", w, "-h, --help", "this usage", w, "--", "the words after it are operands");
}

int cli_usage_sub(const lt_cmd *cmd, const cli_decl *sub, FILE *f)
{
    const cli_decl *top = cmd->decl;
    const cli_decl *d = sub && sub->name ? sub : NULL;
    put_usage_line(f, cmd, d);
    fprintf(f, "%s\n", d ? d->summary : cmd->summary);
    if (!d && top->subs) {
        int named = 0;
        for (int i = 0; top->subs[i]; i++) named += top->subs[i]->name != NULL;
        if (named) fprintf(f, "subcommands ('lietool %s SUBCOMMAND -h' lists its options):\n", cmd->name);
        for (int i = 0; top->subs[i]; i++)
            if (top->subs[i]->name) fprintf(f, "  %-14s %s\n", top->subs[i]->name, top->subs[i]->summary);
        if (top->subs[0] && !top->subs[0]->name) d = top->subs[0];
    }
    optset S;
    collect(&S, cmd, d ? d : top, 3);
    if (S.n) put_option_help(f, &S);
    return 0;
}

int cli_usage(const lt_cmd *cmd, FILE *f)
{
    return cli_usage_sub(cmd, NULL, f);
}

/* ---- parsing ---- */

/* An option word: "-" and a letter or "-"; "-5" and "-" are operands. */
static int is_option(const char *a)
{
    return a[0] == '-' && a[1] && !(a[1] >= '0' && a[1] <= '9');
}

static int is_help(const char *a)
{
    return strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0;
}

static const lt_cmd *all_cmds;
static int n_all_cmds;

void cli_set_commands(const lt_cmd *cmds, int n)
{
    all_cmds = cmds;
    n_all_cmds = n;
}

/* Does some command (or subcommand) declare the option? */
static int known_anywhere(const char *name, size_t len)
{
    optset S;
    for (int i = 0; i < n_all_cmds; i++) {
        const lt_cmd *c = &all_cmds[i];
        collect(&S, c, c->decl, 3);
        if (find(&S, name, len) >= 0) return 1;
        for (int j = 0; c->decl->subs && c->decl->subs[j]; j++) {
            collect(&S, c, c->decl->subs[j], 3);
            if (find(&S, name, len) >= 0) return 1;
        }
    }
    return 0;
}

/* " (did you mean --x or --y?)": this command's options and aliases
   within edit distance 2 of the unknown one (or starting with it, as
   --max-mem for --max-memory), "" when none is. */
static void suggest(char *buf, size_t size, const optset *S, const char *name, size_t len)
{
    char a[64];
    size_t l = 0;
    buf[0] = '\0';
    if (len >= sizeof a) return;
    memcpy(a, name, len);
    a[len] = '\0';
    for (int k = 0; k < S->n && l + 2 < size; k++) {
        const char *nm[2] = {S->e[k].opt->name, S->e[k].opt->alias};
        for (int j = 0; j < 2; j++) {
            if (!nm[j]) continue;
            int near = lt_edit_distance(a, nm[j]) <= 2 || (len >= 4 && strncmp(nm[j], a, len) == 0);
            if (!near || strstr(buf, nm[j])) continue;
            l += (size_t)snprintf(buf + l, size - l, "%s%s", l ? " or " : " (did you mean ", nm[j]);
            break;
        }
    }
    if (l && l + 2 < size) snprintf(buf + l, size - l, "?)");
    else if (l) buf[0] = '\0';
}

/* "a, b or c" of a list of names (at most n of them). */
static void put_or_list(sbuf *b, const char *const *names, int n)
{
    sb_put(b, "%s", "");
    for (int i = 0; i < n; i++)
        sb_put(b, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ", names[i]);
}

const cli_decl *cli_find_sub(const lt_cmd *cmd, int argc, char **argv, int *status)
{
    const cli_decl *top = cmd->decl;
    if (!top->subs) return top;
    const cli_decl *def = top->subs[0] && !top->subs[0]->name ? top->subs[0] : NULL;
    const char *word = NULL;
    for (int i = 1; i < argc && !word; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) { word = i + 1 < argc ? argv[i + 1] : NULL; break; }
        if (!is_option(a)) { word = a; break; }
        if (is_help(a)) { *status = cli_usage_sub(cmd, NULL, stdout); return NULL; }
        if (strchr(a, '=')) continue;
        /* skip the value of an option that takes one in some subcommand */
        optset S;
        int value = 0;
        for (int j = 0; top->subs[j] && !value; j++) {
            collect(&S, cmd, top->subs[j], 3);
            int k = find(&S, a, strlen(a));
            value = k >= 0 && takes_value(S.e[k].opt);
        }
        if (value) i++;
    }
    const char *names[32] = {0};
    int n = 0;
    for (int j = 0; top->subs[j] && n < 32; j++)
        if (top->subs[j]->name) {
            if (word && strcmp(word, top->subs[j]->name) == 0) return top->subs[j];
            names[n++] = top->subs[j]->name;
        }
    if (def) return def;
    sbuf b = {0};
    put_or_list(&b, names, n);
    if (word) *status = cli_usage_error(cmd, NULL, "unknown subcommand '%s' (%s)", word, b.s);
    else *status = cli_usage_error(cmd, NULL, "missing the subcommand (%s)", b.s);
    lt_free(b.s);
    return NULL;
}

/* Reads v into p's destination; 0, or -1 with the message's "needs ..." in want. */
static int store(void *base, const cli_optdecl *p, const char *v, char *want, size_t size)
{
    char *dst = (char *)base + p->off;
    uint64_t x, tmax = 0;
    switch (p->kind) {
    case CLI_FLAG: *(int *)dst = 1; return 0;
    case CLI_INT: tmax = INT_MAX; break;
    case CLI_LONG: tmax = LONG_MAX; break;
    case CLI_ULONG: tmax = ULONG_MAX; break;
    case CLI_U64: tmax = UINT64_MAX; break;
    case CLI_DOUBLE: {
        char *e;
        double d = strtod(v, &e);
        int open = (p->flags & CLI_OPEN) != 0;
        if (*e || e == v || !isfinite(d) || (open ? !(d > p->dmin && d < p->dmax) : !(d >= p->dmin && d <= p->dmax))) {
            if (p->want) snprintf(want, size, "%s", p->want);
            else snprintf(want, size, open ? "a number between %g and %g" : "a number from %g to %g", p->dmin, p->dmax);
            return -1;
        }
        *(double *)dst = d;
        return 0;
    }
    case CLI_STRING: *(const char **)dst = v; return 0;
    case CLI_ENUM: {
        const char *names[16] = {0};
        int n = 0;
        for (const cli_choice *c = p->choices; c->name; c++) {
            if (strcmp(c->name, v) == 0) { *(int *)dst = c->value; return 0; }
            if (!c->alias && n < 16) names[n++] = c->name;
        }
        sbuf b = {0};
        put_or_list(&b, names, n);
        snprintf(want, size, "%s", p->want ? p->want : b.s);
        lt_free(b.s);
        return -1;
    }
    case CLI_CUSTOM:
        if (p->parse(dst, v) == 0) return 0;
        snprintf(want, size, "%s", p->want);
        return -1;
    }
    uint64_t max = p->max < tmax ? p->max : tmax;
    if (cli_read_count(&x, v, p->min, max)) {
        char a[32], b[32];
        put_bound(a, sizeof a, p->min);
        put_bound(b, sizeof b, max);
        if (p->want) snprintf(want, size, "%s", p->want);
        else snprintf(want, size, "an integer from %s to %s", a, b);
        return -1;
    }
    /* x <= max <= the type's maximum: every conversion below is exact */
    switch (p->kind) {
    case CLI_INT: *(int *)dst = (int)x; break;
    case CLI_LONG: *(long *)dst = (long)x; break;
    case CLI_ULONG: *(unsigned long *)dst = (unsigned long)x; break;
    default: *(uint64_t *)dst = x; break;
    }
    return 0;
}

/* The bound of --max-memory on everything the run holds (lt_mem_set_limit):
   past it the run stops at once, its pending output files removed. */
static char mem_command[64];
static int mem_option;     /* the command takes --max-memory */

static void mem_exceeded(size_t held, size_t limit)
{
    lt_mem_set_limit(0, NULL);
    lt_io_out_remove_pending();
    if (mem_option)
        fprintf(stderr, "lietool: %s: the run would hold %zu MiB, above --max-memory %zu MiB (raise it with --max-memory MIB)\n",
                mem_command, (held >> 20) + ((held & ((1u << 20) - 1)) != 0), limit >> 20);
    else
        fprintf(stderr, "lietool: %s: the run would hold %zu MiB, above the bound of %zu MiB on every run\n",
                mem_command, (held >> 20) + ((held & ((1u << 20) - 1)) != 0), limit >> 20);
    _exit(CLI_LIMIT);
}

/* The library's notices (lt_ctx_notice): one line each on standard error. */
static void notice(void *arg, const char *msg)
{
    (void)arg;
    fprintf(stderr, "lietool: %s\n", msg);
    fflush(stderr);
}

int cli_getopts(cli_opts *o, void *own, int argc, char **argv, const lt_cmd *cmd, const cli_decl *d)
{
    if (!d) d = cmd->decl;
    memset(o, 0, sizeof *o);
    lt_ctx_init(o->ctx);
    o->ctx->notice = notice;
    o->tol = d->tol > 0 ? d->tol : 1e-10;
    o->sub = d;
    o->cmd = cmd;
    o->pos = lt_malloc((size_t)(argc + 1) * sizeof *o->pos);
    optset S;
    collect(&S, cmd, d, 3);
    int seen[MAX_OPTS] = {0};
    int skip_name = d->name != NULL, done = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (done || !is_option(a)) {
            if (skip_name && strcmp(a, d->name) == 0) { skip_name = 0; continue; }
            skip_name = 0;
            o->pos[o->npos++] = argv[i];
            continue;
        }
        if (strcmp(a, "--") == 0) { done = 1; continue; }
        if (is_help(a)) return cli_usage_sub(cmd, d, stdout);
        const char *eq = strchr(a, '=');
        size_t len = eq ? (size_t)(eq - a) : strlen(a);
        int k = find(&S, a, len);
        if (k < 0) {
            int other = known_anywhere(a, len);
            char sugg[200];
            suggest(sugg, sizeof sugg, &S, a, len);
            return cli_usage_error(cmd, d, other ? "this command does not take '%.*s'%s" : "unknown option '%.*s'%s",
                                   (int)len, a, sugg);
        }
        const cli_optdecl *p = S.e[k].opt;
        void *base = p->in_opts ? (void *)o : own;
        if (!takes_value(p)) {
            if (eq) return cli_usage_error(cmd, d, "%.*s takes no value, not '%s'", (int)len, a, eq + 1);
            store(base, p, NULL, NULL, 0);
        } else {
            const char *v = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
            char want[400];
            /* the option as written (an alias names itself) */
            if (!v || !*v) return cli_usage_error(cmd, d, "%.*s needs a value", (int)len, a);
            if (store(base, p, v, want, sizeof want))
                return cli_usage_error(cmd, d, "%.*s needs %s, not '%s'", (int)len, a, want, v);
        }
        if (p->group)
            for (int j = 0; j < S.n; j++)
                if (j != k && seen[j] && S.e[j].opt->group == p->group) {
                    int later = j > k ? j : k, earlier = j > k ? k : j;
                    return cli_usage_error(cmd, d, "%s and %s exclude each other", S.e[later].opt->name, S.e[earlier].opt->name);
                }
        seen[k] = 1;
    }
    for (int k = 0; k < S.n; k++) {
        const cli_optdecl *p = S.e[k].opt;
        if ((p->flags & CLI_REQUIRED) && !seen[k]) {
            sbuf b = {0};
            put_opt(&b, p);
            int r = cli_usage_error(cmd, d, "%s is required", b.s);
            lt_free(b.s);
            return r;
        }
        if (p->needs && seen[k]) {
            int j = find(&S, p->needs, strlen(p->needs));
            if (j >= 0 && !seen[j]) {
                sbuf b = {0};
                put_opt(&b, S.e[j].opt);
                int r = cli_usage_error(cmd, d, "%s applies only with %s", p->name, b.s);
                lt_free(b.s);
                return r;
            }
        }
    }
    int n = o->npos;
    const char *what = d->what ? d->what : "operands";
    if (d->max_args == 0 && n > 0)
        return cli_usage_error(cmd, d, "unexpected operand '%s'%s%s%s", o->pos[0], d->what ? " (" : "", d->what ? d->what : "",
                               d->what ? ")" : "");
    if (d->min_args == d->max_args && n != d->min_args)
        return cli_usage_error(cmd, d, "expected %d operand%s (%s), got %d", d->min_args, d->min_args == 1 ? "" : "s", what, n);
    if (n == 0 && d->min_args > 0) return cli_usage_error(cmd, d, "missing %s", what);
    if (n < d->min_args) return cli_usage_error(cmd, d, "expected %s, got %d operand%s", what, n, n == 1 ? "" : "s");
    if (d->max_args >= 0 && n > d->max_args)
        return cli_usage_error(cmd, d, "expected at most %d operand%s (%s), got %d", d->max_args, d->max_args == 1 ? "" : "s", what, n);
    if (o->format == 1) o->json = 1;
    if (o->format == 2) o->gap = 1;
    if (!o->json && isatty(2)) o->ctx->progress = progress;
    snprintf(mem_command, sizeof mem_command, "%s%s%s", cmd->name, d->name ? " " : "", d->name ? d->name : "");
    mem_option = find(&S, "--max-memory", 12) >= 0;
    lt_mem_set_limit((size_t)o->ctx->max_memory_mb << 20, mem_exceeded);
    return -1;
}

void cli_free(cli_opts *o)
{
    lt_free(o->pos);
    lt_free(o->object);
    o->pos = NULL;
    o->object = NULL;
}
