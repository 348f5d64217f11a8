/* Word-problem datasets: Cayley tables in both conventions, the random
   generator, generation and the check of CSV files. */
#include <stdlib.h>
#include <unistd.h>
#include "lietool.h"
#include "unit.h"

static lt_ctx_t ctx;

static int build(lt_cayley_t C, const char *spec, lt_convention conv)
{
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lt_io_cayley_table(C, spec, conv, ctx, err);
    CHECK(st == LT_OK, "%s (%s): %s", spec, lt_convention_name(conv), err->msg);
    return st == LT_OK;
}

/* Entries worked out by hand from the definitions. */
static void golden(void)
{
    lt_cayley_t C;
    lt_cayley_init(C);
    /* S3: (1, 3, 2) * (2, 1, 3) applies (2, 1, 3) first: 1->2->3, 2->1->1,
       3->3->2, so (3, 1, 2), index 4; GAP: (2,3)*(1,2) = (1,2,3), index 3 */
    unit_case = "S3 abstract_algebra";
    if (build(C, "S3", LT_CONV_AA)) {
        static const int row1[6] = {1, 0, 4, 5, 2, 3};
        CHECK(memcmp(C->table + 6, row1, sizeof row1) == 0, "row 1 of the table");
        CHECK(strcmp(C->names[1], "(1, 3, 2)") == 0 && strcmp(C->names[5], "(3, 2, 1)") == 0, "names %s %s", C->names[1], C->names[5]);
        int w[2] = {1, 2}, t[2];
        lt_cayley_prefix(t, C, w, 2);
        CHECK(t[0] == 1 && t[1] == 4, "prefix products %d %d", t[0], t[1]);
    }
    unit_case = "S3 gap";
    if (build(C, "S3", LT_CONV_GAP)) {
        static const char *names[6] = {"()", "(2,3)", "(1,2)", "(1,2,3)", "(1,3,2)", "(1,3)"};
        for (int i = 0; i < 6; i++) CHECK(strcmp(C->names[i], names[i]) == 0, "element %d is %s", i, C->names[i]);
        int w[2] = {1, 2}, t[2];
        lt_cayley_prefix(t, C, w, 2);
        CHECK(t[0] == 1 && t[1] == 3, "prefix products %d %d", t[0], t[1]);
    }
    /* D8: r s = s1 (index 5) and s r = r^-1 s = s3 (index 7) */
    unit_case = "D8 abstract_algebra";
    if (build(C, "D8", LT_CONV_AA)) {
        CHECK(C->table[1 * 8 + 4] == 5 && C->table[4 * 8 + 1] == 7, "r*s = %d, s*r = %d", C->table[12], C->table[33]);
        CHECK(strcmp(C->names[0], "r0") == 0 && strcmp(C->names[7], "s3") == 0, "names");
    }
    /* H3 = UT(3,2): (1,0,0)(0,1,0) = (1,1,1), index 7; the other way (1,1,0), index 6 */
    unit_case = "H3 abstract_algebra";
    if (build(C, "H3", LT_CONV_AA)) {
        CHECK(C->table[4 * 8 + 2] == 7 && C->table[2 * 8 + 4] == 6, "products %d %d", C->table[34], C->table[20]);
        CHECK(strcmp(C->names[5], "(1,0,1)") == 0, "name %s", C->names[5]);
    }
    /* C5 x A4: (a, x) has index 12 i + x; (a:x)(a^4:y) = (e:xy) */
    unit_case = "C5 x A4 abstract_algebra";
    lt_cayley_t A;
    lt_cayley_init(A);
    if (build(C, "C5 x A4", LT_CONV_AA) && build(A, "A4", LT_CONV_AA)) {
        int ok = C->n == 60;
        for (int x = 0; x < 12 && ok; x++)
            for (int y = 0; y < 12; y++)
                if (C->table[(12 + x) * 60 + 48 + y] != A->table[x * 12 + y]) ok = 0;
        CHECK(ok, "the product is not componentwise in itertools.product order");
        CHECK(strcmp(C->names[13], "a:(1, 3, 4, 2)") == 0, "name %s", C->names[13]);
        CHECK(strcmp(A->names[1], "(1, 3, 4, 2)") == 0 && strcmp(A->names[3], "(2, 1, 4, 3)") == 0, "A4 names %s %s", A->names[1], A->names[3]);
    }
    lt_cayley_clear(A);
    /* the generator's Z_n */
    unit_case = "Z4";
    if (build(C, "Z4", LT_CONV_AA))
        CHECK(strcmp(C->names[0], "e") == 0 && strcmp(C->names[1], "a") == 0 && strcmp(C->names[3], "a^3") == 0 && C->table[3 * 4 + 2] == 1, "Z4");
    /* a Cayley table file keeps its order in both conventions */
    unit_case = "s3.json";
    if (build(C, "tests/data/s3.json", LT_CONV_GAP)) CHECK(C->n == 6 && C->identity == 0, "order %ld", C->n);
    lt_cayley_clear(C);
}

