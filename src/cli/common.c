/* Option parsing, loading objects and printing, shared by the commands. */
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "lietool/io.h"
#include "lietool/json.h"

int cli_usage(const lt_cmd *cmd, FILE *f)
{
    fprintf(f, "usage: lietool %s %s\n", cmd->name, cmd->usage);
    fprintf(f, "%s\n", cmd->summary);
    if (strcmp(cmd->name, "help") == 0) return 0;
    fprintf(f, "options: --json  --format text|json|gap  -q  --float  --tol T  --max-degree N  --max-order N  --max-enum N  --max-memory MIB  --max-dim N  -h  --\n");
    return 0;
}

int cli_fail(const lt_err_t err)
{
    fprintf(stderr, "lietool: %s\n", err->msg);
    return err->status ? (int)err->status : LT_EINTERNAL;
}

static int usage_error(const lt_cmd *cmd, const char *fmt, const char *arg)
{
    fprintf(stderr, "lietool: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nusage: lietool %s %s\n", cmd->name, cmd->usage);
    return LT_EUSAGE;
}

/* The value of option name at argv[*i] ("--name V" or "--name=V"): NULL
   when argv[*i] is another argument, "" when the value is missing. */
const char *cli_opt_value(int argc, char **argv, int *i, const char *name)
{
    size_t l = strlen(name);
    if (strncmp(argv[*i], name, l) != 0) return NULL;
    if (argv[*i][l] == '=') return argv[*i] + l + 1;
    if (argv[*i][l]) return NULL;
    return *i + 1 < argc ? argv[++*i] : "";
}

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

/* A bound as messages write it: 10^k for a power of ten from 10^6 up. */
static void put_bound(char *buf, size_t size, uint64_t x)
{
    int k = 0;
    uint64_t y = x;
    while (y >= 10 && y % 10 == 0) { y /= 10; k++; }
    if (y == 1 && k >= 6) snprintf(buf, size, "10^%d", k);
    else snprintf(buf, size, "%" PRIu64, x);
}

int cli_option_u64(uint64_t *out, const char *v, const char *opt, uint64_t min, uint64_t max, char *fmt)
{
    if (!cli_read_u64(out, v, min, max)) return 0;
    char a[32], b[32];
    put_bound(a, sizeof a, min);
    put_bound(b, sizeof b, max);
    snprintf(fmt, CLI_FMT_SIZE, "%s needs an integer from %s to %s, not '%%s'", opt, a, b);
    return -1;
}

int cli_option_long(long *out, const char *v, const char *opt, long min, long max, char *fmt)
{
    uint64_t x;
    if (cli_option_u64(&x, v, opt, (uint64_t)min, (uint64_t)max, fmt)) return -1;
    *out = (long)x;
    return 0;
}

/* A common integer option: -1 to go on, or the usage error's status. */
static int long_value(long *out, const char *v, const char *opt, long max, const lt_cmd *cmd)
{
    char fmt[CLI_FMT_SIZE];
    return cli_option_long(out, v, opt, 1, max, fmt) ? usage_error(cmd, fmt, v) : -1;
}

/* --max-order: a positive decimal integer, or 1eN with N up to
   CLI_MAX_ORDER_EXPONENT, short enough for ctx->max_order (size bytes);
   0 with it copied to out, -1 otherwise. */
static int max_order_value(char *out, size_t size, const char *v)
{
    uint64_t e;
    size_t l = strlen(v);
    int ok = l < size;
    if (v[0] == '1' && (v[1] == 'e' || v[1] == 'E')) ok = ok && !cli_read_u64(&e, v + 2, 0, CLI_MAX_ORDER_EXPONENT);
    else ok = ok && l > 0 && strspn(v, "0123456789") == l && strspn(v, "0") < l;
    if (!ok) return -1;
    memcpy(out, v, l + 1);
    return 0;
}

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

