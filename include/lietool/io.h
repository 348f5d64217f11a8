/* Reading objects: the group grammar of DESIGN.md, GAP syntax, .grp files
   and Cayley-table JSON files. */
#ifndef LIETOOL_IO_H
#define LIETOOL_IO_H

#include "lietool/core.h"
#include "lietool/perm.h"

/* Parses a group object. On success G holds generators (no chain yet) and,
   if name is not NULL, *name a malloc'd display name. */
lt_status lt_io_group(lt_pgrp_t G, char **name, const char *spec,
                      const lt_ctx_t ctx, lt_err_t err);
/* Parses one permutation in cycle notation (GAP syntax, 1-based; a product
   of cycles such as "(1,2)(2,3)" is multiplied left to right). The points
   are stored in *pts as a list of cycles separated by -1; returns the
   largest point, or -1 with err set. `where` names the source in messages. */
long lt_io_cycles(int **pts, int *npts, const char *s, const char *where, lt_err_t err);
/* Builds the permutation on n points from a cycle list. */
void lt_io_cycles_perm(int *p, int n, const int *pts, int npts);
/* Reads a Cayley table JSON file {"name", "elements", "table"} into its
   right regular representation; checks the group axioms. */
lt_status lt_io_cayley(lt_pgrp_t G, char **name, const char *path,
                       const lt_ctx_t ctx, lt_err_t err);
/* Reads a .grp file (see lietool-formats(5)). */
lt_status lt_io_grp_file(lt_pgrp_t G, char **name, const char *path,
                         const lt_ctx_t ctx, lt_err_t err);
/* Directory of the named objects (algebras/); malloc'd. */
char *lt_io_algebras_dir(void);
/* Names of the files in algebras/groups, for suggestions and listings. */
int lt_io_named_groups(char ***names);

#endif