/* Group laws, agreement with the permutation group, and the JSON round
   trip through lt_io_cayley, for both conventions. */
static void laws(void)
{
    static const char *groups[] = {
        "S1", "S3", "S4", "A4", "A5", "C1", "C2", "C60", "C5 x A4", "D2", "D4", "D8", "D10", "H3", "UT(3,3)",
        "Heis(5)", "Q8", "S3 x C2", "C2 x C2 x C3", "Group((1,2,3),(1,2))", "PSL(2,7)", "AGL(1,5)",
        "UT(4,2)", "tests/data/s3.json", "A4_x_Z5"};
    char path[] = "/tmp/t-dataset-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0, "mkstemp");
    if (fd < 0) return;
    close(fd);
    for (size_t g = 0; g < sizeof groups / sizeof *groups; g++)
        for (int c = 0; c < LT_NCONV; c++) {
            char label[128];
            snprintf(label, sizeof label, "%s %s", groups[g], lt_convention_name((lt_convention)c));
            unit_case = label;
            lt_cayley_t C;
            lt_cayley_init(C);
            if (!build(C, groups[g], (lt_convention)c)) continue;
            long n = C->n;
            const int *T = C->table;
            CHECK(C->identity == 0, "identity at %d", C->identity);
            /* a Latin square: each row and column a permutation */
            int latin = 1;
            char *seen = calloc((size_t)n, 1);
            for (long i = 0; i < n && latin; i++) {
                memset(seen, 0, (size_t)n);
                for (long j = 0; j < n; j++) { if (seen[T[i * n + j]]) latin = 0; seen[T[i * n + j]] = 1; }
                memset(seen, 0, (size_t)n);
                for (long j = 0; j < n; j++) { if (seen[T[j * n + i]]) latin = 0; seen[T[j * n + i]] = 1; }
            }
            free(seen);
            CHECK(latin, "not a Latin square");
            int assoc = 1;
            for (long x = 0; x < n && assoc; x++)
                for (long y = 0; y < n && assoc; y++)
                    for (long z = 0; z < n; z++)
                        if (T[T[x * n + y] * n + z] != T[x * n + T[y * n + z]]) { assoc = 0; break; }
            CHECK(assoc, "not associative");
            /* names are distinct */
            int distinct = 1;
            for (long i = 0; i < n && distinct; i++)
                for (long j = i + 1; j < n; j++) if (strcmp(C->names[i], C->names[j]) == 0) { distinct = 0; break; }
            CHECK(distinct, "two elements share a name");
            /* the same group as lt_io_group, and read back from the JSON */
            lt_err_t err;
            lt_err_init(err);
            lt_pgrp_t G, H;
            lt_pgrp_init(G, 1);
            lt_pgrp_init(H, 1);
            FILE *f = fopen(path, "w");
            lt_io_write_cayley(f, C);
            fclose(f);
            lt_status st = lt_io_group(G, NULL, groups[g], ctx, err);
            if (!st) st = lt_pgrp_chain(G, NULL, ctx, err);
            if (!st) st = lt_io_cayley(H, NULL, path, ctx, err);
            if (!st) st = lt_pgrp_chain(H, NULL, ctx, err);
            CHECK(st == LT_OK, "%s", err->msg);
            if (!st) {
                CHECK(mpz_cmp_ui(G->order, (unsigned long)n) == 0 && mpz_cmp(G->order, H->order) == 0, "orders differ");
                lt_pgrp_series_t S1, S2;
                lt_pgrp_series_init(S1);
                lt_pgrp_series_init(S2);
                st = lt_pgrp_derived_series(S1, G, ctx, err);
                if (!st) st = lt_pgrp_derived_series(S2, H, ctx, err);
                CHECK(!st && S1->len == S2->len && S1->reaches_one == S2->reaches_one, "derived series of length %d and %d", S1->len, S2->len);
                for (int i = 0; !st && i < S1->len && i < S2->len; i++)
                    CHECK(mpz_cmp(S1->terms[i].order, S2->terms[i].order) == 0, "derived series term %d", i);
                lt_pgrp_series_clear(S1);
                lt_pgrp_series_clear(S2);
            }
            lt_pgrp_clear(G);
            lt_pgrp_clear(H);
            lt_cayley_clear(C);
        }
    unlink(path);
    /* where the two element orders agree, the GAP table is the transpose:
       the same permutations, multiplied the other way round */
    static const char *same_order[] = {"S3", "S4", "A4", "A5", "C12", "C5 x A4", "S3 x C4"};
    for (size_t g = 0; g < sizeof same_order / sizeof *same_order; g++) {
        unit_case = same_order[g];
        lt_cayley_t A, B;
        lt_cayley_init(A);
        lt_cayley_init(B);
        if (build(A, same_order[g], LT_CONV_AA) && build(B, same_order[g], LT_CONV_GAP)) {
            long n = A->n;
            int t = B->n == n;
            for (long i = 0; i < n && t; i++)
                for (long j = 0; j < n; j++) if (A->table[i * n + j] != B->table[j * n + i]) { t = 0; break; }
            CHECK(t, "the GAP table is not the transpose");
        }
        lt_cayley_clear(A);
        lt_cayley_clear(B);
    }
}

