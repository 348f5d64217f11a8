/* Option parsing, loading objects and printing, shared by the commands. */
#include <stdlib.h>
#include <string.h>
#include <errno.h>
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

int cli_exit_code(lt_status st)
{
    switch (st) {
    case LT_OK: return CLI_OK;
    case LT_EINPUT: return CLI_INPUT;
    case LT_ELIMIT: return CLI_LIMIT;
    case LT_ENUMERIC: return CLI_NUMERIC;
    case LT_EINTERNAL: break;
    }
    return CLI_INTERNAL;
}

int cli_fail(const lt_err_t err)
{
    fprintf(stderr, "lietool: %s\n", err->msg);
    return err->status ? cli_exit_code(err->status) : CLI_INTERNAL;
}

static int usage_error(const lt_cmd *cmd, const char *fmt, const char *arg)
{
    fprintf(stderr, "lietool: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nusage: lietool %s %s\n", cmd->name, cmd->usage);
    return CLI_USAGE;
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

static int long_value(long *out, const char *v, const char *opt, const lt_cmd *cmd)
{
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (errno || *end || x < 1) {
        char buf[128];
        snprintf(buf, sizeof buf, "%s needs a positive integer, not '%%s'", opt);
        return usage_error(cmd, buf, v);
    }
    *out = x;
    return -1;
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
            if (strcmp(opt, "--max-degree") == 0) { if ((r = long_value(&o->ctx->max_degree, val, opt, cmd)) >= 0) return r; }
            else if (strcmp(opt, "--max-dim") == 0) { if ((r = long_value(&o->ctx->max_dim, val, opt, cmd)) >= 0) return r; }
            else if (strcmp(opt, "--max-enum") == 0) { if ((r = long_value(&o->ctx->max_enum, val, opt, cmd)) >= 0) return r; }
            else if (strcmp(opt, "--max-memory") == 0) {
                if ((r = long_value(&o->ctx->max_memory_mb, val, opt, cmd)) >= 0) return r;
                if (o->ctx->max_memory_mb > (1L << 30)) return usage_error(cmd, "--max-memory %s MiB is more than 2^30 MiB", val);
            }
            else if (strcmp(opt, "--max-order") == 0) {
                size_t vl = strlen(val);
                int ok = vl > 0 && vl < sizeof o->ctx->max_order;
                const char *d = val;
                if (ok && (val[0] == '1') && (val[1] == 'e' || val[1] == 'E')) d = val + 2;
                if (!*d) ok = 0;
                int nonzero = d != val;   /* 1eN is never zero */
                for (; ok && *d; d++) {
                    if (*d < '0' || *d > '9') ok = 0;
                    else if (*d != '0') nonzero = 1;
                }
                if (!nonzero) ok = 0;
                if (!ok) return usage_error(cmd, "--max-order needs a positive integer or 1eN, not '%s'", val);
                strcpy(o->ctx->max_order, val);
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
            r = CLI_USAGE;
        } else r = cli_float_run(o, cmd);
        cli_close_object(o, X);
        return r;
    }
    if (need == 1 && X->is_lie) {
        fprintf(stderr, "lietool: %s: '%s' is a Lie algebra; this command takes a group\n", cmd->name, o->object);
        cli_close_object(o, X);
        return CLI_USAGE;
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
            return CLI_USAGE;
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
