/* lietool isomorphic G H: exit 0 and an isomorphism (images of G's
   generators), or exit 1 and the first invariant that differs
   (lt_pgrp_isomorphism). */
#include <stdlib.h>
#include <string.h>
#include "doc.h"
#include "lietool/write.h"
#include "lietool/io.h"

int cli_two_objects(char **obj, cli_opts *o)
{
    int k = 0;
    obj[0] = obj[1] = NULL;
    for (int i = 0; i < o->npos; i++) {
        int glue = i > 0 && (strcmp(o->pos[i], "x") == 0 || strcmp(o->pos[i - 1], "x") == 0);
        if (!glue) {
            if (k == 2) return -1;
            obj[k++] = lt_strdup(o->pos[i]);
            continue;
        }
        size_t l = strlen(obj[k - 1]) + strlen(o->pos[i]) + 2;
        obj[k - 1] = lt_realloc(obj[k - 1], l);
        strcat(obj[k - 1], " ");
        strcat(obj[k - 1], o->pos[i]);
    }
    return k == 2 ? 0 : -1;
}

int cli_load_group(lt_pgrp_t G, const char *spec, cli_opts *o, const lt_cmd *self)
{
    if (lt_io_is_liealg(spec)) {
        fprintf(stderr, "lietool: %s: '%s' is a Lie algebra; this command takes groups\n", self->name, spec);
        return CLI_USAGE;
    }
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lt_io_group(G, NULL, spec, o->ctx, err);
    if (!st) st = lt_pgrp_chain(G, NULL, o->ctx, err);
    return st ? cli_fail(err) : -1;
}

/* Parses, loads both groups and decides; then print (with everything
   loaded) gives the exit status. */
const cli_decl cli_isomorphic_decl = {
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_QUIET | CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM, .show = CLI_O_QUIET | CLI_O_MAX_ENUM,
    .args = "GROUP GROUP", .min_args = 0, .max_args = -1, .what = "two groups", .kind = CLI_GROUP,
};

int cli_isomorphic_with(int argc, char **argv, const lt_cmd *self, const cli_decl *d, cli_iso_print print)
{
    cli_opts o;
    int r = cli_getopts(&o, NULL, argc, argv, self, d);
    if (r >= 0) { cli_free(&o); return r; }
    char *obj[2];
    if (cli_two_objects(obj, &o) < 0) {
        cli_usage_error(self, d, "expected two groups, got %d word%s (quote a group with spaces)", o.npos, o.npos == 1 ? "" : "s");
        lt_free(obj[0]); lt_free(obj[1]);
        cli_free(&o);
        return CLI_USAGE;
    }
    lt_pgrp_t G, H;
    lt_pgrp_init(G, 1);
    lt_pgrp_init(H, 1);
    lt_pgrp_iso_t R;
    lt_pgrp_iso_init(R);
    if ((r = cli_load_group(G, obj[0], &o, self)) < 0 && (r = cli_load_group(H, obj[1], &o, self)) < 0) {
        lt_err_t err;
        lt_err_init(err);
        lt_status st = lt_pgrp_isomorphism(R, G, H, o.ctx, err);
        r = st ? cli_fail(err) : print(&o, (const char *const *)obj, G, H, R, self);
    }
    lt_pgrp_iso_clear(R);
    lt_pgrp_clear(G);
    lt_pgrp_clear(H);
    lt_free(obj[0]); lt_free(obj[1]);
    cli_free(&o);
    return r;
}

static int print_iso(cli_opts *o, const char *const *obj, lt_pgrp_t G, lt_pgrp_t H, lt_pgrp_iso_t R, const lt_cmd *self)
{
    (void)self;
    if (o->quiet && !o->json && !o->latex) return R->isomorphic ? 0 : 1;
    cli_opts oc = *o;
    oc.object = (char *)obj[0];
    lt_doc D, *d = &D;
    cli_doc_begin(d, &oc, NULL, NULL);
    lt_write_isomorphic(d, obj[0], obj[1], G, H, R);
    lt_doc_end(d, NULL);
    return R->isomorphic ? 0 : 1;
}

int cmd_isomorphic(int argc, char **argv, const lt_cmd *self)
{
    return cli_isomorphic_with(argc, argv, self, NULL, print_iso);
}