static void limits(void)
{
    lt_cayley_t C;
    lt_cayley_init(C);
    lt_ctx_t small;
    lt_ctx_init(small);
    small->max_enum = 100;
    lt_err_t err;
    lt_err_init(err);
    unit_case = "--max-enum";
    lt_status st = lt_io_cayley_table(C, "S5", LT_CONV_AA, small, err);
    CHECK(st == LT_ELIMIT && strstr(err->msg, "--max-enum 100"), "%d %s", st, err->msg);
    st = lt_io_cayley_table(C, "C101", LT_CONV_AA, small, err);
    CHECK(st == LT_ELIMIT && strstr(err->msg, "--max-enum"), "%d %s", st, err->msg);
    st = lt_io_cayley_table(C, "C11 x C11", LT_CONV_AA, small, err);
    CHECK(st == LT_ELIMIT, "%d %s", st, err->msg);
    unit_case = "--max-memory";
    small->max_enum = 10000000;
    small->max_memory_mb = 1;
    st = lt_io_cayley_table(C, "S7", LT_CONV_GAP, small, err);
    CHECK(st == LT_ELIMIT && strstr(err->msg, "--max-memory 1"), "%d %s", st, err->msg);
    unit_case = "bad group";
    st = lt_io_cayley_table(C, "D7", LT_CONV_AA, ctx, err);
    CHECK(st == LT_EINPUT, "%d %s", st, err->msg);
    lt_cayley_clear(C);
}

