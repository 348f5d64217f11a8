/* .grp files: named permutation groups (format in lietool-formats(5)). */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lietool/io.h"
#include "impl.h"

#ifndef LT_DATADIR
#define LT_DATADIR "/usr/local/share/lietool"
#endif

static int is_dir(const char *p)
{
    DIR *d = opendir(p);
    if (!d) return 0;
    closedir(d);
    return 1;
}

char *lt_io_self_path(void)
{
    char buf[4096];
    ssize_t k = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (k <= 0) return NULL;
    buf[k] = '\0';
    return lt_strdup(buf);
}

char *lt_io_algebras_dir(void)
{
    const char *env = getenv("LIETOOL_ALGEBRAS");
    if (env && *env) return lt_strdup(env);
    /* next to the executable (a build tree), then the installed copy */
    char exe[4096], *self = lt_io_self_path();
    if (self && strlen(self) < sizeof exe - 32) {
        strcpy(exe, self);
        char *slash = strrchr(exe, '/');
        if (slash) {
            strcpy(slash + 1, "algebras");
            if (!is_dir(exe)) strcpy(slash + 1, "../share/lietool/algebras");
            if (is_dir(exe)) { lt_free(self); return lt_strdup(exe); }
        }
    }
    lt_free(self);
    return lt_strdup(LT_DATADIR "/algebras");
}

int lt_io_algebras_missing_(char *note, size_t len, const char *sub)
{
    char *dir = lt_io_algebras_dir();
    size_t n = strlen(dir) + strlen(sub) + 2;
    char *path = lt_malloc(n);
    snprintf(path, n, "%s/%s", dir, sub);
    int missing = !is_dir(path);
    const char *env = getenv("LIETOOL_ALGEBRAS");
    if (missing)
        snprintf(note, len, "; the named objects' directory '%.900s' does not exist%s", path,
                 env && *env ? " (LIETOOL_ALGEBRAS)" : "");
    else if (len) note[0] = '\0';
    lt_free(path);
    lt_free(dir);
    return missing;
}

static int cmpstr(const void *a, const void *b)
{
    return strverscmp(*(char *const *)a, *(char *const *)b);   /* M9 before M10 */
}

int lt_io_named(const char *sub, const char *ext, char ***names)
{
    char *dir = lt_io_algebras_dir();
    size_t len = strlen(dir) + strlen(sub) + 8, le = strlen(ext);
    char *path = lt_malloc(len);
    snprintf(path, len, "%s/%s", dir, sub);
    int n = 0, cap = 0;
    char **v = NULL;
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            size_t l = strlen(e->d_name);
            if (l > le && strcmp(e->d_name + l - le, ext) == 0) {
                if (n == cap) { cap = cap ? 2 * cap : 16; v = lt_realloc(v, (size_t)cap * sizeof *v); }
                v[n] = lt_strdup(e->d_name);
                v[n][l - le] = '\0';
                n++;
            }
        }
        closedir(d);
    }
    if (n) qsort(v, (size_t)n, sizeof *v, cmpstr);
    lt_free(path); lt_free(dir);
    *names = v;
    return n;
}

int lt_io_named_groups(char ***names)
{
    return lt_io_named("groups", ".grp", names);
}

int lt_io_file_exists_(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 && S_ISREG(sb.st_mode);
}

