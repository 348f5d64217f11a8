/* lietool dataset generate|check: the word-problem CSV files
   (seed,input,target) of jopetty/word-problem and its forks; the
   conventions are in src/dataset/dataset.c and src/io/dataset_read.c and lietool-formats(5). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "doc.h"
#include "lietool/dataset.h"
#include "lietool/io.h"
#include "lietool/write.h"

/* Builds the table of a group object, refusing Lie algebras; -1 on
   success, or an exit status. */
int cli_cayley(lt_cayley_t C, const char *spec, lt_convention conv, const cli_opts *o, const lt_cmd *self)
{
    if (lt_io_is_liealg(spec)) {
        fprintf(stderr, "lietool: %s: '%s' is a Lie algebra; this command takes a group\n", self->name, spec);
        return CLI_USAGE;
    }
    lt_err_t err;
    lt_err_init(err);
    if (lt_io_cayley_table(C, spec, conv, o->ctx, err)) return cli_fail(err);
    return -1;
}

typedef struct {
    long length, samples;           /* -1 when not given */
    uint64_t seed;
    int conv;                       /* lt_convention */
    long max_length, max_samples, max_tokens;
    long bos, offset;               /* -1 when not given */
    const char *token_map;
} gen_opts;

const cli_choice cli_conventions[] = {
    {"abstract_algebra", LT_CONV_AA, 0}, {"aa", LT_CONV_AA, 1}, {"gap", LT_CONV_GAP, 0}, {NULL, 0, 0}
};

static const cli_optdecl generate_opts[] = {
    {.name = "--length", CLI_LONG_AT(gen_opts, length), .meta = "T", .min = 1, .max = CLI_MAX_LENGTH,
     .flags = CLI_REQUIRED, .help = "the length of the words"},
    {.name = "--samples", CLI_LONG_AT(gen_opts, samples), .meta = "N", .min = 1, .max = CLI_MAX_SAMPLES,
     .help = "N distinct random words (default: every word)"},
    {.name = "--seed", CLI_U64_AT(gen_opts, seed), .meta = "S", .min = 0, .max = UINT64_MAX,
     .help = "the SplitMix64 seed (default 0)"},
    {.name = "--convention", CLI_ENUM_AT(gen_opts, conv), .choices = cli_conventions, .meta = "gap",
     .help = "abstract_algebra (the default) or gap: the element order and product"},
    {.name = "--max-length", CLI_LONG_AT(gen_opts, max_length), .meta = "L", .min = 1, .max = CLI_MAX_LENGTH,
     .help = "refuse --length above L (default 10000)"},
    {.name = "--max-samples", CLI_LONG_AT(gen_opts, max_samples), .meta = "N", .min = 1, .max = CLI_MAX_SAMPLES,
     .help = "refuse more than N words (default 1e7)"},
    {.name = "--max-tokens", CLI_LONG_AT(gen_opts, max_tokens), .meta = "N", .min = 1, .max = CLI_MAX_SAMPLES,
     .help = "refuse more than N tokens, words x length (default 1e8: about 600 MB of CSV)"},
    {.name = "--bos", CLI_LONG_AT(gen_opts, bos), .meta = "ID", .min = 0, .max = 1L << 30,
     .help = "write token ID in front of every input and target (as ssm eval --bos)"},
    {.name = "--offset", CLI_LONG_AT(gen_opts, offset), .meta = "N", .min = 0, .max = 1L << 30,
     .help = "write element e as token e + N (lietool-formats(5), TOKEN MAPS)"},
    {.name = "--token-map", CLI_STRING_AT(gen_opts, token_map), .meta = "FILE",
     .help = "write the elements' tokens from a JSON file such as a tokenizer's vocab.json"},
    {0}
};

static const cli_decl generate_decl = {
    .name = "generate", .summary = "the CSV (seed,input,target) of random words of a group and their prefix products",
    .common = CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM, .opts = generate_opts,
    .args = "GROUP", .min_args = 1, .max_args = -1, .what = "the group", .kind = CLI_GROUP,
};

static const cli_decl check_decl = {
    .name = "check", .summary = "check a dataset's rows against a group, in both conventions",
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM,
    .args = "FILE GROUP", .min_args = 2, .max_args = -1, .what = "the file and the group", .kind = CLI_GROUP,
};

static const cli_decl *const dataset_subs[] = {&generate_decl, &check_decl, NULL};
const cli_decl cli_dataset_decl = {.subs = dataset_subs};