/* Generation, then the check of what was written. */
static void generate_and_check(void)
{
    static const struct { const char *group; long len, samples; } cases[] = {
        {"S3", 8, 50}, {"A5", 30, 40}, {"D8", 5, 200}, {"C5 x A4", 12, 10}, {"S3", 2, 100}, {"C2", 3, -1}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++)
        for (int c = 0; c < LT_NCONV; c++) {
            char label[96];
            snprintf(label, sizeof label, "generate %s T=%ld N=%ld %s", cases[k].group, cases[k].len, cases[k].samples,
                     lt_convention_name((lt_convention)c));
            unit_case = label;
            lt_cayley_struct C[LT_NCONV];
            for (int d = 0; d < LT_NCONV; d++) lt_cayley_init(&C[d]);
            if (!build(&C[0], cases[k].group, LT_CONV_AA) || !build(&C[1], cases[k].group, LT_CONV_GAP)) continue;
            char *buf = NULL;
            size_t size = 0;
            FILE *f = open_memstream(&buf, &size);
            lt_err_t err;
            lt_err_init(err);
            int capped = -1;
            lt_status st = lt_dataset_generate(f, &C[c], cases[k].len, cases[k].samples, 99, &capped, ctx, err);
            fclose(f);
            CHECK(st == LT_OK, "%s", err->msg);
            double all = 1;
            for (long t = 0; t < cases[k].len; t++) all *= (double)C[0].n;
            long rows = cases[k].samples < 0 || all < cases[k].samples ? (long)all : cases[k].samples;
            CHECK(capped == (cases[k].samples >= 0 && all < cases[k].samples), "capped %d", capped);
            /* the rows are distinct */
            long lines = 0;
            char **row = calloc((size_t)rows + 2, sizeof *row);
            for (char *p = buf, *q; p && *p; p = q ? q + 1 : NULL, lines++) {
                q = strchr(p, '\n');
                if (q) *q = '\0';
                if (lines <= rows) row[lines] = strdup(p);
                if (q) *q = '\n';
            }
            CHECK(lines == rows + 1, "%ld lines, expected %ld", lines, rows + 1);
            CHECK(row[0] && strcmp(row[0], "seed,input,target") == 0, "header");
            int distinct = 1;
            for (long i = 1; i <= rows && i < lines && distinct; i++)
                for (long j = i + 1; j <= rows && j < lines; j++)
                    if (strcmp(strchr(row[i], ','), strchr(row[j], ',')) == 0) { distinct = 0; break; }
            CHECK(distinct, "two rows have the same word");
            CHECK(lines < 2 || strncmp(row[1], "99,", 3) == 0, "the seed column");
            for (long i = 0; i <= rows; i++) free(row[i]);
            free(row);
            /* the check finds the convention it was written in */
            lt_dataset_report_t R;
            lt_dataset_report_init(R);
            f = fmemopen(buf, size, "r");
            st = lt_dataset_check(R, f, C, ctx, err);
            fclose(f);
            CHECK(st == LT_OK && R->rows == rows && R->bad_rows == 0 && !R->bad_header && R->nproblems == 0,
                  "rows %ld, bad %ld", R->rows, R->bad_rows);
            CHECK(R->conv[c].correct == rows && R->conv[c].wrong == 0, "convention %d: %ld correct", c, R->conv[c].correct);
            CHECK(R->min_len == cases[k].len && R->max_len == cases[k].len, "lengths %ld..%ld", R->min_len, R->max_len);
            if (strcmp(cases[k].group, "A5") == 0)     /* long words in a non-abelian group tell them apart */
                CHECK(R->conv[1 - c].wrong == rows && R->verdict == c, "the other convention: %ld wrong, verdict %d",
                      R->conv[1 - c].wrong, R->verdict);
            /* the verdict: the conventions without a wrong row; C2's two tables are one */
            CHECK(R->verdict == (R->conv[1 - c].wrong ? c : LT_DATASET_BOTH), "verdict %d", R->verdict);
            if (strcmp(cases[k].group, "C2") == 0) CHECK(R->same_tables, "C2: two tables");
            if (strcmp(cases[k].group, "S3") == 0) CHECK(!R->same_tables, "S3: one table");
            lt_dataset_report_clear(R);
            free(buf);
            for (int d = 0; d < LT_NCONV; d++) lt_cayley_clear(&C[d]);
        }
    /* the same seed gives the same file, another seed another */
    unit_case = "determinism";
    lt_cayley_t C;
    lt_cayley_init(C);
    if (build(C, "S4", LT_CONV_AA)) {
        char *b[3] = {NULL, NULL, NULL};
        size_t s[3];
        uint64_t seeds[3] = {5, 5, 6};
        lt_err_t err;
        lt_err_init(err);
        for (int i = 0; i < 3; i++) {
            FILE *f = open_memstream(&b[i], &s[i]);
            lt_dataset_generate(f, C, 10, 20, seeds[i], NULL, ctx, err);
            fclose(f);
        }
        CHECK(s[0] == s[1] && memcmp(b[0], b[1], s[0]) == 0, "seed 5 twice differs");
        CHECK(strcmp(strchr(b[0], '\n'), strchr(b[2], '\n')) != 0, "seeds 5 and 6 agree");
        for (int i = 0; i < 3; i++) free(b[i]);
    }
    lt_cayley_clear(C);
}

