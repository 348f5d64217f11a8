/* lietool ssm paper --out DIR: the paper's table and figures trained and
   judged on this machine (make paper runs it). The work is the library's
   (lt_paper_job, src/job/paper.c); this file parses the options and
   prints the result (lt_write_paper). */
#include <stdlib.h>
#include <string.h>
#include "doc.h"
#include "lietool/io.h"
#include "lietool/job.h"
#include "lietool/write.h"

#define PAPER_MAX_LIST 64

typedef struct {
    const char *scale, *out, *groups;
    unsigned parts;
    long jobs;
    int map, force, nseeds;
    uint64_t seeds[PAPER_MAX_LIST];
} paper_opts;

/* --only: table, figure2, figure3, comma-separated */
static int read_parts(void *dst, const char *v)
{
    unsigned parts = 0;
    for (const char *s = v;;) {
        size_t n = strcspn(s, ",");
        if (n == 5 && !strncmp(s, "table", 5)) parts |= LT_PAPER_TABLE;
        else if (n == 7 && !strncmp(s, "figure2", 7)) parts |= LT_PAPER_FIGURE2;
        else if (n == 7 && !strncmp(s, "figure3", 7)) parts |= LT_PAPER_FIGURE3;
        else return -1;
        if (!s[n]) break;
        s += n + 1;
    }
    *(unsigned *)dst = parts;
    return 0;
}

/* --seeds: a comma list of seeds (at most PAPER_MAX_LIST) */
static int read_seeds(void *dst, const char *v)
{
    paper_opts *o = (paper_opts *)((char *)dst - offsetof(paper_opts, nseeds));
    int n = 0;
    for (const char *s = v;;) {
        char *e;
        if (*s < '0' || *s > '9' || n == PAPER_MAX_LIST) return -1;
        unsigned long long x = strtoull(s, &e, 10);
        if (e == s || (*e && *e != ',')) return -1;
        o->seeds[n++] = x;
        if (!*e) break;
        s = e + 1;
    }
    o->nseeds = n;
    return 0;
}

static const cli_optdecl paper_opts_decl[] = {
    {.name = "--out", CLI_STRING_AT(paper_opts, out), .meta = "DIR", .flags = CLI_REQUIRED,
     .help = "the output directory: summary.md, table.csv, the figures, result.json and runs/"},
    {.name = "--scale", CLI_STRING_AT(paper_opts, scale), .meta = "tiny|default|full",
     .help = "tiny (about 10 minutes on 2 cores), default (the paper's groups and families, 3 seeds: about an hour "
             "and a half) or full (the paper's lengths: days)"},
    {.name = "--only", CLI_CUSTOM_AT(paper_opts, parts), .parse = read_parts, .meta = "PART[,PART...]",
     .want = "table, figure2 or figure3, comma-separated", .help = "run only these parts (default all)"},
    {.name = "--groups", CLI_STRING_AT(paper_opts, groups), .meta = "G[,G...]",
     .help = "the table's runs of these groups only"},
    {.name = "--seeds", CLI_CUSTOM_AT(paper_opts, nseeds), .parse = read_seeds, .meta = "S[,S...]",
     .want = "a comma list of at most 64 seeds", .help = "the table's seeds (default: the scale's)"},
    {.name = "--jobs", CLI_LONG_AT(paper_opts, jobs), .meta = "N", .min = 1, .max = 1024,
     .help = "the figures' trainings at once, one thread each (default: the processors); the table's runs go "
             "one at a time, each on two cores"},
    {.name = "--map", CLI_ENUM_AT(paper_opts, map), .choices = cli_rotation_maps, .meta = "faithful|paper",
     .help = "figure 3's tokens' rotations: faithful (a homomorphism, the default) or paper (the paper's code's)"},
    {.name = "--force", CLI_FLAG_AT(paper_opts, force), .help = "write into DIR even when it is not empty"},
    {0}
};

const cli_decl cli_ssm_paper_decl = {
    .name = "paper", .summary = "the paper's table and figures, trained and judged on this machine beside the theory",
    .common = CLI_O_JSON | CLI_O_MAX_ENUM, .opts = paper_opts_decl, .brief = 1, .max_args = 0,
};

int cli_ssm_paper(int argc, char **argv, const lt_cmd *self)
{
    paper_opts t = {.scale = "default"};
    cli_opts o;
    int r = cli_getopts(&o, &t, argc, argv, self, &cli_ssm_paper_decl);
    if (r >= 0) { cli_free(&o); return r; }
    if (!lt_paper_scale_find(t.scale)) {
        r = cli_usage_error(self, &cli_ssm_paper_decl, "unknown scale '%s'; --scale takes %s", t.scale,
                            lt_paper_scale_list());
        cli_free(&o);
        return r;
    }
    /* --groups G,H: split in a copy */
    char *gcopy = t.groups ? lt_strdup(t.groups) : NULL;
    const char *groups[PAPER_MAX_LIST];
    int ngroups = 0;
    for (char *s = gcopy; s && ngroups < PAPER_MAX_LIST;) {
        char *c = strchr(s, ',');
        if (c) *c = '\0';
        if (*s) groups[ngroups++] = s;
        if (!c) break;
        s = c + 1;
    }
    if (gcopy && !ngroups) {
        lt_free(gcopy);
        r = cli_usage_error(self, &cli_ssm_paper_decl, "--groups names no group");
        cli_free(&o);
        return r;
    }
    char *exe = lt_io_self_path();    /* the trainer runs it for --group */
    lt_paper_params P = {.scale = t.scale, .out = t.out, .force = t.force, .parts = t.parts, .jobs = t.jobs,
                         .map = t.map, .groups = gcopy ? groups : NULL, .ngroups = ngroups,
                         .seeds = t.nseeds ? t.seeds : NULL, .nseeds = t.nseeds, .self = exe};
    lt_err_t err;
    lt_err_init(err);
    lt_paper_job_t J;
    lt_paper_job_init(J);
    if (!exe) r = cli_fail((lt_err_struct[]){{LT_EINTERNAL, "ssm paper: cannot read /proc/self/exe (the lietool binary the trainer runs)"}});
    else if (lt_paper_job(J, &P, o.ctx, err)) r = cli_fail(err);
    else {
        lt_doc doc;
        cli_doc_start(&doc, &o);
        lt_write_paper(&doc, J, &P);
        lt_doc_end(&doc, NULL);
        r = 0;
    }
    lt_paper_job_clear(J);
    lt_free(exe);
    lt_free(gcopy);
    cli_free(&o);
    return r;
}