static int generate(gen_opts *d, cli_opts *o, const lt_cmd *self)
{
    lt_dataset_limits L = {.max_length = d->max_length, .max_samples = d->max_samples, .max_tokens = d->max_tokens};
    lt_err_t lerr;
    lt_err_init(lerr);
    if (lt_dataset_check_limits(&L, d->length, d->samples, 0, NULL, lerr)) return cli_fail(lerr);
    char *spec = cli_join(o->pos, 0, o->npos);
    lt_cayley_t C;
    lt_cayley_init(C);
    int r = cli_cayley(C, spec, (lt_convention)d->conv, o, self);
    if (r < 0 && lt_dataset_check_limits(&L, d->length, d->samples, C->n, spec, lerr)) r = cli_fail(lerr);
    if (r < 0) {
        lt_err_t err;
        lt_err_init(err);
        int capped = 0;
        lt_token_map map = {0};
        lt_status ms = lt_token_map_choose(&map, C->n, d->token_map, d->offset, d->bos, err);
        if (ms || lt_dataset_generate_tokens(stdout, C, d->length, d->samples, d->seed, map.token ? &map : NULL, &capped,
                                             o->ctx, err)) r = cli_fail(err);
        else {
            r = 0;
            if (capped)
                fprintf(stderr, "lietool: dataset: '%s' has only %ld distinct words of length %ld; wrote each once\n",
                        spec, lt_dataset_words(C->n, d->length), d->length);
        }
        lt_token_map_clear(&map);
    }
    lt_cayley_clear(C);
    lt_free(spec);
    return r;
}

static int check(cli_opts *o, const lt_cmd *self)
{
    const char *path = o->pos[0];
    /* the object is the group; the file has its own key */
    const char *spec = o->object = cli_join(o->pos, 1, o->npos);
    lt_cayley_struct C[LT_NCONV];
    for (int c = 0; c < LT_NCONV; c++) lt_cayley_init(&C[c]);
    int r = -1;
    for (int c = 0; c < LT_NCONV && r < 0; c++) r = cli_cayley(&C[c], spec, (lt_convention)c, o, self);
    FILE *f = NULL;
    if (r < 0) {
        lt_err_t oerr;
        lt_err_init(oerr);
        f = strcmp(path, "-") == 0 ? stdin : lt_io_open_read(path, NULL, oerr);
        if (!f) r = cli_fail(oerr);
    }
    lt_dataset_report_t R;
    lt_dataset_report_init(R);
    if (r < 0) {
        lt_err_t err;
        lt_err_init(err);
        if (lt_dataset_check(R, f, C, o->ctx, err)) {
            lt_err_prefix(err, "%s", path);
            r = cli_fail(err);
        }
    }
    if (f && f != stdin) fclose(f);
    if (r >= 0) goto done;
    for (int i = 0; i < R->nkept; i++) fprintf(stderr, "lietool: %s:%s\n", path, R->problems[i]);
    if (R->nproblems > R->nkept)
        fprintf(stderr, "lietool: %s: %ld more problem%s not shown\n", path, R->nproblems - R->nkept,
                R->nproblems - R->nkept == 1 ? "" : "s");
    lt_doc d;
    cli_doc_start(&d, o);
    lt_write_dataset_check(&d, path, spec, C[0].n, R);
    lt_doc_end(&d, NULL);
    if (R->bad_rows || R->bad_header) r = CLI_INPUT;
    else r = R->verdict == LT_DATASET_NEITHER ? CLI_NO : 0;
done:
    lt_dataset_report_clear(R);
    for (int c = 0; c < LT_NCONV; c++) lt_cayley_clear(&C[c]);
    return r;
}

int cmd_dataset(int argc, char **argv, const lt_cmd *self)
{
    int r = -1;
    const cli_decl *sub = cli_find_sub(self, argc, argv, &r);
    if (!sub) return r;
    const lt_dataset_limits L = LT_DATASET_LIMITS_DEFAULT;
    gen_opts d = {.length = -1, .samples = -1, .seed = 0, .conv = LT_CONV_AA, .max_length = L.max_length,
                  .max_samples = L.max_samples, .max_tokens = L.max_tokens, .bos = -1, .offset = -1};
    cli_opts o;
    r = cli_getopts(&o, &d, argc, argv, self, sub);
    if (r < 0) r = sub == &generate_decl ? generate(&d, &o, self) : check(&o, self);
    cli_free(&o);
    return r;
}
