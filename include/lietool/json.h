/* A small JSON reader (RFC 8259) and writing helpers. */
#ifndef LIETOOL_JSON_H
#define LIETOOL_JSON_H

#include <stdio.h>
#include "lietool/core.h"

typedef enum { LT_JSON_NULL, LT_JSON_BOOL, LT_JSON_NUMBER, LT_JSON_STRING,
               LT_JSON_ARRAY, LT_JSON_OBJECT } lt_json_type;

typedef struct lt_json_struct lt_json;
struct lt_json_struct {
    lt_json_type type;
    int boolean;
    char *str;          /* string value, or the number's text */
    int len;            /* array/object length */
    lt_json **items;    /* array items or object values */
    char **keys;        /* object keys */
    int line, col;      /* where the value starts */
};

/* Parses text[0..n-1]; on failure returns NULL and sets err (line:col). */
lt_json *lt_json_parse(const char *text, size_t n, lt_err_t err);
/* With LT_JSON_NONFINITE, also the numbers Infinity, -Infinity and NaN, as
   Python's json module writes them (a model's config.json may hold them);
   their text is the word, which strtod reads. */
#define LT_JSON_NONFINITE 1
lt_json *lt_json_parse_flags(const char *text, size_t n, int flags, lt_err_t err);
void lt_json_free(lt_json *v);
const lt_json *lt_json_get(const lt_json *obj, const char *key);
/* Integer value of a number that is an exact integer in range; 0 on failure. */
int lt_json_int(const lt_json *v, long *out);
/* Compact text of a value (malloc'd), for messages. */
char *lt_json_text(const lt_json *v);

/* Writes s as a JSON string literal. */
void lt_json_put_string(FILE *f, const char *s);

#endif