int lt_io_ends_with_(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

lt_status lt_io_grp_file(lt_pgrp_t G, char **name, const char *path,
                         const lt_ctx_t ctx, lt_err_t err)
{
    size_t len;
    char *text = lt_io_read_file(path, &len, 1, ctx, err);
    if (!text) return err->status;
    lt_status st = LT_OK;
    char *gname = NULL, *order = NULL;
    long degree = -1;
    int ngen = 0, **gp = NULL, *gn = NULL;
    long maxp = 0;
    int lineno = 0;
    char where[4200];
    for (char *line = text, *nl; line && !st; line = nl) {
        nl = strchr(line, '\n');
        if (nl) *nl++ = '\0';
        lineno++;
        snprintf(where, sizeof where, "%s:%d", path, lineno);
        while (isspace((unsigned char)*line)) line++;
        char *end = line + strlen(line);
        while (end > line && isspace((unsigned char)end[-1])) *--end = '\0';
        if (!*line || *line == '#') continue;
        char *val = line;
        while (*val && !isspace((unsigned char)*val)) val++;
        if (*val) *val++ = '\0';
        while (isspace((unsigned char)*val)) val++;
        if (strcmp(line, "name") == 0) { lt_free(gname); gname = lt_strdup(val); }
        else if (strcmp(line, "order") == 0) {
            lt_free(order); order = lt_strdup(val);
            int ok = *order != '\0';
            for (char *c = order; *c; c++) if (!isdigit((unsigned char)*c)) ok = 0;
            if (!ok) st = lt_err_set(err, LT_EINPUT, "%s: order '%s' is not a decimal integer", where, val);
            else if (order[0] == '0')
                st = lt_err_set(err, LT_EINPUT, "%s: order '%s' is not a positive integer without leading zeros", where, val);
        } else if (strcmp(line, "degree") == 0) {
            char *e;
            errno = 0;
            degree = strtol(val, &e, 10);
            if (*e || degree < 1 || !isdigit((unsigned char)val[0])) st = lt_err_set(err, LT_EINPUT, "%s: degree '%s' is not a positive integer", where, val);
            else if (errno || degree > LT_MAX_DEGREE)
                st = lt_err_set(err, LT_EINPUT, "%s: degree '%s' is above %ld, the most points lietool supports", where, val, LT_MAX_DEGREE);
        } else if (strcmp(line, "gen") == 0) {
            int *pts, np;
            long m = lt_io_cycles(&pts, &np, val, where, err);
            if (m < 0) { st = err->status; break; }
            gp = lt_realloc(gp, (size_t)(ngen + 1) * sizeof *gp);
            gn = lt_realloc(gn, (size_t)(ngen + 1) * sizeof *gn);
            gp[ngen] = pts; gn[ngen] = np; ngen++;
            if (m > maxp) maxp = m;
        } else if (strcmp(line, "description") == 0 || strcmp(line, "source") == 0) {
            /* free text */
        } else {
            st = lt_err_set(err, LT_EINPUT, "%s: unknown key '%s' (expected name, description, source, degree, order or gen)", where, line);
        }
    }
    if (!st && degree < 0) degree = maxp > 0 ? maxp : 1;
    if (!st && maxp > degree)
        st = lt_err_set(err, LT_EINPUT, "%s: a generator moves point %ld, above the declared degree %ld", path, maxp, degree);
    if (!st && degree > ctx->max_degree)
        st = lt_err_set(err, LT_ELIMIT, "%s: degree %ld exceeds `max_degree` %ld", path, degree, ctx->max_degree);
    if (!st) {
        lt_pgrp_clear(G);
        lt_pgrp_init(G, (int)degree);
        int *p = lt_malloc((size_t)degree * sizeof(int));
        for (int i = 0; i < ngen; i++) {
            lt_io_cycles_perm(p, (int)degree, gp[i], gn[i]);
            lt_pgrp_add_gen(G, p);
        }
        lt_free(p);
        if (order) {
            /* the declared order is a checksum: the chain must agree */
            st = lt_pgrp_chain(G, NULL, ctx, err);
            if (!st) {
                char *got = mpz_get_str(NULL, 10, G->order);
                mpz_t want;
                mpz_init_set_str(want, order, 10);
                int differ = mpz_cmp(want, G->order) != 0;
                mpz_clear(want);
                if (differ)
                    st = lt_err_set(err, LT_EINPUT, "%s: declares order %s but its generators give %s", path, order, got);
                free(got);
            }
        }
    }
    if (!st && name) {
        if (gname) { *name = gname; gname = NULL; }
        else *name = lt_strdup(path);
    }
    for (int i = 0; i < ngen; i++) lt_free(gp[i]);
    lt_free(gp); lt_free(gn); lt_free(gname); lt_free(order); lt_free(text);
    return st;
}