/* Malformed files: every problem with its line and column, the totals. */
static void bad_rows(void)
{
    static const struct { const char *text; long rows, bad; int bad_header; const char *first; } cases[] = {
        {"seed,input,target\n1,1 2,1 4\n", 1, 0, 0, NULL},
        {"seed,input,target\r\n1,\"1 2\",\"1 4\"\r\n\n", 1, 0, 0, NULL},
        {"\xef\xbb\xbfseed,input,target\n1,1 2,1 4\n", 1, 0, 0, NULL},
        {"seed,inputs,target\n1,1 2,1 4\n", 1, 0, 1, "1:6: header field 2 is 'inputs', expected 'input'"},
        {"seed,input\n1,1 2,1 4\n", 1, 0, 1, "1:11: the header has 2 fields, expected 3"},
        {"", 0, 0, 1, "1:1: the file is empty"},
        {"seed,input,target\n1,1 x,1 4\n", 1, 1, 0, "2:5: row 1: input token 2 'x' is not an integer"},
        {"seed,input,target\n1,1 2,1 6\n", 1, 1, 0, "2:9: row 1: target token 2 '6' is not an element index 0..5"},
        {"seed,input,target\n1,1 -2,1 4\n", 1, 1, 0, "2:5: row 1: input token 2 '-2' is not an element index 0..5"},
        {"seed,input,target\n1,1 2,1\n", 1, 1, 0, "2:7: row 1: the target has 1 token but the input has 2"},
        {"seed,input,target\n1,1 2\n", 1, 1, 0, "2:6: row 1 has 2 fields, expected 3"},
        {"seed,input,target\n1,1 2,1 4,9\n", 1, 1, 0, "2:11: row 1 has 4 fields, expected 3"},
        {"seed,input,target\nx,1 2,1 4\n", 1, 1, 0, "2:1: row 1: seed 'x' is not an integer"},
        {"seed,input,target\n1,\"1 2,1 4\n", 1, 1, 0, "2:3: row 1: unterminated quote"},
        {"seed,input,target\n1,\"1 2\"x,1 4\n", 1, 1, 0, "2:8: row 1: text after a closing quote"},
        {"seed,input,target\n1,1 2,1 4\n1,1 2,1 q\n1,1 2,1 4\n1,2,2 2\n", 4, 2, 0, "3:9: row 2: target token 2 'q' is not an integer"},
    };
    lt_cayley_struct C[LT_NCONV];
    for (int d = 0; d < LT_NCONV; d++) lt_cayley_init(&C[d]);
    if (!build(&C[0], "S3", LT_CONV_AA) || !build(&C[1], "S3", LT_CONV_GAP)) return;
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        unit_case = cases[k].text;
        FILE *f = fmemopen((void *)cases[k].text, strlen(cases[k].text), "r");
        if (!*cases[k].text) { fclose(f); f = fopen("/dev/null", "r"); }
        lt_dataset_report_t R;
        lt_dataset_report_init(R);
        lt_err_t err;
        lt_err_init(err);
        lt_status st = lt_dataset_check(R, f, C, ctx, err);
        fclose(f);
        CHECK(st == LT_OK, "%s", err->msg);
        CHECK(R->rows == cases[k].rows && R->bad_rows == cases[k].bad && R->bad_header == cases[k].bad_header,
              "rows %ld, bad %ld, header %d", R->rows, R->bad_rows, R->bad_header);
        if (cases[k].first)
            CHECK(R->nkept > 0 && strncmp(R->problems[0], cases[k].first, strlen(cases[k].first)) == 0,
                  "first problem '%s'", R->nkept ? R->problems[0] : "");
        else CHECK(R->nproblems == 0, "problem '%s'", R->nkept ? R->problems[0] : "");
        /* a row right in one convention only decides it; wrong in both, neither */
        if (R->rows - R->bad_rows > 0 && cases[k].rows == 1) CHECK(R->verdict == LT_CONV_AA, "verdict %d", R->verdict);
        /* the row "1 2 -> 1 4" is right in abstract_algebra, wrong in GAP's convention */
        if (R->rows - R->bad_rows > 0 && cases[k].rows == 1)
            CHECK(R->conv[0].correct == 1 && R->conv[1].wrong == 1 && R->conv[1].pos == 2 && R->conv[1].want == 3,
                  "tallies %ld %ld pos %ld", R->conv[0].correct, R->conv[1].wrong, R->conv[1].pos);
        lt_dataset_report_clear(R);
    }
    /* more problems than are kept: all are counted */
    unit_case = "many problems";
    size_t cap = 100000, len = 0;
    char *text = malloc(cap);
    len += (size_t)snprintf(text, cap, "seed,input,target\n");
    for (int i = 0; i < 50; i++) len += (size_t)snprintf(text + len, cap - len, "1,1 2,1 z\n");
    FILE *f = fmemopen(text, len, "r");
    lt_dataset_report_t R;
    lt_dataset_report_init(R);
    lt_err_t err;
    lt_err_init(err);
    lt_dataset_check(R, f, C, ctx, err);
    fclose(f);
    CHECK(R->rows == 50 && R->bad_rows == 50 && R->nproblems == 50 && R->nkept == LT_DATASET_KEEP,
          "rows %ld bad %ld problems %ld kept %d", R->rows, R->bad_rows, R->nproblems, R->nkept);
    CHECK(R->verdict == LT_DATASET_UNDECIDED, "no well-formed row: verdict %d", R->verdict);
    lt_dataset_report_clear(R);
    free(text);
    for (int d = 0; d < LT_NCONV; d++) lt_cayley_clear(&C[d]);
}

int main(void)
{
    lt_ctx_init(ctx);
    golden();
    laws();
    limits();
    generate_and_check();
    bad_rows();
    UNIT_DONE("t-dataset");
}
