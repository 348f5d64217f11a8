/* Loading objects and printing, shared by the commands. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "doc.h"
#include "lietool/io.h"
#include "lietool/io.h"

int cli_exit_code(lt_status st)
{
    switch (st) {
    case LT_OK: return CLI_OK;
    case LT_EINPUT: return CLI_INPUT;
    case LT_ELIMIT: return CLI_LIMIT;
    case LT_ENUMERIC: return CLI_NUMERIC;
    case LT_EMISSING: return CLI_MISSING;
    case LT_EIO: return CLI_IO;
    case LT_EINTERNAL: break;
    }
    return CLI_INTERNAL;
}
int cli_fail(const lt_err_t err)
{
    fprintf(stderr, "lietool: %s\n", err->msg);
    return err->status ? cli_exit_code(err->status) : CLI_INTERNAL;
}

/* Joins the positional words into one object: "C5 x A4" may arrive as three
   words, and GAP syntax with spaces as several. */
static int join_object(cli_opts *o, const lt_cmd *cmd)
{
    if (o->npos == 0) return cli_usage_error(cmd, o->sub, "missing object");
    int has_x = 0;
    size_t len = 1;
    for (int i = 0; i < o->npos; i++) {
        if (strcmp(o->pos[i], "x") == 0) has_x = 1;
        len += strlen(o->pos[i]) + 1;
    }
    if (o->npos > 1 && !has_x && strncmp(o->pos[0], "Group(", 6) != 0
        && strncmp(o->pos[0], "LieAlgebra(", 11) != 0)
        return cli_usage_error(cmd, o->sub, "expected one object, got %d (write a product as 'G x H'); extra '%s'",
                               o->npos, o->pos[1]);
    o->object = lt_malloc(len);
    o->object[0] = '\0';
    for (int i = 0; i < o->npos; i++) {
        if (i) strcat(o->object, " ");
        strcat(o->object, o->pos[i]);
    }
    return -1;
}

static void object_init(cli_object *X)
{
    memset(X, 0, sizeof *X);
    lt_pgrp_init(X->G, 1);
    lt_liealg_init(X->L);
    lt_fliealg_init(X->F);
    lt_rank_log_init(X->log);
}

int cli_open_object(cli_opts *o, cli_object *X, int argc, char **argv, const lt_cmd *cmd)
{
    int r = cli_getopts(o, NULL, argc, argv, cmd, NULL);
    if (r < 0) r = cli_load_object(o, X, cmd);
    else object_init(X);
    if (r >= 0) cli_close_object(o, X);
    return r;
}

int cli_load_object(cli_opts *o, cli_object *X, const lt_cmd *cmd)
{
    object_init(X);
    int r, need = o->sub->kind == CLI_GROUP ? 1 : o->sub->kind == CLI_ALGEBRA ? 2 : 0;
    if ((r = join_object(o, cmd)) >= 0) return r;
    X->is_lie = lt_io_is_liealg(o->object);
    if (o->flt && o->latex) return cli_usage_error(cmd, o->sub, "--latex and --float exclude each other");
    if (o->flt && o->gap)
        return cli_usage_error(cmd, o->sub, "--format gap and --float exclude each other (GAP's table is exact; --float gives the dimension)");
    if (o->flt) {
        if (!X->is_lie) {
            fprintf(stderr, "lietool: %s: --float takes a Lie algebra, not '%s'\n", cmd->name, o->object);
            return CLI_USAGE;
        }
        X->is_float = 1;
        lt_err_t err;
        lt_err_init(err);
        return lt_io_fliealg(X->F, X->L, o->object, o->tol, X->log, o->ctx, err) ? cli_fail(err) : -1;
    }
    if (need == 1 && X->is_lie) {
        fprintf(stderr, "lietool: %s: '%s' is a Lie algebra; this command takes a group\n", cmd->name, o->object);
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
            return CLI_USAGE;
        }
        X->is_lie = 1;
    }
    lt_err_t err;
    lt_err_init(err);
    if (lt_io_object(X->G, X->L, X->is_lie, o->object, o->ctx, err)) return cli_fail(err);
    cli_convention_note(o->object);
    return -1;
}

/* GAP's D<n> has order n; in machine-learning papers D4 is the square's
   group of order 8. Said once on standard error where the two readings
   part most (D4: GAP's is the Klein four-group, abelian). */
void cli_convention_note(const char *spec)
{
    static int said;
    while (*spec == ' ') spec++;
    size_t n = strlen(spec);
    while (n && spec[n - 1] == ' ') n--;
    if (said || !((n == 2 && strncmp(spec, "D4", 2) == 0) || (n == 16 && strncmp(spec, "DihedralGroup(4)", 16) == 0)))
        return;
    said = 1;
    fprintf(stderr, "lietool: note: D4 is GAP's DihedralGroup(4), of order 4 (the Klein four-group, C2 x C2); the "
                    "symmetries of a square, of order 8, are D8\n");
}

void cli_close_object(cli_opts *o, cli_object *X)
{
    lt_pgrp_clear(X->G);
    lt_liealg_clear(X->L);
    lt_fliealg_clear(X->F);
    lt_rank_log_clear(X->log);
    cli_free(o);
}


/* Positionals pos[first..] joined with spaces: a group such as C5 x A4. */
char *cli_join(char **pos, int first, int npos)
{
    size_t len = 1;
    for (int i = first; i < npos; i++) len += strlen(pos[i]) + 1;
    char *s = lt_malloc(len);
    s[0] = '\0';
    for (int i = first; i < npos; i++) {
        if (i > first) strcat(s, " ");
        strcat(s, pos[i]);
    }
    return s;
}

/* Starts d (mode m, on stdout) with the keys or comment every output
   starts with: the object as given (or the operands), the command and,
   for LaTeX, the command line's operands. */
static void doc_start(lt_doc *d, const cli_opts *o, lt_doc_mode m)
{
    char *ops = cli_join(o->pos, 0, o->npos);
    const char *name = o->cmd ? o->cmd->name : "", *sub = o->sub && o->sub->name ? o->sub->name : NULL;
    size_t n = strlen(name) + (sub ? strlen(sub) + 1 : 0) + 1;
    char *cmd = lt_malloc(n), *line = lt_malloc(n + strlen(ops) + 1);
    snprintf(cmd, n, "%s%s%s", name, sub ? " " : "", sub ? sub : "");
    snprintf(line, n + strlen(ops) + 1, "%s%s%s", cmd, o->npos ? " " : "", ops);
    lt_doc_init(d, stdout, m);
    lt_doc_start(d, o->object ? o->object : ops, cmd, line);
    lt_free(line);
    lt_free(cmd);
    lt_free(ops);
}

void cli_doc_start(lt_doc *d, const cli_opts *o)
{
    doc_start(d, o, o->latex ? LT_DOC_TEX : o->json ? LT_DOC_JSON : LT_DOC_TEXT);
}

void cli_doc_begin(lt_doc *d, const cli_opts *o, const char *object, const char *after)
{
    cli_doc_start(d, o);
    lt_doc_heading(d, object, after);
}

int cli_same_output(const char *cmd, const char *opt_a, const char *a, const char *opt_b, const char *b)
{
    if (!a || !b || strcmp(a, b) != 0) return -1;
    fprintf(stderr, "lietool: %s: %s and %s name the same file '%s'\n", cmd, opt_a, opt_b, a);
    return CLI_USAGE;
}
