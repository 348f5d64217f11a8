/* The Lie-only commands (dimension, killing, radical, closure) and center
   of a Lie algebra: computed by the library, written by lt_write_lie_*
   and lt_write_killing (lietool/write.h). */
#include "doc.h"
#include "lietool/io.h"
#include "lietool/write.h"

int cli_lie_center(cli_opts *o, const lt_liealg_t L)
{
    lt_qspace_t Z;
    lt_qspace_init(Z, L->dim);
    lt_liealg_center(Z, L);
    lt_doc D;
    cli_doc_start(&D, o);
    lt_write_lie_space(&D, o->object, ": the center", L, Z, 0);
    lt_doc_end(&D, NULL);
    lt_qspace_clear(Z);
    return 0;
}

int cli_lie_cmd(int argc, char **argv, const lt_cmd *self, int what)
{
    cli_opts o;
    cli_object X;
    int r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    if (X.is_float) {                                  /* dimension, closure, killing */
        r = what == 1 ? cli_float_killing(&o, &X) : cli_float_dimension(&o, &X);
        cli_close_object(&o, &X);
        return r;
    }
    const lt_liealg_struct *L = X.L;
    lt_doc D, *d = &D;
    if (what == 3 && o.gap) {                          /* closure as GAP's table */
        lt_io_write_gap_table(stdout, X.L);
        cli_close_object(&o, &X);
        return 0;
    }
    cli_doc_start(d, &o);
    if (what == 0) lt_write_lie_dimension(d, o.object, L->dim);
    else if (what == 1) {                            /* killing */
        fmpq_mat_t K;
        fmpq_mat_init(K, L->dim, L->dim);
        lt_liealg_killing(K, X.L);
        lt_write_killing(d, o.object, K, L->dim ? lt_qmat_rank(K) : 0);
        fmpq_mat_clear(K);
    } else {                                           /* radical, closure: a basis */
        lt_qspace_t S;
        lt_qspace_init(S, L->dim);
        if (what == 2) lt_liealg_radical(S, X.L); else lt_qspace_full(S, L->dim);
        lt_write_lie_space(d, o.object, what == 2 ? ": the radical" : ": a basis", X.L, S, what == 3);
        lt_qspace_clear(S);
    }
    lt_doc_end(d, NULL);
    cli_close_object(&o, &X);
    return 0;
}
