/* magnus --matrices as one library call: the letters' matrices read from
   a file, then the certified errors of each order on them. */
#include "lietool/io.h"
#include "lietool/job.h"

lt_status lt_magnus_matrices_job(lt_magnus_result_t R, const lt_magnus_params *P, const lt_free_word_t W,
                                 const char *path, const fmpq_t h, const lt_ctx_t ctx, lt_err_t err)
{
    lt_matfile_t F;
    lt_matfile_init(F);
    lt_status st = lt_io_matfile_read(F, path, ctx, err);
    if (!st) st = lt_free_magnus_run(R, P, W, F, path, h, ctx, err);
    if (st && R->worst) lt_err_prefix(err, "magnus");
    lt_matfile_clear(F);
    return st;
}
