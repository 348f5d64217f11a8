/* Documents (lietool/doc.h): one description, three back ends. The same
   rows written as JSON, text and LaTeX, against what the header promises:
   JSON keys from labels ('|key', 'label|', spaces as underscores), strings
   escaped for JSON, text in a label column, LaTeX escaping what lietool did
   not write (object strings, file names) and setting its plain notation as
   mathematics. */
#include <stdlib.h>
#include <string.h>
#include "lietool/doc.h"
#include "unit.h"

/* The same small result in mode m, into a string (malloc'd). */
static char *write_doc(lt_doc_mode m)
{
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    lt_doc d;
    lt_doc_init(&d, f, m);
    lt_doc_start(&d, "C5 x \"A4\"", "info", "info C5 x A4");
    lt_doc_heading(&d, "S4", NULL);
    lt_doc_long(&d, "order", 24, NULL);
    lt_doc_long(&d, "first failing length", -1, "none");
    lt_doc_str(&d, "file|path", "a_b&c%d.json", NULL);
    lt_doc_bool(&d, "abelian", 0);
    lt_doc_json(&d, "|schema", "%d", 1);
    lt_doc_str(&d, "note|", "text alone", NULL);
    lt_doc_open(&d, "layer");
    lt_doc_long(&d, "channels", 2, NULL);
    lt_doc_close(&d);
    lt_doc_end(&d, NULL);
    fclose(f);
    return s;
}

int main(void)
{
    unit_case = "json";
    char *j = write_doc(LT_DOC_JSON);
    const char *want_j = "{\"object\": \"C5 x \\\"A4\\\"\", \"command\": \"info\", \"order\": 24, "
                         "\"first_failing_length\": null, \"path\": \"a_b&c%d.json\", \"abelian\": false, "
                         "\"schema\": 1, \"layer\": {\"channels\": 2}}\n";
    CHECK(strcmp(j, want_j) == 0, "got %s", j);

    unit_case = "text";
    char *t = write_doc(LT_DOC_TEXT);
    CHECK(strncmp(t, "S4\n  order                  24\n", 31) == 0, "got %s", t);
    CHECK(strstr(t, "  first failing length   none\n") != NULL, "got %s", t);
    CHECK(strstr(t, "a_b&c%d.json") != NULL && strstr(t, "text alone") != NULL, "got %s", t);
    CHECK(strstr(t, "schema") == NULL, "a JSON-only row in text: %s", t);

    unit_case = "latex";
    char *x = write_doc(LT_DOC_TEX);
    CHECK(strncmp(x, "% lietool info C5 x A4 --latex", 30) == 0, "got %s", x);
    CHECK(strstr(x, "a\\_b\\&c\\%d.json") != NULL, "file name not escaped: %s", x);
    CHECK(strstr(x, "S_{4}") != NULL, "object not set as mathematics: %s", x);
    CHECK(strstr(x, "schema") == NULL, "a JSON-only row in LaTeX: %s", x);
    /* braces balance: the fragment is well formed */
    long depth = 0, low = 0;
    for (const char *p = x; *p; p++) {
        if (*p == '\\' && p[1]) { p++; continue; }
        if (*p == '{') depth++;
        if (*p == '}' && --depth < low) low = depth;
    }
    CHECK(depth == 0 && low == 0, "unbalanced braces: %s", x);

    unit_case = "tex pieces";
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    lt_tex_math(f, "a^-1 b");
    fputc('|', f);
    lt_tex_object(f, "C5 x A4");
    fputc('|', f);
    lt_tex_text(f, "50% of {x}");
    fclose(f);
    CHECK(strstr(s, "a^{-1}") != NULL, "exponent not braced: %s", s);
    CHECK(strstr(s, "C_{5} \\times A_{4}") != NULL, "product: %s", s);
    CHECK(strstr(s, "50\\% of \\{x\\}") != NULL, "text not escaped: %s", s);
    free(s);

    /* a \1 byte in a user's string passes no raw LaTeX; @ without an
       object is an @; rows after equations close the align*, and the
       other way round; a matrix without rows is empty, not half open */
    unit_case = "untrusted prose";
    s = NULL;
    f = open_memstream(&s, &n);
    lt_doc d;
    lt_doc_init(&d, f, LT_DOC_TEX);
    lt_doc_say(&d, "the file %s at @", "a\1\\input{/etc/passwd}\1b");
    lt_doc_eq(&d, "x = y");
    lt_doc_long(&d, "order", 6, NULL);
    lt_doc_eq(&d, "y = z");
    lt_doc_say(&d, "%s", lt_doc_raw("\1\\varphi\1"));
    fclose(f);
    CHECK(strstr(s, "\\input") == NULL, "raw LaTeX from a user's string: %s", s);
    CHECK(strstr(s, "@") != NULL, "@ without an object: %s", s);
    CHECK(strstr(s, "\\varphi") != NULL, "lietool's own raw piece dropped: %s", s);
    const char *a1 = strstr(s, "\\begin{align*}"), *e1 = a1 ? strstr(a1, "\\end{align*}") : NULL, *t1 = strstr(s, "order");
    CHECK(a1 && e1 && t1 && e1 < t1, "a row inside an align*: %s", s);
    free(s);
    unit_case = "empty matrix";
    fmpq_mat_t Z;
    fmpq_mat_init(Z, 0, 0);
    for (int mode = 0; mode < 3; mode++) {
        s = NULL;
        f = open_memstream(&s, &n);
        lt_doc_init(&d, f, (lt_doc_mode)mode);
        char *m = lt_doc_qmat(&d, "killing", Z);
        if (m) fputs(m, f);
        free(m);
        fclose(f);
        CHECK(strstr(s, "pmatrix") == NULL && (strstr(s, "[]") || strstr(s, "()")), "mode %d: %s", mode, s);
        free(s);
    }
    fmpq_mat_clear(Z);
    free(j);
    free(t);
    free(x);
    UNIT_DONE("doc");
}