int cli_parse(cli_opts *o, int argc, char **argv, const lt_cmd *cmd)
{
    memset(o, 0, sizeof *o);
    lt_ctx_init(o->ctx);
    o->tol = 1e-10;
    o->pos = lt_malloc((size_t)(argc + 1) * sizeof *o->pos);
    int r;
    int options_done = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
        if (options_done) { o->pos[o->npos++] = argv[i]; continue; }
        if (strcmp(a, "--") == 0) { options_done = 1; continue; }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) return cli_usage(cmd, stdout);
        if (strcmp(a, "--json") == 0) { o->json = 1; continue; }
        if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) { o->quiet = 1; continue; }
        if (strcmp(a, "--float") == 0) { o->flt = 1; continue; }
        if (strcmp(a, "--format") == 0 || strncmp(a, "--format=", 9) == 0) {
            const char *v = a[8] == '=' ? a + 9 : (i + 1 < argc ? argv[++i] : NULL);
            if (!v) return usage_error(cmd, "%s needs a value", "--format");
            if (strcmp(v, "gap") == 0) o->gap = 1;
            else if (strcmp(v, "json") == 0) o->json = 1;
            else if (strcmp(v, "text") != 0) return usage_error(cmd, "--format takes text, json or gap, not '%s'", v);
            continue;
        }
        if (strcmp(a, "--tol") == 0 || strncmp(a, "--tol=", 6) == 0) {
            const char *v = a[5] == '=' ? a + 6 : (i + 1 < argc ? argv[++i] : NULL);
            char *e;
            if (!v) return usage_error(cmd, "%s needs a value", "--tol");
            o->tol = strtod(v, &e);
            if (*e || !(o->tol > 0 && o->tol < 1)) return usage_error(cmd, "--tol needs a number between 0 and 1, not '%s'", v);
            continue;
        }
        if (strncmp(a, "--max-", 6) == 0) {
            const char *eq = strchr(a, '=');
            char opt[64];
            size_t ol = eq ? (size_t)(eq - a) : strlen(a);
            if (ol >= sizeof opt) ol = sizeof opt - 1;
            memcpy(opt, a, ol); opt[ol] = '\0';
            if (eq) val = eq + 1;
            else if (i + 1 < argc) val = argv[++i];
            else return usage_error(cmd, "%s needs a value", opt);
            if (strcmp(opt, "--max-degree") == 0) { if ((r = long_value(&o->ctx->max_degree, val, opt, LT_MAX_DEGREE, cmd)) >= 0) return r; }
            else if (strcmp(opt, "--max-dim") == 0) { if ((r = long_value(&o->ctx->max_dim, val, opt, CLI_MAX_DIM, cmd)) >= 0) return r; }
            else if (strcmp(opt, "--max-enum") == 0) { if ((r = long_value(&o->ctx->max_enum, val, opt, CLI_MAX_ENUM, cmd)) >= 0) return r; }
            else if (strcmp(opt, "--max-memory") == 0) { if ((r = long_value(&o->ctx->max_memory_mb, val, opt, CLI_MAX_MIB, cmd)) >= 0) return r; }
            else if (strcmp(opt, "--max-order") == 0) {
                if (max_order_value(o->ctx->max_order, sizeof o->ctx->max_order, val)) {
                    char fmt[CLI_FMT_SIZE], e[32];
                    put_bound(e, sizeof e, CLI_MAX_ORDER_EXPONENT);
                    snprintf(fmt, sizeof fmt, "--max-order needs a positive integer of at most %zu digits or 1eN with N up to %s, not '%%s'",
                             sizeof o->ctx->max_order - 1, e);
                    return usage_error(cmd, fmt, val);
                }
            } else return usage_error(cmd, "unknown option '%s'", opt);
            continue;
        }
        if (a[0] == '-' && a[1] && !(a[1] >= '0' && a[1] <= '9')) return usage_error(cmd, "unknown option '%s'", a);
        o->pos[o->npos++] = argv[i];
    }
    if (!o->json && isatty(2)) o->ctx->progress = progress;
    return -1;
}

void cli_free(cli_opts *o)
{
    lt_free(o->pos);
    lt_free(o->object);
}

/* Joins the positional words into one object: "C5 x A4" may arrive as three
   words, and GAP syntax with spaces as several. */
static int usage_error(const lt_cmd *cmd, const char *fmt, const char *arg);
static int join_object(cli_opts *o, const lt_cmd *cmd)
{
    if (o->npos == 0) return usage_error(cmd, "%s", "missing object");
    int has_x = 0;
    size_t len = 1;
    for (int i = 0; i < o->npos; i++) {
        if (strcmp(o->pos[i], "x") == 0) has_x = 1;
        len += strlen(o->pos[i]) + 1;
    }
    if (o->npos > 1 && !has_x && strncmp(o->pos[0], "Group(", 6) != 0
        && strncmp(o->pos[0], "LieAlgebra(", 11) != 0) {
        char buf[256];
        snprintf(buf, sizeof buf, "expected one object, got %d (write a product as 'G x H'); extra '%%s'", o->npos);
        return usage_error(cmd, buf, o->pos[1]);
    }
    o->object = lt_malloc(len);
    o->object[0] = '\0';
    for (int i = 0; i < o->npos; i++) {
        if (i) strcat(o->object, " ");
        strcat(o->object, o->pos[i]);
    }
    return -1;
}

