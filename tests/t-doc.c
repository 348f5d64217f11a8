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
    free(j);
    free(t);
    free(x);
    UNIT_DONE("doc");
}