int cli_open_object(cli_opts *o, cli_object *X, int argc, char **argv, const lt_cmd *cmd, int need)
{
    memset(X, 0, sizeof *X);
    lt_pgrp_init(X->G, 1);
    lt_liealg_init(X->L);
    int r = cli_parse(o, argc, argv, cmd);
    if (r >= 0) { cli_close_object(o, X); return r; }
    if ((r = join_object(o, cmd)) >= 0) { cli_close_object(o, X); return r; }
    X->is_lie = lt_io_is_liealg(o->object);
    if (o->flt) {
        if (!X->is_lie) {
            fprintf(stderr, "lietool: --float takes a Lie algebra, not '%s'\n", o->object);
            r = LT_EUSAGE;
        } else r = cli_float_run(o, cmd);
        cli_close_object(o, X);
        return r;
    }
    if (need == 1 && X->is_lie) {
        fprintf(stderr, "lietool: %s: '%s' is a Lie algebra; this command takes a group\n", cmd->name, o->object);
        cli_close_object(o, X);
        return LT_EUSAGE;
    }
    if (need == 2 && !X->is_lie) {
        /* a group: say so; anything else: the Lie parser's message, with
           its suggestions */
        lt_err_t e2;
        lt_err_init(e2);
        lt_ctx_t c2;
        lt_ctx_init(c2);
        c2->max_degree = 1;
        lt_status gs = lt_io_group(X->G, NULL, o->object, c2, e2);
        if (gs == LT_OK || gs == LT_ELIMIT) {
            fprintf(stderr, "lietool: %s: '%s' is a group; this command takes a Lie algebra (see 'lietool help algebras')\n", cmd->name, o->object);
            cli_close_object(o, X);
            return LT_EUSAGE;
        }
        X->is_lie = 1;
    }
    lt_err_t err;
    lt_err_init(err);
    lt_status st;
    if (X->is_lie) st = lt_io_liealg(X->L, NULL, o->object, o->ctx, err);
    else {
        st = lt_io_group(X->G, NULL, o->object, o->ctx, err);
        if (!st) st = lt_pgrp_chain(X->G, NULL, o->ctx, err);
    }
    if (st) { cli_close_object(o, X); return cli_fail(err); }
    return -1;
}

void cli_close_object(cli_opts *o, cli_object *X)
{
    lt_pgrp_clear(X->G);
    lt_liealg_clear(X->L);
    cli_free(o);
}


void cli_json_begin(const cli_opts *o)
{
    printf("{\"object\": ");
    lt_json_put_string(stdout, o->object);
}

void cli_put_mpz(FILE *f, const mpz_t z, int json)
{
    if (json) fputc('"', f);
    mpz_out_str(f, 10, z);
    if (json) fputc('"', f);
}

void cli_put_series(FILE *f, const lt_pgrp_series_t S, int json)
{
    if (json) fputc('[', f);
    for (int i = 0; i < S->len; i++) {
        if (i) fputs(json ? ", " : " > ", f);
        cli_put_mpz(f, S->terms[i].order, json);
    }
    if (json) fputc(']', f);
}

int cli_predicate(cli_opts *o, const char *key, int value)
{
    if (o->json) {
        cli_json_begin(o);
        printf(", \"%s\": %s}\n", key, value ? "true" : "false");
    } else if (!o->quiet) printf("%s\n", value ? "yes" : "no");
    return value ? 0 : 1;
}

int cli_series_cmd(int argc, char **argv, const lt_cmd *self, int lower, int length_only)
{
    cli_opts o;
    cli_object X;
    int r = cli_open_object(&o, &X, argc, argv, self, lower == 2 ? 2 : 0);
    if (r >= 0) return r;
    if (X.is_lie) {
        r = cli_lie_series(&o, X.L, lower, length_only);
        cli_close_object(&o, &X);
        return r;
    }
    lt_pgrp_struct *G = X.G;
    lt_pgrp_series_t S;
    lt_pgrp_series_init(S);
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lower ? lt_pgrp_lower_central_series(S, G, o.ctx, err)
                         : lt_pgrp_derived_series(S, G, o.ctx, err);
    const char *skey = lower ? "lower_central_series" : "derived_series";
    const char *lkey = lower ? "nilpotency_class" : "derived_length";
    const char *no = lower ? "not nilpotent" : "not solvable";
    int length = S->len - 1;
    if (st) r = cli_fail(err);
    else if (o.json) {
        cli_json_begin(&o);
        if (!length_only) { printf(", \"%s\": ", skey); cli_put_series(stdout, S, 1); }
        printf(", \"%s\": ", lkey);
        if (S->reaches_one) printf("%d", length); else printf("null");
        printf("}\n");
    } else if (length_only) {
        if (S->reaches_one) printf("%d\n", length); else printf("%s\n", no);
    } else {
        cli_put_series(stdout, S, 0);
        printf("\n");
    }
    lt_pgrp_series_clear(S);
    cli_close_object(&o, &X);
    return st ? r : 0;
}
